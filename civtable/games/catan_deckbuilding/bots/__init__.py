"""The bots of Catan Deck Building (``Game.bots``), reading only what their seat may see:

- ``planner``: ``greedy`` and ``rules:FILE``, one planning bot with different buy lists
  (``FACTORIES``, the game's bots);
- ``strategy``: the buy-rule strategy files it reads (YAML; the built-in ones in the
  game's ``strategies/`` folder).

Imports flow one way: the bots read the state's ``SeatView`` (``view.py``), the rules'
constants and the data modules, never ``show/`` or ``game.py``.
"""

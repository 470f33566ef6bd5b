"""Toy Nim: the smallest game with every part of civtable's contract, and the package
to copy when adding a game (``docs/new-game.md``).

Nim with chance and hidden cards: each turn the mover takes 1 to ``max-take``
counters from a pile; after a take the pile grows by one with probability 1/4.
Whoever takes the last counter scores 2, and each player adds a hidden card (0-2)
dealt at the start; the higher score wins, equal scores draw. With
``opening=bid`` both players first bid 0-2 points at once (a simultaneous step):
the higher bid moves first and pays its bid.

The floor plan is that of every game package (``civtable/games/<game>/``): data
modules at the root (``catalog``, ``options``, ``actions``, ``messages``), the
position in ``state.py``, the turn in ``rules/`` (the forward model, which the game
keeps as ``model`` and the state calls), what a seat sees, how a position is written
and what a designer rates in ``view.py``, ``serialize.py``, ``encode.py``,
``space.py``, ``items.py``, the bots in ``bots/``, what is shown in ``show/``, and
``game.py``, the facade that the registry loads. Imports flow one way, in that order
(``tools/import_cycles.py``).

It is not installed with civtable: a program registers it by its ``module:Class``
(``civtable.core.registry.register_game``), as the tests do.
"""

"""What Catan Deck Building shows a person, in words and pictures:

- ``render``: the terminal screen, action labels and menu paths, the help text;
- ``web``: the browser page (``Game.html``) and its click targets;
- ``moves``: the moves that ask for a confirmation (``Game.action_warning``) and what
  another player's move marks on the table (``Game.move_mark``);
- ``words``: card names, amounts and the translation term tables (``Game.term``,
  ``Game.interpret``);
- ``reference``: the card reference tables (``Game.reference``);
- ``explain``: why an action is refused, in one sentence (``State.explain``, through
  ``CatanDeckBuilding.explain_refusal``).

These modules import the data modules, ``rules/`` and ``view.py``; only ``game.py``
imports them.
"""

"""civ-solo's odds, for the player's ``civtable solo odds`` and ``civtable solo battle``
(``show/commands.py``): exact event chances and battle estimates (``odds.py``), the
battles played out by the simulated player of ``bots/policy.py``.

Its place in the one-way imports: it reads the data modules, ``rules/`` (the battle and
the opponent's army) and ``bots/`` (the simulated player's play), and only ``show/``
uses it."""

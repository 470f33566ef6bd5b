"""The decision steps of Civilization: The Card Game and the states of a declared attack.

A state's ``phase`` is one of these numbers; ``rules.STEPS`` holds the one ``Step``
of each (who may do what, and what it does). The names are the position format's
(``to_json()["phase"]``) and must not change.
"""

from __future__ import annotations

(DRAFTING, FREE_POP, START_DISCARD, WINDOW, COLLECT, MAIN, DECLARE, SIEGING, BOUNCING, REDECLARE,
 DEFENDING, LOSING, GAINING, DESTROYING, TAKING, GIVING, DRAWING, DISCARDING, OVER) = range(19)
PHASE_NAMES = ("draft", "free-population", "start-discard", "steal-window", "collect", "purchase",
               "declare", "siege", "bounce", "redeclare", "defend", "lose-population", "gain-population",
               "destroy-building", "take-resources", "give-resources", "draw", "discard", "over")

# the status of a declared attacking unit
ACTIVE, BOUNCED, BLOCKED, SIEGED = range(4)
STATUS = ("active", "bounced", "blocked", "sieged")

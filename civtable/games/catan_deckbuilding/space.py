"""The fixed action space of Catan Deck Building (``Game.action_space``), for learning
agents: every action text that can ever be legal under a game's options, in the
order of the action table (``actions.ACTIONS``), which is also the canonical order of
``legal_actions``, so a legal list maps onto increasing indices.

The table holds every action of the notation once; two of its entries are bounded
by the game's data and options here:

- ``play road N``: Roads played together (CDB-3.5.2). A hand can hold at most every
  Road of the game: both start decks' Roads (CDB-5.2) and the Road stack of the
  supply in use (CDB-5.4; supply-total B has the larger one), and never more than the
  table's ``MAX_ROADS``. With the shipped cards that is 2 * 2 + 14 = 18 (supply-total
  A) or 2 * 2 + 18 = 22 (B).
- ``discard top`` (CDB-3.3.2) exists only under discard-source B.

Every other entry can be legal under every variant (a stack emptied by the designers'
``give_item`` keeps its ``buy`` texts: the space belongs to the game object, not to
one state). Sizes with the shipped cards: 71 (defaults), 75 with supply-total B,
one more with discard-source B.
"""

from __future__ import annotations

from civtable.core.spaces import ActionSpace

from .actions import ACTIONS, DISCARD_TOP, MAX_ROADS, PLAY_ROAD
from .catalog import ROAD
from .options import Rules


def most_roads(rules: Rules) -> int:
    """The most Roads one hand can hold (CDB-5.2 start decks, CDB-5.4 supply in use),
    bounded by the notation's table (``actions.MAX_ROADS``)."""
    return min(MAX_ROADS, 2 * rules.cards.start_deck[ROAD] + rules.supply[ROAD])


def build_space(rules: Rules) -> ActionSpace:
    """Every action text that can be legal under ``rules``, in the action table's order."""
    roads = most_roads(rules)
    texts = []
    for a in ACTIONS:
        if a.code == PLAY_ROAD and a.card > roads:
            continue
        if a.code == DISCARD_TOP and not rules.discard_from_draw:
            continue
        texts.append(a.text)
    return ActionSpace(texts)

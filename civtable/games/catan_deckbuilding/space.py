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

The observation vector's layout (``observation_features``, the encoding's features and
their bounds) is here too, beside the action space: ``encode.py`` fills it.
"""

from __future__ import annotations

import numpy as np

from civtable.core.spaces import ActionSpace, Encoding, Feature

from .actions import ACTIONS, DISCARD_TOP, MAX_ROADS, PLAY_ROAD
from .catalog import BANDIT, BUYABLE, KDEF, KOFF, N_CARDS, ROAD, ROLE_IDS
from .options import Rules
from .state import PHASE_NAMES, POOL_KEYS


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


# ------------------------------------------------------------ the observation's layout
# (``Game.encoding``; ``encode.py`` fills it)
HAND_MAX = 8
"""Copies of one card in a hand or laid down that the encoding tells apart (clipped above)."""
HAND_SIZE_MAX = 24
"""Cards in a hand told apart (a Harbor's draws can make a hand that large)."""
PILE_MAX = 64
"""Cards in a draw or discard pile told apart (a deck of 21 grows by its purchases)."""
POOL_MAX = 10
"""Resources of one pool slot told apart (Roads played together give 2n - 3)."""
SEAS_MAX = 8
"""Extra Seas of Road plays this turn (road-sea B) told apart."""
TURN_MAX = 100
"""Turns told apart by the ``turn`` feature (greedy games last 48 turns at the median, at most
about 90; ``turn_cap`` covers the rest up to the cap)."""

CARDS = ", ".join(ROLE_IDS)
STACKS = ", ".join(ROLE_IDS[c] for c in BUYABLE)
ATTACKS = (BANDIT, KOFF)


def observation_features(rules: Rules) -> list[Feature]:
    """The layout of ``encode.py``'s vector, feature by feature (sizes are fixed: 14 cards, 7
    stacks, 7 pool slots)."""
    n = N_CARDS
    s = len(BUYABLE)

    def seat_block(who: str, own: bool) -> list[Feature]:
        whose = "the viewer's" if own else "the opponent's"
        subject = "the viewer" if own else "the opponent"
        out = []
        if own:
            out.append(Feature("me.hand", n, f"cards in the viewer's hand, by card ({CARDS}), / {HAND_MAX}"))
        out += [
            Feature(f"{who}.hand_size", 1, f"cards in {whose} hand / {HAND_SIZE_MAX}"),
            Feature(f"{who}.laid", n, f"cards {subject} laid down this turn, by card, / {HAND_MAX}"),
            Feature(f"{who}.owned", n, f"cards {subject} owns wherever they lie, by card, / copies in the game"),
        ]
        if own:
            out.append(Feature("me.deck", n, "the viewer's cards not in hand, laid down or on a public discard "
                               "pile (discard-visibility A: his draw pile; B: draw and discard piles), "
                               "by card, / copies in the game"))
        else:
            out.append(Feature("opp.unseen", n, "the opponent's cards in hand or draw pile (and under "
                               "discard-visibility B his discard pile), by card, / copies in the game"))
        out += [
            Feature(f"{who}.discard", n, f"{whose} discard pile by card, / copies in the game "
                    "(0 under discard-visibility B)"),
            Feature(f"{who}.discard_top", n, f"one-hot: the top card of {whose} discard pile (none: all 0)"),
            Feature(f"{who}.draw_size", 1, f"cards in {whose} draw pile / {PILE_MAX}"),
            Feature(f"{who}.discard_size", 1, f"cards in {whose} discard pile / {PILE_MAX}"),
            Feature(f"{who}.knights", 2, f"{whose} Knights (Defensive) laid down to reflect, then those in "
                    "hand that have blocked (counter-knight C), / Knights in the game"),
        ]
        return out

    return [
        *seat_block("me", True),
        *seat_block("opp", False),
        Feature("supply", s, f"cards left in each supply stack ({STACKS}) / copies in the game"),
        Feature("supply_empty", s, "1 for each empty supply stack"),
        Feature("pool", len(POOL_KEYS), f"resources laid down this turn and not spent ({', '.join(POOL_KEYS)}) "
                f"/ {POOL_MAX}"),
        Feature("roads_played", 1, f"Roads played this turn / {most_roads(rules) or 1} (all Roads of the game)"),
        Feature("road_seas", 1, f"Seas given by Road plays this turn (road-sea B) / {SEAS_MAX}"),
        Feature("phase", len(PHASE_NAMES), f"one-hot: the decision asked ({', '.join(PHASE_NAMES)})"),
        Feature("to_decide", 1, "1 when the viewer is to decide now"),
        Feature("my_turn", 1, "1 when it is the viewer's turn"),
        Feature("attack", len(ATTACKS), "one-hot: the attack being answered (bandit, koff)"),
        Feature("attack_role", 2, "1 if the viewer is the attack's attacker (or thief), then 1 if its target"),
        Feature("stolen", n, "one-hot: the card the Bandit took, waiting to be kept or returned"),
        Feature("discards_left", 1, "cards still to discard for a Knight (Offensive) / 2"),
        Feature("turn", 1, f"the turn number / {TURN_MAX}"),
        Feature("turn_cap", 1, f"the turn number / the turn cap (max-turns, here {rules.max_turns})"),
        Feature("result", 2, "1 if the viewer has won, then 1 if the opponent has"),
    ]


def scales(rules: Rules, encoding: Encoding) -> np.ndarray:
    """Each number's factor in ``encode.py``'s vector (``float32``): 1 over the divisor its
    feature's description names (``observation_features``); 1 for the one-hots and flags."""
    sl = encoding.slot
    start, supply = rules.cards.start_deck, rules.supply
    copies = [max(1, 2 * start[c] + supply[c]) for c in range(N_CARDS)]
    scale = np.ones(encoding.size, dtype=np.float32)

    def put(name: str, divisor: float | list[int]) -> None:
        scale[sl(name)] = 1.0 / np.asarray(divisor, dtype=np.float64)

    for who in ("me", "opp"):
        put(f"{who}.hand_size", HAND_SIZE_MAX)
        put(f"{who}.laid", HAND_MAX)
        for name in ("owned", "discard"):
            put(f"{who}.{name}", copies)
        put(f"{who}.draw_size", PILE_MAX)
        put(f"{who}.discard_size", PILE_MAX)
        put(f"{who}.knights", copies[KDEF])
    put("me.hand", HAND_MAX)
    put("me.deck", copies)
    put("opp.unseen", copies)
    put("supply", [copies[c] for c in BUYABLE])
    put("pool", POOL_MAX)
    put("roads_played", most_roads(rules) or 1)
    put("road_seas", SEAS_MAX)
    put("discards_left", 2)
    put("turn", TURN_MAX)
    put("turn_cap", rules.max_turns)
    return scale

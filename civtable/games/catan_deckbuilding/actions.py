"""Every action of Catan Deck Building, built once, in the canonical order of the legal
actions (``legal_actions`` lists them by ``index``), which is also the order a person's
menus show them in (issue 26): the usual choices first, those that give up something
last. In the main phase: the plays (all of a hand's Roads together before fewer), the
purchases, the purchases that prefer 2-for-1 trades, ending the turn, the lay-downs
without effect; a Knight (Offensive)'s victim sees the terrain first and the City last.

Notation (lower case, one space between words):

    play ore | play settlement | play city | play harbor | play kdef      card effects
    play road 3                                              three Roads together
    play bandit | play koff                                  attacks
    lay sea | lay city ...                                   lay down without effect (CDB-7.8)
    buy harbor | buy harbor trade                            buy; "trade" prefers 2-for-1 trades
                                                             over resources of choice
    end                                                      end the turn and draw (CDB-8.1)
    reflect | allow                                          answer an attack (CDB-3.2.2/3.2.3)
    keep | return                                            the Bandit's stolen card (CDB-3.1.2)
    discard ore | discard top                                a Knight (Offensive)'s discard
"""

from __future__ import annotations

from typing import Any, Final

from civtable.core.action import Action

from . import catalog as cat

# action codes, dispatched in rules.ForwardModel.apply
PLAY_RES: Final = 0
PLAY_WILD: Final = 1
PLAY_ROAD: Final = 2
PLAY_HARBOR: Final = 3
PLAY_KDEF: Final = 4
PLAY_ATTACK: Final = 5
LAY: Final = 6
BUY: Final = 7
BUY_TRADE: Final = 8
END: Final = 9
REFLECT: Final = 10
ALLOW: Final = 11
KEEP: Final = 12
RETURN: Final = 13
DISCARD: Final = 14
DISCARD_TOP: Final = 15

GAINS: Final = frozenset((PLAY_HARBOR, PLAY_KDEF, END, REFLECT, ALLOW, KEEP, RETURN))
"""The codes of actions after which a hand may hold more cards than before."""

MAX_ROADS: Final = 32  # more than all Roads of any supply variant


class CdbAction(Action):
    """An action with its dispatch code and card number."""

    __slots__ = ("code", "card", "index", "gains")

    def __init__(self, code: int, card: int, index: int, kind: str, *args: object) -> None:
        super().__init__(kind, *args)
        self.code = code
        self.card = card
        self.index = index
        self.gains = code in GAINS
        """It can bring a card into a hand (a draw, a stolen card given back): CDB-9.1's
        three Cities are checked after it (``rules.ForwardModel.apply``)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (action_from_text, (self.text,))


ACTIONS: Final[list[CdbAction]] = []


def _add(code: int, card: int, kind: str, *args: object) -> CdbAction:
    a = CdbAction(code, card, len(ACTIONS), kind, *args)
    ACTIONS.append(a)
    return a


PLAY: Final[list[CdbAction | None]] = [None] * cat.N_CARDS
for _r in cat.RESOURCES:
    PLAY[_r] = _add(PLAY_RES, _r, "play", cat.ROLE_IDS[_r])
for _c, _code in ((cat.SETTLEMENT, PLAY_WILD), (cat.CITY, PLAY_WILD), (cat.HARBOR, PLAY_HARBOR),
                  (cat.KDEF, PLAY_KDEF), (cat.BANDIT, PLAY_ATTACK), (cat.KOFF, PLAY_ATTACK)):
    PLAY[_c] = _add(_code, _c, "play", cat.ROLE_IDS[_c])
# all the Roads of a hand together first: the table's order is the menus' order
_ROADS_DOWN = {n: _add(PLAY_ROAD, n, "play", "road", n) for n in range(MAX_ROADS, 0, -1)}
PLAY_ROADS: Final[list[CdbAction | None]] = [None] + [_ROADS_DOWN[n] for n in range(1, MAX_ROADS + 1)]
"""``PLAY_ROADS[n]``: ``play road n``."""
BUY_ACT: Final[list[CdbAction | None]] = [None] * cat.N_CARDS
BUY_TRADE_ACT: Final[list[CdbAction | None]] = [None] * cat.N_CARDS
for _c in cat.BUYABLE:
    BUY_ACT[_c] = _add(BUY, _c, "buy", cat.ROLE_IDS[_c])
for _c in cat.BUYABLE:
    BUY_TRADE_ACT[_c] = _add(BUY_TRADE, _c, "buy", cat.ROLE_IDS[_c], "trade")
END_ACT: Final = _add(END, -1, "end")
# cards whose "play" is already a plain lay-down get no separate "lay" action
LAYABLE: Final[tuple[int, ...]] = (cat.SEA, cat.DESERT, cat.BANDIT, cat.KDEF, cat.KOFF, cat.HARBOR, cat.ROAD, cat.SETTLEMENT, cat.CITY)
LAY_ACT: Final[list[CdbAction | None]] = [None] * cat.N_CARDS
for _c in LAYABLE:
    LAY_ACT[_c] = _add(LAY, _c, "lay", cat.ROLE_IDS[_c])
REFLECT_ACT: Final = _add(REFLECT, cat.KDEF, "reflect")
ALLOW_ACT: Final = _add(ALLOW, -1, "allow")
KEEP_ACT: Final = _add(KEEP, -1, "keep")
RETURN_ACT: Final = _add(RETURN, -1, "return")
DISCARD_ORDER: Final[tuple[int, ...]] = (cat.SEA, cat.DESERT, *cat.RESOURCES, cat.ROAD, cat.BANDIT, cat.KOFF, cat.KDEF,
                                         cat.HARBOR, cat.SETTLEMENT, cat.CITY)
"""The cards a Knight (Offensive)'s victim may discard, those he parts with most easily first."""
_DISCARDS = {_c: _add(DISCARD, _c, "discard", cat.ROLE_IDS[_c]) for _c in DISCARD_ORDER}
DISCARD_ACT: Final = [_DISCARDS[_c] for _c in range(cat.N_CARDS)]
"""``DISCARD_ACT[card]``: ``discard card``."""
DISCARD_TOP_ACT: Final = _add(DISCARD_TOP, -1, "discard", "top")

BY_TEXT: Final[dict[str, CdbAction]] = {a.text: a for a in ACTIONS}


def action_from_text(text: str) -> CdbAction:
    return BY_TEXT[text]

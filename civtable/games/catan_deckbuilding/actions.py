"""Every action of Catan Deck Building, built once.

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

from typing import Any

from civtable.core.action import Action

from .catalog import (
    BANDIT,
    BUYABLE,
    CITY,
    DESERT,
    HARBOR,
    KDEF,
    KOFF,
    N_CARDS,
    RESOURCES,
    ROAD,
    ROLE_IDS,
    SEA,
    SETTLEMENT,
)

# action codes, dispatched in CatanState.apply
(PLAY_RES, PLAY_WILD, PLAY_ROAD, PLAY_HARBOR, PLAY_KDEF, PLAY_ATTACK, LAY, BUY, BUY_TRADE, END,
 REFLECT, ALLOW, KEEP, RETURN, DISCARD, DISCARD_TOP) = range(16)

MAX_ROADS = 32  # more than all Roads of any supply variant


class CdbAction(Action):
    """An action with its dispatch code and card number."""

    __slots__ = ("code", "card", "index")

    def __init__(self, code: int, card: int, index: int, kind: str, *args: object) -> None:
        super().__init__(kind, *args)
        self.code = code
        self.card = card
        self.index = index

    def __reduce__(self) -> tuple[Any, ...]:
        return (action_from_text, (self.text,))


ACTIONS: list[CdbAction] = []


def _add(code: int, card: int, kind: str, *args: object) -> CdbAction:
    a = CdbAction(code, card, len(ACTIONS), kind, *args)
    ACTIONS.append(a)
    return a


PLAY = [None] * N_CARDS  # type: list[CdbAction | None]
for _r in RESOURCES:
    PLAY[_r] = _add(PLAY_RES, _r, "play", ROLE_IDS[_r])
PLAY[SETTLEMENT] = _add(PLAY_WILD, SETTLEMENT, "play", "settlement")
PLAY[CITY] = _add(PLAY_WILD, CITY, "play", "city")
PLAY[HARBOR] = _add(PLAY_HARBOR, HARBOR, "play", "harbor")
PLAY[KDEF] = _add(PLAY_KDEF, KDEF, "play", "kdef")
PLAY[BANDIT] = _add(PLAY_ATTACK, BANDIT, "play", "bandit")
PLAY[KOFF] = _add(PLAY_ATTACK, KOFF, "play", "koff")
PLAY_ROADS = [None] + [_add(PLAY_ROAD, n, "play", "road", n) for n in range(1, MAX_ROADS + 1)]
# cards whose "play" is already a plain lay-down get no separate "lay" action
LAYABLE = (SEA, DESERT, BANDIT, KDEF, KOFF, HARBOR, ROAD, SETTLEMENT, CITY)
LAY_ACT = [None] * N_CARDS  # type: list[CdbAction | None]
for _c in LAYABLE:
    LAY_ACT[_c] = _add(LAY, _c, "lay", ROLE_IDS[_c])
BUY_ACT = [None] * N_CARDS  # type: list[CdbAction | None]
BUY_TRADE_ACT = [None] * N_CARDS  # type: list[CdbAction | None]
for _c in BUYABLE:
    BUY_ACT[_c] = _add(BUY, _c, "buy", ROLE_IDS[_c])
    BUY_TRADE_ACT[_c] = _add(BUY_TRADE, _c, "buy", ROLE_IDS[_c], "trade")
END_ACT = _add(END, -1, "end")
REFLECT_ACT = _add(REFLECT, KDEF, "reflect")
ALLOW_ACT = _add(ALLOW, -1, "allow")
KEEP_ACT = _add(KEEP, -1, "keep")
RETURN_ACT = _add(RETURN, -1, "return")
DISCARD_ACT = [_add(DISCARD, _c, "discard", ROLE_IDS[_c]) for _c in range(N_CARDS)]
DISCARD_TOP_ACT = _add(DISCARD_TOP, -1, "discard", "top")

BY_TEXT: dict[str, CdbAction] = {a.text: a for a in ACTIONS}


def action_from_text(text: str) -> CdbAction:
    return BY_TEXT[text]

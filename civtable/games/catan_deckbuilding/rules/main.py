"""The main phase of a turn (CDB-7): play cards for their effects, lay cards down
without effect, buy from the supply, end the turn.

Each action is validated before anything changes (an illegal one raises with
``State.explain``'s reason), then told: the move first, then what it gave.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from civtable import _compiled
from civtable.core.errors import IllegalActionError

from ..actions import (
    ACTIONS,
    BUY_ACT,
    BUY_TRADE,
    BUY_TRADE_ACT,
    END,
    END_ACT,
    LAY_ACT,
    LAYABLE,
    PLAY,
    PLAY_RES,
    PLAY_ROADS,
    CdbAction,
)
from ..catalog import (
    BANDIT,
    BUYABLE,
    CITY,
    DESERT,
    HARBOR,
    KDEF,
    KOFF,
    N_CARDS,
    ROAD,
    ROLE_IDS,
    SEA,
    SETTLEMENT,
)
from ..state import POOL_KEYS, POOL_SIZE, WILD_O, WILD_S, CatanState
from .attacks import start
from .base import changed
from .payment import Plan, breakdown, road_resources, settle
from .turn import draw, end_turn, tell_drawn

if TYPE_CHECKING:
    from ..options import Rules

_MAIN_PLAY_ORDER: Final[tuple[int, ...]] = (0, 1, 2, 3, 4, SETTLEMENT, CITY, HARBOR, KDEF, BANDIT, KOFF)

_EMPTY_POOL: Final = [0] * POOL_SIZE
_PLAYS: Final[tuple[CdbAction, ...]] = tuple(PLAY[c] for c in _MAIN_PLAY_ORDER)  # type: ignore[misc]
_LAYS: Final[tuple[CdbAction, ...]] = tuple(LAY_ACT[c] for c in LAYABLE)  # type: ignore[misc]
_LAYABLE: Final[tuple[int, ...]] = LAYABLE
_PLAYABLE: Final = itemgetter(*_MAIN_PLAY_ORDER)
_LAYABLE_OF: Final = itemgetter(*LAYABLE)
NATIVE: Final = _compiled.native(__file__)
"""This module is compiled (``setup.py``): ``legal`` picks by index loops."""
_PLAY_KDEF: Final[CdbAction] = PLAY[KDEF]  # type: ignore[assignment]
_BUYS: Final[tuple[CdbAction, ...]] = tuple(BUY_ACT)  # type: ignore[arg-type]
_BUYS_TRADE: Final[tuple[CdbAction, ...]] = tuple(BUY_TRADE_ACT)  # type: ignore[arg-type]
_END: Final[CdbAction] = END_ACT
_BUYABLE: Final[tuple[int, ...]] = BUYABLE

CODES: Final[tuple[int, ...]] = tuple(a.code for a in ACTIONS)
CARDS: Final[tuple[int, ...]] = tuple(a.card for a in ACTIONS)
GAINS: Final[tuple[bool, ...]] = tuple(a.gains for a in ACTIONS)
"""Each action's ``code``, ``card`` and ``gains`` by its ``index``: the hot paths read one
attribute of an action and these tables (a compiled module, ``setup.py``, reads the
attributes of the action objects by name; these tables of its own directly)."""
_ROAD_PLAYS: Final[tuple[tuple[CdbAction, ...], ...]] = tuple(tuple(PLAY_ROADS[n:0:-1]) for n in range(len(PLAY_ROADS)))  # type: ignore[arg-type]
"""The Road plays with ``n`` Roads in hand: all of them together first."""


def legal(s: CatanState, player: int) -> list[CdbAction]:
    """CDB-7.1: every card in hand may be played for its action (CDB-7.7) or laid down
    (CDB-7.8), every card the pool pays for may be bought (CDB-7.3), and the turn may end
    (CDB-8.1).

    The order is the one a person's menus show (issue 26: the usual choices first, the
    ones that give up something last): the plays (all Roads together before fewer),
    the purchases (``buy X trade``, which spends two cards for one, after every plain
    ``buy``), ending the turn, and last the lay-downs without effect.

    The plays and lay-downs are picked from the shared action objects by the hand's
    counts: in C (``compress``) by the Python module, by index loops when compiled
    (``NATIVE``; calling ``compress`` costs a compiled module more than the loops); the
    same lists (``test_compiled.py``). A cache of the lists by kind of hand was faster
    with events off but slower with them on, its few megabytes crowding the processor's
    caches. The purchases depend on the pool alone, remembered by pool (``affordable``),
    then on the supply, the Desert and the Settlement in hand. ``CatanState`` keeps the
    list until ``apply``."""
    h = s.hand[player]
    if NATIVE:
        out: list[CdbAction] = []
        for i in range(len(_MAIN_PLAY_ORDER)):
            if h[_MAIN_PLAY_ORDER[i]]:
                out.append(_PLAYS[i])
    else:
        out = list(compress(_PLAYS, _PLAYABLE(h)))
    if h[KDEF] and h[KDEF] <= s.spent[player]:  # CDB-3.2.5: it has blocked
        out.remove(_PLAY_KDEF)
    roads = h[ROAD]
    if roads:
        out.extend(_ROAD_PLAYS[roads])
    trades: list[CdbAction] = []
    for code in paid_for(s):
        c = code >> 1
        if in_reach(s, h, c):
            out.append(_BUYS[c])
            if code & 1:
                trades.append(_BUYS_TRADE[c])
    if trades:
        out.extend(trades)
    out.append(_END)
    if NATIVE:
        for i in range(len(_LAYABLE)):
            if h[_LAYABLE[i]]:
                out.append(_LAYS[i])
    else:
        out += compress(_LAYS, _LAYABLE_OF(h))
    return out


class MaskNumbers:
    """The numbers (in the learning environments' space, ``rules.Numbering``) of ``legal``'s
    actions by card, for ``mask``: ``play[c]``, ``lay[c]`` (-1: none), the Road plays with
    ``n`` Roads in hand, each supply card's ``buy`` and ``buy ... trade``, ``end``."""

    def __init__(self, number: list[int]) -> None:
        def at(action: CdbAction | None) -> int:
            return -1 if action is None else number[action.index]

        self.play = [at(PLAY[c]) if c in _MAIN_PLAY_ORDER else -1 for c in range(N_CARDS)]
        self.lay = [at(LAY_ACT[c]) if c in _LAYABLE else -1 for c in range(N_CARDS)]
        self.roads = [[at(a) for a in plays] for plays in _ROAD_PLAYS]
        self.buy = [at(a) for a in BUY_ACT]
        self.trade = [at(a) for a in BUY_TRADE_ACT]
        self.kdef = at(_PLAY_KDEF)
        self.end = at(END_ACT)


def mask(s: CatanState, player: int, nums: MaskNumbers, buf: bytearray) -> None:
    """CDB-7.1, as ``legal``: the same actions, each marked by a 1 at its number in the
    learning environments' space (``MaskNumbers``), without making the list (the
    environments' mask at every main-phase step: one pass over the hand, no action object
    read). ``tests/envs/test_fast_paths.py`` compares it with ``legal`` along random games."""
    h = s.hand[player]
    play, lay = nums.play, nums.lay
    for c in range(N_CARDS):
        if h[c]:
            i = play[c]
            if i >= 0:
                buf[i] = 1
            i = lay[c]
            if i >= 0:
                buf[i] = 1
    if h[KDEF] and h[KDEF] <= s.spent[player]:  # CDB-3.2.5: it has blocked
        buf[nums.kdef] = 0
    roads = h[ROAD]
    if roads:
        for i in nums.roads[roads]:
            buf[i] = 1
    for code in paid_for(s):
        c = code >> 1
        if in_reach(s, h, c):
            buf[nums.buy[c]] = 1
            if code & 1:
                buf[nums.trade[c]] = 1
    buf[nums.end] = 1


def paid_for(s: CatanState) -> tuple[int, ...]:
    """``affordable`` for the current pool (remembered by pool; nothing for an empty pool)."""
    pool = s.pool
    if pool == _EMPTY_POOL:
        return ()
    buys = s.rules.buy_cache.get(pool_key(pool))
    return buys if buys is not None else affordable(s.rules, pool)


def in_reach(s: CatanState, h: list[int], c: int) -> bool:
    """CDB-7.3 / CDB-3.1.1 / CDB-3.7.1: card ``c`` is available in the supply, and a Bandit takes a
    Desert from the hand ``h``, a City a Settlement."""
    return bool(s.supply[c]) and (c != BANDIT or h[DESERT] > 0) and (c != CITY or h[SETTLEMENT] > 0)


def affordable(rules: Rules, pool: list[int]) -> tuple[int, ...]:
    """CDB-7.3 to CDB-7.6: the supply cards the pool pays for, whatever the hand and the
    supply hold, each as ``2 * card + 1`` where ``buy X trade`` pays otherwise than ``buy X``,
    else ``2 * card``. It depends on the pool alone, so it is remembered by pool
    (``Rules.buy_cache``, by ``pool_key``; numbers only, which the garbage collector does not
    track)."""
    cost, cost_sum = rules.cost, rules.cost_sum
    total = sum(pool)
    ws, wo = pool[WILD_S], pool[WILD_O]
    found = []
    for c in _BUYABLE:
        # every missing resource takes a resource of choice or two surplus cards:
        # a pool smaller than the cost cannot pay
        if total < cost_sum[c]:
            continue
        w = 0 if (c == CITY and rules.no_settlement_for_city) else ws
        plan = settle(pool, cost[c], w, wo, False)
        if plan is None:
            continue
        trade = 0
        if plan[WILD_S] or plan[WILD_O]:
            alt = settle(pool, cost[c], w, wo, True)
            if alt is not None and alt != plan:
                trade = 1
        found.append(2 * c + trade)
    buys = tuple(found)
    if len(rules.buy_cache) > 200_000:
        rules.buy_cache.clear()
    rules.buy_cache[pool_key(pool)] = buys
    return buys


def pool_key(pool: list[int]) -> int:
    """The pool as one number (``Rules.buy_cache``'s key): its counts 8 bits each while all are
    below 256 (a machine integer: no tuple made and hashed at every position), else 64 bits
    each after a leading 1, above every narrow key."""
    key = 0
    for k in pool:
        if k > 255:
            key = 1
            for k in pool:
                key = key << 64 | k
            return key
        key = key << 8 | k
    return key


def plan_for(s: CatanState, card: int, prefer_trade: bool) -> Plan | None:
    """What buying ``card`` takes from the pool, or None if the pool and hand cannot pay.

    CDB-3.1.1 / CDB-3.7.1 / CDB-3.6.3: the Desert and the Settlement come from the hand;
    CDB-3.6.4 (settlement-for-city B): no Settlement's resources pay for a City.
    """
    h = s.hand[s.current]
    if (card == BANDIT and not h[DESERT]) or (card == CITY and not h[SETTLEMENT]):
        return None
    pool = s.pool
    ws = 0 if (card == CITY and s.rules.no_settlement_for_city) else pool[WILD_S]
    plain = settle(pool, s.rules.cost[card], ws, pool[WILD_O], False)
    if plain is None or not prefer_trade:
        return plain
    return _trade_plan(s, card, plain)


def _trade_plan(s: CatanState, card: int, plain: Plan) -> Plan | None:
    """The payment of ``buy X trade``, offered only where it differs from plain ``buy X``
    (it can only exist where the plain payment does and spends resources of choice)."""
    if not (plain[WILD_S] or plain[WILD_O]):
        return None
    pool = s.pool
    ws = 0 if (card == CITY and s.rules.no_settlement_for_city) else pool[WILD_S]
    alt = settle(pool, s.rules.cost[card], ws, pool[WILD_O], True)
    return alt if alt is not None and alt != plain else None


def _refuse(s: CatanState, player: int, action: CdbAction) -> IllegalActionError:
    return IllegalActionError(s.explain(player, action.text))


# ------------------------------------------------------------------ actions
def play(s: CatanState, p: int, action: CdbAction) -> None:
    """One main-phase action, by its code (``actions.py``). CDB-7.2: a card used is laid
    down in front of its owner; for the plain plays that is done here, before the card's
    own effect (``HANDLERS``)."""
    i = action.index
    code = CODES[i]
    if code > END:
        raise _refuse(s, p, action)
    if LAYS_ONE_CARD[code]:
        card = CARDS[i]
        h = s.hand[p]
        if not h[card]:
            raise _refuse(s, p, action)
        h[card] -= 1
        s.laid[p][card] += 1
        if code == PLAY_RES:  # the commonest action: ``play_resource``, inlined
            s.pool[card] += 1
            return
    HANDLERS[code](s, p, action)


def play_resource(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-2.2 / CDB-7.3: a resource card laid down puts its resource into the pool."""
    s.pool[action.card] += 1  # told by the move itself ("play Ore (+1 Ore)")


def play_choice(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-3.6.2 / CDB-3.7.2: a Settlement or City counts as 2 or 3 resources of choice."""
    card = action.card
    # told by the move itself ("play Settlement (+2 resources of choice)")
    s.pool[WILD_S if card == SETTLEMENT else WILD_O] += s.rules.cards.produces[card]


def play_roads(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-3.5.2: n Roads played together give max(0, 2n - 3) resources of choice
    (road-grouping B: all Roads of the turn combine; road-sea B: each play also gives a
    Sea for later Harbors this turn)."""
    n = action.card  # the number of Roads
    h = s.hand[p]
    if h[ROAD] < n:
        raise _refuse(s, p, action)
    h[ROAD] -= n
    s.laid[p][ROAD] += n
    rules = s.rules
    before = s.roads_played if rules.roads_whole_turn else 0
    gain = road_resources(before + n) - road_resources(before)
    s.pool[WILD_O] += gain
    s.roads_played += n
    if rules.road_sea:
        s.road_seas += 1
    if s.told is not None:  # road-grouping A: the move itself tells it ("play Road x3 (+3 ...)")
        if rules.roads_whole_turn:
            s.emit("play.roads", {"player": p, "roads": s.roads_played, "n": gain})
        if rules.road_sea:
            s.emit("play.road-sea", {"player": p})


def play_harbor(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-3.4.2: draw 1 + the Seas (all Roads together count as one Sea)."""
    seas = harbor_seas(s, p)
    taken = draw(s, p, 1 + seas, False)
    if s.told is not None:  # the Seas counted: to the player (the others see how many he draws)
        s.emit("play.harbor", {"player": p, "n": len(taken)})
        s.emit("play.harbor.seas", {"player": p, "seas": seas}, to=(p,))
        tell_drawn(s, p, taken)


def harbor_seas(s: CatanState, p: int) -> int:
    """CDB-3.4.2 / CDB-3.4.4 (the examples of CDB-3.4.3): Seas in hand, plus 1 if any Road is (harbor-count-zone B:
    also those laid down this turn; road-sea B: plus a Sea per Road play this turn)."""
    h, laid, rules = s.hand[p], s.laid[p], s.rules
    seas = h[SEA]
    roads = h[ROAD]
    if rules.harbor_counts_laid:
        seas += laid[SEA]
        roads += laid[ROAD]
    if roads:
        seas += 1
    if rules.road_sea:
        seas += s.road_seas
    return seas


def play_knight(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-3.2.5: a Knight (Defensive) that has not blocked an attack draws 1 card."""
    h = s.hand[p]
    if h[KDEF] <= s.spent[p]:
        raise _refuse(s, p, action)
    h[KDEF] -= 1
    s.laid[p][KDEF] += 1
    taken = draw(s, p, 1, False)
    if s.told is not None:
        s.emit("play.knight", {"player": p, "n": len(taken)})
        tell_drawn(s, p, taken)


def play_attack(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-3.1.2 / CDB-3.3.2: a Bandit or Knight (Offensive) is laid down as an attack;
    several may be played in a turn (CDB-3.3.3)."""
    start(s, p, action.card)


def lay(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-7.8: any card may be laid down without its effect (to make room for the draw);
    a Knight (Defensive) that has blocked (counter-knight C) may be laid down too: the
    shown Knight is the one laid down."""
    if action.card == KDEF and s.spent[p]:
        s.spent = changed(s.spent, p, -1)


def buy(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-7.3 to CDB-7.6: pay from the pool (with 2-for-1 trades where needed; ``buy X
    trade`` prefers them to resources of choice), then the card goes onto the buyer's
    discard pile (CDB-7.5). CDB-3.6.4: a City's Settlement goes from the hand back to
    the supply; CDB-3.1.1: a Bandit's Desert is laid down from the hand."""
    card = action.card
    if not s.supply[card]:
        raise _refuse(s, p, action)
    plan = plan_for(s, card, action.code == BUY_TRADE)
    if plan is None:
        raise _refuse(s, p, action)
    if s.told is not None:
        _tell_purchase(s, p, card, plan)
    pool = s.pool
    for i in range(POOL_SIZE):
        pool[i] -= plan[i]
    h = s.hand[p]
    if card == CITY:  # CDB-3.6.4: the unplayed Settlement goes back to the supply
        h[SETTLEMENT] -= 1
        s.supply = changed(s.supply, SETTLEMENT, 1)
    elif card == BANDIT:  # CDB-3.1.1: the Desert is laid down as payment
        h[DESERT] -= 1
        s.laid[p][DESERT] += 1
    s.supply = changed(s.supply, card, -1)
    s.disc[p].append(card)  # CDB-7.5
    if not s.supply[card] and s.told is not None:
        s.emit("supply.empty", {"card": ROLE_IDS[card]})


def _tell_purchase(s: CatanState, p: int, card: int, plan: Plan) -> None:
    """The trades of a purchase, then what paid for it (CDB-7.6: "he tells the opponent
    that he trades 1 Wool and 1 Brick for 1 Ore")."""
    cost = s.rules.cost[card]
    direct, _short, trades = breakdown(s.pool, cost, plan)
    for gave, got in trades:
        s.emit("purchase.traded", {"player": p, "gave": {ROLE_IDS[r]: n for r, n in enumerate(gave) if n},
                                   "got": ROLE_IDS[got]})
    paid: dict[str, int] = {}
    for r in range(5):
        n = direct[r] + sum(1 for _, got in trades if got == r)
        if n:
            paid[ROLE_IDS[r]] = n
    for slot in (WILD_S, WILD_O):
        if plan[slot]:
            paid[POOL_KEYS[slot]] = plan[slot]
    if card == CITY:
        paid["settlement"] = 1
    elif card == BANDIT:
        paid["desert"] = 1
    s.emit("purchase.paid", {"player": p, "card": ROLE_IDS[card], "paid": paid})


def end(s: CatanState, p: int, action: CdbAction) -> None:
    """CDB-8.1: the turn ends when the player decides to draw."""
    end_turn(s, p)


# by action code (actions.py): PLAY_RES, PLAY_WILD, PLAY_ROAD, PLAY_HARBOR, PLAY_KDEF,
# PLAY_ATTACK, LAY, BUY, BUY_TRADE, END
HANDLERS: Final[tuple[Callable[[CatanState, int, CdbAction], None], ...]] = (play_resource, play_choice, play_roads, play_harbor, play_knight, play_attack, lay, buy, buy, end)
LAYS_ONE_CARD: Final[tuple[bool, ...]] = (True, True, False, True, False, True, True, False, False, False)
"""By action code: the card named is laid down from the hand before its effect (``play``)."""

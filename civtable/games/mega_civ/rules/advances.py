"""Phase 12: acquisition of Civilization Advances (MC-12).

An advance is paid in steps so that the payment is the player's choice and can be
checked: ``buy ADVANCE`` fixes the price (printed cost less the credits, MC-12.2),
``pay COMMODITY`` turns in all of his cards of one commodity (n squared times the
face value), ``pay COMMODITY SUBSTITUTE`` (Trade Empire, once a turn, for an
incomplete set) adds one card of another commodity of at least the same face value
as one more card of the set, ``treasury`` pays what is left from the treasury (2
points a token with Mining); the purchase completes as soon as the price is covered,
and nothing changes before (``cancel`` gives everything back). No change is given.
``pay`` keeps the cards turned in, one entry per card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalog import set_value
from ..state import AUTO, BUY, DISCARD
from .cards import discard, hand_value
from .flow import ask, next_in_ast_order
from .tasks import gain, run_tasks

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..catalog import Catalog
    from ..state import MegaState


def credit(s: MegaState, p: int, adv: int) -> int:
    """MC-12.2 (advance-credits A): the best single group credit of the advances owned
    (plus Monument / Written Record credit tokens), and their specific credits to it."""
    return _credit(s, p, adv, group_credits(s, p))


def group_credits(s: MegaState, p: int) -> dict[str, int]:
    """MC-12.2: the player's credit in each group (the advances owned, plus Monument /
    Written Record credit tokens), summed once for all the advances priced."""
    advances = s.cat.advances
    out = dict(zip(s.cat.groups, s.extra_credit[p], strict=True))
    for a in s.owned[p]:
        for g, k in advances[a].credits.items():
            out[g] += k
    return out


def _credit(s: MegaState, p: int, adv: int, groups: dict[str, int]) -> int:
    best = 0
    for g in s.cat.advances[adv].groups:
        if groups[g] > best:
            best = groups[g]
    for a in s.owned[p]:
        to = s.cat.advances[a].credit_to
        if to is not None and to[0] == adv:
            best += to[1]
    return best


def library_discount(s: MegaState, p: int) -> int:
    """Library: 40 off one other advance bought in the same turn."""
    if "library" in s.used[p]:
        return 0
    for a in s.bought[p]:
        d = s.cat.advances[a].params.get("discount")
        if d:
            return int(d)
    return 0


def price(s: MegaState, p: int, adv: int) -> int:
    return max(0, s.cat.advances[adv].cost - credit(s, p, adv) - library_discount(s, p))


def treasury_value(s: MegaState, p: int) -> int:
    return s.treasury[p] * (s.holds(p, "treasury_value") or 1)


def means(s: MegaState, p: int) -> int:
    """All the player can pay with: his commodity sets, his treasury and, with Trade
    Empire, the best substitution."""
    best = 0
    if s.holds(p, "substitute") and "trade_empire" not in s.used[p]:
        hand = s.hands[p]
        cards = s.cat.cards
        for c, sub in substitutions(s, p, []):
            n, m, f = hand.count(c), hand.count(sub), cards[c].face_value
            best = max(best, set_value(n + 1, f) - set_value(n, f) - set_value(m, cards[sub].face_value)
                       + set_value(m - 1, cards[sub].face_value))
    return hand_value(s, s.hands[p]) + treasury_value(s, p) + best


def set_size(s: MegaState, card: int) -> int:
    """How many cards of a commodity the game has: a set of fewer is incomplete."""
    key = (id(s.cat), s.n, s.rules.card_side)
    sizes = _SET_SIZES.get(key)
    if sizes is None:
        sizes = _SET_SIZES[key] = {}
        for pile in s.cat.stacks_for(s.n, s.rules.card_side):
            for c in pile:
                sizes[c] = sizes.get(c, 0) + 1
    return sizes.get(card, 0)


_SET_SIZES: dict[tuple[int, int, str], dict[int, int]] = {}  # (catalogue, players, side) -> set sizes


def substitutions(s: MegaState, p: int, spent: list[int]) -> list[tuple[int, int]]:
    """Trade Empire: (commodity, substitute) pairs the player may turn in: an incomplete
    set of cards not yet spent, and a card of another commodity of at least its face value."""
    cards = s.cat.cards
    hand = s.hands[p]
    kinds = [c for c in sorted(set(hand)) if cards[c].commodity and hand.count(c) > spent.count(c)]
    out = []
    for c in kinds:
        if c in spent or hand.count(c) >= set_size(s, c):
            continue
        for sub in kinds:
            if sub != c and cards[sub].face_value >= cards[c].face_value:
                out.append((c, sub))
    return out


def affordable(s: MegaState, p: int, budget: int | None = None) -> list[int]:
    """MC-12.1: the advances the player does not own whose price (MC-12.2) his means
    (``budget``: other means, for the tests) cover; the group credits, the specific
    credits and the Library's discount are reckoned once for all of them (the hot path
    of the advances' step)."""
    advances = s.cat.advances
    owned = s.owned[p]
    have = means(s, p) if budget is None else budget
    if not owned and not any(s.extra_credit[p]) and _cheapest(s) > have + library_discount(s, p):
        return []  # no credits at all, and not even the cheapest advance within reach (the usual case)
    groups = group_credits(s, p)
    specific: dict[int, int] = {}
    for a in owned:
        to = advances[a].credit_to
        if to is not None:
            specific[to[0]] = specific.get(to[0], 0) + to[1]
    room = have + library_discount(s, p)  # max(0, cost - credit - off) <= means, means >= 0
    if _cheapest(s) - max(0, *groups.values()) - sum(k for k in specific.values() if k > 0) > room:
        return []  # not even the cheapest advance with the best credits (a poor player: the usual case)
    out = []
    for a, adv in enumerate(advances):
        if a in owned:
            continue
        best = 0
        for g in adv.groups:
            if groups[g] > best:
                best = groups[g]
        if adv.cost - best - specific.get(a, 0) <= room:
            out.append(a)
    return out


def _cheapest(s: MegaState) -> int:
    """The lowest printed cost of the catalogue's advances."""
    found = _CHEAPEST.get(id(s.cat))
    if found is None:
        found = _CHEAPEST[id(s.cat)] = (s.cat, min((a.cost for a in s.cat.advances), default=0))
    return found[1]


_CHEAPEST: dict[int, tuple[Catalog, int]] = {}
"""id(catalogue) -> (the catalogue, kept alive so that its id is not reused; its cheapest advance's cost)"""


def phase_advances(s: MegaState) -> None:
    s.bought = [[] for _ in range(s.n)]
    s.pay = None
    s.target = -1
    next_buyer(s)


def next_buyer(s: MegaState) -> None:
    """MC-12.1: each player in AST order buys what he wants (MC-12.3's simultaneous
    purchase gives the same result: advances are not scarce)."""
    s.pay = None
    if not next_in_ast_order(s, BUY, affordable):
        hand_limit_start(s)


def legal_buy(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    advances = s.cat.advances
    cards = s.cat.cards
    if s.pay is None:
        return [g("buy", advances[a].id) for a in affordable(s, p)] + [g("done")]
    adv, due, paid, spent = s.pay
    rest = due - paid
    hand = s.hands[p]
    out = [g("pay", cards[c].id) for c in sorted(set(hand)) if cards[c].commodity and hand.count(c) > spent.count(c)]
    if s.holds(p, "substitute") and "trade_empire" not in s.used[p] and "trade_empire?" not in s.used[p]:
        out += [g("pay", cards[c].id, cards[sub].id) for c, sub in substitutions(s, p, spent)]
    if treasury_value(s, p) >= rest:
        out.append(g("treasury"))
    out.append(g("cancel"))
    return out


def play_buy(s: MegaState, p: int, a: Action) -> None:
    """MC-12.1, MC-12.2: one step of a purchase; it completes when the price is covered."""
    k = a.kind
    tokens = 0
    if k == "done":
        next_buyer(s)
        return
    if k == "buy":
        adv = s.cat.advance(a.args[0])
        s.pay = [adv, price(s, p, adv), 0, []]
    elif k == "pay":
        assert s.pay is not None
        c = s.cat.card(a.args[0])
        count = s.hands[p].count(c) - s.pay[3].count(c)
        s.pay[3] += [c] * count
        if len(a.args) > 1:  # Trade Empire: the substitute counts as one more card of the set
            s.pay[3].append(s.cat.card(a.args[1]))
            s.used[p].append("trade_empire?")
            count += 1
        s.pay[2] += set_value(count, s.cat.cards[c].face_value)
    elif k == "cancel":
        s.pay = None
        if "trade_empire?" in s.used[p]:
            s.used[p].remove("trade_empire?")
    elif k == "treasury":
        assert s.pay is not None
        rest = s.pay[1] - s.pay[2]
        per = s.holds(p, "treasury_value") or 1
        tokens = -(-rest // per)
        s.treasury[p] -= tokens
        s.stock[p] += tokens
        s.pay[2] += tokens * per
    if s.pay is not None and s.pay[2] >= s.pay[1]:
        adv, due, _, spent = s.pay
        for c in spent:
            discard(s, p, c)
        if "trade_empire?" in s.used[p]:
            s.used[p][s.used[p].index("trade_empire?")] = "trade_empire"
        cost = s.cat.advances[adv].cost
        if library_discount(s, p) and cost > credit(s, p, adv) and s.cat.advances[adv].params.get("discount") is None:
            s.used[p].append("library")  # spent only where it took something off
        s.pay = None
        tell_purchase(s, p, adv, due, spent, tokens)
        gain(s, p, adv, due)
        if not run_tasks(s):
            return
    if s.pay is None and not affordable(s, p):
        next_buyer(s)


def tell_purchase(s: MegaState, p: int, adv: int, due: int, spent: list[int], tokens: int) -> None:
    """Everybody is told the advance bought, its price and what paid it (the cards go
    to the discards, which everybody sees)."""
    if s.journal is None:
        return
    cards = s.cat.cards
    paid: list[dict[str, object]] = []
    for c in sorted(set(spent), key=spent.index):
        k = spent.count(c)
        paid.append({"card": cards[c].id, "count": k, "value": set_value(k, cards[c].face_value)})
    if tokens:
        paid.append({"treasury": tokens})
    s.emit("advance.bought", {"player": p, "advance": s.cat.advances[adv].id, "cost": s.cat.advances[adv].cost,
                              "price": due, "paid": paid})


def hand_limit_start(s: MegaState) -> None:
    """MC-12.4 (hand-limit): checked at the end of phase 12; the player chooses the excess."""
    s.step, s.queue, s.decider = AUTO, [], -1
    over = [p for p in s.order if len(s.hands[p]) > hand_limit(s, p)]
    if not ask(s, DISCARD, over):
        s.phase = 13


def hand_limit(s: MegaState, p: int) -> int:
    return s.cat.hand_limit(s.n) + (s.holds(p, "hand_limit") or 0)


def legal_hand(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    return [g("discard", s.cat.cards[c].id) for c in sorted(set(s.hands[p]))]

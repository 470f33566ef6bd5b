"""Phases 10, 12 and 13: special abilities (MC-10), buying Civilization Advances
(MC-12) and returning the discards to the stacks (MC-13.2).

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

from civtable.core.action import Action

from .catalog import set_value, slug
from .trading import add, discard, hand_value

if TYPE_CHECKING:
    from .state import MegaState


# ------------------------------------------------------------------ credits and prices
def credit(s: MegaState, p: int, adv: int) -> int:
    """MC-12.2 (advance-credits A): the best single group credit of the advances owned
    (plus Monument / Written Record credit tokens), and their specific credits to it."""
    advances = s.cat.advances
    groups = s.cat.groups
    target = advances[adv]
    best = 0
    for g in target.groups:
        total = s.extra_credit[p][groups.index(g)]
        for a in s.owned[p]:
            total += advances[a].credits.get(g, 0)
        best = max(best, total)
    for a in s.owned[p]:
        to = advances[a].credit_to
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


def affordable(s: MegaState, p: int) -> list[int]:
    total = means(s, p)
    return [a for a in range(len(s.cat.advances)) if a not in s.owned[p] and price(s, p, a) <= total]


# ------------------------------------------------------------------ phase 10
def special_actions(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    cards = s.cat.cards
    used = s.used[p]
    out: list[Action] = []
    changes = sorted({d for a in s.owned[p] for d in s.cat.advances[a].params.get("tax_change", [])})
    if changes and "tax" not in used:
        out += [g("tax-rate", k) for k in sorted({0, *changes}) if k != s.tax_rate[p]]
    for a in s.owned[p]:
        kind = s.cat.advances[a].params.get("special")
        if not kind or kind in used and kind not in ("trade_routes", "diaspora", "provincial_empire"):
            continue
        params = s.cat.advances[a].params
        if kind == "trade_routes":
            out += [g("trade-routes", cards[c].id) for c in sorted(set(s.hands[p])) if cards[c].commodity]
        elif kind == "politics":
            if s.stock[p]:
                out.append(g("politics-treasury"))
            out += [g("politics-annex", ids[b].id) for b in targets(s, p, params)
                    if s.treasury[p] >= units_in(s, b)]
        elif kind in ("fundamentalism", "monotheism"):
            out += [g(kind, ids[b].id) for b in targets(s, p, params)]
        elif kind == "universal_doctrine":
            out += [g("universal-doctrine", ids[b].id) for b in range(len(ids))
                    if s.city[b] == -2 or s.barb[b]]
        elif kind == "provincial_empire":
            chosen = provincial_chosen(s, p)
            if len(chosen) < params.get("players", 5):
                out += [g("provincial-empire", q) for q in provincial_victims(s, p, params) if q not in chosen]
        elif kind == "diaspora" and used.count("diaspora") < params.get("tokens", 5):
            out += diaspora_moves(s, p)
    return out


def land_neighbours(s: MegaState, p: int) -> list[int]:
    areas = s.board.areas
    mine = [a for a in range(len(areas)) if s.tokens[p][a] or s.city[a] == p]
    near = {b for a in mine for b in areas[a].land}
    return sorted(near)


def units_in(s: MegaState, b: int) -> int:
    return sum(s.tokens[q][b] for q in range(s.n)) + (s.cat.damage_city if s.city[b] >= 0 else 0)


def targets(s: MegaState, p: int, params: dict) -> list[int]:
    """Areas next to the player's units by land holding other players' units, none of
    them immune (holders of the advances in ``immune``; barbarians and pirate cities are)."""
    immune_adv = immune_advances(s, params)
    out = []
    for b in land_neighbours(s, p):
        owners = {q for q in range(s.n) if s.tokens[q][b]} | ({s.city[b]} if s.city[b] >= 0 else set())
        if not owners or p in owners or s.city[b] == -2 or s.barb[b]:
            continue
        if any(a in s.owned[q] for q in owners for a in immune_adv):
            continue
        out.append(b)
    return out


def immune_advances(s: MegaState, params: dict) -> list[int]:
    """The advances whose holders an ability cannot touch (named in its ``immune`` list)."""
    index = s.cat.advance_index
    return [index[slug(name)] for name in params.get("immune", []) if slug(name) in index]


PROVINCIAL = "provincial_empire:"  # a ``used`` entry per player chosen by Provincial Empire this turn


def provincial_chosen(s: MegaState, p: int) -> list[int]:
    return [int(u[len(PROVINCIAL):]) for u in s.used[p] if u.startswith(PROVINCIAL)]


def provincial_victims(s: MegaState, p: int, params: dict) -> list[int]:
    """Provincial Empire: the players p may choose (units next to his by land or water,
    a card of face value 2 or more to give, not protected), in AST order."""
    immune_adv = immune_advances(s, params)
    areas = s.board.areas
    mine = [a for a in range(len(areas)) if s.tokens[p][a] or s.city[a] == p]
    near = {b for a in mine for b in (*areas[a].land, *areas[a].water)} | set(mine)
    cards = s.cat.cards
    out = []
    for q in s.order:
        if q == p or any(a in s.owned[q] for a in immune_adv):
            continue
        if not any(s.tokens[q][b] or s.city[b] == q for b in near):
            continue
        if any(cards[c].commodity and cards[c].face_value >= params.get("min_face", 2) for c in s.hands[q]):
            out.append(q)
    return out


def diaspora_moves(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    froms = [a for a in range(len(ids)) if s.tokens[p][a]]
    tos = [b for b in s.board.land_areas if s.city[b] == -1 and not s.barb[b]
           and sum(s.tokens[q][b] for q in range(s.n)) == s.tokens[p][b]
           and s.tokens[p][b] + 1 <= (ids[b].population_limit or 0)]
    return [g("diaspora", ids[a].id, ids[b].id) for a in froms for b in tos if a != b]


def phase_special(s: MegaState) -> None:
    s.target = -1
    next_special(s)


def next_special(s: MegaState) -> None:
    from .state import AUTO, SPECIAL

    s.step, s.queue, s.decider = AUTO, [], -1
    while True:
        s.target += 1
        if s.target >= s.n:
            s.step, s.queue, s.decider, s.target = AUTO, [], -1, -1
            s.phase = 11
            return
        p = s.order[s.target]
        if special_actions(s, p):
            s.step, s.queue, s.decider = SPECIAL, [p], p
            return


def legal_special(s: MegaState, p: int) -> list[Action]:
    return special_actions(s, p) + [s.rules.act("done")]


def do_special(s: MegaState, p: int, a: Action) -> None:
    from .calamity import annex_area, push, run_tasks, wipe

    k = a.kind
    used = s.used[p]
    if k == "done":
        next_special(s)
        return
    if k == "tax-rate":
        s.tax_rate[p] = int(a.args[0])
        used.append("tax")
    elif k == "trade-routes":
        c = s.cat.card(a.args[0])
        discard(s, p, c)
        gain_treasury(s, p, 2 * s.cat.cards[c].face_value)
    elif k == "politics-treasury":
        gain_treasury(s, p, 5)
        used.append("politics")
    elif k == "politics-annex":
        b = s.board.index(a.args[0])
        cost = units_in(s, b)
        s.treasury[p] -= cost
        s.stock[p] += cost
        for q in range(s.n):
            if q != p and (s.tokens[q][b] or s.city[b] == q):
                annex_area(s, q, b, p)
        used.append("politics")
    elif k == "fundamentalism":
        wipe(s, s.board.index(a.args[0]))
        used.append("fundamentalism")
    elif k == "monotheism":
        b = s.board.index(a.args[0])
        for q in range(s.n):
            if q != p and (s.tokens[q][b] or s.city[b] == q):
                annex_area(s, q, b, p)
        used.append("monotheism")
    elif k == "universal-doctrine":
        b = s.board.index(a.args[0])
        if s.city[b] == -2:
            s.city[b] = -1
            if s.city_stock[p]:
                s.city[b] = p
                s.city_stock[p] -= 1
        else:
            take = min(s.barb[b], 5, s.stock[p])
            s.barb[b] -= min(s.barb[b], 5)
            s.tokens[p][b] += take
            s.stock[p] -= take
        used.append("universal_doctrine")
    elif k == "provincial-empire":  # one chosen player gives a card now; up to 5 a turn
        params = next(s.cat.advances[x].params for x in s.owned[p] if s.cat.advances[x].params.get("special") == "provincial_empire")
        q = int(a.args[0])
        push(s, "give", q, q, 1, -1, [p, params.get("min_face", 2)])
        used.append(f"{PROVINCIAL}{q}")
        if not run_tasks(s):
            return
    elif k == "diaspora":
        src, dst = s.board.index(a.args[0]), s.board.index(a.args[1])
        s.tokens[p][src] -= 1
        s.tokens[p][dst] += 1
        used.append("diaspora")
    if not special_actions(s, p):
        next_special(s)


def gain_treasury(s: MegaState, p: int, k: int) -> None:
    k = min(k, s.stock[p])
    s.stock[p] -= k
    s.treasury[p] += k


# ------------------------------------------------------------------ phase 12
def phase_advances(s: MegaState) -> None:
    s.bought = [[] for _ in range(s.n)]
    s.pay = None
    s.target = -1
    next_buyer(s)


def next_buyer(s: MegaState) -> None:
    """MC-12.1: each player in AST order buys what he wants (MC-12.3's simultaneous
    purchase gives the same result: advances are not scarce)."""
    from .state import AUTO, BUY

    s.pay = None
    s.step, s.queue, s.decider = AUTO, [], -1
    while True:
        s.target += 1
        if s.target >= s.n:
            s.target = -1
            hand_limit_start(s)
            return
        p = s.order[s.target]
        if affordable(s, p):
            s.step, s.queue, s.decider = BUY, [p], p
            return


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


def do_buy(s: MegaState, p: int, a: Action) -> None:
    from .calamity import run_tasks

    k = a.kind
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
        gain(s, p, adv, due)
        if not run_tasks(s):
            return
    if s.pay is None and not affordable(s, p):
        next_buyer(s)


def gain(s: MegaState, p: int, adv: int, paid: int) -> None:
    """The advance is the player's; its on-purchase effects become tasks."""
    from .calamity import push

    i = 0
    owned = s.owned[p]
    while i < len(owned) and owned[i] < adv:
        i += 1
    owned.insert(i, adv)
    s.paid[p].insert(i, paid)
    s.bought[p].append(adv)
    params = s.cat.advances[adv].params
    extra = params.get("extra_credit")
    if extra:
        push(s, "credit", p, p, int(extra) // 5, -1)
    free = params.get("free_advance")
    if free:
        choices = [a.index for a in s.cat.advances if free["group"] in a.groups and a.cost < free["cost_below"]]
        push(s, "free-advance", p, p, 1, -1, choices)


def hand_limit_start(s: MegaState) -> None:
    """MC-12.4 (hand-limit): checked at the end of phase 12; the player chooses the excess."""
    from .state import AUTO, DISCARD

    s.step, s.queue, s.decider = AUTO, [], -1
    over = [p for p in s.order if len(s.hands[p]) > hand_limit(s, p)]
    if not s._ask(DISCARD, over):
        s.phase = 13


def hand_limit(s: MegaState, p: int) -> int:
    return s.cat.hand_limit(s.n) + (s.holds(p, "hand_limit") or 0)


def legal_hand(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    return [g("discard", s.cat.cards[c].id) for c in sorted(set(s.hands[p]))]


# ------------------------------------------------------------------ phase 13
def return_discards(s: MegaState) -> None:
    """MC-13.2.1 to MC-13.2.4: each pile is shuffled with its tradable calamities, the
    non-tradable ones are put at its bottom (A) or top (B), and it goes under its stack."""
    cards = s.cat.cards
    for k in range(1, len(s.stacks)):
        pile = s.discards[k]
        if not pile:
            continue
        fixed = sorted(c for c in pile if cards[c].calamity and not cards[c].tradable)
        rest = sorted(c for c in pile if not (cards[c].calamity and not cards[c].tradable))
        s.rng.shuffle(rest)
        returned = rest + fixed if s.rules.non_tradable_top else fixed + rest  # index 0 is the bottom
        s.stacks[k] = returned + s.stacks[k]
        s.discards[k] = []


# ------------------------------------------------------------------ discards (phases 8 and 12)
def legal_discard(s: MegaState, p: int) -> list[Action]:
    from .calamity import legal_excess

    return legal_excess(s, p) if s.phase == 8 else legal_hand(s, p)


def do_discard(s: MegaState, p: int, a: Action) -> None:
    from .calamity import calamities_of, over_limit

    discard(s, p, s.cat.card(a.args[0]))
    if s.phase == 8:
        if not over_limit(s, calamities_of(s, p)):
            s._next_in_queue()
    elif len(s.hands[p]) <= hand_limit(s, p):
        s._next_in_queue()


def discard_done(s: MegaState) -> None:
    s.phase = 9 if s.phase == 8 else 13


__all__ = ["add"]

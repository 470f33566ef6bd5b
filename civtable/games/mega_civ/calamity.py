"""Phases 8 and 9: calamity selection (MC-8) and resolution (MC-9).

Each calamity's effect is started from its data entry (``params.kind`` and its
numbers, changed by the advances in ``modifiers``) and becomes a stack of small
*tasks*: "lose 10 unit points", "reduce 3 cities", "choose 2 other players who
lose 5 each". A task asks its chooser one unit at a time (``lose AREA``,
``reduce AREA``, ``victim SEAT``) and resolves by itself when only one choice is
left. The same tasks serve the advances' abilities (phases 10 and 12).

Damage (provisional, data ``damage``): a token is one unit point, a city five; a
city lost to damage is destroyed (its piece goes back to the stock). The
Beneficiary of a calamity (MC-0.10, calamity-beneficiary) is the MC-0.9 player
other than the victim, from the victim's block for a non-tradable calamity when
the game uses both card blocks (the data's block rule; it binds the secondary
victims of a non-tradable calamity too). "Adjacent" areas of Civil War and Tyranny
are adjacent by land (the texts that mean water too say so). The Beneficiary leads
the Barbarian Hordes (``barbarians AREA``: the city attacked, then each area the
excess moves on to); they fight as a token conflict (MC-4.1) down to the area's
population limit. A calamity removes only its excess in phase 8 (MC-8.2): the
holder, or chance, picks among the calamities whose removal keeps the most.

Task data (``extra``) is never changed in place: a clone's task shares it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.action import Action

from .order import beneficiary

if TYPE_CHECKING:
    from .state import MegaState

# task layout: [kind, chooser, victim, count, card, extra]
KIND, CHOOSER, VICTIM, COUNT, CARD, EXTRA = range(6)


# ------------------------------------------------------------------ phase 8
def calamities_of(s: MegaState, p: int) -> list[int]:
    cards = s.cat.cards
    return [c for c in s.hands[p] if cards[c].calamity]


def most_kept(s: MegaState, held: list[int]) -> int:
    """MC-8.2: the most of these (distinct) calamities a player may keep."""
    major = sum(1 for c in held if s.cat.cards[c].major)
    minor = len(held) - major
    if s.rules.calamity_limit_split:
        return max(min(major, 2), min(minor, 3))
    return min(3, min(major, 2) + minor)


def useful_discards(s: MegaState, p: int) -> list[int]:
    """The calamities whose removal is part of a smallest removal that meets the limit
    (whoever chooses, the holder or chance, removes only the excess)."""
    held = calamities_of(s, p)
    best = most_kept(s, held)
    out = []
    for c in sorted(set(held)):
        rest = list(held)
        rest.remove(c)
        if most_kept(s, rest) == best:
            out.append(c)
    return out


def over_limit(s: MegaState, held: list[int]) -> bool:
    """MC-8.2 (calamity-limit): A at most 3, of which at most 2 major; B up to 2 major
    and no minor, or up to 3 minor; never two of the same calamity."""
    cards = s.cat.cards
    if len(set(held)) < len(held):
        return True
    major = sum(1 for c in held if cards[c].major)
    if s.rules.calamity_limit_split:
        return (major > 0 and (major > 2 or major < len(held))) or len(held) > 3
    return len(held) > 3 or major > 2


def phase_selection(s: MegaState) -> None:
    """MC-8.1, MC-8.2: duplicates go at once; the excess is chosen by the holder (A) or at random (B)."""
    from .state import DISCARD
    from .trading import discard

    choosers = []
    s.revealed = [[] for _ in range(s.n)]  # last turn's reveal is over
    for p in s.order:
        held = calamities_of(s, p)
        for c in sorted(set(held)):
            for _ in range(held.count(c) - 1):
                discard(s, p, c)
        while over_limit(s, calamities_of(s, p)):
            if s.rules.calamity_excess_random:
                held = useful_discards(s, p)
                discard(s, p, held[s.rng.below(len(held))])
            else:
                choosers.append(p)
                break
    if not s._ask(DISCARD, choosers):
        s.phase = 9


def legal_excess(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    return [g("discard", s.cat.cards[c].id) for c in useful_discards(s, p)]


# ------------------------------------------------------------------ phase 9
def resolution_order(s: MegaState, held: dict[int, list[int]]) -> list[list[int]]:
    """MC-9.1.2 to MC-9.2.2 (calamity-order, non-tradable-first): [victim, card] in order."""
    cards = s.cat.cards
    pos = {p: i for i, p in enumerate(s.order)}
    items = [(p, c) for p in s.order for c in held.get(p, [])]

    def major_key(pc: tuple[int, int]) -> tuple[int, ...]:
        p, c = pc
        card = cards[c]
        if s.rules.non_tradable_by_stack:  # B: by stack, non-tradable first only at equal numbers
            return (card.stack, int(card.tradable), pos[p])
        return (int(card.tradable), card.stack, pos[p])

    minors = [pc for pc in items if not cards[pc[1]].major]
    majors = [pc for pc in items if cards[pc[1]].major]
    if s.rules.calamity_per_player:  # B: each player his minor, then his major calamities
        out = []
        for p in s.order:
            out += sorted((pc for pc in minors if pc[0] == p), key=lambda pc: cards[pc[1]].stack)
            out += sorted((pc for pc in majors if pc[0] == p), key=major_key)
        return [list(pc) for pc in out]
    minors.sort(key=lambda pc: (pos[pc[0]], cards[pc[1]].stack))
    majors.sort(key=major_key)
    return [list(pc) for pc in minors + majors]


def phase_resolution(s: MegaState) -> None:
    """MC-9.1.1: every player reveals his calamities at once; they go to the discards."""
    from .trading import discard

    held = {}
    s.revealed = [[] for _ in range(s.n)]
    for p in s.order:
        cs = calamities_of(s, p)
        if cs:
            held[p] = cs
            s.revealed[p] = list(cs)
            for c in cs:
                discard(s, p, c)
    s.calq = resolution_order(s, held)
    next_calamity(s)


def next_calamity(s: MegaState) -> None:
    from .state import AUTO

    while s.calq:
        victim, card = s.calq.pop(0)
        s.log.append(f"{s.cat.cards[card].name} strikes {s.civ[victim]}")
        start(s, victim, card)
        if not run_tasks(s):
            return
    s.step, s.queue, s.decider = AUTO, [], -1
    s.phase = 10


# ------------------------------------------------------------------ effects
def other_block(s: MegaState, victim: int, card: int) -> set[int]:
    """The data's block rule: a non-tradable calamity of a game with both card blocks
    touches only players of the victim's block (Beneficiary and secondary victims)."""
    c = s.cat.cards[card]
    if not (c.calamity and not c.tradable and s.rules.two_blocks):
        return set()
    block = s.rules.tables.civ(s.civ[victim]).block
    return {p for p in range(s.n) if s.rules.tables.civ(s.civ[p]).block != block}


def cal_beneficiary(s: MegaState, victim: int, card: int) -> int | None:
    """MC-0.10 / MC-0.9: most cities in stock, most tokens in stock, AST order; never the victim."""
    return beneficiary(s.city_stock, s.stock, s.rank, excluded={victim} | other_block(s, victim, card))


# the numbers that the modifiers name by their primary victim's parameter: "prevent 5
# damage" (Pottery, Medicine, Engineering) also counts for a secondary victim's damage
# and for Flood's coastal damage, Anatomy counts only there
SAME_AS = {"secondary_points": "points", "secondary_cities": "cities", "others_points": "points",
           "others_cities": "cities", "fallback_points": "points"}


def param(s: MegaState, card: int, p: int, role: str, key: str) -> int:
    """A calamity's number for this victim, changed by the advances he owns (a modifier
    counts for his role, ``primary`` or ``secondary``, or for ``any``)."""
    c = s.cat.cards[card]
    value = int(c.params.get(key, 0))
    names = {key, SAME_AS.get(key, key)}
    for adv, name, delta, r in c.modifiers:
        if name in names and (r == "any" or r == role) and adv in s.owned[p]:
            value += delta
    return value


def coastal_cities(s: MegaState, p: int) -> list[int]:
    areas = s.board.areas
    return [a for a in s.cities_of(p) if areas[a].coastal]


def push(s: MegaState, kind: str, chooser: int, victim: int, count: int, card: int = -1, extra: Any = None) -> None:
    if count > 0:
        s.tasks.append([kind, chooser, victim, count, card, extra])


def start(s: MegaState, victim: int, card: int) -> None:
    """Turn a calamity into tasks; tasks are pushed last-first (the stack runs from the end)."""
    c = s.cat.cards[card]
    kind = c.params["kind"]
    ben = cal_beneficiary(s, victim, card)
    P = "primary"

    def lose_treasury(k: int) -> None:
        k = min(k, s.treasury[victim])
        s.treasury[victim] -= k
        s.stock[victim] += k

    def secondaries(count_key: str, task: str) -> None:
        k = c.params.get("secondary_players", 0)
        if k:
            push(s, "victims", victim, victim, k, card, [task, count_key, ben if c.params.get("secondary_not_beneficiary") else -1])

    if kind == "treasury":
        lose_treasury(param(s, card, victim, P, "treasury"))
    elif kind == "damage":
        secondaries("secondary_points", "lose")
        scope = [a for a in range(len(s.board.areas)) if s.board.areas[a].coastal] if c.params.get("coastal") else None
        push(s, "lose", victim, victim, param(s, card, victim, P, "points"), card, scope)
        lose_treasury(param(s, card, victim, P, "treasury"))
    elif kind == "reduce":
        secondaries("secondary_cities", "reduce")
        cities = param(s, card, victim, P, "cities")
        push(s, "reduce", victim, victim, cities, card)
        if cities > 0:  # the buy-off takes the reductions below it off the stack
            offer_buy_off(s, victim, card, P)
        lose_treasury(param(s, card, victim, P, "treasury"))
    elif kind == "destroy":
        scope = [a for a in range(len(s.board.areas)) if s.board.areas[a].coastal] if c.params.get("coastal") else None
        cost = param(s, card, victim, P, "unless_pay")
        if cost and s.treasury[victim] >= cost and s.cities_of(victim):
            push(s, "pay-or", victim, victim, cost, card)
        else:
            push(s, "destroy", victim, victim, param(s, card, victim, P, "cities"), card, scope)
        lose_treasury(param(s, card, victim, P, "treasury"))
    elif kind == "discard_cards":
        push(s, "discard", victim, victim, param(s, card, victim, P, "cards"), card, [param(s, card, victim, P, "keep_cost")])
    elif kind == "discard_value":
        push(s, "discard-value", victim, victim, max(0, param(s, card, victim, P, "value")), card)
    elif kind == "annex":
        if ben is not None:
            push(s, "annex", ben, victim, param(s, card, victim, P, "points"), card, [ben])
    elif kind == "annex_city":
        if ben is not None:
            push(s, "annex-city", ben, victim, param(s, card, victim, P, "cities"), card, ben)
    elif kind == "civil_war":
        keep = param(s, card, victim, P, "keep_points")
        points = unit_points(s, victim)
        if ben is not None and points > keep:
            push(s, "annex", victim, victim, points - keep, card, [ben])
    elif kind == "reduce_all_but":
        keep = max(0, param(s, card, victim, P, "keep"))
        push(s, "reduce", victim, victim, len(s.cities_of(victim)) - keep, card)
    elif kind == "slave_revolt":
        push(s, "support", victim, victim, 1, card, s.support_rate(victim) + param(s, card, victim, P, "support_delta"))
    elif kind == "regress":
        steps = max(0, param(s, card, victim, P, "steps"))
        if steps and param(s, card, victim, P, "cities_instead") and s.cities_of(victim):
            push(s, "regress-or", victim, victim, steps, card)
        else:
            regress(s, victim, steps)
    elif kind == "volcano":
        volcano(s, victim, card)
    elif kind == "flood":
        flood(s, victim, card)
    elif kind == "cyclone":
        cyclone(s, victim, card)
    elif kind == "barbarians":
        if s.cities_of(victim):
            push(s, "barbarians", victim if ben is None else ben, victim, param(s, card, victim, P, "tokens"), card, [])
    elif kind == "piracy":
        k = c.params.get("secondary_players", 0)
        if k:
            push(s, "victims", victim, victim, k, card, ["pirate", "secondary_cities", ben if ben is not None else -1])
        if ben is not None:
            push(s, "pirate", ben, victim, param(s, card, victim, P, "cities"), card)


def offer_buy_off(s: MegaState, p: int, card: int, role: str) -> None:
    """Theocracy (any victim): two commodity cards may replace the city reductions just pushed."""
    k = param(s, card, p, role, "buy_off_cards")
    if k and commodity_count(s, p) >= k and s.cities_of(p):
        push(s, "buy-off", p, p, k, card)


def commodity_count(s: MegaState, p: int) -> int:
    cards = s.cat.cards
    return sum(1 for c in s.hands[p] if cards[c].commodity)


def unit_points(s: MegaState, p: int) -> int:
    return s.tokens_on_map(p) + s.cat.damage_city * len(s.cities_of(p))


def regress(s: MegaState, p: int, steps: int) -> None:
    """Regression: the AST marker moves back (never before the first square)."""
    s.ast[p] = max(1, s.ast[p] - steps)


def volcano(s: MegaState, victim: int, card: int) -> None:
    """A city in a volcano area: every unit there is destroyed (the volcano hurting the
    victim most); otherwise an earthquake destroys (Engineering: reduces) one of his
    cities and reduces one city next to it."""
    areas = s.board.areas
    hit = [a for a in s.cities_of(victim) if areas[a].volcano]
    if hit:
        a = max(hit, key=lambda x: (s.tokens[victim][x] + s.cat.damage_city, -x))
        wipe(s, a)
        return
    if not s.cities_of(victim):
        return
    push(s, "quake-neighbour", victim, victim, 1, card)
    if param(s, card, victim, "primary", "reduce_instead"):
        push(s, "reduce", victim, victim, 1, card)
    else:
        push(s, "destroy", victim, victim, 1, card)


def wipe(s: MegaState, a: int) -> None:
    """Every unit in an area is destroyed (tokens to their owners' stocks, a city to its owner)."""
    for p in range(s.n):
        if s.tokens[p][a]:
            s._take_tokens(p, a, s.tokens[p][a])
    owner = s.city[a]
    if owner >= 0:
        s.city_stock[owner] += 1
    s.city[a] = -1
    s.barb[a] = 0


def flood_plains(s: MegaState) -> list[list[int]]:
    """The flood plains: groups of flood-plain areas joined by land."""
    areas = s.board.areas
    seen: set[int] = set()
    out = []
    for a in range(len(areas)):
        if areas[a].flood_plain and a not in seen:
            group, todo = [], [a]
            seen.add(a)
            while todo:
                x = todo.pop()
                group.append(x)
                for y in areas[x].land:
                    if areas[y].flood_plain and y not in seen:
                        seen.add(y)
                        todo.append(y)
            out.append(sorted(group))
    return out


def on_plain(s: MegaState, p: int, plain: list[int]) -> int:
    """A player's units on a flood plain (a city on a black site, off the plain, does not count)."""
    areas = s.board.areas
    total = 0
    for a in plain:
        total += s.tokens[p][a]
        if s.city[a] == p and (areas[a].city_site_on_flood_plain or not areas[a].city_site):
            total += s.cat.damage_city
    return total


def flood(s: MegaState, victim: int, card: int) -> None:
    plains = [pl for pl in flood_plains(s) if on_plain(s, victim, pl)]
    areas = s.board.areas
    if not plains:
        coastal = [a for a in range(len(areas)) if areas[a].coastal]
        push(s, "lose", victim, victim, param(s, card, victim, "primary", "fallback_points"), card, coastal)
        return
    plain = max(plains, key=lambda pl: (on_plain(s, victim, pl), -pl[0]))
    scope = list(plain)  # a city on a black site there is spared (``off_plain``), its tokens are not
    for q in reversed(s.order):
        if q != victim and on_plain(s, q, plain):
            push(s, "lose", q, q, param(s, card, q, "secondary", "others_points"), card, scope)
    push(s, "lose", victim, victim, param(s, card, victim, "primary", "points"), card, scope)


def cyclone(s: MegaState, victim: int, card: int) -> None:
    """The sea with most of the victim's cities next to it; he reduces 3 of them, every
    other player with cities there 2 (each changed by his own advances)."""
    areas = s.board.areas
    seas = [w for w in range(len(areas)) if not areas[w].is_land]
    best, most = None, 0
    for w in seas:
        k = sum(1 for a in areas[w].water if s.city[a] == victim)
        if k > most:
            best, most = w, k
    if best is None:
        return
    scope = [a for a in areas[best].water if areas[a].is_land]
    for q in reversed(s.order):
        if q != victim and any(s.city[a] == q for a in scope):
            push(s, "reduce", q, q, param(s, card, q, "secondary", "others_cities"), card, scope)
    push(s, "reduce", victim, victim, param(s, card, victim, "primary", "cities"), card, scope)


def barbarian_targets(s: MegaState, t: list[Any]) -> list[int]:
    """Barbarian Hordes, chosen by the Beneficiary: first one of the victim's cities (a
    wilderness city, off a city site, if he has one); then, for the barbarians over the
    limit, an area next to the last one (by land or water) holding the victim's units and
    not attacked yet."""
    victim, visited = t[VICTIM], t[EXTRA]
    areas = s.board.areas
    if not visited:
        cities = s.cities_of(victim)
        return [a for a in cities if not areas[a].city_site] or cities
    here = areas[visited[-1]]
    return sorted({b for b in (*here.land, *here.water) if areas[b].is_land and b not in visited
                   and (s.tokens[victim][b] or s.city[b] == victim)})


def barbarians_attack(s: MegaState, t: list[Any], a: int) -> None:
    """The barbarians of the task enter ``a`` and fight; those over the area's limit
    afterwards stay in the task to move on (none: the task ends)."""
    victim = t[VICTIM]
    t[EXTRA] = [*t[EXTRA], a]  # a new list: clones share a task's data
    s.barb[a] += t[COUNT]
    barbarian_battle(s, victim, a)
    limit = s.board.areas[a].population_limit or 0
    excess = s.barb[a] - limit
    t[COUNT] = max(0, excess)
    if excess > 0:
        s.barb[a] = limit  # leftovers are destroyed when no area is left to move on to


def barbarian_battle(s: MegaState, victim: int, a: int) -> None:
    """Barbarians against the victim's city (7 or more take it: it becomes 6 of his
    tokens, Engineering 8 and 7) and tokens: a token conflict (MC-4.1) down to the
    area's limit."""
    from .population import resolve_conflict

    if s.city[a] == victim:
        nums = s.rules.tables.numbers
        minimum = s.holds(victim, "city_defence") or nums["city_attack_minimum"]
        defenders = s.holds(victim, "city_defence_left") or nums["city_attack_defenders"]
        if s.barb[a] < minimum:
            s.barb[a] = 0  # the attack fails; the barbarians are lost
            return
        s.city[a] = -1
        s.city_stock[victim] += 1
        k = min(defenders, s.stock[victim])
        s.tokens[victim][a] += k
        s.stock[victim] -= k
    counts = {victim: s.tokens[victim][a], s.n: s.barb[a]}
    after = resolve_conflict(counts, s.board.areas[a].population_limit or 0)
    s._take_tokens(victim, a, s.tokens[victim][a] - after[victim])
    s.barb[a] = after[s.n]


# ------------------------------------------------------------------ tasks
def options(s: MegaState, t: list[Any]) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    kind, chooser, victim, count, card, extra = t
    cards = s.cat.cards
    if kind == "lose":
        scope = range(len(ids)) if extra is None else extra
        tok = [g("lose", ids[a].id) for a in scope if s.tokens[victim][a]]
        cit = [g("lose-city", ids[a].id) for a in scope if s.city[a] == victim and not off_plain(s, t, a)]
        return tok + cit
    if kind in ("reduce", "destroy"):
        if extra == INLAND:  # Enlightenment's cities: non-coastal ones while he has any
            mine = s.cities_of(victim)
            scope = [a for a in mine if not ids[a].coastal] or mine
        else:
            scope = s.cities_of(victim) if extra is None else [a for a in extra if s.city[a] == victim]
        return [g(kind, ids[a].id) for a in scope]
    if kind == "support":
        return [g("reduce", ids[a].id) for a in unsupported(s, victim, extra)]
    if kind == "annex":
        mine = [a for a in range(len(ids)) if s.tokens[victim][a] or s.city[a] == victim]
        taken = extra[1:] if isinstance(extra, list) else []
        near = [a for a in mine if any(b in taken for b in ids[a].land)]
        return [g("annex", ids[a].id) for a in (near or mine)]
    if kind == "barbarians":
        return [g("barbarians", ids[a].id) for a in barbarian_targets(s, t)]
    if kind == "annex-city":
        return [g("annex", ids[a].id) for a in s.cities_of(victim)]
    if kind == "pirate":
        return [g("pirate", ids[a].id) for a in coastal_cities(s, victim)]
    if kind == "quake-neighbour":
        return [g("reduce", ids[a].id) for a in quake_neighbours(s, extra)]
    if kind == "victims":
        return [g("victim", q) for q in eligible(s, t)]
    if kind == "discard":  # Banditry: a card kept (paid for) is selected and cannot be again
        cost, kept = keep_terms(extra)
        left = list(s.hands[victim])
        for c in kept:
            if c in left:
                left.remove(c)
        kinds = [c for c in sorted(set(left)) if cards[c].commodity]
        out = [g("discard", cards[c].id) for c in kinds]
        if cost and s.treasury[victim] >= cost:
            out += [g("keep", cards[c].id) for c in kinds]
        return out
    if kind == "discard-value":
        return [g("discard", cards[c].id) for c in sorted(set(s.hands[victim])) if cards[c].commodity]
    if kind == "pay-or":
        return [g("pay", count), g("refuse")]
    if kind == "regress-or":
        return [g("regress"), g("destroy-cities")]
    if kind == "buy-off":
        kinds = sorted({c for c in s.hands[victim] if cards[c].commodity})
        pairs = [g("buy-off", cards[a].id, cards[b].id) for i, a in enumerate(kinds) for b in kinds[i:]
                 if a != b or s.hands[victim].count(a) >= 2]
        return pairs + [g("suffer")]
    if kind == "give":
        return [g("give", cards[c].id) for c in sorted(set(s.hands[victim]))
                if cards[c].commodity and cards[c].face_value >= extra[1]]
    if kind == "credit":
        return [g("credit", grp) for grp in s.cat.groups]
    if kind == "free-advance":
        return [g("take", s.cat.advances[a].id) for a in extra if a not in s.owned[victim]] + [g("none")]
    raise AssertionError(kind)


INLAND = "inland"  # a destroy task's scope: non-coastal cities if possible (Enlightenment)


def off_plain(s: MegaState, t: list[Any], a: int) -> bool:
    """Flood's damage on a flood plain (a scope of flood-plain areas): a city on a black
    city site is not on the plain, so it cannot be lost (the tokens there can)."""
    areas = s.board.areas
    area = areas[a]
    if not (area.city_site and area.flood_plain and not area.city_site_on_flood_plain):
        return False
    if t[CARD] < 0 or s.cat.cards[t[CARD]].params.get("kind") != "flood" or t[EXTRA] is None:
        return False
    return all(areas[x].flood_plain for x in t[EXTRA])


def unsupported(s: MegaState, p: int, rate: int) -> list[int]:
    """Slave Revolt: the cities the victim may reduce while his support at ``rate`` tokens a
    city fails (support-counting A: all his tokens; B: each city's own and adjacent areas)."""
    cities = s.cities_of(p)
    if s.rules.support_local:
        t = s.tokens[p]
        areas = s.board.areas
        return [a for a in cities if t[a] + sum(t[b] for b in areas[a].land) < rate]
    return [] if len(cities) * rate <= s.tokens_on_map(p) else cities


def keep_terms(extra: Any) -> tuple[int, list[int]]:
    """Banditry's task data: the price of keeping a card, and the cards kept so far."""
    if isinstance(extra, list):
        return (int(extra[0]), [int(c) for c in extra[1:]]) if extra else (0, [])
    return int(extra or 0), []


def quake_neighbours(s: MegaState, origin: int | None) -> list[int]:
    """Cities (any owner) next to the city the earthquake struck, by land or water."""
    areas = s.board.areas
    if origin is None:
        return []
    return sorted({b for b in (*areas[origin].land, *areas[origin].water) if areas[b].is_land and s.city[b] >= 0})


def eligible(s: MegaState, t: list[Any]) -> list[int]:
    """Secondary victims: other players with something to lose (never the Beneficiary when
    the calamity says so, never a player immune by an advance), not chosen twice."""
    kind, chooser, victim, count, card, extra = t
    task, _, excluded = extra[:3]
    chosen = extra[3:] if len(extra) > 3 else []
    immune = s.cat.cards[card].immune_secondary if card >= 0 else ()
    elsewhere = other_block(s, victim, card) if card >= 0 else set()
    out = []
    for q in s.order:
        if q in (victim, excluded) or q in chosen or q in elsewhere or any(a in s.owned[q] for a in immune):
            continue
        if task == "lose" and not (s.tokens_on_map(q) or s.cities_of(q)):
            continue
        if task in ("reduce",) and not s.cities_of(q):
            continue
        if task == "pirate" and not coastal_cities(s, q):
            continue
        out.append(q)
    return out


def run_tasks(s: MegaState) -> bool:
    """Resolve tasks until one needs a choice (True: nothing is waiting, False: asked)."""
    from .state import TASK

    while s.tasks:
        t = s.tasks[-1]
        if t[COUNT] <= 0:
            s.tasks.pop()
            continue
        opts = options(s, t)
        if not opts:
            s.tasks.pop()
            continue
        if len(opts) == 1:
            do_task(s, t[CHOOSER], opts[0])
            continue
        s.step, s.queue, s.decider = TASK, [t[CHOOSER]], t[CHOOSER]
        return False
    return True


def legal_task(s: MegaState, p: int) -> list[Action]:
    return options(s, s.tasks[-1]) if s.tasks and s.tasks[-1][CHOOSER] == p else []


def do_task(s: MegaState, p: int, a: Action) -> None:
    t = s.tasks[-1]
    kind, chooser, victim, count, card, extra = t
    board = s.board
    k = a.kind
    if k == "lose":
        area = board.index(a.args[0])
        s._take_tokens(victim, area, 1)
        t[COUNT] -= s.cat.damage_token
    elif k == "lose-city":
        area = board.index(a.args[0])
        destroy_city(s, area)
        t[COUNT] -= s.cat.damage_city
    elif k == "reduce":
        area = board.index(a.args[0])
        s._reduce(s.city[area], area)
        t[COUNT] -= 1 if kind != "support" else 0
        _quake_origin(s, area)
    elif k == "destroy":
        area = board.index(a.args[0])
        destroy_city(s, area)
        t[COUNT] -= 1
        _quake_origin(s, area)
    elif k == "annex":
        area = board.index(a.args[0])
        if kind == "annex-city":
            annex_city(s, area, extra)
            t[COUNT] -= 1
        elif isinstance(extra, list):  # [annexer, areas taken so far]
            t[EXTRA] = [*extra, area]
            t[COUNT] -= annex_area(s, victim, area, extra[0])
        else:
            t[COUNT] -= annex_area(s, victim, area, extra)
    elif k == "pirate":
        area = board.index(a.args[0])
        owner = s.city[area]
        s.city[area] = -2
        s.city_stock[owner] += 1
        t[COUNT] -= 1
    elif k == "victim":
        q = int(a.args[0])
        t[EXTRA] = extra = [*extra, q]  # a new list: a clone's task shares the old one
        t[COUNT] -= 1
        task, key, _ = extra[:3]
        amount = param(s, card, q, "secondary", key) if card >= 0 else 1
        below = s.tasks.pop()  # his tasks go under the choice of the next victims
        push(s, task, q if task != "pirate" else victim, q, amount, card)
        if task == "reduce" and amount > 0 and card >= 0:
            offer_buy_off(s, q, card, "secondary")
        s.tasks.append(below)
    elif k in ("discard", "keep"):
        from .trading import discard

        c = s.cat.card(a.args[0])
        if k == "keep":
            cost, kept = keep_terms(extra)
            s.treasury[victim] -= cost
            s.stock[victim] += cost
            t[EXTRA] = [cost, *kept, c]
            t[COUNT] -= 1
        else:
            discard(s, victim, c)
            t[COUNT] -= 1 if kind == "discard" else s.cat.cards[c].face_value
    elif k == "pay":
        s.treasury[victim] -= count
        s.stock[victim] += count
        s.tasks.pop()
        return
    elif k == "refuse":
        s.tasks.pop()
        c = s.cat.cards[card]
        scope = [x for x in range(len(board.areas)) if board.areas[x].coastal] if c.params.get("coastal") else None
        push(s, "destroy", victim, victim, param(s, card, victim, "primary", "cities"), card, scope)
        return
    elif k == "regress":
        s.tasks.pop()
        regress(s, victim, count)
        return
    elif k == "destroy-cities":  # Enlightenment: two cities per step instead of the step back
        t[COUNT] -= 1
        push(s, "destroy", victim, victim, int(s.cat.cards[card].params.get("instead_cities", 2)), card, INLAND)
        return
    elif k == "buy-off":
        from .trading import discard

        discard(s, victim, s.cat.card(a.args[0]))
        discard(s, victim, s.cat.card(a.args[1]))
        s.tasks.pop()
        s.tasks.pop()  # the city reductions below it are avoided
        return
    elif k == "suffer":
        s.tasks.pop()
        return
    elif k == "barbarians":
        barbarians_attack(s, t, board.index(a.args[0]))
    elif k == "give":
        from .trading import add

        c = s.cat.card(a.args[0])
        s.hands[victim].remove(c)
        add(s, extra[0], c)
        t[COUNT] -= 1
    elif k == "credit":
        s.extra_credit[chooser][s.cat.groups.index(a.args[0])] += 5
        t[COUNT] -= 1
    elif k == "take":
        adv = s.cat.advance(a.args[0])
        from .advancing import gain

        s.tasks.pop()
        gain(s, chooser, adv, 0)
        return
    elif k == "none":
        s.tasks.pop()
        return
    if t[COUNT] <= 0 and s.tasks and s.tasks[-1] is t:
        s.tasks.pop()


def _quake_origin(s: MegaState, area: int) -> None:
    """The earthquake's neighbour is chosen around the city it struck."""
    if len(s.tasks) >= 2 and s.tasks[-2][KIND] == "quake-neighbour" and s.tasks[-2][EXTRA] is None:
        s.tasks[-2][EXTRA] = area


def destroy_city(s: MegaState, a: int) -> None:
    owner = s.city[a]
    s.city[a] = -1
    if owner >= 0:
        s.city_stock[owner] += 1


def annex_city(s: MegaState, a: int, to: int) -> None:
    """The city changes owner when the new owner has a city piece; otherwise it is destroyed."""
    owner = s.city[a]
    s.city_stock[owner] += 1
    if s.city_stock[to] > 0:
        s.city[a] = to
        s.city_stock[to] -= 1
    else:
        s.city[a] = -1


def annex_area(s: MegaState, victim: int, a: int, to: int) -> int:
    """All the victim's units in an area become the annexer's (from his stock, as far as
    it goes); returns the unit points taken."""
    points = 0
    if s.city[a] == victim:
        annex_city(s, a, to)
        points += s.cat.damage_city
    k = s.tokens[victim][a]
    if k:
        s._take_tokens(victim, a, k)
        put = min(k, s.stock[to])
        s.tokens[to][a] += put
        s.stock[to] -= put
        points += k
    return points


def calamity_done(s: MegaState) -> None:  # pragma: no cover - tasks never use the shared queue
    next_calamity(s)

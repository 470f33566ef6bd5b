"""Legal actions and their effects, phase by phase (CCG-4 to CCG-9).

``apply`` accepts exactly the actions ``legal_actions`` lists, so an illegal
action is refused before anything changes; the flow functions then carry the
game forward to the next decision.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from civtable.core.action import normalize
from civtable.core.errors import IllegalActionError

from .actions import (
    ATTACK,
    BLOCK,
    BOUNCE,
    BUILD,
    BUY_PLOT,
    BUY_POP,
    BUY_TECH,
    CASH,
    DESTROY,
    DISCARD,
    DONE,
    DRAFT,
    DRAW,
    FIGHT,
    GAIN,
    GIVE,
    LAWS,
    LOSE,
    PASS,
    PLACE,
    SIEGE,
    TAKE,
    TRADE,
    WRITING,
    YIELD,
    CcgAction,
    act,
)
from .cards import BUILDING, COMMERCE, FOOD, HAMMERS, RESOURCES
from .state import (
    ACTIVE,
    BLOCKED,
    BOUNCED,
    BOUNCING,
    COLLECT,
    DECLARE,
    DEFENDING,
    DESTROYING,
    DISCARDING,
    DRAFTING,
    DRAWING,
    FREE_POP,
    GAINING,
    GIVING,
    LOSING,
    MAIN,
    OVER,
    PHASE_NAMES,
    REDECLARE,
    SIEGED,
    SIEGING,
    START_DISCARD,
    TAKING,
    WINDOW,
    CcgState,
)

# 3:1 bank trades: every multiset of three resources (bank-trade A)
TRADE_INPUTS = tuple(combinations_with_replacement(range(3), 3))


def _a(s: CcgState, code: int, a: int, b: int, c: int, kind: str, *args: object) -> CcgAction:
    found = s.rules.cache.get((code, a, b, c))  # the shared object, without a second call
    return found if found is not None else act(s.rules.cache, code, a, b, c, kind, *args)


# ---------------------------------------------------------------- legal actions
def legal_actions(s: CcgState, p: int) -> list[CcgAction]:
    phase = s.phase
    r = s.rules
    if phase == DRAFTING:
        return [_a(s, DRAFT, t, 0, 0, "draft", r.cards.plots[t].id) for t in sorted(set(s.draft_row))]
    if phase == FREE_POP:
        return [_a(s, PLACE, i, 0, 0, "place", i + 1) for i in range(len(s.plots[p]))]
    if phase in (START_DISCARD, DISCARDING):
        return _discards(s, p)
    if phase == WINDOW:
        return [*_steals(s, p), _a(s, PASS, 0, 0, 0, "pass")]
    if phase == COLLECT:
        plot = s.plots[p][s.queue[0][0]]
        return [_a(s, YIELD, t, 0, 0, "yield", RESOURCES[t]) for t in r.plot_types[plot[0]]]
    if phase == MAIN:
        return _main(s, p)
    if phase in (DECLARE, REDECLARE):
        out = _attacks(s, p, resend=phase == REDECLARE)
        if s.attacks and any(a[2] == ACTIVE for a in s.attacks) or phase == REDECLARE:
            out.append(_a(s, FIGHT, 0, 0, 0, "fight"))
        if phase == DECLARE and not s.attacks:
            out.append(_a(s, PASS, 0, 0, 0, "pass"))
        return out
    if phase == SIEGING:
        return [_a(s, SIEGE, 1, 0, 0, "siege", "yes"), _a(s, SIEGE, 0, 0, 0, "siege", "no")]
    if phase == BOUNCING:
        kinds = sorted({a[0] for a in s.attacks if a[1] == p and a[2] == ACTIVE})
        return [_a(s, BOUNCE, c, 0, 0, "bounce", r.ids[c]) for c in kinds]
    if phase == DEFENDING:
        return [*_blocks(s, p), _a(s, DONE, 0, 0, 0, "done")]
    if phase == LOSING:
        return [_a(s, LOSE, i, 0, 0, "lose", i + 1) for i, pl in enumerate(s.plots[p]) if pl[1]]
    if phase == GAINING:
        return [_a(s, GAIN, i, 0, 0, "gain", i + 1) for i in range(len(s.plots[p]))]
    if phase == DESTROYING:
        return [_a(s, DESTROY, c, i, 0, "destroy", r.ids[c], i + 1) for c, i in _destroyable(s, p)]
    if phase == TAKING:
        return [_a(s, TAKE, t, 0, 0, "take", RESOURCES[t]) for t in range(3) if s.res[s.target][t]]
    if phase == GIVING:
        return [_a(s, GIVE, t, 0, 0, "give", RESOURCES[t]) for t in range(3) if s.res[p][t]]
    if phase == DRAWING:
        return _draw_choices(s, p)
    return []


def _discards(s: CcgState, p: int) -> list[CcgAction]:
    h = s.hand[p]
    return [_a(s, DISCARD, c, 0, 0, "discard", s.rules.ids[c]) for c in range(s.rules.n_cards) if h[c]]


def _steals(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-9.2: Writing (a random card) and Code of Laws (three resources)."""
    r = s.rules
    out = []
    for q in range(s.n):
        if q == p:
            continue
        if s.techs[p] & r.writing_mask and not s.used[p] & 1 and any(s.hand[q]):
            out.append(_a(s, WRITING, q, 0, 0, "writing", q))
        if s.techs[p] & r.laws_mask and not s.used[p] & 2 and any(s.res[q]):
            out.append(_a(s, LAWS, q, 0, 0, "laws", q))
    return out


def _main(s: CcgState, p: int) -> list[CcgAction]:
    if s.attacks:  # step-order B: once units are declared, the combat comes first
        return _main_combat(s, p)
    out: list[CcgAction] = []
    for gen in _MAIN_ORDER:
        out.extend(gen(s, p))
    return out


def _main_combat(s: CcgState, p: int) -> list[CcgAction]:
    return [*_attacks(s, p, resend=False), _a(s, FIGHT, 0, 0, 0, "fight")]


def _main_pops(s: CcgState, p: int) -> list[CcgAction]:
    if not s.pop_bank:
        return []
    food = s.res[p][FOOD]
    return [_a(s, BUY_POP, i, 0, 0, "pop", i + 1) for i in range(len(s.plots[p])) if food >= s.population_cost(p, i)]


def _main_plots(s: CcgState, p: int) -> list[CcgAction]:
    res = s.res[p]
    cost = s.plot_cost(p)
    if not s.plot_display or res[0] + res[1] + res[2] < cost:
        return []
    ids = s.rules.cards.plots
    plans = _plot_payments(res, cost)
    out = []
    for t in sorted(set(s.plot_display)):
        for spare in plans:
            words = (f"spare-{RESOURCES[spare]}",) if spare < 3 else ()
            out.append(_a(s, BUY_PLOT, t, spare, 0, "plot", ids[t].id, *words))
    return out


def _main_techs(s: CcgState, p: int) -> list[CcgAction]:
    if not s.tech_display:
        return []
    commerce = s.res[p][COMMERCE]
    # Highest Happiness (a look at every player) takes at most 1 off: skip it when even
    # that cannot make the cheapest technology affordable
    if commerce < min(s.rules.tech_cost[t] for t in s.tech_display) - s.discounts(p)[0] - 1:
        return []
    red = s.reductions(p)
    ids = s.rules.tech_ids
    return [_a(s, BUY_TECH, t, 0, 0, "tech", ids[t]) for t in sorted(s.tech_display) if commerce >= s.tech_cost(p, t, red)]


def _main_builds(s: CcgState, p: int) -> list[CcgAction]:
    r = s.rules
    h = s.hand[p]
    hammers = s.res[p][HAMMERS]
    out: list[CcgAction] = []
    red: tuple[int, int, int] | None = None
    free: list[int] | None = None
    for c in r.placeable:
        if h[c]:
            if red is None:
                red = s.reductions(p)
            if hammers < s.card_cost(p, c, red):
                continue
            if free is None:
                plots = s.plots[p]
                eng = any(r.tech_two_slots[t] for t in r.bits(s.techs[p]))
                free = [i for i in range(len(plots)) if len(plots[i]) - 2 < s.slots(p, i, eng)]
            for i in free:
                out.append(_a(s, BUILD, c, i, 0, "build", r.ids[c], i + 1))
    return out


def _main_cash(s: CcgState, p: int) -> list[CcgAction]:
    r = s.rules
    h = s.hand[p]
    return [_a(s, CASH, c, 0, 0, "cash", r.ids[c]) for c in r.resource_cards if h[c]]


def _main_trades(s: CcgState, p: int) -> list[CcgAction]:
    res = s.res[p]
    if res[0] + res[1] + res[2] < s.rules.numbers["bank_trade"]:
        return []
    return _trades(s, res)


def _main_attacks(s: CcgState, p: int) -> list[CcgAction]:
    if s.rules.steps_fixed or s.fought:
        return []
    return _attacks(s, p, resend=False)


def _main_done(s: CcgState, p: int) -> list[CcgAction]:
    return [_a(s, DONE, 0, 0, 0, "done")]


_MAIN_ORDER = (_main_pops, _main_plots, _main_techs, _main_builds, _main_cash, _main_trades, _steals,
               _main_attacks, _main_done)
"""The purchase step's actions, in the order ``legal_actions`` lists them."""

_MAIN_BY_CODE = {BUY_POP: _main_pops, BUY_PLOT: _main_plots, BUY_TECH: _main_techs, BUILD: _main_builds,
                 CASH: _main_cash, TRADE: _main_trades, WRITING: _steals, LAWS: _steals,
                 ATTACK: _main_attacks, DONE: _main_done}
"""The one generator of ``_MAIN_ORDER`` that can list an action of each code: checking an
action against it alone is the same check as against the whole list, for a fraction
of the work."""


def _trades(s: CcgState, res: list[int]) -> list[CcgAction]:
    """CCG-2.2.2: three resources for one (bank-trade A: any three; B: three of one type)."""
    r = s.rules
    table = r.trade_table
    if table is None:
        table = r.trade_table = _trade_table(s)
    f, h, c = res
    return [a for need, a in table if need[0] <= f and need[1] <= h and need[2] <= c]


def _trade_table(s: CcgState) -> list[tuple[tuple[int, int, int], CcgAction]]:
    """Every trade of this rule variant with the resources it needs, built once."""
    table = []
    if s.rules.trade_any:
        for inputs in TRADE_INPUTS:
            need = (inputs.count(0), inputs.count(1), inputs.count(2))
            text = "+".join(RESOURCES[i] for i in inputs)
            for t in range(3):
                if not need[t]:  # a trade that gives back a type it pays with only loses resources
                    table.append((need, _a(s, TRADE, need[0] * 16 + need[1] * 4 + need[2], t, 0,
                                             "trade", text, "for", RESOURCES[t])))
    else:
        for f in range(3):
            need = tuple(3 if i == f else 0 for i in range(3))
            for t in range(3):
                if t != f:
                    table.append((need, _a(s, TRADE, 3 << (4 - 2 * f), t, 1,  # type: ignore[arg-type]
                                           "trade", RESOURCES[f], "for", RESOURCES[t])))
    return table


def _attacks(s: CcgState, p: int, resend: bool) -> list[CcgAction]:
    """CCG-7.0 / 7.1: one attacking unit from hand against an adjacent player."""
    r = s.rules
    h = s.hand[p]
    if resend:
        kinds = sorted({a[0] for a in s.attacks if a[2] == BOUNCED and h[a[0]]})
    else:
        kinds = [c for c in r.units if h[c] and r.unit_attack[c]]
    targets = s.adjacent(p)
    return [_a(s, ATTACK, c, q, 0, "attack", r.ids[c], q) for c in kinds for q in targets]


def _blocks(s: CcgState, d: int) -> list[CcgAction]:
    """CCG-7.3: a legal defender for one unblocked attacker of this Defender."""
    r = s.rules
    h = s.hand[d]
    attackers = sorted({a[0] for a in s.attacks if a[1] == d and a[2] == ACTIVE})
    out = []
    for att in attackers:
        for c in r.units:
            if h[c] and r.unit_defend[c]:
                blocks = r.unit_blocks[c]
                if blocks is None or att in blocks:
                    out.append(_a(s, BLOCK, att, c, 0, "block", r.ids[att], r.ids[c]))
    return out


def _destroyable(s: CcgState, d: int) -> list[tuple[int, int]]:
    """CCG-2.6.2 / 2.7.2: buildings, never wonders; each distinct (card, plot) once."""
    kinds = s.rules.kind
    return sorted({(c, i) for i, pl in enumerate(s.plots[d]) for c in pl[2:] if kinds[c] == BUILDING})


def _extra_draw(s: CcgState, p: int) -> int:
    r = s.rules
    return (sum(r.tech_extra_draw[t] for t in r.bits(s.techs[p]))
            + sum(r.card_extra_draw[c] for c in s.placed_cards(p)))


def _draw_choices(s: CcgState, p: int) -> list[CcgAction]:
    base = s.rules.numbers["draw"]
    extra = _extra_draw(s, p)
    culture = s.has_highest_culture(p)
    out = []
    for x in (0, 1) if extra else (0,):
        for y in (0, 1) if culture else (0,):
            words = ["astronomy"] * x + ["culture"] * y
            out.append(_a(s, DRAW, x, y, 0, "draw", base + extra * x + y, *words))
    return out


# ---------------------------------------------------------------------- apply
def apply(s: CcgState, player: int, action: CcgAction | str) -> None:
    if s.phase == OVER:
        raise IllegalActionError("the game is over")
    if player != s.decider:
        raise IllegalActionError(f"it is player {s.decider}'s decision ({PHASE_NAMES[s.phase]}), not player {player}'s")
    a = _legal_one(s, player, action)
    if a is None:
        text = normalize(action) if isinstance(action, str) else action.text
        raise IllegalActionError(f"{text!r} is not legal for player {player} in the {PHASE_NAMES[s.phase]} step")
    _HANDLERS[s.phase](s, player, a)


def _legal_one(s: CcgState, p: int, action: CcgAction | str) -> CcgAction | None:
    """The legal action ``action`` stands for, or None: what ``apply`` checks before it
    changes anything.

    An action object of this card set (one of ``rules.cache``) in the purchase step is
    looked for only among the actions of its own code (``_MAIN_BY_CODE``), the same
    generator ``legal_actions`` uses for them, so the answer is the same as a search of
    the whole list at a fraction of the cost; anything else (text, another game's
    action, other steps, whose lists are short) is matched by text against the whole list.
    """
    if s.phase == MAIN and not s.attacks and isinstance(action, CcgAction):
        code = action.code
        if s.rules.cache.get((code, action.a, action.b, action.c)) is action:
            gen = _MAIN_BY_CODE.get(code)
            if gen is not None and any(a is action for a in gen(s, p)):
                return action
    text = normalize(action) if isinstance(action, str) else action.text
    for a in legal_actions(s, p):
        if a.text == text:
            return a
    return None


def _draft(s: CcgState, p: int, a: CcgAction) -> None:
    s.draft_row.remove(a.a)
    s.plots[p].append([a.a, 0])
    s.queue.pop(0)
    if s.queue:
        s.decider = s.queue[0]
        return
    n = s.n
    if s.left == 0:  # CCG-4.4: the second draft, the dealer first, in the other direction
        s.left = 1
        s.draft_row = [s.plot_deck.pop() for _ in range(n)]
        s.queue = [(s.dealer - k) % n for k in range(n)]
        s.decider = s.queue[0]
        return
    s.left = 0
    nums = s.rules.numbers
    _refill_plots(s, nums["display_plots"])  # CCG-4.5
    _refill_techs(s, nums["display_techs"])  # CCG-4.6
    s.queue = _order_from_dealer(s)  # CCG-4.8
    s.phase = FREE_POP
    s.decider = s.queue[0]


def _order_from_dealer(s: CcgState) -> list[int]:
    return [(s.dealer + 1 + k) % s.n for k in range(s.n)]


def _refill_plots(s: CcgState, size: int) -> None:
    while len(s.plot_display) < size and s.plot_deck:
        s.plot_display.append(s.plot_deck.pop())


def _refill_techs(s: CcgState, size: int) -> None:
    while len(s.tech_display) < size and s.tech_deck:
        s.tech_display.append(s.tech_deck.pop())


def _place_free(s: CcgState, p: int, a: CcgAction) -> None:
    s.plots[p][a.a][1] += s.rules.numbers["free_population"]
    s.pop_bank -= s.rules.numbers["free_population"]
    s.queue.pop(0)
    if s.queue:
        s.decider = s.queue[0]
        return
    sizes = s.rules.numbers["starting_hand"]
    order = _order_from_dealer(s)
    for k, q in enumerate(order):  # CCG-4.9: 6, 7, 8, 9 cards from the dealer's left
        _draw_cards(s, q, sizes[k])
    s.queue = order
    s.left = s.rules.numbers["starting_discard"]
    s.phase = START_DISCARD
    s.decider = order[0]
    _skip_empty_discards(s)


def _skip_empty_discards(s: CcgState) -> None:
    """Move past players with nothing to choose (no cards left to discard)."""
    while s.queue and not any(s.hand[s.queue[0]]):
        s.queue.pop(0)
        s.left = s.rules.numbers["starting_discard"]
    if s.queue:
        s.decider = s.queue[0]
    else:
        _first_turn(s)


def _start_discard(s: CcgState, p: int, a: CcgAction) -> None:
    s.hand[p][a.a] -= 1
    s.discard.append(a.a)
    s.left -= 1
    if s.left and any(s.hand[p]):
        return
    s.queue.pop(0)
    s.left = s.rules.numbers["starting_discard"]
    _skip_empty_discards(s)


def _first_turn(s: CcgState) -> None:
    s.left = 0
    s.current = (s.dealer + 1) % s.n  # CCG-4.10
    s.turn_no = 1
    _start_turn(s)


def _start_turn(s: CcgState) -> None:
    s.used = [0] * s.n
    s.fought = False
    r = s.rules
    if r.steal_any_turn:  # steal-timing B: the others may steal at the start of this turn
        mask = r.writing_mask | r.laws_mask
        s.queue = [q for q in ((s.current + k) % s.n for k in range(1, s.n)) if s.techs[q] & mask]
        if s.queue:
            s.phase = WINDOW
            s.decider = s.queue[0]
            if legal_actions(s, s.decider)[:-1]:
                return
            _window_next(s)
            return
    _collect(s)


def _window_next(s: CcgState) -> None:
    while True:
        s.queue.pop(0)
        if not s.queue:
            _collect(s)
            return
        s.decider = s.queue[0]
        if legal_actions(s, s.decider)[:-1]:
            return


def _window(s: CcgState, p: int, a: CcgAction) -> None:
    if a.code == PASS:
        _window_next(s)
        return
    _steal(s, p, a, back=WINDOW)
    if s.phase == WINDOW and not legal_actions(s, p)[:-1]:
        _window_next(s)


def _collect(s: CcgState) -> None:
    """CCG-5.1 to 5.3: plot yields, modifiers, then one resource per population."""
    p = s.current
    r = s.rules
    res = s.res[p]
    choices = []
    for i, pl in enumerate(s.plots[p]):
        y = r.plot_yields[pl[0]]
        granary = any(r.card_granary[c] for c in pl[2:])
        res[0] += y[0] * (2 if granary else 1)
        res[1] += y[1]
        res[2] += y[2]
        for c in pl[2:]:
            py = r.card_plot_yield[c]
            res[0] += py[0] * (2 if (granary and r.granary_all) else 1)
            res[1] += py[1]
            res[2] += py[2]
        pops = pl[1]
        if pops:
            types = r.plot_types[pl[0]]
            if len(types) == 1:
                res[types[0]] += pops * (2 if (granary and r.granary_all and types[0] == FOOD) else 1)
            else:
                choices.append([i, pops])
    for t in r.bits(s.techs[p]):
        ty = r.tech_yields[t]
        res[0] += ty[0]
        res[1] += ty[1]
        res[2] += ty[2]
        by = r.tech_building_yield[t]
        if by is not None:
            owned = sum(1 for c in s.placed_cards(p) if c == by[0])
            res[0] += by[1][0] * owned
            res[1] += by[1][1] * owned
            res[2] += by[1][2] * owned
    for c in s.placed_cards(p):
        cy = r.card_yields[c]
        res[0] += cy[0]
        res[1] += cy[1]
        res[2] += cy[2]
    if s.mining_due[p]:  # mining B: the one-time bonus at this collection
        res[HAMMERS] += len(s.plots[p])
        s.mining_due[p] = 0
    if choices:
        s.queue = choices
        s.phase = COLLECT
        s.decider = p
    else:
        _enter_main(s)


def _yield(s: CcgState, p: int, a: CcgAction) -> None:
    r = s.rules
    entry = s.queue[0]
    pl = s.plots[p][entry[0]]
    double = r.granary_all and a.a == FOOD and any(r.card_granary[c] for c in pl[2:])
    s.res[p][a.a] += 2 if double else 1
    entry[1] -= 1
    if not entry[1]:
        s.queue.pop(0)
        if not s.queue:
            _enter_main(s)


def _enter_main(s: CcgState) -> None:
    s.queue = []
    s.phase = MAIN
    s.decider = s.current


def _main_apply(s: CcgState, p: int, a: CcgAction) -> None:
    code = a.code
    r = s.rules
    res = s.res[p]
    if code == BUY_POP:
        res[FOOD] -= s.population_cost(p, a.a)
        s.plots[p][a.a][1] += 1
        s.pop_bank -= 1
    elif code == BUY_PLOT:
        paid = _pay_plan(res, s.plot_cost(p), a.b)
        res[0] -= paid[0]
        res[1] -= paid[1]
        res[2] -= paid[2]
        s.plot_display.remove(a.a)
        s.plots[p].append([a.a, 0])
        _refill_plots(s, r.numbers["display_plots"])
    elif code == BUY_TECH:
        res[COMMERCE] -= s.tech_cost(p, a.a)
        s.tech_display.remove(a.a)
        s.techs[p] |= 1 << a.a
        if r.tech_mining[a.a]:
            if r.mining_now:
                res[HAMMERS] += len(s.plots[p])
            else:
                s.mining_due[p] = 1
        _refill_techs(s, r.numbers["display_techs"])
        if not s.tech_display and not s.tech_deck:
            _last_tech_bought(s)
    elif code == BUILD:
        res[HAMMERS] -= s.card_cost(p, a.a)
        s.hand[p][a.a] -= 1
        s.plots[p][a.b].append(a.a)
    elif code == CASH:
        s.hand[p][a.a] -= 1
        s.discard.append(a.a)
        y = r.card_yields[a.a]
        res[0] += y[0]
        res[1] += y[1]
        res[2] += y[2]
    elif code == TRADE:
        res[0] -= a.a >> 4
        res[1] -= (a.a >> 2) & 3
        res[2] -= a.a & 3
        res[a.b] += 1
    elif code in (WRITING, LAWS):
        _steal(s, p, a, back=MAIN)
    elif code == ATTACK:
        _declare(s, p, a)
    elif code == FIGHT:
        _fight(s)
    elif code == DONE:
        if r.steps_fixed and any(s.hand[p][c] and r.unit_attack[c] for c in r.units) and s.adjacent(p):
            s.phase = DECLARE
        else:
            _draw_step(s)


def _pay_plan(res: list[int], cost: int, spare: int) -> tuple[int, int, int]:
    """CCG-6.4's 'any mix': from the largest stocks (ties: food first), the spared
    type (0-2) only when the other two run out; spare 3 spares none.

    One unit at a time from the largest stock levels the stocks down ("water
    filling"), so the result is computed in one pass: the ``g`` largest stocks end at
    level ``L`` or ``L + 1``, the highest-numbered types keeping the extra unit.
    """
    paid = [0, 0, 0]
    order = [i for i in range(3) if i != spare]
    avail = sum(res[i] for i in order)
    if cost > avail:  # the others run out: the spared type pays the rest
        for i in order:
            paid[i] = res[i]
        paid[spare] = cost - avail
        return (paid[0], paid[1], paid[2])
    ts = sorted(order, key=lambda i: (-res[i], i))
    vals = [res[i] for i in ts]
    m = len(ts)
    top = 0
    for g in range(1, m + 1):
        top += vals[g - 1]
        nxt = vals[g] if g < m else 0
        if top - cost >= nxt * g:
            level, extra = divmod(top - cost, g)
            group = sorted(ts[:g])
            for k, i in enumerate(group):
                paid[i] = res[i] - level - (1 if k >= g - extra else 0)
            break
    return (paid[0], paid[1], paid[2])


def _plot_payments(res: list[int], cost: int) -> list[int]:
    """The payment choices worth offering: the default, and each spared type that pays differently."""
    seen = {_pay_plan(res, cost, 3)}
    out = [3]
    for spare in range(3):
        plan = _pay_plan(res, cost, spare)
        if plan not in seen:
            seen.add(plan)
            out.append(spare)
    return out


def _last_tech_bought(s: CcgState) -> None:
    """CCG-1.1: the last technology ends the game (game-end-timing)."""
    timing = s.rules.end_timing
    if timing == 0:
        _finish(s)
    elif timing == 1:
        s.end_after = 0
    else:
        s.end_after = 1


def _steal(s: CcgState, p: int, a: CcgAction, back: int) -> None:
    """CCG-9.2: Writing takes a random hand card; Code of Laws three resources."""
    q = a.a
    if a.code == WRITING:
        s.used[p] |= 1
        h = s.hand[q]
        k = s.rng.below(sum(h))
        c = 0
        while k >= h[c]:
            k -= h[c]
            c += 1
        h[c] -= 1
        s.hand[p][c] += 1
        return
    s.used[p] |= 2
    take = min(s.rules.laws_amount, sum(s.res[q]))
    choice = s.rules.laws_choice
    if choice == 0:
        for _ in range(take):
            res = s.res[q]
            k = s.rng.below(sum(res))
            t = 0
            while k >= res[t]:
                k -= res[t]
                t += 1
            res[t] -= 1
            s.res[p][t] += 1
        return
    s.target = q
    s.left = take
    s.queue = [back, p, *s.queue]
    s.phase = TAKING if choice == 1 else GIVING
    s.decider = p if choice == 1 else q


def _take_give(s: CcgState, p: int, a: CcgAction) -> None:
    back, thief = s.queue[0], s.queue[1]
    victim = s.target
    s.res[victim][a.a] -= 1
    s.res[thief][a.a] += 1
    s.left -= 1
    if s.left:
        return
    del s.queue[:2]
    s.target = -1
    s.phase = back
    s.decider = s.current if back == MAIN else s.queue[0]
    if back == WINDOW and not legal_actions(s, s.decider)[:-1]:
        _window_next(s)


# ---------------------------------------------------------------- combat
def _declare(s: CcgState, p: int, a: CcgAction) -> None:
    s.hand[p][a.a] -= 1
    s.attacks.append([a.a, a.b, ACTIVE])


def _declare_phase(s: CcgState, p: int, a: CcgAction) -> None:
    if a.code == ATTACK:
        if s.phase == REDECLARE:  # bounce B: a bounced unit sent again
            for entry in s.attacks:
                if entry[0] == a.a and entry[2] == BOUNCED:
                    entry[1] = a.b
                    entry[2] = ACTIVE
                    break
            s.hand[p][a.a] -= 1
            return
        _declare(s, p, a)
    elif a.code == FIGHT:
        if s.phase == REDECLARE:
            _defend_start(s)
        else:
            _fight(s)
    else:  # pass
        _draw_step(s)


def _defenders(s: CcgState) -> list[int]:
    """CCG-7.3: the Defenders with an active attacker, starting with the first to the Attacker's left."""
    attacked = {a[1] for a in s.attacks if a[2] == ACTIVE}
    return [q for q in ((s.current + k) % s.n for k in range(1, s.n)) if q in attacked]


def _fight(s: CcgState) -> None:
    """CCG-7.2.1: Catapults against City Walls first."""
    s.queue = [i for i, a in enumerate(s.attacks) if s.rules.unit_siege[a[0]]]
    _siege_next(s)


def _siege_next(s: CcgState) -> None:
    while s.queue:
        i = s.queue[0]
        d = s.attacks[i][1]
        if not s.walls(d):
            s.queue.pop(0)
            continue
        first = not any(a[2] == SIEGED and a[1] == d for a in s.attacks)
        if first or s.rules.catapult_auto:
            s.queue.pop(0)
            _siege(s, i)
            continue
        s.phase = SIEGING
        s.decider = s.current
        return
    _bounce_start(s)


def _siege(s: CcgState, i: int) -> None:
    """The City Walls go back to the Defender's hand, the Catapult to the discard pile."""
    entry = s.attacks[i]
    d = entry[1]
    r = s.rules
    for pl in s.plots[d]:
        for c in pl[2:]:
            if r.card_walls[c]:
                _unplace(pl, c)
                s.hand[d][c] += 1
                entry[2] = SIEGED
                s.discard.append(entry[0])
                return


def _unplace(plot: list[int], card: int) -> None:
    """Take a placed card off a plot (its cards start at index 2)."""
    del plot[plot.index(card, 2)]


def _siege_choice(s: CcgState, p: int, a: CcgAction) -> None:
    i = s.queue.pop(0)
    if a.a:
        _siege(s, i)
    _siege_next(s)


def _bounce_start(s: CcgState) -> None:
    """CCG-7.2.2: each Defender bounces one attacker per City Walls and for the Great Wall."""
    s.queue = _defenders(s)
    _bounce_next(s)


def _bounce_next(s: CcgState) -> None:
    while s.queue:
        d = s.queue[0]
        walls = s.walls(d) + (1 if s.has_great_wall(d) else 0)
        mine = [a for a in s.attacks if a[1] == d and a[2] == ACTIVE]
        count = min(walls, len(mine))
        if count == 0:
            s.queue.pop(0)
            continue
        if count == len(mine) or len({a[0] for a in mine}) == 1:
            for a in mine[:count]:
                _bounce(s, a)
            s.queue.pop(0)
            continue
        s.left = count
        s.phase = BOUNCING
        s.decider = d
        return
    if s.rules.resend_bounced and any(a[2] == BOUNCED for a in s.attacks):
        s.phase = REDECLARE
        s.decider = s.current
        return
    _defend_start(s)


def _bounce(s: CcgState, entry: list[int]) -> None:
    entry[2] = BOUNCED
    s.hand[s.current][entry[0]] += 1


def _bounce_choice(s: CcgState, d: int, a: CcgAction) -> None:
    for entry in s.attacks:
        if entry[0] == a.a and entry[1] == d and entry[2] == ACTIVE:
            _bounce(s, entry)
            break
    s.left -= 1
    if not s.left:
        s.queue.pop(0)
        _bounce_next(s)


def _defend_start(s: CcgState) -> None:
    # bounced units that were not sent again are no longer part of this combat
    s.attacks = [a for a in s.attacks if a[2] != BOUNCED]
    s.queue = _defenders(s)
    if not s.queue:
        _combat_end(s)
        return
    s.phase = DEFENDING
    s.decider = s.queue[0]


def _defend(s: CcgState, d: int, a: CcgAction) -> None:
    if a.code == BLOCK:
        for i, entry in enumerate(s.attacks):
            if entry[0] == a.a and entry[1] == d and entry[2] == ACTIVE:
                # CCG-7.4: the blocked pair will be discarded; it leaves play now
                entry[2] = BLOCKED
                s.hand[d][a.b] -= 1
                s.blocks.append([i, a.b])
                s.discard.append(a.b)
                s.discard.append(entry[0])
                return
        return
    s.queue.pop(0)
    if s.queue:
        s.decider = s.queue[0]
        return
    r = s.rules
    s.damage = [[i, r.unit_pop_damage[e[0]], r.unit_building_damage[e[0]]]
                for i, e in enumerate(s.attacks) if e[2] == ACTIVE]
    _damage_next(s)


def _damage_next(s: CcgState) -> None:
    """CCG-7.5: each unblocked unit steals population or destroys buildings, as it can."""
    while s.damage:
        i, pops, buildings = s.damage[0]
        d = s.attacks[i][1]
        if pops:
            plots = [k for k, pl in enumerate(s.plots[d]) if pl[1]]
            if not plots:
                s.damage[0][1] = 0
                continue
            if len(plots) == 1:
                _lose(s, d, plots[0])
                return
            s.phase = LOSING
            s.decider = d
            return
        if buildings:
            options = _destroyable(s, d)
            if not options:
                s.damage[0][2] = 0
                continue
            if len(options) == 1:
                _destroy(s, d, *options[0])
                continue
            s.phase = DESTROYING
            s.decider = d
            return
        s.damage.pop(0)
    _combat_end(s)


def _lose(s: CcgState, d: int, plot: int) -> None:
    s.plots[d][plot][1] -= 1
    s.damage[0][1] -= 1
    a = s.current
    if len(s.plots[a]) == 1:
        s.plots[a][0][1] += 1
        _damage_next(s)
        return
    s.phase = GAINING
    s.decider = a


def _destroy(s: CcgState, d: int, card: int, plot: int) -> None:
    """CCG-2.6.2: a destroyed building returns to its owner's hand."""
    _unplace(s.plots[d][plot], card)
    s.hand[d][card] += 1
    s.damage[0][2] -= 1


def _losing(s: CcgState, d: int, a: CcgAction) -> None:
    _lose(s, d, a.a)


def _gaining(s: CcgState, p: int, a: CcgAction) -> None:
    s.plots[p][a.a][1] += 1
    _damage_next(s)


def _destroying(s: CcgState, d: int, a: CcgAction) -> None:
    _destroy(s, d, a.a, a.b)
    _damage_next(s)


def _combat_end(s: CcgState) -> None:
    """CCG-7.6: the units that took part (and were not bounced) are discarded."""
    for entry in s.attacks:
        if entry[2] == ACTIVE:
            s.discard.append(entry[0])
    s.attacks, s.blocks, s.damage = [], [], []
    s.queue = []
    s.fought = True
    if s.rules.steps_fixed:
        _draw_step(s)
    else:
        s.phase = MAIN
        s.decider = s.current


# ------------------------------------------------------------ draw, end of turn
def _draw_step(s: CcgState) -> None:
    """CCG-8.1 to 8.3: draw 4 (Astronomy +1, Highest Culture +1 with one more discard)."""
    p = s.current
    choices = _draw_choices(s, p)
    if s.rules.extra_optional and len(choices) > 1:
        s.phase = DRAWING
        s.decider = p
        return
    _draw_chosen(s, p, choices[-1])


def _draw_chosen(s: CcgState, p: int, a: CcgAction) -> None:
    nums = s.rules.numbers
    _draw_cards(s, p, nums["draw"] + _extra_draw(s, p) * a.a + a.b)
    s.left = nums["discard"] + a.b
    _discard_next(s)


def _discard_next(s: CcgState) -> None:
    p = s.current
    if s.left and any(s.hand[p]):
        if sum(s.hand[p]) <= s.left:  # nothing to choose: the whole hand goes
            for c, k in enumerate(s.hand[p]):
                s.discard.extend([c] * k)
                s.hand[p][c] = 0
        else:
            s.phase = DISCARDING
            s.decider = p
            return
    s.left = 0
    _end_turn(s)


def _discarding(s: CcgState, p: int, a: CcgAction) -> None:
    s.hand[p][a.a] -= 1
    s.discard.append(a.a)
    s.left -= 1
    _discard_next(s)


def _draw_cards(s: CcgState, p: int, k: int) -> None:
    h = s.hand[p]
    for _ in range(k):
        if not s.deck:
            if not (s.rules.reshuffle and s.discard):
                return
            s.deck = s.discard
            s.discard = []
            s.rng.shuffle(s.deck)
        h[s.deck.pop()] += 1


def _end_turn(s: CcgState) -> None:
    r = s.rules
    p = s.current
    if not r.keep_resources:
        s.res[p] = [0, 0, 0]
    last_of_round = p == s.dealer  # play starts left of the dealer, so the dealer ends a round
    if s.end_after == 0 or (s.end_after == 1 and last_of_round) or s.turn_no >= r.max_turns:
        _finish(s)
        return
    s.current = (p + 1) % s.n
    s.turn_no += 1
    _start_turn(s)


def _finish(s: CcgState) -> None:
    """CCG-1.2 / 1.3: most VP, then most technologies, then most population."""
    keys = [(s.vp(p), s.tech_count(p), s.population(p)) for p in range(s.n)]
    best = max(keys)
    top = [p for p in range(s.n) if keys[p] == best]
    s.winner_list = top if (len(top) == 1 or s.rules.shared_win) else []
    s.phase = OVER
    s.queue = []


_HANDLERS = {
    DRAFTING: _draft,
    FREE_POP: _place_free,
    START_DISCARD: _start_discard,
    WINDOW: _window,
    COLLECT: _yield,
    MAIN: _main_apply,
    DECLARE: _declare_phase,
    REDECLARE: _declare_phase,
    SIEGING: _siege_choice,
    BOUNCING: _bounce_choice,
    DEFENDING: _defend,
    LOSING: _losing,
    GAINING: _gaining,
    DESTROYING: _destroying,
    TAKING: _take_give,
    GIVING: _take_give,
    DRAWING: _draw_chosen,
    DISCARDING: _discarding,
}


"""The purchase step (CCG-6.1 to CCG-6.5, CCG-2.2, CCG-4.7): population, plots,
technologies, buildings and wonders, resource cards cashed, 3:1 bank trades; with
step-order B attacks are declared from here too.

``legal_main`` lists the step's actions from the action objects of ``rules.acts``,
built once per game object.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from ..actions import (
    ATTACK,
    BUILD,
    BUY_PLOT,
    BUY_POP,
    BUY_TECH,
    CASH,
    DONE,
    FIGHT,
    LAWS,
    TRADE,
    WRITING,
    CcgAction,
    trade_paid,
)
from ..catalog import COMMERCE, FOOD, HAMMERS, WONDER, res_dict
from ..state import DECLARE, MAIN
from .combat import attacks, declare, fight
from .draw import draw_step
from .end import last_tech_bought
from .status import before as status_before
from .status import tell as status_tell
from .turn import steal, steals

if TYPE_CHECKING:
    from ..state import CcgState

# 3:1 bank trades: every multiset of three resources (bank-trade A)
TRADE_INPUTS = tuple(combinations_with_replacement(range(3), 3))


# ---------------------------------------------------------------- legal actions
def legal_main(s: CcgState, p: int) -> list[CcgAction]:
    """The purchase step's actions (CCG-2.2.1: any number, in any order), in the order the
    menus show them (issue 26: what gives victory points first, what only loses last):

    - ``pop N``: CCG-6.3 / CCG-2.3.3, a population on any plot for 6 + 2P Food while
      the bank has one; populations need not be spread (CCG-2.3.4);
    - ``tech T``: CCG-6.5, a displayed technology for its cost in Commerce less the
      discounts and Highest Happiness (CCG-3.5);
    - ``build C N``: CCG-6.1 / CCG-2.1.4 / CCG-2.7.1, a building or wonder of the hand
      for Hammers (wonders without Highest Happiness's discount) on a plot with a free
      slot (wonders use the slots too);
    - ``cash C``: CCG-2.2.3, a resource card of the hand cashed for its resources;
    - ``plot X [spare-R]``: CCG-6.4, a plot of the display for 15 + 5(P - 4) resources
      of any kind (``plot_payments``);
    - ``writing Q`` / ``laws Q``: CCG-9.2 (``turn.steals``); ``attack U Q``: CCG-5.0
      with step-order B (``attacks``); ``done``;
    - ``trade ...``: CCG-2.2.2, three resources for one (bank-trade A: any three; B:
      three of one type), listed once per stock of up to three of each type: last, as
      each loses two resources (and two of them in a row may undo each other).

    Every action is an object of ``rules.acts``, built once per game object. The list is
    built with plain loops and indexing, which the interpreter runs from code it keeps
    hot: the C helpers (``compress``, ``itemgetter``, ``map``, dictionaries keyed by
    tuples) made fewer instructions but twice the instruction-cache misses of a call
    (issue 18; ``docs/benchmarks.md``).
    """
    r = s.rules
    acts = r.acts
    if s.attacks:  # step-order B: once units are declared, the combat comes first
        return [*attacks(s, p, resend=False), acts.fight]
    (pop_base, pop_step, pop, plot_base, plot_step, wonder_budgets, building_budgets, affordable, build,
     resource_cards, cash, trade_min, trades_with, steal_mask, steps_fixed, done) = acts.main
    res = s.res[p]
    f, h, c = res
    plots = s.plots[p]
    out: list[CcgAction] = []
    if f >= pop_base and s.pop_bank:
        i = 0
        for pl in plots:
            if f >= pop_base + pop_step * pl[1]:
                out.append(pop[i])
            i += 1  # noqa: SIM113 (enumerate's iterator costs more than the count here)
    d = s.derived[p] or s.derive(p)
    happy = -1  # Highest Happiness (1 or 0), looked at only when it may matter
    display = s.tech_display
    if display:
        price = r.tech_cost
        most = c + d.tech_discount  # the printed cost it can pay
        cheapest = most + 2
        for t in display:
            if price[t] < cheapest:
                cheapest = price[t]
        if most + 1 >= cheapest:
            happy = 1 if p in (s.held or s.statuses())[1] else 0
            most += happy
            got = []
            for t in display:
                if price[t] <= most:
                    got.append(t)
            if got:
                got.sort()
                tech = acts.tech
                for t in got:
                    out.append(tech[t])
    hand = s.hand[p]
    # the buildings and wonders the Hammers pay for (Highest Happiness, CCG-3.5, looked at
    # when it may matter), then those of them in hand
    low, top = wonder_budgets
    w = h + d.wonder_discount - low
    w = 0 if w < 0 else w if w < top else top - 1
    low, top = building_budgets
    b = h + d.building_discount - low
    if affordable[0 if b < -1 else b + 1 if b + 1 < top else top - 1][w]:  # with Highest Happiness
        if happy < 0:
            happy = 1 if p in (s.held or s.statuses())[1] else 0
        b += happy
        held = []
        for k in affordable[0 if b < 0 else b if b < top else top - 1][w]:
            if hand[k]:
                held.append(k)
        if held:
            free = s.free_plots(p, d.engineering)
            if free:
                for k in held:
                    on = build[k]
                    for i in free:
                        out.append(on[i])
    for k in resource_cards:
        if hand[k]:
            out.append(cash[k])
    cost = plot_base + plot_step * len(plots)
    if f + h + c >= cost and s.plot_display:
        key = (f, h, c, cost)
        plans = r.pay_choices.get(key)
        if plans is None:
            if len(r.pay_choices) > 16384:
                r.pay_choices.clear()
            plans = r.pay_choices[key] = plot_payments(res, cost)
        types = []  # the plot types shown, each once, in order
        for t in s.plot_display:
            if t not in types:
                types.append(t)
        types.sort()
        row = acts.plot
        for t in types:
            for spare in plans:
                out.append(row[t][spare])
    if s.techs[p] & steal_mask:
        out += steals(s, p)
    if not steps_fixed and not s.fought:
        out += attacks(s, p, resend=False)
    out.append(done)
    if f + h + c >= trade_min:  # last: every trade loses two resources of three
        out += trades_with[(f if f < 3 else 3) * 16 + (h if h < 3 else 3) * 4 + (c if c < 3 else 3)]
    return out


# ---------------------------------------------------------------------- apply
def play_main(s: CcgState, p: int, a: CcgAction) -> None:
    code = a.code
    r = s.rules
    res = s.res[p]
    if code == BUY_POP:  # CCG-2.3.2: it stays on that plot until stolen
        cost = s.population_cost(p, a.a)
        res[FOOD] -= cost
        s.plots[p][a.a][1] += 1
        s.pop_bank -= 1
        if s.journal is not None:
            s.emit("buy.population", {"player": p, "plot": r.cards.plots[s.plots[p][a.a][0]].id,
                                      "number": a.a + 1, "paid": {"food": cost}})
    elif code == BUY_PLOT:
        paid = pay_plan(res, s.plot_cost(p), a.b)
        res[0] -= paid[0]
        res[1] -= paid[1]
        res[2] -= paid[2]
        s.plot_display.remove(a.a)
        s.plots[p].append([a.a, 0])
        s.emit("buy.plot", {"player": p, "plot": r.cards.plots[a.a].id, "paid": res_dict(paid)})
        refill_plots(s, r.numbers["display_plots"])
    elif code == BUY_TECH:
        buy_tech(s, p, a.a)
    elif code == BUILD:
        was = status_before(s, r.card_culture[a.a], r.card_happiness[a.a])
        cost = s.card_cost(p, a.a)
        res[HAMMERS] -= cost
        s.hand[p][a.a] -= 1
        s.plots[p][a.b].append(a.a)
        s.gained(p, card=a.a)
        if s.journal is not None:
            s.emit("buy.wonder" if r.kind[a.a] == WONDER else "buy.building",
                   {"player": p, "card": r.ids[a.a], "plot": r.cards.plots[s.plots[p][a.b][0]].id,
                    "number": a.b + 1, "paid": {"hammers": cost}})
        status_tell(s, was)
    elif code == CASH:
        s.hand[p][a.a] -= 1
        s.discard.append(a.a)
        y = r.card_yields[a.a]
        res[0] += y[0]
        res[1] += y[1]
        res[2] += y[2]  # the move says it all: "cash Food +2 for 2 Food"
    elif code == TRADE:
        paid = trade_paid(a)
        res[0] -= paid[0]
        res[1] -= paid[1]
        res[2] -= paid[2]
        res[a.b] += 1  # the move says it all: "trade 3 Food for 1 Commerce with the bank"
    elif code in (WRITING, LAWS):
        steal(s, p, a, back=MAIN)
    elif code == ATTACK:
        declare(s, p, a)
    elif code == FIGHT:
        fight(s)
    elif code == DONE:
        if r.steps_fixed and any(s.hand[p][c] and r.unit_attack[c] for c in r.units) and s.adjacent(p):
            s.phase = DECLARE  # CCG-5.0 (step-order A): the combat step
        else:
            draw_step(s)


def buy_tech(s: CcgState, p: int, t: int) -> None:
    """CCG-6.5, CCG-2.4.2 (Mining: A 1 Hammer per plot now; B at the next collection),
    CCG-4.7 (the display is refilled), CCG-1.1 (the last technology ends the game)."""
    r = s.rules
    res = s.res[p]
    was = status_before(s, r.tech_culture[t], r.tech_happiness[t])
    cost = s.tech_cost(p, t)
    res[COMMERCE] -= cost
    s.tech_display.remove(t)
    s.techs[p] |= 1 << t
    s.gained(p, tech=t)
    s.emit("buy.tech", {"player": p, "tech": r.tech_ids[t], "paid": {"commerce": cost}})
    status_tell(s, was)
    if r.tech_mining[t]:
        if r.mining_now:
            res[HAMMERS] += len(s.plots[p])
            s.emit("mining.now", {"player": p, "gain": {"hammers": len(s.plots[p])}})
        else:
            s.mining_due[p] = 1
            s.emit("mining.later", {"player": p})
    refill_techs(s, r.numbers["display_techs"])
    if not s.tech_display and not s.tech_deck:
        last_tech_bought(s)


def refill_plots(s: CcgState, size: int, announce: bool = True) -> None:
    """CCG-4.7 / CCG-2.1.5: the plot display is refilled to three while the deck lasts."""
    while len(s.plot_display) < size and s.plot_deck:
        t = s.plot_deck.pop()
        s.plot_display.append(t)
        if announce:
            s.emit("display.plot", {"plot": s.rules.cards.plots[t].id})


def refill_techs(s: CcgState, size: int, announce: bool = True) -> None:
    """CCG-4.7: the technology display is refilled to three while the deck lasts."""
    while len(s.tech_display) < size and s.tech_deck:
        t = s.tech_deck.pop()
        s.tech_display.append(t)
        if announce:
            s.emit("display.tech", {"tech": s.rules.tech_ids[t]})


def pay_plan(res: list[int], cost: int, spare: int) -> tuple[int, int, int]:
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


def plot_payments(res: list[int], cost: int) -> list[int]:
    """The payment choices worth offering: the default, and each spared type that pays
    differently. A type the default does not pay with is spared by the default already
    (the others level down alike: checked on every stock of up to 21 of each type and
    every cost; the tests check up to 12), so its plan is not computed."""
    default = pay_plan(res, cost, 3)
    seen = {default}
    out = [3]
    for spare in range(3):
        if not default[spare]:
            continue
        plan = pay_plan(res, cost, spare)
        if plan not in seen:
            seen.add(plan)
            out.append(spare)
    return out

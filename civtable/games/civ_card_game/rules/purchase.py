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
from ..phases import DECLARE, MAIN
from . import combat, draw, end, status, turn

if TYPE_CHECKING:
    from ..state import CcgState

# 3:1 bank trades: every multiset of three resources (bank-trade A)
TRADE_INPUTS = tuple(combinations_with_replacement(range(3), 3))


# ---------------------------------------------------------------- legal actions
def legal_main(s: CcgState, p: int) -> list[CcgAction]:
    """The purchase step's actions, in this order: population, plots, technologies,
    buildings and wonders, cash, trades, thefts, attacks (step-order B), done."""
    if s.attacks:  # step-order B: once units are declared, the combat comes first
        return [*combat.attacks(s, p, resend=False), s.rules.acts.fight]
    out = pops(s, p)
    out += plots(s, p)
    out += techs(s, p)
    out += builds(s, p)
    out += cash(s, p)
    out += trades(s, p)
    out += turn.steals(s, p)
    out += attacks(s, p)
    out.append(s.rules.acts.done)
    return out


def pops(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-6.3 / CCG-2.2.1: a population on any plot for 6 + 2P Food, while the bank has one;
    populations need not be spread (CCG-2.3.4)."""
    if not s.pop_bank:
        return []
    r = s.rules
    food = s.res[p][FOOD]
    base = r.pop_cost_base
    if food < base:
        return []
    step = r.pop_cost_step
    acts = r.acts.pop
    return [acts[i] for i, pl in enumerate(s.plots[p]) if food >= base + step * pl[1]]


def plots(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-6.4 / CCG-2.2.1: a plot of the display for 15 + 5(P - 4) resources of any kind; a plain
    ``plot X`` pays from the largest stocks, ``plot X spare-R`` spares type R."""
    res = s.res[p]
    r = s.rules
    cost = r.plot_cost_base + r.plot_cost_step * len(s.plots[p])
    f, h, c = res
    if f + h + c < cost or not s.plot_display:
        return []
    key = (f, h, c, cost)
    plans = r.pay_choices.get(key)
    if plans is None:
        if len(r.pay_choices) > 4096:
            r.pay_choices.clear()
        plans = r.pay_choices[key] = plot_payments(res, cost)
    acts = r.acts.plot
    return [acts[t][spare] for t in sorted(set(s.plot_display)) for spare in plans]


def techs(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-6.5 / CCG-2.2.1: a displayed technology for its cost in Commerce, less the discounts."""
    if not s.tech_display:
        return []
    r = s.rules
    cost = r.tech_cost
    most = s.res[p][COMMERCE] + s.derive(p).tech_discount  # the printed cost it can pay
    # Highest Happiness takes at most 1 off: look at the statuses only when it may matter
    if most + 1 < min([cost[t] for t in s.tech_display]):
        return []
    most += p in s.statuses()[1]
    acts = r.acts.tech
    return [acts[t] for t in sorted(s.tech_display) if cost[t] <= most]


def builds(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-6.1 / CCG-2.1.4 / CCG-2.2.1 / CCG-2.7.1: a building or wonder of the hand, for Hammers, on a
    plot with a free slot (wonders use the slots too)."""
    r = s.rules
    h = s.hand[p]
    held = [c for c in r.placeable if h[c]]
    if not held:
        return []
    hammers = s.res[p][HAMMERS]
    d = s.derive(p)
    building = hammers + d.building_discount + (p in s.statuses()[1])  # CCG-3.5: Highest Happiness
    wonder = hammers + d.wonder_discount  # not for wonders
    cost = r.card_cost
    is_wonder = r.is_wonder
    held = [c for c in held if cost[c] <= (wonder if is_wonder[c] else building)]
    if not held:
        return []
    free = s.free_plots(p)
    acts = r.acts.build
    return [row[i] for row in [acts[c] for c in held] for i in free]


def cash(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-2.2.3: a resource card of the hand, cashed for its resources."""
    r = s.rules
    h = s.hand[p]
    acts = r.acts.cash
    return [acts[c] for c in r.resource_cards if h[c]]


def trades(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-2.2.2: three resources for one (bank-trade A: any three; B: three of one type);
    the trades of each stock of up to three of each type are listed once (``rules.acts``)."""
    f, h, c = s.res[p]
    if f + h + c < s.rules.trade_min:
        return []
    return s.rules.acts.trades_with[(f if f < 3 else 3) * 16 + (h if h < 3 else 3) * 4 + (c if c < 3 else 3)]


def attacks(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-5.0 (step-order B): attacks declared from the purchase step, before the combat."""
    if s.rules.steps_fixed or s.fought:
        return []
    return combat.attacks(s, p, resend=False)


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
        was = status.before(s, r.card_culture[a.a], r.card_happiness[a.a])
        cost = s.card_cost(p, a.a)
        res[HAMMERS] -= cost
        s.hand[p][a.a] -= 1
        s.plots[p][a.b].append(a.a)
        s.changed(p)
        if s.journal is not None:
            s.emit("buy.wonder" if r.kind[a.a] == WONDER else "buy.building",
                   {"player": p, "card": r.ids[a.a], "plot": r.cards.plots[s.plots[p][a.b][0]].id,
                    "number": a.b + 1, "paid": {"hammers": cost}})
        status.tell(s, was)
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
        turn.steal(s, p, a, back=MAIN)
    elif code == ATTACK:
        combat.declare(s, p, a)
    elif code == FIGHT:
        combat.fight(s)
    elif code == DONE:
        if r.steps_fixed and any(s.hand[p][c] and r.unit_attack[c] for c in r.units) and s.adjacent(p):
            s.phase = DECLARE  # CCG-5.0 (step-order A): the combat step
        else:
            draw.draw_step(s)


def buy_tech(s: CcgState, p: int, t: int) -> None:
    """CCG-6.5, CCG-2.4.2 (Mining: A 1 Hammer per plot now; B at the next collection),
    CCG-4.7 (the display is refilled), CCG-1.1 (the last technology ends the game)."""
    r = s.rules
    res = s.res[p]
    was = status.before(s, r.tech_culture[t], r.tech_happiness[t])
    cost = s.tech_cost(p, t)
    res[COMMERCE] -= cost
    s.tech_display.remove(t)
    s.techs[p] |= 1 << t
    s.changed(p)
    s.emit("buy.tech", {"player": p, "tech": r.tech_ids[t], "paid": {"commerce": cost}})
    status.tell(s, was)
    if r.tech_mining[t]:
        if r.mining_now:
            res[HAMMERS] += len(s.plots[p])
            s.emit("mining.now", {"player": p, "gain": {"hammers": len(s.plots[p])}})
        else:
            s.mining_due[p] = 1
            s.emit("mining.later", {"player": p})
    refill_techs(s, r.numbers["display_techs"])
    if not s.tech_display and not s.tech_deck:
        end.last_tech_bought(s)


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
    """The payment choices worth offering: the default, and each spared type that pays differently."""
    seen = {pay_plan(res, cost, 3)}
    out = [3]
    for spare in range(3):
        plan = pay_plan(res, cost, spare)
        if plan not in seen:
            seen.add(plan)
            out.append(spare)
    return out

"""Phase 1: tax and tax revolts (MC-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import AUTO, REVOLT
from .order import beneficiary
from .population import revolts

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def phase_tax(s: MegaState) -> None:
    """MC-1.0: every player pays at once; MC-1.1 (tax-source): 2 tokens per city from
    the stock (A) or from the map (B) into the treasury; a player who cannot pay it
    all has a tax revolt (MC-1.2), unless he holds Democracy."""
    r = s.rules
    per = r.tables.numbers["tax_per_city"]
    s.exempt = []
    s.built = [[] for _ in range(s.n)]
    pending = []
    for p in s.order:
        cities = len(s.cities_of(p))
        due = max(0, per + s.tax_rate[p]) * cities
        if r.tax_from_map:
            paid = min(due, s.tokens_on_map(p))
            pay_from_map(s, p, paid)
        else:
            paid = min(due, s.stock[p])
            s.stock[p] -= paid
        s.treasury[p] += paid
        if due:
            s.emit("tax.paid" if paid == due else "tax.unpaid", {"player": p, "paid": paid, "due": due})
        if due > paid and not s.holds(p, "no_tax_revolt"):  # Democracy: no revolt
            pending.extend([p] * revolts(due - paid, per, r.revolt_per_city))
    s.queue = pending  # the defaulting players, in AST order (MC-1.2.5)
    s.defaulters = sorted(set(pending))
    next_revolt(s)


def pay_from_map(s: MegaState, p: int, k: int) -> None:
    """MC-1.1 (tax-source B): the tax is taken from the player's largest stacks."""
    t = s.tokens[p]
    while k:
        a = max(range(len(t)), key=lambda i: (t[i], -i))
        take = min(k, t[a])
        t[a] -= take
        k -= take


def next_revolt(s: MegaState) -> None:
    """MC-1.2.1 to MC-1.2.6: each defaulting player loses one city to the Beneficiary."""
    r = s.rules
    while s.queue:
        victim = s.queue.pop(0)
        if not s.cities_of(victim):
            continue
        winner = beneficiary(s.city_stock, s.stock, s.rank, excluded=s.defaulters, needs_city=True)
        if winner is None and r.revolt_destroy_strict and any(s.city_stock):
            continue  # revolt-destroy B: a city is destroyed only when no player has a piece left
        if winner is None:  # MC-1.2.3: no possible Beneficiary has a city piece: destroyed
            area = s.cities_of(victim)[0]
            s.city[area] = -1
            s.city_stock[victim] += 1
            s.emit("revolt.destroyed", {"victim": victim, "area": s.board.areas[area].id})
            continue
        s.target = victim
        s.step, s.decider = REVOLT, winner
        if len(s.cities_of(victim)) == 1 and not r.revolt_optional:
            revolt(s, winner, r.act("revolt", s.board.areas[s.cities_of(victim)[0]].id))
        return
    s.target = -1
    s.step = AUTO
    s.decider = -1
    s.phase = 2


def legal_revolt(s: MegaState, p: int) -> list[Action]:
    """MC-1.2.1 (tax-revolt-optional): the Beneficiary chooses which city revolts (B: or declines)."""
    g = s.rules.act
    ids = s.board.areas
    return [g("revolt", ids[a].id) for a in s.cities_of(s.target)] + ([g("decline")] if s.rules.revolt_optional else [])


def play_revolt(s: MegaState, p: int, a: Action) -> None:
    revolt(s, p, a)


def revolt(s: MegaState, p: int, a: Action) -> None:
    """MC-1.2.1, MC-1.2.2: the Beneficiary replaces the chosen city with one of his own;
    MC-1.2.4: that city pays no tax and needs no support this turn."""
    victim = s.target
    if a.kind == "revolt":
        area = s.board.index(a.args[0])
        s.city[area] = p
        s.city_stock[p] -= 1
        s.city_stock[victim] += 1
        s.exempt.append(area)  # MC-1.2.4
        s.emit("revolt.city", {"beneficiary": p, "victim": victim, "area": a.args[0]})
    next_revolt(s)

"""Collecting resources (CCG-5.1 to CCG-5.3, CCG-2.1.1, CCG-2.3.5, CCG-2.6.1, CCG-2.4.2).

The plots' printed yields (a Granary doubles the printed Food, granary A; all the
plot's Food, B), the placed cards' plot yields, the technologies' and wonders'
yields, Mining's delayed bonus (mining B); then one resource per population, of a
type its plot yields: chosen, one decision each, on plots with several types.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import CcgAction
from ..catalog import FOOD, HAMMERS, res_dict
from ..state import COLLECT, MAIN

if TYPE_CHECKING:
    from ..state import CcgState


def collect(s: CcgState) -> None:
    """CCG-5.1 to 5.3 and CCG-2.1.2: plot yields, the modifiers of buildings and
    technologies (CCG-5.2), then one resource per population (the population bonus)."""
    p = s.current
    r = s.rules
    res = s.res[p]
    tell = s.journal is not None
    before = res[:] if tell else res
    parts: list[list[object]] = []
    choices = []
    plot_yields, card_granary, card_plot_yield, plot_types = r.plot_yields, r.card_granary, r.card_plot_yield, r.plot_types
    granary_all = r.granary_all
    placed = []  # the cards placed on the plots, plot by plot (as ``CcgState.placed_cards``)
    i = 0
    for pl in s.plots[p]:
        if tell:
            start = res[:]
        y = plot_yields[pl[0]]
        granary = False
        if len(pl) > 2:
            cards = pl[2:]
            placed += cards
            for c in cards:
                if card_granary[c]:
                    granary = True
                    break
            res[0] += y[0] * (2 if granary else 1)
            res[1] += y[1]
            res[2] += y[2]
            for c in cards:
                py = card_plot_yield[c]
                res[0] += py[0] * (2 if (granary and granary_all) else 1)
                res[1] += py[1]
                res[2] += py[2]
        else:
            res[0] += y[0]
            res[1] += y[1]
            res[2] += y[2]
        pops = pl[1]
        if pops:
            types = plot_types[pl[0]]
            if len(types) == 1:
                res[types[0]] += pops * (2 if (granary and granary_all and types[0] == FOOD) else 1)
            else:
                choices.append([i, pops])
        if tell:
            parts.append(["plot", r.cards.plots[pl[0]].id, res[0] - start[0], res[1] - start[1], res[2] - start[2]])
        i += 1  # noqa: SIM113 (enumerate's iterator costs more than the count here)
    for t in r.bits(s.techs[p]):
        ty = r.tech_yields[t]
        res[0] += ty[0]
        res[1] += ty[1]
        res[2] += ty[2]
        by = r.tech_building_yield[t]
        gain = [ty[0], ty[1], ty[2]]
        if by is not None:
            owned = placed.count(by[0])
            res[0] += by[1][0] * owned
            res[1] += by[1][1] * owned
            res[2] += by[1][2] * owned
            gain = [gain[k] + by[1][k] * owned for k in range(3)]
        if tell and any(gain):
            parts.append(["tech", r.tech_ids[t], *gain])
    card_yields = r.card_yields
    for c in placed:
        cy = card_yields[c]
        res[0] += cy[0]
        res[1] += cy[1]
        res[2] += cy[2]
        if tell and any(cy):
            parts.append(["card", r.ids[c], *cy])
    if s.mining_due[p]:  # mining B: the one-time bonus at this collection
        res[HAMMERS] += len(s.plots[p])
        s.mining_due[p] = 0
        if tell:
            parts.append(["mining", "mining", 0, len(s.plots[p]), 0])
    if tell:
        total = [res[0] - before[0], res[1] - before[1], res[2] - before[2]]
        s.emit("collect.yields", {"player": p, "total": res_dict(total), "parts": parts})
    if choices:
        s.queue = choices
        s.phase = COLLECT
        s.decider = p
    else:
        enter_main(s)


def legal_yield(s: CcgState, p: int) -> Sequence[CcgAction]:
    """CCG-5.3: a type the plot of the next population yields."""
    plot = s.plots[p][s.queue[0][0]]
    return s.rules.acts.yield_by_plot[plot[0]]


def play_yield(s: CcgState, p: int, a: CcgAction) -> None:
    """CCG-2.3.5: one resource for one population (doubled Food with a Granary, granary B)."""
    r = s.rules
    entry = s.queue[0]
    pl = s.plots[p][entry[0]]
    double = r.granary_all and a.a == FOOD and any(r.card_granary[c] for c in pl[2:])
    s.res[p][a.a] += 2 if double else 1  # the move says it: "take 1 Food from a population"
    entry[1] -= 1
    if not entry[1]:
        s.queue.pop(0)
        if not s.queue:
            enter_main(s)


def enter_main(s: CcgState) -> None:
    """CCG-6: the purchase step."""
    s.queue = []
    s.phase = MAIN
    s.decider = s.current

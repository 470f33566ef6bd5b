"""Phase 9: calamity resolution (MC-9): the calamities revealed, their order, and
each one started from its data entry (``start``) as tasks (``tasks.py``).

"Adjacent" areas of Civil War and Tyranny are adjacent by land (the texts that
mean water too say so). A calamity removes only its excess in phase 8 (MC-8.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import AUTO
from .cards import discard
from .damage import cal_beneficiary, offer_buy_off, param, push, regress, unit_points
from .disasters import cyclone, flood, volcano
from .report import report, snapshot
from .selection import calamities_of
from .tasks import run_tasks

if TYPE_CHECKING:
    from ..state import MegaState


def resolution_order(s: MegaState, held: dict[int, list[int]]) -> list[list[int]]:
    """MC-9.1.2 to MC-9.2.2 (calamity-order, non-tradable-first): [victim, card] in order;
    MC-9.2.1: a player's major calamities in increasing stack order."""
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
    held = {}
    s.revealed = [[] for _ in range(s.n)]
    for p in s.order:
        cs = calamities_of(s, p)
        if cs:
            held[p] = cs
            s.revealed[p] = list(cs)
            for c in cs:
                discard(s, p, c)
            s.emit("calamities.revealed", {"player": p, "cards": [s.cat.cards[c].id for c in cs]})
    s.calq = resolution_order(s, held)
    next_calamity(s)


def next_calamity(s: MegaState) -> None:
    """MC-9.2: the calamities one after another; each is told with its victim, its
    Beneficiary and what everybody lost (``report``)."""
    while s.calq:
        victim, card = s.calq.pop(0)
        s.log.append(f"{s.cat.cards[card].name} strikes {s.civ[victim]}")
        s.struck.append([s.cat.cards[card].id, victim, {}])  # what it does, told afterwards (report.record)
        if s.journal is not None:
            s.emit("calamity.struck", {"calamity": s.cat.cards[card].id, "victim": victim,
                                       "beneficiary": cal_beneficiary(s, victim, card)})
        before = snapshot(s, always=True)
        start(s, victim, card)
        done = run_tasks(s)
        report(s, before, s.cat.cards[card].id)
        if not done:
            return
    s.step, s.queue, s.decider = AUTO, [], -1
    s.phase = 10


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

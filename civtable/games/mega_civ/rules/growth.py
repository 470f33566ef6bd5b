"""Phase 2: population expansion and census (MC-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import AUTO, GROW
from .flow import ask, next_in_queue
from .population import growth

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def phase_growth(s: MegaState) -> None:
    """MC-2.1: every area with tokens grows (+1 for one token, +2 for two or more);
    a player whose stock cannot pay it all chooses the areas that grow (GROW)."""
    s.moved = [[0] * len(s.board.areas) for _ in range(s.n)]
    short = []
    limited = s.rules.growth_limited
    one, more = growth(1), growth(2)  # MC-2.1: one token grows by one, two or more by two
    for p in s.order:
        if not s.stock[p]:
            continue  # nothing to grow with
        t = s.tokens[p]
        if limited:
            need = sum(growth_of(s, p, a) for a in range(len(t)))
        else:
            ones = t.count(1)
            need = one * ones + more * (len(t) - t.count(0) - ones)
        if need <= s.stock[p]:
            for a in range(len(s.tokens[p])):
                if s.tokens[p][a]:
                    grow_area(s, p, a)
            if need:
                s.emit("population.grew", {"player": p, "added": need, "total": s.tokens_on_map(p)})
        else:
            short.append(p)  # MC-2.1 (growth-supply A): the player chooses which areas grow
    if not ask(s, GROW, short):
        census_and_go(s)


def growth_of(s: MegaState, p: int, a: int) -> int:
    k = s.tokens[p][a]
    add = growth(k)
    if s.rules.growth_limited:  # growth-supply B (Agriculture: the player's own limit)
        add = min(add, max(0, s.own_limit(p, a) - k))
    return add


def growable(s: MegaState, p: int) -> list[int]:
    """MC-2.1 (growth-supply A): areas the player may still choose to grow (marked in
    ``moved`` once grown; the movement phase resets it)."""
    grown = s.moved[p]
    return [a for a, k in enumerate(s.tokens[p]) if k and not grown[a] and growth_of(s, p, a)]


def legal_grow(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    return [g("grow", ids[a].id) for a in growable(s, p)]


def play_grow(s: MegaState, p: int, a: Action) -> None:
    area = s.board.index(a.args[0])
    grow_area(s, p, area)
    s.moved[p][area] = 1
    if not s.stock[p] or not growable(s, p):
        next_in_queue(s)


def grow_area(s: MegaState, p: int, a: int) -> None:
    add = growth(s.tokens[p][a])
    if s.rules.growth_limited:
        add = min(add, max(0, s.own_limit(p, a) - s.tokens[p][a]))
    add = min(add, s.stock[p])
    s.tokens[p][a] += add
    s.stock[p] -= add


def census_and_go(s: MegaState) -> None:
    """MC-2.2: each player counts his tokens on the map."""
    s.census = [s.tokens_on_map(p) for p in range(s.n)]
    s.phase = 3
    s.step = AUTO

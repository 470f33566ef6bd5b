"""Surplus population: its removal in phase 5 (MC-5.2) and phase 11 (MC-11.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .conflict import settle
from .report import Item, lost
from .support import support_start

if TYPE_CHECKING:
    from ..state import MegaState


def phase_surplus(s: MegaState) -> None:
    """MC-11.1 (phase-11): surplus removal, then (A) the support check again."""
    surplus(s)
    if s.rules.phase_11_support:
        support_start(s, next_phase=12)
    else:
        s.phase = 12


def surplus(s: MegaState) -> None:
    """MC-5.2 (surplus-scope): tokens left where a city was built; tokens over the limit."""
    scope = s.rules.surplus_scope
    areas = s.board.areas
    told = s.journal is not None
    removed: dict[int, list[Item]] = {}
    if scope in ("A", "C"):
        for p in range(s.n):
            keep = s.holds(p, "token_with_city") or 0  # Public Works: 1 token may stay
            for a in s.built[p]:
                k = s.tokens[p][a] - (keep if s.city[a] == p else 0)
                if k > 0:
                    s.take_tokens(p, a, k)
                    if told:
                        removed.setdefault(p, []).append({"tokens": k, "area": areas[a].id})
    if scope in ("B", "C"):
        busy = list(map(any, zip(*s.tokens, strict=True)))  # removals never add tokens anywhere
        for a in s.board.land_areas:
            if not busy[a]:
                continue
            limit = areas[a].population_limit or 0
            counts = {p: s.tokens[p][a] for p in range(s.n) if s.tokens[p][a]}
            if len(counts) == 1:  # alone: Agriculture and Public Works may let him keep more
                (p, k), = counts.items()
                own = s.own_limit(p, a)
                if s.city[a] == p:
                    own = max(own, s.holds(p, "token_with_city") or 0)
                if k > own:
                    s.take_tokens(p, a, k - own)
                    if told:
                        removed.setdefault(p, []).append({"tokens": k - own, "area": areas[a].id})
            elif sum(counts.values()) > limit:
                settle(s, a, counts, limit, cause="surplus")
    for p in s.order:
        if p in removed:
            lost(s, p, removed[p], "surplus")

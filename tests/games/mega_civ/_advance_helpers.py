"""Helpers of the advance tests: positions in phase 10 and 12 where Egypt, last in
AST order, still has a choice (so the automatic phases stop there)."""

from __future__ import annotations

from typing import Any

from ._mc_helpers import run_from
from ._seats import EGYPT

# Egypt, last in AST order, still has a choice: the flow stops there
EGYPT_SPECIAL = {EGYPT: {"advances": ["coinage"]}}
EGYPT_BUYER = {EGYPT: {"treasury": 50, "tokens": {"great_delta": 1}}}


def special(players: dict[int, dict[str, Any]], g=None, **kw: Any):
    """Phase 10 starts now; the first player in AST order with an ability decides."""
    return run_from(g, phase=10, players={**EGYPT_SPECIAL, **players}, **kw)


def buying(players: dict[int, dict[str, Any]], g=None, **kw: Any):
    """Phase 12 starts now (Egypt, last, can buy something too)."""
    return run_from(g, phase=12, players={**EGYPT_BUYER, **players}, **kw)


def hand(s, p: int) -> list[str]:
    return sorted(s.cat.cards[c].id for c in s.hands[p])


def owned(s, p: int) -> list[str]:
    return [s.cat.advances[a].id for a in s.owned[p]]


def adv(s, advance_id: str) -> int:
    return s.cat.advance(advance_id)

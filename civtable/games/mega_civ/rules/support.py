"""City support (MC-5.3): checked in phase 5 and, with phase-11 A, again in phase 11
(MC-11.1); the owners of unsupported cities reduce them, one at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import AUTO, REDUCE
from .flow import ask, next_in_queue
from .population import cities_supported

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def support_start(s: MegaState, next_phase: int) -> None:
    """MC-5.3: owners of unsupported cities reduce them, one at a time, their choice."""
    s.target = next_phase
    if not ask(s, REDUCE, [p for p in s.order if unsupported(s, p)]):
        support_done(s)


def support_done(s: MegaState) -> None:
    s.step = AUTO
    s.decider = -1
    s.phase = s.target
    s.target = -1


def unsupported(s: MegaState, p: int) -> list[int]:
    """MC-5.3 (support-counting): the cities that may be reduced now (the owner chooses
    among them); MC-1.2.4: a city that revolted this turn needs no support."""
    cities = [a for a in s.cities_of(p) if a not in s.exempt]
    if not cities:
        return []  # nothing to support (either way below)
    rate = s.support_rate(p)
    if s.rules.support_local:
        need = rate
        t = s.tokens[p]
        return [a for a in cities
                if t[a] + sum(t[b] for b in s.board.areas[a].land) < need]
    if cities_supported(s.tokens_on_map(p), len(cities), rate):
        return []
    return cities


def legal_reduce(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    return [g("reduce", ids[a].id) for a in unsupported(s, p)]


def play_reduce(s: MegaState, p: int, a: Action) -> None:
    """MC-5.3.2: the city is reduced to tokens; the owner goes on until the rest are supported."""
    s.reduce_city(p, s.board.index(a.args[0]))
    if not unsupported(s, p):
        next_in_queue(s)

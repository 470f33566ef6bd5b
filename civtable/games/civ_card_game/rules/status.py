"""Highest Culture and Highest Happiness (CCG-3.3, CCG-3.5): told when they change.

The statuses are derived from the table (``CcgState.statuses``); they can change only
when a technology is bought or a building or wonder is placed or removed, so only
those steps compare them before and after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import CcgState

Statuses = tuple[tuple[int, ...], tuple[int, ...]]


def before(s: CcgState, culture: int, happiness: int) -> Statuses | None:
    """The holders now, when anybody is listening and a card giving ``culture`` and
    ``happiness`` comes or goes (``None`` when the statuses cannot change or nobody hears)."""
    return s.statuses() if s.journal is not None and (culture or happiness) else None


def tell(s: CcgState, old: Statuses | None) -> None:
    """CCG-3.3 / CCG-3.5: a status that changed hands is told."""
    if old is None:
        return
    new = s.statuses()
    for status, was, now in zip(("culture", "happiness"), old, new, strict=True):
        if was != now:
            if now:
                s.emit("status.held", {"status": status, "players": list(now)})
            else:
                s.emit("status.lost", {"status": status})

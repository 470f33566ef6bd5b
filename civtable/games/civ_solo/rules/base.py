"""What the phase modules share: closing the historical event under way."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import SoloState


def end_event(s: SoloState) -> None:
    """The historical event is over (resolved, cancelled or void): on to the wonders (SOLO-7)."""
    s.event = None
    s.work = {}
    s.entry = []
    s.stage = "wonders"

"""Fixtures of the Mega Civilization tests."""

from __future__ import annotations

import pytest

from civtable.games.mega_civ import rules
from civtable.games.mega_civ.state import OVER, MegaState


@pytest.fixture
def stop_after_calamities(monkeypatch: pytest.MonkeyPatch) -> None:
    """Phase 10 does not start: the position is the one the calamities left."""
    def halt(s: MegaState) -> None:
        s.step = OVER

    monkeypatch.setitem(rules.PHASES, 10, halt)

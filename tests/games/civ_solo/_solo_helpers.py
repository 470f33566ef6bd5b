"""Helpers for the civ-solo tests: sessions with physical dice (``dice=table``), so a
test types every die and reaches the event it wants without searching seeds.

A turn with no event, from its event-dice question to the next turn's:
``quiet_turn``. ``answer(s, "die 5", "die 1", ...)`` types answers in order.
"""

from __future__ import annotations

from typing import Any

import civtable
from civtable.games.civ_solo.state import SoloState

GAME_ID = "civ-solo"


def game(**options: Any) -> Any:
    options.setdefault("dice", "table")
    return civtable.load_game(GAME_ID, **options)


def new(seed: int = 1, **options: Any) -> SoloState:
    """A session after 'start': turn 1, the event dice waiting."""
    s = game(**options).new_state(seed=seed)
    s.apply(0, "start")
    return s


def answer(s: SoloState, *texts: str) -> SoloState:
    for t in texts:
        s.apply(0, t)
    return s


def finish_turn(s: SoloState, gained: int = 0) -> SoloState:
    """From the trade question to the next turn's first question (no battle due)."""
    answer(s, "trade skip", "next", "next")
    while s.ask is not None and s.ask.startswith("gained:"):
        s.apply(0, f"gained {s.ask.split(':')[1]} {gained}")
    return s


def quiet_turn(s: SoloState) -> SoloState:
    """A turn without an event: no die shows 5 or 6."""
    assert s.ask == "dice", s.ask
    s.apply(0, "miss")
    return finish_turn(s)


def to_turn(s: SoloState, turn: int) -> SoloState:
    """Quiet turns until the event dice of ``turn`` wait."""
    while s.turn_no < turn:
        quiet_turn(s)
    assert s.turn_no == turn and s.ask == "dice"
    return s


def event(s: SoloState, face: int) -> SoloState:
    """From the event dice: a 5 triggers an event, then the event roll shows ``face``."""
    return answer(s, "die 5", f"die {face}")


def news(s: SoloState) -> str:
    return "\n".join(s.log[s.news_from:])


def everything(s: SoloState) -> str:
    return "\n".join(s.log)

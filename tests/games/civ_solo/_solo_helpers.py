"""Helpers for the civ-solo tests: sessions with physical dice (``dice=table``), so a
test types every die and reaches the event it wants without searching seeds.

A turn with no event, from its event-dice question to the next turn's:
``quiet_turn``. ``answer(s, "die 5", "die 1", ...)`` types answers in order.
``battle_at_play`` reaches a battle against the capital at the player's first card;
``with_deck`` replaces the opponent's face-down deck; ``told`` is what the player was
told (the events since a cursor, in words).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.cli import main
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


def schedule_battle(s: SoloState) -> SoloState:
    """A 6 on the event roll, not cancelled: a battle next turn (SOLO-4.4.2)."""
    event(s, 6)
    s.apply(0, "accept")
    return s


def battle_at_play(hand: list[str], fortified: bool, seed: int = 1, turn: int = 1, bonus: int = 0,
                   **options: Any) -> SoloState:
    s = to_turn(new(seed=seed, **options), turn)
    schedule_battle(s)
    finish_turn(s)
    answer(s, "miss", "trade skip", "next")
    assert s.ask == "fortified"
    answer(s, f"fortified {'yes' if fortified else 'no'}", *hand, "done", f"bonus {bonus}")
    return s


def with_deck(s: SoloState, deck: list[tuple[str, int]]) -> SoloState:
    """The same position with the opponent's face-down deck replaced (top card last)."""
    data = s.to_json()
    battle = data["battle"]
    battle["opponent_deck"] = [{"kind": k, "strength": n} for k, n in deck]
    played = sum(f["opponent"] is not None for f in battle["fronts"]) + len(battle["opponent_losses"])
    data["battle_info"]["limit"] = len(deck) + played  # the deck it drew (SOLO-4.4.5), as the position must say
    return s.game.state_from_json(data)



def bot_game(g: Any, bot: str, seed: int) -> Iterator[SoloState]:
    """A whole game of ``bot`` from ``seed``: every position before its answer, then the end."""
    s = g.new_state(seed=seed)
    agent = make_agent(bot, g, seed=seed)
    while not s.is_terminal():
        yield s
        s.apply(0, agent.act(PlayerView(s, 0)))
    yield s


def told(s: SoloState, since: int = 0, viewer: int | None = 0) -> list[str]:
    """The events ``viewer`` was told from its ``since``-th on, in words."""
    return [s.game.render_event(e, viewer) for e in s.events(viewer, since)]


def cli(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    """``civtable ARGV`` in this process (with ``stdin`` typed, for ``play``): the exit
    code and what it printed. A user error (exit code 2) must be one line, prefixed,
    without a traceback."""
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and err.startswith("civtable: error: "), err
        assert "Traceback" not in err
    return code, out, err

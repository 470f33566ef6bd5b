"""A bot's public message with its move (``Agent.talk``: a language model's words with a
Mega Civ trade offer) on the browser server: told to every seat and spectator, stored with
the move, and told again when the game is read back from the database or replayed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from civtable.agents.base import Agent  # noqa: E402
from civtable.server import create_app  # noqa: E402

from .api import new_game  # noqa: E402
from .test_api import view, wait_for  # noqa: E402

WORDS = "Two wool for your ochre? " + "x" * 400


def said(v: dict[str, Any]) -> list[str]:
    return [e["text"] for e in v["events"] if e["id"] == "talk"]


def test_a_bots_words_reach_every_viewer_and_survive_a_restart(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Agent, "talk", lambda self: WORDS)
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with TestClient(create_app(url, clock_check=0.05)) as c:
        gid, tokens = new_game(c, seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                               options={"start-player": 1})
        mine = wait_for(c, gid, tokens[0], lambda v: v["to_move"] == [0])
        watched = view(c, gid)
    assert said(mine) and said(mine) == said(watched)  # the seat and a spectator alike
    assert all(t.startswith("Player 1 (greedy) says: Two wool for your ochre? ") for t in said(mine))
    assert all(len(t) < len("Player 1 (greedy) says: ") + 201 for t in said(mine))  # at most 200 characters
    with TestClient(create_app(url, clock_check=0.05)) as c:  # a new server reads the game from the database
        again = view(c, gid, tokens[0])
    assert said(again) == said(mine)


def test_a_bot_that_says_nothing_adds_no_event(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", clock_check=0.05)) as c:
        gid, tokens = new_game(c, seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                               options={"start-player": 1})
        v = wait_for(c, gid, tokens[0], lambda v: v["to_move"] == [0])
    assert said(v) == []

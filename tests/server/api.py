"""What the tests of the server's API share (``tests/server/test_api.py``,
``tests/i18n/test_server.py``): games made, moves sent and records uploaded through
FastAPI's test client, and moves sent at once from several threads."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from civtable.core.registry import load_game
from civtable.sim.runner import play_game

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

    from civtable.core.records import Record


def new_game(c: TestClient, game: str = "catan-deckbuilding", seats: list[dict[str, Any]] | None = None,
             **extra: Any) -> tuple[str, dict[int, str]]:
    """A new game (one person against the greedy bot unless ``seats`` says otherwise;
    ``extra``: ``options``, ``seed``...): its id and the token of each seat with a link."""
    seats = seats or [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    r = c.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    data = r.json()
    return data["id"], {int(k): v.split("#t=")[1] for k, v in data["links"].items()}


def act(c: TestClient, gid: str, token: str, action: str, state: int | None) -> Any:
    return c.post(f"/api/games/{gid}/act", json={"action": action, "state": state}, headers={"X-Token": token})


def at_once(send: Callable[[], None], threads: int) -> None:
    """Runs ``send`` in ``threads`` threads at once and waits for them all."""
    running = [threading.Thread(target=send) for _ in range(threads)]
    for t in running:
        t.start()
    for t in running:
        t.join()


def upload_replay(c: TestClient, seed: int) -> tuple[Record, str]:
    """The record of a catan-deckbuilding game of two greedy bots (``seed``), uploaded
    as a replay: the record and the replay's id."""
    record = play_game(load_game("catan-deckbuilding"), ["greedy", "greedy"], seed).record()
    r = c.post("/api/replays", json={"record": record.dumps()})
    assert r.status_code == 200, r.text
    return record, str(r.json()["id"])

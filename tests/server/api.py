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
    ``extra``: ``options``, ``seed``...): its id and the token of each person's seat,
    invited seats claimed as the friend's browser claims them.

    A seed with one person makes a practice game (``practice``); a seed with several
    people, which the server refuses, is a test's own back door: the game is made in
    the database directly (a test needs that position, the server never allows it)."""
    seats = seats or [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    persons = sum(1 for s in seats if s["kind"] != "bot")
    if "seed" in extra and persons > 1:
        return _made_in_store(c, game, seats, **extra)
    if "seed" in extra:
        extra = {"practice": True, **extra}
    r = c.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    data = r.json()
    tokens = {int(k): v.split("#t=")[1] for k, v in data["links"].items()}
    for k, link in data["invites"].items():
        tokens[int(k)] = claim(c, data["id"], link)
    return data["id"], tokens


def claim(c: TestClient, gid: str, link: str) -> str:
    """The seat token a browser gets by opening invitation ``link``."""
    r = c.post(f"/api/games/{gid}/claim", json={"invite": link.split("#i=")[1]})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def _made_in_store(c: TestClient, game: str, seats: list[dict[str, Any]], seed: int,
                   options: dict[str, Any] | None = None, clock: int | None = None,
                   takeover: str = "greedy") -> tuple[str, dict[int, str]]:
    from civtable.server.store import SeatSpec
    from civtable.sim.runner import load_game_for

    store = c.app.state.store  # type: ignore[attr-defined]
    g = load_game_for(game, options or {}, len(seats))
    specs = [SeatSpec("human" if s["kind"] == "invite" else s["kind"], s.get("bot"), f"player {i}")
             for i, s in enumerate(seats)]
    made = store.create_game(g.id, dict(g.options), seed, specs, clock, takeover)
    return made.id, made.tokens


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


POSTGRES = "postgresql+psycopg://civtable:civtable@127.0.0.1/civtable_test"
"""The PostgreSQL that ``make test`` starts (``tools/test-postgres.sh``)."""


def postgres() -> str:
    """The test PostgreSQL's URL, or the test is skipped with the reason."""
    import pytest

    sqlalchemy = pytest.importorskip("sqlalchemy")
    pytest.importorskip("psycopg")
    try:
        sqlalchemy.create_engine(POSTGRES).connect().close()
    except Exception as e:  # no server here: say why
        pytest.skip(f"no PostgreSQL at 127.0.0.1 (tools/test-postgres.sh starts one): {e.__class__.__name__}")
    return POSTGRES

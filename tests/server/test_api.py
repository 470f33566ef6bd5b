"""The browser server's API, in process (FastAPI's test client on a fresh SQLite file)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from civtable.server import create_app  # noqa: E402

from .api import act, at_once, new_game, postgres, upload_replay  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", clock_check=0.05)
    with TestClient(app) as c:
        yield c


def view(c: TestClient, gid: str, token: str | None = None, since: int = 0) -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}/view?since={since}", headers={"X-Token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def wait_for(c: TestClient, gid: str, token: str | None, test: Any, timeout: float = 20) -> dict[str, Any]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = view(c, gid, token)
        if test(v):
            return v
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_create_play_and_the_bot_answers(client: TestClient) -> None:
    gid, tokens = new_game(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                           options={"start-player": 0}, seed=5)
    v = view(client, gid, tokens[0])
    assert v["viewer"] == 0 and v["to_move"] == [0] and v["legal"] and v["state"] == 0
    assert "hand" in v["observation"]["players"][0] and "hand" not in v["observation"]["players"][1]
    r = act(client, gid, tokens[0], "end", 0)
    assert r.status_code == 200 and r.json()["state"] == 1
    v = wait_for(client, gid, tokens[0], lambda v: v["to_move"] == [0] and v["state"] > 1)
    texts = [e["text"] for e in v["events"]]
    assert any("Player 1 (greedy)" in t for t in texts), texts


def test_a_move_answered_with_the_movers_view(client: TestClient) -> None:
    """A move that gives its event cursor (``since``) is answered with the view after it,
    the one ``GET /view`` gives the same seat (one request a move); without it, the answer
    is the new move number only. Another seat's hand is not in it."""
    gid, tokens = new_game(client, seats=[{"kind": "human"}, {"kind": "human"}],
                           options={"start-player": 0}, seed=9)
    r = client.post(f"/api/games/{gid}/act", json={"action": "end", "state": 0, "since": 0},
                    headers={"X-Token": tokens[0], "Accept-Language": "de"})
    assert r.status_code == 200, r.text
    answer = r.json()["view"]
    fetched = client.get(f"/api/games/{gid}/view?since=0",
                         headers={"X-Token": tokens[0], "Accept-Language": "de"}).json()
    assert answer["state"] == fetched["state"] == 1 and answer["lang"] == "de"
    for key in ("viewer", "to_move", "legal", "observation", "events", "cursor", "html", "seats", "stamp"):
        assert answer[key] == fetched[key], key
    assert "hand" in answer["observation"]["players"][0] and "hand" not in answer["observation"]["players"][1]
    plain = client.post(f"/api/games/{gid}/act", json={"action": "end", "state": 1},
                        headers={"X-Token": tokens[1]}).json()
    assert plain == {"ok": True, "state": 2}
    bad = client.post(f"/api/games/{gid}/act", json={"action": "end", "state": 2, "since": -1},
                      headers={"X-Token": tokens[0]})
    assert bad.status_code == 422 and list(bad.json()) == ["error"]


def test_refusals_are_one_sentence_and_change_nothing(client: TestClient) -> None:
    gid, tokens = new_game(client, options={"start-player": 0}, seed=3)
    before = view(client, gid, tokens[0])["state"]
    cases = [
        (act(client, gid, tokens[0], "fly to the moon", before), 422, "not a legal action"),
        (act(client, gid, tokens[0], "end", before + 7), 409, "position changed"),
        (client.post(f"/api/games/{gid}/act", json={"action": "end"}), 403, "spectators watch"),
        (act(client, gid, "not-a-token", "end", before), 403, "not a seat of this game"),
        (client.post(f"/api/games/{gid}/act", content=b"{oops", headers={"X-Token": tokens[0],
                                                                          "Content-Type": "application/json"}),
         422, ""),
        (client.post(f"/api/games/{gid}/act", json={"action": "x" * 3000}, headers={"X-Token": tokens[0]}), 422,
         "action"),
        (client.get("/api/games/nosuchgame/view"), 404, "no such game"),
        (client.post("/api/games", json={"game": "chess", "seats": [{"kind": "human"}]}), 422, "unknown game"),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "seats": [{"kind": "human"},
                                                                                 {"kind": "bot", "bot": "nobot"}]}),
         422, "unknown bot"),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "rules:/etc/passwd"}]}), 422, "read a file of this machine"),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "cmd:cat /etc/passwd"}]}), 422, "started with --local-bots"),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "llm:m;url=http://127.0.0.1:22/v1"}]}), 422,
         "bots send the game to a network endpoint: they play on the server only when it was started with --local-bots"),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "options": {"reshuffle": "Z"},
                                         "seats": [{"kind": "human"}, {"kind": "invite"}]}), 422, "must be one of"),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "options": {"cards": "/etc/passwd"},
                                         "seats": [{"kind": "human"}, {"kind": "invite"}]}), 422, "names a file"),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "seats": [{"kind": "pirate"}] * 2}), 422,
         "kind"),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "seats": [{"kind": "human"}] * 3}), 422,
         "played by 2"),
        (client.post("/api/games", content=b"x" * (3 << 20), headers={"Content-Type": "application/json"}), 413,
         "at most"),
        (client.get("/api/replays/nosuchgame/view"), 404, "no such game"),
        (client.get(f"/api/replays/{gid}/view"), 403, "once it is over"),
    ]
    for response, status, words in cases:
        assert response.status_code == status, (response.status_code, response.text)
        error = response.json()["error"]
        assert isinstance(error, str) and "\n" not in error and "Traceback" not in error
        assert words in error, (words, error)
    assert view(client, gid, tokens[0])["state"] == before


def test_a_token_is_a_seat_of_one_game_only(client: TestClient) -> None:
    gid, tokens = new_game(client, seats=[{"kind": "human"}, {"kind": "invite"}], options={"start-player": 1})
    other, other_tokens = new_game(client, seats=[{"kind": "human"}, {"kind": "invite"}])
    assert act(client, gid, other_tokens[1], "end", 0).status_code == 403
    r = client.get(f"/api/games/{gid}/view", headers={"X-Token": other_tokens[0]})
    assert r.status_code == 403
    spectator = view(client, gid)
    assert spectator["viewer"] is None and spectator["legal"] == []
    assert all("hand" not in p for p in spectator["observation"]["players"])
    everything = json.dumps([view(client, gid), client.get("/api/games").json(), client.get("/api/meta").json()])
    for t in (*tokens.values(), *other_tokens.values()):
        assert t not in everything  # a token is shown only once, to its creator


def test_two_moves_for_one_position_one_wins(client: TestClient) -> None:
    gid, tokens = new_game(client, seats=[{"kind": "human"}, {"kind": "invite"}], options={"start-player": 0})
    results: list[int] = []

    def send() -> None:
        results.append(act(client, gid, tokens[0], "end", 0).status_code)

    at_once(send, 4)
    assert sorted(results) == [200, 409, 409, 409]
    assert view(client, gid, tokens[0])["state"] == 1


def test_a_clock_lets_a_bot_take_over_and_give_the_seat_back(client: TestClient) -> None:
    gid, tokens = new_game(client, seats=[{"kind": "invite"}, {"kind": "human"}], options={"start-player": 0},
                           clock=1, takeover="greedy")
    v = wait_for(client, gid, tokens[1], lambda v: v["state"] > 0, timeout=30)  # seat 0 never came: a bot played
    assert v["seats"][0]["away"] is True
    back = view(client, gid, tokens[0])  # the player is back: the seat is his again
    assert back["seats"][0]["away"] is False


def test_replays_of_finished_games_and_uploaded_records(client: TestClient) -> None:
    record, rid = upload_replay(client, 4)
    start = client.get(f"/api/replays/{rid}/view?ply=0").json()
    end = client.get(f"/api/replays/{rid}/view?ply=100000&seat=1").json()
    assert start["ply"] == 0 and end["ply"] == end["total"] == len(record.moves) and end["over"]
    assert "hand" in end["observation"]["players"][1] and end["legal"] == []
    back = client.get(f"/api/replays/{rid}/view?ply=5").json()
    assert back["ply"] == 5
    bad = client.post("/api/replays", json={"record": record.dumps().replace('"action": "end"', '"action": "fly"', 1)})
    assert bad.status_code == 422 and "record action" in bad.json()["error"]
    assert client.post("/api/replays", json={"record": "not a record"}).status_code == 422


def test_pages_render(client: TestClient) -> None:
    gid, _ = new_game(client)
    assert "New game" in client.get("/").text
    assert f'data-gid="{gid}"' in client.get(f"/play/{gid}").text


def test_the_same_server_on_postgresql() -> None:
    """A real PostgreSQL (``make test`` starts Debian's, ``tools/test-postgres.sh``)."""
    url = postgres()
    with TestClient(create_app(url, clock_check=0.05)) as c:
        gid, tokens = new_game(c, seats=[{"kind": "human"}, {"kind": "invite"}], options={"start-player": 0})
        assert act(c, gid, tokens[0], "end", 0).status_code == 200
        results = []

        def send() -> None:
            results.append(act(c, gid, tokens[1], "end", 1).status_code)

        at_once(send, 3)
        assert sorted(results) == [200, 409, 409]  # one move per ply, whatever the database
        assert view(c, gid, tokens[0])["state"] == 2
    with TestClient(create_app(url)) as c:  # a new server process reads the games back
        assert view(c, gid, tokens[0])["state"] == 2


def test_no_response_shows_another_seats_hand(client: TestClient) -> None:
    """Seat 0's page, the spectator's page, the stream and the game list never carry seat
    1's hand; seat 1's page does (the same game, several moves in)."""
    gid, tokens = new_game(client, seats=[{"kind": "human"}, {"kind": "invite"}], options={"start-player": 0},
                           seed=8)
    for _ in range(6):
        for seat in (0, 1):
            v = view(client, gid, tokens[seat])
            if seat in v["to_move"]:
                act(client, gid, tokens[seat], v["legal"][0]["text"], v["state"])
    one = view(client, gid, tokens[1])
    hand1 = one["observation"]["players"][1]["hand"]
    assert hand1, "seat 1 sees its own hand"
    zero, spectator = view(client, gid, tokens[0]), view(client, gid)
    assert "hand" not in zero["observation"]["players"][1] and "hand" not in spectator["observation"]["players"][1]
    own = [e for e in one["events"] if e["id"] == "cards.drawn.which"]  # "You drew 2 Ore, ..." to seat 1 only
    assert own, "seat 1 was told which cards it drew"
    assert not any(e["id"] == "cards.drawn.which" for e in spectator["events"])  # which cards: seats only
    with client.stream("GET", f"/api/games/{gid}/stream") as r:
        first = next(line for line in r.iter_lines() if line.startswith("data:"))
    assert first.strip() == f"data: {one['stamp']}"  # the stream carries the state id and seat changes only
    assert one["stamp"].startswith(f"{one['state']}-")


def test_a_program_plays_a_seat_when_the_server_allows_local_bots(tmp_path: Path) -> None:
    """``civtable serve --local-bots``: a ``cmd:`` bot (the Python example of the bot
    protocol) plays its seat on the server, and the game goes on to the end."""
    import sys

    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "sampler.py"
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", clock_check=0.05, local_bots=True)
    with TestClient(app) as c:
        gid, _ = new_game(c, seats=[{"kind": "bot", "bot": f"cmd:{sys.executable} {bot}"},
                                    {"kind": "bot", "bot": "greedy"}], seed=3, options={"max-turns": 6})
        v = wait_for(c, gid, None, lambda v: v["over"], timeout=60)
        assert v["over"]


def test_a_database_of_an_older_civtable_is_upgraded_at_start(tmp_path: Path) -> None:
    """The columns this version added (the creator's host key, practice games, invitations)
    are added to a database made before them; its games play on."""
    import sqlite3

    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.executescript("""
        CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), options JSON, seed VARCHAR(24),
            clock INTEGER, takeover VARCHAR(200), created FLOAT, updated FLOAT, status VARCHAR(16), result JSON);
        CREATE TABLE seats (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id VARCHAR(32) REFERENCES games(id),
            seat INTEGER, kind VARCHAR(16), bot VARCHAR(200), name VARCHAR(64), token_hash VARCHAR(64) UNIQUE,
            joined BOOLEAN, away BOOLEAN, seen FLOAT, UNIQUE (game_id, seat));
        CREATE TABLE moves (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id VARCHAR(32) REFERENCES games(id),
            ply INTEGER, seat INTEGER, action VARCHAR(2000), by VARCHAR(16), created FLOAT, UNIQUE (game_id, ply));
    """)
    from civtable.server.store import hash_token

    con.execute("INSERT INTO games VALUES ('old1', 'catan-deckbuilding', '{\"start-player\": 0}', '7', NULL, "
                "'greedy', 0, 0, 'playing', NULL)")
    con.execute("INSERT INTO seats (game_id, seat, kind, bot, name, token_hash, joined, away, seen) VALUES "
                "('old1', 0, 'human', NULL, 'player 0', ?, 1, 0, 0), "
                "('old1', 1, 'bot', 'greedy', 'player 1 (greedy)', NULL, 1, 0, 0)", (hash_token("oldtoken"),))
    con.commit()
    con.close()
    with TestClient(create_app(f"sqlite:///{db}", clock_check=0.05)) as c:
        v = view(c, "old1", "oldtoken")
        assert v["viewer"] == 0 and v["practice"] is False
        assert act(c, "old1", "oldtoken", "end", 0).status_code == 200
        new = c.post("/api/games", json={"game": "catan-deckbuilding", "seats": [{"kind": "human"},
                                                                              {"kind": "invite"}]})
        assert new.status_code == 200 and new.json()["invites"]

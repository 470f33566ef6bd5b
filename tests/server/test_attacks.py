"""The server attacked as a stranger, a spectator, a cheating creator or a flood would
attack it (issue 24). Each test is an attack that worked on the server before the
security model of docs/server.md; the attacks that were already refused (another game's
token, a spectator acting, a stale state id, an oversized body) are kept in
``test_api.py::test_refusals_are_one_sentence_and_change_nothing`` and
``test_a_token_is_a_seat_of_one_game_only``.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from civtable.core.registry import load_game  # noqa: E402
from civtable.server import create_app  # noqa: E402
from civtable.server.errors import ServerError  # noqa: E402
from civtable.server.limits import Limits  # noqa: E402

from .api import act, postgres  # noqa: E402
from .serverproc import ServerProcess  # noqa: E402

HUMAN_FIRST = {"start-player": 0}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", clock_check=0.05)) as c:
        yield c


def post(c: TestClient, **body: Any) -> Any:
    body.setdefault("game", "catan-deckbuilding")
    body.setdefault("seats", [{"kind": "human"}, {"kind": "invite"}])
    return c.post("/api/games", json=body)


def one_sentence(r: Any, status: int, words: str = "") -> str:
    assert r.status_code == status, (r.status_code, r.text)
    data = r.json()
    assert set(data) == {"error"}, data  # one shape: no "detail", no traceback
    error = data["error"]
    assert isinstance(error, str) and error and "\n" not in error and "Traceback" not in error
    assert words in error, (words, error)
    return str(error)


# ---------------------------------------------------------------------- bot budgets
def test_search_budgets_above_the_servers_are_refused(client: TestClient) -> None:
    for spec, words in [("mcts:iterations=1000000000", "at most 5000 iterations"),
                        ("mcts:ms=99999999999", "at most 1000 ms"),
                        ("ismcts:depth=100000", "at most 100 steps"),
                        ("mcts:depth=0", "to the end of the game"),
                        ("mcts:turns=50", "at most 4 turns")]:
        r = post(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": spec}])
        one_sentence(r, 422, words)
    one_sentence(post(client, takeover="mcts:ms=5000"), 422, "at most 1000 ms")
    assert client.get("/api/games").json()["games"] == []  # nothing was made
    r = post(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "mcts:iterations=50"}])
    assert r.status_code == 200, r.text
    seats = client.get(f"/api/games/{r.json()['id']}/view").json()["seats"]
    assert seats[1]["bot"] == "mcts:iterations=50&ms=1000"  # the server's time budget, shown


def test_a_random_bot_moves_at_once_while_ten_capped_searches_think(tmp_path: Path) -> None:
    """Ten games of two search bots each keep the search lane busy; a random bot of a new
    game still moves within 2 s (before: two shared threads, taken for whole games)."""
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", clock_check=0.05, limits=Limits(creations_per_minute=0))
    with TestClient(app) as c:
        search = "mcts:ms=1000"
        for _ in range(10):
            r = post(c, seats=[{"kind": "bot", "bot": search}, {"kind": "bot", "bot": search}])
            assert r.status_code == 200, r.text
        time.sleep(0.5)  # the searches are thinking
        assert app.state.games.lanes.waiting()["search"] >= 6
        start = time.monotonic()
        r = post(c, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}], options={"start-player": 1})
        gid = r.json()["id"]
        while c.get(f"/api/games/{gid}/view").json()["state"] == 0:
            assert time.monotonic() - start < 2.0, "the random bot waited behind the searches"
            time.sleep(0.02)


# ---------------------------------------------------------------------- seeds
def test_a_chosen_seed_is_refused_when_it_would_reveal_another_persons_cards(client: TestClient) -> None:
    one_sentence(post(client, seed=42), 422, "several people")
    one_sentence(post(client, seed=42, practice=True), 422, "several people")
    one_sentence(post(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=42), 422, "several people")
    one_sentence(post(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], seed=42), 422,
                 "practice: true")
    assert client.get("/api/games").json()["games"] == []
    r = post(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], seed=42, practice=True)
    assert r.status_code == 200 and r.json()["practice"] is True
    gid = r.json()["id"]
    assert client.get(f"/api/games/{gid}/view").json()["practice"] is True
    assert "Practice game" in client.get(f"/play/{gid}").text  # the page says so


def test_no_payload_carries_the_seed(client: TestClient) -> None:
    r = post(client)
    gid, data = r.json()["id"], r.json()
    seed = app_store(client).game(gid).seed
    token = data["links"]["0"].split("#t=")[1]
    assert len(seed) >= 6
    seen = [json.dumps(data), client.get(f"/api/games/{gid}/view").text,
            client.get(f"/api/games/{gid}/view", headers={"X-Token": token}).text,
            client.get("/api/games").text, client.get(f"/play/{gid}").text, client.get("/").text]
    with client.stream("GET", f"/api/games/{gid}/stream") as s:
        seen.append(next(line for line in s.iter_lines() if line.startswith("data:")))
    for text in seen:
        assert seed not in text


def app_store(c: TestClient) -> Any:
    return c.app.state.store  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- invitations
def test_the_creators_copy_of_a_claimed_invitation_is_worthless(client: TestClient) -> None:
    r = post(client, options=HUMAN_FIRST)
    data = r.json()
    gid, host = data["id"], data["host"]
    invite = data["invites"]["1"].split("#i=")[1]
    assert "1" not in data["links"]  # the creator holds no token of the friend's seat
    hosted = client.get(f"/api/games/{gid}/invites", headers={"X-Host": host}).json()["seats"]
    assert [(s["seat"], s["state"]) for s in hosted] == [(1, "waiting")]
    friend = client.post(f"/api/games/{gid}/claim", json={"invite": invite})
    assert friend.status_code == 200 and friend.json()["seat"] == 1
    token = friend.json()["token"]
    assert token != invite
    # the creator tries what he kept: the link, the link as a token, his host key as a token
    one_sentence(client.post(f"/api/games/{gid}/claim", json={"invite": invite}), 409, "already been used")
    for credential in (invite, host):
        one_sentence(client.get(f"/api/games/{gid}/view", headers={"X-Token": credential}), 403)
        one_sentence(act(client, gid, credential, "end", None), 403)
    one_sentence(client.post(f"/api/games/{gid}/invites/1", headers={"X-Host": host}), 409, "claimed")
    hosted = client.get(f"/api/games/{gid}/invites", headers={"X-Host": host}).json()["seats"]
    assert [(s["seat"], s["state"]) for s in hosted] == [(1, "joined")]
    mine = client.get(f"/api/games/{gid}/view", headers={"X-Token": token}).json()
    assert mine["viewer"] == 1 and "hand" in mine["observation"]["players"][1]


def test_an_unclaimed_invitation_can_be_renewed_and_the_old_link_dies(client: TestClient) -> None:
    data = post(client).json()
    gid, host, old = data["id"], data["host"], data["invites"]["1"].split("#i=")[1]
    one_sentence(client.post(f"/api/games/{gid}/invites/1"), 403, "creator")  # no host key
    one_sentence(client.post(f"/api/games/{gid}/invites/1", headers={"X-Host": "guess"}), 403, "creator")
    one_sentence(client.post(f"/api/games/{gid}/invites/0", headers={"X-Host": host}), 422, "not an invited seat")
    one_sentence(client.get(f"/api/games/{gid}/invites", headers={"X-Host": old}), 403)
    renewed = client.post(f"/api/games/{gid}/invites/1", headers={"X-Host": host})
    assert renewed.status_code == 200
    new = renewed.json()["link"].split("#i=")[1]
    one_sentence(client.post(f"/api/games/{gid}/claim", json={"invite": old}), 409, "replaced")
    assert client.post(f"/api/games/{gid}/claim", json={"invite": new}).status_code == 200


def test_two_browsers_racing_for_one_invitation_one_wins(client: TestClient) -> None:
    for _ in range(5):
        data = post(client).json()
        gid, invite = data["id"], data["invites"]["1"].split("#i=")[1]
        answers: list[int] = []
        barrier = threading.Barrier(4)

        def claim(gid: str = gid, invite: str = invite, barrier: threading.Barrier = barrier,
                  answers: list[int] = answers) -> None:
            barrier.wait()
            answers.append(client.post(f"/api/games/{gid}/claim", json={"invite": invite}).status_code)

        threads = [threading.Thread(target=claim) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(answers) == [200, 409, 409, 409]


# ---------------------------------------------------------------------- floods
def test_creations_are_rate_limited_per_client(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", limits=Limits(creations_per_minute=5))) as c:
        codes = [post(c, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]).status_code for _ in range(5)]
        assert codes == [200] * 5
        one_sentence(post(c, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]), 429, "at most 5 a minute")
        assert len(c.get("/api/games").json()["games"]) == 5


def test_games_in_play_are_bounded(tmp_path: Path) -> None:
    limits = Limits(creations_per_minute=0, max_games=3)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", limits=limits)) as c:
        for _ in range(3):
            assert post(c).status_code == 200
        one_sentence(post(c), 503, "most games (3)")


def test_idle_games_leave_memory_and_come_back(tmp_path: Path) -> None:
    limits = Limits(creations_per_minute=0, max_live=4)
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", limits=limits)
    with TestClient(app) as c:
        made = [post(c, options=HUMAN_FIRST).json() for _ in range(10)]
        assert len(app.state.games.live) <= 4
        first = made[0]
        token = first["links"]["0"].split("#t=")[1]
        assert act(c, first["id"], token, "end", 0).status_code == 200  # read back from the database
        v = c.get(f"/api/games/{first['id']}/view", headers={"X-Token": token}).json()
        assert v["state"] >= 1 and v["viewer"] == 0


def rss_kb(pid: int, field: str = "VmRSS") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads RSS from /proc (Linux)")
def test_memory_stays_flat_under_a_flood_of_games_and_views(tmp_path: Path) -> None:
    """400 creations and 2,000 views of a server started as ``civtable serve`` (its default
    limits but the creation rate): RSS grows by less than 50 MB (before: 92 -> 259 MB)."""
    server = ServerProcess(tmp_path / "games.db").start()
    assert server.proc is not None
    try:
        with httpx.Client(base_url=server.url, timeout=30) as h:
            games: list[str] = []

            def create(i: int) -> None:
                game = ("catan-deckbuilding", "civ-card-game")[i % 2]
                seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
                r = h.post("/api/games", json={"game": game, "seats": seats})
                assert r.status_code == 200, r.text
                games.append(r.json()["id"])

            for i in range(40):  # warm up: every code path loaded once
                create(i)
                h.get(f"/api/games/{games[-1]}/view")
            time.sleep(1)
            before = rss_kb(server.proc.pid)
            for i in range(40, 400):
                create(i)
            for i in range(2000):
                assert h.get(f"/api/games/{games[(i * 7919) % len(games)]}/view").status_code == 200
            time.sleep(1)
            after = rss_kb(server.proc.pid)
        assert after - before < 50 * 1024, f"RSS grew from {before // 1024} to {after // 1024} MB"
    finally:
        server.stop()


# ---------------------------------------------------------------------- local bots
FLOOD_BOT = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "act":
        sys.stdout.write("x" * (100 << 20) + "\\n")
        sys.stdout.flush()
"""

FORKING_BOT = """
import json, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
open(sys.argv[1], "a").write(f"{child.pid}\\n")
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "act":
        print(json.dumps({"type": "action", "id": m["id"], "index": 0}), flush=True)
"""


def gone(pids: list[int], why: str, seconds: float = 20) -> None:
    """Every process of ``pids`` ends within ``seconds`` (a loaded machine may take a while)."""
    deadline = time.time() + seconds
    while any(alive(p) for p in pids):
        assert time.time() < deadline, why
        time.sleep(0.1)


def alive(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "State:\tZ" not in status.read_text()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads RSS from /proc (Linux)")
def test_a_program_printing_100_mb_costs_the_server_no_memory(tmp_path: Path) -> None:
    bot = tmp_path / "flood.py"
    bot.write_text(FLOOD_BOT)
    server = ServerProcess(tmp_path / "games.db", args=("--local-bots", "--create-rate", "0")).start()
    assert server.proc is not None
    try:
        with httpx.Client(base_url=server.url, timeout=60) as h:
            r = h.post("/api/games", json={"game": "catan-deckbuilding", "seats": [
                {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})  # every code path once
            time.sleep(1)
            peak = rss_kb(server.proc.pid, "VmHWM")
            r = h.post("/api/games", json={"game": "catan-deckbuilding", "options": {"max-turns": 3}, "seats": [
                {"kind": "bot", "bot": f"cmd:{sys.executable} {bot}"}, {"kind": "bot", "bot": "random"}]})
            assert r.status_code == 200, r.text
            gid = r.json()["id"]
            deadline = time.time() + 60
            while not h.get(f"/api/games/{gid}/view").json()["over"]:
                assert time.time() < deadline
                time.sleep(0.2)
            grown = rss_kb(server.proc.pid, "VmHWM") - peak
        assert grown < 50 * 1024, f"the server's peak memory grew by {grown // 1024} MB"
    finally:
        server.stop()


def test_a_programs_processes_end_with_its_game_and_with_the_server(tmp_path: Path) -> None:
    import tempfile

    short = Path(tempfile.mkdtemp(prefix="cb"))  # a bot spec has at most 200 characters: a short path
    bot = short / "forking.py"
    bot.write_text(FORKING_BOT)
    pids = short / "pids.txt"
    spec = f"cmd:{sys.executable} {bot} {pids}"
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", clock_check=0.05, local_bots=True)
    with TestClient(app) as c:
        r = post(c, options={"max-turns": 3}, seats=[{"kind": "bot", "bot": spec}, {"kind": "bot", "bot": "random"}])
        gid = r.json()["id"]
        deadline = time.time() + 60
        while not c.get(f"/api/games/{gid}/view").json()["over"]:
            assert time.time() < deadline
            time.sleep(0.1)
        first = [int(p) for p in pids.read_text().split()]
        assert first
        gone(first, "a bot's child outlived its game")  # stdin closed, a second to exit, then its group
        post(c, seats=[{"kind": "bot", "bot": spec}, {"kind": "human"}], options={"start-player": 0})
        deadline = time.time() + 30
        while len(pids.read_text().split()) == len(first):
            assert time.time() < deadline
            time.sleep(0.1)
    gone([int(p) for p in pids.read_text().split()], "a bot's child outlived the server")


def test_a_programs_command_line_is_not_shown(tmp_path: Path) -> None:
    secret = "examples/bots/sampler.py --key=hunter2"
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", clock_check=0.05, local_bots=True)
    with TestClient(app) as c:
        r = post(c, seats=[{"kind": "human"}, {"kind": "bot", "bot": f"cmd:{sys.executable} {secret}"}],
                 options=HUMAN_FIRST)
        gid = r.json()["id"]
        shown = [c.get(f"/api/games/{gid}/view").text, c.get("/api/games").text]
        for text in shown:
            assert "hunter2" not in text and "sampler" not in text
        assert c.get(f"/api/games/{gid}/view").json()["seats"][1]["bot"] == "program"


# ---------------------------------------------------------------------- one error shape
def test_every_error_has_one_shape(client: TestClient) -> None:
    deep = b'{"game": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    cases = [
        (client.get("/no/such/page"), 404),
        (client.get("/api/nothing"), 404),
        (client.delete("/api/games"), 405),
        (client.put("/api/games/x/act"), 405),
        (client.post("/api/games", content=deep, headers={"Content-Type": "application/json"}), 400),
        (client.post("/api/games", content=b'{"game": "\xff\xfe"}', headers={"Content-Type": "application/json"}),
         400),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "options": {"a": {"b": 1}},
                                         "seats": [{"kind": "human"}]}), 422),
        (client.post("/api/games", json=[1, 2]), 422),
        (client.post("/api/games", json={"seats": "many"}), 422),
        (client.post("/api/games", json={"game": "catan-deckbuilding", "seats": [{"kind": "human"}],
                                         "owner": "me"}), 422),
        (client.get("/api/games/x/view?since=many"), 422),
    ]
    said = [one_sentence(response, status) for response, status in cases]
    assert said[6] == "options.a must be a text" and said[10] == "since must be a whole number", said
    german = client.get("/api/nothing", headers={"Accept-Language": "de"}).json()["error"]
    assert german == "diese Seite oder dieses Spiel gibt es nicht"
    missing = client.post("/api/games", json={"seats": [{"kind": "human"}]}, headers={"Accept-Language": "cs"})
    assert one_sentence(missing, 422) == "game chybí"


# ---------------------------------------------------------------------- one database, one writer
def test_a_second_server_on_the_same_database_is_refused(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'one.db'}"
    with TestClient(create_app(db)):
        with pytest.raises(ServerError, match="another civtable server uses the database"):
            create_app(db)
        server = ServerProcess(tmp_path / "one.db")
        server.proc = None
        import subprocess

        run = subprocess.run([sys.executable, "-m", "civtable", "serve", "--port", "1", "--db", db],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and "another civtable server uses the database" in run.stderr
        assert "Traceback" not in run.stderr
    with TestClient(create_app(db)):  # the first one stopped: the database is free again
        pass


def test_a_second_server_on_the_same_postgresql_database_is_refused() -> None:
    url = postgres()
    with TestClient(create_app(url)), pytest.raises(ServerError, match="another civtable server"):
        create_app(url)
    with TestClient(create_app(url)):
        pass


# ---------------------------------------------------------------------- the terminal
def test_the_terminal_shows_the_seed_only_once_the_game_is_over(tmp_path: Path) -> None:
    import subprocess

    seed = "987654321"
    quit_early = subprocess.run([sys.executable, "-m", "civtable", "play", "catan-deckbuilding", "--players",
                                 "human,greedy", "--seed", seed], input="quit\n", capture_output=True, text=True,
                                timeout=60)
    assert quit_early.returncode == 0, quit_early.stderr
    assert seed not in quit_early.stdout + quit_early.stderr
    finished = subprocess.run([sys.executable, "-m", "civtable", "play", "civ-solo", "--seed", seed],
                              input="start\nwon\nyes\n", capture_output=True, text=True, timeout=60)  # won: confirmed
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert lines[-1] == f"The game's seed was {seed}." or any(seed in line for line in lines[-3:]), lines[-5:]
    assert not any(seed in line for line in lines[:-3])
    assert load_game("civ-solo")  # the game used exists

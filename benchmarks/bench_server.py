"""The browser server under load (a measurement, not a test).

    python benchmarks/bench_server.py [--games 50] [--seconds 20]

Starts ``civtable serve`` on loopback with a fresh SQLite file and runs ``--games``
catan-deckbuilding games at once: half of them a person (a client thread that
fetches its view and plays its first legal action, as a page does) against the
greedy bot, half two persons against each other. Reports the moves per second
the server sustains (every move committed to the database before it is
acknowledged) and the latency from a move to the opponent's update: the time
between the acknowledgement of a person's move and the server-sent event that
the other person's page receives.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.serverproc import ServerProcess  # noqa: E402


def person(url: str, gid: str, token: str, stop: threading.Event, moves: list[int]) -> None:
    client = httpx.Client(base_url=url, headers={"X-Token": token}, timeout=30)
    while not stop.is_set():
        v = client.get(f"/api/games/{gid}/view?since=100000").json()
        if v.get("over"):
            return
        if not v["legal"]:
            time.sleep(0.01)
            continue
        r = client.post(f"/api/games/{gid}/act", json={"action": v["legal"][-1]["text"], "state": v["state"]})
        if r.status_code == 200:
            moves[0] += 1


def latency(url: str, samples: int) -> list[float]:
    """Two persons: A moves; the time until B's stream tells of it."""
    data = httpx.post(url + "/api/games", json={"game": "catan-deckbuilding", "seats": [
        {"kind": "human"}, {"kind": "invite"}], "options": {"start-player": 0}}).json()
    gid, links = data["id"], data["links"]
    tokens = [links[str(i)].split("#t=")[1] for i in range(2)]
    got: list[float] = []
    seen = threading.Event()
    last = [0.0]

    def listen() -> None:
        try:
            with httpx.stream("GET", f"{url}/api/games/{gid}/stream", timeout=None) as r:
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        last[0] = time.perf_counter()
                        seen.set()
        except httpx.HTTPError:
            return  # the server stopped at the end of the measurement

    threading.Thread(target=listen, daemon=True).start()
    seen.wait(10)
    clients = [httpx.Client(base_url=url, headers={"X-Token": t}) for t in tokens]
    while len(got) < samples:
        for seat, client in enumerate(clients):
            v = client.get(f"/api/games/{gid}/view?since=100000").json()
            if v["over"]:
                return got
            if seat not in v["to_move"]:
                continue
            seen.clear()
            start = time.perf_counter()
            client.post(f"/api/games/{gid}/act", json={"action": v["legal"][-1]["text"], "state": v["state"]})
            if seen.wait(10):
                got.append(last[0] - start)
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=20.0)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "bench.db").start()
        try:
            url = server.url
            stop = threading.Event()
            moves = [0]
            threads = []
            for i in range(a.games):
                seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}] if i % 2 == 0 else \
                        [{"kind": "human"}, {"kind": "invite"}]
                data = httpx.post(url + "/api/games", json={"game": "catan-deckbuilding", "seats": seats}).json()
                for link in data["links"].values():
                    token = link.split("#t=")[1]
                    threads.append(threading.Thread(target=person, args=(url, data["id"], token, stop, moves),
                                                    daemon=True))
            for t in threads:
                t.start()
            time.sleep(2)
            before, start = moves[0], time.perf_counter()
            time.sleep(a.seconds)
            rate = (moves[0] - before) / (time.perf_counter() - start)
            stop.set()
            lat = latency(url, 60)
            print(f"{a.games} concurrent games ({len(threads)} client threads), loopback, SQLite")
            print(f"persons' moves committed and acknowledged: {rate:,.0f}/s (bot moves come on top)")
            if lat:
                q = statistics.quantiles(lat, n=20)
                print(f"move -> opponent's update: median {1000 * statistics.median(lat):.1f} ms, "
                      f"95th percentile {1000 * q[18]:.1f} ms ({len(lat)} moves)")
        finally:
            server.stop()


if __name__ == "__main__":
    main()

"""kill -9 of the server in the middle of a game loses no acknowledged move, and every
game (bots included) goes on after the restart."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from .serverproc import ServerProcess


def test_kill_minus_9_loses_no_acknowledged_move(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db").start()
    try:
        r = httpx.post(server.url + "/api/games", json={
            "game": "catan-deckbuilding", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
            "options": {"start-player": 0}, "seed": 9, "practice": True})
        gid = r.json()["id"]
        token = r.json()["links"]["0"].split("#t=")[1]
        headers = {"X-Token": token}
        acknowledged: list[str] = []
        for _ in range(3):
            deadline = time.time() + 20
            while True:
                v = httpx.get(f"{server.url}/api/games/{gid}/view", headers=headers).json()
                if v["to_move"] == [0] or time.time() > deadline:
                    break
                time.sleep(0.05)
            action = v["legal"][0]["text"]
            r = httpx.post(f"{server.url}/api/games/{gid}/act", json={"action": action, "state": v["state"]},
                           headers=headers)
            assert r.status_code == 200, r.text
            acknowledged.append(action)
            state = r.json()["state"]
        server.kill()  # right after the last acknowledgement
        server.start()
        v = httpx.get(f"{server.url}/api/games/{gid}/view", headers=headers).json()
        assert v["state"] >= state, "an acknowledged move was lost"
        mine = [e["args"]["action"] for e in v["events"] if e["id"] == "move" and e["args"]["player"] == 0]
        assert mine[: len(acknowledged)] == acknowledged
        deadline = time.time() + 30  # the bot goes on by itself after the restart
        while v["to_move"] != [0] and time.time() < deadline:
            time.sleep(0.1)
            v = httpx.get(f"{server.url}/api/games/{gid}/view", headers=headers).json()
        assert v["to_move"] == [0]
        r = httpx.post(f"{server.url}/api/games/{gid}/act", json={"action": v["legal"][-1]["text"],
                                                                  "state": v["state"]}, headers=headers)
        assert r.status_code == 200
    finally:
        server.stop()

"""The bot protocol over a real pipe: every message civtable sends and every request a bot
makes is valid under the published JSON Schemas (civtable/agents/protocol/), each game's
observation under its data/observation.schema.json, and bad oracle requests through the
pipe answer one-sentence errors while the decision goes on. The example ISMCTS bot in
JavaScript plays whole games through the oracle."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.sim.runner import play_game

from .schemas import check_message, check_observation, schema_files, validator

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("catan-deckbuilding", {}), ("civ-card-game", {"players": 3}), ("civ-solo", {}),
         ("mega-civ", {"players": 5, "map": "small", "last-turn": 3, "game-end": "B"})]

RECORDER = r'''
import json, sys
log = open(sys.argv[1], "a")
def send(m):
    log.write(json.dumps({"sent": m}) + "\n"); log.flush()
    print(json.dumps(m), flush=True)
def receive():
    line = sys.stdin.readline()
    if not line:
        return None
    m = json.loads(line)
    log.write(json.dumps({"got": m}) + "\n"); log.flush()
    return m
while (m := receive()) is not None:
    if m["type"] == "hello":
        send({"type": "ready", "name": "recorder"})
    elif m["type"] == "act":
        i = m["id"]
        if i % 3 == 1:
            send({"type": "determinize", "id": i, "count": 2, "seed": i})
            h = receive()["handles"]
            send({"type": "legal", "id": i, "handle": h[0], "evaluate": True})
            moves = receive()
            send({"type": "apply", "id": i, "handle": h[1], "index": 0, "states": True})
            applied = receive()
            send({"type": "apply", "id": i, "state": applied["state"], "index": 0} if applied["legal"] else
                 {"type": "legal", "id": i, "state": applied["state"]})
            receive()
            send({"type": "drop", "id": i, "handles": h})
            receive()
            for bad in (65, 0, -1, "3"):
                send({"type": "determinize", "id": i, "count": bad})
                receive()
            send({"type": "legal", "id": i, "handle": "h0"})
            receive()
        send({"type": "action", "id": i, "index": len(m["legal"]) - 1})
    elif m["type"] == "end":
        break
'''


@pytest.fixture
def recorder(tmp_path: Path) -> Path:
    path = tmp_path / "recorder.py"
    path.write_text(RECORDER)
    return path


def test_every_schema_file_is_a_valid_schema_and_every_message_has_one() -> None:
    names = {(p.parent.name, p.name.split(".")[0]) for p in schema_files()}
    assert names == {("to-bot", k) for k in ("hello", "act", "samples", "moves", "applied", "dropped", "error", "end")} | \
        {("from-bot", k) for k in ("ready", "action", "determinize", "legal", "apply", "drop", "log")}
    for folder, kind in names:
        validator(folder, kind)  # check_schema


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_real_messages_match_the_published_schemas(game_id: str, options: dict[str, Any], recorder: Path,
                                                   tmp_path: Path) -> None:
    game = load_game(game_id, **options)
    log = tmp_path / "log.jsonl"
    specs = [f"cmd:{sys.executable} {recorder} {log}"] + ["random"] * (game.num_players - 1)
    result = play_game(game, specs, 5, max_steps=120)
    assert result.notes == [], result.notes
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    got = [x["got"] for x in lines if "got" in x]
    sent = [x["sent"] for x in lines if "sent" in x]
    kinds = {m["type"] for m in got}
    assert {"hello", "act", "samples", "moves", "applied", "dropped", "error", "end"} <= kinds, kinds
    for m in got:
        check_message(m, "to-bot")
        if m["type"] == "act":
            check_observation(game_id, m["observation"])
    for m in sent:
        if not (m["type"] == "determinize" and m.get("count") in (65, 0, -1, "3")):
            check_message(m, "from-bot")
    errors = [m["message"] for m in got if m["type"] == "error"]
    for bad in (65, 0, -1, "'3'"):
        assert f"count must be an integer from 1 to 64, not {bad}" in errors, "a bad count was clamped or coerced"
    assert any(e.startswith("there is no position 'h0'") for e in errors)
    hello = got[0]
    assert hello["type"] == "hello" and hello["limits"] == {"line": 1 << 20, "samples": 64, "handles": 256}


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_observations_of_other_games_match_each_games_schema(game_id: str, options: dict[str, Any]) -> None:
    """Observations of every seat and a spectator, in games of seeds the schema tool never played."""
    game = load_game(game_id, **options)
    bots = [make_agent("random", game, seed=p) for p in range(game.num_players)]
    for seed in (7, 8):
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        for step in range(400):
            if step % 4 == 0 or state.is_terminal():
                for v in (*range(game.num_players), None):
                    check_observation(game_id, state.observation(v))
            movers = state.to_move()
            if not movers:
                break
            p = movers[rng.below(len(movers))]
            state.apply(p, bots[p].act(PlayerView(state, p)))


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("game_id", ["civ-card-game", "catan-deckbuilding"])
def test_the_javascript_ismcts_bot_plays_a_whole_game_through_the_oracle(game_id: str, tmp_path: Path) -> None:
    game = load_game(game_id, players=2)
    stats = tmp_path / "stats.txt"
    bot = f"cmd:node {ROOT / 'examples/bots/ismcts.js'} --iterations 4 --depth 6 --stats {stats}"
    result = play_game(game, [bot, "random"], 2, max_steps=3000)
    assert result.finished and result.notes == [], result.notes
    decisions, iterations, requests = (int(w) for w in stats.read_text().split())
    moved = sum(1 for p, _ in result.moves or [] if p == 0)
    assert decisions == moved > 20, "the bot answered every decision of its seat"
    assert iterations > 2 * decisions, "it searched (4 iterations a decision with more than one action)"
    assert requests > 5 * iterations, "each iteration went through the oracle"

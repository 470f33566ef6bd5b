"""Chance is seeded: the same seed and the same bots give the same game in any
process, whatever the string-hash seed (DESIGN.md, "Chance" and "Records")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from civtable.core.errors import RecordError
from civtable.core.records import Record, RecordWriter, parse_record, read_record
from civtable.core.registry import load_game

GAME_ID = "catan-deckbuilding"
ROOT = Path(__file__).resolve().parent.parent
SEED = 7
MATCHES = (("greedy", "random"), ("random", "random"), ("greedy", "greedy"))
VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"supply-total": "B", "reshuffle": "B", "discard-source": "B", "discard-visibility": "B",
     "win-timing": "B", "counter-knight": "C", "road-grouping": "B", "max-turns": 120},
)

# Plays every match with a local loop (make_agent + PlayerView, seat i's bot seeded
# with derive_seed(seed, i)) and, when it exists, with civtable.sim's play_game.
SCRIPT = r"""
import json, sys
import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.rng import derive_seed

seed = int(sys.argv[1])
matches = json.loads(sys.argv[2])
variants = json.loads(sys.argv[3])
try:
    from civtable.sim.runner import play_game
except ImportError:
    play_game = None
out = []
for options in variants:
    g = civtable.load_game("catan-deckbuilding", **options)
    for specs in matches:
        agents = [make_agent(spec, g, seed=derive_seed(seed, i)) for i, spec in enumerate(specs)]
        s = g.new_state(seed=seed)
        moves = []
        while s.to_move():
            p = s.to_move()[0]
            a = agents[p].act(PlayerView(s, p))
            s.apply(p, a)
            moves.append([p, str(a)])
        entry = {"options": options, "players": specs, "moves": moves, "final": s.to_json(),
                 "returns": s.returns(), "winners": s.winners(), "turn": s.turn}
        if play_game is not None:
            r = play_game(g, list(specs), seed)
            entry["sim_moves"] = [list(m) for m in r.moves]
            entry["sim_result"] = [r.returns, r.winners, r.turns, r.finished]
        out.append(entry)
print(json.dumps(out, sort_keys=True))
"""


def run_in_process(hash_seed: str, seed: int = SEED) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(seed), json.dumps(MATCHES), json.dumps(VARIANTS)],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@cache
def games_from(hash_seed: str) -> str:
    return json.dumps(run_in_process(hash_seed))


def games(hash_seed: str = "1") -> list[dict[str, Any]]:
    return json.loads(games_from(hash_seed))


def record_of(entry: dict[str, Any], seed: int = SEED) -> Record:
    g = load_game(GAME_ID, **entry["options"])
    return Record(GAME_ID, dict(g.options), seed, list(entry["players"]),
                  [(p, a) for p, a in entry["moves"]])


def test_same_seed_same_games_under_different_hash_seeds() -> None:
    one, two = games("1"), games("2")
    assert len(one) == len(MATCHES) * len(VARIANTS)
    for a, b in zip(one, two, strict=True):
        assert a["moves"], "no move was played"
        assert a["final"]["phase"] == "over", "the game did not finish"
        assert a["moves"] == b["moves"], f"{a['players']} {a['options']}: move lists differ"
        assert a["final"] == b["final"]
        assert (a["returns"], a["winners"], a["turn"]) == (b["returns"], b["winners"], b["turn"])


def test_play_game_plays_the_same_game_as_the_local_loop() -> None:
    for entry in games("1"):
        if "sim_moves" not in entry:
            pytest.skip("civtable.sim is not available")
        assert entry["sim_moves"] == entry["moves"]
        assert entry["sim_result"] == [entry["returns"], entry["winners"], entry["turn"], True]


def test_another_seed_gives_another_game() -> None:
    other = run_in_process("1", seed=SEED + 1)
    for a, b in zip(games("1"), other, strict=True):
        assert a["moves"] != b["moves"]


@pytest.mark.parametrize("index", range(len(MATCHES) * len(VARIANTS)))
def test_record_replays_to_the_same_final_state(index: int) -> None:
    entry = games("1")[index]
    record = record_of(entry)
    final = record.replay()
    assert final.to_json() == entry["final"]
    assert final.returns() == entry["returns"] and final.winners() == entry["winners"]
    # the same through the record's text form
    again = parse_record(record.dumps(), source="test")
    assert again.moves == record.moves
    assert again.replay().to_json() == entry["final"]


@pytest.mark.parametrize("index", range(len(MATCHES) * len(VARIANTS)))
def test_record_resumed_halfway_reaches_the_same_state(index: int) -> None:
    entry = games("1")[index]
    record = record_of(entry)
    g = record.load_game()
    moves = record.moves
    for k in (0, 1, len(moves) // 3, len(moves) // 2, len(moves) - 1, len(moves)):
        s = record.replay(upto=k)
        for p, text in moves[k:]:
            s.apply(p, g.parse_action(s, text, p))
        assert s.to_json() == entry["final"], f"resumed after {k} moves"


def test_record_written_move_by_move_can_be_resumed(tmp_path: Path) -> None:
    entry = games("1")[0]
    full = record_of(entry)
    half = len(full.moves) // 2
    path = tmp_path / "game.jsonl"
    writer = RecordWriter.create(path, Record(full.game, full.options, full.seed, full.players))
    for p, text in full.moves[:half]:
        writer.add(p, text)
    writer.close()  # the session stops here
    with pytest.raises(RecordError):
        RecordWriter.create(path, full)  # an existing record is not overwritten
    writer = RecordWriter.resume(path)
    state = writer.record.replay()
    g = writer.record.load_game()
    for p, text in full.moves[half:]:
        state.apply(p, g.parse_action(state, text, p))
        writer.add(p, text)
    writer.finish(state)
    writer.close()
    loaded = read_record(path)
    assert loaded.moves == full.moves
    assert loaded.result is not None and loaded.result["winners"] == entry["winners"]
    assert loaded.replay().to_json() == entry["final"]
    with pytest.raises(RecordError):
        RecordWriter.resume(path)  # a finished game is not resumed


def test_replay_with_a_wrong_move_names_the_ply() -> None:
    entry = games("1")[0]
    record = record_of(entry)
    k = 5
    p, _ = record.moves[k - 1]
    record.moves[k - 1] = (p, "buy nothing")
    with pytest.raises(RecordError, match=rf"record action {k}\b"):
        record.replay()
    assert record.replay(upto=k - 1).to_json() == record_of(entry).replay(upto=k - 1).to_json()


# ------------------------------------------------ Civilization: The Card Game
# The same checks for civ-card-game with 2, 3 and 4 players: default rules and a
# variant combination for each count, random and greedy bots mixed.
CCG_ID = "civ-card-game"
CCG_SEED = 5
CCG_CASES: tuple[tuple[dict[str, Any], tuple[str, ...]], ...] = (
    ({"players": 2}, ("greedy", "random")),
    ({"players": 2, "step-order": "B", "bank-trade": "B", "code-of-laws-choice": "B", "mining": "B",
      "max-turns": 80}, ("random", "random")),
    ({"players": 3}, ("greedy", "random", "greedy")),
    ({"players": 3, "steal-timing": "B", "code-of-laws-choice": "C", "bounce": "B", "game-end-timing": "B",
      "deck-exhaustion": "B", "max-turns": 90}, ("random", "greedy", "random")),
    ({"players": 4}, ("greedy", "greedy", "greedy", "greedy")),
    ({"players": 4, "adjacency": "B", "catapult-repeat": "B", "game-end-timing": "C", "final-tie": "B",
      "extra-draw-optional": "B", "dealer": 2, "max-turns": 120}, ("random", "greedy", "random", "greedy")),
)

# Plays every case with a local loop (make_agent + PlayerView, seat i's bot seeded
# with derive_seed(seed, i)) and, when it exists, with civtable.sim's play_game.
CCG_SCRIPT = r"""
import json, sys
import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.rng import derive_seed

seed = int(sys.argv[1])
cases = json.loads(sys.argv[2])
try:
    from civtable.sim.runner import play_game
except ImportError:
    play_game = None
out = []
for options, specs in cases:
    g = civtable.load_game("civ-card-game", **options)
    agents = [make_agent(spec, g, seed=derive_seed(seed, i)) for i, spec in enumerate(specs)]
    s = g.new_state(seed=seed)
    moves = []
    while s.to_move():
        p = s.to_move()[0]
        a = agents[p].act(PlayerView(s, p))
        s.apply(p, a)
        moves.append([p, str(a)])
    entry = {"options": options, "players": specs, "moves": moves, "final": s.to_json(),
             "returns": s.returns(), "winners": s.winners(), "turn": s.turn}
    if play_game is not None:
        r = play_game(g, list(specs), seed)
        entry["sim_moves"] = [list(m) for m in r.moves]
        entry["sim_result"] = [r.returns, r.winners, r.turns, r.finished]
    out.append(entry)
print(json.dumps(out, sort_keys=True))
"""


def ccg_run_in_process(hash_seed: str, seed: int = CCG_SEED) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", CCG_SCRIPT, str(seed), json.dumps(CCG_CASES)],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@cache
def ccg_games_from(hash_seed: str) -> str:
    return json.dumps(ccg_run_in_process(hash_seed))


def ccg_games(hash_seed: str = "1") -> list[dict[str, Any]]:
    return json.loads(ccg_games_from(hash_seed))


def ccg_record_of(entry: dict[str, Any], seed: int = CCG_SEED) -> Record:
    g = load_game(CCG_ID, **entry["options"])
    return Record(CCG_ID, dict(g.options), seed, list(entry["players"]),
                  [(p, a) for p, a in entry["moves"]])


def test_ccg_same_seed_same_games_under_different_hash_seeds() -> None:
    one, two = ccg_games("1"), ccg_games("2")
    assert len(one) == len(CCG_CASES)
    assert sorted({len(e["players"]) for e in one}) == [2, 3, 4]
    for a, b in zip(one, two, strict=True):
        assert a["moves"], "no move was played"
        assert a["final"]["phase"] == "over", f"{a['options']}: the game did not finish"
        assert a["moves"] == b["moves"], f"{a['players']} {a['options']}: move lists differ"
        assert a["final"] == b["final"]
        assert (a["returns"], a["winners"], a["turn"]) == (b["returns"], b["winners"], b["turn"])


def test_ccg_play_game_plays_the_same_game_as_the_local_loop() -> None:
    for entry in ccg_games("1"):
        if "sim_moves" not in entry:
            pytest.skip("civtable.sim is not available")
        assert entry["sim_moves"] == entry["moves"]
        assert entry["sim_result"] == [entry["returns"], entry["winners"], entry["turn"], True]


def test_ccg_another_seed_gives_another_game() -> None:
    other = ccg_run_in_process("1", seed=CCG_SEED + 1)
    for a, b in zip(ccg_games("1"), other, strict=True):
        assert a["moves"] != b["moves"]


@pytest.mark.parametrize("index", range(len(CCG_CASES)))
def test_ccg_record_replays_to_the_same_final_state(index: int) -> None:
    entry = ccg_games("1")[index]
    record = ccg_record_of(entry)
    final = record.replay()
    assert final.to_json() == entry["final"]
    assert final.returns() == entry["returns"] and final.winners() == entry["winners"]
    # the same through the record's text form
    again = parse_record(record.dumps(), source="test")
    assert again.moves == record.moves
    assert again.options == record.options
    assert again.replay().to_json() == entry["final"]


@pytest.mark.parametrize("index", range(len(CCG_CASES)))
def test_ccg_record_resumed_partway_reaches_the_same_state(index: int) -> None:
    entry = ccg_games("1")[index]
    record = ccg_record_of(entry)
    g = record.load_game()
    moves = record.moves
    for k in (0, 1, len(moves) // 3, len(moves) // 2, len(moves) - 1, len(moves)):
        s = record.replay(upto=k)
        for p, text in moves[k:]:
            s.apply(p, g.parse_action(s, text, p))
        assert s.to_json() == entry["final"], f"resumed after {k} moves"


def test_ccg_record_resumed_from_a_saved_position_reaches_the_same_state() -> None:
    """Positions (to_json / state_from_json) and records together: stop, save, load, go on."""
    for entry in ccg_games("1"):
        record = ccg_record_of(entry)
        g = record.load_game()
        half = len(record.moves) // 2
        saved = json.dumps(record.replay(upto=half).to_json())
        s = g.state_from_json(json.loads(saved))
        for p, text in record.moves[half:]:
            s.apply(p, g.parse_action(s, text, p))
        assert s.to_json() == entry["final"]


# ------------------------------------------------------------ Mega Civilization
# Short games: 5 players on the small map and 9 on the full map, each one at a time
# (strict AST order) and with simultaneous steps; greedy and random seats mixed. In
# simultaneous steps the next player to decide is drawn from a generator of its own.
MC_ID = "mega-civ"
MC_SEED = 9
MC_CASES: tuple[tuple[dict[str, Any], tuple[str, ...]], ...] = (
    ({"players": 5, "map": "small", "last-turn": 8, "strict-ast-order": "B"},
     ("greedy", "random", "greedy", "greedy", "random")),
    ({"players": 5, "map": "small", "last-turn": 8, "strict-ast-order": "A", "surplus-scope": "B"},
     ("random", "greedy", "greedy", "random", "greedy")),
    ({"players": 9, "map": "full", "last-turn": 3, "strict-ast-order": "B", "side": "East"},
     ("greedy",) * 6 + ("random",) * 3),
    ({"players": 9, "map": "full", "last-turn": 3, "strict-ast-order": "A"},
     ("random",) * 3 + ("greedy",) * 6),
)

MC_SCRIPT = r"""
import json, sys
import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.rng import Rng, derive_seed

seed = int(sys.argv[1])
cases = json.loads(sys.argv[2])
out = []
for options, specs in cases:
    g = civtable.load_game("mega-civ", **options)
    agents = [make_agent(spec, g, seed=derive_seed(seed, i)) for i, spec in enumerate(specs)]
    pick = Rng(seed)
    s = g.new_state(seed=seed)
    moves = []
    simultaneous = 0
    while s.to_move():
        movers = s.to_move()
        simultaneous += len(movers) > 1
        p = movers[pick.below(len(movers))]
        a = agents[p].act(PlayerView(s, p))
        s.apply(p, a)
        moves.append([p, str(a)])
    out.append({"options": options, "players": specs, "moves": moves, "final": s.to_json(),
                "returns": s.returns(), "winners": s.winners(), "turn": s.turn,
                "simultaneous": simultaneous})
print(json.dumps(out, sort_keys=True))
"""


def mc_run_in_process(hash_seed: str, seed: int = MC_SEED) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", MC_SCRIPT, str(seed), json.dumps(MC_CASES)],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@cache
def mc_games_from(hash_seed: str) -> str:
    return json.dumps(mc_run_in_process(hash_seed))


def mc_games(hash_seed: str = "1") -> list[dict[str, Any]]:
    return json.loads(mc_games_from(hash_seed))


def mc_record_of(entry: dict[str, Any], seed: int = MC_SEED) -> Record:
    g = load_game(MC_ID, **entry["options"])
    return Record(MC_ID, dict(g.options), seed, list(entry["players"]),
                  [(p, a) for p, a in entry["moves"]])


def test_mc_same_seed_same_games_under_different_hash_seeds() -> None:
    one, two = mc_games("1"), mc_games("2")
    assert len(one) == len(MC_CASES)
    for a, b in zip(one, two, strict=True):
        assert a["moves"], "no move was played"
        assert a["final"]["step"] == "over", f"{a['options']}: the game did not finish"
        assert a["moves"] == b["moves"], f"{a['players']} {a['options']}: move lists differ"
        assert a["final"] == b["final"]
        assert (a["returns"], a["winners"], a["turn"]) == (b["returns"], b["winners"], b["turn"])
        if a["options"]["strict-ast-order"] == "A":
            assert a["simultaneous"] > 0, "no simultaneous step was played"
        else:
            assert a["simultaneous"] == 0


def test_mc_another_seed_gives_another_game() -> None:
    other = mc_run_in_process("1", seed=MC_SEED + 1)
    for a, b in zip(mc_games("1"), other, strict=True):
        assert a["moves"] != b["moves"]


@pytest.mark.parametrize("index", range(len(MC_CASES)))
def test_mc_record_replays_to_the_same_final_state(index: int) -> None:
    entry = mc_games("1")[index]
    record = mc_record_of(entry)
    final = record.replay()
    assert final.to_json() == entry["final"]
    assert final.returns() == entry["returns"] and final.winners() == entry["winners"]
    again = parse_record(record.dumps(), source="test")
    assert again.moves == record.moves and again.options == record.options
    assert again.replay().to_json() == entry["final"]


@pytest.mark.parametrize("index", range(len(MC_CASES)))
def test_mc_record_resumed_partway_reaches_the_same_state(index: int) -> None:
    entry = mc_games("1")[index]
    record = mc_record_of(entry)
    g = record.load_game()
    moves = record.moves
    for k in (0, 1, len(moves) // 3, len(moves) // 2, len(moves) - 1):
        s = record.replay(upto=k)
        saved = g.state_from_json(json.loads(json.dumps(s.to_json())))  # stop, save, load, go on
        for p, text in moves[k:]:
            s.apply(p, g.parse_action(s, text, p))
            saved.apply(p, g.parse_action(saved, text, p))
        assert s.to_json() == entry["final"], f"resumed after {k} moves"
        assert saved.to_json() == entry["final"], f"loaded and resumed after {k} moves"

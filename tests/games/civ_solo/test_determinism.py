"""civ-solo's chance is seeded: the same seed and answers give the same session in any
process, whatever the string-hash seed; records replay to the same position."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from civtable.core.records import Record, parse_record
from civtable.core.registry import load_game
from civtable.core.rng import derive_seed

ROOT = Path(__file__).resolve().parents[3]
SEED = 11
PLAYERS = ("model", "random", "model:units=1&destroyers=0.5&buy=1&fortified=5")
VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"dice": "table", "debt-type": "B", "strongest-tie": "A", "half-rounding": "C", "army-loss": "B",
     "opponent-composition": "B", "battle-level-turn": "B", "cancel-cards": "B", "last-turn": "B"},
)

SCRIPT = r"""
import json, sys
import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.rng import derive_seed
from civtable.sim.runner import play_game

seed = int(sys.argv[1])
players = json.loads(sys.argv[2])
variants = json.loads(sys.argv[3])
out = []
for options in variants:
    g = civtable.load_game("civ-solo", **options)
    for k, spec in enumerate(players):
        game_seed = derive_seed(seed, k)
        agent = make_agent(spec, g, seed=derive_seed(game_seed, 0))
        s = g.new_state(seed=game_seed)
        moves = []
        while s.to_move():
            a = agent.act(PlayerView(s, 0))
            s.apply(0, a)
            moves.append(str(a))
        r = play_game(g, [spec], game_seed)
        out.append({"options": options, "player": spec, "moves": moves, "final": s.to_json(),
                    "sim": [[m[1] for m in r.moves], r.returns, r.stats]})
print(json.dumps(out, sort_keys=True))
"""


def run(hash_seed: str) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(SEED), json.dumps(PLAYERS), json.dumps(VARIANTS)],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_same_games_in_other_processes_and_records_replay() -> None:
    a, b = run("0"), run("12345")
    assert a == b
    for k, entry in enumerate(a):
        assert entry["sim"][0] == entry["moves"]  # the simulator plays the same session
        game = load_game("civ-solo", **entry["options"])
        seed = derive_seed(SEED, k % len(PLAYERS))
        rec = Record("civ-solo", dict(game.options), seed, [entry["player"]], [(0, m) for m in entry["moves"]])
        replayed = parse_record("\n".join(rec.lines()) + "\n").replay()
        assert replayed.to_json() == entry["final"]

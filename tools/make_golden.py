"""Write the golden records under tests/golden/: a few seeded bot games per game,
each with the final position it must replay to (run once on a known-good engine;
tests/test_golden.py checks that today's engine replays them to the same positions)."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from civtable.core.registry import load_game
from civtable.sim.runner import play_game

GAMES = [
    ("catan-deckbuilding", {}, ["greedy", "random"], 11, None),
    ("catan-deckbuilding", {"supply-total": "B", "counter-knight": "C", "discard-source": "B",
                            "win-timing": "B", "road-grouping": "B"}, ["greedy", "greedy"], 12, None),
    ("civ-card-game", {"players": 2}, ["greedy", "greedy"], 21, None),
    ("civ-card-game", {"players": 3}, ["greedy", "random", "greedy"], 22, None),
    ("civ-card-game", {"players": 4}, ["random", "greedy", "greedy", "greedy"], 23, None),
    ("mega-civ", {"players": 5, "map": "small", "last-turn": 12}, ["greedy"] * 4 + ["random"], 31, None),
    ("mega-civ", {"players": 5, "strict-ast-order": "A", "last-turn": 6}, ["greedy"] * 5, 32, None),
    ("mega-civ", {"players": 6, "map": "small", "last-turn": 10, "trade-max-cards": 3},
     ["random", "greedy", "greedy", "greedy", "greedy", "greedy"], 33, None),
    ("civ-solo", {}, ["model"], 41, None),
    ("civ-solo", {"strongest-tie": "A", "dice": "table"}, ["random"], 42, None),
]


def digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="tests/golden")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for n, (game_id, options, players, seed, steps) in enumerate(GAMES, 1):
        game = load_game(game_id, **options)
        result = play_game(game, players, seed, max_steps=steps, keep_moves=True)
        record = result.record()
        name = f"{n:02d}-{game_id}.jsonl"
        (out / name).write_text(record.dumps(), encoding="utf-8")
        final = record.replay()
        (out / name.replace(".jsonl", ".final.json")).write_text(
            json.dumps(final.to_json(), sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
        index.append({"record": name, "final_sha256": digest(final.to_json()), "turn": final.turn,
                      "winners": final.winners(), "moves": len(record.moves)})
        print(name, len(record.moves), "moves, turn", final.turn, "winners", final.winners())
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""Mega Civilization at scale: time per game and per turn with greedy bots (one core).

    python benchmarks/bench_mega_civ.py [--players 5,9,18] [--games 3] [--map full] [--turns 20]

A measurement, not a test. The target of issue 4: an 18-player game on the full map
in under 60 s on one core of a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import time

import civtable
from civtable.agents import PlayerView, make_agent


def one_game(players: int, seed: int, map_name: str, turns: int) -> tuple[float, int, int]:
    game = civtable.load_game("mega-civ", players=players, map=map_name, **{"last-turn": turns})
    bots = [make_agent("greedy", game, seed * 100 + i) for i in range(players)]
    start = time.perf_counter()
    state = game.new_state(seed=seed)
    steps = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, bots[p].act(PlayerView(state, p)))
        steps += 1
    return time.perf_counter() - start, state.turn, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="5,9,18")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--map", default="full")
    ap.add_argument("--turns", type=int, default=20, help="game length (option last-turn)")
    ap.add_argument("--json", help="also write the figures to this file")
    a = ap.parse_args()
    rows = []
    print(f"{'players':>7}  {'s/game':>8}  {'s/turn':>8}  {'turns':>5}  {'decisions':>9}")
    for n in (int(x) for x in a.players.split(",")):
        results = [one_game(n, seed, a.map, a.turns) for seed in range(1, a.games + 1)]
        seconds = sum(r[0] for r in results) / len(results)
        turns = sum(r[1] for r in results) / len(results)
        steps = sum(r[2] for r in results) / len(results)
        rows.append({"players": n, "seconds_per_game": round(seconds, 3), "seconds_per_turn": round(seconds / turns, 4),
                     "turns": turns, "decisions": steps})
        print(f"{n:>7}  {seconds:>8.2f}  {seconds / turns:>8.3f}  {turns:>5.0f}  {steps:>9.0f}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"map": a.map, "rows": rows}, f, indent=2)


if __name__ == "__main__":
    main()

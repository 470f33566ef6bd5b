"""Search speed: iterations per second of the search bots, per game (one core).

    python benchmarks/bench_search.py [--games catan-deckbuilding,civ-card-game,mega-civ]
                                      [--bots mcts,ismcts] [--seconds 3] [--json FILE]
    python benchmarks/bench_search.py --play 4 --bots "mcts:iterations=50"   # ms per decision in games

A measurement, not a test. Each bot decides in the same mid-game positions (a few
random moves into seeded games, where the mover has a choice), with a budget in
iterations; the figure is iterations done per second of decision time. The
rollout policy and depth are the bot's defaults unless the spec says otherwise
(e.g. ``--bots mcts,mcts:rollout=random&depth=60``). Mega Civilization is measured
with 5 players on the small map, through the public API only.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.testing.adapter import decisions

GAMES: dict[str, dict[str, Any]] = {
    "catan-deckbuilding": {},
    "civ-card-game": {"players": 2},
    "mega-civ": {"players": 5, "map": "small"},
}


def positions(game_id: str, count: int = 12) -> list[tuple[State, int]]:
    """Mid-game positions with a real choice, from seeded random play."""
    game = civtable.load_game(game_id, **GAMES[game_id])
    rng = Rng(11)
    out: list[tuple[State, int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        target = 20 + rng.below(60)
        for step, s, p, legal in decisions(game, seed, rng=rng):
            if step >= target and len(legal) > 1:
                out.append((s, p))
                break
    return out


def iterations_per_second(game_id: str, spec: str, seconds: float) -> float:
    """Iterations per second of ``spec`` (with ``iterations=`` added) over the positions."""
    game = civtable.load_game(game_id, **GAMES[game_id])
    budget = 50
    sep = "&" if ":" in spec else ":"
    full = f"{spec}{sep}iterations={budget}"
    done = 0
    elapsed = 0.0
    k = 0
    cases = positions(game_id)
    while elapsed < seconds:
        state, p = cases[k % len(cases)]
        bot = make_agent(full, game, seed=k)
        view = PlayerView(state, p)
        start = time.perf_counter()
        bot.act(view)
        elapsed += time.perf_counter() - start
        done += getattr(bot, "last_iterations", budget)  # fewer when the search stopped early
        k += 1
    return done / elapsed


def decision_times(game_id: str, spec: str, games: int) -> tuple[float, float, int]:
    """Mean and largest milliseconds per decision of ``spec`` playing ``games`` whole games
    against the game's ``greedy`` bot (seats alternating), counting decisions with a choice."""
    game = civtable.load_game(game_id, **GAMES[game_id])
    times: list[float] = []
    for g in range(games):
        state = game.new_state(seed=1000 + g)
        seat = g % 2
        agents = [make_agent("greedy", game, seed=g * 10 + i) for i in range(game.num_players)]
        agents[seat] = make_agent(spec, game, seed=g)
        while not state.is_terminal():
            p = state.to_move()[0]
            view = PlayerView(state, p)
            if p == seat and len(view.legal_actions) > 1:
                start = time.perf_counter()
                action = agents[p].act(view)
                times.append(time.perf_counter() - start)
            else:
                action = agents[p].act(view)
            state.apply(p, action)
    return 1000 * sum(times) / len(times), 1000 * max(times), len(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    ap.add_argument("--bots", default="mcts,ismcts", help="comma-separated bot specs (use & between parameters)")
    ap.add_argument("--seconds", type=float, default=3.0, help="decision time per measurement")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--play", type=int, default=0, metavar="GAMES",
                    help="instead: play GAMES whole games of each bot against greedy, report ms per decision")
    a = ap.parse_args()
    if a.play:
        print(f"python {platform.python_version()}, {platform.machine()}; ms per decision with a choice, "
              f"{a.play} games against greedy")
        for game_id in a.games.split(","):
            for spec in a.bots.split(","):
                mean, most, count = decision_times(game_id, spec, a.play)
                print(f"{game_id:<20} {spec}  mean {mean:.1f} ms, max {most:.1f} ms over {count} decisions")
        return
    bots = a.bots.split(",")
    rows: list[dict[str, Any]] = []
    print(f"python {platform.python_version()}, {platform.machine()}; iterations/s on one core")
    width = max(len(b) for b in bots)
    for game_id in a.games.split(","):
        for spec in bots:
            rate = iterations_per_second(game_id, spec, a.seconds)
            rows.append({"game": game_id, "options": GAMES[game_id], "bot": spec,
                         "iterations_per_second": round(rate)})
            print(f"{game_id:<20} {spec:<{width}}  {rate:>8,.0f}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"python": platform.python_version(), "rows": rows}, f, indent=2)


if __name__ == "__main__":
    main()

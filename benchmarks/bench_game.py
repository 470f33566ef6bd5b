"""Speed of a game's engine on one core (a measurement, not a test).

    python benchmarks/bench_game.py [--game catan-deckbuilding] [--players N] [--seconds 3] [--json FILE]

Measures
- random decision steps/s: ``legal_actions`` + a uniform choice + ``apply``, over
  whole games of random play from fresh seeds (new games included in the time);
- greedy-bot full games/s (all seats greedy), bots reading observations as in ``simulate``;
- ``clone()``/s and ``determinize()``/s of mid-game positions;
- ``to_json`` + ``state_from_json`` round trips/s.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.rng import Rng

GAME = "catan-deckbuilding"
OPTIONS: dict[str, int] = {}


def timed(fn: Callable[[], int], seconds: float) -> float:
    """Operations per second of ``fn`` (which returns how many it did), run for ~seconds."""
    done = 0
    start = time.perf_counter()
    while True:
        done += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def random_steps(seconds: float) -> float:
    game = civtable.load_game(GAME, **OPTIONS)
    rng = Rng(1)
    seed = [0]

    def one_game() -> int:
        seed[0] += 1
        s = game.new_state(seed=seed[0])
        steps = 0
        while not s.is_terminal():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.below(len(legal))])
            steps += 1
        return steps

    return timed(one_game, seconds)


BOT = "greedy"


def greedy_games(seconds: float) -> tuple[float, float]:
    game = civtable.load_game(GAME, **OPTIONS)
    seed = [0]
    turns = []

    def one_game() -> int:
        seed[0] += 1
        s = game.new_state(seed=seed[0])
        bots = [make_agent(BOT, game, seed[0] * 2 + i) for i in range(game.num_players)]
        while not s.is_terminal():
            p = s.to_move()[0]
            s.apply(p, bots[p].act(PlayerView(s, p)))
        turns.append(s.turn)
        return 1

    rate = timed(one_game, seconds)
    return rate, sum(turns) / len(turns)


def midgame_states(n: int = 50) -> list:
    game = civtable.load_game(GAME, **OPTIONS)
    rng = Rng(2)
    states = []
    for seed in range(n):
        s = game.new_state(seed=seed)
        for _ in range(60):
            if s.is_terminal():
                break
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.below(len(legal))])
        states.append(s)
    return states


def clones(seconds: float) -> float:
    states = midgame_states()

    def batch() -> int:
        for s in states:
            s.clone()
        return len(states)

    return timed(batch, seconds)


def determinizes(seconds: float) -> float:
    states = midgame_states()
    rng = Rng(3)

    def batch() -> int:
        for s in states:
            s.determinize(s.to_move()[0] if s.to_move() else 0, rng)
        return len(states)

    return timed(batch, seconds)


def json_round_trips(seconds: float) -> float:
    states = midgame_states()
    game = states[0].game

    def batch() -> int:
        for s in states:
            game.state_from_json(s.to_json())
        return len(states)

    return timed(batch, seconds)


def main() -> None:
    global GAME, BOT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--game", default="catan-deckbuilding", help="game id (default %(default)s)")
    ap.add_argument("--players", type=int, help="number of players, for games with a choice")
    ap.add_argument("--bot", help="the bot of the full-game measurement (default: the game's greedy bot, else "
                                  "its first own bot)")
    a = ap.parse_args()
    GAME = a.game
    own = sorted(civtable.load_game(GAME).bots())
    BOT = a.bot or ("greedy" if "greedy" in own else (own[0] if own else "random"))
    if a.players:
        OPTIONS["players"] = a.players
    greedy_rate, greedy_turns = greedy_games(a.seconds)
    figures = {
        "game": GAME,
        "players": civtable.load_game(GAME, **OPTIONS).num_players,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "random_steps_per_second": round(random_steps(a.seconds)),
        "bot": BOT,
        "bot_games_per_second": round(greedy_rate, 1),
        "bot_mean_turns": round(greedy_turns, 1),
        "clones_per_second": round(clones(a.seconds)),
        "determinize_per_second": round(determinizes(a.seconds)),
        "json_round_trips_per_second": round(json_round_trips(a.seconds)),
    }
    width = max(map(len, figures))
    for k, v in figures.items():
        print(f"{k:<{width}}  {v:>12,}" if isinstance(v, (int, float)) else f"{k:<{width}}  {v:>12}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)


if __name__ == "__main__":
    main()

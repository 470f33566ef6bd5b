"""Throughput of the learning environments against the raw engine, in one run, on one
core (a measurement, not a test).

    python benchmarks/bench_envs.py [--game catan-deckbuilding] [--players N] [--seconds 3] [--json FILE]

Three loops of uniformly random legal play over whole games from fresh seeds:
- raw engine: ``legal_actions`` + a choice + ``apply``;
- PettingZoo AEC: ``env.last()`` (encoded observation + mask) + a masked sample + ``env.step``;
- Gymnasium: ``action_masks()`` + a masked choice + ``env.step`` (the other seats played
  by the ``random`` bot inside the step; steps counted for every seat).
Figures are steps/s (CPU time) and each environment's ratio to the raw engine, and the
cost of one ``encode`` call.
"""

from __future__ import annotations

import argparse
import json
import platform

import numpy as np
from _timing import random_games, random_moves, timed  # the same directory

import civtable
from civtable.core.rng import Rng
from civtable.envs import gymnasium_env, pettingzoo_env


def raw(game_id: str, options: dict[str, int], seconds: float) -> float:
    """The raw engine's random steps/s, events recorded (``bench_game``'s loop)."""
    return random_games(civtable.load_game(game_id, **options), seconds, False, Rng(1).below)


def aec(game_id: str, options: dict[str, int], seconds: float) -> float:
    env = pettingzoo_env(game_id, seed=1, **options)
    rng = np.random.default_rng(1)
    seed = [0]

    def one() -> int:
        seed[0] += 1
        env.reset(seed=seed[0])
        n = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
        return n

    return timed(one, seconds)


def gym(game_id: str, options: dict[str, int], seconds: float) -> float:
    players = options.get("players", civtable.load_game(game_id).num_players)
    opts = {k: v for k, v in options.items() if k != "players"}
    env = gymnasium_env(game_id, opponents=["random"] * (players - 1), players=players, **opts)
    rng = np.random.default_rng(1)
    seed = [0]

    def one() -> int:
        seed[0] += 1
        env.reset(seed=seed[0])
        while True:
            _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            if term or trunc:
                return env.unwrapped.engine.steps

    return timed(one, seconds)


def encode_cost(game_id: str, options: dict[str, int], seconds: float) -> float:
    """Microseconds per ``encode`` of a mid-game observation."""
    game = civtable.load_game(game_id, **options)
    s = game.new_state(seed=3)
    random_moves(s, Rng(3).below, 40)
    obs = s.observation(0)
    rate = timed(lambda: [game.encode(obs, 0) for _ in range(200)] and 200, seconds)
    return 1e6 / rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="catan-deckbuilding")
    ap.add_argument("--players", type=int)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json")
    args = ap.parse_args()
    options = {} if args.players is None else {"players": args.players}
    r = raw(args.game, options, args.seconds)
    a = aec(args.game, options, args.seconds)
    g = gym(args.game, options, args.seconds)
    out = {
        "game": args.game, "options": options, "python": platform.python_version(),
        "raw_steps_per_s": round(r), "pettingzoo_steps_per_s": round(a), "gymnasium_steps_per_s": round(g),
        "pettingzoo_ratio": round(a / r, 3), "gymnasium_ratio": round(g / r, 3),
        "encode_us": round(encode_cost(args.game, options, min(args.seconds, 1.0)), 2),
    }
    print(json.dumps(out, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()

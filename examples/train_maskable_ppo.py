"""Train sb3-contrib's MaskablePPO on catan-deckbuilding against the random bot (CPU),
then measure the trained policy over 200 games against `random` and against `greedy`
(win rate with a 95% Wilson interval), and write the figures as JSON.

    make train            # or: pip install -e '.[train]' && python examples/train_maskable_ppo.py

Options: --steps (training steps, default 200000), --eval-games (200), --seed, --out,
--shaping (reward per City of lead gained, default 0.2: the result alone comes after
hundreds of decisions). Evaluation counts only wins, draws and losses.
The learning seat alternates between games: the game itself draws the start player.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from civtable.envs import gymnasium_env

GAME = "catan-deckbuilding"


def wilson(wins: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def evaluate(model: MaskablePPO, opponent: str, games: int, seed: int) -> dict[str, object]:
    """The policy (deterministic, masked) in ``games`` games against ``opponent``, seats alternating."""
    wins = draws = 0
    for g in range(games):
        seat = g % 2
        env = gymnasium_env(GAME, opponents=[opponent], seat=seat, illegal="raise")
        obs, _ = env.reset(seed=seed + g)
        while True:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, term, trunc, _ = env.step(int(action))
            if term or trunc:
                break
        wins += reward > 0
        draws += reward == 0
    lo, hi = wilson(wins, games)
    return {"opponent": opponent, "games": games, "wins": wins, "draws": draws, "win_rate": wins / games,
            "ci95": [round(lo, 4), round(hi, 4)]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=200_000)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="benchmarks/results/maskable_ppo_catan.json")
    ap.add_argument("--shaping", type=float, default=0.2)
    args = ap.parse_args()
    torch.set_num_threads(1)
    env = gymnasium_env(GAME, opponents=["random"], seed=args.seed, shaping=args.shaping)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=1, n_steps=2048, batch_size=256,
                        learning_rate=3e-4, gamma=0.995, ent_coef=0.01, device="cpu")
    untrained = evaluate(model, "random", 50, seed=10_000)
    start = time.process_time()
    wall = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    cpu, wall = time.process_time() - start, time.perf_counter() - wall
    results = {
        "game": GAME, "algorithm": "MaskablePPO (sb3-contrib), MlpPolicy", "opponent_in_training": "random",
        "shaping": args.shaping,
        "training_steps": args.steps, "training_cpu_seconds": round(cpu, 1), "training_wall_seconds": round(wall, 1),
        "steps_per_second": round(args.steps / wall, 1),
        "untrained_vs_random_50_games": untrained,
        "vs_random": evaluate(model, "random", args.eval_games, seed=20_000),
        "vs_greedy": evaluate(model, "greedy", args.eval_games, seed=30_000),
        "torch": torch.__version__, "numpy": np.__version__,
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()

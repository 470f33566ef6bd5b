"""Train sb3-contrib's MaskablePPO on catan-deckbuilding (CPU), against fixed bots or a
league of its own past snapshots; save the model and checkpoints, log to TensorBoard,
evaluate on a schedule against fixed bots (win rate with a 95% Wilson interval).

    make train                 # or: pip install -e '.[train]' && python examples/train_maskable_ppo.py
    tensorboard --logdir runs/maskable_ppo/tb

Options (every one with its default in ``--help``):
--steps (training steps), --seed (the model's, the environment's and the evaluation
seeds follow from it), --out (the run's folder: ``model.zip``, ``checkpoints/``,
``tb/``, ``league/``, ``results.json``), --opponent (the fixed bot trained against:
random or greedy), --league N (self-play: every --snapshot-every steps the policy is
saved as a NumPy weights file, the last N kept; each training game's opponent is one
of them with probability --league-share, else the fixed bot), --shaping (reward per
City of lead gained, default 0.2: the result alone comes after hundreds of decisions;
0 pays the result alone), --eval-every
(steps between evaluations), --eval-games, --eval-against (comma-separated fixed bots),
--checkpoint-every, --resume (goes on from the last checkpoint in --out).
Evaluation plays the masked policy deterministically, seats alternating, and counts
wins, draws and losses; its seeds never meet the training games' seeds.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback, CallbackList, CheckpointCallback

import civtable
from civtable.agents import make_agent
from civtable.agents.base import Agent
from civtable.agents.learned import LearnedBot, Policy, load_policy, save_policy
from civtable.core.game import Game
from civtable.core.rng import Rng
from civtable.envs import gymnasium_env
from civtable.sim.methods import wilson

GAME = "catan-deckbuilding"


def policy_layers(model: MaskablePPO) -> list[tuple[np.ndarray, np.ndarray]]:
    """The masked policy's layers as ``civtable.agents.learned`` plays them (MlpPolicy:
    Linear-Tanh-Linear-Tanh, then the action layer; the features are the vector itself)."""
    mods = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    mods.append(model.policy.action_net)
    return [(m.weight.detach().cpu().numpy().copy(), m.bias.detach().cpu().numpy().copy()) for m in mods]


class League:
    """Past snapshots of the policy; ``opponent(game, seed)`` (an opponent factory of the
    Gymnasium environment) picks one of them or the fixed bot, by the seed."""

    def __init__(self, fixed: str, size: int, share: float) -> None:
        self.fixed, self.size, self.share = fixed, size, share
        self.members: list[Policy] = []

    def add(self, policy: Policy) -> None:
        self.members = [*self.members, policy][-self.size:]

    def opponent(self, game: Game, seed: int) -> Agent:
        rng = Rng(seed)
        if self.members and rng.random() < self.share:
            return LearnedBot(seed, game, self.members[rng.below(len(self.members))])
        return make_agent(self.fixed, game, seed=seed)


def evaluate(model: MaskablePPO, opponent: str, games: int, seed: int) -> dict[str, Any]:
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
    return {"opponent": opponent, "games": games, "wins": int(wins), "draws": int(draws), "win_rate": wins / games,
            "ci95": [round(lo, 4), round(hi, 4)]}


class Schedule(BaseCallback):  # type: ignore[misc]
    """Evaluations against the fixed bots and league snapshots, every so many steps."""

    def __init__(self, args: argparse.Namespace, league: League | None, out: Path) -> None:
        super().__init__()
        self.args, self.league, self.out = args, league, out
        self.history: list[dict[str, Any]] = []
        self.game = civtable.load_game(GAME)

    def _on_step(self) -> bool:
        n = self.num_timesteps
        if self.league is not None and n % self.args.snapshot_every == 0:
            path = self.out / "league" / f"snapshot-{n:09d}.npz"
            path.parent.mkdir(exist_ok=True)
            save_policy(path, self.game, policy_layers(self.model), steps=n)
            self.league.add(load_policy(path, self.game))
            self.logger.record("league/size", len(self.league.members))
        if n % self.args.eval_every == 0:
            self.evaluate(n)
        return True

    def evaluate(self, n: int) -> None:
        row: dict[str, Any] = {"steps": n}
        for k, bot in enumerate(self.args.eval_against.split(",")):
            r = evaluate(self.model, bot, self.args.eval_games, seed=10_000_000 * (k + 1) + self.args.seed * 1000)
            row[bot] = r
            self.logger.record(f"eval/win_rate_vs_{bot}", r["win_rate"])
            self.logger.record(f"eval/wilson_low_vs_{bot}", r["ci95"][0])
            self.logger.record(f"eval/wilson_high_vs_{bot}", r["ci95"][1])
        self.history.append(row)
        print(json.dumps(row), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="runs/maskable_ppo")
    ap.add_argument("--opponent", default="random", help="the fixed bot trained against")
    ap.add_argument("--league", type=int, default=0, help="past snapshots kept as opponents (0: none)")
    ap.add_argument("--league-share", type=float, default=0.5)
    ap.add_argument("--snapshot-every", type=int, default=20_000)
    ap.add_argument("--shaping", type=float, default=0.2)
    ap.add_argument("--eval-every", type=int, default=50_000)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--eval-against", default="random,greedy")
    ap.add_argument("--checkpoint-every", type=int, default=50_000)
    ap.add_argument("--resume", action="store_true")
    args = ap.parse_args()
    torch.set_num_threads(1)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    league = League(args.opponent, args.league, args.league_share) if args.league else None
    opponent: Any = league.opponent if league else args.opponent
    env = gymnasium_env(GAME, opponents=[opponent], seed=args.seed, shaping=args.shaping)
    checkpoints = sorted((out / "checkpoints").glob("model_*_steps.zip"), key=lambda p: int(p.stem.split("_")[1]))
    if args.resume and checkpoints:
        model = MaskablePPO.load(checkpoints[-1], env=env, device="cpu", tensorboard_log=str(out / "tb"))
        print(f"resumed from {checkpoints[-1]} at {model.num_timesteps} steps")
    else:
        model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=2048, batch_size=256,
                            learning_rate=3e-4, gamma=0.995, ent_coef=0.01, device="cpu",
                            tensorboard_log=str(out / "tb"))
    schedule = Schedule(args, league, out)
    callbacks = CallbackList([
        CheckpointCallback(save_freq=args.checkpoint_every, save_path=str(out / "checkpoints"), name_prefix="model"),
        schedule])
    start, wall = time.process_time(), time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=callbacks, reset_num_timesteps=not args.resume,
                tb_log_name="maskable_ppo")
    cpu, wall = time.process_time() - start, time.perf_counter() - wall
    model.save(out / "model.zip")
    if not schedule.history or schedule.history[-1]["steps"] != model.num_timesteps:
        schedule.evaluate(model.num_timesteps)
    results = {
        "game": GAME, "algorithm": "MaskablePPO (sb3-contrib), MlpPolicy", "opponent_in_training": args.opponent,
        "league": args.league, "league_share": args.league_share if args.league else 0.0, "shaping": args.shaping,
        "seed": args.seed, "training_steps": model.num_timesteps, "training_cpu_seconds": round(cpu, 1),
        "training_wall_seconds": round(wall, 1), "evaluations": schedule.history,
        "torch": torch.__version__, "numpy": np.__version__,
    }
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results["evaluations"][-1], indent=2))


if __name__ == "__main__":
    main()

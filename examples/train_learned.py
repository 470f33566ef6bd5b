"""Trains the ``learned`` bot of a game on the CPU: behaviour cloning of ``greedy``, then
PPO fine-tuning against ``greedy`` (action masking, seats alternating); writes the NumPy
weights file the bot plays (``civtable.agents.learned``: no PyTorch at play time).

    python examples/train_learned.py --game catan-deckbuilding --out runs/learned --minutes 50 --seed 0
    python examples/train_learned.py --out runs/learned --resume          # goes on where it stopped
    python examples/train_learned.py --out runs/learned --export FILE.npz  # the weights of the last checkpoint

Needs the ``train`` extra (``make train``). The run can be stopped at any time (Ctrl-C,
or ``--minutes`` of CPU time reached): it saves ``checkpoint.pt`` in ``--out`` after
every phase and every ``--save-every`` PPO updates, and ``--resume`` goes on from it.
Phases: ``data`` (``--games`` games of ``greedy`` against itself, every decision with
more than one legal action recorded from both seats: the seat's vector, mask, the
action ``greedy`` chose and the game's result for that seat; ``--explore`` of the moves
played are random legal ones, so that the clone sees positions greedy leads away from),
``bc`` (a policy network learns greedy's choice by masked cross-entropy, a value network
the result), ``ppo`` (clipped PPO against ``greedy``; reward +1 win, -1 loss at the end,
plus ``--shaping`` times the change of the score lead, as the Gymnasium environment's
``shaping`` keyword). Every ``--eval-every`` updates the NumPy bot plays ``--eval-games``
games against ``greedy``, seats alternating, and the win rate is logged with its Wilson
95% interval (TensorBoard in ``--out``, and ``log.jsonl``).
"""

from __future__ import annotations

import argparse
import json
import signal
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

import civtable
from civtable.agents import make_agent
from civtable.agents.base import PlayerView
from civtable.agents.learned import LearnedBot, load_policy, save_policy
from civtable.core.rng import Rng, derive_seed
from civtable.envs.single import CivtableGym
from civtable.sim.methods import wilson


# ---------------------------------------------------------------- networks
def mlp(n_in: int, hidden: int, n_out: int) -> nn.Sequential:
    return nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                         nn.Linear(hidden, n_out))


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(~mask, -1e9)


def layers_of(net: nn.Sequential) -> list[tuple[np.ndarray, np.ndarray]]:
    return [(m.weight.detach().numpy().copy(), m.bias.detach().numpy().copy())
            for m in net if isinstance(m, nn.Linear)]


# ---------------------------------------------------------------- phase 1: greedy's games
def greedy_data(game_id: str, games: int, explore: float, seed: int) -> dict[str, np.ndarray]:
    game = civtable.load_game(game_id)
    space = game.action_space()
    rng = Rng(seed)
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    acts: list[int] = []
    results: list[float] = []
    for g in range(games):
        game_seed = derive_seed(seed, g)
        state = game.new_state(seed=game_seed)
        state.silence()
        bots = [make_agent("greedy", game, seed=derive_seed(game_seed, p)) for p in range(game.num_players)]
        seats: list[int] = []
        while not state.is_terminal():
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            chosen = bots[p].act(PlayerView(state, p, legal))
            if len(legal) > 1:
                m = np.zeros(space.size, dtype=bool)
                m[[space.index(a) for a in legal]] = True
                obs.append(game.encode_state(state, p))
                masks.append(m)
                acts.append(space.index(chosen))
                seats.append(p)
                if rng.random() < explore:
                    chosen = legal[rng.below(len(legal))]
            state.apply(p, chosen)
        returns = state.returns()
        results.extend(float(returns[p]) for p in seats)
    return {"obs": np.stack(obs), "mask": np.stack(masks), "act": np.array(acts, dtype=np.int64),
            "result": np.array(results, dtype=np.float32)}


# ---------------------------------------------------------------- phase 2: cloning
def clone(policy: nn.Module, value: nn.Module, data: dict[str, np.ndarray], epochs: int, seed: int,
          log: Any) -> None:
    torch.manual_seed(seed)
    x = torch.from_numpy(data["obs"])
    m = torch.from_numpy(data["mask"])
    a = torch.from_numpy(data["act"])
    r = torch.from_numpy(data["result"])
    n = len(a)
    held = n // 20  # the last 5% measure the clone's accuracy on decisions it did not learn
    opt = torch.optim.Adam(list(policy.parameters()) + list(value.parameters()), lr=1e-3)
    for epoch in range(epochs):
        order = torch.randperm(n - held)
        for i in range(0, n - held, 512):
            idx = order[i:i + 512]
            logits = masked_logits(policy(x[idx]), m[idx])
            loss = nn.functional.cross_entropy(logits, a[idx])
            vloss = ((value(x[idx]).squeeze(-1) - r[idx]) ** 2).mean()
            opt.zero_grad()
            (loss + 0.5 * vloss).backward()
            opt.step()
        with torch.no_grad():
            pred = masked_logits(policy(x[n - held:]), m[n - held:]).argmax(-1)
            acc = float((pred == a[n - held:]).float().mean())
        log("bc", epoch, {"bc/loss": float(loss), "bc/value_loss": float(vloss), "bc/held_out_accuracy": acc})


# ---------------------------------------------------------------- phase 3: PPO
class Rollouts:
    """``n`` games against the opponents, the learning seat alternating by row."""

    def __init__(self, game_id: str, n: int, opponent: str, seed: int, shaping: float) -> None:
        self.envs = [CivtableGym(game_id, opponents=[opponent], seat=i % 2, seed=derive_seed(seed, i),
                                 illegal="raise", shaping=shaping) for i in range(n)]
        self.game = self.envs[0].game
        self.seats = [e.seat for e in self.envs]
        for e in self.envs:
            e.reset()

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        obs = self.game.encode_states([e.engine.state for e in self.envs], self.seats)
        masks = np.stack([e.engine.mask(e.seat).astype(bool) for e in self.envs])
        return obs, masks

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[float]]:
        rewards = np.zeros(len(self.envs), dtype=np.float32)
        dones = np.zeros(len(self.envs), dtype=np.float32)
        finished: list[float] = []
        for i, e in enumerate(self.envs):
            text = e.engine.action(e.seat, int(actions[i]))
            reward, term, trunc = e.advance(text)
            rewards[i] = reward
            if term or trunc:
                dones[i] = 1.0
                finished.append(float(e.engine.state.returns()[e.seat]) if term else 0.0)
                e.reset()
        return rewards, dones, finished


def ppo(policy: nn.Module, value: nn.Module, ckpt: dict[str, Any], args: argparse.Namespace, out: Path,
        log: Any, deadline: float, save: Any) -> None:
    torch.manual_seed(args.seed + ckpt["update"])
    roll = Rollouts(args.game, args.envs, "greedy", derive_seed(args.seed, 1000 + ckpt["update"]), args.shaping)
    popt = torch.optim.Adam(policy.parameters(), lr=args.lr)
    vopt = torch.optim.Adam(value.parameters(), lr=args.lr * 3)
    if "popt" in ckpt:
        popt.load_state_dict(ckpt["popt"])
        vopt.load_state_dict(ckpt["vopt"])
    T, N = args.steps, args.envs
    recent: list[float] = []
    while ckpt["update"] < args.updates and time.process_time() < deadline and not STOP[0]:
        obs_b = np.zeros((T, N, roll.game.encoding().size), dtype=np.float32)
        mask_b = np.zeros((T, N, roll.game.action_space().size), dtype=bool)
        act_b = np.zeros((T, N), dtype=np.int64)
        logp_b = np.zeros((T, N), dtype=np.float32)
        val_b = np.zeros((T + 1, N), dtype=np.float32)
        rew_b = np.zeros((T, N), dtype=np.float32)
        done_b = np.zeros((T, N), dtype=np.float32)
        for t in range(T):
            obs, masks = roll.observe()
            with torch.no_grad():
                x = torch.from_numpy(obs)
                logits = masked_logits(policy(x), torch.from_numpy(masks))
                dist = torch.distributions.Categorical(logits=logits)
                a = dist.sample()
                logp_b[t] = dist.log_prob(a).numpy()
                val_b[t] = value(x).squeeze(-1).numpy()
            obs_b[t], mask_b[t], act_b[t] = obs, masks, a.numpy()
            rew_b[t], done_b[t], finished = roll.step(act_b[t])
            recent.extend(finished)
        with torch.no_grad():
            val_b[T] = value(torch.from_numpy(roll.observe()[0])).squeeze(-1).numpy()
        adv = np.zeros((T, N), dtype=np.float32)
        last = np.zeros(N, dtype=np.float32)
        for t in reversed(range(T)):
            live = 1.0 - done_b[t]
            delta = rew_b[t] + args.gamma * val_b[t + 1] * live - val_b[t]
            last = delta + args.gamma * args.lam * live * last
            adv[t] = last
        ret = adv + val_b[:T]
        flat = {"x": torch.from_numpy(obs_b.reshape(T * N, -1)), "m": torch.from_numpy(mask_b.reshape(T * N, -1)),
                "a": torch.from_numpy(act_b.reshape(-1)), "lp": torch.from_numpy(logp_b.reshape(-1)),
                "adv": torch.from_numpy(adv.reshape(-1)), "ret": torch.from_numpy(ret.reshape(-1))}
        flat["adv"] = (flat["adv"] - flat["adv"].mean()) / (flat["adv"].std() + 1e-8)
        for _ in range(args.epochs):
            order = torch.randperm(T * N)
            for i in range(0, T * N, args.batch):
                idx = order[i:i + args.batch]
                dist = torch.distributions.Categorical(logits=masked_logits(policy(flat["x"][idx]), flat["m"][idx]))
                ratio = torch.exp(dist.log_prob(flat["a"][idx]) - flat["lp"][idx])
                adv_i = flat["adv"][idx]
                ploss = -torch.min(ratio * adv_i, ratio.clamp(1 - args.clip, 1 + args.clip) * adv_i).mean()
                loss = ploss - args.entropy * dist.entropy().mean()
                popt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                popt.step()
                vloss = ((value(flat["x"][idx]).squeeze(-1) - flat["ret"][idx]) ** 2).mean()
                vopt.zero_grad()
                vloss.backward()
                vopt.step()
        ckpt["update"] += 1
        u = ckpt["update"]
        stats = {"ppo/policy_loss": float(ploss), "ppo/value_loss": float(vloss),
                 "ppo/entropy": float(dist.entropy().mean()), "ppo/steps": u * T * N}
        if recent:
            stats["ppo/train_win_rate"] = float(np.mean([r > 0 for r in recent]))
            stats["ppo/train_games"] = len(recent)
            recent = []
        log("ppo", u, stats)
        if u % args.eval_every == 0:
            evaluate(policy, args, out, log, u)
        if u % args.save_every == 0:
            ckpt["popt"], ckpt["vopt"] = popt.state_dict(), vopt.state_dict()
            save()
    ckpt["popt"], ckpt["vopt"] = popt.state_dict(), vopt.state_dict()


# ---------------------------------------------------------------- evaluation
def export(policy: nn.Module, args: argparse.Namespace, path: Path, update: int) -> None:
    game = civtable.load_game(args.game)
    save_policy(path, game, layers_of(policy), half=args.half, trained=f"examples/train_learned.py --seed {args.seed}",
                ppo_updates=update, hidden=args.hidden)


def play_against_greedy(path: Path, game_id: str, games: int, seed: int) -> int:
    """Wins of the weights file's bot in ``games`` games against ``greedy``, seats alternating."""
    game = civtable.load_game(game_id)
    policy = load_policy(path, game)
    wins = 0
    for g in range(games):
        game_seed = derive_seed(seed, g)
        me = g % 2
        state = game.new_state(seed=game_seed)
        state.silence()
        bots = [None, None]
        bots[me] = LearnedBot(0, game, policy)
        bots[1 - me] = make_agent("greedy", game, seed=derive_seed(game_seed, 1 - me))
        while not state.is_terminal():
            p = state.to_move()[0]
            state.apply(p, bots[p].act(PlayerView(state, p)))  # type: ignore[union-attr]
        wins += me in state.winners() and len(state.winners()) == 1
    return wins


def evaluate(policy: nn.Module, args: argparse.Namespace, out: Path, log: Any, update: int) -> None:
    path = out / f"learned-{update:05d}.npz"
    export(policy, args, path, update)
    wins = play_against_greedy(path, args.game, args.eval_games, 777)
    lo, hi = wilson(wins, args.eval_games)
    log("eval", update, {"eval/win_rate_vs_greedy": wins / args.eval_games, "eval/wilson_low": lo,
                         "eval/wilson_high": hi, "eval/games": args.eval_games})


# ---------------------------------------------------------------- the run
STOP = [False]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="catan-deckbuilding")
    ap.add_argument("--out", default="runs/learned")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--export", help="write the weights of the last checkpoint to this file and stop")
    ap.add_argument("--minutes", type=float, default=50.0, help="CPU minutes of this call (process time)")
    ap.add_argument("--games", type=int, default=3000, help="greedy's games to clone")
    ap.add_argument("--explore", type=float, default=0.05)
    ap.add_argument("--bc-epochs", type=int, default=12)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--half", action="store_true", help="store the weights file's weights as float16")
    ap.add_argument("--updates", type=int, default=100000)
    ap.add_argument("--envs", type=int, default=32)
    ap.add_argument("--steps", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--clip", type=float, default=0.1)
    ap.add_argument("--entropy", type=float, default=0.003)
    ap.add_argument("--gamma", type=float, default=0.997)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--shaping", type=float, default=0.0)
    ap.add_argument("--eval-every", type=int, default=40)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--save-every", type=int, default=10)
    args = ap.parse_args()
    torch.set_num_threads(1)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "checkpoint.pt"
    game = civtable.load_game(args.game)
    n_in, n_out = game.encoding().size, game.action_space().size
    policy, value = mlp(n_in, args.hidden, n_out), mlp(n_in, args.hidden, 1)
    ckpt: dict[str, Any] = {"phase": "data", "update": 0, "args": vars(args)}
    if args.resume or args.export:
        ckpt = torch.load(path, weights_only=False)
        if "policy" in ckpt:
            policy.load_state_dict(ckpt["policy"])
            value.load_state_dict(ckpt["value"])
    if args.export:
        export(policy, args, Path(args.export), ckpt["update"])
        print(f"wrote {args.export} (phase {ckpt['phase']}, {ckpt['update']} PPO updates)")
        return

    from torch.utils.tensorboard import SummaryWriter

    writer = SummaryWriter(str(out / "tb"))
    logfile = open(out / "log.jsonl", "a")  # noqa: SIM115 (open for the whole run)

    def log(phase: str, step: int, stats: dict[str, float]) -> None:
        for k, v in stats.items():
            writer.add_scalar(k, v, step)
        row = {"phase": phase, "step": step, "cpu_s": round(time.process_time() + ckpt.get("cpu", 0.0), 1), **stats}
        logfile.write(json.dumps(row) + "\n")
        logfile.flush()
        if phase != "ppo" or step % 5 == 0:
            print(json.dumps(row), flush=True)

    def save() -> None:
        ckpt["policy"], ckpt["value"] = policy.state_dict(), value.state_dict()
        tmp = path.with_suffix(".tmp")
        torch.save({**ckpt, "cpu": ckpt.get("cpu", 0.0) + time.process_time() - t0}, tmp)
        tmp.replace(path)  # a stop in the middle never leaves half a checkpoint

    signal.signal(signal.SIGTERM, lambda *_: STOP.__setitem__(0, True))
    t0 = time.process_time()
    deadline = t0 + args.minutes * 60
    try:
        if ckpt["phase"] == "data":
            data = greedy_data(args.game, args.games, args.explore, args.seed)
            np.savez_compressed(out / "greedy_data.npz", **data)
            log("data", 0, {"data/decisions": len(data["act"]), "data/games": args.games})
            ckpt["phase"] = "bc"
            save()
        if ckpt["phase"] == "bc":
            with np.load(out / "greedy_data.npz") as f:
                data = {k: f[k] for k in f.files}
            clone(policy, value, data, args.bc_epochs, args.seed, log)
            ckpt["phase"] = "ppo"
            save()
            evaluate(policy, args, out, log, 0)
        if ckpt["phase"] == "ppo":
            ppo(policy, value, ckpt, args, out, log, deadline, save)
    except KeyboardInterrupt:
        pass
    save()
    print(f"stopped at phase {ckpt['phase']}, {ckpt['update']} PPO updates; --resume goes on")


if __name__ == "__main__":
    main()

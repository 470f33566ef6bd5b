"""Fit the weights of Mega Civ's search evaluation (``civtable/games/mega_civ/bots/evaluate.py``).

    python tools/mega_civ/fit_evaluate.py collect --games 400 --players 5 --out /tmp/mc5.json
    python tools/mega_civ/fit_evaluate.py collect --games 100 --players 9 --seed 2 --out /tmp/mc9.json
    python tools/mega_civ/fit_evaluate.py fit /tmp/mc5.json /tmp/mc9.json   # needs numpy

``collect`` plays games of the strategic bot (``greedy``) in every seat on the full map
(in every other game each player makes a random move with probability ``eps``, so the
data also holds positions the bot would not reach) and records, at the first decision
of every turn (where the search's rollouts are cut off with ``turns=1``), every
player's ``FEATURES``, the game's progress and the winners. ``fit`` is a conditional
logit (multinomial over the players of a position) of the winner on the features
(``evaluate.FEATURES``, which may be a subset of those collected) and the features
times progress, by Newton's method with a small ridge penalty on
standardized features; a shared win counts 1/k for each winner. It holds out every
fifth game to report the log-loss and the accuracy (the top-scored player won) next
to those of the VP lead alone, then fits all games and writes ``data/evaluate.json``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[2] / "civtable" / "games" / "mega_civ" / "data" / "evaluate.json"


def collect(games: int, players: int, seed: int, eps: float) -> dict[str, Any]:
    import civtable
    from civtable.agents import PlayerView, make_agent
    from civtable.core.rng import Rng, derive_seed
    from civtable.games.mega_civ.bots.evaluate import COLLECTED, collected_features, progress

    game = civtable.load_game("mega-civ", players=players)
    rows: list[list[Any]] = []  # [game, progress, [features per player], [winners]]
    for g in range(games):
        gs = derive_seed(seed, g)
        s: Any = game.new_state(seed=gs)
        bots = [make_agent("greedy", game, seed=derive_seed(gs, 1 + i)) for i in range(players)]
        rng = Rng(derive_seed(gs, 99))
        noisy = eps if g % 2 else 0.0
        points: list[list[Any]] = []
        turn = 0
        while not s.is_terminal():
            if s.turn != turn:
                turn = s.turn
                counts = [len(s.cities_of(p)) for p in range(players)]
                points.append([g, progress(s), [collected_features(s, p, counts) for p in range(players)]])
            p = s.to_move()[0]
            view = PlayerView(s, p)
            if noisy and rng.random() < noisy:
                legal = view.legal_actions
                action = legal[rng.below(len(legal))]
            else:
                action = bots[p].act(view)
            s.apply(p, action)
        winners = s.winners()
        for pt in points:
            rows.append([*pt, winners])
        if (g + 1) % 50 == 0:
            print(f"{g + 1} games, {len(rows)} positions", file=sys.stderr, flush=True)
    return {"features": list(COLLECTED), "games": games, "players": players, "seed": seed, "eps": eps, "rows": rows}


def fit(datas: list[dict[str, Any]], ridge: float) -> dict[str, Any]:
    import numpy as np

    from civtable.agents.fitted import weights_data
    from civtable.games.mega_civ.bots.evaluate import FEATURES

    features = list(FEATURES)
    k = len(features)
    xs, ys, test = [], [], []
    for i, data in enumerate(datas):
        missing = [f for f in features if f not in data["features"]]
        if missing:
            raise SystemExit(f"the data were collected without the features {', '.join(missing)}")
        cols = [data["features"].index(f) for f in features]  # evaluate.FEATURES may be a subset
        for g, prog, f, winners in data["rows"]:
            x = np.array(f, dtype=float)[:, cols]
            xs.append(np.hstack([x, x * prog]))
            y = np.zeros(len(f))
            y[winners] = 1.0 / len(winners)
            ys.append(y)
            test.append((g + i) % 5 == 4)
    flat = np.vstack([x for x, t in zip(xs, test, strict=True) if not t])
    scale = flat.std(axis=0)
    scale[scale == 0] = 1.0

    def newton(xs: list[Any], ys: list[Any], cols: list[int] | None = None) -> Any:
        sel = [x[:, cols] if cols is not None else x for x in xs]
        sc = scale[cols] if cols is not None else scale
        sel = [x / sc for x in sel]
        w = np.zeros(sel[0].shape[1])
        for _ in range(60):
            grad = ridge * w
            hess = ridge * np.eye(len(w))
            for x, y in zip(sel, ys, strict=True):
                s = x @ w
                p = np.exp(s - s.max())
                p /= p.sum()
                mean = p @ x
                grad = grad - (y @ x - y.sum() * mean)
                hess = hess + y.sum() * ((x * p[:, None]).T @ x - np.outer(mean, mean))
            step = np.linalg.solve(hess, grad)
            w -= step
            if np.abs(step).max() < 1e-8:
                break
        return w / sc

    def report(w: Any, xs: list[Any], ys: list[Any], cols: list[int] | None = None) -> dict[str, float]:
        loss, right = 0.0, 0.0
        for x, y in zip(xs, ys, strict=True):
            s = (x[:, cols] if cols is not None else x) @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            loss -= float(y @ np.log(np.clip(p, 1e-12, 1)))
            right += float(y[int(np.argmax(p))] > 0)
        return {"log_loss": round(loss / len(xs), 4), "accuracy": round(right / len(xs), 4)}

    train = [i for i, t in enumerate(test) if not t]
    held = [i for i, t in enumerate(test) if t]
    w = newton([xs[i] for i in train], [ys[i] for i in train])
    base_cols = [0, k]
    wb = newton([xs[i] for i in train], [ys[i] for i in train], base_cols)
    uniform = float(np.mean([np.log(len(ys[i])) for i in held]))
    w_all = newton(xs, ys)
    games = sum(d["games"] for d in datas)
    counts = ", ".join(f"{d['games']} {d['players']}-player (seed {d['seed']})" for d in datas)
    return {
        "fitted": True,
        "how": (f"tools/mega_civ/fit_evaluate.py: conditional logit (Newton, ridge {ridge} on standardized "
                f"features) of the winner on every player's features and the features times progress, at the "
                f"first decision of every turn of {games} self-play games of the strategic bot on the full map "
                f"({counts}; every other game with random moves at rate {datas[0]['eps']}); {len(xs)} positions; "
                f"a shared win counts 1/k for each winner"),
        "held_out": {"games": "every fifth game", "model": report(w, [xs[i] for i in held], [ys[i] for i in held]),
                     "vp_lead_only": report(wb, [xs[i] for i in held], [ys[i] for i in held], base_cols),
                     "uniform_log_loss": round(uniform, 4)},
        **weights_data(features, w_all),
    }


def main() -> None:
    from civtable.agents.fitted import fitting_cli

    fitting_cli(__doc__.splitlines()[0], collect, fit, games=400, eps=0.02, out=OUT, players=5)


if __name__ == "__main__":
    main()

"""Fit the weights of the search bots' evaluation (``bots/evaluate.py``) to self-play games.

    python tools/civ_card_game/fit_evaluate.py collect --games 3000 --out /tmp/ccg.json
    python tools/civ_card_game/fit_evaluate.py fit /tmp/ccg.json   # needs numpy

``collect`` plays 2-player games of the ``greedy`` bot against itself (in every
other game both players make a random move with probability ``eps``, so that the
data also holds positions greedy would not reach) and records, at the start of
every turn (where the search's rollouts are cut off), both players' ``FEATURES``,
the game's progress and the winner. ``fit`` is a logistic regression of the winner
on the feature differences and the differences times progress (the 2-player case of
the conditional logit that ``evaluate`` applies), by Newton's method with a small
ridge penalty, holding out a fifth of the games to report the log-loss and accuracy
next to those of the points lead alone; it writes ``data/evaluate.json``. Only
``fit`` needs numpy, which the engine does not depend on.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[2] / "civtable" / "games" / "civ_card_game" / "data" / "evaluate.json"


def collect(games: int, seed: int, eps: float) -> dict[str, Any]:
    import civtable
    from civtable.agents import PlayerView, make_agent
    from civtable.core.rng import Rng, derive_seed
    from civtable.games.civ_card_game.bots.evaluate import FEATURES, features, progress

    game = civtable.load_game("civ-card-game", players=2)
    rows: list[list[Any]] = []  # [game, progress, f0, f1, winner]
    for g in range(games):
        gs = derive_seed(seed, g)
        s = game.new_state(seed=gs)
        bots = [make_agent("greedy", game, seed=derive_seed(gs, 1 + i)) for i in range(2)]
        rng = Rng(derive_seed(gs, 9))
        noisy = eps if g % 2 else 0.0
        points: list[list[Any]] = []
        turn = s.turn_no
        while not s.is_terminal():
            p = s.to_move()[0]
            view = PlayerView(s, p)
            legal = view.legal_actions
            if noisy and len(legal) > 1 and rng.random() < noisy:
                action = legal[rng.below(len(legal))]
            else:
                action = bots[p].act(view)
            s.apply(p, action)
            if s.turn_no != turn and not s.is_terminal():
                turn = s.turn_no
                points.append([g, progress(s), features(s, 0), features(s, 1)])
        winners = s.winners()
        if len(winners) != 1:
            continue
        for pt in points:
            rows.append([*pt, winners[0]])
        if (g + 1) % 500 == 0:
            print(f"{g + 1} games, {len(rows)} positions", file=sys.stderr)
    return {"features": list(FEATURES), "games": games, "seed": seed, "eps": eps, "rows": rows}


def fit(data: dict[str, Any], ridge: float) -> dict[str, Any]:
    import numpy as np

    from civtable.agents.fitted import weights_data

    rows = data["rows"]
    game = np.array([r[0] for r in rows])
    prog = np.array([r[1] for r in rows])[:, None]
    d = np.array([r[2] for r in rows], dtype=float) - np.array([r[3] for r in rows], dtype=float)
    y = np.array([1.0 if r[4] == 0 else 0.0 for r in rows])
    x = np.hstack([d, d * prog])
    test = game % 5 == 4
    scale = x[~test].std(axis=0)
    scale[scale == 0] = 1.0

    def newton(xs: Any, ys: Any) -> Any:
        w = np.zeros(xs.shape[1])
        for _ in range(50):
            p = 1 / (1 + np.exp(-(xs @ w)))
            grad = xs.T @ (p - ys) + ridge * w
            hess = (xs * (p * (1 - p))[:, None]).T @ xs + ridge * np.eye(len(w))
            step = np.linalg.solve(hess, grad)
            w -= step
            if np.abs(step).max() < 1e-9:
                break
        return w

    def report(w: Any, xs: Any, ys: Any) -> dict[str, float]:
        p = np.clip(1 / (1 + np.exp(-(xs @ w))), 1e-9, 1 - 1e-9)
        loss = float(-np.mean(ys * np.log(p) + (1 - ys) * np.log(1 - p)))
        return {"log_loss": round(loss, 4), "accuracy": round(float(np.mean((p > 0.5) == (ys > 0.5))), 4)}

    w = newton(x[~test] / scale, y[~test]) / scale
    k = len(data["features"])
    # the points lead alone (feature 0 and its progress term) as the baseline
    base_cols = [0, k]
    wb = newton(x[~test][:, base_cols], y[~test])
    held = report(w, x[test], y[test])
    held_vp = report(wb, x[test][:, base_cols], y[test])
    w_all = newton(x / scale, y) / scale  # the weights kept: fitted to all games
    return {
        "fitted": True,
        "how": (f"tools/civ_card_game/fit_evaluate.py: logistic regression (Newton, ridge {ridge} on standardized "
                f"features) of the winner on both players' feature differences and the differences "
                f"times progress, at the start of every turn of {data['games']} 2-player greedy "
                f"self-play games (seed {data['seed']}; every other game with random moves at rate "
                f"{data['eps']}); {len(rows)} positions; games with a shared win left out"),
        "held_out": {"games": "every fifth game", "model": held, "vp_lead_only": held_vp},
        **weights_data(data["features"], w_all),
    }


def main() -> None:
    from civtable.agents.fitted import fitting_cli

    fitting_cli(__doc__.splitlines()[0], collect, fit_one, games=3000, eps=0.05, out=OUT)


def fit_one(datas: list[dict[str, Any]], ridge: float) -> dict[str, Any]:
    """``fit`` of the one file of collected games this tool reads."""
    if len(datas) != 1:
        raise SystemExit("fit_evaluate.py fit: give one file of collected games")
    return fit(datas[0], ridge)


if __name__ == "__main__":
    main()

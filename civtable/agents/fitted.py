"""What the games' fitted evaluations share (``civ_card_game/bots/evaluate.py``,
``mega_civ/bots/evaluate.py``): the weights of a game's ``data/evaluate.json`` (read here,
and written in the same layout by the fitters in ``tools/``), a linear score per
player whose weights move with the game's progress, and the conditional logit over
the players' scores that turns them into win chances.

The file holds ``features`` (their names), ``base`` and ``progress``: the weight of a
feature at progress ``t`` (0 to 1) is ``base + t * progress``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

Weights = tuple[tuple[float, ...], tuple[float, ...]]
"""``(base, per unit of progress)``, one of each per feature."""


@cache
def read_weights(path: str, features: tuple[str, ...]) -> Weights:
    """The fitted weights of ``path``, whose features must be ``features``."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if tuple(data["features"]) != features:
        raise ValueError(f"{path}: the features differ from evaluate.FEATURES; refit the weights")
    return tuple(data["base"]), tuple(data["progress"])


def weights_data(features: Sequence[str], fitted: Sequence[float]) -> dict[str, Any]:
    """The part of ``data/evaluate.json`` that ``read_weights`` reads: ``fitted`` holds a
    base weight per feature, then a weight per feature and unit of progress."""
    k = len(features)
    return {"features": list(features), "base": [round(float(v), 5) for v in fitted[:k]],
            "progress": [round(float(v), 5) for v in fitted[k:]]}


def at_progress(weights: Weights, progress: float) -> list[float]:
    """The weight of each feature at ``progress``."""
    base, per = weights
    return [b + progress * q for b, q in zip(base, per, strict=True)]


def score(weights: list[float], features: Sequence[float]) -> float:
    """A player's linear score: his features weighted."""
    return sum(w * f for w, f in zip(weights, features, strict=True))


def win_chances(scores: Sequence[float]) -> list[float]:
    """Every player's win probability under the conditional logit over the scores."""
    top = max(scores)
    e = [math.exp(x - top) for x in scores]
    total = sum(e)
    return [x / total for x in e]


def fitting_cli(description: str, collect: Any, fit: Any, *, games: int, eps: float, out: Path,
                players: int | None = None) -> None:
    """The command line of a game's fitting tool (``tools/<game>/fit_evaluate.py``):
    ``collect`` plays self-play games into a JSON file (``collect(games=, seed=, eps=)``,
    and ``players=`` when the game takes a count), ``fit`` fits the weights from one or
    more such files (``fit(datas, ridge)``) and writes them to ``out``."""
    import argparse

    ap = argparse.ArgumentParser(description=description)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=int, default=games)
    if players is not None:
        c.add_argument("--players", type=int, default=players)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--eps", type=float, default=eps)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--out", default=str(out))
    a = ap.parse_args()
    if a.cmd == "collect":
        extra = {"players": a.players} if players is not None else {}
        Path(a.out).write_text(json.dumps(collect(games=a.games, seed=a.seed, eps=a.eps, **extra)), encoding="utf-8")
        return
    result = fit([json.loads(Path(p).read_text(encoding="utf-8")) for p in a.data], a.ridge)
    Path(a.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result["held_out"]))

"""Rule variants compared on paired seeds (common random numbers).

Every variant plays the same games: game ``i`` has seed ``derive_seed(seed, i)``
and the same bots in every variant, so that the games differ only by the rules
(and by what the rules make the shuffle and the bots do). For each figure of a
game (each seat's win, the first player's win, a draw, the game's length in
turns, each of the game's own figures) the difference between a variant and the
first one is taken game by game, and its mean is given with a 95% interval (the
normal approximation of the paired differences, which is what makes a small
difference visible in few games). A difference whose interval excludes 0 is
marked significant.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from civtable.core.errors import CivtableError
from civtable.core.registry import game_class

from .batch import BatchResult, simulate
from .runner import GameResult
from .stats import _sig, paired_mean, summarise

Variant = dict[str, Any]


@dataclass(frozen=True)
class Figure:
    """One figure of a game: its name and how to read it from a result (``None``:
    the game does not have it)."""

    name: str
    read: Callable[[GameResult], float | None]
    rate: bool = False


def figures(results: Sequence[Sequence[GameResult]], seats: int) -> list[Figure]:
    out = [Figure(f"seat {p} wins", lambda r, p=p: float(p in r.winners) if r.finished else None, True)
           for p in range(seats)]
    if seats > 1:
        out.append(Figure("first player wins",
                          lambda r: None if r.first_player is None or not r.finished
                          else float(r.first_player in r.winners), True))
        out.append(Figure("draw", lambda r: float(not r.winners) if r.finished else None, True))
    out.append(Figure("turns", lambda r: float(r.turns)))
    names = sorted({n for batch in results for r in batch for n in r.stats})
    out.extend(Figure(n, lambda r, n=n: r.stats.get(n), n.endswith("_share")) for n in names)
    return out


def paired(a: Sequence[GameResult], b: Sequence[GameResult], fig: Figure) -> dict[str, Any]:
    """The mean of ``b - a`` over the games both played (the same seed) and have the
    figure for, with its 95% interval."""
    diffs = []
    by_seed = {r.seed: r for r in b}
    for ra in a:
        rb = by_seed.get(ra.seed)
        if rb is None:
            continue
        x, y = fig.read(ra), fig.read(rb)
        if x is not None and y is not None:
            diffs.append(y - x)
    return paired_mean(diffs)


def value_of(batch: Sequence[GameResult], fig: Figure) -> float | None:
    xs = [x for x in (fig.read(r) for r in batch) if x is not None]
    return _sig(statistics.fmean(xs)) if xs else None


def check_variants(game_id: str, variants: Sequence[Variant]) -> None:
    """Two or more variants, each naming options of the game."""
    if len(variants) < 2:
        raise CivtableError(f"a comparison needs at least 2 variants, not {len(variants)}")
    cls = game_class(game_id)
    names = {s.name for s in cls.option_specs}
    for v in variants:
        for k in v:
            if k.replace("_", "-") not in names:
                raise CivtableError(f"{game_id} has no rule variant {k!r}; see 'civtable games {game_id}'")


def compare(game_id: str, base: dict[str, Any], variants: Sequence[Variant], specs: list[str], games: int,
            seed: int, workers: int = 1, progress: Callable[[int, int], None] | None = None,
            max_steps: int | None = None, backend: str = "process", address: str | None = None) -> dict[str, Any]:
    """Play every variant on the same seeds and compare each with the first."""
    check_variants(game_id, variants)
    batches: list[BatchResult] = []
    total = games * len(variants)

    def step(k: int) -> Callable[[int, int], None] | None:
        if progress is None:
            return None
        return lambda done, _n: progress(k * games + done, total)

    for k, v in enumerate(variants):
        batches.append(simulate(game_id, {**base, **v}, specs, games, seed, workers=workers, progress=step(k),
                                max_steps=max_steps, backend=backend, address=address))
        if batches[-1].partial:
            break  # interrupted: the figures of the games every variant so far has finished
    partial = len(batches) < len(variants) or any(b.partial for b in batches)
    if partial:
        common = set.intersection(*({r.seed for r in b.results} for b in batches))
        for b in batches:
            b.results = [r for r in b.results if r.seed in common]
        variants = variants[: len(batches)]
        if len(batches) < 2:
            raise KeyboardInterrupt
    results = [b.results for b in batches]
    figs = figures(results, len(specs))
    rows = []
    for fig in figs:
        row: dict[str, Any] = {"figure": fig.name, "rate": fig.rate,
                               "values": [value_of(r, fig) for r in results],
                               "differences": [paired(results[0], r, fig) for r in results[1:]]}
        rows.append(row)
    return {
        "game": game_id,
        "players": list(specs),
        "games": len(results[0]),
        "partial": partial,
        "games_planned": games,
        "seed": seed,
        "base": dict(base),
        "variants": [dict(v) for v in variants],
        "labels": [label(v) for v in variants],
        "figures": rows,
        "summaries": [summarise(b) for b in batches],
        "seconds": round(sum(b.seconds for b in batches), 3),
    }


def label(variant: Variant) -> str:
    return ",".join(f"{k}={v}" for k, v in variant.items()) or "default"

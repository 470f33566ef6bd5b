"""Rule variants compared on paired seeds (common random numbers).

Every variant plays the same games: game ``i`` has seed ``derive_seed(seed, i)``
and the same bots in every variant, so that the games differ only by the rules
(and by what the rules make the shuffle and the bots do). For each figure of a
game (each seat's win, the first player's win, a draw, the game's length in
turns, each of the game's own figures) the difference between a variant and the
first one is taken game by game, and its mean is given with a 95% interval: Newcombe's interval for
a proportion (a win, a draw: sound with few games that differ), Student's t for
a mean (the length, the game's figures). Pairing is what makes a small
difference visible in few games. All the differences of a comparison are one
family: their p-values are Holm-adjusted, and only a difference that survives
the adjustment is marked significant (``significant_raw``: its own interval
excludes 0).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from civtable.core.errors import CivtableError
from civtable.core.registry import game_class

from .batch import BatchResult, check_batch, simulate
from .export import Sink
from .methods import adjust, paired_binary, paired_mean, wilson
from .runner import GameResult
from .stats import _sig, figure, summarise

Variant = dict[str, Any]


@dataclass(frozen=True)
class Figure:
    """One figure of a game: its name and how to read it from a result (``None``:
    the game does not have it). ``rate``: shown as a percentage; ``binary``: each
    game's value is 0 or 1 (a proportion: Wilson and Newcombe intervals), else a mean
    (t intervals)."""

    name: str
    read: Callable[[GameResult], float | None]
    rate: bool = False
    binary: bool = False


def figures(results: Sequence[Sequence[GameResult]], seats: int) -> list[Figure]:
    """Every figure of a comparison: each seat's win, the first player's win and a draw
    (over the finished games), the share of games left unfinished (over all), the length
    of the finished games and each of the game's own figures."""
    out = [Figure(f"seat {p} wins", lambda r, p=p: float(p in r.winners) if r.finished else None, True, True)
           for p in range(seats)]
    if seats > 1:
        out.append(Figure("first player wins",
                          lambda r: None if r.first_player is None or not r.finished
                          else float(r.first_player in r.winners), True, True))
        out.append(Figure("draw", lambda r: float(not r.winners) if r.finished else None, True, True))
    if any(not r.finished for batch in results for r in batch):
        out.append(Figure("unfinished", lambda r: float(not r.finished), True, True))
    out.append(Figure("turns", lambda r: float(r.turns) if r.finished else None))
    names = sorted({n for batch in results for r in batch for n in r.stats})
    out.extend(Figure(n, lambda r, n=n: r.stats.get(n), n.endswith("_share")) for n in names)
    return out


def paired(a: Sequence[GameResult], b: Sequence[GameResult], fig: Figure) -> dict[str, Any]:
    """``b - a`` over the games both played (the same seed) and have the figure for:
    Newcombe's interval and McNemar's p for a proportion, t for a mean."""
    pairs = []
    by_seed = {r.seed: r for r in b}
    for ra in a:
        rb = by_seed.get(ra.seed)
        if rb is None:
            continue
        x, y = fig.read(ra), fig.read(rb)
        if x is not None and y is not None:
            pairs.append((x, y))
    if fig.binary:
        return paired_binary(pairs)
    return paired_mean([y - x for x, y in pairs])


def value_of(batch: Sequence[GameResult], fig: Figure) -> float | None:
    xs = [x for x in (fig.read(r) for r in batch) if x is not None]
    return _sig(statistics.fmean(xs)) if xs else None


def estimate(batch: Sequence[GameResult], fig: Figure) -> dict[str, Any]:
    """One variant's figure with its interval and n: Wilson for a proportion, t for a mean."""
    xs = [x for x in (fig.read(r) for r in batch) if x is not None]
    if not xs:
        return {"value": None, "ci95": None, "n": 0}
    if fig.binary:
        k = int(sum(xs))
        lo, hi = wilson(k, len(xs))
        return {"value": _sig(k / len(xs)), "ci95": [_sig(lo), _sig(hi)], "n": len(xs)}
    f = figure(xs)
    return {"value": f["mean"], "ci95": f["ci95"], "n": f["n"]}


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
            max_steps: int | None = None, backend: str = "process", address: str | None = None,
            labels: Sequence[str] | None = None, sink: Sink | None = None,
            shown: Sequence[Variant] | None = None) -> dict[str, Any]:
    """Play every variant on the same seeds and compare each with the first. ``labels``
    name the variants (default: their options); ``sink`` receives every game
    (``--csv``, ``--records``); ``shown`` is what the result and the CSV say each
    variant is (default: its options; a sweep says its setting, not its temporary file)."""
    check_variants(game_id, variants)
    for v in variants:  # every variant's rules (and data files) checked before any game
        check_batch(game_id, {**base, **v}, specs, games, workers, max_steps)
    names = list(labels) if labels is not None else [label(v) for v in variants]
    batches: list[BatchResult] = []
    total = games * len(variants)

    def step(k: int) -> Callable[[int, int], None] | None:
        if progress is None:
            return None
        return lambda done, _n: progress(k * games + done, total)

    for k, v in enumerate(variants):
        said = None if shown is None else {**{o: x for o, x in base.items() if o not in v}, **shown[k]}
        on_result = None if sink is None else sink.start(names[k], game_id, {**base, **v}, specs, games, seed,
                                                           shown=said)
        try:
            batches.append(simulate(game_id, {**base, **v}, specs, games, seed, workers=workers, progress=step(k),
                                    max_steps=max_steps, backend=backend, address=address, on_result=on_result,
                                    keep_records=sink is not None and sink.records is not None))
        except BaseException:
            if sink is not None:
                sink.end(True)
            raise
        if sink is not None:
            sink.end(batches[-1].partial)
        if batches[-1].partial:
            break  # interrupted: the figures of the games every variant so far has finished
    partial = len(batches) < len(variants) or any(b.partial for b in batches)
    if partial:
        common = set.intersection(*({r.seed for r in b.results} for b in batches))
        for b in batches:
            b.results = [r for r in b.results if r.seed in common]
        variants = variants[: len(batches)]
        names = names[: len(batches)]
        if len(batches) < 2:
            raise KeyboardInterrupt
    results = [b.results for b in batches]
    rows: list[dict[str, Any]] = []
    for fig in figures(results, len(specs)):
        found = [estimate(r, fig) for r in results]
        rows.append({"figure": fig.name, "rate": fig.rate, "binary": fig.binary,
                     "values": [e["value"] for e in found], "values_ci95": [e["ci95"] for e in found],
                     "values_n": [e["n"] for e in found],
                     "differences": [paired(results[0], r, fig) for r in results[1:]]})
    family = adjust([d for row in rows for d in row["differences"]])
    return {
        "game": game_id,
        "players": list(specs),
        "games": len(results[0]),
        "partial": partial,
        "games_planned": games,
        "seed": seed,
        "base": dict(base),
        "variants": [dict(v) for v in (variants if shown is None else shown[: len(variants)])],
        "labels": names,
        "figures": rows,
        "family": family,
        "adjustment": "holm",
        "summaries": [summarise(b) for b in batches],
        "seconds": round(sum(b.seconds for b in batches), 3),
    }


def label(variant: Variant) -> str:
    return ",".join(f"{k}={v}" for k, v in variant.items()) or "default"

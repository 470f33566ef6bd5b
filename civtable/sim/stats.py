"""The figures a designer reads from a batch: win rates with confidence intervals,
draws, game length, the game's own figures (``State.game_stats``) and speed, as
plain JSON-safe data."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from civtable.core.errors import CivtableError
from civtable.core.registry import game_class

from .batch import BatchResult
from .botstats import seat_figures
from .runner import GameResult
from .tally import Moments, Tally, mean_of, median_of

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); ``wins`` may hold
    half points for draws.

    Unlike the normal approximation it stays inside [0, 1] and is sound for rates
    near 0 or 1 and for small samples. With no games it is the whole of [0, 1].
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= n:
        raise ValueError(f"wins must be between 0 and {n}, not {wins}")
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return (lo, hi)


def mean(xs: Sequence[float]) -> float:
    """The arithmetic mean; 0 for no values (a batch always has at least one game)."""
    return statistics.fmean(xs) if xs else 0.0


def median(xs: Sequence[float]) -> float:
    return float(statistics.median(xs)) if xs else 0.0


def _rate(wins: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"wins": wins, "games": n, "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}


def _sig(x: float, digits: int = 6) -> float:
    """``x`` to ``digits`` significant digits: short JSON whatever the figure's scale."""
    return float(f"{x:.{digits}g}")


def paired_mean(diffs: Sequence[float]) -> dict[str, Any]:
    """The mean of paired differences (game by game, the same seed) with its 95% interval
    (normal approximation) and whether the interval excludes 0."""
    n = len(diffs)
    if n == 0:
        return {"diff": None, "ci95": None, "n": 0, "significant": False}
    m = statistics.fmean(diffs)
    if n < 2:
        return {"diff": _sig(m), "ci95": None, "n": n, "significant": False}
    half = Z95 * statistics.stdev(diffs) / math.sqrt(n)
    lo, hi = m - half, m + half
    return {"diff": _sig(m), "ci95": [_sig(lo), _sig(hi)], "n": n, "significant": lo > 0 or hi < 0}


def figure(xs: Sequence[float], z: float = Z95) -> dict[str, Any]:
    """The mean of one game figure and its normal-approximation 95% interval,
    mean +- z * sd / sqrt(n) with the sample standard deviation; the interval is
    ``None`` below two values, where the spread is unknown."""
    return _figure(Moments.of(xs), z)


def _figure(m: Moments, z: float = Z95) -> dict[str, Any]:
    mean_ = m.mean()
    ci = None
    if m.n >= 2:
        half = z * m.stdev() / math.sqrt(m.n)
        ci = [_sig(mean_ - half), _sig(mean_ + half)]
    return {"mean": _sig(mean_), "ci95": ci, "n": m.n}


def game_figures(tally: Tally) -> dict[str, dict[str, Any]]:
    """Each figure some game reported (sorted by name), over the games that reported
    it; the sums are exact, so they do not depend on the order of the games or the
    number of workers."""
    return {name: _figure(tally.stats[name]) for name in sorted(tally.stats)}


def item_figures(results: Sequence[GameResult] | Tally, seats: int) -> dict[str, dict[str, Any]]:
    """Per item a game reports in ``holdings``: the share of player-games in which it
    was held, and the win rate of its holders with a Wilson interval, beside the win
    rate of the players who did not hold it (finished games only)."""
    tally = results if isinstance(results, Tally) else Tally.of(results, seats)
    out: dict[str, dict[str, Any]] = {}
    total = tally.finished * seats
    for name, (held, won, other, other_won) in tally.item_counts().items():
        lo, hi = wilson(won, held)
        out[name] = {
            "held": held,
            "held_share": round(held / total, 4) if total else 0.0,
            "win_rate": round(won / held, 4) if held else None,
            "ci95": [round(lo, 4), round(hi, 4)] if held else None,
            "win_rate_without": round(other_won / other, 4) if other else None,
        }
    return out


def score_curves(tally: Tally) -> dict[str, Any] | None:
    """Each seat's mean score at the start of every turn, over the games that reached
    that turn (``State.scores``); ``None`` when the game keeps no running score."""
    if not tally.curve_games:
        return None
    means = [[_sig(x, 4) for x in row] for row in tally.curve_means()]
    return {"turns": list(range(1, len(tally.curve_games) + 1)), "games": list(tally.curve_games), "mean": means}


def lengths(tally: Tally) -> dict[str, int]:
    """How many games lasted each number of turns (for the histogram of game lengths)."""
    return {str(turns): tally.turns[turns] for turns in sorted(tally.turns)}


def _variants(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's defaults (the seat count aside): what a
    reader needs to know about the rules played."""
    try:
        defaults = {s.name: s.default for s in game_class(game_id).option_specs}
    except (CivtableError, ImportError):
        return dict(options)
    return {k: v for k, v in options.items() if k != "players" and (k not in defaults or defaults[k] != v)}


def summarise(batch: BatchResult) -> dict[str, Any]:
    """A batch as plain data: what the table shows and ``--json`` writes.

    Read from ``batch.tally`` when the batch kept no results, else from its results.
    A shared win counts as a win for each winner; a game with no winner is a draw
    (or unfinished, when it hit the step limit), except in a one-seat game, where it
    is a loss (``solo``: survived and lost, and no draws or first player).
    ``game_stats`` maps each figure
    the game reports to its mean, 95% interval and number of games reporting it.
    """
    seats = len(batch.players)
    tally = batch.tally if batch.tally is not None else Tally.of(batch.results, seats)
    n = tally.games
    wins = tally.wins

    per_player = []
    for seat, bot in enumerate(batch.players):
        row = _rate(wins[seat], n)
        del row["games"]
        per_player.append({"seat": seat, "bot": bot, **row})

    per_bot: dict[str, dict[str, Any]] = {}
    for bot in dict.fromkeys(batch.players):
        played = [s for s, b in enumerate(batch.players) if b == bot]
        per_bot[bot] = _rate(sum(wins[s] for s in played), n * len(played))

    first_player = _rate(tally.first_won, tally.first) if tally.first else None
    draws = tally.draws
    variants = _variants(batch.game, batch.options)
    seconds = batch.seconds
    return {
        "game": batch.game,
        "options": dict(batch.options),
        "variants": variants,
        "games": n,
        "partial": batch.partial,
        "games_planned": batch.games,
        "seed": batch.seed,
        "players": list(batch.players),
        "per_player": per_player,
        "per_bot": per_bot,
        "draws": draws,
        "draw_rate": round(draws / n, 4) if n else 0.0,
        "unfinished": tally.unfinished,
        "max_steps": batch.max_steps,
        "first_player": first_player,
        "solo": {"survived": _rate(wins[0], n), "lost": tally.lost} if seats == 1 else None,
        "turns": {
            "mean": round(mean_of(tally.turns), 3),
            "median": median_of(tally.turns),
            "min": min(tally.turns, default=0),
            "max": max(tally.turns, default=0),
        },
        "steps": {"mean": round(mean_of(tally.steps), 3), "median": median_of(tally.steps)},
        "lengths": lengths(tally),
        "scores": score_curves(tally),
        "game_stats": game_figures(tally),
        "items": item_figures(tally, seats),
        "llm": seat_figures(list(batch.players), tally.bot_stats, tally.bot_games),
        "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
        "seconds": round(seconds, 3),
        "workers": batch.workers,
    }


TIMING_KEYS = ("games_per_second", "seconds", "workers")
"""The summary keys that depend on the machine rather than on the seed."""

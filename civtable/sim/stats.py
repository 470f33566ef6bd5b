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
from .runner import GameResult

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
    n = len(xs)
    m = mean(xs)
    ci = None
    if n >= 2:
        half = z * statistics.stdev(xs) / math.sqrt(n)
        ci = [_sig(m - half), _sig(m + half)]
    return {"mean": _sig(m), "ci95": ci, "n": n}


def game_figures(results: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    """Each figure some game reported (sorted by name), over the games that reported
    it, in index order so that the sums do not depend on the number of workers."""
    names = sorted({name for r in results for name in r.stats})
    return {name: figure([r.stats[name] for r in results if name in r.stats]) for name in names}


def item_figures(results: Sequence[GameResult], seats: int) -> dict[str, dict[str, Any]]:
    """Per item a game reports in ``holdings``: the share of player-games in which it
    was held, and the win rate of its holders with a Wilson interval, beside the win
    rate of the players who did not hold it (finished games only)."""
    finished = [r for r in results if r.finished]
    names = sorted({name for r in finished for name in r.holdings})
    out: dict[str, dict[str, Any]] = {}
    total = len(finished) * seats
    for name in names:
        held = won = other = other_won = 0
        for r in finished:
            holders = r.holdings.get(name, [])
            held += len(holders)
            won += sum(1 for p in holders if p in r.winners)
            other += seats - len(holders)
            other_won += sum(1 for p in r.winners if p not in holders)
        lo, hi = wilson(won, held)
        out[name] = {
            "held": held,
            "held_share": round(held / total, 4) if total else 0.0,
            "win_rate": round(won / held, 4) if held else None,
            "ci95": [round(lo, 4), round(hi, 4)] if held else None,
            "win_rate_without": round(other_won / other, 4) if other else None,
        }
    return out


def score_curves(results: Sequence[GameResult], seats: int) -> dict[str, Any] | None:
    """Each seat's mean score at the start of every turn, over the games that reached
    that turn (``State.scores``); ``None`` when the game keeps no running score."""
    curves = [r.trajectory for r in results if r.trajectory]
    if not curves:
        return None
    longest = max(len(c) for c in curves)
    mean_by_turn: list[list[float]] = [[] for _ in range(seats)]
    games: list[int] = []
    for t in range(longest):
        at = [c[t] for c in curves if len(c) > t]
        games.append(len(at))
        for p in range(seats):
            mean_by_turn[p].append(_sig(statistics.fmean(row[p] for row in at), 4))
    return {"turns": list(range(1, longest + 1)), "games": games, "mean": mean_by_turn}


def lengths(results: Sequence[GameResult]) -> dict[str, int]:
    """How many games lasted each number of turns (for the histogram of game lengths)."""
    out: dict[str, int] = {}
    for r in results:
        out[str(r.turns)] = out.get(str(r.turns), 0) + 1
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


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

    A shared win counts as a win for each winner; a game with no winner is a draw
    (or unfinished, when it hit the step limit), except in a one-seat game, where it
    is a loss (``solo``: survived and lost, and no draws or first player).
    ``game_stats`` maps each figure
    the game reports to its mean, 95% interval and number of games reporting it.
    """
    n = len(batch.results)
    seats = len(batch.players)
    wins = [0] * seats
    draws = unfinished = 0
    lost = 0
    for r in batch.results:
        if not r.finished:
            unfinished += 1
        elif not r.winners:
            if seats == 1:
                lost += 1
            else:
                draws += 1
        for w in r.winners:
            wins[w] += 1

    per_player = []
    for seat, bot in enumerate(batch.players):
        row = _rate(wins[seat], n)
        del row["games"]
        per_player.append({"seat": seat, "bot": bot, **row})

    per_bot: dict[str, dict[str, Any]] = {}
    for bot in dict.fromkeys(batch.players):
        played = [s for s, b in enumerate(batch.players) if b == bot]
        per_bot[bot] = _rate(sum(wins[s] for s in played), n * len(played))

    first = [r for r in batch.results if r.first_player is not None and r.finished and seats > 1]
    first_player = None
    if first:
        first_player = _rate(sum(1 for r in first if r.first_player in r.winners), len(first))

    variants = _variants(batch.game, batch.options)
    turns = [r.turns for r in batch.results]
    steps = [r.steps for r in batch.results]
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
        "unfinished": unfinished,
        "max_steps": batch.max_steps,
        "first_player": first_player,
        "solo": {"survived": _rate(wins[0], n), "lost": lost} if seats == 1 else None,
        "turns": {
            "mean": round(mean(turns), 3),
            "median": median(turns),
            "min": min(turns, default=0),
            "max": max(turns, default=0),
        },
        "steps": {"mean": round(mean(steps), 3), "median": median(steps)},
        "lengths": lengths(batch.results),
        "scores": score_curves(batch.results, seats),
        "game_stats": game_figures(batch.results),
        "items": item_figures(batch.results, seats),
        "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
        "seconds": round(seconds, 3),
        "workers": batch.workers,
    }


TIMING_KEYS = ("games_per_second", "seconds", "workers")
"""The summary keys that depend on the machine rather than on the seed."""

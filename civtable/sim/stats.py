"""The figures a designer reads from a batch: win rates with confidence intervals,
draws, game length, the game's own figures (``State.game_stats``) and speed, as
plain JSON-safe data."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from civtable.core.errors import CivtableError
from civtable.core.registry import game_class
from civtable.core.rng import derive_seed

from .batch import BatchResult
from .botstats import seat_figures
from .methods import MIN_CURVE, MIN_GROUP, SMALL_N, Z95, clustered_rate, sig, t_interval, wilson
from .runner import GameResult, load_game_for, seat_civilizations
from .tally import Moments, Tally, exact, mean_of, median_of

__all__ = ["MIN_CURVE", "MIN_GROUP", "SMALL_N", "Z95", "figure", "game_figures", "item_figures", "lengths",
           "score_curves", "summarise", "wilson"]

def mean(xs: Sequence[float]) -> float:
    """The arithmetic mean; 0 for no values (a batch always has at least one game)."""
    return statistics.fmean(xs) if xs else 0.0


def median(xs: Sequence[float]) -> float:
    return float(statistics.median(xs)) if xs else 0.0


def _rate(wins: int, n: int) -> dict[str, Any]:
    """A proportion with its denominator and Wilson interval (``None`` with no games)."""
    lo, hi = wilson(wins, n)
    return {"wins": wins, "games": n, "win_rate": round(wins / n, 4) if n else None,
            "ci95": [round(lo, 4), round(hi, 4)] if n else None}


_sig = sig


def figure(xs: Sequence[float]) -> dict[str, Any]:
    """The mean of one game figure and its 95% interval by Student's t (mean +- t(n-1)
    sd / sqrt(n), the sample standard deviation), cut at 0: a game's figures are counts,
    shares and points, never negative (``State.game_stats``), so their mean is not either
    (with few games the t interval alone reaches below 0). The interval is ``None``
    below two values, where the spread is unknown."""
    return _figure(Moments.of(xs))


def _figure(m: Moments) -> dict[str, Any]:
    mean_ = m.mean()
    ci = None
    if m.n >= 2:
        lo, hi = t_interval(mean_, m.stdev(), m.n) or (mean_, mean_)
        ci = [_sig(max(0.0, lo)), _sig(hi)]
    return {"mean": _sig(mean_), "ci95": ci, "n": m.n}


def game_figures(tally: Tally) -> dict[str, dict[str, Any]]:
    """Each figure some finished game reported (sorted by name), over the games that
    reported it; the sums are exact, so they do not depend on the order of the games or
    the number of workers."""
    return {name: _figure(tally.stats[name]) for name in sorted(tally.stats)}


def item_figures(results: Sequence[GameResult] | Tally, seats: int, minimum: int = MIN_GROUP) -> dict[str, dict[str, Any]]:
    """Per item a game reports in ``holdings`` (finished games only): the share of
    player-games in which it was held, and the win rate of its holders with a Wilson
    interval, beside the win rate of the players who did not hold it. A group (holders
    or others) of fewer than ``minimum`` player-games is shown with its n but without a
    rate (``hidden``)."""
    tally = results if isinstance(results, Tally) else Tally.of(results, seats)
    out: dict[str, dict[str, Any]] = {}
    total = tally.finished * seats
    for name, (held, won, other, other_won) in tally.item_counts().items():
        everyone = other == 0 and held > 0  # held by every player: its holders' rate is the mean, fixed
        shown, shown_other = held >= max(1, minimum), other >= max(1, minimum)
        lo, hi = wilson(won, held)
        olo, ohi = wilson(other_won, other)
        out[name] = {
            "held": held,
            "held_share": round(held / total, 4) if total else 0.0,
            "win_rate": round(won / held, 4) if shown else None,
            "ci95": [round(lo, 4), round(hi, 4)] if shown and not everyone else None,
            "others": other,
            "win_rate_without": round(other_won / other, 4) if shown_other else None,
            "ci95_without": [round(olo, 4), round(ohi, 4)] if shown_other else None,
            "hidden": (0 < held < minimum) or (0 < other < minimum),
            "everyone": everyone,
        }
    return out


def score_curves(tally: Tally, minimum: int = MIN_CURVE) -> dict[str, Any] | None:
    """Each seat's (and each bot's) mean score at the start of every turn, over the
    finished games that reached that turn, with a 95% t band and the number of games;
    cut at the first turn fewer than ``minimum`` games reached (the tail rests on a few
    long games). ``None`` when the game keeps no running score."""
    if not tally.curve_games:
        return None
    cut = next((t for t, n in enumerate(tally.curve_games) if n < minimum), len(tally.curve_games))
    turns = range(cut)

    def band(moments: Sequence[Moments]) -> dict[str, list[float | None]]:
        mean_: list[float | None] = []
        low: list[float | None] = []
        high: list[float | None] = []
        for m in moments:
            mu = m.mean()
            ci = t_interval(mu, m.stdev(), m.n) if m.n >= 2 else None
            mean_.append(_sig(mu, 4))
            low.append(None if ci is None else _sig(ci[0], 4))
            high.append(None if ci is None else _sig(ci[1], 4))
        return {"mean": mean_, "low": low, "high": high}

    seats = [band([tally.curve_moments(p, t) for t in turns]) for p in range(tally.seats)]
    bots = {bot: band([tally.bot_curves[k][t] for t in turns]) for k, bot in enumerate(tally.bots)
            if len(tally.bot_seats[k]) > 1 or len(tally.bots) < tally.seats}
    return {"turns": [t + 1 for t in turns], "games": [tally.curve_games[t] for t in turns],
            "mean": [s["mean"] for s in seats], "low": [s["low"] for s in seats],
            "high": [s["high"] for s in seats], "by_bot": bots, "minimum": minimum,
            "cut": len(tally.curve_games) - len(turns), "longest": len(tally.curve_games)}


def lengths(tally: Tally) -> dict[str, int]:
    """How many games lasted each number of turns (for the histogram of game lengths)."""
    return {str(turns): tally.turns[turns] for turns in sorted(tally.turns)}


def variants_of(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's defaults (the seat count aside): what a
    reader needs to know about the rules played."""
    try:
        defaults = {s.name: s.default for s in game_class(game_id).option_specs}
    except (CivtableError, ImportError):
        return dict(options)
    return {k: v for k, v in options.items() if k != "players" and (k not in defaults or defaults[k] != v)}


_variants = variants_of


def moments_of_counts(counts: dict[int, int]) -> Moments:
    """The moments of whole numbers counted in ``counts`` (game lengths)."""
    m = Moments()
    for value, count in counts.items():
        x = exact(value)
        m.n += count
        m.sx += x * count
        m.sxx += x * x * count
    return m


def length_figures(counts: dict[int, int]) -> dict[str, Any]:
    """Mean (with its t interval, cut at 0: a length is never negative, and with few
    games the t interval alone reaches below 0), median, extremes and number of some
    games' lengths."""
    m = moments_of_counts(counts)
    ci = t_interval(m.mean(), m.stdev(), m.n) if m.n >= 2 else None
    return {"mean": round(mean_of(counts), 3), "ci95": None if ci is None else [_sig(max(0.0, ci[0])), _sig(ci[1])],
            "median": median_of(counts), "min": min(counts, default=0), "max": max(counts, default=0), "n": m.n}


def per_bot(tally: Tally, players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Each bot's win rate over the seats it held in the finished games. When a bot
    holds several seats of a game they are not independent: the interval is clustered
    by game (``methods.clustered_rate``). When it holds every seat its rate is fixed by
    construction (the winners per game over the seats: a mirror match) and has no
    interval (``fixed``)."""
    out: dict[str, dict[str, Any]] = {}
    g = tally.finished
    for k, bot in enumerate(tally.bots):
        seats = tally.bot_seats[k]
        size = len(seats)
        wins = tally.bot_wins[k]
        fixed = size == len(players)
        rate, ci = clustered_rate(wins, tally.bot_squares[k], size, g)
        out[bot] = {"wins": wins, "games": g * size, "finished_games": g, "seats": seats,
                    "win_rate": round(rate, 4) if g else None,
                    "ci95": None if fixed or ci is None else [round(ci[0], 4), round(ci[1], 4)],
                    "fixed": fixed, "method": "fixed" if fixed else ("wilson" if size == 1 else "clustered")}
        if size == 1 and not fixed:
            out[bot]["ci95"] = _rate(wins, g)["ci95"]
    return out


def civilizations(batch: BatchResult) -> list[str] | None:
    """The seats' civilizations, in a game whose seats are civilizations (mega-civ), as
    they are at the start of the batch's first game; ``None`` for other games."""
    try:
        game = load_game_for(batch.game, batch.options, len(batch.players))
        return seat_civilizations(game, derive_seed(batch.seed, 0))
    except (CivtableError, ImportError):
        return None


def summarise(batch: BatchResult) -> dict[str, Any]:
    """A batch as plain data: what the table shows and ``--json`` writes.

    Read from ``batch.tally`` when the batch kept no results, else from its results.
    Every rate, length, curve and figure is over the finished games (``finished``);
    the games stopped by the step limit are counted apart (``unfinished``, with their
    own lengths in ``turns_unfinished``), never in a denominator. A shared win counts
    as a win for each winner; a finished game with no winner is a draw, except in a
    one-seat game, where it is a loss (``solo``: survived and lost, and no draws or
    first player). ``game_stats`` maps each figure the game reports to its mean, 95%
    interval (t) and number of games reporting it.
    """
    seats = len(batch.players)
    tally = batch.tally if batch.tally is not None else Tally.of(batch.results, seats, batch.players)
    if tally.bots != list(dict.fromkeys(batch.players)):
        raise ValueError("the batch's tally was counted without its bots' names (Tally(seats, bots))")
    n, done = tally.games, tally.finished
    wins = tally.wins
    civs = civilizations(batch)

    rows = []
    for seat, bot in enumerate(batch.players):
        row = {"seat": seat, "bot": bot, **_rate(wins[seat], done)}
        if civs is not None:
            row["civilization"] = civs[seat]
        final = tally.final[seat]
        if final.n:
            row["score"] = _figure(final)
        rows.append(row)

    first_player = _rate(tally.first_won, tally.first) if tally.first else None
    draws = tally.draws
    variants = _variants(batch.game, batch.options)
    seconds = batch.seconds
    return {
        "game": batch.game,
        "options": dict(batch.options),
        "variants": variants,
        "games": n,
        "finished": done,
        "unfinished": tally.unfinished,
        "partial": batch.partial,
        "games_planned": batch.games,
        "seed": batch.seed,
        "players": list(batch.players),
        "per_player": rows,
        "per_bot": per_bot(tally, batch.players),
        "draws": draws,
        "draw_rate": round(draws / done, 4) if done else None,
        "max_steps": batch.max_steps,
        "first_player": first_player,
        "solo": {"survived": _rate(wins[0], done), "lost": tally.lost} if seats == 1 else None,
        "turns": length_figures(tally.turns),
        "turns_unfinished": length_figures(tally.turns_unfinished) if tally.unfinished else None,
        "steps": {"mean": round(mean_of(tally.steps), 3), "median": median_of(tally.steps)},
        "lengths": lengths(tally),
        "scores": score_curves(tally),
        "game_stats": game_figures(tally),
        "items": item_figures(tally, seats),
        "llm": seat_figures(list(batch.players), tally.bot_stats, tally.bot_games),
        "civilizations": civs,
        "minimums": {"small_n": SMALL_N, "group": MIN_GROUP, "curve": MIN_CURVE},
        "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
        "seconds": round(seconds, 3),
        "workers": batch.workers,
    }


TIMING_KEYS = ("games_per_second", "seconds", "workers")
"""The summary keys that depend on the machine rather than on the seed."""

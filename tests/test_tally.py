"""The running totals of a batch (``sim.tally``, issue 18): ``simulate`` without its
results gives the summary it gave with them, from totals that do not grow with the
number of games; the exact sums give the floats of ``statistics`` bit for bit."""

from __future__ import annotations

import dataclasses
import math
import pickle
import random
import statistics
from fractions import Fraction
from typing import Any

import pytest
from scipy.stats import t as scipy_t

from civtable.core.registry import register_game
from civtable.sim import BatchResult, GameResult, simulate, summarise
from civtable.sim.methods import MIN_CURVE, MIN_GROUP
from civtable.sim.stats import TIMING_KEYS, _sig, wilson
from civtable.sim.tally import Moments, Tally, mean_of, median_of, sqrt_ratio

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


# ------------------------------------------------------------- exact arithmetic


def values(rng: random.Random, n: int) -> list[float]:
    """Awkward floats: shares, wide exponents, negatives, repeats, whole numbers."""
    kind = rng.randrange(5)
    if kind == 0:
        return [rng.randrange(3) / 3 for _ in range(n)]
    if kind == 1:
        return [rng.uniform(-1, 1) * 10.0 ** rng.randrange(-30, 30) for _ in range(n)]
    if kind == 2:
        return [float(rng.randrange(60)) for _ in range(n)]
    if kind == 3:
        return [0.1 * rng.randrange(-5, 6) for _ in range(n)]
    return [rng.gauss(40.0, 7.5) for _ in range(n)]


def test_moments_give_the_floats_of_fmean_and_stdev_in_any_order() -> None:
    rng = random.Random(18)
    for _ in range(600):
        xs = values(rng, rng.randrange(1, 60))
        m = Moments.of(xs)
        assert m.mean() == statistics.fmean(xs)
        if len(xs) >= 2:
            assert m.stdev() == statistics.stdev(xs)
        shuffled = xs[:]
        rng.shuffle(shuffled)
        other = Moments.of(shuffled)
        assert (other.n, other.sx, other.sxx) == (m.n, m.sx, m.sxx)
    assert Moments().mean() == 0.0
    with pytest.raises(ValueError):
        Moments.of([1.0]).stdev()


def test_sqrt_ratio_is_correctly_rounded() -> None:
    """The float nearest to sqrt(n/m): the exact ratio lies between the squares of the
    midpoints to the float's neighbours, for ratios of every size."""
    rng = random.Random(5)
    for _ in range(3000):
        num = rng.getrandbits(rng.randrange(1, 400))
        den = rng.getrandbits(rng.randrange(1, 400)) or 1
        r = sqrt_ratio(num, den)
        if num == 0:
            assert r == 0.0
            continue
        below, above = Fraction(math.nextafter(r, 0.0)), Fraction(math.nextafter(r, math.inf))
        low, high = (below + Fraction(r)) / 2, (Fraction(r) + above) / 2
        assert low * low <= Fraction(num, den) <= high * high
    assert sqrt_ratio(9, 4) == 1.5 and sqrt_ratio(2, 1) == math.sqrt(2) and sqrt_ratio(0, 7) == 0.0


def test_medians_and_means_of_counts() -> None:
    rng = random.Random(7)
    for _ in range(300):
        xs = [rng.randrange(1, 40) for _ in range(rng.randrange(1, 30))]
        counts: dict[int, int] = {}
        for x in xs:
            counts[x] = counts.get(x, 0) + 1
        assert median_of(counts) == float(statistics.median(xs))
        assert mean_of(counts) == statistics.fmean(xs)
    assert median_of({}) == 0.0 and mean_of({}) == 0.0


# ----------------------------------------------- the summary, against the lists


def t95(n: int) -> float:
    return float(scipy_t.ppf(0.975, n - 1))


def mean_ci(xs: list[float], digits: int = 6, floor: float | None = None) -> tuple[float, list[float] | None]:
    """The mean and its t interval (scipy), from the list; cut at ``floor`` if given (game
    lengths and a game's figures are never negative: 0)."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, None
    half = t95(len(xs)) * statistics.stdev(xs) / math.sqrt(len(xs))
    low = m - half if floor is None else max(floor, m - half)
    return m, [_sig(low, digits), _sig(m + half, digits)]


def reference(results: list[GameResult], seats: int) -> dict[str, Any]:
    """The figures as summarise must compute them from every result, from the lists:
    the finished games only (the unfinished ones counted apart), t intervals (scipy),
    items below the minimum group hidden, curves cut below their minimum; a win shared
    by every seat counts as a draw (issue 28)."""
    results = [dataclasses.replace(r, winners=[]) if seats > 1 and len(r.winners) == seats else r for r in results]
    finished = [r for r in results if r.finished]
    turns = [r.turns for r in finished]
    steps = [r.steps for r in finished]
    curves = [r.trajectory for r in finished if r.trajectory]
    scores = None
    if curves:
        longest = max(len(c) for c in curves)
        reached = [sum(1 for c in curves if len(c) > t) for t in range(longest)]
        cut = next((t for t, n in enumerate(reached) if n < MIN_CURVE), longest)
        columns = [[mean_ci([c[t][p] for c in curves if len(c) > t], 4) for t in range(cut)] for p in range(seats)]
        scores = {"turns": list(range(1, cut + 1)), "games": reached[:cut],
                  "mean": [[_sig(m, 4) for m, _ in col] for col in columns],
                  "low": [[ci[0] if ci else None for _, ci in col] for col in columns],
                  "high": [[ci[1] if ci else None for _, ci in col] for col in columns]}
    figures = {}
    for name in sorted({k for r in results for k in r.stats}):
        xs = [r.stats[name] for r in results if name in r.stats]
        m, ci = mean_ci(xs, floor=0.0)
        figures[name] = {"mean": _sig(m), "ci95": ci, "n": len(xs)}
    items = {}
    for name in sorted({k for r in finished for k in r.holdings}):
        held = won = other = other_won = 0
        for r in finished:
            holders = r.holdings.get(name, [])
            held += len(holders)
            won += sum(1 for p in holders if p in r.winners)
            other += seats - len(holders)
            other_won += sum(1 for p in r.winners if p not in holders)
        lo, hi = wilson(won, held)
        total = len(finished) * seats
        everyone = other == 0 and held > 0
        items[name] = {"held": held, "held_share": round(held / total, 4) if total else 0.0,
                       "win_rate": round(won / held, 4) if held >= MIN_GROUP else None,
                       "ci95": [round(lo, 4), round(hi, 4)] if held >= MIN_GROUP and not everyone else None,
                       "win_rate_without": round(other_won / other, 4) if other >= MIN_GROUP else None}
    lengths: dict[str, int] = {}
    for t in sorted(turns):
        lengths[str(t)] = lengths.get(str(t), 0) + 1
    first = [r for r in finished if r.first_player is not None and seats > 1]
    m, ci = mean_ci([float(x) for x in turns], floor=0.0) if turns else (0.0, None)
    return {
        "games": len(results),
        "finished": len(finished),
        "wins": [sum(1 for r in finished for w in r.winners if w == s) for s in range(seats)],
        "draws": sum(1 for r in finished if not r.winners and seats > 1),
        "unfinished": sum(1 for r in results if not r.finished),
        "first": (sum(1 for r in first if r.first_player in r.winners), len(first)),
        "turns": {"mean": round(m, 3), "ci95": ci, "median": float(statistics.median(turns)) if turns else 0.0,
                  "min": min(turns, default=0), "max": max(turns, default=0), "n": len(turns)},
        "steps": {"mean": round(statistics.fmean(steps), 3) if steps else 0.0,
                  "median": float(statistics.median(steps)) if steps else 0.0},
        "lengths": lengths, "scores": scores, "game_stats": figures, "items": items,
    }


def from_summary(summary: dict[str, Any]) -> dict[str, Any]:
    first = summary["first_player"]
    scores = summary["scores"]
    items = {name: {k: row[k] for k in ("held", "held_share", "win_rate", "ci95", "win_rate_without")}
             for name, row in summary["items"].items()}
    return {
        "games": summary["games"], "finished": summary["finished"],
        "wins": [row["wins"] for row in summary["per_player"]] if summary["solo"] is None
        else [summary["solo"]["survived"]["wins"]],
        "draws": summary["draws"], "unfinished": summary["unfinished"],
        "first": (first["wins"], first["games"]) if first else (0, 0),
        "scores": None if scores is None else {k: scores[k] for k in ("turns", "games", "mean", "low", "high")},
        "items": items,
        **{k: summary[k] for k in ("turns", "steps", "lengths", "game_stats")},
    }


def random_result(rng: random.Random, seats: int) -> GameResult:
    finished = rng.random() < 0.9
    winners = sorted(rng.sample(range(seats), min(seats, rng.choice([0, 1, 1, 1, 2])))) if finished else []
    length = rng.randrange(1, 25)
    trajectory = [[rng.choice([0.0, 1.0, 2.5, 1 / 3, rng.uniform(0, 30)]) for _ in range(seats)]
                  for _ in range(length)] if rng.random() < 0.8 else None
    names = ["alpha", "beta_share", "gamma"]
    stats = {n: rng.choice([rng.uniform(0, 50), float(rng.randrange(4)), 0.1]) for n in names
             if finished and rng.random() < 0.7}
    holdings = {n: sorted(rng.sample(range(seats), rng.randrange(seats + 1))) for n in ("wheel", "iron", "sails")
                if finished and rng.random() < 0.6}
    return GameResult(seed=rng.getrandbits(32), returns=[0.0] * seats, winners=winners, turns=length,
                      steps=length * rng.randrange(3, 9), finished=finished,
                      first_player=rng.choice([None, *range(seats)]), stats=stats, holdings=holdings,
                      trajectory=trajectory)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_summary_from_totals_equals_the_figures_from_every_result(seats: int) -> None:
    rng = random.Random(seats)
    for _ in range(20):
        results = [random_result(rng, seats) for _ in range(rng.randrange(1, 80))]
        batch = BatchResult("toy-nim", {}, ["random"] * seats, len(results), 1, 1, results=results)
        summary = summarise(batch)
        assert from_summary(summary) == reference(results, seats)
        shuffled = results[:]
        rng.shuffle(shuffled)  # the order in which workers hand results back
        counted = BatchResult("toy-nim", {}, ["random"] * seats, len(results), 1, 1,
                              tally=Tally.of(shuffled, seats, ["random"] * seats))
        assert summarise(counted) == summary


# ------------------------------------------------------------ real batches


@pytest.mark.parametrize(("game", "bots", "games", "options"), [
    ("toy-nim", ["greedy", "random"], 60, {}),
    ("catan-deckbuilding", ["greedy", "random"], 12, {}),
    ("civ-card-game", ["random", "random", "random"], 4, {}),
])
def test_simulate_without_results_gives_the_same_summary(game: str, bots: list[str], games: int,
                                                         options: dict[str, Any]) -> None:
    kept = simulate(game, options, bots, games, seed=4)
    counted = simulate(game, options, bots, games, seed=4, keep_results=False)
    assert counted.results == [] and counted.tally is not None and counted.tally.games == games
    assert without_timing(summarise(counted)) == without_timing(summarise(kept))
    assert from_summary(summarise(kept)) == reference(kept.results, len(bots))


def test_simulate_without_results_on_two_workers() -> None:
    one = simulate("toy-nim", {}, ["random", "random"], 40, seed=9, keep_results=False)
    two = simulate("toy-nim", {}, ["random", "random"], 40, seed=9, workers=2, keep_results=False)
    assert two.results == [] and without_timing(summarise(one)) == without_timing(summarise(two))


def test_the_totals_do_not_grow_with_the_games() -> None:
    """A batch that keeps its results grows by each game's; the totals only by a new
    game length now and then and a bit of the sums (and sums of squares) per doubling of the games."""
    def size(n: int, keep: bool) -> int:
        return len(pickle.dumps(simulate("toy-nim", {}, ["random", "random"], n, seed=2, keep_results=keep)))

    counted, kept = size(1600, False) - size(200, False), size(1600, True) - size(200, True)
    assert counted < 2800 and kept > 100 * 2800, (counted, kept)  # + squares for bands, per-bot curves


def test_an_interrupted_batch_without_results_counts_the_games_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    import civtable.sim.pool as pool

    real = pool.play_chunk
    calls = [0]

    def interrupted(*args: object) -> list[GameResult]:
        calls[0] += 1
        if calls[0] > 2:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pool, "play_chunk", interrupted)
    batch = simulate("toy-nim", {}, ["greedy", "random"], 100, seed=1, keep_results=False)
    assert batch.partial and batch.results == [] and batch.tally is not None
    done = batch.tally.games
    assert 0 < done < 100
    summary = summarise(batch)
    assert summary["partial"] and summary["games"] == done
    monkeypatch.undo()
    whole = simulate("toy-nim", {}, ["greedy", "random"], 100, seed=1)
    first = BatchResult("toy-nim", whole.options, whole.players, 100, 1, 1, results=whole.results[:done])
    assert from_summary(summary) == from_summary(summarise(first))
    calls[0] = 0
    monkeypatch.setattr(pool, "play_chunk", lambda *a: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):  # nothing finished: nothing to report
        simulate("toy-nim", {}, ["greedy", "random"], 100, seed=1, keep_results=False)

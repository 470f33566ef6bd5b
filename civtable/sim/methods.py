"""The interval and test methods behind every figure a designer reads, each chosen for
its data (docs/statistics.md), and the documented minimums below which a figure is
warned about or hidden.

- a proportion (a win rate, a draw rate): the Wilson score interval;
- a mean (a game length, a game's own figure): Student's t with n - 1 degrees of
  freedom (z = 1.96 is 12% too narrow at n = 12);
- a paired difference of proportions (the same seed played twice): Newcombe's hybrid
  score interval (Newcombe 1998, method 10), sound for small samples and few
  differing pairs, with McNemar's exact test for its p-value;
- a paired difference of means: t on the game-by-game differences;
- a rate pooled over several seats of one game (a bot in two seats): clustered by
  game (the seats of one game are not independent): the cluster-robust standard
  error with t at G - 1 degrees of freedom, G the number of games;
- many comparisons at once: Holm's step-down adjustment of the p-values.

Each method is checked against scipy, statsmodels or a published worked example on
fixed data (tests/test_stats_methods.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from scipy import stats as _scipy

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""
LEVEL = 0.95

SMALL_N = 30
"""A rate or mean resting on fewer games than this gets a warning line."""
FEW_PAIRS = 10
"""A paired difference of proportions resting on fewer differing pairs gets a warning."""
MIN_GROUP = 10
"""A group (an item's holders, the others) smaller than this is shown with its n but
without a rate: 'road - others won 100%' resting on one player is not a figure."""
MIN_CURVE = 10
"""A curve over the turns is cut where fewer games than this reached the turn."""


def t_quantile(df: int, level: float = LEVEL) -> float:
    """The two-sided quantile of Student's t with ``df`` degrees of freedom."""
    return float(_scipy.t.ppf(0.5 + level / 2, df))


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); ``wins`` may hold
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


def t_interval(mean: float, sd: float, n: int, level: float = LEVEL) -> tuple[float, float] | None:
    """mean +- t(n-1) sd / sqrt(n); ``None`` below two values (the spread is unknown)."""
    if n < 2:
        return None
    half = t_quantile(n - 1, level) * sd / math.sqrt(n)
    return (mean - half, mean + half)


def t_test_p(mean: float, sd: float, n: int) -> float | None:
    """The two-sided p-value of the one-sample t test of mean 0 (``None`` below two
    values; 1 when every value is 0, 0 when they are equal and not 0)."""
    if n < 2:
        return None
    if sd == 0:
        return 1.0 if mean == 0 else 0.0
    t = mean / (sd / math.sqrt(n))
    return float(2 * _scipy.t.sf(abs(t), n - 1))


def newcombe_paired(a: int, b: int, c: int, d: int, z: float = Z95) -> tuple[float, float, float]:
    """Newcombe's hybrid score interval (1998, method 10) for the difference
    ``p2 - p1`` of two paired proportions, from the 2x2 table of the pairs:
    ``a`` both 1, ``b`` first 1 and second 0, ``c`` first 0 and second 1, ``d``
    both 0. Returns the difference and its bounds.

    Each margin's Wilson interval is combined with the correction for the pairs'
    correlation (``phi``); unlike the Wald interval it neither collapses to a point
    when no pair differs nor overshoots [-1, 1] in small samples.
    """
    n = a + b + c + d
    if n <= 0:
        return (0.0, -1.0, 1.0)
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n, z)
    l2, u2 = wilson(a + c, n, z)
    phi = 0.0
    denominator = (a + b) * (c + d) * (a + c) * (b + d)
    if denominator > 0:
        cross = a * d - b * c
        corrected = cross - n / 2 if cross > n / 2 else (cross if cross < 0 else 0.0)
        phi = corrected / math.sqrt(denominator)
    diff = p2 - p1
    lo = diff - math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
    hi = diff + math.sqrt(max(0.0, (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2))
    return (diff, max(-1.0, lo), min(1.0, hi))


def mcnemar_p(b: int, c: int) -> float:
    """McNemar's exact (conditional binomial) two-sided p-value from the two counts of
    differing pairs; 1 when no pair differs."""
    m = b + c
    if m == 0:
        return 1.0
    return float(min(1.0, 2 * _scipy.binom.cdf(min(b, c), m, 0.5)))


def clustered_rate(total: int, squares: int, size: int, games: int,
                   level: float = LEVEL) -> tuple[float, tuple[float, float] | None]:
    """A proportion pooled over ``size`` seats of each of ``games`` games: ``total``
    successes in all, ``squares`` the sum over games of the square of each game's
    successes. The interval uses the cluster-robust (per game) standard error with t at
    ``games - 1`` degrees of freedom, clipped to [0, 1]; ``None`` below two games."""
    n = size * games
    if n <= 0:
        return (0.0, None)
    p = total / n
    if games < 2:
        return (p, None)
    residuals = squares - 2 * p * size * total + p * p * size * size * games  # sum of (y_g - p m)^2
    se = math.sqrt(max(0.0, residuals) * games / (games - 1)) / n
    half = t_quantile(games - 1, level) * se
    return (p, (max(0.0, p - half), min(1.0, p + half)))


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values (``None`` stays ``None`` and is not counted):
    the k-th smallest of m is multiplied by m - k + 1, kept monotone and at most 1."""
    order = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    m = len(order)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for k, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - k) * p))
        out[i] = running
    return out


def sig(x: float, digits: int = 6) -> float:
    """``x`` to ``digits`` significant digits: short JSON whatever the figure's scale."""
    return float(f"{x:.{digits}g}")


def paired_binary(pairs: Sequence[tuple[float, float]]) -> dict[str, Any]:
    """The difference ``second - first`` of a proportion measured twice on the same
    games (each value 0 or 1): Newcombe's interval, McNemar's exact p, the number of
    games and of differing games (``pairs``)."""
    a = b = c = d = 0
    for x, y in pairs:
        if x and y:
            a += 1
        elif x:
            b += 1
        elif y:
            c += 1
        else:
            d += 1
    n = a + b + c + d
    if n == 0:
        return {"diff": None, "ci95": None, "n": 0, "pairs": 0, "p": None, "method": "newcombe",
                "significant": False}
    diff, lo, hi = newcombe_paired(a, b, c, d)
    return {"diff": sig(diff), "ci95": [sig(lo), sig(hi)], "n": n, "pairs": b + c, "p": sig(mcnemar_p(b, c)),
            "method": "newcombe", "significant": lo > 0 or hi < 0}


def paired_mean(diffs: Sequence[float]) -> dict[str, Any]:
    """The mean of paired differences (game by game, the same seed) with its t interval
    and the t test's p-value, and whether the interval excludes 0."""
    n = len(diffs)
    if n == 0:
        return {"diff": None, "ci95": None, "n": 0, "p": None, "method": "t", "significant": False}
    m = math.fsum(diffs) / n
    if n < 2:
        return {"diff": sig(m), "ci95": None, "n": n, "p": None, "method": "t", "significant": False}
    sd = math.sqrt(math.fsum((x - m) ** 2 for x in diffs) / (n - 1))
    lo, hi = t_interval(m, sd, n) or (m, m)
    p = t_test_p(m, sd, n)
    return {"diff": sig(m), "ci95": [sig(lo), sig(hi)], "n": n, "p": None if p is None else sig(p),
            "method": "t", "significant": lo > 0 or hi < 0}


def design_effect(clusters: Sequence[Sequence[float]]) -> float:
    """How much more the mean of all the values varies, their clusters (games) drawn at
    random, than if every value were independent: the ratio of the cluster-robust
    variance of the mean to the naive one (1 when the values do not vary)."""
    values = [x for c in clusters for x in c]
    n, g = len(values), len(clusters)
    if n < 2 or g < 2:
        return 1.0
    m = math.fsum(values) / n
    naive = math.fsum((x - m) ** 2 for x in values) / (n - 1) / n
    if naive == 0:
        return 1.0
    robust = g / (g - 1) * math.fsum(math.fsum(x - m for x in c) ** 2 for c in clusters) / (n * n)
    return robust / naive


def pooled_binary(clusters: Sequence[Sequence[tuple[float, float]]]) -> dict[str, Any]:
    """A paired difference of proportions pooled over several seats of each game (the
    clusters): Newcombe's interval over every (seat, game) pair, widened by the square
    root of the design effect when the seats of one game move together (never narrowed:
    seats of one game that move against each other, one winner a game, would otherwise
    make it look surer than any seat's own). Its p-value is the larger of McNemar's on
    the pooled pairs and the cluster-robust t test's."""
    pairs = [p for c in clusters for p in c]
    out = paired_binary(pairs)
    if out["diff"] is None:
        return {**out, "method": "clustered", "design_effect": None, "games": len(clusters)}
    deff = design_effect([[y - x for x, y in c] for c in clusters])
    widen = math.sqrt(max(1.0, deff))
    diff, (lo, hi) = out["diff"], out["ci95"]
    lo, hi = max(-1.0, diff - (diff - lo) * widen), min(1.0, diff + (hi - diff) * widen)
    means = [math.fsum(y - x for x, y in c) / len(c) for c in clusters if c]
    t = paired_mean(means)
    p = max(out["p"], t["p"] if t["p"] is not None else 0.0)
    return {**out, "ci95": [sig(lo), sig(hi)], "p": sig(p), "method": "clustered", "design_effect": sig(deff),
            "games": len(clusters), "significant": lo > 0 or hi < 0}


def adjust(rows: Sequence[dict[str, Any]]) -> int:
    """Holm-adjust the p-values of ``rows`` (paired differences) in place: each gets
    ``p_holm``, and ``significant`` only when its adjusted p is below 0.05 (the raw
    interval's verdict is kept as ``significant_raw``). A family of one keeps its
    interval's verdict (nothing to adjust). Returns the family's size."""
    adjusted = holm([r.get("p") for r in rows])
    family = sum(1 for q in adjusted if q is not None)
    for r, q in zip(rows, adjusted, strict=True):
        r["significant_raw"] = bool(r.get("significant"))
        r["p_holm"] = None if q is None else sig(q)
        if family > 1:
            r["significant"] = q is not None and q < 1 - LEVEL
    return family

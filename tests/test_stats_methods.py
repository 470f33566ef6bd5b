"""The interval and test methods of the designers' figures (``civtable.sim.methods``,
issue 29), each checked against scipy, statsmodels or a published worked example on
fixed data; and what makes them right for their data (no collapse to a point when no
game differs, never narrower than the seats allow, t instead of z in small samples)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import statsmodels.api as sm
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from civtable.sim import methods
from civtable.sim.stats import figure, length_figures


@pytest.mark.parametrize(("k", "n"), [(0, 1), (1, 1), (0, 10), (3, 10), (5, 10), (10, 10), (13, 60), (47, 200),
                                      (199, 200), (5000, 10007)])
def test_wilson_is_statsmodels_wilson(k: int, n: int) -> None:
    lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    assert methods.wilson(k, n) == pytest.approx((lo, hi), abs=1e-12)


@pytest.mark.parametrize("n", [2, 3, 5, 12, 30, 200])
def test_t_interval_and_test_are_scipys(n: int) -> None:
    rng = random.Random(n)
    xs = [rng.gauss(3.0, 2.0) for _ in range(n)]
    mean, sd = float(np.mean(xs)), float(np.std(xs, ddof=1))
    lo, hi = stats.t.interval(0.95, n - 1, loc=mean, scale=sd / math.sqrt(n))
    assert methods.t_interval(mean, sd, n) == pytest.approx((lo, hi), rel=1e-12)
    assert methods.t_test_p(mean, sd, n) == pytest.approx(stats.ttest_1samp(xs, 0.0).pvalue, rel=1e-9)
    got = figure(xs)
    assert got["ci95"] == pytest.approx([max(0.0, lo), hi], rel=1e-5) and got["n"] == n


def test_a_mean_that_cannot_be_negative_has_no_negative_bound() -> None:
    """Two games of 3 and 40 turns: t(1) puts the interval's low end at -213; a mean
    game length (or a game's figure: counts, shares, points) is cut at 0, the high end
    stays scipy's."""
    lo, hi = stats.t.interval(0.95, 1, loc=21.5, scale=np.std([3, 40], ddof=1) / math.sqrt(2))
    assert lo < -200
    got = length_figures({3: 1, 40: 1})
    assert got["ci95"][0] == 0 and got["ci95"][1] == pytest.approx(hi, rel=1e-3)
    assert figure([3.0, 40.0])["ci95"][0] == 0
    assert figure([30.0, 40.0, 35.0, 38.0])["ci95"][0] > 25  # far from 0: unchanged


def test_twelve_games_use_t_eleven_not_z() -> None:
    """The issue's example: 12 Mega Civ games, t(11) = 2.20 where z = 1.96 was used."""
    assert methods.t_quantile(11) == pytest.approx(2.200985, abs=1e-6)
    lo, hi = methods.t_interval(0.0, 1.0, 12) or (0.0, 0.0)
    assert (hi - lo) / (2 * methods.Z95 / math.sqrt(12)) == pytest.approx(2.200985 / 1.959964, rel=1e-6)


def test_paired_mean_is_scipys_paired_t() -> None:
    rng = random.Random(4)
    a = [rng.randrange(20, 40) for _ in range(25)]
    b = [x + rng.choice([-2, -1, 0, 1, 3]) for x in a]
    got = methods.paired_mean([y - x for x, y in zip(a, b, strict=True)])
    diffs = np.array(b) - np.array(a)
    lo, hi = stats.t.interval(0.95, len(diffs) - 1, loc=diffs.mean(), scale=stats.sem(diffs))
    assert got["ci95"] == pytest.approx([lo, hi], rel=1e-5)
    assert got["p"] == pytest.approx(stats.ttest_rel(b, a).pvalue, rel=1e-5)


# Fagerland, Lydersen and Laake, Statistical Analysis of Contingency Tables (2017), chapter 8,
# the paired 2x2 table of Cavo et al. (2012): n11 = 59, n12 = 6, n21 = 16, n22 = 80.
CAVO = (59, 6, 16, 80)


def test_newcombe_paired_interval_of_the_published_example() -> None:
    """Published: estimate -0.0621, Newcombe square-and-add 95% CI -0.1186 to -0.0046 for
    pi_1+ - pi_+1 (the margins of the first and the second measurement)."""
    a, b, c, d = CAVO
    diff, lo, hi = methods.newcombe_paired(a, c, b, d)  # ours is second - first: the table read the other way
    assert round(diff, 4) == -0.0621 and round(lo, 4) == -0.1186 and round(hi, 4) == -0.0046
    diff, lo, hi = methods.newcombe_paired(a, b, c, d)
    assert round(diff, 4) == 0.0621 and round(lo, 4) == 0.0046 and round(hi, 4) == 0.1186


def test_mcnemar_exact_of_the_published_example_and_of_statsmodels() -> None:
    """Published: the McNemar exact conditional test, P = 0.052479."""
    a, b, c, d = CAVO
    assert round(methods.mcnemar_p(b, c), 6) == 0.052479
    for b, c in ((0, 0), (0, 5), (3, 9), (12, 12), (40, 20)):
        expected = mcnemar([[10, b], [c, 10]], exact=True).pvalue
        assert methods.mcnemar_p(b, c) == pytest.approx(expected, rel=1e-12)


def test_no_differing_game_is_not_a_certainty() -> None:
    """The issue's trap: 'draw +0.0% [+0.0, +0.0]' when no game differs. Newcombe's
    interval keeps its width (the Wald interval collapses to a point)."""
    got = methods.paired_binary([(0.0, 0.0)] * 45 + [(1.0, 1.0)] * 15)
    assert got["diff"] == 0 and got["pairs"] == 0 and got["p"] == 1
    lo, hi = got["ci95"]
    assert lo < -0.03 and hi > 0.03 and not got["significant"]
    few = methods.paired_binary([(0.0, 1.0)] * 5 + [(0.0, 0.0)] * 55)  # 5 differing games of 60
    assert few["pairs"] == 5 and few["ci95"][0] > 0 and few["ci95"][1] - few["ci95"][0] > 0.1


def ols_cluster(y: list[float], groups: list[int]) -> tuple[float, float, tuple[float, float]]:
    """statsmodels' mean of ``y`` with its naive and cluster-robust standard errors and
    the cluster-robust 95% interval (t at G - 1 degrees of freedom)."""
    ones = np.ones(len(y))
    naive = sm.OLS(np.array(y), ones).fit()
    robust = sm.OLS(np.array(y), ones).fit(cov_type="cluster", cov_kwds={"groups": np.array(groups)}, use_t=True)
    lo, hi = robust.conf_int(alpha=0.05)[0]
    return float(naive.bse[0]), float(robust.bse[0]), (float(lo), float(hi))


def test_clustered_rate_is_statsmodels_cluster_robust() -> None:
    """A bot in two seats of each of 40 games: its pooled win rate's interval clustered by game."""
    rng = random.Random(9)
    y, groups = [], []
    for g in range(40):
        won = rng.choice([(1, 0), (0, 1), (0, 0), (1, 0), (0, 0)])
        y.extend(won)
        groups.extend([g, g])
    total, squares = sum(y), sum((y[2 * g] + y[2 * g + 1]) ** 2 for g in range(40))
    rate, ci = methods.clustered_rate(total, squares, 2, 40)
    _naive, _robust, (lo, hi) = ols_cluster([float(v) for v in y], groups)
    assert rate == pytest.approx(total / 80)
    assert ci == pytest.approx((lo, hi), rel=1e-9)


def test_design_effect_is_the_ratio_of_statsmodels_variances() -> None:
    rng = random.Random(3)
    clusters = [[rng.choice([-1.0, 0.0, 1.0]) for _ in range(3)] for _ in range(30)]
    y = [x for c in clusters for x in c]
    groups = [g for g, c in enumerate(clusters) for _ in c]
    naive, robust, _ = ols_cluster(y, groups)
    assert methods.design_effect(clusters) == pytest.approx((robust / naive) ** 2, rel=1e-9)


def test_pooled_seats_are_never_surer_than_their_pairs_allow() -> None:
    """Seats of one game that move together widen the interval by the design effect;
    seats that move against each other (one winner a game) do not narrow it."""
    together = [[(0.0, 1.0), (0.0, 1.0)] if g % 3 == 0 else [(0.0, 0.0), (0.0, 0.0)] for g in range(60)]
    naive = methods.paired_binary([p for c in together for p in c])
    pooled = methods.pooled_binary(together)
    assert pooled["design_effect"] > 1.5
    assert pooled["ci95"][1] - pooled["ci95"][0] > naive["ci95"][1] - naive["ci95"][0]
    against = [[(0.0, 1.0), (1.0, 1.0)] if g % 2 else [(1.0, 1.0), (0.0, 1.0)] for g in range(60)]
    pooled = methods.pooled_binary(against)
    naive = methods.paired_binary([p for c in against for p in c])
    assert pooled["design_effect"] == 0.0 and pooled["ci95"] == naive["ci95"]  # every game's mean is +0.5: not narrowed


@pytest.mark.parametrize("seed", range(5))
def test_holm_is_statsmodels_holm(seed: int) -> None:
    rng = random.Random(seed)
    ps = [rng.random() ** 3 for _ in range(rng.randrange(2, 15))]
    expected = multipletests(ps, alpha=0.05, method="holm")[1]
    assert methods.holm(ps) == pytest.approx(list(expected), rel=1e-12)
    assert methods.holm([None, 0.01, None, 0.04]) == [None, 0.02, None, 0.04]


def test_adjust_stars_only_what_survives() -> None:
    """The issue's example: 12 items, one with p = 0.006 and raw interval excluding 0,
    is not starred after Holm (12 x 0.006 > 0.05); one with p = 0.0001 is."""
    rows = [{"p": 0.5, "significant": False} for _ in range(10)]
    rows += [{"p": 0.006, "significant": True}, {"p": 0.0001, "significant": True}]
    assert methods.adjust(rows) == 12
    assert [r["significant"] for r in rows[-2:]] == [False, True] and rows[-2]["significant_raw"]
    assert rows[-2]["p_holm"] == pytest.approx(0.066)
    one = [{"p": 0.07, "significant": True}]  # one comparison: its own interval's verdict stands
    assert methods.adjust(one) == 1 and one[0]["significant"]

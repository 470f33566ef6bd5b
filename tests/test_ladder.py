"""The strength ladder: schedule, Elo fit, bootstrap and the ``ladder`` command."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core.errors import CivtableError
from civtable.core.registry import register_game
from civtable.sim.ladder import (
    TIMING_KEYS,
    bootstrap,
    fit_elo,
    ladder,
    pair_results,
    play_ladder,
    schedule,
    solo_rounds,
    tally,
)
from civtable.sim.runner import GameResult

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def games_of(a_points: list[float]) -> list[dict[tuple[int, int], tuple[float, float]]]:
    return [{(0, 1): (p, 1.0)} for p in a_points]


# ---------------------------------------------------------------- Elo fit


def test_elo_known_answer_75_percent() -> None:
    expected = 400 * math.log10(3)  # 190.85
    ratings = fit_elo(2, {(0, 1): (750.0, 1000.0)}, anchor=1, prior=0)
    assert ratings[1] == 0
    assert ratings[0] == pytest.approx(expected, abs=0.01)
    # the virtual draw moves a large sample's answer only a little
    assert fit_elo(2, {(0, 1): (750.0, 1000.0)}, anchor=1)[0] == pytest.approx(expected, abs=0.5)


def test_elo_symmetric_results_give_equal_ratings() -> None:
    pairs = {(0, 1): (5.0, 10.0), (0, 2): (7.0, 14.0), (1, 2): (3.0, 6.0)}
    ratings = fit_elo(3, pairs)
    assert ratings == pytest.approx([0, 0, 0], abs=1e-6)


def test_elo_transitive_three_players() -> None:
    # B = A + 191, C = B + 191: the fit recovers consistent expected scores
    d = 400 * math.log10(3)
    p_ac = 1 / (1 + 10 ** (-2 * d / 400))
    n = 10_000.0
    pairs = {(0, 1): (0.75 * n, n), (1, 2): (0.75 * n, n), (0, 2): (p_ac * n, n)}
    ratings = fit_elo(3, pairs, anchor=2, prior=0)
    assert ratings == pytest.approx([2 * d, d, 0], abs=0.1)


def test_perfect_record_gives_a_finite_rating() -> None:
    ratings = fit_elo(2, {(0, 1): (10.0, 10.0)}, anchor=1)
    assert math.isfinite(ratings[0]) and ratings[0] > 300


# ---------------------------------------------------------------- bootstrap


def test_bootstrap_contains_estimate_and_is_reproducible() -> None:
    points = [1.0] * 14 + [0.0] * 5 + [0.5]
    games = games_of(points)
    groups = [0] * len(games)
    estimate = fit_elo(2, tally(games), anchor=1)
    ci = bootstrap(2, games, groups, seed=7, anchor=1, resamples=100)
    assert ci[0][0] < estimate[0] < ci[0][1]
    assert ci[1] == (0.0, 0.0)
    assert bootstrap(2, games, groups, seed=7, anchor=1, resamples=100) == ci
    assert bootstrap(2, games, groups, seed=8, anchor=1, resamples=100) != ci


# ---------------------------------------------------------------- schedule and pairs


def test_two_seat_schedule_rotates_seats() -> None:
    plan = schedule(3, 2, 4)
    assert len(plan) == 3 * 4
    pairs = Counter(tuple(sorted(g.seats)) for g in plan)
    assert pairs == {(0, 1): 4, (0, 2): 4, (1, 2): 4}
    for pair in pairs:
        seats = Counter(tuple(g.seats) for g in plan if tuple(sorted(g.seats)) == pair)
        assert seats[pair] == seats[pair[::-1]] == 2  # each bot in each seat equally often


def test_multi_seat_schedule_cycles_bots_through_seats() -> None:
    plan = schedule(3, 4, 2)
    assert len(plan) == 6
    for seat in range(4):
        assert Counter(g.seats[seat] for g in plan) == {0: 2, 1: 2, 2: 2}


def test_solo_schedule_gives_every_bot_each_round() -> None:
    """One seat: every bot plays once a round, and a round is one bootstrap group."""
    plan = schedule(3, 1, 2)
    assert [(g.seats, g.group) for g in plan] == [([0], 0), ([1], 0), ([2], 0), ([0], 1), ([1], 1), ([2], 1)]


def test_solo_rounds_compare_outcomes_on_the_same_seed() -> None:
    """A won game beats a lost one of the same round; equal outcomes tie."""
    plan = schedule(3, 1, 2)
    won = [True, False, True, False, False, False]  # round 0: bots 0 and 2 win; round 1: nobody
    for g, w in zip(plan, won, strict=True):
        g.result = GameResult(seed=g.group, returns=[1.0 if w else -1.0], winners=[0] if w else [], turns=1, steps=1)
    pairs, groups = solo_rounds(plan)
    assert groups == [0, 0]
    assert pairs[0] == {(0, 1): (1.0, 1.0), (0, 2): (0.5, 1.0), (1, 2): (0.0, 1.0)}
    assert pairs[1] == {(0, 1): (0.5, 1.0), (0, 2): (0.5, 1.0), (1, 2): (0.5, 1.0)}


def test_solo_ladder_plays_each_round_on_one_seed() -> None:
    """civ-solo: every bot of a round gets the same seed (common random numbers), each
    round another, and the summary gives each bot's own wins with a Wilson interval."""
    summary = ladder("civ-solo", {}, ["random", "model"], 4, seed=5)
    assert summary["seats"] == 1 and summary["games"] == 8
    for bot in ("random", "model"):
        row = summary["elo"][bot]
        assert row["games"] == 4 and 0 <= row["wins"] <= 4
        lo, hi = row["win_ci95"]
        assert lo <= row["win_rate"] <= hi
    cell = summary["matrix"]["random"]["model"]
    assert cell["games"] == 4
    played = play_ladder("civ-solo", {}, ["random", "model"], 3, seed=5)
    seeds = [[g.result.seed for g in played.schedule if g.group == k] for k in range(3)]
    assert all(len(set(r)) == 1 for r in seeds) and len({r[0] for r in seeds}) == 3


def test_pair_results_from_a_ranking() -> None:
    # seats hold bots 0, 1, 2, 0; seat 1 (bot 1) wins
    assert pair_results([0, 1, 2, 0], [1]) == {(0, 1): (0.0, 1.0), (1, 2): (1.0, 1.0)}
    # shared win of bots 0 and 2: they tie, both beat bot 1
    assert pair_results([0, 1, 2], [0, 2]) == {(0, 1): (1.0, 1.0), (0, 2): (0.5, 1.0), (1, 2): (0.0, 1.0)}
    # no winner: every pair ties
    assert pair_results([1, 0], []) == {(0, 1): (0.5, 1.0)}


# ---------------------------------------------------------------- playing


def test_workers_do_not_change_the_ladder() -> None:
    one = ladder("toy-nim", {}, ["random", "greedy"], 6, seed=3, workers=1)
    two = ladder("toy-nim", {}, ["random", "greedy"], 6, seed=3, workers=2)
    for key in TIMING_KEYS:
        one.pop(key)
        two.pop(key)
    assert one == two


@pytest.mark.parametrize(
    ("bots", "games"),
    [(["random"], 4), (["random", "nobody"], 4), (["random", "greedy"], 1), (["random", "random"], 4)],
)
def test_ladder_refuses_bad_input(bots: list[str], games: int) -> None:
    with pytest.raises(CivtableError):
        ladder("toy-nim", {}, bots, games, seed=1)


def test_cli_ladder_catan(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "ladder.json"
    code, out, err = run(capsys, "ladder", "catan-deckbuilding", "--players", "random,greedy",
                         "--games", "8", "--seed", "1", "--json", str(out_file), "-q")
    assert code == 0, err
    assert "Elo" in out and "95% CI" in out and "Score of the row bot" in out
    data = json.loads(out_file.read_text())
    assert data["game"] == "catan-deckbuilding" and data["seed"] == 1
    assert data["bots"] == ["random", "greedy"]
    assert data["elo"]["random"]["rating"] == 0
    assert data["elo"]["greedy"]["rating"] > data["elo"]["random"]["rating"]
    lo, hi = data["elo"]["greedy"]["ci95"]
    assert lo <= data["elo"]["greedy"]["rating"] <= hi
    cell = data["matrix"]["greedy"]["random"]
    assert cell["games"] == 8 and set(cell) >= {"score", "games", "ci95"}
    assert cell["score"] + data["matrix"]["random"]["greedy"]["score"] == pytest.approx(1)
    # the file is not overwritten without --force
    code, _, err = run(capsys, "ladder", "catan-deckbuilding", "--players", "random,greedy",
                       "--games", "2", "--seed", "1", "--json", str(out_file), "-q")
    assert code == 2 and "--force" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "random"],
        ["--players", "random,nobody"],
        ["--players", "random,greedy", "--games", "1"],
        ["--players", "random,greedy", "--workers", "0"],
        ["--players", "random,random"],
        ["--players", "random,greedy", "--option", "nonsense"],
    ],
)
def test_cli_ladder_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, "ladder", "toy-nim", *argv, "-q")
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("civtable: error: ") and "Traceback" not in err


def test_cli_ladder_unknown_game_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "ladder", "no-such-game", "--players", "random,greedy", "-q")
    assert code == 2 and err.startswith("civtable: error: ")

"""The simulator: one game, batches, statistics and reports (on the toy game)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.core.errors import AgentError, CivtableError, IllegalActionError, OptionError
from civtable.core.records import parse_record
from civtable.core.registry import load_game, register_game
from civtable.core.rng import Rng
from civtable.sim import play_game, simulate, summarise, wilson, write_json
from civtable.sim.runner import load_game_for
from civtable.sim.stats import TIMING_KEYS, mean, median

register_game("toy-nim", "tests.toygame:ToyNim")

SUMMARY_KEYS = {
    "game", "options", "games", "seed", "players", "per_player", "per_bot", "draws",
    "turns", "steps", "games_per_second", "seconds", "workers",
}


def without_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


# ---------------------------------------------------------------- statistics


@pytest.mark.parametrize(
    ("wins", "n", "lo", "hi"),
    [
        (50, 100, 0.4038, 0.5962),  # the textbook example
        (1, 2, 0.0945, 0.9055),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_known_values(wins: int, n: int, lo: float, hi: float) -> None:
    got = wilson(wins, n)
    assert got == pytest.approx((lo, hi), abs=1e-4)


@pytest.mark.parametrize(("wins", "n"), [(3, 7), (81, 263), (999, 1000)])
def test_wilson_bounds_solve_the_score_equation(wins: int, n: int) -> None:
    # the bounds are the p with |p_hat - p| = z * sqrt(p (1 - p) / n)
    z = 1.959963984540054
    for p in wilson(wins, n):
        assert (wins / n - p) ** 2 == pytest.approx(z * z * p * (1 - p) / n, rel=1e-9)


def test_wilson_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 5)[0] == 0.0
    assert wilson(5, 5)[1] == 1.0
    with pytest.raises(ValueError):
        wilson(6, 5)


def test_mean_median() -> None:
    assert mean([1, 2, 3, 10]) == 4
    assert median([1, 2, 3, 10]) == 2.5
    assert median([3, 1, 2]) == 2
    assert mean([]) == 0.0


# ---------------------------------------------------------------- the toy game keeps the contracts


def test_toy_game_contracts() -> None:
    game = load_game("toy-nim", opening="bid")
    state = game.new_state(seed=4)
    assert state.to_move() == (0, 1)
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(0, "take 1")
    assert state.to_json() == before
    copy = state.clone()
    copy.apply(1, "bid 2")
    assert state.to_move() == (0, 1) and copy.to_move() == (0,)
    assert game.state_from_json(json.loads(json.dumps(copy.to_json()))) == copy
    sampled = copy.determinize(0, Rng(9))
    assert sampled.observation(0) == copy.observation(0)
    assert str(game.parse_action(copy, " BID  1 ")) == "bid 1"


# ---------------------------------------------------------------- one game


def test_play_game_record_replays_to_the_same_state() -> None:
    game = load_game("toy-nim", opening="bid")
    result = play_game(game, ["greedy", "random"], seed=11)
    assert result.finished
    assert result.steps == len(result.moves) > 2
    assert result.moves[:2] == [(0, "bid 2"), (1, result.moves[1][1])]  # simultaneous step, both asked
    record = parse_record(result.record().dumps())
    state = record.replay()
    assert state.is_terminal()
    assert state.winners() == result.winners
    assert state.returns() == result.returns
    assert state.turn == result.turns
    assert record.result == {"returns": result.returns, "winners": result.winners, "turns": result.turns}


def test_play_game_is_deterministic() -> None:
    game = load_game("toy-nim")
    a = play_game(game, ["random", "random"], seed=5)
    b = play_game(game, ["random", "random"], seed=5)
    assert a == b
    others = {tuple(play_game(game, ["random", "random"], seed=s).moves) for s in range(20)}
    assert len(others) > 5


def test_step_limit_leaves_the_game_unfinished() -> None:
    game = load_game("toy-nim")
    result = play_game(game, ["random", "random"], seed=1, max_steps=2)
    assert not result.finished and result.steps == 2 and result.winners == []
    assert result.record().result is None


def test_moves_are_optional() -> None:
    result = play_game(load_game("toy-nim"), ["random", "random"], seed=1, keep_moves=False)
    assert result.moves is None
    with pytest.raises(ValueError):
        result.record()


def test_load_game_for_checks_the_seat_count() -> None:
    with pytest.raises(CivtableError, match="played by 2 players, but 3 were named"):
        load_game_for("toy-nim", {}, 3)
    with pytest.raises(OptionError, match="valid options"):
        load_game_for("toy-nim", {"nope": 1}, 2)


# ---------------------------------------------------------------- batches


def test_summary_has_the_keys() -> None:
    summary = summarise(simulate("toy-nim", {}, ["greedy", "random"], games=30, seed=2))
    assert set(summary) >= SUMMARY_KEYS
    assert summary["games"] == 30 and summary["players"] == ["greedy", "random"]
    for seat, row in enumerate(summary["per_player"]):
        assert {"seat", "bot", "wins", "win_rate", "ci95"} <= set(row)
        assert row["seat"] == seat
        lo, hi = row["ci95"]
        assert lo <= row["win_rate"] <= hi
    assert set(summary["per_bot"]) == {"greedy", "random"}
    for row in summary["per_bot"].values():
        assert {"wins", "games", "win_rate", "ci95"} <= set(row)
    assert {"mean", "median", "min", "max"} <= set(summary["turns"])
    assert "mean" in summary["steps"]
    wins = sum(r["wins"] for r in summary["per_player"])
    assert wins + summary["draws"] + summary["unfinished"] == 30
    assert summary["first_player"]["games"] == 30
    json.dumps(summary)  # JSON-safe


def test_per_bot_aggregates_the_seats_of_a_bot() -> None:
    summary = summarise(simulate("toy-nim", {}, ["random", "random"], games=40, seed=3))
    row = summary["per_bot"]["random"]
    assert row["games"] == 80
    assert row["wins"] == sum(r["wins"] for r in summary["per_player"])


def test_workers_do_not_change_the_results() -> None:
    one = simulate("toy-nim", {"opening": "bid"}, ["greedy", "random"], games=60, seed=7, workers=1,
                   keep_records=True)
    two = simulate("toy-nim", {"opening": "bid"}, ["greedy", "random"], games=60, seed=7, workers=2,
                   keep_records=True)
    assert two.workers == 2
    assert one.results == two.results
    assert without_timing(summarise(one)) == without_timing(summarise(two))


def test_same_seed_same_results_other_seed_other_results() -> None:
    a = summarise(simulate("toy-nim", {}, ["random", "random"], games=50, seed=99))
    b = summarise(simulate("toy-nim", {}, ["random", "random"], games=50, seed=99))
    c = simulate("toy-nim", {}, ["random", "random"], games=50, seed=100)
    assert without_timing(a) == without_timing(b)
    d = simulate("toy-nim", {}, ["random", "random"], games=50, seed=99)
    assert [r.seed for r in c.results] != [r.seed for r in d.results]


def test_progress_is_reported_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate("toy-nim", {}, ["random", "random"], games=25, seed=1, workers=2,
             progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (25, 25)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_options_reach_the_games() -> None:
    batch = simulate("toy-nim", {"max-take": "1"}, ["greedy", "greedy"], games=5, seed=1, keep_records=True)
    assert batch.options["max-take"] == 1
    assert all(text == "take 1" for r in batch.results for _, text in r.moves)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"games": 0}, "at least 1"),
        ({"workers": 0}, "at least 1"),
        ({"agent_specs": ["greedy", "nobot"]}, "unknown bot"),
        ({"agent_specs": ["greedy"]}, "2 players"),
        ({"options": {"max-take": "9"}}, "at most 5"),
    ],
)
def test_simulate_rejects_bad_input(kwargs: dict, error: str) -> None:
    args = {"game_id": "toy-nim", "options": {}, "agent_specs": ["greedy", "random"], "games": 3, "seed": 1}
    args.update(kwargs)
    with pytest.raises(CivtableError, match=error):
        simulate(**args)


def test_unknown_bot_is_an_agent_error() -> None:
    with pytest.raises(AgentError):
        simulate("toy-nim", {}, ["greedy", "nobot"], games=3, seed=1, workers=2)


# ---------------------------------------------------------------- reports


def test_write_json_refuses_to_overwrite(tmp_path: Path) -> None:
    summary = summarise(simulate("toy-nim", {}, ["greedy", "random"], games=5, seed=1))
    path = tmp_path / "out.json"
    write_json(summary, path)
    assert json.loads(path.read_text())["games"] == 5
    path.write_text("keep")
    with pytest.raises(CivtableError, match="already exists"):
        write_json(summary, path)
    assert path.read_text() == "keep"
    write_json(summary, path, force=True)
    assert json.loads(path.read_text())["seed"] == 1
    with pytest.raises(CivtableError, match="does not exist"):
        write_json(summary, tmp_path / "missing" / "out.json")

"""The simulator: one game, batches, statistics and reports (on the toy game)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from civtable.cli import main
from civtable.core.errors import AgentError, CivtableError, IllegalActionError, OptionError
from civtable.core.records import parse_record
from civtable.core.registry import load_game, register_game
from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.sim import (
    BatchResult,
    GameResult,
    play_game,
    print_summary,
    simulate,
    summarise,
    wilson,
    write_json,
)
from civtable.sim.runner import load_game_for
from civtable.sim.stats import TIMING_KEYS, figure, mean, median
from examples.games.toy_nim.state import ToyNimState

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")

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


# ---------------------------------------------------------------- the game's own figures


def final_state(result: GameResult) -> ToyNimState:
    """The end position of a kept game, replayed from its record."""
    state = parse_record(result.record().dumps()).replay()
    assert isinstance(state, ToyNimState)
    return state


def test_game_stats_default_to_empty() -> None:
    assert State.game_stats(load_game("toy-nim").new_state(seed=1)) == {}


def test_play_game_keeps_the_game_stats() -> None:
    game = load_game("toy-nim")
    result = play_game(game, ["greedy", "random"], seed=11)
    state = final_state(result)
    expected = {"last_take_share": 2 / (2 + state.cards[0] + state.cards[1])}
    s0, s1 = state.scores()
    if s0 != s1:
        expected["winning_margin"] = float(abs(s0 - s1))
    assert result.stats == expected
    assert all(type(v) is float for v in result.stats.values())
    # an unfinished game reports nothing: its figures would be partial
    assert play_game(game, ["random", "random"], seed=1, max_steps=2).stats == {}


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "0.5", True, None])
def test_play_game_refuses_figures_that_are_not_finite_numbers(monkeypatch: pytest.MonkeyPatch, bad: object) -> None:
    monkeypatch.setattr(ToyNimState, "game_stats", lambda self: {"odd": bad})
    with pytest.raises(ValueError, match="odd"):
        play_game(load_game("toy-nim"), ["greedy", "greedy"], seed=1)


def test_figure_by_hand() -> None:
    # mean 2.5; sample sd sqrt(5/3) = 1.290994; half-width t(3) 3.182446 * 1.290994 / 2 = 2.054260
    got = figure([1.0, 2.0, 3.0, 4.0])
    assert got["n"] == 4 and got["mean"] == 2.5
    assert got["ci95"] == pytest.approx([0.445740, 4.554260], abs=1e-4)
    assert figure([0.25]) == {"mean": 0.25, "ci95": None, "n": 1}  # no spread from one game
    assert figure([0.5, 0.5, 0.5]) == {"mean": 0.5, "ci95": [0.5, 0.5], "n": 3}


def test_summarise_game_stats_by_hand() -> None:
    batch = simulate("toy-nim", {}, ["greedy", "random"], games=6, seed=3, keep_records=True)
    shares: list[float] = []
    margins: list[float] = []
    for r in batch.results:  # the figures computed from each end position, not taken from game_stats
        state = final_state(r)
        shares.append(2 / (2 + sum(state.cards)))
        s0, s1 = state.scores()
        if s0 != s1:
            margins.append(abs(s0 - s1))
    assert len(margins) == 4  # two draws: the margin is the mean over the 4 decided games

    def by_hand(xs: list[float]) -> tuple[float, float, float]:
        n = len(xs)
        m = sum(xs) / n
        sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5
        t = {6: 2.570582, 4: 3.182446}[n]  # Student's t, 97.5% quantile, n - 1 degrees of freedom
        return m, m - t * sd / n**0.5, m + t * sd / n**0.5

    figures = summarise(batch)["game_stats"]
    assert list(figures) == ["last_take_share", "winning_margin"]
    for name, xs in (("last_take_share", shares), ("winning_margin", margins)):
        m, lo, hi = by_hand(xs)
        assert figures[name]["n"] == len(xs)
        assert figures[name]["mean"] == pytest.approx(m, abs=1e-5)
        assert figures[name]["ci95"] == pytest.approx([lo, hi], abs=1e-4)


def test_game_stats_union_of_names_over_the_games_that_report_them() -> None:
    def result(stats: dict[str, float]) -> GameResult:
        return GameResult(seed=0, returns=[0.0, 0.0], winners=[], turns=1, steps=1, stats=stats)

    batch = BatchResult("toy-nim", {}, ["random", "random"], 3, 1, 1, results=[
        result({"zeta": 1.0, "alpha_share": 0.2}), result({"alpha_share": 0.4}), result({}),
    ])
    figures = summarise(batch)["game_stats"]
    assert list(figures) == ["alpha_share", "zeta"]
    assert figures["alpha_share"]["n"] == 2 and figures["alpha_share"]["mean"] == pytest.approx(0.3)
    assert figures["zeta"] == {"mean": 1.0, "ci95": None, "n": 1}
    json.dumps(figures)


def test_game_stats_do_not_depend_on_the_workers() -> None:
    one = simulate("toy-nim", {"opening": "bid"}, ["greedy", "random"], games=80, seed=12, workers=1)
    two = simulate("toy-nim", {"opening": "bid"}, ["greedy", "random"], games=80, seed=12, workers=2)
    assert [r.stats for r in one.results] == [r.stats for r in two.results]
    figures = summarise(one)["game_stats"]
    assert figures == summarise(two)["game_stats"]
    assert set(figures) == {"last_take_share", "winning_margin"}
    assert set(TIMING_KEYS).isdisjoint(figures)


def test_report_prints_the_game_figures() -> None:
    summary = summarise(simulate("toy-nim", {}, ["greedy", "random"], games=6, seed=3))
    summary["game_stats"] = {
        "population_vp_share": {"mean": 0.4125, "ci95": [0.38, 0.445], "n": 6},
        "rounds": {"mean": 12.25, "ci95": [11.5, 13.0], "n": 6},
        "wonder_vp_share": {"mean": 0.1, "ci95": None, "n": 1},
    }
    console = Console(record=True, width=120)
    print_summary(summary, console)
    text = console.export_text()
    assert "Game figures (mean over games, 95% CI)" in text
    assert text.index("Game figures") > text.index("Win rate")
    assert "population vp share" in text and "41.2%" in text and "38.0% - 44.5%" in text
    assert "rounds" in text and "12.2" in text and "11.5 - 13" in text
    assert "wonder vp share" in text and "n/a" in text

    summary["game_stats"] = {}
    console = Console(record=True, width=120)
    print_summary(summary, console)
    assert "Game figures" not in console.export_text()


def test_cli_simulate_shows_and_writes_the_game_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "out.json"
    code = main(["simulate", "toy-nim", "--players", "greedy,random", "--games", "30", "--seed", "5",
                 "--json", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Game figures (mean over games, 95% CI)" in out
    assert "last take share" in out and "winning margin" in out
    data = json.loads(path.read_text())
    assert set(data["game_stats"]) == {"last_take_share", "winning_margin"}
    share = data["game_stats"]["last_take_share"]
    assert share["n"] == 30 and share["ci95"][0] <= share["mean"] <= share["ci95"][1]
    assert f"{100 * share['mean']:.1f}%" in out


def test_item_figures_by_hand() -> None:
    """Per item: held share over player-games, holders' win rate with a Wilson interval,
    and the others' win rate, from results built by hand (unfinished games left out)."""
    from civtable.sim.report import items_table
    from civtable.sim.stats import item_figures, wilson

    def result(winners: list[int], holdings: dict[str, list[int]], finished: bool = True) -> GameResult:
        return GameResult(seed=0, returns=[0.0] * 3, winners=winners, turns=1, steps=1, finished=finished,
                          holdings=holdings)

    results = [
        result([0], {"wheel": [0, 1], "iron": [2]}),
        result([2], {"wheel": [0]}),
        result([1], {"wheel": [1, 2], "iron": [1]}),
        result([0], {"wheel": [0, 1, 2]}, finished=False),
    ]
    figures = item_figures(results, seats=3, minimum=1)
    assert list(figures) == ["iron", "wheel"]
    wheel = figures["wheel"]
    assert wheel["held"] == 5 and wheel["held_share"] == round(5 / 9, 4)
    assert wheel["win_rate"] == round(2 / 5, 4)  # seat 0 in game 1, seat 1 in game 3
    assert wheel["ci95"] == [round(x, 4) for x in wilson(2, 5)]
    assert wheel["win_rate_without"] == round(1 / 4, 4)  # seat 2 won game 2 without it
    assert figures["iron"]["win_rate"] == 0.5 and figures["iron"]["win_rate_without"] == round(2 / 7, 4)
    console = Console(record=True, width=120)
    console.print(items_table(figures))
    text = console.export_text()
    assert "wheel" in text and "55.6%" in text and "40.0%" in text
    hidden = item_figures(results, seats=3)  # the documented minimum group: 5 holders are too few to show a rate
    assert hidden["wheel"]["win_rate"] is None and hidden["wheel"]["hidden"] and hidden["wheel"]["held"] == 5


def test_holdings_default_to_empty_and_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from civtable.sim.runner import holdings

    state = load_game("toy-nim").new_state(seed=1)
    assert State.holdings(state) == {}
    while not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, state.legal_actions(p)[0])
    monkeypatch.setattr(ToyNimState, "holdings", lambda self: {"x": [1, 0, 1]})
    assert holdings(state) == {"x": [0, 1]}
    monkeypatch.setattr(ToyNimState, "holdings", lambda self: {"x": "seat 0"})
    with pytest.raises(TypeError):
        holdings(state)


def test_an_interrupted_batch_gives_the_figures_of_the_games_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the middle: the games finished so far, marked partial (issue 16)."""
    import civtable.sim.pool as pool

    real = pool.play_chunk
    calls = [0]

    def interrupted(*args: object) -> list:
        calls[0] += 1
        if calls[0] > 2:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pool, "play_chunk", interrupted)
    batch = simulate("toy-nim", {}, ["greedy", "random"], 100, seed=1)
    assert batch.partial and 0 < len(batch.results) < 100
    summary = summarise(batch)
    assert summary["partial"] and summary["games"] == len(batch.results) and summary["games_planned"] == 100
    monkeypatch.undo()
    whole = simulate("toy-nim", {}, ["greedy", "random"], 100, seed=1).results
    assert [r.seed for r in batch.results] == [r.seed for r in whole[: len(batch.results)]]

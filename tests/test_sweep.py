"""``civtable sweep`` (issue 29, item 4): every figure against a rule option or a field of
the game's data, the same seeds at every point, intervals and Holm-adjusted
differences, a plot in the report; bad settings one sentence, nothing written."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core.registry import register_game
from civtable.sim import plots
from civtable.sim.settings import point_options, setting
from civtable.sim.sweep import sweep

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


def test_an_option_swept_on_the_same_seeds(tmp_path: Path) -> None:
    got = sweep("toy-nim", {}, ["greedy", "greedy"], ["max-take=1..5:2"], 40, seed=3)
    assert got["format"] == "civtable-sweep" and got["labels"] == ["max-take=1", "max-take=3", "max-take=5"]
    assert got["points"] == [{"max-take": 1}, {"max-take": 3}, {"max-take": 5}]
    turns = next(r for r in got["figures"] if r["figure"] == "turns")
    assert turns["values"][0] > turns["values"][2]  # taking one at a time makes longer games
    for value, ci in zip(turns["values"], turns["values_ci95"], strict=True):
        assert ci[0] <= value <= ci[1]
    assert len(turns["differences"]) == 2 and turns["differences"][1]["significant"]
    assert got["family"] == sum(1 for r in got["figures"] for d in r["differences"] if d["p"] is not None)
    assert [s["options"]["max-take"] for s in got["summaries"]] == [1, 3, 5]
    fig = plots.all_figures(got)[0][1]
    ax = next(a for a in fig.axes if a.get_title() == "turns")
    assert [round(y, 6) for y in ax.lines[0].get_ydata()] == [round(v, 6) for v in turns["values"]]


def test_a_data_field_is_set_in_a_copy_of_the_games_file(tmp_path: Path) -> None:
    s = setting("civ-card-game", {}, "cards.Writing.COST=8..16:8")
    assert s.values == (8, 16) and s.steps[-1] == "cost"
    opts = point_options("civ-card-game", {}, [s], (16,), tmp_path, 0)
    data = json.loads(Path(opts["cards"]).read_text())
    assert next(t for t in data["technologies"] if t["id"] == "writing")["cost"] == 16
    from civtable.core.registry import load_game

    assert load_game("civ-card-game", **opts).rules.tech_cost[s.steps[1]] == 16


def test_a_card_cost_changes_the_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table, result, html = tmp_path / "sweep.csv", tmp_path / "sweep.json", tmp_path / "sweep.html"
    code = main(["sweep", "civ-card-game", "--players", "greedy,greedy", "--set", "cards.writing.cost=0,60",
                 "--games", "12", "--seed", "2", "--csv", str(table), "--json", str(result), "--report", str(html),
                 "-q"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "cards.writing.cost=0" in out and "Holm" in out
    data = json.loads(result.read_text())
    turns = next(r for r in data["figures"] if r["figure"] == "turns")
    assert turns["values"][1] > turns["values"][0], turns  # the last technology bought ends the game: later at 60
    with table.open() as f:
        found = list(csv.DictReader(f))
    by_batch: dict[str, list[str]] = {}
    for row in found:
        by_batch.setdefault(row["batch"], []).append(row["seed"])
    assert list(by_batch) == ["cards.writing.cost=0", "cards.writing.cost=60"]
    assert by_batch["cards.writing.cost=0"] == by_batch["cards.writing.cost=60"]  # the same seeds at every point
    assert {row["variant"] for row in found} == {"cards.writing.cost=0", "cards.writing.cost=60"}
    assert "civtable-sweep" not in html.read_text() and "parameter sweep" in html.read_text()
    assert "/tmp" not in result.read_text() and "civtable-sweep-" not in result.read_text()  # no temporary paths


@pytest.mark.parametrize(("argv", "words"), [
    (["--set", "cards.writng.cost=8,9"], "'writng' names no field or entry"),
    (["--set", "colour=red,blue"], "names no option or data field of civ-card-game"),
    (["--set", "cards.writing.cost=16..8"], "has no values"),
    (["--set", "cards.writing.cost=8..16:0"], "has no values"),
    (["--set", "cards.writing.cost=cheap"], "is a whole number"),
    (["--set", "deck-exhaustion=A,Z"], "must be one of A, B"),
    (["--set", "cards.writing.cost=8"], "at least two points"),
    (["--set", "cards.writing.cost=-1,2"], "cost"),
    ([], "at least one --set"),
])
def test_bad_settings_are_one_sentence_and_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         argv: list[str], words: str) -> None:
    out = tmp_path / "out.json"
    code = main(["sweep", "civ-card-game", "--players", "greedy,greedy", "--games", "2", *argv, "--json", str(out),
                 "--csv", str(tmp_path / "out.csv"), "-q"])
    err = capsys.readouterr().err
    assert code == 2 and words in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []

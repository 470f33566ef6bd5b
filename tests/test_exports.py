"""Every game's data (issue 29, item 3): ``--csv FILE`` (one row per game and seat) and
``--records DIR`` for simulate, compare and value, in game order whatever the
workers, read by pandas with the recipe of docs/cli.md; bad output paths refused
before any game, nothing written."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from civtable.cli import main
from civtable.core.records import read_record
from civtable.core.registry import register_game
from civtable.sim.batch import simulate
from civtable.sim.export import COLUMNS

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")
DOCS = Path(__file__).resolve().parents[1] / "docs" / "cli.md"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_simulate_csv_has_a_row_per_game_and_seat_in_game_order(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    for path, workers in ((one, "1"), (two, "2")):
        code, out, err = run(capsys, "simulate", "toy-nim", "--players", "greedy,random", "--games", "30", "--seed",
                             "7", "--workers", workers, "--csv", str(path), "-q")
        assert code == 0, err
        assert f"Wrote {path}" in out
    assert one.read_text() == two.read_text()  # the same rows in the same order whatever the workers
    found = rows(one)
    assert list(found[0])[: len(COLUMNS)] == list(COLUMNS)
    assert {"last_take_share", "winning_margin"} <= set(found[0])  # the game's own figures, a column each
    assert [(int(r["game"]), int(r["seat"])) for r in found] == [(g, s) for g in range(1, 31) for s in (0, 1)]
    batch = simulate("toy-nim", {}, ["greedy", "random"], 30, 7)
    for r in batch.results:  # the rows are the games: seeds, winners, lengths, figures
        mine = [row for row in found if int(row["seed"]) == r.seed]
        assert [int(row["won"]) for row in mine] == [int(s in r.winners) for s in (0, 1)]
        assert {int(row["turns"]) for row in mine} == {r.turns} and all(row["finished"] == "1" for row in mine)
        assert [row["bot"] for row in mine] == ["greedy", "random"]
        if "winning_margin" in r.stats:
            assert float(mine[0]["winning_margin"]) == r.stats["winning_margin"]
        assert [int(row["rank"]) for row in mine if row["won"] == "1"] == [1] * len(r.winners)


def test_compare_and_value_write_csv_and_records_per_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table, folder = tmp_path / "cmp.csv", tmp_path / "cmp"
    code, out, err = run(capsys, "compare", "toy-nim", "--players", "greedy,random", "--games", "6", "--seed", "2",
                         "--variant", "default", "--variant", "max-take=5", "--csv", str(table), "--records",
                         str(folder), "-q")
    assert code == 0, err
    found = rows(table)
    assert [r["batch"] for r in found] == ["default"] * 12 + ["max-take=5"] * 12
    assert [r["seed"] for r in found[:12]] == [r["seed"] for r in found[12:]]  # paired: the same seeds
    assert {r["variant"] for r in found[12:]} == {"max-take=5"}
    batches = sorted(p.name for p in folder.iterdir())
    assert batches == ["01-default", "02-max-take=5"]
    for name in batches:
        manifest = [json.loads(line) for line in (folder / name / "manifest.jsonl").read_text().splitlines()]
        assert manifest[-1] == {"type": "complete", "records": 6}
        assert read_record(folder / name / "game-00001.jsonl").replay().is_terminal()
    table, folder = tmp_path / "value.csv", tmp_path / "value"
    code, out, err = run(capsys, "value", "toy-nim", "--players", "random,random", "--item", "HIGH-CARD", "--games",
                         "5", "--seed", "3", "--csv", str(table), "--records", str(folder), "-q")
    assert code == 0, err
    found = rows(table)
    assert [(r["batch"], r["item"], r["item_seat"]) for r in found[::10]] == [
        ("base", "", ""), ("give high-card to seat 0", "high-card", "0"), ("give high-card to seat 1", "high-card", "1")]
    assert sorted(p.name for p in folder.iterdir()) == ["01-base", "02-give_high-card_to_seat_0",
                                                       "03-give_high-card_to_seat_1"]


def test_the_seats_of_mega_civ_are_named_by_civilization(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table, result = tmp_path / "mc.csv", tmp_path / "mc.json"
    code, out, err = run(capsys, "simulate", "mega-civ", "--players", "greedy,greedy,greedy,greedy,greedy", "--games",
                         "2", "--seed", "1", "-o", "map=small", "-o", "last-turn=3", "--csv", str(table), "--json",
                         str(result), "-q")
    assert code == 0, err
    civs = [r["civilization"] for r in rows(table)][:5]
    assert all(civs) and len(set(civs)) == 5
    data = json.loads(result.read_text())
    assert [r["civilization"] for r in data["per_player"]] == civs and "Civilization" in out


def test_the_pandas_recipe_of_the_docs_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md's recipe, as written there, on a CSV of compare."""
    path = tmp_path / "games.csv"
    code, _, err = run(capsys, "compare", "toy-nim", "--players", "greedy,random", "--games", "20", "--seed", "4",
                       "--variant", "default", "--variant", "max-take=5", "--csv", str(path), "-q")
    assert code == 0, err
    recipe = re.search(r"```python\n(import pandas.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert recipe is not None, "docs/cli.md has no pandas recipe"
    scope: dict[str, object] = {}
    exec(recipe.group(1).replace("games.csv", str(path)), scope)  # noqa: S102 - our own documented recipe
    rates = scope["rates"]
    assert isinstance(rates, pd.DataFrame) and set(rates.index) == {"default", "max-take=5"}
    frame = pd.read_csv(path)
    expected = frame[(frame.seat == 0) & (frame.finished == 1)].groupby("batch").won.mean()
    assert rates[0].to_dict() == pytest.approx(expected.to_dict())


@pytest.mark.parametrize("argv", [
    ["simulate", "toy-nim", "--players", "greedy,random", "--games", "3"],
    ["compare", "toy-nim", "--players", "greedy,random", "--games", "3", "--variant", "default", "--variant",
     "max-take=2"],
    ["value", "toy-nim", "--players", "greedy,random", "--games", "3", "--item", "high-card"],
])
def test_bad_output_paths_are_refused_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      argv: list[str]) -> None:
    keep = tmp_path / "keep.csv"
    keep.write_text("precious\n")
    code, _, err = run(capsys, *argv, "--csv", str(keep), "-q")
    assert code == 2 and "already exists" in err and len(err.strip().splitlines()) == 1
    assert keep.read_text() == "precious\n"
    code, _, err = run(capsys, *argv, "--csv", str(tmp_path / "no" / "such.csv"), "-q")
    assert code == 2 and "does not exist" in err
    code, _, err = run(capsys, *argv, "--csv", str(tmp_path / "x.csv"), "--records", str(tmp_path / "r"), "-q",
                       "-o", "max-take=9")
    assert code == 2 and "at most 5" in err
    assert not (tmp_path / "x.csv").exists() and not (tmp_path / "r").exists()  # nothing written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.csv"]

"""``civtable value`` (issue 16 item 2): causal item values by paired games, checked by
hand against the two batches it plays, beside the observational holders' win rate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core.registry import register_game
from civtable.sim import plots
from civtable.sim.batch import simulate
from civtable.sim.value import value

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


def test_the_value_is_the_paired_change_of_the_seats_wins() -> None:
    got = value("toy-nim", {}, ["random", "random"], ["high-card"], 60, seed=4, seats=[1])
    base = simulate("toy-nim", {}, ["random", "random"], 60, 4)
    given = simulate("toy-nim", {}, ["random", "random"], 60, 4, give=("high-card", 1))
    wins = {r.seed: float(1 in r.winners) for r in base.results}
    diffs = [float(1 in r.winners) - wins[r.seed] for r in given.results]
    row = got["items"][0]
    assert row["value"]["n"] == 60
    assert row["value"]["diff"] == pytest.approx(sum(diffs) / 60, abs=1e-6)
    assert row["value"]["diff"] > 0 and row["value"]["significant"], "a 2 as hidden card must help"
    assert [r.seed for r in base.results] == [r.seed for r in given.results], "not the same seeds"
    observed = row["observed"]
    assert observed["win_rate"] is not None and observed["win_rate_without"] is not None


def test_removing_an_item_compares_every_seat_and_the_length() -> None:
    got = value("toy-nim", {}, ["greedy", "random"], ["high-card"], 30, seed=1, remove=True)
    row = got["items"][0]
    assert len(row["by_seat"]) == 2 and "turns" in row and got["mode"] == "remove"


def test_cli_value_json_and_report_with_its_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, html = tmp_path / "v.json", tmp_path / "v.html"
    code = main(["value", "toy-nim", "--players", "random,random", "--item", "high-card", "--games", "40",
                 "--seed", "3", "--json", str(out), "--report", str(html), "-q"])
    text = capsys.readouterr().out
    assert code == 0 and "high-card" in text and "observational" in text
    data = json.loads(out.read_text())
    assert data["format"] == "civtable-value" and data["items"][0]["item"] == "high-card"
    fig = plots.values(data)
    assert fig is not None
    bar = fig.axes[0].patches[0]
    assert bar.get_width() == pytest.approx(100 * data["items"][0]["value"]["diff"])
    page = html.read_text()
    assert "item values" in page and "data:image/png;base64" in page
    assert main(["report", str(out), "--out", str(tmp_path / "again.html")]) == 0


@pytest.mark.parametrize("argv,words", [
    (["--item", "crown"], "no item 'crown'; items: high-card"),
    (["--item", "high-card", "--seat", "5"], "no seat 5"),
    (["--item", "high-card", "--games", "0"], "--games"),
])
def test_bad_value_requests_get_one_sentence(argv: list[str], words: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    keep = tmp_path / "keep.json"
    keep.write_text("{}")
    code = main(["value", "toy-nim", "--players", "random,random", "--games", "4", *argv, "-q"])
    assert code == 2 and words in capsys.readouterr().err
    assert main(["value", "toy-nim", "--players", "random,random", "--item", "high-card", "--games", "2",
                 "--json", str(keep), "-q"]) == 2
    assert keep.read_text() == "{}", "an existing file was overwritten without --force"


def test_items_are_named_in_any_case_and_holm_adjusted(tmp_path: Path) -> None:
    from civtable.sim import htmlreport

    got = value("toy-nim", {}, ["random", "random"], ["HIGH-CARD", "high card"], 30, seed=4)
    assert [r["item"] for r in got["items"]] == ["high-card"]  # one item, as the game spells it
    assert got["family"] == 1 and got["adjustment"] == "holm"
    row = got["items"][0]
    assert row["value"]["method"] == "clustered" and row["value"]["games"] == 30
    for d in row["by_seat"]:
        assert d["method"] == "newcombe" and d["base_games"] == 30 and d["base_ci95"][0] <= d["base_win_rate"]
    removed = value("toy-nim", {}, ["greedy", "random"], ["high-card"], 20, seed=1, remove=True)
    assert removed["family"] == 3  # two seats and the length
    out = tmp_path / "removed.html"
    htmlreport.write(removed, out)
    assert "high-card: turns" in out.read_text()

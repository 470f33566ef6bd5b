"""Reports: the figures exist and carry the summary's numbers; the HTML embeds them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core.registry import register_game
from civtable.sim import plots
from civtable.sim.batch import simulate
from civtable.sim.compare import compare
from civtable.sim.stats import summarise

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


@pytest.fixture(scope="module")
def summary() -> dict:
    return summarise(simulate("toy-nim", {}, ["greedy", "random"], 80, seed=3))


def test_win_rates_are_drawn_with_their_intervals(summary: dict) -> None:
    fig = plots.win_rates(summary)
    assert fig is not None
    ax = fig.axes[0]
    heights = [round(p.get_height(), 6) for p in ax.patches]
    assert heights == [round(100 * r["win_rate"], 6) for r in summary["per_player"]]
    bars = next(c for c in ax.containers if type(c).__name__ == "ErrorbarContainer")
    caps = bars.lines[2][0].get_segments()  # the interval of each bar
    for (lo, hi), row in zip(((seg[0][1], seg[1][1]) for seg in caps), summary["per_player"], strict=True):
        assert lo == pytest.approx(100 * row["ci95"][0]) and hi == pytest.approx(100 * row["ci95"][1])


def test_the_length_histogram_counts_every_game(summary: dict) -> None:
    fig = plots.game_lengths(summary)
    assert fig is not None
    bars = {round(p.get_x() + p.get_width() / 2): p.get_height() for p in fig.axes[0].patches}
    assert bars == {int(k): v for k, v in summary["lengths"].items()}
    assert sum(bars.values()) == summary["games"]


def test_comparison_differences_are_drawn() -> None:
    cmp = compare("toy-nim", {}, [{"max-take": 1}, {"max-take": 5}], ["greedy", "greedy"], 40, seed=4)
    (fig,) = plots.differences(cmp)
    widths = [p.get_width() for p in fig.axes[0].patches]
    expected = [(100 if r["rate"] else 1) * r["differences"][0]["diff"] for r in cmp["figures"]
                if r["differences"][0]["diff"] is not None]
    assert widths == pytest.approx(expected)


def test_cli_report_writes_one_html_with_the_figures(tmp_path: Path, summary: dict,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    result = tmp_path / "sim.json"
    result.write_text(json.dumps(summary))
    out = tmp_path / "report.html"
    assert main(["report", str(result), "--out", str(out), "--png", str(tmp_path / "png")]) == 0
    html = out.read_text()
    # the toy game keeps a score and reports who held its high card
    assert html.count("data:image/png;base64,") == 4 and "seat 0" in html and "Items held at the end" in html
    assert sorted(p.name for p in (tmp_path / "png").iterdir()) == ["game-length.png", "items.png", "scores.png",
                                                                    "win-rates.png"]
    assert main(["report", str(result), "--out", str(out)]) == 2  # not overwritten
    assert "already exists" in capsys.readouterr().err
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    assert main(["report", str(other), "--out", str(tmp_path / "x.html")]) == 2
    assert "not a result of" in capsys.readouterr().err

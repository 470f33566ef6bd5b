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


# ------------------------------------------------------------- the fuller report (issue 29, item 6)


def fake_items(n: int) -> dict:
    return {f"advance{k:02d}": {"held": 40 + k, "held_share": 0.5, "win_rate": k / 100, "ci95": [0.0, 0.9],
                                "others": 40, "win_rate_without": 0.2, "ci95_without": [0.1, 0.3], "hidden": False,
                                "everyone": False} for k in range(n)}


def test_the_report_has_every_item_sorted_and_scrollable(tmp_path: Path, summary: dict) -> None:
    from civtable.sim import htmlreport

    many = {**summary, "items": fake_items(51)}
    many["items"]["tiny"] = {"held": 3, "held_share": 0.01, "win_rate": None, "ci95": None, "others": 200,
                             "win_rate_without": 0.2, "ci95_without": [0.1, 0.3], "hidden": True, "everyone": False}
    out = tmp_path / "r.html"
    htmlreport.write(many, out)
    html = out.read_text()
    positions = [html.index(f"advance{k:02d}</td>") for k in range(51)]
    assert positions == sorted(positions, reverse=True)  # every item, the best holders' rate first
    assert "n=3, hidden" in html and 'class="scroll"' in html
    fig = plots.items(many)
    assert fig is not None and len(fig.axes[0].get_yticklabels()) == 52  # no cut at 20


def test_the_report_has_the_game_figures_first_player_bands_and_n(tmp_path: Path) -> None:
    from civtable.sim import htmlreport

    data = summarise(simulate("toy-nim", {}, ["greedy", "random"], 40, seed=5, max_steps=6))
    assert data["unfinished"] and data["finished"] + data["unfinished"] == 40
    out = tmp_path / "r.html"
    htmlreport.write(data, out)
    html = out.read_text()
    for words in ("Game figures", "first player won", "length (turns)", "winning margin", "unfinished (step limit)",
                  f"Over the {data['finished']} finished games"):
        assert words in html, words
    fig = plots.score_curves(data)
    assert fig is not None
    ax = fig.axes[0]
    assert ax.collections, "no band around the mean curves"
    twin = fig.axes[1]  # the number of games behind each turn
    assert list(twin.lines[0].get_ydata()) == data["scores"]["games"]
    assert min(data["scores"]["games"]) >= data["scores"]["minimum"]


def test_a_bots_curve_is_drawn_when_it_holds_several_seats() -> None:
    data = summarise(simulate("civ-card-game", {}, ["greedy", "greedy", "random"], 12, seed=1))
    by_bot = data["scores"]["by_bot"]
    assert set(by_bot) == {"greedy", "random"}
    fig = plots.bot_curves(data)
    assert fig is not None and [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == ["greedy", "random"]
    assert data["per_bot"]["greedy"]["method"] == "clustered" and data["per_bot"]["greedy"]["ci95"] is not None


def test_the_value_report_names_the_seat_and_its_base_rate(tmp_path: Path) -> None:
    from civtable.sim import htmlreport
    from civtable.sim.value import value

    data = value("toy-nim", {}, ["random", "random"], ["high-card"], 30, seed=2)
    out = tmp_path / "v.html"
    htmlreport.write(data, out)
    html = out.read_text()
    assert "The seats that received each item" in html and "base rate (95% CI)" in html
    for d in data["items"][0]["by_seat"]:
        assert f"seat {d['seat']}" in html and d["base_win_rate"] is not None


def test_the_warning_lines() -> None:
    """Few games, few differing games, the family of comparisons, unfinished games, a
    mirror match and hidden groups each get their line."""
    from civtable.sim import notes

    rows = [("alpha", {"diff": 0.1, "n": 12, "pairs": 3, "method": "newcombe"}),
            ("beta", {"diff": 0.1, "n": 60, "pairs": 5, "method": "clustered"}),
            ("gamma", {"diff": 0.1, "n": 60, "pairs": 30, "method": "newcombe"}),
            ("delta", {"diff": 1.0, "n": 60, "method": "t"})]
    lines = notes.paired(rows, 4)
    assert "Few games (fewer than 30) behind: alpha (n=12)" in lines[0]
    assert "beta (5/60)" in lines[1] and "gamma" not in lines[1] and "delta" not in lines[1]
    assert lines[2].startswith("4 comparisons at once: the p-values are Holm-adjusted")
    assert notes.paired(rows[2:3], 1) == ["* marks a difference whose 95% CI excludes 0."]
    data = summarise(simulate("toy-nim", {}, ["random", "random"], 20, seed=5, max_steps=6))
    text = " ".join(notes.simulation(data))
    assert f"{data['unfinished']} of 20 games were stopped by the step limit" in text
    assert "Few games: every rate and mean rests on" in text and "random holds every seat" in text

"""``civtable balance`` (issue 29, item 5): an Optuna search on paired seeds, its best
trials played again on fresh seeds, and the answer taken from those games only;
bad targets and budgets one sentence, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core.registry import register_game
from civtable.core.rng import derive_seed
from civtable.sim import plots
from civtable.sim.balance import CONFIRM, balance
from civtable.sim.batch import simulate

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


def test_the_answer_is_a_point_played_again_on_fresh_seeds() -> None:
    got = balance("toy-nim", {}, ["greedy", "greedy"], ["max-take=1..5"], "mean length 4-5 turns", trials=6,
                  games=20, seed=5, top=2)
    assert got["format"] == "civtable-balance" and len(got["trials"]) == 6
    assert got["confirm_seed"] == derive_seed(5, CONFIRM) != 5 and got["confirm_games"] == 40
    best = got["best"]
    assert best in got["confirmed"] and len(got["confirmed"]) <= 2
    tried = {h["label"] for h in got["trials"]}
    assert {c["label"] for c in got["confirmed"]} <= tried  # only points the search played
    # the answer's numbers are those of the fresh games: played again here by hand
    fresh = simulate("toy-nim", {"max-take": best["point"]["max-take"]}, ["greedy", "greedy"], 40,
                     derive_seed(5, CONFIRM))
    turns = [r.turns for r in fresh.results if r.finished]
    assert best["mean"] == pytest.approx(sum(turns) / len(turns), rel=1e-5) and best["n"] == len(turns)
    assert best["ci95"][0] <= best["mean"] <= best["ci95"][1]
    ranked = sorted(got["trials"], key=lambda h: (h["objective"], h["trial"]))
    assert got["confirmed"][0]["label"] == ranked[0]["label"]
    again = balance("toy-nim", {}, ["greedy", "greedy"], ["max-take=1..5"], "mean length 4-5 turns", trials=6,
                    games=20, seed=5, top=2)
    assert again["trials"] == got["trials"] and again["best"] == best  # a seeded search repeats itself
    assert plots.all_figures(got)[0][0] == "balance"


def test_equal_seats_and_an_item_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    got = balance("toy-nim", {}, ["greedy", "random"], ["opening=chance,bid"], "seat win rates equal", trials=2,
                  games=20, seed=1, top=1)
    best = got["best"]
    assert best["spread"] == pytest.approx(abs(best["seats"][0]["win_rate"] - best["seats"][1]["win_rate"]), abs=1e-6)
    out, html = tmp_path / "b.json", tmp_path / "b.html"
    code = main(["balance", "toy-nim", "--players", "random,random", "--vary", "max-take=1..3", "--target",
                 "value of HIGH-CARD within ±5 points", "--trials", "2", "--games", "10", "--top", "1", "--seed", "2",
                 "--json", str(out), "--report", str(html), "-q"])
    text, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out.read_text())
    assert data["target"]["item"] == "high-card" and data["target"]["width"] == 0.05
    assert "value" in data["best"] and "Best settings, as measured on the fresh games" in text
    assert "balance search" in html.read_text()


@pytest.mark.parametrize(("argv", "words"), [
    (["--vary", "max-take=1..3", "--target", "seat win rates equal", "--trials", "0"], "at least 1 trial"),
    (["--vary", "max-take=1..3", "--target", "fun for everybody"], "unknown target"),
    (["--vary", "max-take=1..3", "--target", "mean happiness 2-3"], "has no figure 'happiness'"),
    (["--vary", "max-take=1..3", "--target", "value of crown within 5 points"], "has no item 'crown'"),
    (["--vary", "max-take=3..1", "--target", "seat win rates equal"], "has no values"),
    (["--vary", "cards.x=1,2", "--target", "seat win rates equal"], "names no option or data field"),
    (["--target", "seat win rates equal"], "at least one --vary"),
])
def test_bad_searches_are_one_sentence_and_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         argv: list[str], words: str) -> None:
    code = main(["balance", "toy-nim", "--players", "greedy,random", "--games", "4", *argv, "--json",
                 str(tmp_path / "b.json"), "-q"])
    err = capsys.readouterr().err
    assert code == 2 and words in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []

"""civtable compare: variants on the same seeds, paired differences with intervals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core.errors import CivtableError
from civtable.core.registry import register_game
from civtable.sim.compare import Figure, compare, paired
from civtable.sim.runner import GameResult

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


def result(seed: int, winners: list[int], turns: int) -> GameResult:
    return GameResult(seed=seed, returns=[0.0, 0.0], winners=winners, turns=turns, steps=turns, first_player=0)


def test_paired_differences_by_hand() -> None:
    a = [result(1, [0], 10), result(2, [1], 12), result(3, [0], 8), result(4, [1], 10)]
    b = [result(4, [1], 13), result(2, [0], 14), result(3, [0], 9), result(1, [0], 12)]  # paired by seed
    turns = paired(a, b, Figure("turns", lambda r: float(r.turns)))
    assert turns["diff"] == 2.0 and turns["n"] == 4  # (2 + 2 + 1 + 3) / 4
    # sd of (2, 2, 1, 3) is sqrt(2/3); half-width t(3) 3.182446 * 0.8165 / 2 = 1.2992
    assert turns["ci95"] == pytest.approx([0.7008, 3.2992], abs=1e-3) and turns["significant"]
    assert turns["method"] == "t" and turns["p"] == pytest.approx(0.0163, abs=1e-4)  # t = 4.899, 3 df
    seat0 = paired(a, b, Figure("seat 0 wins", lambda r: float(0 in r.winners), True, True))
    # the pairs (first, second): (1, 1) seed 1, (0, 1) seed 2, (1, 1) seed 3, (0, 0) seed 4: one differs
    assert seat0["diff"] == 0.25 and seat0["pairs"] == 1 and seat0["method"] == "newcombe"
    assert not seat0["significant"] and seat0["p"] == 1.0  # McNemar: one differing game of four


def test_every_difference_of_a_comparison_is_holm_adjusted() -> None:
    out = compare("toy-nim", {}, [{"max-take": 1}, {"max-take": 5}, {"max-take": 3}], ["greedy", "greedy"], 40,
                  seed=4)
    diffs = [d for row in out["figures"] for d in row["differences"]]
    assert out["family"] == sum(1 for d in diffs if d["p"] is not None) > 2 and out["adjustment"] == "holm"
    for d in diffs:
        if d["p"] is not None:
            assert d["p_holm"] >= d["p"] and d["significant"] == (d["p_holm"] < 0.05)
    for row in out["figures"]:  # each variant's own value with its interval and n
        for value, ci, n in zip(row["values"], row["values_ci95"], row["values_n"], strict=True):
            assert n > 0 and (ci is None or ci[0] <= value <= ci[1])


def test_the_same_seeds_in_every_variant() -> None:
    out = compare("toy-nim", {}, [{"max-take": 3}, {"max-take": 3}], ["greedy", "random"], 30, seed=4)
    for row in out["figures"]:  # a variant against itself: every difference is exactly 0
        d = row["differences"][0]
        assert d["diff"] == 0 and not d["significant"], row
    real = compare("toy-nim", {}, [{"max-take": 1}, {"max-take": 5}], ["greedy", "greedy"], 60, seed=4)
    turns = next(r for r in real["figures"] if r["figure"] == "turns")
    assert turns["values"][1] < turns["values"][0] and turns["differences"][0]["significant"]


def test_cli_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cmp.json"
    code = main(["compare", "toy-nim", "--players", "greedy,random", "--games", "40", "--seed", "2",
                 "--variant", "default", "--variant", "max-take=5", "--json", str(out), "-q"])
    text = capsys.readouterr().out
    assert code == 0 and "max-take=5 against default" in text and "95% CI" in text and "Holm" in text
    data = json.loads(out.read_text())
    assert data["labels"] == ["default", "max-take=5"] and data["games"] == 40
    for argv, words in [(["--variant", "default"], "at least two --variant"),
                        (["--variant", "default", "--variant", "colour=red"], "no rule variant 'colour'"),
                        (["--variant", "default", "--variant", "max-take=9"], "at most 5")]:
        code = main(["compare", "toy-nim", "--players", "greedy,random", "--games", "4", *argv])
        assert code == 2 and words in capsys.readouterr().err
    with pytest.raises(CivtableError):
        compare("toy-nim", {}, [{}], ["random", "random"], 2, seed=1)

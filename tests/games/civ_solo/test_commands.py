"""civ-solo's own commands (``CivSolo.commands()``): ``civtable solo odds`` and
``civtable solo battle``, their output and their refusals of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ._solo_helpers import cli


def test_cli_solo_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "solo", "odds")
    assert code == 0, err
    for text in ("33.33%", "48.15%", "49.25%", "48.30%", "7.5845", "1.1836", "71.78%", "22.22% (8/36)",
                 "Battle 6", "default readings"):
        assert text in out, text
    assert "not played" not in out


def test_cli_solo_odds_compare_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odds.json"
    code, out, err = cli(capsys, "solo", "odds", "--compare", "last-turn=A,B", "--json", str(path))
    assert code == 0, err
    assert "last-turn=A" in out and "last-turn=B" in out and "not played" in out and "7.1015" in out
    data = json.loads(path.read_text())
    assert data["compare"] == "last-turn" and data["variants"]["B"]["last_turn"] == 15
    code, out, _ = cli(capsys, "solo", "odds", "--compare", "one-and-two=A,B")
    assert code == 0 and "66.67% (24/36)" in out


def test_cli_solo_battle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "solo", "battle", "--units", "infantry:2,mounted:2,artillery:3", "--turn", "2",
                         "--bonus", "2", "--games", "200", "--seed", "1", "--fortified")
    assert code == 0, err
    for text in ("Win the capital battle", "Pass the military event", "military level 1", "card limit 3",
                 "opponent play first", "seed 1", "need 5", "exact"):
        assert text in out, text


BAD_INPUT = {  # the command line after 'civtable solo': the refusal's words
    "battle --units tank:2 --turn 3": "unknown unit type 'tank'",
    "battle --units infantry:5 --turn 3": "between 1 and 4, not 5",
    "battle --units infantry:-2 --turn 3": "not -2",
    "battle --units infantry:2 --turn 17": "--turn must be between 1 and 16",
    "battle --units infantry:2 --turn 3 --games 0": "--games must be at least 1",
    "battle --units infantry:2 --turn 3 --bonus -1": "--bonus must be 0 or more",
    "battle --units infantry:2 --turn 3 -o strongest-tie=C": "strongest-tie must be one of A, B",
    "battle --units infantry:2 --turn 3 -o loss-choice=B": "does not change the solo odds",
    "battle --units infantry:2 --turn x": "invalid int value",
    "odds --compare last-turn=A": "at least two different readings",
    "odds --compare last-turn": "NAME=V1,V2",
    "odds --compare colour=A,B": "does not change the solo odds",
    "odds --compare last-turn=A,B -o last-turn=B": "both compared and set",
    "odds -o last-turn": "NAME=VALUE",
}


@pytest.mark.parametrize("line", BAD_INPUT)
def test_cli_solo_bad_input(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "solo", *line.split())
    assert code == 2 and BAD_INPUT[line] in err

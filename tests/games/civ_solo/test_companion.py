"""Companion mode: `civtable play civ-solo` guides a person at the table.

Scripted sessions through the command line (stdin): the questions asked, a wrong
answer explained and asked again, the session closed and resumed at any answer
(even in the middle of a list of unit cards), and the record replaying to the
same position. Then wrong answers through the API: a clear message naming the
problem, and the session unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from civtable.core.errors import IllegalActionError
from civtable.core.records import read_record

from ._solo_helpers import answer, battle_at_play, cli, event, new


def test_session_asks_explains_saves_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "solo.jsonl"
    lines = ["start", "5", "die 1", "accept", "culture -3", "culture 99", "2", "quit"]
    code, out, err = cli(capsys, "play", "civ-solo", "--players", "human", "--seed", "3", "--option", "dice=table",
                         "--record", str(path), stdin="\n".join(lines) + "\n", monkeypatch=monkeypatch)
    assert code == 0, err
    assert "Set-up (SOLO-1)" in out and "Type 'start' to begin turn 1." in out
    assert "Dice for the historical event (SOLO-3.2): roll 1 die" in out
    assert "  5. the die shows 5" in out and "  7. miss: none of the other dice shows 5 or 6" in out
    assert "How many culture tokens do you hold?" in out
    assert "  1. type the number, 0 to 60  (61 choices)" in out  # a bare number answers the question
    assert "'culture -3' cannot be true: a count cannot be negative." in out
    assert "'culture 99' is more than this question allows (60 at most)" in out
    assert "You lose three culture tokens: you hold 2, so you pay 2 (SOLO-4.1.2)." in out
    assert "You take 1 wound marker for the tokens you cannot pay (SOLO-4.1.4): your culture tokens debt is 1." in out
    assert "Game saved in" in out
    record = read_record(path)
    assert [m for _, m in record.moves] == ["start", "die 5", "die 1", "accept", "culture 2"]

    # resume: the debt is still there, the trade question waits; a list of unit cards is
    # started and the session closed in the middle of it
    more = ["trade skip", "next", "next", "gained culture 4", "die 5", "die 3", "accept",
            "unit tank 1 1", "unit infantry 5 3", "unit infantry 2 9", "unit infantry 2 3", "quit"]
    code, out, err = cli(capsys, "play", "--resume", str(path), stdin="\n".join(more) + "\n", monkeypatch=monkeypatch)
    assert code == 0, err
    assert f"Resuming {path} after 5 actions" in out
    assert "Wound-marker debt: 1 (culture tokens)" in out
    assert "1 wound marker paid off and discarded (SOLO-4.1.5), you keep 3; debt left: 0." in out
    assert "there is no unit type 'tank'; the types are infantry, mounted (cavalry), artillery and aircraft" in out
    assert "rank 5 does not exist; unit ranks go from 1 to 4" in out
    assert "a rank-II infantry card has strength 2, 3 or 4, not 9" in out
    assert read_record(path).moves[-1] == (0, "unit infantry 2 3")

    code, out, err = cli(capsys, "play", "--resume", str(path), stdin="unit mounted 2 2\ndone\nquit\n",
                         monkeypatch=monkeypatch)
    assert code == 0, err
    assert "Entered so far: infantry (rank II, strength 3)" in out
    assert "the companion picks your" in out  # the random unit card lost
    state = read_record(path).replay()
    assert state.turn_no == 2 and state.units is not None and len(state.units) == 1


def test_a_whole_battle_in_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """The opponent's side is run card by card and told in words."""
    path = tmp_path / "battle.jsonl"
    lines = ["start", "die 6", "die 6", "accept", "trade skip", "next", "next",
             "miss", "trade skip", "next", "fortified maybe", "no", "unit aircraft 7", "unit aircraft 6",
             "unit aircraft 5", "done", "bonus 0"]
    lines += ["play aircraft 7 new", "play aircraft 6 new", "play aircraft 5 new"] * 2 + ["quit"]
    code, out, err = cli(capsys, "play", "civ-solo", "--seed", "8", "--option", "dice=table", "--record", str(path),
                         stdin="\n".join(lines) + "\n", monkeypatch=monkeypatch)
    assert code == 0, err
    assert "place a wound marker on space 2 of the culture track as a reminder (SOLO-4.4.2)" in out
    assert "Is your capital fortified?" in out
    assert "'fortified maybe' is not an answer now. Now: is your capital fortified?" in out
    assert "Draw your battle hand" in out
    assert "The opponent takes 2 infantry, 2 mounted, 2 artillery and 0 aircraft (rank I)" in out
    assert "You play your aircraft (strength 7) on a new front, front 1." in out
    assert "The opponent plays a rank-I" in out
    assert "Battle over:" in out and "you win" in out
    state = read_record(path).replay()
    assert state.stats["battles_won"] == 1


def test_engine_dice_session_asks_no_dice(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """With the engine's dice (the default) a session only asks about the player's own things."""
    import civtable

    game = civtable.load_game("civ-solo")
    seed = next(k for k in range(100) if answer(game.new_state(seed=k), "start").ask == "trade")
    code, out, err = cli(capsys, "play", "civ-solo", "--seed", str(seed), stdin="start\ntrade skip\nnext\nnext\nquit\n",
                         monkeypatch=monkeypatch)
    assert code == 0, err
    assert "Event dice (1 die, SOLO-3.2)" in out and "Dice for" not in out
    assert "Turn 2 of 16 begins." in out and "not saved" in out


# ------------------------------------------------------------ wrong answers through the API
def refused(s: Any, text: str, *words: str) -> str:
    before = s.to_json()
    with pytest.raises(IllegalActionError) as e:
        s.apply(0, text)
    assert s.to_json() == before
    for w in words:
        assert w in str(e.value), str(e.value)
    return str(e.value)


def count_question() -> Any:
    return answer(event(new(), 1), "accept")


def unit_list(*entered: str) -> Any:
    return answer(event(new(), 5), "accept", *entered)


def paying(*given: str) -> Any:
    return answer(new(), "miss", "trade roll", "die 5", "die 5", "die 1", "buy resource", *given)


POSITIONS: dict[str, Callable[[], Any]] = {
    "count": count_question,
    "units": unit_list,
    "units at rank II": lambda: unit_list("unit infantry 2 3"),
    "units, a full deck": lambda: unit_list(*["unit infantry 2 3"] + ["unit infantry 2 2"] * 3),
    "paying": paying,
    "paying, 3 given": lambda: paying("give trade-point 3"),
    "battle": lambda: battle_at_play(["unit infantry 1 2"], False),
}
WRONG = {  # "where | what is typed": "what the reason says | ..."
    "count | culture -3": "cannot be true | negative",
    "count | culture lots": "whole number",
    "count | resources 2": ("not an answer now | 'resources N' is asked when a rule needs it | "
                            "how many culture tokens do you hold? 'culture N'"),
    "units | unit tank 2 3": "no unit type 'tank'",
    "units | unit cavalry 2 3": "called 'mounted'",
    "units | unit infantry 5 6": "rank 5 does not exist",
    "units | unit infantry 0 1": "rank 0 does not exist",
    "units | unit infantry 1 6": "rank-I infantry card has strength 1, 2 or 3, not 6",
    "units | unit aircraft 2 6": "aircraft have no rank",
    "units | unit aircraft 9": "strength 5, 6 or 7",
    "units at rank II | unit infantry 3 4": "entered your infantry at rank 2",
    "units, a full deck | unit infantry 2 2": "only 3 cards",
    "paying | pay": "given nothing yet | not free",
    "paying, 3 given | pay": "worth 3 | worth 8 when bought | give 5 more",
    "paying, 3 given | give trade-point 6": "more than needed",
    "paying | give culture-event-card 1": "cannot be sold",
    "paying | give resource 1": "same item",
    "paying | give castle 1": "no item 'castle'",
    "paying | give culture-token 0": "at least one",
    "battle | play mounted 2 new": "no mounted of strength 2 in your battle hand",
    "battle | play infantry 2 front 3": "front 3 has no lone enemy unit",
    "battle | next": "only between the steps of a turn",
}


@pytest.mark.parametrize("case", WRONG)
def test_answers_that_cannot_be_true_are_explained(case: str) -> None:
    where, text = case.split(" | ")
    refused(POSITIONS[where](), text, *WRONG[case].split(" | "))


def test_a_payment_that_covers_the_price_closes_the_acquisition() -> None:
    s = answer(paying("give trade-point 3"), "give culture-token 5", "pay")
    assert s.ask == "buy" and s.work["left"] == 1

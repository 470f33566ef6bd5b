"""The rules oracle of the bot protocol (civtable/agents/oracle.py): samples under handles, the
legal actions of a held position, the position after an action, and one-sentence refusals."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.agents import PlayerView
from civtable.agents.oracle import MAX_SAMPLES, Oracle
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.core.state import State

from .schemas import check_message


def position(game_id: str = "catan-deckbuilding", steps: int = 9, seed: int = 4, **options: Any) -> State:
    game = load_game(game_id, **options)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
    return state


def opened(state: State, act: int = 3, **kw: Any) -> Oracle:
    seat = state.to_move()[0]
    oracle = Oracle(state.game, seat, **kw)
    oracle.open(PlayerView(state, seat), act)
    return oracle


def ask(oracle: Oracle, kind: str, **fields: Any) -> dict[str, Any]:
    """The answer to a request (checked against its schema, and the request too when it is
    answered: a request the oracle accepts is one the schema allows)."""
    request = {"type": kind, "id": oracle.act_id, **fields}
    answer = oracle.answer(request)
    check_message(answer, "to-bot")
    if answer["type"] != "error":
        check_message(request, "from-bot")
    return answer


def refused(answer: dict[str, Any]) -> str:
    assert answer["type"] == "error", answer
    assert answer["kind"] == "request" and answer["policy"] == "continue"
    text = answer["message"]
    assert text.strip() and "\n" not in text and len(text) < 400
    return text


@pytest.mark.parametrize("count", [65, 0, -1, "3", True, 2.5, None])
def test_a_count_that_is_not_a_positive_integer_up_to_the_maximum_is_refused(count: Any) -> None:
    oracle = opened(position())
    answer = oracle.answer({"type": "determinize", "id": 3, "count": count})
    assert refused(answer) == f"count must be an integer from 1 to {MAX_SAMPLES}, not {count!r}"
    assert oracle.held == {}, "a refused request holds nothing"


def test_samples_are_held_under_handles_and_are_the_views_samples() -> None:
    state = position()
    seat = state.to_move()[0]
    oracle = opened(state)
    answer = ask(oracle, "determinize", count=MAX_SAMPLES, seed=11)
    assert answer["type"] == "samples" and len(answer["handles"]) == MAX_SAMPLES == len(set(answer["handles"]))
    rng = Rng(11)
    want = [state.determinize(seat, rng).to_json() for _ in range(MAX_SAMPLES)]
    assert answer["states"] == want
    plain = ask(oracle, "determinize", seed=11, states=False)
    assert "states" not in plain and len(plain["handles"]) == 1
    assert refused(ask(oracle, "determinize", seed=-1)) == "seed must be an integer from 0 to 2**64-1, not -1"


def test_legal_and_apply_on_a_sample_follow_the_rules_and_never_touch_the_game() -> None:
    state = position()
    before = state.to_json()
    seat = state.to_move()[0]
    oracle = opened(state)
    h = ask(oracle, "determinize", seed=5, states=False)["handles"][0]
    sample = state.determinize(seat, Rng(5))
    moves = ask(oracle, "legal", handle=h)
    assert moves["to_move"] == list(sample.to_move()) and moves["player"] == seat
    assert moves["legal"] == [{"text": a.text, "index": i} for i, a in enumerate(sample.legal_actions(seat))]
    last = moves["legal"][-1]
    applied = ask(oracle, "apply", handle=h, index=last["index"], states=True, evaluate=True)
    sample.apply(seat, last["text"])
    assert applied["handle"] != h and applied["state"] == sample.to_json()
    assert applied["to_move"] == list(sample.to_move()) and applied["terminal"] == sample.is_terminal()
    assert applied["values"] == [sample.evaluate(p) for p in range(state.num_players)]
    again = ask(oracle, "legal", handle=h)
    assert again == moves, "apply without replace leaves the held position as it was"
    by_text = ask(oracle, "apply", handle=h, action=last["text"].upper(), replace=True)
    assert by_text["handle"] == h and ask(oracle, "legal", handle=h)["legal"] == applied["legal"]
    assert state.to_json() == before, "the real game was touched"


def test_an_illegal_action_on_a_sample_is_refused_with_the_engines_reason() -> None:
    state = position()
    seat = state.to_move()[0]
    oracle = opened(state)
    h = ask(oracle, "determinize", seed=2)["handles"][0]
    sample = state.determinize(seat, Rng(2))
    reason = refused(ask(oracle, "apply", handle=h, action="buy city city"))
    assert reason == sample.explain(seat, "buy city city")
    n = len(sample.legal_actions(seat))
    assert refused(ask(oracle, "apply", handle=h, index=n)) == \
        f"index {n} is not one of the {n} legal actions (0 to {n - 1})"
    other = 1 - seat
    assert refused(ask(oracle, "apply", handle=h, player=other, index=0)).startswith(
        f"player {other} has nothing to decide in that position")
    assert refused(oracle.answer({"type": "apply", "id": 3, "handle": h, "index": 0, "action": "end"})) == \
        "name one action: an 'index' into its legal actions or its text as 'action'"
    assert ask(oracle, "legal", handle=h)["legal"] == [
        {"text": a.text, "index": i} for i, a in enumerate(sample.legal_actions(seat))], "a refusal changed the sample"


def test_unknown_and_stale_handles_are_refused() -> None:
    state = position()
    oracle = opened(state)
    h = ask(oracle, "determinize")["handles"][0]
    assert refused(ask(oracle, "legal", handle="h999")).startswith("there is no position 'h999'")
    oracle.close()
    oracle.open(PlayerView(state, state.to_move()[0]), 4)
    assert refused(ask(oracle, "legal", handle=h)).startswith(f"there is no position {h!r}"), \
        "a handle of an earlier decision is gone"
    assert refused(oracle.answer({"type": "legal", "id": 3, "handle": h})) == \
        "the request names act 3, but act 4 is open"
    assert refused(oracle.answer({"type": "legal", "id": 4})) == "name one position: a 'handle' or a 'state' (its JSON)"
    assert refused(oracle.answer({"type": "drop", "id": 4, "handles": [h]})).startswith("there is no position")


def test_what_a_bot_may_hold_is_bounded_and_drop_frees_it() -> None:
    oracle = opened(position(), max_handles=4)
    handles = ask(oracle, "determinize", count=3, states=False)["handles"]
    assert refused(ask(oracle, "determinize", count=2)) == \
        "the bot would hold 5 positions, more than the 4 allowed in one decision; drop some first"
    ask(oracle, "apply", handle=handles[0], index=0)
    assert refused(ask(oracle, "apply", handle=handles[0], index=0)).startswith("the bot would hold 5 positions")
    assert ask(oracle, "apply", handle=handles[0], index=0, replace=True)["handle"] == handles[0], \
        "replace holds nothing more"
    assert ask(oracle, "drop", handles=handles[:2]) == {"type": "dropped", "id": 3, "held": 2}
    assert len(ask(oracle, "determinize", count=2)["handles"]) == 2


def test_a_position_built_as_json_is_read_played_and_checked() -> None:
    state = position()
    oracle = opened(state)
    built = position(steps=3, seed=9)
    p = built.to_move()[0]
    moves = ask(oracle, "legal", state=built.to_json())
    assert "handle" not in moves and moves["legal"][0]["text"] == built.legal_actions(p)[0].text
    applied = ask(oracle, "apply", state=built.to_json(), index=0)
    built.apply(p, built.legal_actions(p)[0])
    assert applied["state"] == built.to_json(), "a position sent as JSON is answered as JSON"
    broken = built.to_json()
    broken["turn"] = "soon"
    assert refused(ask(oracle, "legal", state=broken)).startswith("the position cannot be read: ")
    assert refused(ask(oracle, "legal", state=[1, 2])).startswith("'state' must be a position as a JSON object")
    assert refused(ask(oracle, "apply", state=built.to_json(), index=0, replace=True)) == \
        "'replace' needs a 'handle', not a position sent as 'state'"


def test_a_finished_position_has_no_action() -> None:
    state = position()
    oracle = opened(state)
    end = position(steps=0)
    game = end.game
    rng = Rng(1)
    while not end.is_terminal():
        p = end.to_move()[0]
        legal = end.legal_actions(p)
        end.apply(p, legal[rng.below(len(legal))])
    assert game.state_from_json(end.to_json()).is_terminal()
    moves = ask(oracle, "legal", state=end.to_json())
    assert moves["terminal"] and moves["player"] is None and moves["legal"] == [] and moves["to_move"] == []
    assert refused(ask(oracle, "apply", state=end.to_json(), index=0)) == \
        "the game is over in that position: no action is legal"


def test_no_request_is_answered_outside_a_decision() -> None:
    state = position()
    oracle = Oracle(state.game, 0)
    assert refused(oracle.answer({"type": "legal", "id": 1, "handle": "h1"})) == \
        "a 'legal' request needs an open 'act' request"

"""The page and the terminal as the controls (issue 26): the answers a person confirms
first (``Game.action_warning``, by rule: SOLO-2.1, SOLO-2.3, SOLO-4.3.2, SOLO-4.4.6,
SOLO-5.3), no confirmation for an ordinary answer, and what a spectator's page
highlights after the player's answer (``Game.move_mark``): drawn before the answer and
still there after it, on the thing the answer changed."""

from __future__ import annotations

from itertools import islice
from typing import Any

from civtable.games.civ_solo.state import SoloState
from civtable.testing.leaks import typed

from ._solo_helpers import (
    answer,
    battle_at_play,
    bot_game,
    event,
    game,
    new,
    schedule_battle,
    to_turn,
    with_deck,
)

WARNED = frozenset({"won", "next", "done", "pay"})


def warning(s: SoloState, text: str) -> str | None:
    action = next(a for a in s.legal_actions(0) if a.text == text)
    found = s.game.action_warning(action, s.observation(0))
    return None if found is None else str(found)


def mark(s: SoloState, text: str) -> str | None:
    action = next(a for a in s.legal_actions(0) if a.text == text)
    return s.game.move_mark(action, 0, s.observation(None))


def spectator_targets(s: SoloState) -> str:
    return s.game.html(s.observation(None), None)


# ------------------------------------------------------------ confirmations
def test_solo_2_1_claiming_a_victory_is_confirmed_and_rolling_the_trade_dice_is_not() -> None:
    s = answer(new(), "miss")
    assert s.ask == "trade"
    said = warning(s, "won")
    assert said is not None and "ends the game as your victory" in said and "SOLO-2.1" in said
    assert warning(s, "trade roll") is None and warning(s, "trade skip") is None and warning(s, "use card") is None


def test_solo_2_3_next_after_the_last_research_phase_is_confirmed_not_before() -> None:
    s = answer(new(), "miss", "trade skip", "next")
    assert s.ask == "phase:end" and warning(s, "next") is None  # turn 1: the game goes on
    last = answer(to_turn(new(), 16), "miss", "trade skip")
    assert last.ask == "phase:move" and warning(last, "next") is None  # the movement phase ends; the turn goes on
    answer(last, "next")
    said = warning(last, "next")
    assert last.ask == "phase:end" and said is not None and "you lose the game (SOLO-2.3)" in said
    last.apply(0, "next")
    assert last.is_terminal() and last.outcome == "time"  # what the warning said happens


def test_solo_4_3_2_an_empty_list_of_unit_cards_is_confirmed_a_list_with_a_card_is_not() -> None:
    s = answer(event(new(), 5), "accept")
    assert s.ask == "units"
    said = warning(s, "done")
    assert said is not None and "no unit cards" in said
    s.apply(0, "unit infantry 1 2")
    assert warning(s, "done") is None and warning(s, "undo") is None


def test_solo_4_4_6_an_empty_battle_hand_is_confirmed() -> None:
    s = schedule_battle(new())
    answer(s, "trade skip", "next", "next", "miss", "trade skip", "next", "fortified no")
    assert s.ask == "hand"
    said = warning(s, "done")
    assert said is not None and "without a card" in said
    s.apply(0, "unit mounted 1 3")
    assert warning(s, "done") is None


def test_solo_5_3_paying_more_than_the_price_is_confirmed_an_exact_payment_is_not() -> None:
    s = answer(new(), "miss", "trade roll", "die 5", "die 6", "die 1", "buy resource")
    assert s.ask == "give"
    over = answer(s.clone(), "give hut-token 2")  # 12 for a resource of buy value 8
    said = warning(over, "pay")
    assert said is not None and "worth 12" in said and "the 4 over its price is not given back" in said
    exact = answer(s.clone(), "give trade-point 8")
    assert warning(exact, "pay") is None
    literal = answer(new(**{"trade-value-direction": "B"}), "miss", "trade roll", "die 5", "die 6", "die 1",
                     "buy resource", "give hut-token 1")
    assert warning(literal, "pay") is None  # reading B: what is given is at most the price


def test_ordinary_answers_are_never_confirmed_in_whole_sessions() -> None:
    g = game()
    warned: set[str] = set()
    for seed, bot in enumerate(("model", "random", "model:units=0&hand=0&win=0")):
        for s in islice(bot_game(g, bot, seed), 300):
            if s.is_terminal():
                continue
            obs = s.observation(0)
            for a in s.legal_actions(0):
                if g.action_warning(a, obs) is not None:
                    warned.add(a.kind)
    assert "won" in warned and warned <= WARNED


def test_the_terminal_asks_before_a_victory_claim_and_a_no_plays_nothing() -> None:
    s = answer(new(), "miss")
    chosen, text = typed(s, 0, "won\nno\ntrade skip\n")
    assert chosen.text == "trade skip"
    assert "Careful: This ends the game as your victory" in text


# ------------------------------------------------------------ the spectator's highlights
def drawn_before_and_after(s: SoloState, text: str) -> tuple[str, SoloState]:
    target = mark(s, text)
    assert target is not None, text
    assert f'data-target="{target}"' in spectator_targets(s), (text, target)
    after = answer(s.clone(), text)
    assert f'data-target="{target}"' in spectator_targets(after), (text, target)
    return target, after


def test_the_die_just_entered_is_marked_on_the_tray_but_not_a_rolls_last() -> None:
    s = answer(new(), "miss", "trade roll")
    target, after = drawn_before_and_after(s, "die 5")
    assert target == "die:1" and after.observation(None)["roll"]["got"] == [5]
    target, after = drawn_before_and_after(after, "die 2")
    assert target == "die:2"
    assert mark(after, "die 6") is None  # the third and last die: the tray goes with the question


def test_the_unit_card_just_entered_is_marked_in_the_list() -> None:
    s = answer(event(new(), 5), "accept")
    target, after = drawn_before_and_after(s, "unit infantry 1 2")
    assert target == "entered:1"
    target, after = drawn_before_and_after(after, "unit mounted 1 3")
    assert target == "entered:2" and mark(after, "done") is None and mark(after, "undo") is None


def test_the_front_where_a_card_fought_or_a_unit_fell_is_marked() -> None:
    s = battle_at_play(["unit artillery 1 2", "unit mounted 1 2"], False, **{"strongest-tie": "A"})
    s = with_deck(s, [("artillery", 1), ("infantry", 3), ("infantry", 1)])
    answer(s, "play artillery 2 new", "play mounted 2 new")
    assert s.ask == "tie"
    assert mark(s, "lose front 3") == "front:3" and 'data-target="front:3"' in spectator_targets(s)
    fight = battle_at_play(["unit infantry 1 2", "unit mounted 1 3", "unit artillery 1 2"], True)
    attacks = [a.text for a in fight.legal_actions(0) if " front " in a.text]
    assert attacks
    target, after = drawn_before_and_after(fight, attacks[0])
    assert target == f"front:{attacks[0].split()[-1]}" and after.battle is not None
    news = [a.text for a in fight.legal_actions(0) if a.text.endswith(" new")]
    assert mark(fight, news[0]) is None  # the new front is not drawn before the card opens it


def test_the_item_taken_in_trade_is_marked_and_shown_while_it_is_paid() -> None:
    s = answer(new(), "miss", "trade roll", "die 5", "die 6", "die 1")
    target, after = drawn_before_and_after(s, "buy culture-event-card")
    assert target == "item:culture-event-card" and after.ask == "give"
    assert mark(s, "done") is None


def test_marks_are_drawn_for_every_answer_in_whole_sessions() -> None:
    g = game()
    for s in islice(bot_game(g, "random", 3), 300):
        if s.is_terminal():
            continue
        page = spectator_targets(s)
        for a in s.legal_actions(0):
            m: Any = g.move_mark(a, 0, s.observation(None))
            assert m is None or f'data-target="{m}"' in page, (a.text, m)


def test_a_word_answer_names_no_thing_and_a_thing_names_one() -> None:
    g = game()
    s = answer(new(), "miss", "trade roll", "die 5", "die 6", "die 1", "buy resource")
    obs = s.observation(0)
    targets = {a.text: g.action_target(a, obs) for a in s.legal_actions(0)}
    assert targets["cancel"] is None and targets["give trade-point 3"] == "give:trade-point 3"


# ------------------------------------------------------------ the side menu's order
def test_the_usual_answer_comes_first_and_the_costly_ones_last() -> None:
    """The side menu and the terminal list the answers in this order: the usual answer
    first; using a culture event card (cancel, destroy, use card, use ability) and
    claiming a victory after it."""
    costly = ("cancel", "destroy", "use card", "use ability", "won")
    positions = {
        "cancel": answer(event(new(), 1)),
        "destroy": answer(event(new(), 5), "accept", "unit infantry 1 1", "done", "limit 3", "bonus 0"),
        "trade": answer(new(), "miss"),
        "phase:move": answer(new(), "miss", "trade skip"),
        "phase:end": answer(new(), "miss", "trade skip", "next"),
    }
    for ask, s in positions.items():
        texts = [a.text for a in s.legal_actions(0)]
        assert s.ask == ask and texts[0] not in costly, (ask, texts)
        first_costly = min(i for i, t in enumerate(texts) if t in costly)
        assert all(t in costly for t in texts[first_costly:]), (ask, texts)

"""The rules of the solo automa around its events, SOLO-1, SOLO-2, SOLO-3 and SOLO-5
to SOLO-8, each named by a test (the events themselves: ``test_rules_events``).

Sessions use physical dice (``dice=table``): the test types every die, so each
event is reached directly.
"""

from __future__ import annotations

from typing import Any

import pytest

from civtable.core.errors import IllegalActionError
from civtable.games.civ_solo.catalog import load_tables
from civtable.games.civ_solo.rules.combat import Unit

from ._solo_helpers import (
    answer,
    battle_at_play,
    event,
    everything,
    finish_turn,
    game,
    new,
    news,
    quiet_turn,
    to_turn,
)

TABLES = load_tables()


# ------------------------------------------------------------ set-up
def test_solo_1_1_civilization_at_random() -> None:
    """SOLO-1.1: one civilization at random, the same for the same seed."""
    civs = {game().new_state(seed=i).civ for i in range(40)}
    assert civs <= set(TABLES.civilizations["base"]) and len(civs) > 2
    assert game().new_state(seed=7).civ == game().new_state(seed=7).civ
    wide = {game(**{"civ-set": "all"}).new_state(seed=i).civ for i in range(80)}
    assert wide - set(TABLES.civilizations["base"])


def test_solo_1_2_map_layout_words() -> None:
    """SOLO-1.2 (map-layout): A says the layout is missing as data; B the two-player layout."""
    assert "no layout data is shipped" in everything(game().new_state(seed=1))
    assert "two-player layout" in everything(game(**{"map-layout": "B"}).new_state(seed=1))


def test_solo_1_3_dice_from_the_engine_or_the_table() -> None:
    """SOLO-1.3: dice=engine rolls by itself; dice=table asks for each die."""
    s = game(dice="engine").new_state(seed=3)
    s.apply(0, "start")
    assert s.ask != "dice" and "Roll 1 die for a historical event" in everything(s)
    t = new()
    assert t.ask == "dice" and "die 5" in t.question()


def test_solo_1_4_and_1_5_markers_on_the_culture_track() -> None:
    """SOLO-1.4, SOLO-1.5: the culture level marker and the face-down turn counter."""
    text = everything(game().new_state(seed=1))
    assert "culture level marker at the start of the culture track (SOLO-1.4)" in text
    assert "face down before space 1 as the turn counter (SOLO-1.5)" in text


def test_solo_1_6_end_marker_and_track_start() -> None:
    """SOLO-1.6: a wound marker on space 16 (end-marker-piece B: a culture level marker);
    track-start B: the counter reaches space 16 in turn 15."""
    assert "Put a wound marker on space 16 (SOLO-1.6)" in everything(game().new_state(seed=1))
    b = game(**{"end-marker-piece": "B"}).new_state(seed=1)
    assert "second culture level marker on space 16" in everything(b)
    assert game().new_state(seed=1).final_turn == 16
    s = new(**{"track-start": "B"})
    assert s.final_turn == 15 and "space 2 of the culture track" in everything(s)


# ------------------------------------------------------------ winning and losing
def test_solo_2_1_reported_victory_wins() -> None:
    """SOLO-2.1: the base game's victories are reported by the player ('won')."""
    s = new()
    answer(s, "miss", "won")
    assert s.is_terminal() and s.winners() == [0] and s.returns() == [1.0]
    assert s.game_stats()["won"] == 1.0 and s.game_stats()["survived"] == 1.0


def test_solo_2_2_no_military_victory() -> None:
    """SOLO-2.2: winning a battle against the automa gives a resource, never the game."""
    s = battle_at_play(["unit aircraft 7"], fortified=False, bonus=20)
    while s.ask == "play":
        s.apply(0, s.legal_actions(0)[0].text)
    assert "you win" in everything(s)
    assert not s.is_terminal() and s.outcome is None and s.ask == "phase:end"


def test_solo_2_3_time_runs_out_after_turn_16() -> None:
    """SOLO-2.3 (last-turn A): turn 16 is played; without a victory the game is lost."""
    s = to_turn(new(), 16)
    answer(s, "miss", "trade skip", "next")
    assert s.ask == "phase:end" and "This is the last turn" in s.question()
    s.apply(0, "next")
    assert s.is_terminal() and s.outcome == "time" and s.winners() == [] and s.returns() == [-1.0]
    assert s.game_stats()["lost_time_share"] == 1.0 and s.game_stats()["loss_turn"] == 16


def test_solo_2_3_last_turn_b_ends_at_the_marker() -> None:
    """SOLO-2.3 (last-turn B): the game ends as the counter moves onto space 16."""
    s = to_turn(new(**{"last-turn": "B"}), 15)
    assert s.final_turn == 15
    answer(s, "miss", "trade skip", "next", "next")
    assert s.is_terminal() and s.outcome == "time" and s.turn_no == 16
    assert "reaches the end marker on space 16" in news(s)


# ------------------------------------------------------------ start of each turn
def test_solo_3_1_counter_advances_each_turn() -> None:
    """SOLO-3.1: at the start of each turn the counter moves one space."""
    s = new()
    assert "space 1 of the culture track (SOLO-3.1)" in everything(s)
    quiet_turn(s)
    assert s.turn_no == 2 and "space 2 of the culture track (SOLO-3.1)" in news(s)


def test_solo_3_2_pool_grows_by_one() -> None:
    """SOLO-3.2: 1 die in turn 1, then one more each turn."""
    s = new()
    for n in range(1, 5):
        assert s.roll is not None and s.roll["n"] == n
        answer(s, *(["die 1"] * n))
        finish_turn(s)


def test_solo_3_3_five_or_six_triggers() -> None:
    """SOLO-3.3: at least one 5 or 6 among the event dice triggers an event."""
    s = to_turn(new(), 3)
    answer(s, "die 4", "die 3", "die 2")
    assert s.event is None and "no event" in news(s)
    finish_turn(s)
    answer(s, "die 1", "die 6")  # the rest do not matter once a 6 shows
    assert s.roll is not None and s.roll["purpose"] == "kind"


def test_solo_3_4_event_roll_picks_the_column() -> None:
    """SOLO-3.4: one more die, read in the row of the turn: 1-2 loss, 3-4 culture,
    5 military, 6 battle."""
    kinds = {1: "loss", 2: "loss", 3: "culture event", 4: "culture event", 5: "military event", 6: "battle"}
    for face, word in kinds.items():
        s = event(new(), face)
        assert f"Event roll: {face} - {word}" in everything(s)
        assert "turns 1-3, column" in everything(s)


def test_solo_3_5_pool_resets_after_an_event() -> None:
    """SOLO-3.5: after an event, the next turn rolls 1 die again."""
    s = to_turn(new(), 3)
    event(s, 3)
    answer(s, "accept", "done")  # a random unit: no unit cards
    finish_turn(s)
    assert s.roll is not None and s.roll["n"] == 1


def test_solo_3_5_turn_start_order_b() -> None:
    """SOLO-3.5 (turn-start-order B): the base game's start of turn comes first."""
    s = game(**{"turn-start-order": "B"}).new_state(seed=1)
    s.apply(0, "start")
    assert s.ask == "phase:start" and "base game's start of turn" in s.question()
    s.apply(0, "next")
    assert s.ask == "dice" and "(SOLO-3.1)" in news(s)


# ------------------------------------------------------------ trade
def trade(s: Any, dice: tuple[int, int, int]) -> Any:
    s.apply(0, "miss")
    answer(s, "trade roll", *(f"die {d}" for d in dice))
    return s


def test_solo_5_1_and_5_2_trade_dice() -> None:
    """SOLO-5.1, SOLO-5.2: three dice; each 5 or 6 is one acquisition."""
    s = trade(new(), (5, 2, 6))
    assert "2 acquisitions" in news(s) and s.ask == "buy" and s.work["left"] == 2
    t = trade(new(), (1, 2, 3))
    assert "no acquisition" in news(t) and t.ask == "phase:move"


def test_solo_5_3_trade_values_reading_a() -> None:
    """SOLO-5.3 (trade-value-direction A): 8 trade points buy a culture event card;
    7 do not, and 'pay' says why."""
    s = trade(new(), (6, 1, 1))
    answer(s, "buy culture-event-card", "give trade-point 7")
    with pytest.raises(IllegalActionError, match="worth 7 .* worth 8 when bought .* give 1 more"):
        s.apply(0, "pay")
    answer(s, "give culture-token 1", "pay")
    assert "sell value 8" in news(s) and s.ledger[-1][1:3] == ("card", 1) and s.ask == "phase:move"


def test_solo_5_3_trade_values_reading_b() -> None:
    """SOLO-5.3 (B, literal): what you give may not be worth more than what you get."""
    s = trade(new(**{"trade-value-direction": "B"}), (6, 1, 1))
    answer(s, "buy culture-token")
    assert "give trade-point 2" in [a.text for a in s.legal_actions(0)]
    assert "give resource 1" not in [a.text for a in s.legal_actions(0)]
    answer(s, "give trade-point 1", "pay")
    assert "culture token" in news(s)


def test_solo_5_3_culture_event_cards_cannot_be_sold() -> None:
    """SOLO-5.3 / SOLO-8.2: '---' items cannot be given."""
    s = trade(new(), (6, 1, 1))
    s.apply(0, "buy village-token")
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="cannot be sold"):
        s.apply(0, "give culture-event-card 1")
    assert s.to_json() == before


# ------------------------------------------------------------ culture event cards and abilities
def test_solo_6_1_failure_roll_on_use() -> None:
    """SOLO-6.1: 'use card' and 'use ability' roll two dice before the effect."""
    s = new()
    answer(s, "miss", "use card")
    assert s.ask == "dice" and s.roll["purpose"] == "failure" and s.roll["n"] == 2
    answer(s, "die 4", "die 2")
    assert "it works" in news(s) and s.ask == "trade"


def test_solo_6_2_resource_ability_term() -> None:
    """SOLO-6.2 (resource-ability-term): which abilities the failure roll covers, in words."""
    assert "or a resource ability:" in answer(new(), "miss").question()
    assert "any ability paid for with resources" in answer(new(**{"resource-ability-term": "B"}), "miss").question()


@pytest.mark.parametrize("rule,dice,fails", [
    ("A", (3, 3), True), ("A", (1, 2), True), ("A", (2, 1), True), ("A", (1, 3), False), ("A", (2, 6), False),
    ("B", (1, 3), True), ("B", (2, 6), True), ("B", (4, 5), False), ("B", (6, 6), True),
])
def test_solo_6_2_one_and_two(rule: str, dice: tuple[int, int], fails: bool) -> None:
    """SOLO-6.2 (one-and-two): doubles fail; A 'a 1 and a 2', B any 1 or 2."""
    s = new(**{"one-and-two": rule})
    answer(s, "miss", "use ability", f"die {dice[0]}", f"die {dice[1]}")
    assert ("the resources you paid are lost" in news(s)) is fails


def test_solo_6_2_failed_cancel_loses_the_card_and_the_event_goes_on() -> None:
    """SOLO-6.2: a failed card is lost; another card may be tried."""
    s = event(new(), 1)
    answer(s, "cancel", "die 2", "die 2")
    assert "the card is lost" in news(s) and s.ask == "cancel"
    s.apply(0, "accept")
    assert s.ask == "culture"


def test_solo_6_3_destructive_cards_cancel_any_event() -> None:
    """SOLO-6.3 (cancel-cards A): military events and battles can be cancelled with a
    destructive card; B: they cannot."""
    s = event(new(), 6)
    assert s.ask == "cancel" and "destroys a building, wonder or great person" in s.question()
    answer(s, "cancel", "die 4", "die 5")
    assert not s.pending and s.ledger[-1][1:3] == ("destroyer", -1)
    b = event(new(**{"cancel-cards": "B"}), 5)
    assert b.ask == "units"
    b = event(new(**{"cancel-cards": "B"}), 2)
    assert b.ask == "cancel"


# ------------------------------------------------------------ wonders
def test_solo_7_1_and_7_2_wonder_market() -> None:
    """SOLO-7.1, SOLO-7.2: at the start of turns 8 and 13 the wonder market changes era."""
    s = to_turn(new(), 7)
    assert s.era == "ancient"
    quiet_turn(s)
    assert s.era == "ancient"  # the automa's turn start comes first (turn-start-order A)
    s.apply(0, "miss")
    assert s.era == "medieval" and "Wonders (SOLO-7.1): remove every unbuilt ancient wonder" in everything(s)
    finish_turn(s)
    to_turn(s, 13)
    s.apply(0, "miss")
    assert s.era == "modern" and "Wonders (SOLO-7.2)" in news(s) and "one modern wonder in place of each" in news(s)
    b = to_turn(new(**{"wonder-replacement": "B"}), 8)
    b.apply(0, "miss")
    assert "refill the market to its base-game size (4" in news(b)


# ------------------------------------------------------------ tables
def test_solo_8_1_historical_events_table() -> None:
    """SOLO-8.1: the four rows as printed."""
    rows = [(r["first_turn"], r["last_turn"], r["1"]["count"], r["5"]["strength"], r["6"]["military_level"],
             r["6"]["card_limit"]) for r in TABLES.rows]
    assert rows == [(1, 3, 3, 5, 1, 3), (4, 7, 5, 8, 2, 4), (8, 12, 1, 12, 3, 5), (13, 16, 1, 16, 4, 6)]
    assert [TABLES.row(t)["3"]["event"] for t in (1, 4, 8, 13)] == ["random-unit", "random-unit", "anarchy", "anarchy"]
    assert [TABLES.row(t)["4"]["event"] for t in (1, 4, 8, 13)] == ["drought", "drought", "deforestation",
                                                                     "deforestation"]
    assert TABLES.row(13)["1"]["lose"] == "great_person" and TABLES.row(16)["2"]["lose"] == "building_or_wonder"


def test_solo_8_2_trade_table() -> None:
    """SOLO-8.2: sell and buy values; a culture event card cannot be sold."""
    assert TABLES.trade == {"trade_point": (1, 2), "culture_token": (1, 2), "resource": (4, 8),
                            "culture_event_card": (None, 8), "hut_token": (6, 12), "village_token": (8, 16)}


def test_unit_strengths_follow_the_deck() -> None:
    """The unit cards a person may enter are those of the base decks (provisional data)."""
    assert TABLES.strengths[("infantry", 2)] == (2, 3, 4)
    assert TABLES.strengths[("aircraft", 1)] == (5, 6, 7)
    assert Unit("aircraft", 6).trumps(Unit("infantry", 6))

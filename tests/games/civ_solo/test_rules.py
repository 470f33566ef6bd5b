"""The rules of the solo automa, SOLO-1.1 to SOLO-8.2, each named by a test.

Sessions use physical dice (``dice=table``): the test types every die, so each
event is reached directly. Random picks (a lost unit, the opponent's deck) stay
with the seeded generator and are checked by what they must satisfy.
"""

from __future__ import annotations

from typing import Any

import pytest

from civtable.core.errors import IllegalActionError
from civtable.games.civ_solo.battle import Unit
from civtable.games.civ_solo.tables import load_tables

from ._solo_helpers import (
    answer,
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


# ------------------------------------------------------------ event 1: losses
def test_solo_4_1_1_and_4_1_2_loss_of_tokens() -> None:
    """SOLO-4.1.1, SOLO-4.1.2: a roll of 1 or 2 loses what the table says (3 culture tokens)."""
    for face in (1, 2):
        s = event(new(), face)
        assert s.ask == "cancel"
        s.apply(0, "accept")
        assert s.ask == "culture" and "culture tokens" in s.question()
        s.apply(0, "culture 7")
        assert "lose three culture tokens; you have 7 -> pay 3" in news(s)
        assert s.debt["culture"] == 0 and s.ledger[-1][1:3] == ["culture", -3]


def test_solo_4_1_2_great_person_and_building_late() -> None:
    """SOLO-4.1.2: turns 13-16 lose a great person (1) or a building/wonder (2);
    loss-choice A: the player picks, no question."""
    s = to_turn(new(), 13)
    event(s, 1)
    s.apply(0, "accept")
    assert "lose one great person of your choice" in news(s) and s.ask == "trade"
    finish_turn(s)
    event(s, 2)
    s.apply(0, "accept")
    assert "building or wonder of your choice (a wonder counts" in news(s)


def test_solo_4_1_2_loss_choice_b_and_loss_none() -> None:
    """SOLO-4.1.2 (loss-choice B, loss-none A/B): the count is asked; a random one is
    named; having none costs nothing (A) or a wound marker (B)."""
    s = to_turn(new(**{"loss-choice": "B"}), 13)
    event(s, 1)
    answer(s, "accept", "people 3")
    assert "at random (loss-choice B): number" in news(s) and "of your 3" in news(s)
    s = to_turn(new(**{"loss-choice": "B"}), 13)
    event(s, 1)
    answer(s, "accept", "people 0")
    assert "nothing happens" in news(s) and not any(s.debt.values())
    s = to_turn(new(**{"loss-none": "B"}), 13)
    event(s, 2)
    answer(s, "accept", "buildings 0")
    assert "one wound marker instead" in news(s) and s.debt["buildings"] == 1


def test_solo_4_1_2_resource_token_at_random() -> None:
    """SOLO-4.1.2: turns 8-12 lose one resource token; loss-choice B names which one."""
    s = to_turn(new(**{"loss-choice": "B"}), 8)
    event(s, 2)
    answer(s, "accept", "resources 4")
    assert "discard your resource token number" in news(s) and "of 4" in news(s)


def test_solo_4_1_3_cancel_with_a_culture_event_card() -> None:
    """SOLO-4.1.3: a culture event card cancels the loss (after the failure roll, SOLO-6.1)."""
    s = event(new(), 1)
    s.apply(0, "cancel")
    assert s.ask == "dice" and s.roll is not None and s.roll["purpose"] == "failure"
    answer(s, "die 3", "die 5")
    assert "the event is cancelled" in news(s) and s.ask == "trade"
    assert s.ledger[-1][1:3] == ["card", -1]


def test_solo_4_1_4_token_debt_example() -> None:
    """SOLO-4.1.4: the source's example - turn 4, a 1: lose five culture tokens with
    three held: pay 3 and take 2 wound markers."""
    s = to_turn(new(), 4)
    event(s, 1)
    answer(s, "accept", "culture 3")
    assert "Event: lose five culture tokens; you have 3 -> pay 3, take 2 wound markers (culture debt 2" in news(s)
    assert s.debt["culture"] == 2


def test_solo_4_1_5_debt_paid_by_later_gains() -> None:
    """SOLO-4.1.5: next turn's three culture tokens pay the two wound markers first;
    one is kept."""
    s = to_turn(new(), 4)
    event(s, 1)
    answer(s, "accept", "culture 3", "trade skip", "next", "next")
    assert s.ask == "gained:culture"  # this turn's gains first
    s.apply(0, "gained culture 0")
    quiet_turn_until_gain(s)
    s.apply(0, "gained culture 3")
    assert "pay off 2 wound markers" in news(s) and "you keep 1" in news(s)
    assert s.debt["culture"] == 0 and s.ask == "dice"


def quiet_turn_until_gain(s: Any) -> None:
    answer(s, "miss", "trade skip", "next", "next")
    assert s.ask is not None and s.ask.startswith("gained:")


def test_solo_4_1_5_debt_type_a_and_b() -> None:
    """SOLO-4.1.5 (debt-type): A the culture debt is not paid by a resource; B one shared
    debt that any token gain pays, the market resource of a won battle included."""
    s = to_turn(new(), 4)
    event(s, 1)
    answer(s, "accept", "culture 0")
    s.gain("resources", 1, "a resource")
    assert s.debt["culture"] == 5
    t = to_turn(new(**{"debt-type": "B"}), 4)
    event(t, 1)
    answer(t, "accept", "culture 0")
    assert t.debt["tokens"] == 5 and t.debt["culture"] == 0
    answer(t, "trade skip", "next", "next")
    assert t.ask == "gained:tokens" and "culture and resource tokens" in t.question()
    t.apply(0, "gained tokens 2")
    assert t.debt["tokens"] == 3


def test_solo_4_1_5_resource_debt_asked_separately() -> None:
    """SOLO-4.1.4, SOLO-4.1.5 (debt-type A): a resource token owed is paid by the next
    resource gained, asked at the end of each turn while the debt lasts."""
    s = to_turn(new(), 8)
    event(s, 1)
    answer(s, "accept", "resources 0", "trade skip", "next", "next")
    assert s.debt["resources"] == 1 and s.ask == "gained:resources"
    assert "How many resources tokens did you gain" not in s.question()
    s.apply(0, "gained resources 0")
    assert s.debt["resources"] == 1 and "your debt stays" in news(s)
    answer(s, "miss", "trade skip", "next", "next", "gained resources 2")
    assert s.debt["resources"] == 0 and "you keep 1" in news(s)


# ------------------------------------------------------------ event 2: culture events
def test_solo_4_2_1_and_4_2_2_random_unit_card() -> None:
    """SOLO-4.2.1, SOLO-4.2.2 (random-unit A): a 3 in turns 1-7 loses a unit card at random."""
    s = event(new(seed=4), 3)
    answer(s, "accept", "unit infantry 1 2", "unit mounted 1 1", "unit artillery 1 3", "done")
    assert "loss of a random unit card" in news(s)
    assert s.units is not None and len(s.units) == 2
    lost = s.ledger[-1]
    assert lost[1:3] == ["unit", -1] and tuple(lost[3]) not in s.units


def test_solo_4_2_2_random_army_figure() -> None:
    """SOLO-4.2.2 (random-unit B): an army figure at random."""
    s = event(new(**{"random-unit": "B"}), 3)
    answer(s, "accept", "armies 3")
    assert "remove army figure number" in news(s) and s.ledger[-1][1:3] == ["armies", -1]


def test_solo_4_2_2_drought_deforestation_anarchy() -> None:
    """SOLO-4.2.2 (culture-event-effects A): the base-game card's effect from data; B: named only."""
    s = event(new(), 4)
    s.apply(0, "accept")
    assert "Drought (the base-game card Drought" in news(s) and "desert" in news(s)
    s = to_turn(new(), 8)
    event(s, 3)
    s.apply(0, "accept")
    assert "Anarchy" in news(s) and "falls into Anarchy" in news(s)
    s = to_turn(new(), 8)
    event(s, 4)
    s.apply(0, "accept")
    assert "Deforestation" in news(s) and "grassland" in news(s)
    b = event(new(**{"culture-event-effects": "B"}), 4)
    b.apply(0, "accept")
    assert "not defined by the solo rules" in news(b)


def test_solo_4_2_3_cancel_a_culture_event() -> None:
    """SOLO-4.2.3: a culture event card cancels a culture event (failure-roll-scope B: no roll)."""
    s = event(new(**{"failure-roll-scope": "B"}), 3)
    assert "SOLO-4.2.3" in s.question()
    s.apply(0, "cancel")
    assert "the event is cancelled (no failure roll" in news(s) and s.ask == "trade"


# ------------------------------------------------------------ event 3: military event
def military(s: Any, units: list[str], limit: int) -> Any:
    event(s, 5)
    answer(s, "accept", *units, "done", f"limit {limit}")
    return s


def test_solo_4_3_1_to_4_3_3_strength_test_passes() -> None:
    """SOLO-4.3.1 to SOLO-4.3.3: a 5; draw the card limit at random; reach the table value (5)."""
    s = military(new(), ["unit infantry 1 3", "unit mounted 1 3", "unit artillery 1 2"], 3)
    text = news(s)
    assert "draw 3 at random (SOLO-4.3.2)" in text and "total strength 8; the table asks for 5" in text
    assert "passes without loss" in text and s.ask == "trade"


def test_solo_4_3_2_draws_at_most_the_card_limit() -> None:
    """SOLO-4.3.2: with limit 1 only one card counts."""
    s = military(new(seed=2), ["unit infantry 1 1", "unit mounted 1 1", "unit artillery 1 1"], 1)
    assert "total strength 1;" in news(s) and s.ask == "bonus"


def test_solo_4_3_4_halved_bonus_rounding() -> None:
    """SOLO-4.3.4 (half-rounding): a bonus of 3 counts 1 (A), 2 (B) or 1.5 (C)."""
    expect = {"A": "counts half: 1 ", "B": "counts half: 2 ", "C": "counts half: 1.5 "}
    for rule, words in expect.items():
        s = military(new(**{"half-rounding": rule}), ["unit infantry 1 1"], 3)
        s.apply(0, "bonus 3")
        assert words in news(s), (rule, news(s))
    s = military(new(), ["unit infantry 1 3"], 3)
    s.apply(0, "bonus 4")  # 3 + 2 = 5: enough
    assert "That is enough" in news(s)


def test_solo_4_3_5_destroying_cards_lower_the_table_value() -> None:
    """SOLO-4.3.5: each card that destroys an opponent's figure takes 2 off the table value."""
    s = military(new(**{"failure-roll-scope": "B"}), ["unit infantry 1 3"], 3)
    answer(s, "bonus 0")
    assert s.ask == "destroy"
    s.apply(0, "destroy")
    assert "drops by 2 to 3" in news(s) and "passes without loss" in news(s)


def test_solo_4_3_6_failure_costs_units_and_one_army() -> None:
    """SOLO-4.3.6 (army-loss A): one unit card per point short, at random, and one army figure."""
    s = military(new(seed=5), ["unit infantry 1 1", "unit mounted 1 1", "unit artillery 1 1",
                               "unit infantry 1 2"], 2)
    answer(s, "bonus 0", "accept")
    text = news(s)
    short = int(text.split("You are ")[1].split(" strength short")[0])
    lost = [e for e in s.ledger if e[1] == "unit"]
    assert short in (2, 3) and len(lost) == short and len(s.units or []) == 4 - short
    assert [e[2] for e in s.ledger if e[1] == "armies"] == [-1]
    assert "strength short (SOLO-4.3.6)" in text and "one army figure of your choice" in text


def test_solo_4_3_6_army_loss_b_and_too_few_cards() -> None:
    """SOLO-4.3.6 (army-loss B): one army figure per unit lost; fewer cards than the
    shortfall: lose what you have."""
    s = military(new(**{"army-loss": "B"}), ["unit infantry 1 1"], 3)
    answer(s, "bonus 0", "accept")
    assert "4 strength short" in news(s) and s.units == []
    assert [e[2] for e in s.ledger if e[1] == "armies"] == [-1]


# ------------------------------------------------------------ event 4: battle
def schedule_battle(s: Any) -> Any:
    event(s, 6)
    s.apply(0, "accept")
    return s


def battle_at_play(hand: list[str], fortified: bool, seed: int = 1, turn: int = 1, bonus: int = 0,
                   **options: Any) -> Any:
    s = to_turn(new(seed=seed, **options), turn)
    schedule_battle(s)
    finish_turn(s)
    answer(s, "miss", "trade skip", "next")
    assert s.ask == "fortified"
    answer(s, f"fortified {'yes' if fortified else 'no'}", *hand, "done", f"bonus {bonus}")
    return s


def test_solo_4_4_1_and_4_4_2_battle_reminder() -> None:
    """SOLO-4.4.1, SOLO-4.4.2: a 6 puts a wound marker on next turn's space as a reminder."""
    s = schedule_battle(new())
    assert "place a wound marker on space 2 of the culture track as a reminder (SOLO-4.4.2)" in news(s)
    assert s.pending == [{"rolled": 1, "due": 2, "level": 1, "limit": 3}]


def test_solo_4_4_3_battle_next_turn_after_movement() -> None:
    """SOLO-4.4.3: nothing happens this turn; next turn the battle comes after 'next' in
    the movement phase."""
    s = schedule_battle(new())
    answer(s, "trade skip", "next")
    assert s.ask == "phase:end"
    answer(s, "next", "miss", "trade skip")
    assert "battle against your capital comes at the end of the movement phase" in s.question()
    s.apply(0, "next")
    assert s.ask == "fortified" and "SOLO-4.4.3" in news(s)


def test_solo_4_4_3_battle_after_the_last_turn() -> None:
    """SOLO-4.4.3 (battle-after-last-turn): a 6 in turn 16 - A no battle; B fought that turn."""
    s = to_turn(new(), 16)
    event(s, 6)
    assert "there is no battle" in news(s) and not s.pending
    s = to_turn(new(**{"battle-after-last-turn": "B"}), 16)
    schedule_battle(s)
    assert s.pending[0]["due"] == 16
    answer(s, "trade skip", "next")
    assert s.ask == "fortified"


def test_solo_4_4_4_opponent_units_and_levels() -> None:
    """SOLO-4.4.4: 2 infantry, 2 cavalry, 2 artillery (+1 aircraft at level 3, +2 at
    level 4); composition B; level from the roll's row (A) or the battle's (B); rank."""
    s = battle_at_play(["unit infantry 1 2"], False)
    assert "takes 2 infantry, 2 mounted, 2 artillery (rank I)" in everything(s)
    s = battle_at_play(["unit infantry 3 4"], False, turn=8)
    assert "2 artillery, 1 aircraft (rank III)" in everything(s)
    s = battle_at_play(["unit infantry 4 5"], False, turn=13)
    assert "2 aircraft (rank IV)" in everything(s)
    s = battle_at_play(["unit infantry 1 2"], False, **{"opponent-composition": "B"})
    assert "takes 2 infantry, 1 mounted, 1 artillery" in everything(s)
    s = battle_at_play(["unit infantry 3 4"], False, turn=7, **{"battle-level-turn": "B"})
    assert "military level 3 with card limit 5" in everything(s)
    s = battle_at_play(["unit infantry 3 4"], False, turn=7)
    assert "military level 2 with card limit 4" in everything(s)
    s = battle_at_play(["unit infantry 1 2"], False, turn=8, **{"opponent-unit-rank": "B"})
    assert "(rank I)" in everything(s)


def test_solo_4_4_5_opponent_deck_is_the_card_limit() -> None:
    """SOLO-4.4.5: the opponent's deck holds as many cards as its card limit, face down."""
    s = battle_at_play(["unit infantry 1 2"], False, turn=4)
    assert s.battle is not None and len(s.battle.opponent_deck) == 4
    obs = s.observation(0)
    assert obs["battle"]["opponent_deck"] == 4  # face down: only the count is seen


def test_solo_4_4_6_who_plays_first() -> None:
    """SOLO-4.4.6: you play first, unless your capital is fortified."""
    s = battle_at_play(["unit infantry 1 2", "unit infantry 1 3"], False)
    assert s.ask == "play" and "You play first (SOLO-4.4.6)" in news(s) and not s.battle.fronts
    s = battle_at_play(["unit infantry 1 2", "unit infantry 1 3"], True)
    assert "the opponent plays first" in news(s) and s.battle.fronts[0].opponent is not None


def with_deck(s: Any, deck: list[tuple[str, int]]) -> Any:
    """The same position with the opponent's face-down deck replaced (top card last)."""
    data = s.to_json()
    data["battle"]["opponent_deck"] = [{"kind": k, "strength": n} for k, n in deck]
    return s.game.state_from_json(data)


def test_solo_4_4_7_opponent_destroys_the_strongest_else_opens_a_front() -> None:
    """SOLO-4.4.7 on a hand-built battle: the top card destroys the strongest unit it can;
    when it can destroy none it opens a new front."""
    s = battle_at_play(["unit infantry 2 2", "unit artillery 2 4", "unit mounted 2 3"], False, turn=4)
    s = with_deck(s, [("mounted", 2), ("artillery", 2), ("infantry", 5)])
    s.apply(0, "play infantry 2 new")    # front 1: infantry 2
    assert "The opponent plays a rank-II infantry (strength 5) against your infantry" in news(s)
    assert s.battle.fronts[0].player is None  # destroyed
    s.apply(0, "play artillery 4 new")   # front 2: artillery 4
    # artillery 2 cannot destroy artillery 4: a new front
    assert "on a new front, front 3" in news(s) and "can destroy none" in news(s)
    s.apply(0, "play mounted 3 front 3")  # mounted trumps artillery: strikes first, no wounds back
    assert "mounted trumps artillery" in news(s)
    # last card mounted 2: can it destroy mounted 3 (front 3) or artillery 4 (front 2)? mounted trumps artillery
    # but 2 < 4; against mounted 3 no trump, 2 < 3: none - it opens a front
    assert s.is_terminal() is False and s.battle is None
    assert "Battle over: your surviving units 7 + bonus 0 = 7 against the opponent's 7 + 0 = 7" in everything(s)
    assert "a tie goes to you, the defender" in everything(s)


def test_solo_4_4_7_strongest_tie_a_asks_the_player() -> None:
    """SOLO-4.4.7 (strongest-tie A): the player picks among equally strong targets."""
    s = battle_at_play(["unit infantry 1 2", "unit mounted 1 2"], True, **{"strongest-tie": "A"})
    # the opponent played first; make its next card able to kill either 2
    assert s.battle.fronts[0].opponent is not None
    s = with_deck(s, [("infantry", 5), ("artillery", 1)])
    s.apply(0, "play infantry 2 new")    # artillery 1 cannot destroy it: a new front
    s.apply(0, "play mounted 2 new")     # infantry 5 can destroy either 2
    assert s.ask == "tie" and "which one does it attack" in s.question()
    assert [a.text for a in s.legal_actions(0)] == ["lose front 2", "lose front 4"]
    s.apply(0, "lose front 4")
    assert s.battle is None and "against your mounted (strength 2) on front 4" in everything(s)


def test_solo_4_4_8_victory_takes_a_market_resource() -> None:
    """SOLO-4.4.8: a won battle gives any one resource from the market (and pays a
    resource wound marker first)."""
    s = battle_at_play(["unit aircraft 7", "unit aircraft 7", "unit aircraft 6"], False, bonus=10)
    s.debt["resources"] = 1
    while s.ask == "play":
        s.apply(0, s.legal_actions(0)[-1].text)
    assert "you win. Take any one resource of your choice from the market (SOLO-4.4.8)" in everything(s)
    assert s.debt["resources"] == 0 and s.stats["battles_won"] == 1 and not s.is_terminal()


def test_solo_4_4_9_defeat_loses_the_game() -> None:
    """SOLO-4.4.9: a lost battle ends the game, lost."""
    s = battle_at_play([], False, turn=13)
    assert s.is_terminal() and s.outcome == "battle" and s.returns() == [-1.0]
    assert "you lose the battle, and with it the game (SOLO-4.4.9)" in everything(s)
    stats = s.game_stats()
    assert stats["lost_battle"] == 1.0 and stats["lost_battle_share"] == 1.0 and stats["loss_turn"] == 14


def test_solo_4_4_9_stacked_battles() -> None:
    """SOLO-4.4.9 (stacked-battles): a 6 while a battle is pending - A both are fought,
    B the second adds none."""
    s = schedule_battle(new())
    finish_turn(s)
    schedule_battle(s)
    assert len(s.pending) == 2
    b = schedule_battle(new(**{"stacked-battles": "B"}))
    finish_turn(b)
    event(b, 6)
    assert "only one battle at a time" in news(b) and len(b.pending) == 1


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
    assert "sell value 8" in news(s) and s.ledger[-1][1:3] == ["card", 1] and s.ask == "phase:move"


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
    assert not s.pending and s.ledger[-1][1:3] == ["destroyer", -1]
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

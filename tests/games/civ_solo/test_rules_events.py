"""The historical events of the solo automa, SOLO-4.1 to SOLO-4.4, each named by a test.

Sessions use physical dice (``dice=table``): the test types every die, so each
event is reached directly. Random picks (a lost unit, the opponent's deck) stay
with the seeded generator and are checked by what they must satisfy.
"""

from __future__ import annotations

from typing import Any

from civtable.games.civ_solo.rules.end import gain

from ._solo_helpers import (
    answer,
    battle_at_play,
    event,
    everything,
    finish_turn,
    new,
    news,
    schedule_battle,
    to_turn,
    with_deck,
)


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
        assert s.debt["culture"] == 0 and s.ledger[-1][1:3] == ("culture", -3)


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
    assert s.ledger[-1][1:3] == ("card", -1)


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
    gain(s, "resources", 1, "a resource")
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
    assert lost[1:3] == ("unit", -1) and tuple(lost[3]) not in s.units


def test_solo_4_2_2_random_army_figure() -> None:
    """SOLO-4.2.2 (random-unit B): an army figure at random."""
    s = event(new(**{"random-unit": "B"}), 3)
    answer(s, "accept", "armies 3")
    assert "remove army figure number" in news(s) and s.ledger[-1][1:3] == ("armies", -1)


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


def test_solo_4_4_7_opponent_destroys_the_strongest_else_opens_a_front() -> None:
    """SOLO-4.4.7 on a hand-built battle: the top card destroys the strongest unit it can;
    when it can destroy none it opens a new front."""
    s = battle_at_play(["unit infantry 2 2", "unit artillery 2 4", "unit mounted 2 3"], False, turn=4)
    s = with_deck(s, [("artillery", 3), ("artillery", 2), ("infantry", 4)])
    s.apply(0, "play infantry 2 new")    # front 1: infantry 2
    assert "The opponent plays a rank-II infantry (strength 4) against your infantry" in news(s)
    assert s.battle.fronts[0].player is None  # destroyed
    s.apply(0, "play artillery 4 new")   # front 2: artillery 4
    # artillery 2 cannot destroy artillery 4: a new front
    assert "on a new front, front 3" in news(s) and "can destroy none" in news(s)
    s.apply(0, "play mounted 3 front 3")  # mounted trumps artillery: strikes first, no wounds back
    assert "mounted trumps artillery" in news(s)
    # last card artillery 3: it cannot destroy artillery 4 (front 2, 3 < 4) nor mounted 3 (front 3:
    # mounted trumps artillery and kills it first) - it opens a front
    assert s.is_terminal() is False and s.battle is None
    assert "Battle over: your surviving units 7 + bonus 0 = 7 against the opponent's 7 + 0 = 7" in everything(s)
    assert "a tie goes to you, the defender" in everything(s)


def test_solo_4_4_7_strongest_tie_a_asks_the_player() -> None:
    """SOLO-4.4.7 (strongest-tie A): the player picks among equally strong targets."""
    s = battle_at_play(["unit infantry 1 2", "unit mounted 1 2"], True, **{"strongest-tie": "A"})
    # the opponent played first; make its next card able to kill either 2
    assert s.battle.fronts[0].opponent is not None
    s = with_deck(s, [("infantry", 3), ("artillery", 1)])
    s.apply(0, "play infantry 2 new")    # artillery 1 cannot destroy it: a new front
    s.apply(0, "play mounted 2 new")     # infantry 3 can destroy either 2
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

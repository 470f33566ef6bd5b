"""Exact odds of the solo automa (SOLO-3, SOLO-4.3, SOLO-6.2) and battle estimates
(the ``civtable solo`` commands: ``test_commands``)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest

from civtable.core.errors import OptionError
from civtable.games.civ_solo.analysis import odds
from civtable.games.civ_solo.rules.combat import Unit

FACES = range(1, 7)
KIND_OF_ROLL = {1: "loss", 2: "loss", 3: "culture", 4: "culture", 5: "military", 6: "battle"}


@cache
def trigger_count(dice: int) -> int:
    """How many of the 6**dice face tuples show a 5 or 6 (explicit enumeration)."""
    return sum(1 for faces in itertools.product(FACES, repeat=dice) if any(f >= 5 for f in faces))


def brute_force(turns: int, after_last: str = "A", stacked: str = "A") -> dict:
    """Every history of ``turns`` turns: at each turn all 6**x dice faces, then the event
    die's 6 faces; x follows SOLO-3.2/3.5 along the path. Figures summed over paths."""
    event = [Fraction(0)] * turns
    kinds = [dict.fromkeys(odds.EVENT_KINDS, Fraction(0)) for _ in range(turns)]
    battles = Fraction(0)
    any_battle = Fraction(0)

    def walk(turn: int, dice: int, weight: Fraction, rolls: tuple[int | None, ...]) -> None:
        nonlocal battles, any_battle
        if turn == turns:
            fought = [i for i, r in enumerate(rolls) if r == 6 and i < turns - 1]
            if rolls[-1] == 6 and after_last == "B" and not (stacked == "B" and len(rolls) > 1 and rolls[-2] == 6):
                fought.append(turns - 1)
            battles += weight * len(fought)
            any_battle += weight if fought else 0
            return
        total = 6**dice
        hits = trigger_count(dice)
        walk(turn + 1, dice + 1, weight * Fraction(total - hits, total), (*rolls, None))
        for face in FACES:
            w = weight * Fraction(hits, total) / 6
            event[turn] += w
            kinds[turn][KIND_OF_ROLL[face]] += w
            walk(turn + 1, 1, w, (*rolls, face))

    walk(0, 1, Fraction(1), ())
    return {"event": event, "kinds": kinds, "battles": battles, "any": any_battle}


# ---------------------------------------------------------------- the event dice


def test_solo_3_chain_matches_brute_force_enumeration_turns_1_to_5() -> None:
    """SOLO-3.2/3.3/3.5: the Markov chain equals the enumeration of every die face."""
    brute = brute_force(5)
    chain = odds.turn_odds(turns=5)
    assert [t.event for t in chain] == brute["event"]
    assert [t.kinds for t in chain] == brute["kinds"]
    assert chain[0].event == Fraction(1, 3) and chain[1].event == Fraction(13, 27)


@pytest.mark.parametrize(("after_last", "stacked"), [("A", "A"), ("B", "A"), ("B", "B")])
def test_solo_4_4_3_battles_match_brute_force(after_last: str, stacked: str) -> None:
    """Battles fought in a 5-turn game, each battle-after-last-turn / stacked-battles reading."""
    brute = brute_force(5, after_last, stacked)
    got = odds.battle_outlook({"battle-after-last-turn": after_last, "stacked-battles": stacked}, turns=5)
    assert got.expected == brute["battles"] and got.at_least_one == brute["any"]


def test_solo_3_per_turn_chances_sum_to_one() -> None:
    for t in odds.turn_odds():
        assert sum(t.dice.values()) == 1
        assert (1 - t.event) + sum(t.kinds.values()) == 1
        assert max(t.dice) <= t.turn
        assert t.kinds["loss"] == t.kinds["culture"] == 2 * t.kinds["military"] == 2 * t.kinds["battle"]


def test_solo_3_3_trigger_chance() -> None:
    for x in range(1, 6):
        assert odds.trigger_chance(x) == Fraction(trigger_count(x), 6**x) == 1 - Fraction(2, 3) ** x


def test_solo_2_3_last_turn_b_plays_fifteen_turns() -> None:
    a, b = odds.turn_odds(), odds.turn_odds({"last-turn": "B"})
    assert len(a) == 16 and len(b) == 15 and a[:15] == b
    assert odds.expected_events() - odds.expected_events({"last-turn": "B"}) == a[15].event


def test_solo_4_4_3_battle_after_last_turn_and_stacked_battles() -> None:
    a = odds.battle_outlook()
    b = odds.battle_outlook({"battle-after-last-turn": "B"})
    rows = odds.turn_odds()
    assert a.expected == sum(t.kinds["battle"] for t in rows[:15])
    assert b.expected - a.expected == rows[15].kinds["battle"]
    both_sixes = rows[14].kinds["battle"] * odds.trigger_chance(1) / 6
    bb = odds.battle_outlook({"battle-after-last-turn": "B", "stacked-battles": "B"})
    assert b.expected - bb.expected == both_sixes
    assert 0 < a.at_least_one < b.at_least_one < 1


def test_default_figures() -> None:
    """The figures ``civtable solo odds`` prints with the default readings."""
    assert round(float(odds.expected_events()), 4) == 7.5845
    assert round(float(odds.battle_outlook().expected), 4) == 1.1836
    assert round(float(odds.battle_outlook().at_least_one), 4) == 0.7178


# ---------------------------------------------------------------- SOLO-6.2


def test_solo_6_2_one_and_two_counts_by_enumeration() -> None:
    """A: doubles or {1, 2} = 8/36; B: doubles, any 1 or any 2 = 24/36 (as the spec says)."""
    pairs = list(itertools.product(FACES, FACES))
    doubles = {p for p in pairs if p[0] == p[1]}
    a = doubles | {(1, 2), (2, 1)}
    b = doubles | {p for p in pairs if 1 in p or 2 in p}
    assert (len(a), len(b)) == (8, 24)
    assert set(odds.failure_outcomes()) == a and set(odds.failure_outcomes({"one-and-two": "B"})) == b
    assert odds.failure_chance() == Fraction(8, 36) and odds.failure_chance({"one-and-two": "b"}) == Fraction(2, 3)


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="one-and-two must be one of A, B"):
        odds.resolve_options({"one-and-two": "C"})
    assert odds.resolve_options({"loss-choice": "B"})["strongest-tie"] == "B"  # other game options pass through


# ---------------------------------------------------------------- SOLO-4.3 military event

HAND = [Unit("infantry", 2), Unit("infantry", 3), Unit("mounted", 4), Unit("artillery", 5)]


@pytest.mark.parametrize(("rounding", "p_pass", "lost"), [("A", Fraction(1, 2), Fraction(3, 4)),
                                                          ("B", Fraction(3, 4), Fraction(1, 4)),
                                                          ("C", Fraction(1, 2), Fraction(3, 4))])
def test_solo_4_3_military_odds_exact(rounding: str, p_pass: Fraction, lost: Fraction) -> None:
    """Turn 8 needs 12: 3 of 4 cards sum to 9, 10, 11 or 12; bonus 3 halves to 1 / 2 / 1.5."""
    got = odds.military_odds(HAND, 8, 3, options={"half-rounding": rounding})
    assert got["table_strength"] == 12 and got["cards_drawn"] == 3
    assert Fraction(got["p_pass"]["fraction"]) == p_pass
    assert Fraction(got["expected_units_lost"]["fraction"]) == lost


def test_solo_4_3_5_cards_and_their_failure_roll() -> None:
    """One card takes 2 off the 12: all pass if it works; it works with 1 - 8/36 (scope A)."""
    b = odds.military_odds(HAND, 8, 3, cards=1, options={"failure-roll-scope": "B"})
    assert Fraction(b["p_pass"]["fraction"]) == 1
    a = odds.military_odds(HAND, 8, 3, cards=1)
    assert Fraction(a["p_pass"]["fraction"]) == Fraction(7, 9) + Fraction(2, 9) * Fraction(1, 2)


def test_solo_4_3_fewer_units_than_the_limit_and_army_loss() -> None:
    got = odds.military_odds([Unit("infantry", 2)], 1, 0, options={"army-loss": "B"})
    assert got["cards_drawn"] == 1 and got["p_pass"]["value"] == 0
    assert got["expected_units_lost"]["value"] == 1 == got["expected_army_figures_lost"]["value"]


# ---------------------------------------------------------------- battle estimates


def test_battle_row_follows_battle_level_turn() -> None:
    assert odds.battle_row(3) == {"row_turn": 3, "military_level": 1, "card_limit": 3}
    assert odds.battle_row(3, {"battle-level-turn": "B"}) == {"row_turn": 4, "military_level": 2, "card_limit": 4}
    assert odds.battle_row(16, {"battle-level-turn": "B"})["row_turn"] == 16
    with pytest.raises(OptionError, match="between 1 and 15"):
        odds.battle_row(16, {"last-turn": "B"})


def test_battle_odds_is_seeded_and_sane() -> None:
    units = odds.parse_units("infantry:4,mounted:4,artillery:4")
    a = odds.battle_odds(units, 2, games=300, seed=7)
    assert a == odds.battle_odds(units, 2, games=300, seed=7)
    assert a["ci95"][0] <= a["win_rate"] <= a["ci95"][1] and a["games"] == 300
    assert odds.battle_odds(units, 2, bonus=100, games=50, seed=1)["win_rate"] == 1
    assert odds.battle_odds([], 14, games=50, seed=1)["win_rate"] == 0
    weak = odds.battle_odds(units, 14, games=300, seed=7)
    assert weak["win_rate"] < a["win_rate"]


def test_parse_units_with_counts() -> None:
    """TYPE:RANKxCOUNT gives COUNT cards; a bad count is one sentence."""
    assert odds.parse_units("infantry:2x3,artillery:1=3x2") == [Unit("infantry", 3)] * 3 + [Unit("artillery", 3)] * 2
    for bad, message in [("infantry:2x0", "between 1 and 15"), ("infantry:2xa", "whole number"),
                         ("infantry:2x16", "between 1 and 15")]:
        with pytest.raises(OptionError, match=message):
            odds.parse_units(bad)


def test_parse_units() -> None:
    assert odds.parse_units("infantry:2, cavalry:IV,artillery:1=3,aircraft:1") == [
        Unit("infantry", 3), Unit("mounted", 5), Unit("artillery", 3), Unit("aircraft", 6)]
    for bad, message in [("tank:2", "unknown unit type"), ("infantry:5", "between 1 and 4"),
                         ("infantry:-1", "between 1 and 4"), ("infantry", "needs a rank"),
                         ("infantry:x", "must be a number"), ("infantry:1=9", "no infantry card"),
                         ("", "TYPE:RANK entries")]:
        with pytest.raises(OptionError, match=message):
            odds.parse_units(bad)


def test_table_rows_cover_every_turn() -> None:
    rows = odds.tables()["historical_events"]["rows"]
    turns = [t for r in rows for t in range(r["first_turn"], r["last_turn"] + 1)]
    assert turns == list(range(1, odds.tables()["last_turn"] + 1))

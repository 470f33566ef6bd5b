"""Positions read back (``state_from_json``): a broken position is refused with
``InvalidStateError`` naming the field, never loaded to fail later (issue 13: a
military event without ``work.target``, an extra die in ``roll.got``, a negative
``battle.player_bonus``); a battle's face-down deck is sampled from the opponent's
cards nobody has seen (``determinize`` at the "tie" question); the tables file is read
through ``core.files``."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from civtable.core.errors import InvalidStateError, OptionError
from civtable.core.rng import Rng
from civtable.games.civ_solo.catalog import TABLES, load_tables
from civtable.games.civ_solo.rules.opponent import composition_counts
from civtable.games.civ_solo.state import SoloState
from civtable.testing.mutate import Mutation, changing, removing, setting

from ._solo_helpers import answer, battle_at_play, event, game, new, to_turn, with_deck


def refused(s: SoloState, mutate: Mutation, words: str) -> None:
    data = json.loads(json.dumps(s.to_json()))
    mutate(data)
    with pytest.raises(InvalidStateError, match=re.escape(words)):
        s.game.state_from_json(data)


def military_at(ask: str) -> SoloState:
    """A military event waiting for the combat bonus ('bonus') or a destroying card ('destroy')."""
    s = event(new(), 5)
    answer(s, "accept", "unit infantry 1 1", "done", "limit 3")
    if ask == "destroy":
        s.apply(0, "bonus 0")
    assert s.ask == ask and "target" in s.work
    return s


BROKEN = [
    (setting("stage", value="lunch"), "'stage' must be one of"),
    (setting("pool", value=0), "'pool' must be an integer from 1"),
    (setting("pool", value=3), "'pool' is 3 dice in turn 2 before its event dice"),
    (setting("turn", value=0), "'turn' is 0 in stage"),  # found by make fuzz: the pool then grew in turn 0
    (setting("debt", value={"culture": -1}), "'debt' must map"),
    (setting("units", value=[["tank", 1, 1]]), "'units[0]' must be [type, rank, strength]"),
    (setting("entry", value=[["infantry", 2, 9]]), "no infantry card has strength 9 at rank 2"),
    (setting("rng", value=-1), "'rng' must be an integer"),
    (setting("ask", value=None), "'ask' is null but the game is not over"),
    (setting("ask", value="play"), "no battle is under way"),
    (setting("ask", value="give"), "'ask' is 'give', a question stage 'event-dice' does not ask"),
    (setting("work", value={"mystery": 1}), "unknown entry 'mystery'"),
    (removing("ledger"), "'ledger' is missing"),
    (setting("ledger", value=[[1, "unit", -1, [None]]]), "'ledger[0][3]' must be [type, rank, strength]"),
    (setting("ledger", value=[[1, "unit", -1, ["infantry", 1, 9]]]), "no infantry card has strength 9 at rank 1"),
    (setting("ledger", value=[[1, "gold", -1, None]]), "'ledger[0][1]' must be one of"),
    (setting("ledger", value=[[1, "culture", -1, 3]]), "'ledger[0][3]' must be null or 'debt'"),
]


@pytest.mark.parametrize(("mutate", "words"), BROKEN)
def test_bad_positions_name_the_field(mutate: Mutation, words: str) -> None:
    refused(to_turn(new(), 2), mutate, words)


@pytest.mark.parametrize("ask", ["bonus", "destroy"])
def test_a_military_event_without_its_target_is_refused(ask: str) -> None:
    """Issue 13: a military event missing ``work.target`` (the table's strength)."""
    s = military_at(ask)
    words = "'work.drawn' needs 'work.target'" if ask == "bonus" else "'destroy' but no military event"
    refused(s, removing("work", "target"), words)
    refused(s, removing("work", "total2"), "needs 'work.target' and 'work.total2'" if ask == "bonus" else words)


def test_a_roll_with_an_extra_die_is_refused() -> None:
    """Issue 13: ``roll.got`` holding the roll's last die (or more) while the die is still asked."""
    s = answer(new(), "miss", "trade roll", "die 2", "die 3")  # the trade roll waits for its third die
    refused(s, changing("roll", "got", by=lambda got: [*got, 4]), "'roll.got' holds 3 of the roll's 3 dice")
    f = answer(new(), "miss", "trade skip", "use card", "die 4")  # the failure roll waits for its second die
    assert f.roll is not None and f.roll["purpose"] == "failure"
    refused(f, changing("roll", "got", by=lambda got: [*got, 6]), "'roll.got' holds 2 of the roll's 2 dice")
    refused(f, setting("roll", "got", value=[0]), "a miss ends the roll")
    e = to_turn(new(), 3)
    refused(e, setting("roll", "got", value=[5]), "holds a 5 or 6, which ends the event dice")
    refused(e, setting("roll", "purpose", value="trade"), "stage 'event-dice' rolls no such dice")
    engine = game(dice="engine").new_state(seed=1)
    data = engine.to_json()
    data["roll"] = {"purpose": "event", "n": 1, "got": [], "done": False}
    data["ask"] = "dice"
    with pytest.raises(InvalidStateError, match="with dice=engine the companion rolls"):
        engine.game.state_from_json(data)


def test_a_negative_battle_bonus_is_refused() -> None:
    """Issue 13: a negative ``battle.player_bonus``."""
    s = battle_at_play(["unit infantry 1 2"], False)
    refused(s, setting("battle", "player_bonus", value=-1), "battle.player_bonus must be a non-negative integer")


def test_the_opponent_cards_must_fit_its_army() -> None:
    """SOLO-4.4.4: the cards of the opponent's deck, fronts and losses are those of its
    army: two of each type at level 1 (composition A), strengths of rank I, 6 cards."""
    s = battle_at_play(["unit infantry 1 2", "unit mounted 1 2"], False)
    three = with_deck(s, [("infantry", 1), ("infantry", 2), ("artillery", 1)])
    assert three.bmeta is not None
    three.battle.opponent_deck.append(three.battle.opponent_deck[0])  # type: ignore[union-attr]
    three.bmeta["limit"] += 1
    refused(three, setting("ask", value="play"), "holds 2 infantry, not 3")
    refused(s, setting("battle", "opponent_deck", 0, value={"kind": "infantry", "strength": 6}),
            "no infantry card of the base deck left shows strength 6 at rank 1")
    refused(s, setting("battle", "opponent_deck", 0, value={"kind": "aircraft", "strength": 6}),
            "the opponent's army at military level 1 has no aircraft")
    refused(s, setting("battle_info", "rank", value=2), "'battle_info.rank' is 2")
    refused(s, setting("battle_info", "pool", value=7), "takes 6 unit cards")


def tie_position() -> SoloState:
    """strongest-tie A at level 1 (two infantry in the army): one infantry on a front, the
    other face up on top of the deck, able to destroy either of two equally strong units."""
    s = battle_at_play(["unit artillery 1 2", "unit mounted 1 2"], False, **{"strongest-tie": "A"})
    s = with_deck(s, [("artillery", 1), ("infantry", 3), ("infantry", 1)])
    answer(s, "play artillery 2 new", "play mounted 2 new")  # infantry 1 opens front 2 (artillery trumps it)
    assert s.ask == "tie" and s.battle is not None and s.battle.fronts[1].opponent is not None
    return s


def test_determinize_at_the_tie_question_keeps_the_top_card_and_deals_only_unseen_cards() -> None:
    """Issue 13 (strongest-tie A, seed 114 in the report): the face-up top card stays on top
    and is not dealt again; every sample's opponent cards fit its army and read back."""
    s = tie_position()
    b = s.battle
    assert b is not None and s.bmeta is not None
    top = b.opponent_deck[-1]
    army = composition_counts(s.bmeta["level"], s.rules.opponent_composition)
    for seed in range(200):
        d = s.determinize(0, Rng(seed))
        assert d.battle is not None
        assert d.battle.opponent_deck[-1] == top and len(d.battle.opponent_deck) == len(b.opponent_deck)
        cards = [*d.battle.opponent_deck, *(f.opponent for f in d.battle.fronts if f.opponent),
                 *d.battle.opponent_losses]
        kinds = Counter(u.kind for u in cards)
        assert all(kinds[k] <= n for k, n in army.items()), kinds
        assert d.observation(0) == s.observation(0)
        assert s.game.state_from_json(d.to_json()).to_json() == d.to_json()


def test_determinize_in_a_battle_deals_the_cards_not_on_the_fronts() -> None:
    """Mid-battle: a card on a front is not dealt again (level 1 has two infantry: with one
    on a front, a sample holds at most one more)."""
    s = battle_at_play(["unit artillery 1 3", "unit mounted 1 2", "unit infantry 1 2"], False)
    s = with_deck(s, [("mounted", 1), ("infantry", 2), ("infantry", 1)])
    s.apply(0, "play artillery 3 new")  # the opponent's infantry 1 cannot destroy it: front 2
    assert s.ask == "play" and s.battle is not None and s.battle.fronts[1].opponent is not None
    for seed in range(100):
        d = s.determinize(None, Rng(seed))
        assert d.battle is not None
        assert [u.kind for u in d.battle.opponent_deck].count("infantry") <= 1
        s.game.state_from_json(d.to_json())  # the army check holds


def test_the_tables_option_reads_files_through_core_files(tmp_path: Path) -> None:
    """Issue 13: a tables file is a regular file of bounded size and depth; a bare word is a
    data set's name, never a file of the current folder."""
    with pytest.raises(OptionError, match="is a directory"):
        load_tables(str(tmp_path))
    fifo = tmp_path / "tables.fifo"
    os.mkfifo(fifo)
    with pytest.raises(OptionError, match="not a regular file"):
        load_tables(str(fifo))
    with pytest.raises(OptionError, match="NUL"):
        load_tables(str(tmp_path / "a\x00.json"))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 500 + "]" * 500)
    with pytest.raises(OptionError, match="nested too deeply"):
        load_tables(str(deep))
    with pytest.raises(OptionError, match="no civ-solo tables data set 'passwd'"):
        load_tables("passwd")
    copy = tmp_path / "tables.json"
    copy.write_text(TABLES.read_text())
    assert load_tables(str(copy)).rows == load_tables().rows

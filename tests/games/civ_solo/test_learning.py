"""civ-solo for learning agents and designers: the fixed action space (its sizes, its
bounds, every answer of whole sessions in it), the observation encoding on hand-built
positions, the running score (``State.scores``) and the items given at the start
(``Game.value_items``, ``Game.give_item``)."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError, OptionError
from civtable.core.game import Game
from civtable.core.rng import Rng
from civtable.games.civ_solo.catalog import UNIT_KINDS
from civtable.games.civ_solo.encode import FRONT_WIDTH
from civtable.games.civ_solo.game import CivSolo
from civtable.games.civ_solo.rules import STEPS
from civtable.games.civ_solo.rules.combat import Battle, Unit
from civtable.games.civ_solo.space import most_deck, most_fronts
from civtable.games.civ_solo.state import SoloState
from civtable.testing.learning import check_action_space, check_encoding, check_space_built_once

from . import test_contract as contract
from ._solo_helpers import answer, battle_at_play, bot_game, event, new, to_turn, with_deck

VARIANTS = contract.VARIANTS


def solo_game(**options: Any) -> CivSolo:
    g = civtable.load_game("civ-solo", **options)
    assert isinstance(g, CivSolo)
    return g


def fresh(g: CivSolo, seed: int) -> SoloState:
    return g.new_state(seed=seed)


# ------------------------------------------------------------------ the action space
def test_the_space_is_built_once_from_the_data_and_the_same_for_the_same_options() -> None:
    space = check_space_built_once(solo_game)
    other = solo_game(**{"strongest-tie": "A"}).action_space()
    assert other.digest != space.digest


def test_the_sizes_under_the_default_and_other_readings() -> None:
    """Default: 16 plain answers, culture 0-60, resources 0-20, bonus 0-60, limit 1-12, 39 unit
    cards, 6 purchases, 41 payments, gained culture/resources 0-60, 21 battle cards x (new,
    fronts 1-12)."""
    g = solo_game()
    assert most_deck(g) == 6 and most_fronts(g) == 12
    expected = 16 + 61 + 21 + 61 + 12 + 39 + 6 + 41 + 2 * 61 + 21 * 13
    assert g.action_space().size == expected == 652
    table = solo_game(dice="table", **{"strongest-tie": "A"})
    assert table.action_space().size == expected + 7 + 12  # die 1-6, miss; lose front 1-12
    shared = solo_game(**{"debt-type": "B"})
    assert shared.action_space().size == expected - 61  # one shared debt
    pieces = solo_game(**{"loss-none": "B"})  # people, buildings counted and owed
    assert pieces.action_space().size == expected + 21 + 31 + 2 * 61
    lit = solo_game(**{"trade-value-direction": "B"})
    assert lit.action_space().size == expected - 2  # a hut token (6) twice at most, a village token once


@pytest.mark.parametrize(("options", "present", "absent"), [
    ({}, ["start", "won", "use ability", "culture 60", "limit 12", "bonus 0", "unit aircraft 7",
          "unit infantry 4 6", "buy culture-event-card", "give trade-point 16", "give village-token 2",
          "gained culture 60", "play aircraft 7 front 12", "play infantry 1 new"],
     ["die 6", "miss", "lose front 1", "people 0", "armies 0", "gained tokens 0", "limit 0",
      "play infantry 7 new", "give culture-event-card 1", "play mounted 3 front 13", "give trade-point 17"]),
    ({"dice": "table", "strongest-tie": "A", "debt-type": "B", "loss-choice": "B", "random-unit": "B"},
     ["die 1", "die 6", "miss", "lose front 1", "lose front 12", "gained tokens 60", "people 20",
      "buildings 30", "armies 6"],
     ["lose front 13", "gained culture 0", "gained people 0"]),
])
def test_rare_answers_are_in_the_space_only_where_the_options_ask_them(
        options: dict[str, str], present: list[str], absent: list[str]) -> None:
    space = solo_game(**options).action_space()
    for text in present:
        assert text in space, text
    for text in absent:
        assert text not in space, text


def test_front_numbers_stay_within_the_bound_in_the_largest_battles() -> None:
    """SOLO-4.4.6, SOLO-4.4.7: with the largest hand (15) against the largest deck (6),
    random play on both sides never names a front past ``most_fronts`` (12) for an
    attack, nor past 11 for the opponent's victim."""
    g = solo_game()
    bound = most_fronts(g)
    rng = Rng(5)
    highest = [0, 0]
    for game_no in range(300):
        hand = [Unit(UNIT_KINDS[rng.below(4)], 1 + rng.below(7)) for _ in range(g.tables.limits["hand"])]
        deck = [Unit(UNIT_KINDS[rng.below(4)], 1 + rng.below(7)) for _ in range(most_deck(g))]
        b = Battle.start(hand, deck, fortified=game_no % 2 == 1)
        while not b.over():
            if b.next == "player":
                moves = b.player_moves()
                highest[0] = max([highest[0], *(t + 1 for _, t in moves if t is not None)])
                opens = [m for m in moves if m[1] is None]
                pick = opens if rng.below(4) else moves  # open fronts most of the time: numbers grow fastest
                b.play_player(*pick[rng.below(len(pick))])
            else:
                highest[1] = max([highest[1], *(t + 1 for t in b.opponent_targets())])
                b.play_opponent(rng, tie="B")
    assert highest[0] <= bound and highest[1] <= bound - 1, highest


def test_the_front_bound_is_reached() -> None:
    """The bound is tight: six opponent cards that cannot destroy anything open fronts 2,
    4, ..., 12, and the player may attack front 12; a sixth card that can destroy two
    equally strong units (fronts 9 and 11) asks which (strongest-tie A: 'lose front 11')."""
    g = solo_game(**{"strongest-tie": "A"})
    space = g.action_space()
    b = Battle.start([Unit("infantry", 6)] * 15, [Unit("mounted", 1)] * 6)
    while b.opponent_deck:
        b.play_player(0, None) if b.next == "player" else b.play_opponent(None, tie="A")
    assert max(t for _, t in b.player_moves() if t is not None) + 1 == most_fronts(g) == 12
    assert "play infantry 6 front 12" in space
    hand = [Unit("infantry", 6)] * 4 + [Unit("infantry", 1)] * 2 + [Unit("infantry", 6)] * 9
    b = Battle.start(hand, [Unit("artillery", 2)] + [Unit("mounted", 1)] * 5)
    while b.next == "player" or not b.opponent_targets():
        b.play_player(0, None) if b.next == "player" else b.play_opponent(None, tie="A")
    assert [t + 1 for t in b.opponent_targets()] == [9, 11]
    assert "lose front 11" in space and "lose front 12" in space


def test_every_answer_of_whole_sessions_is_in_the_space() -> None:
    """Sessions of the growth model (several parameter sets) and of random answers under
    random readings: the mask marks exactly the legal answers at every step."""
    rng = Rng(23)
    bots = ("model", "random", "model:units=3&start=8&hand=15&buy=2&destroyers=0.5",
            "model:units=0&hand=0&upgrade=0&win=0.5")
    for i in range(24):
        options = {s.name: s.choices[rng.below(len(s.choices))] for s in VARIANTS}
        g = solo_game(**options)
        for s in bot_game(g, bots[i % len(bots)], seed=100 + i):
            check_action_space(s)


# ------------------------------------------------------------------ the encoding
def _at(g: Game, name: str) -> slice:
    return g.encoding().slot(name)


def test_a_battle_is_encoded_card_by_card() -> None:
    hand = ["unit infantry 2 3", "unit infantry 2 3", "unit aircraft 6"]
    s = battle_at_play(hand, fortified=False, turn=2, bonus=3)
    g = s.game
    v = g.encode(s.observation(0), 0)
    ask = v[_at(g, "ask")]
    assert ask[list(STEPS).index("play")] == 1 and ask.sum() == 1
    assert v[_at(g, "turn")][0] == pytest.approx(3 / 17)  # the battle comes the turn after the 6
    battle = v[_at(g, "battle")]
    assert battle[0] == 1 and battle[1] == 1  # under way, the player plays next
    assert battle[2] == pytest.approx(3 / 15) and battle[4] == pytest.approx(3 / 60)
    assert isinstance(g, CivSolo)
    enc = g._encoder_()
    h = v[_at(g, "hand")]
    assert h[enc.pairs[("infantry", 3)]] == pytest.approx(2 / 15)
    assert h[enc.pairs[("aircraft", 6)]] == pytest.approx(1 / 15)
    assert h.sum() == pytest.approx(3 / 15)
    assert v[_at(g, "fronts")].sum() == 0
    s.apply(0, "play aircraft 6 new")
    w = g.encode(s.observation(0), 0)
    front1 = w[_at(g, "fronts")][:FRONT_WIDTH]
    assert front1[UNIT_KINDS.index("aircraft")] == 1 and front1[4] == pytest.approx(6 / 7)
    assert not np.array_equal(v[_at(g, "hand")], w[_at(g, "hand")])


def test_the_face_down_deck_does_not_change_the_encoding() -> None:
    """The opponent's face-down deck (SOLO-4.4.5) is hidden: samples of the player's
    information set with other decks encode the same; what he sees does change it."""
    s = battle_at_play(["unit infantry 2 3", "unit mounted 2 4"], fortified=True, turn=2)
    g = s.game
    v = g.encode(s.observation(0), 0)
    decks = set()
    for k in range(6):
        d = s.determinize(0, Rng(k))
        assert d.battle is not None
        decks.add(tuple((u.kind, u.strength) for u in d.battle.opponent_deck))
        assert np.array_equal(g.encode(d.observation(0), 0), v)
    assert len(decks) > 1  # the samples did differ
    check_encoding(s, 3)


def test_an_event_and_its_debt_are_encoded() -> None:
    s = to_turn(new(), 4)
    event(s, 1)  # table SOLO-8.1 turns 4-7, column 1: five culture tokens
    g = s.game
    v = g.encode(s.observation(0), 0)
    assert v[_at(g, "event")][0] == 1 and v[_at(g, "ask")][list(STEPS).index("cancel")] == 1
    row = v[_at(g, "row")]
    assert row[0] == pytest.approx(8 / 16) and row[1] == pytest.approx(2 / 4)
    answer(s, "accept", "culture 3")
    w = g.encode(s.observation(0), 0)
    assert w[_at(g, "debt")][0] == pytest.approx(2 / 20)
    assert w[_at(g, "ledger")][0] == pytest.approx(3 / 30)  # culture taken
    assert w[_at(g, "event")].sum() == 0
    rules = w[_at(g, "rules")]
    assert rules.sum() == len(VARIANTS)  # one reading per variant


def test_encode_is_fast_enough() -> None:
    g = solo_game()
    obs = [s.observation(0) for s in itertools.islice(bot_game(g, "model", 3), 200)]
    import time

    t = time.perf_counter()
    for o in obs:
        g.encode(o, 0)
    per_call = (time.perf_counter() - t) / len(obs)
    assert per_call < 1e-3, per_call


# ------------------------------------------------------------------ the running score
def test_the_score_is_what_the_automa_took_negated() -> None:
    """SOLO-4.1.2 to SOLO-4.1.5: five culture tokens lost with three held: three paid and
    two wound markers owed, -5; paying a marker off later moves it from the debt to the
    ledger (still -5); a culture event card spent does not count."""
    s = to_turn(new(), 4)
    assert s.scores() == [0.0]
    event(s, 1)
    answer(s, "accept", "culture 3")
    assert s.debt["culture"] == 2
    assert s.scores() == [-5.0]
    answer(s, "trade skip", "next", "next")
    assert s.ask == "gained:culture"
    s.apply(0, "gained culture 1")
    assert s.debt["culture"] == 1 and s.scores() == [-5.0]
    s.apply(0, "die 5")
    s.apply(0, "die 1")
    s.apply(0, "cancel")  # a card: its failure roll next
    answer(s, "die 3", "die 4")  # works: the event is cancelled
    assert ("card" in [e[1] for e in s.ledger]) and s.scores() == [-5.0]


def test_the_score_counts_units_lost_in_a_battle() -> None:
    """SOLO-4.4.8, SOLO-4.4.9: the player's infantry (strength 1) dies to the opponent's
    infantry 2 and the battle is lost: the ledger's unit card is the score, -1."""
    s = battle_at_play(["unit infantry 1 1"], fortified=False, turn=2)
    s = with_deck(s, [("artillery", 2), ("infantry", 2)])
    assert s.scores() == [0.0]
    s.apply(0, "play infantry 1 new")
    assert s.is_terminal() and s.outcome == "battle"
    assert [e[1:3] for e in s.ledger] == [("unit", -1)]
    assert s.scores() == [-1.0]


# ------------------------------------------------------------------ items for designers
def test_value_items_and_bad_requests() -> None:
    g = solo_game()
    assert tuple(g.value_items()) == ("culture-event-card", "destructive-card")
    s = fresh(g, 2)
    with pytest.raises(OptionError, match="culture-event-card, destructive-card"):
        g.give_item(s, "wonder", 0)
    with pytest.raises(OptionError, match="one seat"):
        g.give_item(s, "culture-event-card", 1)
    with pytest.raises(OptionError, match="model:destroyers=0"):
        g.give_item(s, "destructive-card", None)
    s.apply(0, "start")
    with pytest.raises(OptionError, match="new session"):
        g.give_item(s, "culture-event-card", 0)


@pytest.mark.parametrize(("item", "ledger_item"), [("culture-event-card", "card"), ("destructive-card", "destroyer")])
def test_a_given_card_is_an_acquisition_before_turn_1(item: str, ledger_item: str) -> None:
    """SOLO-5.2: the card is written as the trade writes a bought card (turn 0, +1); the
    generator is untouched (games stay paired by seed) and the position reads back."""
    g = solo_game()
    first = fresh(g, 9)
    s = fresh(g, 9)
    g.give_item(s, item, 0)
    assert s.ledger == [(0, ledger_item, 1, None)]
    assert s.rng.state == first.rng.state
    assert s.scores() == [0.0]
    assert g.state_from_json(s.to_json()) == s
    contract.TestContract.adapter.check(s)


def test_a_given_destructive_card_cancels_a_battle_the_model_could_not() -> None:
    """SOLO-6.3 (cancel-cards A): a growth model without cards of its own uses the given
    destructive card on its first battle or military event; the same seed without it
    never cancels anything. Both sessions end, every position keeps the invariants."""
    g = solo_game()
    bot = "model:cards=0&destroyers=0"
    used = 0
    for seed in range(6):
        plain = list(bot_game(g, bot, seed))
        assert not any(e[1] in ("card", "destroyer") for e in plain[-1].ledger)
        s = fresh(g, seed)
        g.give_item(s, "destructive-card", 0)
        agent = make_agent(bot, g, seed=seed)
        while not s.is_terminal():
            contract.TestContract.adapter.check(s)
            s.apply(0, agent.act(PlayerView(s, 0)))
        contract.TestContract.adapter.check(s)
        spent = [e for e in s.ledger if e[1] == "destroyer" and e[2] < 0]
        assert len(spent) <= 1
        used += len(spent)
    assert used >= 3


def test_games_with_given_items_play_to_the_end_with_random_answers() -> None:
    g = solo_game(dice="table")
    for seed, item in zip(range(8), itertools.cycle(g.value_items()), strict=False):
        s = fresh(g, seed)
        g.give_item(s, item, 0)
        agent = make_agent("random", g, seed=seed)
        steps = 0
        while not s.is_terminal():
            contract.TestContract.adapter.check(s)
            s.apply(0, agent.act(PlayerView(s, 0)))
            steps += 1
            assert steps < 5000
        assert s.ledger[0] == (0, {"culture-event-card": "card", "destructive-card": "destroyer"}[item], 1, None)


def test_an_illegal_index_is_refused() -> None:
    space = solo_game().action_space()
    with pytest.raises(IllegalActionError):
        space.text(space.size)
    assert space.text(space.index("won")) == "won"

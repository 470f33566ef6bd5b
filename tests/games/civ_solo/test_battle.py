"""Battles of the solo automa (SOLO-4.4) on hand-built hands."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from civtable.core.errors import IllegalActionError, InvalidStateError
from civtable.core.rng import Rng
from civtable.games.civ_solo.bots.policy import fight, player_policy
from civtable.games.civ_solo.catalog import TABLES, base_decks, trump_table, unit_data
from civtable.games.civ_solo.rules.combat import (
    TRUMPS,
    Battle,
    BattleResult,
    Front,
    Unit,
    first_mover,
    would_destroy,
)
from civtable.games.civ_solo.rules.opponent import composition_counts, opponent_deck, opponent_units

INF, MOUNT, ART, AIR = "infantry", "mounted", "artillery", "aircraft"
REPO = Path(__file__).resolve().parents[3]
SHARED = REPO.parent / "shared" / "data" / "civ_boardgame_units_and_combat.json"
"""The project's shared data, beside the repository (``../shared``); the test that
compares with it is skipped when it is absent (a clone of the repository alone)."""


def u(kind: str, strength: int) -> Unit:
    return Unit(kind, strength)


def rows() -> list[dict]:
    return json.loads(TABLES.read_text(encoding="utf-8"))["historical_events"]["rows"]


# ---------------------------------------------------------------- data and trumps


def test_trump_cycle_matches_the_data_file() -> None:
    """The module constant is the data file's cycle; infantry > mounted > artillery > infantry."""
    assert trump_table() == TRUMPS
    assert u(INF, 1).trumps(u(MOUNT, 6)) and u(MOUNT, 1).trumps(u(ART, 6)) and u(ART, 1).trumps(u(INF, 6))
    assert not u(MOUNT, 6).trumps(u(INF, 1)) and not u(INF, 3).trumps(u(INF, 3))
    assert u(AIR, 5).trumps(u(INF, 6)) and not u(INF, 6).trumps(u(AIR, 5))  # provisional
    assert not u(AIR, 5).trumps(u(AIR, 6))


@pytest.mark.skipif(not SHARED.is_file(), reason=f"the project's shared data ({SHARED}) is not beside the repository")
def test_unit_decks_are_converted_from_shared_data() -> None:
    shared = json.loads(SHARED.read_text(encoding="utf-8"))
    assert unit_data()["decks"] == {k.lower(): v for k, v in shared["base_decks"].items()}
    assert unit_data()["battle_hand_size"]["base"] == shared["battle_hand_size"]["base"]
    beats = shared["trump"]
    for kind in (INF, MOUNT, ART):
        assert TRUMPS[kind] == {beats[f"{kind}_beats"]}
    decks = base_decks()
    assert len(decks[INF]) == 15 and len(decks[AIR]) == 8


# ---------------------------------------------------------------- combat


def test_trumping_unit_kills_without_taking_wounds() -> None:
    """Base combat (trump.effect): a trumping unit strikes first; a kill means no wound back."""
    b = Battle([u(INF, 3)], [], fronts=[Front(opponent=u(MOUNT, 3))])
    b.play_player(0, 0)
    assert b.fronts[0].player == u(INF, 3) and b.fronts[0].player_wounds == 0
    assert b.fronts[0].opponent is None and b.opponent_losses == [u(MOUNT, 3)]


def test_trumping_unit_that_does_not_kill_takes_wounds_back() -> None:
    b = Battle([u(INF, 2)], [], fronts=[Front(opponent=u(MOUNT, 5))])
    b.play_player(0, 0)
    f = b.fronts[0]
    assert f.player is None and f.opponent == u(MOUNT, 5) and f.opponent_wounds == 2
    assert b.player_losses == [u(INF, 2)]


def test_unit_killed_before_striking_back() -> None:
    """The enemy on the front trumps the played unit and kills it first: it takes no wounds."""
    b = Battle([u(INF, 3)], [], fronts=[Front(opponent=u(ART, 4))])
    b.play_player(0, 0)
    assert b.fronts[0].opponent == u(ART, 4) and b.fronts[0].opponent_wounds == 0
    assert b.fronts[0].player is None


def test_trumped_unit_that_survives_the_first_strike_strikes_back() -> None:
    b = Battle([u(INF, 5)], [], fronts=[Front(opponent=u(ART, 4))])
    b.play_player(0, 0)
    assert b.fronts[0].player == u(INF, 5) and b.fronts[0].player_wounds == 4
    assert b.fronts[0].opponent is None


def test_equal_units_without_trump_kill_each_other() -> None:
    b = Battle([u(MOUNT, 3)], [], fronts=[Front(opponent=u(MOUNT, 3))])
    b.play_player(0, 0)
    assert b.fronts[0].player is None and b.fronts[0].opponent is None
    assert b.player_losses == [u(MOUNT, 3)] and b.opponent_losses == [u(MOUNT, 3)]


def test_wounds_accumulate_until_they_reach_strength() -> None:
    b = Battle([u(INF, 2), u(INF, 2), u(INF, 1)], [], fronts=[Front(opponent=u(INF, 5))])
    b.play_player(0, 0)
    assert b.fronts[0].opponent_wounds == 2
    b.play_player(0, 0)
    assert b.fronts[0].opponent_wounds == 4 and b.fronts[0].opponent == u(INF, 5)
    b.play_player(0, 0)
    assert b.fronts[0].opponent is None and b.opponent_losses == [u(INF, 5)]
    assert b.player_losses == [u(INF, 2), u(INF, 2), u(INF, 1)]


def test_wounded_unit_dies_to_a_smaller_attacker() -> None:
    """Wounds stay: a unit with 4 wounds of 5 dies to a strength-1 card (and kills it)."""
    b = Battle([], [u(ART, 1)], next="opponent", fronts=[Front(player=u(ART, 5), player_wounds=4)])
    assert would_destroy(u(ART, 1), u(ART, 5), 4)
    b.play_opponent(Rng(1))
    assert b.fronts[0].player is None and b.fronts[0].opponent is None


# ---------------------------------------------------------------- SOLO-4.4.7 the opponent


def test_solo_4_4_7_opponent_destroys_the_strongest_unit_it_can() -> None:
    fronts = [Front(player=u(MOUNT, 2)), Front(player=u(INF, 4)), Front(player=u(ART, 5))]
    b = Battle([u(INF, 1)], [u(ART, 4)], next="opponent", fronts=fronts)
    assert b.opponent_targets() == [1]  # artillery 5 is too strong; mounted 2 is weaker
    b.play_opponent(Rng(3))
    assert b.fronts[1].player is None and b.fronts[1].opponent == u(ART, 4)
    assert b.fronts[1].opponent_wounds == 0  # artillery trumps infantry and strikes first
    assert b.fronts[0].player == u(MOUNT, 2) and b.next == "player"


def test_solo_4_4_7_opponent_opens_a_front_when_it_cannot_destroy() -> None:
    """Infantry 3 could hit artillery 3, but artillery trumps infantry and kills it first."""
    b = Battle([u(INF, 1)], [u(INF, 3)], next="opponent", fronts=[Front(player=u(ART, 3))])
    assert b.opponent_targets() == []
    b.play_opponent(Rng(3))
    assert len(b.fronts) == 2 and b.fronts[1].opponent == u(INF, 3) and b.fronts[0].player == u(ART, 3)


def test_solo_4_4_7_opponent_does_not_attack_a_unit_it_would_only_wound() -> None:
    b = Battle([], [u(MOUNT, 2), u(INF, 2)], next="opponent", fronts=[Front(player=u(MOUNT, 4))])
    b.play_opponent(Rng(1))  # infantry 2 trumps mounted 4 but cannot kill it
    assert len(b.fronts) == 2 and b.fronts[0].player_wounds == 0
    assert b.next == "opponent"  # the player has no cards: the opponent plays on


def tie_battle() -> Battle:
    fronts = [Front(player=u(MOUNT, 3)), Front(player=u(INF, 3)), Front(player=u(ART, 2))]
    return Battle([u(INF, 1)], [u(AIR, 6)], next="opponent", fronts=fronts)


def test_solo_4_4_7_strongest_tie_b_is_random() -> None:
    """strongest-tie B: equally strong targets are chosen at random with the rng."""
    seen = Counter()
    for seed in range(40):
        b = tie_battle()
        assert b.opponent_targets() == [0, 1]
        b.play_opponent(Rng(seed), tie="B")
        seen[next(i for i, f in enumerate(b.fronts) if f.player is None)] += 1
    assert set(seen) == {0, 1}
    with pytest.raises(ValueError):
        tie_battle().play_opponent(None, tie="B")


def test_solo_4_4_7_strongest_tie_a_lets_the_player_choose() -> None:
    b = tie_battle()
    before = b.to_json()
    with pytest.raises(IllegalActionError, match="must choose"):
        b.play_opponent(None, tie="A")
    with pytest.raises(IllegalActionError, match="cannot attack front 2"):
        b.play_opponent(None, tie="A", target=2)
    assert b.to_json() == before
    b.play_opponent(None, tie="A", target=1)
    assert b.fronts[1].player is None and b.fronts[0].player == u(MOUNT, 3)


# ---------------------------------------------------------------- SOLO-4.4.6 turns


def test_solo_4_4_6_player_first_unless_fortified() -> None:
    assert first_mover(False) == "player" and first_mover(True) == "opponent"
    assert Battle.start([u(INF, 2)], [u(INF, 2)]).next == "player"
    assert Battle.start([u(INF, 2)], [u(INF, 2)], fortified=True).next == "opponent"


def test_sides_alternate_and_a_side_out_of_cards_is_skipped() -> None:
    b = Battle.start([u(INF, 5)], [u(ART, 1), u(ART, 1), u(ART, 1)], fortified=True)
    order = []
    while not b.over():
        order.append(b.next)
        if b.next == "player":
            b.play_player(0, None)
        else:
            b.play_opponent(Rng(0))
    assert order == ["opponent", "player", "opponent", "opponent"]


def test_player_moves_new_front_or_a_lone_enemy() -> None:
    fronts = [Front(opponent=u(INF, 2)), Front(player=u(ART, 3)), Front()]
    b = Battle([u(INF, 2), u(MOUNT, 3)], [u(INF, 1)], fronts=fronts)
    assert b.player_moves() == [(0, 0), (0, None), (1, 0), (1, None)]
    with pytest.raises(IllegalActionError, match="no lone enemy"):
        b.play_player(0, 1)
    with pytest.raises(IllegalActionError, match="no card 5"):
        b.play_player(5, None)
    b.play_player(1, None)
    assert b.player_moves() == []
    with pytest.raises(IllegalActionError, match="not the player's turn"):
        b.play_player(0, None)


# ---------------------------------------------------------------- result


def test_result_counts_surviving_strength_plus_bonus_defender_wins_ties() -> None:
    b = Battle([], [], fronts=[Front(player=u(INF, 4), player_wounds=3), Front(opponent=u(MOUNT, 5))],
               player_bonus=1, opponent_bonus=0)
    r = b.result()
    assert (r.player_total, r.opponent_total, r.winner) == (5, 5, "player")  # wounds ignored, tie to defender
    assert b.result(tie_winner="opponent").winner == "opponent"
    b.opponent_bonus = 2
    assert b.result().winner == "opponent" and not b.result().player_won
    assert isinstance(r, BattleResult) and r.to_json()["player_survivors"] == [{"kind": INF, "strength": 4}]


def test_result_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="not over"):
        Battle([u(INF, 1)], []).result()


# ---------------------------------------------------------------- copies and JSON


def test_clone_is_independent_and_json_round_trips() -> None:
    b = Battle.start([u(INF, 3), u(ART, 2)], [u(MOUNT, 2), u(INF, 4)], player_bonus=2)
    b.play_player(0, None)
    c = b.clone()
    assert c == b and Battle.from_json(json.loads(json.dumps(b.to_json()))) == b
    c.play_opponent(Rng(1))
    assert c != b and len(b.fronts) == 1 and len(b.opponent_deck) == 2


@pytest.mark.parametrize(("patch", "message"), [
    ({"next": "nobody"}, "battle.next must be"),
    ({"player_hand": [{"kind": "tank", "strength": 2}]}, r"battle.player_hand\[0\].kind"),
    ({"opponent_deck": [{"kind": "infantry", "strength": 0}]}, r"battle.opponent_deck\[0\].strength"),
    ({"fronts": [{"player": {"kind": "infantry", "strength": 2}, "player_wounds": 2}]}, "should be dead"),
    ({"fronts": [{"player": {"kind": "infantry", "strength": 2},
                  "opponent": {"kind": "infantry", "strength": 2}}]}, "two living units"),
    ({"fronts": [{"player_wounds": 1}]}, "no player unit"),
    ({"player_bonus": "2"}, "player_bonus must be a non-negative integer"),
    ({"colour": "red"}, "unknown field"),
    ({"player_hand": [], "next": "player"}, "that side has no cards"),
])
def test_bad_json_names_the_field(patch: dict, message: str) -> None:
    data = Battle([u(INF, 2)], [u(INF, 3)]).to_json()
    data.update(patch)
    with pytest.raises(InvalidStateError, match=message):
        Battle.from_json(data)


# ---------------------------------------------------------------- SOLO-4.4.4 / 4.4.5


@pytest.mark.parametrize(("level", "aircraft"), [(1, 0), (2, 0), (3, 1), (4, 2)])
def test_solo_4_4_4_composition_by_level(level: int, aircraft: int) -> None:
    a = Counter(x.kind for x in opponent_units(level))
    assert a == Counter({INF: 2, MOUNT: 2, ART: 2, AIR: aircraft}) - Counter()
    b = Counter(x.kind for x in opponent_units(level, composition="B"))
    assert b == Counter({INF: 2, MOUNT: 1, ART: 1, AIR: aircraft}) - Counter()
    assert composition_counts(level)[AIR] == aircraft


def test_solo_4_4_4_rank_equals_level_or_rank_one() -> None:
    """opponent-unit-rank A: rank = military level; B: rank I (median card: 2/3/4/5)."""
    for level in range(1, 5):
        ground = [x.strength for x in opponent_units(level) if x.kind != AIR]
        assert ground == [level + 1] * 6
        assert [x.strength for x in opponent_units(level, rank_rule="B") if x.kind != AIR] == [2] * 6


def test_solo_4_4_4_random_cards_come_from_the_base_deck_at_the_rank() -> None:
    decks = base_decks()
    rng = Rng(5)
    for _ in range(50):
        for x in opponent_units(3, rng=rng):
            assert x.strength in {card[2] for card in decks[x.kind]}


@pytest.mark.parametrize("row", range(4))
def test_solo_4_4_5_deck_has_the_card_limit(row: int) -> None:
    r = rows()[row]
    level, limit = r["6"]["military_level"], r["6"]["card_limit"]
    units = opponent_units(level)
    deck = opponent_deck(units, limit, Rng(row))
    assert len(deck) == limit and not Counter(deck) - Counter(units)
    assert len(opponent_deck(units, 99, Rng(1))) == len(units)


# ---------------------------------------------------------------- whole battles


def test_policy_kills_with_a_trump_when_it_can() -> None:
    b = Battle([u(MOUNT, 6), u(INF, 2)], [u(INF, 1)], fronts=[Front(opponent=u(MOUNT, 2))])
    assert player_policy(b, Rng(0)) == (1, 0)


def test_policy_opens_with_the_strongest_when_behind() -> None:
    b = Battle([u(INF, 2), u(ART, 5), u(MOUNT, 3)], [u(INF, 1)])
    assert player_policy(b, Rng(0)) == (1, None)


def test_fight_plays_a_whole_battle_deterministically() -> None:
    hand = [u(INF, 3), u(MOUNT, 3), u(ART, 4)]
    deck = [u(INF, 2), u(MOUNT, 2), u(ART, 3)]
    r1 = fight(hand, deck, player_first=True, player_bonus=1, opponent_bonus=0, rng=Rng(9))
    r2 = fight(hand, deck, player_first=True, player_bonus=1, opponent_bonus=0, rng=Rng(9))
    assert r1 == r2 and r1.player_total >= 1
    assert fight(hand, [], rng=Rng(1)).winner == "player"
    assert fight([], deck, rng=Rng(1), player_first=False).winner == "opponent"
    assert fight(hand, deck, rng=Rng(2), tie="A").winner in ("player", "opponent")

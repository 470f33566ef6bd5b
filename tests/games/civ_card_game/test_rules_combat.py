"""Rule tests for Civilization: The Card Game: military cards and combat
(CCG-2.5, CCG-2.6.2, CCG-2.7.2, CCG-7.0 to CCG-7.6)."""

from __future__ import annotations

import pytest

from civtable.core.errors import IllegalActionError

from . import _ccg_helpers as h

TOP4 = ["granary", "granary", "harbor", "harbor"]  # the attacker's draw after combat
DRAWN = {"granary": 2, "harbor": 2}


def declare(g=None, *, attacker=None, defenders=(), current=0, deck=TOP4, **kw):
    """A position in ``current``'s combat step (declaring attackers)."""
    g = g if g is not None else h.game()
    players = [{} for _ in range(g.num_players)]
    players[current] = attacker or {}
    for seat, spec in defenders:
        players[seat] = spec
    return h.position(g, players=players, current=current, phase="declare", deck=deck, **kw)


def combat(s) -> list[list]:
    return s.to_json()["attacks"]


def without(d: dict[str, int], *cards: str) -> dict[str, int]:
    """``d`` less one of each of ``cards``, zero counts left out."""
    out = dict(d)
    for c in cards:
        out[c] -= 1
    return {k: v for k, v in out.items() if v}


def plus(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


# ---------------------------------------------------------------- CCG-7.0
@pytest.mark.parametrize("players,targets", [(2, {1}), (3, {1, 2}), (4, {1, 3})])
def test_ccg_7_0_adjacent_players_may_be_attacked(players, targets):
    """CCG-7.0 (adjacency A): 2 players: the opponent; 3: both others; 4: the
    left and right neighbours, not the player opposite."""
    s = declare(h.game(players=players), attacker={"hand": {"chariot": 1}})
    assert h.legal(s, 0) == {f"attack chariot {q}" for q in targets} | {"pass"}
    if players == 4:
        h.assert_illegal(s, 0, "attack chariot 2")


def test_ccg_7_0_combat_is_optional():
    """CCG-7.0: the current player may decline to fight: 'pass' goes to the draw."""
    s = declare(attacker={"hand": {"chariot": 1}})
    s.apply(0, "pass")
    assert h.phase(s) == "discard"
    assert h.hand(s, 0) == plus({"chariot": 1}, DRAWN)
    assert combat(s) == []


def test_ccg_7_0_players_not_attacked_take_no_part():
    """CCG-7.0: with 3 players, attacking only seat 2 leaves seat 1 out: he is
    never asked to decide and cannot block."""
    g = h.game(players=3)
    s = declare(g, attacker={"hand": {"chariot": 1}},
                defenders=[(1, {"hand": {"archers": 1}}), (2, {"hand": {"archers": 1},
                                                                 "plots": [("grassland", 1), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 2", "fight")
    assert s.to_move() == (2,)
    assert s.legal_actions(1) == []
    with pytest.raises(IllegalActionError):
        s.apply(1, "block chariot archers")
    s.apply(2, "done")
    assert h.hand(s, 1) == {"archers": 1}


# ---------------------------------------------------------------- CCG-7.1
def test_ccg_7_1_attacker_assigns_each_unit_to_one_defender():
    """CCG-7.1: the Attacker plays his units from his hand one by one, each
    against one Defender; they need not be spread (3 players)."""
    g = h.game(players=3)
    s = declare(g, attacker={"hand": {"chariot": 2, "swordsmen": 1, "archers": 1}})
    assert h.legal(s, 0) == {"attack chariot 1", "attack chariot 2", "attack swordsmen 1",
                           "attack swordsmen 2", "pass"}
    s.apply(0, "attack chariot 1")
    assert combat(s) == [["chariot", 1, "active"]]
    assert h.hand(s, 0) == {"chariot": 1, "swordsmen": 1, "archers": 1}
    assert "fight" in h.legal(s, 0) and "pass" not in h.legal(s, 0)
    h.play(s, 0, "attack chariot 1", "attack swordsmen 2")
    assert combat(s) == [["chariot", 1, "active"], ["chariot", 1, "active"], ["swordsmen", 2, "active"]]
    assert h.hand(s, 0) == {"archers": 1}
    assert h.legal(s, 0) == {"fight"}


def test_ccg_7_1_only_attacking_units_from_the_hand():
    """CCG-7.1 / CCG-2.5.3: a unit not in hand, or one that cannot attack
    (Archers), cannot be declared."""
    s = declare(attacker={"hand": {"chariot": 1, "archers": 1}})
    h.assert_illegal(s, 0, "attack archers 1")
    h.assert_illegal(s, 0, "attack swordsmen 1")
    h.assert_illegal(s, 0, "attack chariot 0")  # not against himself
    h.assert_illegal(s, 1, "attack chariot 0")  # not his combat step


# ---------------------------------------------------------------- CCG-7.2.1
def test_ccg_7_2_1_catapult_destroys_city_walls():
    """CCG-7.2.1: a Catapult against a Defender with City Walls: the Walls go
    back to the Defender's hand and the Catapult is discarded; with no Walls
    left, nothing is bounced and the other attacker goes on."""
    s = declare(attacker={"hand": {"catapult": 1, "chariot": 1}},
                defenders=[(1, {"plots": [("grassland", 2, ["city_walls"]), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack catapult 1", "attack chariot 1", "fight")
    assert h.plots(s, 1)[0] == ("grassland", 2, [])
    assert h.hand(s, 1) == {"city_walls": 1}
    assert h.discard_pile(s)["catapult"] == 1
    assert combat(s) == [["catapult", 1, "sieged"], ["chariot", 1, "active"]]
    assert h.phase(s) == "defend" and s.to_move() == (1,)
    s.apply(1, "done")  # the Chariot steals a population
    assert h.pops(s, 1) == [1, 0, 0, 0]


def test_ccg_7_2_1_catapult_has_no_effect_on_the_great_wall():
    """CCG-7.2.1: the Great Wall is not destroyed by a Catapult; it bounces one
    attacker (CCG-7.2.2)."""
    s = declare(attacker={"hand": {"catapult": 1}},
                defenders=[(1, {"plots": [("grassland", 0, ["great_wall"]), ("hills", 0, ["library"]),
                                          "coast", "forest"]})])
    h.play(s, 0, "attack catapult 1", "fight")
    assert h.plots(s, 1)[0] == ("grassland", 0, ["great_wall"])
    assert h.plots(s, 1)[1] == ("hills", 0, ["library"])  # the Catapult was bounced: no damage
    assert h.phase(s) == "discard"
    assert h.hand(s, 0) == plus({"catapult": 1}, DRAWN)
    assert "catapult" not in h.discard_pile(s)


def test_ccg_7_2_1_repeated_for_each_catapult_and_city_walls():
    """CCG-7.2.1 (catapult-repeat A): two Catapults against two City Walls
    destroy both, automatically."""
    s = declare(attacker={"hand": {"catapult": 2, "swordsmen": 1}},
                defenders=[(1, {"plots": [("grassland", 0, ["city_walls"]), ("hills", 0, ["city_walls"]),
                                          ("coast", 0, ["library"]), "forest"]})])
    h.play(s, 0, "attack catapult 1", "attack catapult 1", "attack swordsmen 1", "fight")
    assert h.hand(s, 1) == {"city_walls": 2}
    assert h.discard_pile(s)["catapult"] == 2
    assert h.phase(s) == "defend"
    s.apply(1, "done")
    assert h.plots(s, 1)[2] == ("coast", 0, [])  # Swordsmen destroyed the Library
    assert h.hand(s, 1) == {"city_walls": 2, "library": 1}


def test_ccg_7_2_1_catapult_against_a_defender_without_walls_is_a_normal_attacker():
    """CCG-7.2.1: the siege happens only against City Walls; otherwise the
    Catapult attacks by its card (destroys a building)."""
    s = declare(attacker={"hand": {"catapult": 1}},
                defenders=[(1, {"plots": [("grassland", 0, ["library"]), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack catapult 1", "fight")
    assert h.phase(s) == "defend"
    s.apply(1, "done")
    assert h.plots(s, 1)[0] == ("grassland", 0, [])
    assert h.hand(s, 1) == {"library": 1}
    assert h.discard_pile(s)["catapult"] == 1


# ---------------------------------------------------------------- CCG-7.2.2
def test_ccg_7_2_2_city_walls_bounce_an_attacker_chosen_by_the_defender():
    """CCG-7.2.2: the Defender with City Walls chooses one attacking unit and
    bounces it back to the Attacker's hand; the Walls stay in play; the bounced
    unit is not discarded (CCG-7.6, bounce A)."""
    s = declare(attacker={"hand": {"chariot": 1, "swordsmen": 1}},
                defenders=[(1, {"plots": [("grassland", 1, ["city_walls"]), ("hills", 0, ["library"]),
                                          "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "attack swordsmen 1", "fight")
    assert h.phase(s) == "bounce" and s.to_move() == (1,)
    assert h.legal(s, 1) == {"bounce chariot", "bounce swordsmen"}
    with pytest.raises(IllegalActionError):
        s.apply(0, "bounce chariot")  # the Attacker does not choose
    s.apply(1, "bounce chariot")
    assert h.hand(s, 0) == {"chariot": 1}
    assert h.plots(s, 1)[0] == ("grassland", 1, ["city_walls"])
    assert h.phase(s) == "defend"
    s.apply(1, "done")
    # Swordsmen destroy a building: the Defender chooses which
    assert h.phase(s) == "destroy-building" and s.to_move() == (1,)
    assert h.legal(s, 1) == {"destroy city_walls 1", "destroy library 2"}
    s.apply(1, "destroy library 2")
    assert h.phase(s) == "discard"
    assert h.hand(s, 0) == plus({"chariot": 1}, DRAWN)  # bounced: back in hand
    assert h.discard_pile(s) == {"swordsmen": 1}
    assert h.pops(s, 1) == [1, 0, 0, 0]


def test_ccg_7_2_2_city_walls_and_great_wall_bounce_one_each():
    """CCG-7.2.2: one bounce for each City Walls and one for the Great Wall."""
    s = declare(attacker={"hand": {"chariot": 3}},
                defenders=[(1, {"plots": [("grassland", 3, ["city_walls"]), ("hills", 0, ["great_wall"]),
                                          "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "attack chariot 1", "attack chariot 1", "fight")
    # all attackers are Chariots: no choice to make, two are bounced at once
    assert [a[2] for a in combat(s)].count("bounced") == 0  # bounced units left the combat
    assert combat(s) == [["chariot", 1, "active"]]
    assert h.hand(s, 0) == {"chariot": 2}
    assert h.phase(s) == "defend"
    s.apply(1, "done")
    assert h.pops(s, 1) == [2, 0, 0, 0]


def test_ccg_7_2_2_great_wall_bounce_chosen_by_the_defender():
    """CCG-7.2.2: the Great Wall alone bounces one attacker, the Defender's choice."""
    s = declare(attacker={"hand": {"chariot": 1, "swordsmen": 1}},
                defenders=[(1, {"plots": [("grassland", 1, ["great_wall"]), ("hills", 0, ["library"]),
                                          "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "attack swordsmen 1", "fight")
    assert h.phase(s) == "bounce" and s.to_move() == (1,)
    s.apply(1, "bounce swordsmen")
    assert h.hand(s, 0) == {"swordsmen": 1}
    s.apply(1, "done")
    s.apply(0, "gain 2")
    assert h.plots(s, 1)[:2] == [("grassland", 0, ["great_wall"]), ("hills", 0, ["library"])]
    assert h.pops(s, 0) == [0, 1, 0, 0]


def test_ccg_7_2_2_walls_bounce_only_units_attacking_their_owner():
    """CCG-7.2.2: the Defender chooses among the units attacking him (3 players)."""
    g = h.game(players=3)
    s = declare(g, attacker={"hand": {"chariot": 1, "swordsmen": 1, "spearmen": 1}},
                defenders=[(1, {"plots": [("grassland", 1, ["city_walls"]), "hills", "coast", "forest"]}),
                           (2, {"plots": [("grassland", 1), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "attack swordsmen 1", "attack spearmen 2", "fight")
    assert h.legal(s, 1) == {"bounce chariot", "bounce swordsmen"}
    s.apply(1, "bounce swordsmen")
    assert combat(s) == [["chariot", 1, "active"], ["spearmen", 2, "active"]]
    assert h.hand(s, 0) == {"swordsmen": 1}


# ---------------------------------------------------------------- CCG-7.3
def test_ccg_7_3_swordsmen_may_not_defend():
    """CCG-7.3: Swordsmen cannot defend at all: not among the legal actions, and
    applying it raises IllegalActionError with the state unchanged."""
    s = declare(attacker={"hand": {"chariot": 1}},
                defenders=[(1, {"hand": {"swordsmen": 1}, "plots": [("grassland", 1), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "fight")
    assert h.phase(s) == "defend" and s.to_move() == (1,)
    assert h.legal(s, 1) == {"done"}
    h.assert_illegal(s, 1, "block chariot swordsmen")


def test_ccg_7_3_spearmen_defend_only_against_chariots():
    """CCG-7.3: Spearmen can block a Chariot but no other unit."""
    s = declare(attacker={"hand": {"chariot": 1, "swordsmen": 1, "axemen": 1}},
                defenders=[(1, {"hand": {"spearmen": 3},
                                "plots": [("grassland", 1, ["library"]), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "attack swordsmen 1", "attack axemen 1", "fight")
    assert h.legal(s, 1) == {"block chariot spearmen", "done"}
    h.assert_illegal(s, 1, "block swordsmen spearmen")
    h.assert_illegal(s, 1, "block axemen spearmen")


def test_ccg_7_3_legal_blocks_by_card_data():
    """CCG-7.3 / CCG-2.5.3 (unit-list A): Archers block anything, Axemen block
    Spearmen, Axemen and Swordsmen, not Chariots or Catapults."""
    s = declare(attacker={"hand": {"chariot": 1, "swordsmen": 1, "catapult": 1}},
                defenders=[(1, {"hand": {"archers": 1, "axemen": 1},
                                "plots": [("grassland", 1, ["library"]), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "attack swordsmen 1", "attack catapult 1", "fight")
    assert h.legal(s, 1) == {"block chariot archers", "block swordsmen archers", "block catapult archers",
                           "block swordsmen axemen", "done"}


def test_ccg_7_3_no_more_defenders_than_attackers():
    """CCG-7.3 (block-ratio A): one defending unit per attacking unit; once every
    attacker is blocked no further unit may be played."""
    s = declare(attacker={"hand": {"chariot": 1}},
                defenders=[(1, {"hand": {"archers": 2, "spearmen": 1},
                                "plots": [("grassland", 1), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "fight")
    s.apply(1, "block chariot archers")
    assert h.legal(s, 1) == {"done"}
    h.assert_illegal(s, 1, "block chariot archers")
    h.assert_illegal(s, 1, "block chariot spearmen")
    s.apply(1, "done")
    assert h.hand(s, 1) == {"archers": 1, "spearmen": 1}
    assert h.pops(s, 1) == [1, 0, 0, 0]


def test_ccg_7_3_defender_may_decline():
    """CCG-7.3: a Defender may decline to defend and take the full attack."""
    s = declare(attacker={"hand": {"chariot": 1}},
                defenders=[(1, {"hand": {"archers": 1}, "plots": [("grassland", 1), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "fight")
    assert "done" in h.legal(s, 1)
    s.apply(1, "done")
    s.apply(0, "gain 1")
    assert h.hand(s, 1) == {"archers": 1}
    assert h.pops(s, 1) == [0, 0, 0, 0]
    assert h.pops(s, 0) == [1, 0, 0, 0]


def test_ccg_7_3_defenders_in_order_from_the_attackers_left_and_only_for_themselves():
    """CCG-7.3: Defenders play in turn starting with the first to the Attacker's
    left; a Defender blocks only units attacking him, never for another player."""
    g = h.game(players=3)
    s = declare(g, current=2, attacker={"hand": {"chariot": 2}},
                defenders=[(0, {"hand": {"archers": 1}, "plots": [("grassland", 1), "hills", "coast", "forest"]}),
                           (1, {"hand": {"archers": 1}, "plots": [("grassland", 1), "hills", "coast", "forest"]})])
    h.play(s, 2, "attack chariot 1", "attack chariot 0", "fight")
    assert s.to_move() == (0,)  # seat 0 is to the left of seat 2
    assert h.legal(s, 0) == {"block chariot archers", "done"}
    with pytest.raises(IllegalActionError):
        s.apply(1, "block chariot archers")
    s.apply(0, "block chariot archers")
    assert h.legal(s, 0) == {"done"}  # the chariot attacking seat 1 is not his to block
    s.apply(0, "done")
    assert s.to_move() == (1,)
    s.apply(1, "done")
    assert h.pops(s, 0) == [1, 0, 0, 0]
    assert h.pops(s, 1) == [0, 0, 0, 0]


# ---------------------------------------------------------------- CCG-7.4
def test_ccg_7_4_blocked_attacker_and_defender_discarded():
    """CCG-7.4: a blocked attacking unit and the defending unit go to the
    discard pile; the blocked unit does no damage."""
    s = declare(attacker={"hand": {"chariot": 1}},
                defenders=[(1, {"hand": {"spearmen": 1}, "plots": [("grassland", 1), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "fight", )
    s.apply(1, "block chariot spearmen")
    assert h.discard_pile(s) == {"chariot": 1, "spearmen": 1}
    assert h.hand(s, 1) == {}
    s.apply(1, "done")
    assert h.pops(s, 1) == [1, 0, 0, 0]
    assert h.phase(s) == "discard"
    assert h.hand(s, 0) == DRAWN
    assert h.discard_pile(s) == {"chariot": 1, "spearmen": 1}


# ---------------------------------------------------------------- CCG-7.5
def test_ccg_7_5_defender_chooses_the_population_attacker_the_plot():
    """CCG-7.5: an unblocked Chariot steals a population: the Defender chooses
    from which plot; the Attacker chooses the plot it goes on."""
    s = declare(attacker={"hand": {"chariot": 1}},
                defenders=[(1, {"plots": [("grassland", 2), ("hills", 1), "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "fight", )
    s.apply(1, "done")
    assert h.phase(s) == "lose-population" and s.to_move() == (1,)
    assert h.legal(s, 1) == {"lose 1", "lose 2"}
    h.assert_illegal(s, 1, "lose 3")  # no population there
    with pytest.raises(IllegalActionError):
        s.apply(0, "lose 1")
    s.apply(1, "lose 2")
    assert h.pops(s, 1) == [2, 0, 0, 0]
    assert h.phase(s) == "gain-population" and s.to_move() == (0,)
    assert h.legal(s, 0) == {"gain 1", "gain 2", "gain 3", "gain 4"}
    s.apply(0, "gain 3")
    assert h.pops(s, 0) == [0, 0, 1, 0]
    assert s.to_json()["population_bank"] == 80 - 3


def test_ccg_7_5_single_choice_applied_without_asking():
    """CCG-7.5: when the population can only come from one plot, no question."""
    s = declare(attacker={"hand": {"chariot": 1}},
                defenders=[(1, {"plots": [("grassland", 0), ("hills", 2), "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "fight")
    s.apply(1, "done")
    assert h.phase(s) == "gain-population"
    assert h.pops(s, 1) == [0, 1, 0, 0]


def test_ccg_7_5_defender_chooses_which_building_is_destroyed():
    """CCG-7.5 / CCG-2.6.2: an unblocked Swordsmen destroys one building chosen
    by the Defender; it returns to his hand."""
    s = declare(attacker={"hand": {"swordsmen": 1}},
                defenders=[(1, {"plots": [("grassland", 0, ["library"]), ("hills", 0, ["forge"]),
                                          ("coast", 0, ["pyramids"]), "forest"]})])
    h.play(s, 0, "attack swordsmen 1", "fight")
    s.apply(1, "done")
    assert h.phase(s) == "destroy-building" and s.to_move() == (1,)
    assert h.legal(s, 1) == {"destroy library 1", "destroy forge 2"}  # never the wonder
    h.assert_illegal(s, 1, "destroy pyramids 3")
    s.apply(1, "destroy forge 2")
    assert h.plots(s, 1) == [("grassland", 0, ["library"]), ("hills", 0, []), ("coast", 0, ["pyramids"]),
                           ("forest", 0, [])]
    assert h.hand(s, 1) == {"forge": 1}


def test_ccg_7_5_unit_does_what_it_can():
    """CCG-7.5: a unit that cannot do what its card says (Swordsmen against no
    buildings, Chariot against no population) does nothing and is discarded."""
    s = declare(attacker={"hand": {"swordsmen": 1, "chariot": 1}},
                defenders=[(1, {"plots": ["grassland", "hills", "coast", "forest"]})])
    h.play(s, 0, "attack swordsmen 1", "attack chariot 1", "fight")
    s.apply(1, "done")
    assert h.phase(s) == "discard"
    assert h.plots(s, 1) == [(p, 0, []) for p in ("grassland", "hills", "coast", "forest")]
    assert h.discard_pile(s) == {"swordsmen": 1, "chariot": 1}


def test_ccg_7_5_each_unblocked_unit_deals_its_damage():
    """CCG-7.5: two unblocked Chariots steal two populations."""
    s = declare(attacker={"hand": {"chariot": 2}},
                defenders=[(1, {"plots": [("grassland", 3), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "attack chariot 1", "fight")
    s.apply(1, "done")
    h.play(s, 0, "gain 1")
    h.play(s, 0, "gain 2")
    assert h.pops(s, 1) == [1, 0, 0, 0]
    assert h.pops(s, 0) == [1, 1, 0, 0]


# ---------------------------------------------------------------- CCG-7.6
def test_ccg_7_6_units_that_took_part_are_discarded():
    """CCG-7.6: after combat every attacking unit that took part (and every
    defending unit) is in the discard pile; the Attacker's unused units stay."""
    s = declare(attacker={"hand": {"chariot": 2, "swordsmen": 1}},
                defenders=[(1, {"hand": {"archers": 1},
                                "plots": [("grassland", 1, ["library"]), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack chariot 1", "attack swordsmen 1", "fight")
    h.play(s, 1, "block chariot archers", "done")
    assert h.phase(s) == "discard"
    assert h.discard_pile(s) == {"chariot": 1, "swordsmen": 1, "archers": 1}
    assert h.hand(s, 0) == plus({"chariot": 1}, DRAWN)
    assert s.to_json()["attacks"] == []


# ---------------------------------------------------------------- CCG-2.5
def test_ccg_2_5_1_military_cards_only_for_combat():
    """CCG-2.5.1: military cards are not bought, built or cashed: in the
    purchase step they offer no action."""
    s = h.position(players=[{"hand": {"chariot": 1, "archers": 1, "catapult": 1}, "resources": {"hammers": 50}}])
    assert not any(("chariot" in a or "archers" in a or "catapult" in a) for a in h.legal(s, 0))
    h.assert_illegal(s, 0, "build chariot 1")
    h.assert_illegal(s, 0, "cash archers")


def test_ccg_2_5_1_military_cards_kept_hidden():
    """CCG-2.5.1: units are kept hidden in the hand: other players see only the
    hand size."""
    s = h.position(players=[{}, {"hand": {"chariot": 1, "archers": 2}}])
    seen = s.observation(0)["players"][1]
    assert "hand" not in seen and seen["hand_size"] == 3
    assert s.observation(1)["players"][1]["hand"] == {"chariot": 1, "archers": 2}


def test_ccg_2_5_2_unit_data_decides_the_damage():
    """CCG-2.5.2: the card data says what a unit does: Chariot and Spearmen
    steal population; Swordsmen, Axemen and Catapult destroy buildings."""
    g = h.game()
    units = {c.id: c for c in g.rules.cards.cards if c.kind == "unit"}
    assert {u for u, c in units.items() if c.population_damage} == {"chariot", "spearmen"}
    assert {u for u, c in units.items() if c.building_damage} == {"swordsmen", "axemen", "catapult"}
    s = declare(attacker={"hand": {"spearmen": 1, "axemen": 1}},
                defenders=[(1, {"plots": [("grassland", 1, ["library"]), "hills", "coast", "forest"]})])
    h.play(s, 0, "attack spearmen 1", "attack axemen 1", "fight")
    h.play(s, 1, "done")
    h.play(s, 0, "gain 4")
    assert h.plots(s, 1)[0] == ("grassland", 0, [])
    assert h.hand(s, 1) == {"library": 1}
    assert sum(h.pops(s, 0)) == 1


def test_ccg_2_5_3_attackers_and_defenders_by_card_data():
    """CCG-2.5.3 (unit-list A): Chariot, Swordsmen, Spearmen, Axemen and the
    Catapult attack; Archers, Spearmen and Axemen defend."""
    s = declare(attacker={"hand": {u: 1 for u in ("archers", "spearmen", "axemen", "chariot", "swordsmen",
                                                  "catapult")}})
    assert h.legal(s, 0) == {f"attack {u} 1" for u in ("spearmen", "axemen", "chariot", "swordsmen", "catapult")} | {"pass"}
    g = h.game()
    defenders = {c.id for c in g.rules.cards.cards if c.kind == "unit" and c.defend}
    assert defenders == {"archers", "spearmen", "axemen"}


# ---------------------------------------------------------- CCG-2.6.2, 2.7.2
def test_ccg_2_6_2_destroyed_building_returns_to_hand_and_can_be_rebuilt():
    """CCG-2.6.2: Axemen destroy a building; it returns to its owner's hand and
    must be bought again (later, in his turn)."""
    s = declare(attacker={"hand": {"axemen": 1}},
                defenders=[(1, {"plots": [("grassland", 0, ["temple"]), "hills", "coast", "forest"],
                                "resources": {"hammers": 4}})])
    h.play(s, 0, "attack axemen 1", "fight")
    s.apply(1, "done")
    assert h.plots(s, 1)[0] == ("grassland", 0, [])
    assert h.hand(s, 1) == {"temple": 1}
    # the owner's next turn: he buys it again
    while s.to_json()["current"] == 0:
        s.apply(0, sorted(h.legal(s, 0))[0])
    while h.phase(s) != "purchase":
        s.apply(1, sorted(h.legal(s, 1))[0])
    assert "build temple 1" in h.legal(s, 1)
    before = s.to_json()["players"][1]["resources"]["hammers"]
    s.apply(1, "build temple 1")
    assert h.plots(s, 1)[0][2] == ["temple"]
    assert s.to_json()["players"][1]["resources"]["hammers"] == before - 4


def test_ccg_2_7_2_wonders_are_never_destroyed():
    """CCG-2.7.2: a Defender with only wonders loses nothing to Swordsmen."""
    s = declare(attacker={"hand": {"swordsmen": 2}},
                defenders=[(1, {"plots": [("grassland", 0, ["pyramids"]), ("hills", 0, ["great_library"]),
                                          "coast", "forest"]})])
    h.play(s, 0, "attack swordsmen 1", "attack swordsmen 1", "fight")
    s.apply(1, "done")
    assert h.phase(s) == "discard"
    assert h.plots(s, 1)[:2] == [("grassland", 0, ["pyramids"]), ("hills", 0, ["great_library"])]
    assert h.hand(s, 1) == {}
    assert h.discard_pile(s) == {"swordsmen": 2}

"""Rule-variant tests for Civilization: The Card Game, the readings about purchasing
and combat (step-order, purchase-limits, block-ratio, adjacency, catapult-repeat,
bounce), each on a hand-built position where the readings differ; the others are in
test_variants."""

from __future__ import annotations

import pytest

from civtable.core.errors import IllegalActionError, OptionError

from . import _ccg_helpers as h

FOUR = ["grassland", "hills", "coast", "forest"]


# ------------------------------------------------------------ step-order
def test_step_order_a_combat_after_purchasing():
    """CCG-5.0 (step-order A): no attack while purchasing; after combat the
    draw follows, no more purchases."""
    g = h.game(**{"step-order": "A"})
    s = h.position(g, players=[{"hand": {"chariot": 1}, "resources": {"food": 12}},
                             {"plots": [("grassland", 1)] + FOUR[1:]}])
    assert not any(a.startswith("attack") for a in h.legal(s, 0))
    h.play(s, 0, "done", "attack chariot 1", "fight")
    h.play(s, 1, "done")
    h.play(s, 0, "gain 1")
    assert h.phase(s) == "discard"


def test_step_order_b_purchase_and_combat_in_any_order():
    """CCG-5.0 (step-order B): attack from the purchase step, then go on
    buying; one combat per turn; 'done' leads to the draw."""
    g = h.game(**{"step-order": "B"})
    s = h.position(g, players=[{"hand": {"chariot": 2}, "resources": {"food": 6}},
                             {"plots": [("grassland", 1)] + FOUR[1:]}])
    assert {"attack chariot 1", "pop 1", "done"} <= h.legal(s, 0)
    s.apply(0, "attack chariot 1")
    assert h.legal(s, 0) == {"attack chariot 1", "fight"}  # finish declaring first
    s.apply(0, "fight")
    h.play(s, 1, "done")
    h.play(s, 0, "gain 2")
    assert h.phase(s) == "purchase" and s.to_move() == (0,)
    assert not any(a.startswith("attack") for a in h.legal(s, 0))  # one combat step
    s.apply(0, "pop 1")
    assert h.pops(s, 0) == [1, 1, 0, 0]
    s.apply(0, "done")
    assert h.phase(s) == "discard"


# ------------------------------------------------------------ purchase-limits, block-ratio
def test_purchase_limits_and_block_ratio_have_one_reading():
    """CCG-6.5 (purchase-limits) and CCG-7.3 (block-ratio): the spec gives one
    reading (defaults); only A is accepted."""
    for name in ("purchase-limits", "block-ratio"):
        assert h.game(**{name: "A"}).options[name] == "A"
        with pytest.raises(OptionError):
            h.game(**{name: "B"})


# ------------------------------------------------------------ adjacency
@pytest.mark.parametrize("reading,targets", [("A", {1, 3}), ("B", {1, 2, 3})])
def test_adjacency(reading, targets):
    """CCG-7.0 (adjacency) with 4 players: A neighbours only; B anyone."""
    g = h.game(players=4, adjacency=reading)
    s = h.position(g, players=[{"hand": {"chariot": 1}}], phase="declare")
    assert h.legal(s, 0) == {f"attack chariot {q}" for q in targets} | {"pass"}


def test_adjacency_b_attack_opposite_player():
    """CCG-7.0 (adjacency B): the player opposite can be attacked and defends."""
    g = h.game(players=4, adjacency="B")
    s = h.position(g, players=[{"hand": {"chariot": 1}}, {}, {"plots": [("grassland", 1)] + FOUR[1:],
                                                            "hand": {"archers": 1}}], phase="declare")
    h.play(s, 0, "attack chariot 2", "fight")
    assert s.to_move() == (2,)
    s.apply(2, "block chariot archers")
    s.apply(2, "done")
    assert h.pops(s, 2) == [1, 0, 0, 0]


# ------------------------------------------------------------ catapult-repeat
def catapults(reading):
    g = h.game(**{"catapult-repeat": reading})
    s = h.position(g, players=[{"hand": {"catapult": 2}},
                             {"plots": [("grassland", 0, ["city_walls"]), ("hills", 0, ["city_walls"]),
                                        ("coast", 0, ["library"]), "forest"]}],
                 phase="declare", deck=["granary", "granary", "harbor", "harbor"])
    h.play(s, 0, "attack catapult 1", "attack catapult 1", "fight")
    return s


def test_catapult_repeat_a_automatic():
    """CCG-7.2.1 (catapult-repeat A): the second Catapult destroys the second
    City Walls without asking."""
    s = catapults("A")
    assert h.hand(s, 1) == {"city_walls": 2}
    assert h.discard_pile(s) == {"catapult": 2}
    assert h.phase(s) == "discard"


def test_catapult_repeat_b_attacker_chooses_yes():
    """CCG-7.2.1 (catapult-repeat B): the first siege is automatic; for the
    next Catapult the Attacker chooses: 'siege yes' destroys the other Walls."""
    s = catapults("B")
    assert h.phase(s) == "siege" and s.to_move() == (0,)
    assert h.hand(s, 1) == {"city_walls": 1}
    assert h.legal(s, 0) == {"siege yes", "siege no"}
    with pytest.raises(IllegalActionError):
        s.apply(1, "siege no")
    s.apply(0, "siege yes")
    assert h.hand(s, 1) == {"city_walls": 2}
    assert h.discard_pile(s) == {"catapult": 2}


def test_catapult_repeat_b_attacker_chooses_no():
    """CCG-7.2.1 (catapult-repeat B): 'siege no' keeps the Catapult as an
    attacker; the remaining City Walls bounce it back to the hand (CCG-7.2.2)."""
    s = catapults("B")
    s.apply(0, "siege no")
    assert h.hand(s, 1) == {"city_walls": 1}
    assert [pl[2] for pl in h.plots(s, 1)][:3] == [[], ["city_walls"], ["library"]]
    assert h.phase(s) == "discard"
    assert h.hand(s, 0)["catapult"] == 1
    assert h.discard_pile(s) == {"catapult": 1}


# ------------------------------------------------------------ bounce
def bounced(reading):
    g = h.game(bounce=reading)
    s = h.position(g, players=[{"hand": {"chariot": 1, "swordsmen": 1}},
                             {"plots": [("grassland", 1, ["city_walls"])] + FOUR[1:]}],
                 phase="declare", deck=["granary", "granary", "harbor", "harbor"])
    h.play(s, 0, "attack chariot 1", "attack swordsmen 1", "fight")
    s.apply(1, "bounce chariot")
    return s


def test_bounce_a_bounced_unit_not_used_again():
    """CCG-7.2.2 (bounce A): the bounced Chariot is back in hand and out of
    this combat; it is not discarded."""
    s = bounced("A")
    assert h.phase(s) == "defend"
    s.apply(1, "done")
    assert h.phase(s) == "discard"
    assert h.pops(s, 1) == [1, 0, 0, 0]
    assert h.hand(s, 0) == {"chariot": 1, "granary": 2, "harbor": 2}
    assert h.discard_pile(s) == {"swordsmen": 1}


def test_bounce_b_bounced_unit_may_be_sent_again():
    """CCG-7.2.2 (bounce B): the Attacker may send the bounced unit again in
    this combat; the Walls do not bounce it a second time."""
    s = bounced("B")
    assert h.phase(s) == "redeclare" and s.to_move() == (0,)
    assert h.legal(s, 0) == {"attack chariot 1", "fight"}
    h.play(s, 0, "attack chariot 1", "fight")
    assert h.phase(s) == "defend"
    s.apply(1, "done")
    assert h.pops(s, 1) == [0, 0, 0, 0]  # the Chariot stole the population
    s.apply(0, "gain 1")
    assert h.pops(s, 0) == [1, 0, 0, 0]
    assert h.plots(s, 1)[0] == ("grassland", 0, [])  # the Swordsmen destroyed the Walls
    assert h.discard_pile(s) == {"chariot": 1, "swordsmen": 1}


def test_bounce_b_attacker_may_keep_the_bounced_unit():
    """CCG-7.2.2 (bounce B): not sending it again leaves it in hand."""
    s = bounced("B")
    s.apply(0, "fight")
    s.apply(1, "done")
    assert h.pops(s, 1) == [1, 0, 0, 0]
    assert h.hand(s, 0)["chariot"] == 1

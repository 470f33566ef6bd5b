"""Rule tests for Civilization: The Card Game: the draw and discard at the end of a
turn (CCG-8.1 to CCG-8.3)."""

from __future__ import annotations

from . import _ccg_helpers as h


# -------------------------------------------------------- CCG-8.1 to 8.3
def test_ccg_8_1_draw_four_discard_two():
    """CCG-8.1: at the end of his turn the player draws 4 from the play deck
    (top first), reviews his whole hand and discards 2; then play passes on."""
    s = h.position(players=[{"hand": {"archers": 1}}], deck=["library", "temple", "granary", "market", "forge"])
    s.apply(0, "done")
    assert h.hand(s, 0) == {"archers": 1, "temple": 1, "granary": 1, "market": 1, "forge": 1}
    assert s.to_json()["deck"][-1] == "library"
    assert h.legal(s, 0) == {"discard archers", "discard temple", "discard granary", "discard market",
                           "discard forge"}
    s.apply(0, "discard archers")  # a card held from before may go
    assert h.phase(s) == "discard" and s.to_move() == (0,)
    s.apply(0, "discard forge")
    assert h.hand(s, 0) == {"temple": 1, "granary": 1, "market": 1}
    assert h.discard_pile(s) == {"archers": 1, "forge": 1}
    data = s.to_json()
    assert data["current"] == 1 and data["turn"] == 2


def test_ccg_8_1_discard_only_cards_in_hand():
    """CCG-8.1: the discards come from the hand; someone else cannot discard."""
    s = h.position(players=[{}], deck=["library", "temple", "granary", "market"])
    s.apply(0, "done")
    h.assert_illegal(s, 0, "discard archers")
    h.assert_illegal(s, 1, "discard library")
    h.assert_illegal(s, 0, "discard")


def test_ccg_8_2_astronomy_draws_one_more():
    """CCG-8.2: Astronomy lets the player draw 5; he still discards 2."""
    s = h.position(players=[{"technologies": ["astronomy"]}], deck=["forge"] + ["temple"] * 3 + ["granary"] * 2)
    s.apply(0, "done")
    assert h.phase(s) == "draw"
    assert h.legal(s, 0) == {"draw 4", "draw 5 astronomy"}
    s.apply(0, "draw 5 astronomy")
    assert h.hand(s, 0) == {"temple": 3, "granary": 2}
    h.play(s, 0, "discard temple", "discard temple")
    assert h.hand(s, 0) == {"temple": 1, "granary": 2}
    assert s.to_json()["current"] == 1


def test_ccg_8_3_highest_culture_draws_one_more_and_discards_one_more():
    """CCG-8.3 / CCG-3.3: Highest Culture: draw 5, discard 3."""
    s = h.position(players=[{"technologies": ["literature", "writing"]}],  # culture 3
                 deck=["temple"] * 3 + ["granary"] * 2)
    s.apply(0, "done")
    assert h.legal(s, 0) == {"draw 4", "draw 5 culture"}
    s.apply(0, "draw 5 culture")
    assert sum(h.hand(s, 0).values()) == 5
    h.play(s, 0, "discard temple", "discard temple")
    assert h.phase(s) == "discard"
    s.apply(0, "discard temple")
    assert h.hand(s, 0) == {"granary": 2}
    assert s.to_json()["current"] == 1


def test_ccg_8_3_astronomy_and_highest_culture_draw_six_discard_three():
    """CCG-8.3 table: with Astronomy and Highest Culture, draw 6 and discard 3."""
    s = h.position(players=[{"technologies": ["literature", "writing", "astronomy"]}],
                 deck=["temple"] * 3 + ["granary"] * 3)
    s.apply(0, "done")
    assert h.legal(s, 0) == {"draw 4", "draw 5 astronomy", "draw 5 culture", "draw 6 astronomy culture"}
    s.apply(0, "draw 6 astronomy culture")
    assert h.hand(s, 0) == {"temple": 3, "granary": 3}
    h.play(s, 0, "discard temple", "discard temple", "discard temple")
    assert h.hand(s, 0) == {"granary": 3}
    assert s.to_json()["current"] == 1


def test_ccg_8_1_normal_draw_has_no_choice():
    """CCG-8.1: without Astronomy or Highest Culture the draw is 4, no question."""
    s = h.position(players=[{"technologies": ["literature"]}],  # culture 2: no status
                 deck=["temple"] * 2 + ["granary"] * 2)
    s.apply(0, "done")
    assert h.phase(s) == "discard"
    assert h.hand(s, 0) == {"temple": 2, "granary": 2}

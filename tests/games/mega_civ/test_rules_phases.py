"""Rule tests of Mega Civilization part 1 on hand-built positions of the small map:
the general rules (MC-0), tax (MC-1), growth and census (MC-2) and movement (MC-3);
conflict, cities, the second surplus check and the AST are in test_rules_cities.py.

All numbers are worked out by hand from rules/mega_civilization.md and
data/maps/small.json (limits: kings_vale 3, ash_plains 2, north_downs 2, old_ford 2,
great_delta 4, river_bend 3, twin_rivers 3, date_oasis 1, upper_river 2,
frost_wastes 0; city sites: kings_vale, north_downs, old_ford, great_delta,
twin_rivers, date_oasis, ...). Default options (strict-ast-order B) unless a test
says otherwise; the readings of each ambiguity are in test_variants.py.
"""

from __future__ import annotations

import pytest

from civtable.games.mega_civ.state import BUY, CARDS, GROW, MOVE, REDUCE, REVOLT

from . import _mc_helpers as mc
from ._mc_helpers import (
    EGYPT_BUILDER,
    beneficiary_without_pieces_position,
    game,
    position,
    run_from,
)
from ._seats import ASSYRIA, AST_ORDER, EGYPT, HATTI, HELLAS, MINOA


# ------------------------------------------------------------------ general (MC-0)
def test_mc_0_4_ast_order_of_the_five_civilizations():
    """MC-0.4: AST order is the civilizations' ranking: Minoa 1, Assyria 3, Hatti 9,
    Hellas 15, Egypt 17."""
    s = game().new_state(seed=1)
    assert s.order == AST_ORDER
    assert [s.rank[p] for p in AST_ORDER] == [1, 3, 9, 15, 17]


def test_mc_0_1_mc_0_11_a_turn_runs_the_phases_in_order():
    """MC-0.1 / MC-0.11 / MC-0.3: after the movement step, conflict, cities, surplus,
    the AST, the end-of-turn check, tax and growth of the next turn run in order and
    the game waits at the movement of turn 2. Hellas: city old_ford, 3 tokens in
    kings_vale (no conflict, no city to build, no surplus, supported); AST 1 -> 2
    (stone age, no requirement); turn 2: tax 2 (stock 52 -> 50), growth +2 (-> 48)."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}}}, city={"old_ford": HELLAS}, decider=HELLAS)
    s.apply(HELLAS, "done")
    assert (s.turn, s.phase, s.step, s.to_move()) == (2, 3, MOVE, (HELLAS,))
    assert s.ast[HELLAS] == 2
    assert s.treasury[HELLAS] == 2
    assert mc.tok(s, HELLAS, "kings_vale") == 5
    assert s.stock[HELLAS] == 48
    assert s.census[HELLAS] == 5
    mc.conserved(s)


def test_mc_0_2_mc_0_6_players_act_one_at_a_time_in_ast_order():
    """MC-0.2 / MC-0.6 (strict-ast-order B, default): in the movement phase one player
    decides at a time, in AST order: Minoa, Assyria, Hatti, Hellas, Egypt."""
    s = game().new_state(seed=1)
    seen = []
    while s.phase == 3 and s.turn == 1:
        (p,) = s.to_move()
        seen.append(p)
        s.apply(p, "done")
    assert seen == AST_ORDER


def test_mc_0_7_no_player_acts_before_his_turn():
    """MC-0.7: a player whose turn has not come has no legal action, and acting is
    refused (IllegalActionError) without changing the position."""
    s = game().new_state(seed=1)
    assert s.to_move() == (MINOA,)
    assert s.legal_actions(HELLAS) == []
    mc.assert_illegal(s, HELLAS, "done")
    mc.assert_illegal(s, HELLAS, "move kings_vale ash_plains")


def test_mc_0_5_simultaneous_play_all_players_decide_at_once():
    """MC-0.5 (strict-ast-order A): in the movement phase all five players are to move
    at once; one who has finished has nothing more to decide while the others move
    (MC-0.7: nobody goes on to the next phase before all are done)."""
    g = game(**{"strict-ast-order": "A"})
    s = g.new_state(seed=1)
    assert s.phase == 3
    assert s.to_move() == (0, 1, 2, 3, 4)
    s.apply(MINOA, "done")
    assert s.to_move() == (0, 2, 3, 4)
    assert s.legal_actions(MINOA) == []
    assert s.phase == 3
    mc.assert_illegal(s, MINOA, "done")


def test_mc_0_5_simultaneous_moves_hidden_until_all_are_done():
    """MC-0.5 / MC-0.6 (strict-ast-order A): a player's moves are not visible in another
    player's observation (nor in the real position) until all are done."""
    g = game(**{"strict-ast-order": "A"})
    s = g.new_state(seed=1)
    s.apply(HELLAS, "move kings_vale ash_plains")
    mine = s.observation(HELLAS)["players"][HELLAS]["tokens"]
    theirs = s.observation(HATTI)["players"][HELLAS]["tokens"]
    assert mine == {"kings_vale": 1, "ash_plains": 1}
    assert theirs == {"kings_vale": 2}
    assert mc.tok(s, HELLAS, "ash_plains") == 0
    s.apply(HATTI, "move high_moor ash_plains")
    assert s.observation(HELLAS)["players"][HATTI]["tokens"] == {"high_moor": 2}


def test_mc_0_5_simultaneous_result_equals_ast_order():
    """MC-0.5 / MC-0.6: the simultaneous moves, once all are done, give the same
    position as the same moves played one at a time in AST order."""
    moves = {
        HELLAS: ["move kings_vale ash_plains", "move kings_vale ash_plains"],
        HATTI: ["move high_moor ash_plains"],
        ASSYRIA: ["move twin_rivers river_bend"],
        EGYPT: ["ship great_delta tokens"],
        MINOA: [],
    }
    ga = game(**{"strict-ast-order": "A"})
    sa = ga.new_state(seed=1)
    for p in (EGYPT, HELLAS, HATTI, ASSYRIA, MINOA):  # any order of the players
        for m in moves[p]:
            sa.apply(p, m)
        sa.apply(p, "done")
    gb = game()
    sb = gb.new_state(seed=1)
    for p in AST_ORDER:
        assert sb.to_move() == (p,)
        for m in moves[p]:
            sb.apply(p, m)
        sb.apply(p, "done")
    ja, jb = sa.to_json(), sb.to_json()
    for key in ("turn", "phase", "city", "players", "rng"):
        assert ja[key] == jb[key], key
    assert (ja["turn"], ja["phase"]) == (2, 3)


# ------------------------------------------------------------------ tax (MC-1)
def test_mc_1_0_mc_1_1_tax_two_tokens_per_city_from_stock():
    """MC-1.0 / MC-1.1 (tax-source A): Hellas with 2 cities moves 4 tokens from his
    stock (51) into his treasury (4); then growth (MC-2.1) +2 in kings_vale (3 -> 5)
    and +1 in ash_plains (1 -> 2), stock 47 -> 44; census (MC-2.2) 7."""
    s = run_from(phase=1, players={HELLAS: {"tokens": {"kings_vale": 3, "ash_plains": 1}}},
                 city={"old_ford": HELLAS, "north_downs": HELLAS})
    assert (s.phase, s.step, s.to_move()) == (3, MOVE, (HELLAS,))
    assert s.treasury[HELLAS] == 4
    assert s.stock[HELLAS] == 44
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HELLAS, "ash_plains")) == (5, 2)
    assert s.census[HELLAS] == 7
    assert mc.cities(s, HELLAS) == ["north_downs", "old_ford"]
    mc.conserved(s)


def test_mc_1_2_1_tax_revolt_beneficiary_chooses_the_city():
    """MC-1.2.1 / MC-0.8 / MC-0.9: Hellas (2 cities) has 1 token in stock: he pays it
    (compulsory) and defaults. Beneficiary: most cities in stock (all others 9), then
    most tokens in stock (Minoa 53, Assyria/Hatti/Egypt 55), then AST order: Assyria.
    Assyria chooses which Hellas city becomes his; no 'decline' (tax-revolt-optional A)."""
    s = run_from(phase=1, players={HELLAS: {"treasury": 54}, MINOA: {"tokens": {"pearl_isle": 2}}},
                 city={"old_ford": HELLAS, "north_downs": HELLAS})
    assert (s.phase, s.step, s.to_move()) == (1, REVOLT, (ASSYRIA,))
    assert (s.stock[HELLAS], s.treasury[HELLAS]) == (0, 55)
    assert mc.texts(s, ASSYRIA) == ["revolt north_downs", "revolt old_ford"]
    mc.assert_illegal(s, HATTI, "revolt old_ford")
    mc.assert_illegal(s, ASSYRIA, "decline")
    s.apply(ASSYRIA, "revolt old_ford")
    assert mc.owner(s, "old_ford") == ASSYRIA
    assert mc.owner(s, "north_downs") == HELLAS
    assert (s.city_stock[HELLAS], s.city_stock[ASSYRIA]) == (8, 8)
    assert s.observation(HELLAS)["exempt"] == ["old_ford"]
    assert (s.phase, s.to_move()) == (3, (MINOA,))
    mc.conserved(s)


def test_mc_1_2_5_mc_1_2_6_two_defaulters_victims_excluded_ast_order():
    """MC-1.2.5 / MC-1.2.6: Hellas (2 cities, 7 pieces in stock) and Egypt (1 city, 8
    in stock) both default. Minoa, Assyria, Hatti have 3 cities each (6 in stock) and
    pay 6. The victims, though they have the most city pieces, are excluded. Hellas's
    revolt comes first (AST 15 before 17): Minoa and Assyria tie at 6 pieces / 49
    tokens (Hatti 48), Minoa first in AST order; Minoa chooses kings_vale. Egypt's
    revolt: Minoa now has 5 pieces, so Assyria (6 pieces, 49) takes great_delta
    (Egypt's only city: no choice)."""
    city = {"kings_vale": HELLAS, "old_ford": HELLAS, "great_delta": EGYPT,
            "pearl_isle": MINOA, "east_strand": MINOA, "ember_peak": MINOA,
            "north_downs": HATTI, "red_cliffs": HATTI, "south_cape": HATTI,
            "twin_rivers": ASSYRIA, "harbour_bay": ASSYRIA, "date_oasis": ASSYRIA}
    s = run_from(phase=1, city=city, players={HELLAS: {"treasury": 54}, EGYPT: {"treasury": 55},
                                              HATTI: {"tokens": {"upper_river": 1}}})
    assert (s.step, s.to_move(), s.target) == (REVOLT, (MINOA,), HELLAS)
    assert [s.stock[p] for p in range(5)] == [0, 49, 48, 49, 0]
    assert [s.treasury[p] for p in range(5)] == [55, 6, 6, 6, 55]
    assert mc.texts(s, MINOA) == ["revolt old_ford", "revolt kings_vale"]
    s.apply(MINOA, "revolt kings_vale")
    assert mc.owner(s, "kings_vale") == MINOA
    assert mc.owner(s, "old_ford") == HELLAS
    assert mc.owner(s, "great_delta") == ASSYRIA
    assert [s.city_stock[p] for p in range(5)] == [8, 5, 6, 5, 9]
    assert sorted(s.observation(HELLAS)["exempt"]) == ["great_delta", "kings_vale"]
    # then growth (Hatti 1 -> 2 in upper_river) and Hatti's movement
    assert (s.phase, s.to_move(), mc.tok(s, HATTI, "upper_river"), s.stock[HATTI]) == (3, (HATTI,), 2, 47)
    mc.conserved(s)


def test_mc_1_2_2_mc_1_2_3_beneficiary_without_city_pieces_then_destroyed():
    """MC-1.2.2 / MC-1.2.3 (revolt-destroy A): Minoa and Hatti (8 cities each, 1 piece
    in stock) pay 16; Assyria, Hellas and Egypt (no stock) default. In AST order:
    Assyria's revolt goes to Minoa (1 piece, 38 tokens, first in AST order); Hellas's
    revolt: Minoa has no piece left, so the new Beneficiary is Hatti, who chooses;
    Egypt's revolt: no possible Beneficiary has a piece: great_delta is destroyed."""
    s = beneficiary_without_pieces_position()
    assert mc.owner(s, "twin_rivers") == MINOA
    assert (s.step, s.to_move(), s.target) == (REVOLT, (HATTI,), HELLAS)
    assert (s.stock[MINOA], s.stock[HATTI]) == (38, 38)
    s.apply(HATTI, "revolt kings_vale")
    assert mc.owner(s, "kings_vale") == HATTI
    assert mc.owner(s, "old_ford") == HELLAS
    assert mc.owner(s, "great_delta") == -1
    assert [s.city_stock[p] for p in range(5)] == [8, 0, 0, 9, 9]
    assert (s.phase, s.to_move()) == (3, (MINOA,))
    mc.conserved(s)


def test_mc_1_2_4_revolted_city_not_checked_for_support_this_turn():
    """MC-1.2.4 (revolt-exemption A): Hellas defaults; his only city kings_vale goes to
    Minoa (all 9 pieces, 55 tokens, AST first; Hatti has 54). Minoa has no token on
    the map, yet the city is not reduced in phases 5 and 11 of this turn; Minoa's
    marker advances (he has a city). The city counts for Minoa's draw in phase 6 (one
    card of stack 1); Hellas (55 in treasury, no city) may buy a stack-9 card (MC-6.2)
    and advances (MC-12.1) and declines both. Next turn Minoa pays its tax (2: stock
    55 -> 53) and the city is checked again: Minoa must reduce it."""
    s = run_from(phase=1, city={"kings_vale": HELLAS},
                 players={HELLAS: {"treasury": 54}, HATTI: {"tokens": {"upper_river": 1}}})
    assert mc.owner(s, "kings_vale") == MINOA
    assert (s.phase, s.to_move()) == (3, (HATTI,))
    mc.finish_movement(s)
    assert mc.owner(s, "kings_vale") == MINOA
    assert (s.turn, s.phase, s.step, s.to_move()) == (1, 6, CARDS, (HELLAS,))
    assert mc.texts(s, HELLAS) == ["buy-card 9 15", "done"]
    assert [s.cat.cards[c].stack for c in s.hands[MINOA]] == [1]
    s.apply(HELLAS, "done")
    assert (s.turn, s.phase, s.step, s.to_move()) == (1, 12, BUY, (HELLAS,))
    s.apply(HELLAS, "done")
    assert (s.turn, s.phase, s.to_move()) == (2, 3, (HATTI,))
    assert s.ast[MINOA] == 2
    assert (s.stock[MINOA], s.treasury[MINOA]) == (53, 2)
    assert s.observation(MINOA)["exempt"] == []
    mc.finish_movement(s)
    assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (MINOA,))
    assert mc.texts(s, MINOA) == ["reduce kings_vale"]


# ------------------------------------------------------------------ growth (MC-2)
def test_mc_2_1_growth_one_or_two_tokens_and_census():
    """MC-2.1 / MC-2.2: +1 where a player has exactly 1 token, +2 where he has 2 or more;
    then the census counts the tokens on the map. Hellas: ash_plains 1 -> 2,
    kings_vale 3 -> 5, north_downs 2 -> 4; stock 49 -> 44; census 11."""
    s = run_from(phase=2, players={HELLAS: {"tokens": {"ash_plains": 1, "kings_vale": 3, "north_downs": 2}}})
    assert [mc.tok(s, HELLAS, a) for a in ("ash_plains", "kings_vale", "north_downs")] == [2, 5, 4]
    assert s.stock[HELLAS] == 44
    assert s.census[HELLAS] == 11
    assert s.census[MINOA] == 0
    assert s.phase == 3


def test_mc_2_1_growth_short_stock_player_chooses():
    """MC-2.1 (growth-supply A): Hellas needs 5 tokens but has 3 in stock, so he chooses
    the areas: kings_vale (+2 -> 5, above its limit 3: limits are not applied now) and
    ash_plains (+1); north_downs stays at 2. Census 9."""
    s = run_from(phase=2, players={HELLAS: {"tokens": {"ash_plains": 1, "kings_vale": 3, "north_downs": 2},
                                            "treasury": 46}})
    assert s.stock[HELLAS] == 3
    assert (s.phase, s.step, s.to_move()) == (2, GROW, (HELLAS,))
    assert mc.texts(s, HELLAS) == ["grow north_downs", "grow kings_vale", "grow ash_plains"]
    s.apply(HELLAS, "grow kings_vale")
    assert mc.texts(s, HELLAS) == ["grow north_downs", "grow ash_plains"]
    s.apply(HELLAS, "grow ash_plains")
    assert [mc.tok(s, HELLAS, a) for a in ("ash_plains", "kings_vale", "north_downs")] == [2, 5, 2]
    assert s.stock[HELLAS] == 0
    assert s.census[HELLAS] == 9
    assert (s.phase, s.step) == (3, MOVE)


# ------------------------------------------------------------------ movement (MC-3)
def test_mc_3_1_land_move_to_an_adjacent_area_once():
    """MC-3.1: a token moves into one adjacent land area (kings_vale: ash_plains,
    frost_wastes, north_downs, old_ford), and only once per turn."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 2}}}, decider=HELLAS)
    moves = sorted(t for t in mc.texts(s, HELLAS) if t.startswith("move"))
    assert moves == ["move kings_vale ash_plains", "move kings_vale frost_wastes",
                     "move kings_vale north_downs", "move kings_vale old_ford"]
    mc.assert_illegal(s, HELLAS, "move kings_vale east_strand")  # not adjacent
    s.apply(HELLAS, "move kings_vale ash_plains")
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HELLAS, "ash_plains")) == (1, 1)
    mc.assert_illegal(s, HELLAS, "move ash_plains east_strand")  # that token has moved
    s.apply(HELLAS, "move kings_vale old_ford")
    assert not [t for t in mc.texts(s, HELLAS) if t.startswith("move")]
    mc.assert_illegal(s, MINOA, "done")  # wrong player


def test_mc_3_2_no_land_move_across_water():
    """MC-3.2: Minoa's island pearl_isle has no land neighbour: no land move at all;
    kings_vale (across the middle_sea) is out of reach without a ship."""
    s = position(players={MINOA: {"tokens": {"pearl_isle": 2}}}, decider=MINOA)
    assert not [t for t in mc.texts(s, MINOA) if t.startswith("move")]
    mc.assert_illegal(s, MINOA, "move pearl_isle kings_vale")
    s2 = position(players={HELLAS: {"tokens": {"kings_vale": 2}}}, decider=HELLAS)
    mc.assert_illegal(s2, HELLAS, "move kings_vale pearl_isle")


@pytest.mark.parametrize("pay, kv, nd, treasury", [
    ("tokens", 1, 2, 3),    # (a) 2 tokens from the building area
    ("split", 2, 1, 3),     # (b) 1 here, 1 from another area
    ("treasury", 3, 2, 1),  # (c) 2 treasury tokens
    ("mixed", 2, 2, 2),     # (d) 1 token and 1 treasury token
])
def test_mc_3_3_mc_3_4_ship_costs(pay, kv, nd, treasury):
    """MC-3.3 / MC-3.4 (ship-cost A): Hellas (kings_vale 3, north_downs 2, treasury 3,
    stock 47) builds a ship in kings_vale in each of the four ways; the 2 paid tokens
    return to his stock (49); a ship piece leaves his stock (4 -> 3)."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3, "north_downs": 2}, "treasury": 3}}, decider=HELLAS)
    ships = sorted(t for t in mc.texts(s, HELLAS) if t.startswith("ship"))
    assert ships == ["ship kings_vale mixed", "ship kings_vale split", "ship kings_vale tokens",
                     "ship kings_vale treasury"]  # north_downs is not coastal
    s.apply(HELLAS, f"ship kings_vale {pay}")
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HELLAS, "north_downs"), s.treasury[HELLAS]) == (kv, nd, treasury)
    assert s.stock[HELLAS] == 49
    assert (s.ship_stock[HELLAS], s.observation(HELLAS)["ships"]) == (3, ["kings_vale"])
    mc.conserved(s)


def test_mc_3_4_ship_cost_needs_the_means():
    """MC-3.4: with 1 token in the area and 1 treasury token only (d) is possible;
    with no treasury and no other area none; a ship needs a coastal area holding
    the player's tokens."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 1}, "treasury": 1}}, decider=HELLAS)
    assert [t for t in mc.texts(s, HELLAS) if t.startswith("ship")] == ["ship kings_vale mixed"]
    mc.assert_illegal(s, HELLAS, "ship kings_vale tokens")
    mc.assert_illegal(s, HELLAS, "ship kings_vale treasury")
    mc.assert_illegal(s, HELLAS, "ship ash_plains treasury")
    s2 = position(players={HELLAS: {"tokens": {"kings_vale": 1}}}, decider=HELLAS)
    assert not [t for t in mc.texts(s2, HELLAS) if t.startswith("ship")]


def test_mc_3_5_ship_carries_five_tokens_and_they_end_their_move():
    """MC-3.5 (ship-movement A): a ship carries up to 5 tokens; they end their move in
    the landing area (no land step after landing); the other token still moves."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 6}, "treasury": 2}}, decider=HELLAS)
    s.apply(HELLAS, "ship kings_vale treasury")
    sails = [t for t in mc.texts(s, HELLAS) if t.startswith("sail kings_vale east_strand")]
    assert sails == [f"sail kings_vale east_strand {k}" for k in range(1, 6)]
    mc.assert_illegal(s, HELLAS, "sail kings_vale east_strand 6")
    s.apply(HELLAS, "sail kings_vale east_strand 5")
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HELLAS, "east_strand")) == (1, 5)
    mc.assert_illegal(s, HELLAS, "move east_strand ash_plains")
    assert "move kings_vale ash_plains" in mc.texts(s, HELLAS)
    mc.conserved(s)


def test_mc_3_5_ship_moves_at_most_four_areas_along_the_coast():
    """MC-3.5: a ship travels through coastal areas, up to 4: from kings_vale it reaches
    dune_coast (pearl_isle, harbour_bay, great_delta, dune_coast) but not red_cliffs, the
    fifth; and not far_steppe, 4 areas away only across the open sea (open-sea A)."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 1, "nw_hills": 1}, "treasury": 4}}, decider=HELLAS)
    s.apply(HELLAS, "ship kings_vale treasury")
    assert "sail kings_vale dune_coast 1" in mc.texts(s, HELLAS)
    mc.assert_illegal(s, HELLAS, "sail kings_vale red_cliffs 1")
    mc.assert_illegal(s, HELLAS, "sail kings_vale far_steppe 1")
    s.apply(HELLAS, "sail kings_vale dune_coast 1")
    assert mc.tok(s, HELLAS, "dune_coast") == 1


def test_mc_3_5_open_sea_b_ships_cross_the_sea_areas():
    """MC-3.5 (open-sea B): every ship crosses the sea areas: from kings_vale far_steppe
    is 4 areas (middle_sea, east_sea, southern_gulf, far_steppe); from nw_hills it is 5
    (west_sea first)."""
    g = game(**{"open-sea": "B"})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 1, "nw_hills": 1}, "treasury": 4}}, decider=HELLAS)
    s.apply(HELLAS, "ship kings_vale treasury")
    s.apply(HELLAS, "ship nw_hills treasury")
    assert "sail kings_vale far_steppe 1" in mc.texts(s, HELLAS)
    assert "sail nw_hills copper_hills 1" in mc.texts(s, HELLAS)
    mc.assert_illegal(s, HELLAS, "sail nw_hills far_steppe 1")
    s.apply(HELLAS, "sail kings_vale far_steppe 1")
    assert mc.tok(s, HELLAS, "far_steppe") == 1


def test_mc_3_4_ships_stay_on_the_map_until_the_conflicts_are_over():
    """MC-3.4 (ship persistence, not stated): a ship that sailed stays where it landed,
    and a built ship where it was built, through the conflict phase; then both go back
    to the stock (none is on the map in phase 5)."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 2, "old_ford": 1}, "treasury": 4}, **EGYPT_BUILDER},
                 decider=HELLAS)
    s.apply(HELLAS, "ship kings_vale treasury")
    s.apply(HELLAS, "ship old_ford treasury")
    s.apply(HELLAS, "sail kings_vale ash_plains 2")
    assert (s.ships[HELLAS], s.docked[HELLAS], s.ship_stock[HELLAS]) == ([s.board.index("old_ford")],
                                                                       [s.board.index("ash_plains")], 2)
    assert s.observation(MINOA)["players"][HELLAS]["ships_on_map"] == ["ash_plains"]
    s.apply(HELLAS, "done")
    mc.finish_movement(s)
    assert (s.phase, s.ships[HELLAS], s.docked[HELLAS], s.ship_stock[HELLAS]) == (5, [], [], 4)
    mc.conserved(s)

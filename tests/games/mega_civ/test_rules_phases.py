"""Rule tests of Mega Civilization part 1 on hand-built positions of the small map:
the general rules (MC-0), tax (MC-1), growth and census (MC-2), movement (MC-3),
conflict (MC-4), cities (MC-5), the second surplus check (MC-11) and the AST (MC-13).

All numbers are worked out by hand from rules/mega_civilization.md and
data/maps/small.json (limits: kings_vale 3, ash_plains 2, north_downs 2, old_ford 2,
great_delta 4, river_bend 3, twin_rivers 3, date_oasis 1, upper_river 2,
frost_wastes 0; city sites: kings_vale, north_downs, old_ford, great_delta,
twin_rivers, date_oasis, ...). Default options (strict-ast-order B) unless a test
says otherwise; the readings of each ambiguity are in test_variants.py.
"""

from __future__ import annotations

import pytest

from civtable.games.mega_civ.codes import BUILD, BUY, CARDS, GROW, MOVE, REDUCE, REVOLT

from . import _mc_helpers as mc
from ._mc_helpers import game, position, run_from
from ._seats import ASSYRIA, AST_ORDER, EGYPT, HATTI, HELLAS, MINOA

# a player who can build a city (6 tokens on the great_delta site): the flow stops at
# the city-building step (phase 5) right after the conflicts, before surplus removal
EGYPT_BUILDER = {EGYPT: {"tokens": {"great_delta": 6}}}


def stop_at_build(players, city=None, g=None, first=EGYPT):
    """Play the movement step to its end and stop at the city-building decision
    (Egypt's, unless ``first`` says who can build first)."""
    players = {**EGYPT_BUILDER, **players}
    s = position(g, players=players, city=city or {}, queue=[p for p in AST_ORDER if p in players])
    mc.finish_movement(s)
    assert (s.phase, s.step, s.to_move()) == (5, BUILD, (first,))
    return s


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


def _beneficiary_without_pieces_position(g=None):
    city = {a: MINOA for a in ("nw_hills", "north_downs", "frost_wastes", "high_moor", "ember_peak",
                               "west_cape", "pearl_isle", "smoke_isle")}
    city.update({a: HATTI for a in ("ash_plains", "east_strand", "south_cape", "harbour_bay",
                                    "dune_coast", "red_cliffs", "salt_marsh", "date_oasis")})
    city.update({"twin_rivers": ASSYRIA, "kings_vale": HELLAS, "old_ford": HELLAS, "great_delta": EGYPT})
    players = {MINOA: {"tokens": {"river_bend": 1}}, HATTI: {"tokens": {"upper_river": 1}},
               ASSYRIA: {"treasury": 55}, HELLAS: {"treasury": 55}, EGYPT: {"treasury": 55}}
    return run_from(g, phase=1, city=city, players=players)


def test_mc_1_2_2_mc_1_2_3_beneficiary_without_city_pieces_then_destroyed():
    """MC-1.2.2 / MC-1.2.3 (revolt-destroy A): Minoa and Hatti (8 cities each, 1 piece
    in stock) pay 16; Assyria, Hellas and Egypt (no stock) default. In AST order:
    Assyria's revolt goes to Minoa (1 piece, 38 tokens, first in AST order); Hellas's
    revolt: Minoa has no piece left, so the new Beneficiary is Hatti, who chooses;
    Egypt's revolt: no possible Beneficiary has a piece: great_delta is destroyed."""
    s = _beneficiary_without_pieces_position()
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


# ------------------------------------------------------------------ conflict (MC-4)
def test_mc_4_1_1_fewer_tokens_remove_first_then_alternately():
    """MC-4.1.1 / MC-4.1.2: kings_vale (limit 3), Hellas 4 and Hatti 3: Hatti removes
    first (2), Hellas (3), Hatti (1), Hellas (2): 3 tokens = the limit."""
    s = stop_at_build({HELLAS: {"tokens": {"kings_vale": 4}}, HATTI: {"tokens": {"kings_vale": 3}}})
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "kings_vale")) == (2, 1)
    assert (s.stock[HELLAS], s.stock[HATTI]) == (53, 54)
    mc.conserved(s)


def test_mc_4_1_2_conflict_ends_when_one_side_is_gone():
    """MC-4.1.2 (conflict-details): ash_plains (limit 2), Hellas 4 and Hatti 2: Hatti
    (1), Hellas (3), Hatti (0): the conflict ends with Hellas alone, still above the
    limit (the surplus is removed later, in phase 5)."""
    s = stop_at_build({HELLAS: {"tokens": {"ash_plains": 4}}, HATTI: {"tokens": {"ash_plains": 2}}})
    assert (mc.tok(s, HELLAS, "ash_plains"), mc.tok(s, HATTI, "ash_plains")) == (3, 0)
    assert (s.stock[HELLAS], s.stock[HATTI]) == (52, 55)


@pytest.mark.parametrize("area, n, left", [("ash_plains", 3, 1), ("kings_vale", 2, 1)])
def test_mc_4_1_3_equal_numbers_remove_simultaneously(area, n, left):
    """MC-4.1.3: equal numbers remove together: ash_plains (limit 2) 3+3 -> 2+2 -> 1+1;
    kings_vale (limit 3) 2+2 -> 1+1, one below the limit (conflict-details)."""
    s = stop_at_build({HELLAS: {"tokens": {area: n}}, HATTI: {"tokens": {area: n}}})
    assert (mc.tok(s, HELLAS, area), mc.tok(s, HATTI, area)) == (left, left)


def test_mc_4_1_conflict_of_three_players():
    """MC-4.1 (conflict-details, three players): kings_vale (limit 3), Hellas 4, Hatti 3,
    Assyria 1: rounds in increasing order of count: Assyria (0), Hatti (2), Hellas
    (3); then Hatti (1), Hellas (2): 3 = the limit."""
    s = stop_at_build({HELLAS: {"tokens": {"kings_vale": 4}}, HATTI: {"tokens": {"kings_vale": 3}},
                       ASSYRIA: {"tokens": {"kings_vale": 1}}})
    assert [mc.tok(s, p, "kings_vale") for p in (HELLAS, HATTI, ASSYRIA)] == [2, 1, 0]
    mc.conserved(s)


def test_mc_4_1_no_conflict_within_the_limit():
    """MC-4.1 (conflict-trigger A): Hellas 1 and Hatti 2 in kings_vale (limit 3): no conflict."""
    s = stop_at_build({HELLAS: {"tokens": {"kings_vale": 1}}, HATTI: {"tokens": {"kings_vale": 2}}})
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "kings_vale")) == (1, 2)


def test_mc_4_2_1_attack_by_six_tokens_fails():
    """MC-4.2.1: 6 Hatti tokens in Hellas's city area date_oasis: the attack fails and
    has no effect (city-attack-details)."""
    s = stop_at_build({HATTI: {"tokens": {"date_oasis": 6}}, HELLAS: {"treasury": 5}}, city={"date_oasis": HELLAS})
    assert mc.owner(s, "date_oasis") == HELLAS
    assert (mc.tok(s, HATTI, "date_oasis"), mc.tok(s, HELLAS, "date_oasis")) == (6, 0)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (5, 0)


def test_mc_4_2_2_city_attacked_by_seven_replaced_by_six_then_conflict():
    """MC-4.2.2: 7 Hatti tokens attack Hellas's city in kings_vale (limit 3): the city
    goes back to Hellas's stock and 6 Hellas tokens come in; token conflict: Hellas
    (6) removes first: 5/7, 5/6, 4/6, 4/5, ... 1/3, 1/2 = 3. The defender keeps a
    token, so the attacker has not won (city-attack-win A): no plunder."""
    s = stop_at_build({HATTI: {"tokens": {"kings_vale": 7}}, HELLAS: {"treasury": 5}}, city={"kings_vale": HELLAS})
    assert mc.owner(s, "kings_vale") == -1
    assert s.city_stock[HELLAS] == 9
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "kings_vale")) == (1, 2)
    assert (s.stock[HELLAS], s.stock[HATTI]) == (49, 53)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (5, 0)
    mc.conserved(s)


@pytest.mark.parametrize("treasury, plunder", [(5, 3), (2, 2)])
def test_mc_4_2_3_attacker_wins_and_plunders_up_to_three(treasury, plunder):
    """MC-4.2.2 / MC-4.2.3 (city-attack-win A, plunder-source A): 7 Hatti tokens attack
    Hellas's city in date_oasis (limit 1): 6 Hellas tokens, conflict to Hellas 0,
    Hatti 2. Hatti wins and takes up to 3 tokens from Hellas's treasury: tokens keep
    their colour, so Hellas's go back to his stock and as many of Hatti's move from his
    stock to his treasury (every player keeps his 55 tokens)."""
    s = stop_at_build({HATTI: {"tokens": {"date_oasis": 7}}, HELLAS: {"treasury": treasury}},
                      city={"date_oasis": HELLAS})
    assert mc.owner(s, "date_oasis") == -1
    assert (mc.tok(s, HELLAS, "date_oasis"), mc.tok(s, HATTI, "date_oasis")) == (0, 2)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (treasury - plunder, plunder)
    assert s.stock[HELLAS] == 55 - treasury + plunder
    assert s.stock[HATTI] == 55 - 2 - plunder
    mc.conserved(s)


def test_mc_4_2_2_defenders_limited_by_owner_stock():
    """MC-4.2.2 (city-attack-details): the owner puts in as many of the 6 tokens as his
    stock holds: Hellas has 4 in stock; date_oasis: 7 vs 4 -> Hatti wins with 3
    (4/7: H3, T6; H2, T5; H1, T4; H0)."""
    s = stop_at_build({HATTI: {"tokens": {"date_oasis": 7}}, HELLAS: {"treasury": 51}}, city={"date_oasis": HELLAS})
    assert (mc.tok(s, HELLAS, "date_oasis"), mc.tok(s, HATTI, "date_oasis")) == (0, 4)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (48, 3)


def test_mc_4_0_token_conflicts_before_city_attacks():
    """MC-4.0: Hellas (stock 0) has a city in kings_vale and 3 tokens in ash_plains;
    Hatti has 3 in ash_plains and 7 in kings_vale. The token conflict in ash_plains
    comes first (3/3 -> 1/1, Hellas's stock 0 -> 2), so the city has 2 defenders:
    7 vs 2 (limit 3): Hellas 1, Hatti 6, Hellas 0: Hatti wins with 6 and takes 3 of
    Hellas's 52 treasury tokens (back to Hellas's stock: 2 + 3; Hatti's 3 come from his
    own stock). (City attack first: 0 defenders, Hatti keeps 7.)"""
    s = stop_at_build({HELLAS: {"tokens": {"ash_plains": 3}, "treasury": 52},
                       HATTI: {"tokens": {"ash_plains": 3, "kings_vale": 7}}}, city={"kings_vale": HELLAS},
                      first=HATTI)  # Hatti's 6 tokens on the kings_vale site may build
    assert (mc.tok(s, HELLAS, "ash_plains"), mc.tok(s, HATTI, "ash_plains")) == (1, 1)
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "kings_vale")) == (0, 6)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (49, 3)
    assert s.stock[HELLAS] == 5
    mc.conserved(s)


# ------------------------------------------------------------------ cities (MC-5)
def _build_position(tokens, city=None, **extra):
    return position(players={HELLAS: {"tokens": tokens, **extra}}, city=city or {}, phase=5, step="build",
                    decider=HELLAS)


def test_mc_5_1_city_needs_6_on_a_site_12_elsewhere():
    """MC-5.1 / city-build: 6 tokens on a city site (great_delta), 12 elsewhere
    (river_bend, no site); 5 on a site (twin_rivers) or 12 where the limit is 0
    (frost_wastes) do not make a city. Building is optional ('done')."""
    s = _build_position({"great_delta": 6, "river_bend": 12, "twin_rivers": 5, "frost_wastes": 12})
    assert mc.texts(s, HELLAS) == ["city great_delta", "city river_bend", "done"]
    mc.assert_illegal(s, HELLAS, "city twin_rivers")
    mc.assert_illegal(s, HELLAS, "city frost_wastes")
    mc.assert_illegal(s, MINOA, "city great_delta")
    s.apply(HELLAS, "city great_delta")
    s.apply(HELLAS, "city river_bend")
    assert mc.cities(s, HELLAS) == ["great_delta", "river_bend"]
    assert (mc.tok(s, HELLAS, "great_delta"), mc.tok(s, HELLAS, "river_bend")) == (0, 0)
    assert s.city_stock[HELLAS] == 7
    assert s.stock[HELLAS] == 55 - 35 + 18
    mc.conserved(s)


def test_mc_5_1_no_city_without_a_city_piece():
    """MC-5.1 (city-build): a city piece must be in the player's stock."""
    nine = ["nw_hills", "north_downs", "high_moor", "ember_peak", "west_cape", "old_ford",
            "kings_vale", "ash_plains", "east_strand"]
    s = position(players={HELLAS: {"tokens": {"great_delta": 6, "river_bend": 1}}},
                 city={a: HELLAS for a in nine}, phase=3, step="move", decider=HELLAS)
    s.apply(HELLAS, "done")
    assert s.phase != 5 or s.step != BUILD
    assert mc.owner(s, "great_delta") == -1


def test_mc_5_2_surplus_removed_after_building():
    """MC-5.2 (surplus-scope C): Hellas builds in great_delta with 8 tokens (2 left
    there, removed) and has 5 in kings_vale (limit 3: 2 removed). Stock 42 + 6 + 2 + 2
    = 52. (Egypt's unsupported city stops the flow at the support check.)"""
    s = position(players={HELLAS: {"tokens": {"great_delta": 8, "kings_vale": 5}},
                          EGYPT: {"tokens": {"upper_river": 1}}},
                 city={"twin_rivers": EGYPT}, phase=5, step="build", decider=HELLAS)
    s.apply(HELLAS, "city great_delta")
    assert mc.tok(s, HELLAS, "great_delta") == 2
    s.apply(HELLAS, "done")
    assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (EGYPT,))
    assert (mc.tok(s, HELLAS, "great_delta"), mc.tok(s, HELLAS, "kings_vale")) == (0, 3)
    assert s.stock[HELLAS] == 52
    mc.conserved(s)


def test_mc_5_0_build_then_surplus_then_support():
    """MC-5.0: the sub-steps run in order: Hellas (city in kings_vale) builds with 7 of
    his tokens in great_delta; the 1 left is removed as surplus; then the support
    check finds 0 tokens for 2 cities and Hellas must reduce one."""
    s = _build_position({"great_delta": 7}, city={"kings_vale": HELLAS})
    s.apply(HELLAS, "city great_delta")
    s.apply(HELLAS, "done")
    assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (HELLAS,))
    assert sum(s.tokens[HELLAS]) == 0
    assert mc.texts(s, HELLAS) == ["reduce kings_vale", "reduce great_delta"]


def test_mc_5_3_unsupported_city_reduced_owner_choosing():
    """MC-5.3.1 / MC-5.3.2 / MC-5.3.3 (support-counting A): Hellas has 3 cities and 3
    tokens (needs 6). He chooses north_downs: it becomes 2 tokens (its limit); these
    count, so 5 tokens support the other 2 cities. Then phase 11, the AST (2), turn 2:
    tax 4 (stock 50 -> 46), growth ash 2->4, high_moor 1->2, north_downs 2->4 (41)."""
    s = position(players={HELLAS: {"tokens": {"ash_plains": 2, "high_moor": 1}}},
                 city={"kings_vale": HELLAS, "old_ford": HELLAS, "north_downs": HELLAS}, decider=HELLAS)
    s.apply(HELLAS, "done")
    assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (HELLAS,))
    assert mc.texts(s, HELLAS) == ["reduce north_downs", "reduce old_ford", "reduce kings_vale"]
    mc.assert_illegal(s, HATTI, "reduce north_downs")
    s.apply(HELLAS, "reduce north_downs")
    assert mc.cities(s, HELLAS) == ["kings_vale", "old_ford"]
    assert (s.turn, s.phase, s.to_move()) == (2, 3, (HELLAS,))
    assert [mc.tok(s, HELLAS, a) for a in ("ash_plains", "high_moor", "north_downs")] == [4, 2, 4]
    assert (s.stock[HELLAS], s.treasury[HELLAS], s.ast[HELLAS]) == (41, 4, 2)
    mc.conserved(s)


@pytest.mark.parametrize("reduced, kept, tokens, stock", [("date_oasis", "kings_vale", 2, 49),
                                                          ("kings_vale", "date_oasis", 5, 46)])
def test_mc_5_3_2_reduced_city_gives_the_area_limit_in_tokens(reduced, kept, tokens, stock):
    """MC-5.3.2: a city in date_oasis (limit 1) becomes 1 token; one in kings_vale
    (limit 3) 3 tokens; both reduced since 0 tokens cannot support even one city.
    Then turn 2: tax 2, growth (1 -> 2, 3 -> 5)."""
    s = position(players={HELLAS: {"tokens": {"ash_plains": 1}}}, city={"date_oasis": HELLAS, "kings_vale": HELLAS},
                 decider=HELLAS)
    s.apply(HELLAS, "done")
    s.apply(HELLAS, f"reduce {reduced}")
    assert mc.owner(s, reduced) == -1
    assert mc.owner(s, kept) == HELLAS
    assert (s.turn, mc.tok(s, HELLAS, reduced), mc.tok(s, HELLAS, "ash_plains")) == (2, tokens, 2)
    assert (s.stock[HELLAS], s.treasury[HELLAS]) == (stock, 2)


def test_mc_5_3_2_reduced_city_tokens_only_up_to_the_limit():
    """MC-5.3.2 / MC-5.3.3: Hellas has 3 cities and 3 tokens, all in kings_vale (limit
    3). Reducing kings_vale adds 'as many tokens as the area's limit allows': none, as
    3 are there already. So 3 tokens for the 2 other cities: still unsupported, and
    Hellas must reduce another city in phase 5."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}}},
                 city={"kings_vale": HELLAS, "old_ford": HELLAS, "north_downs": HELLAS}, decider=HELLAS)
    s.apply(HELLAS, "done")
    s.apply(HELLAS, "reduce kings_vale")
    assert mc.tok(s, HELLAS, "kings_vale") == 3
    assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (HELLAS,))


# ------------------------------------------------------------------ phase 11 (MC-11)
def test_mc_11_1_second_surplus_and_support_check():
    """MC-11.1 (phase-11 A): in phase 11 the surplus is removed again (river_bend 5 ->
    3, its limit) and support checked: 3 tokens for 2 cities: Hellas reduces one,
    in phase 11."""
    s = run_from(phase=11, players={HELLAS: {"tokens": {"river_bend": 5}}},
                 city={"kings_vale": HELLAS, "old_ford": HELLAS})
    assert (s.phase, s.step, s.to_move()) == (11, REDUCE, (HELLAS,))
    assert mc.tok(s, HELLAS, "river_bend") == 3
    s.apply(HELLAS, "reduce old_ford")
    assert mc.cities(s, HELLAS) == ["kings_vale"]
    assert (s.turn, s.phase) == (2, 3)


# ------------------------------------------------------------------ AST (MC-13)
def test_mc_13_1_ast_advance_and_regress():
    """MC-13.1.1 / MC-13.1.2 (ast-criteria A, the data's epoch requirements): Hellas
    (1 city, square 1 -> 2, stone age); Assyria (1 city, square 4: early bronze at 5
    needs 2 cities: stays); Hatti (2 cities, 4 -> 5); Minoa (3 cities, 8: middle bronze
    at 9 needs 3 advances: stays); Egypt (no city, 3 -> 2, forward moves stay 2)."""
    s = run_from(phase=13, city={"old_ford": HELLAS, "twin_rivers": ASSYRIA, "north_downs": HATTI,
                                 "east_strand": HATTI, "pearl_isle": MINOA, "smoke_isle": MINOA,
                                 "south_cape": MINOA},
                 players={HELLAS: {"tokens": {"kings_vale": 2}}, ASSYRIA: {"ast": 4}, HATTI: {"ast": 4},
                          MINOA: {"ast": 8}, EGYPT: {"ast": 3}})
    assert [s.ast[p] for p in range(5)] == [2, 8, 5, 4, 2]
    assert [s.ast_forward[p] for p in range(5)] == [1, 7, 4, 3, 2]
    assert (s.turn, s.phase) == (2, 3)

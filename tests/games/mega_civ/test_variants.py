"""The readings of each named ambiguity of phases 1-5, 11, 13 and the score
(civtable/games/mega_civ/options.py), on hand-built positions of the small map.
The default readings are also exercised in test_rules_phases.py / test_rules_score.py;
here each test sets the option and checks the numbers worked out by hand."""

from __future__ import annotations

import pytest

from civtable.games.mega_civ.rules.scoring import victory_points
from civtable.games.mega_civ.state import GROW, MOVE, OVER, REDUCE, REVOLT

from . import _mc_helpers as mc
from ._mc_helpers import (
    beneficiary_without_pieces_position,
    game,
    position,
    run_from,
    stop_at_build,
)
from ._seats import ASSYRIA, AST_ORDER, EGYPT, HATTI, HELLAS, MINOA


# ------------------------------------------------------------ MC-0: order and game end
def test_strict_ast_order_a_growth_choices_are_simultaneous():
    """MC-2.0 (growth-order = strict-ast-order A): Hellas and Hatti are both short of
    stock (1 token each) and choose their growth at the same time; each +1."""
    g = game(**{"strict-ast-order": "A"})
    s = run_from(g, phase=2, players={HELLAS: {"tokens": {"kings_vale": 3}, "treasury": 51},
                                      HATTI: {"tokens": {"high_moor": 3}, "treasury": 51}})
    assert (s.phase, s.step, s.to_move()) == (2, GROW, (HELLAS, HATTI))
    s.apply(HATTI, "grow high_moor")
    assert s.to_move() == (HELLAS,)
    assert mc.tok(s, HATTI, "high_moor") == 3  # not revealed yet
    s.apply(HELLAS, "grow kings_vale")
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "high_moor")) == (4, 4)
    assert (s.census[HELLAS], s.census[HATTI]) == (4, 4)
    assert (s.phase, s.step, s.to_move()) == (3, MOVE, (HELLAS, HATTI))


def test_strict_ast_order_b_growth_choices_in_ast_order():
    """MC-2.0 (growth-order = strict-ast-order B): Hatti (AST 9) chooses before Hellas (15)."""
    s = run_from(phase=2, players={HELLAS: {"tokens": {"kings_vale": 3}, "treasury": 51},
                                   HATTI: {"tokens": {"high_moor": 3}, "treasury": 51}})
    assert s.to_move() == (HATTI,)
    s.apply(HATTI, "grow high_moor")
    assert s.to_move() == (HELLAS,)


def test_strict_ast_order_a_position_saves_and_loads():
    """MC-0.5 (strict-ast-order A): a position in the middle of a simultaneous movement
    step (Hellas has moved, the others not yet) is saved and loaded unchanged."""
    g = game(**{"strict-ast-order": "A"})
    s = g.new_state(seed=1)
    s.apply(HELLAS, "move kings_vale ash_plains")
    data = s.to_json()
    t = g.state_from_json(data)
    assert t.to_json() == data
    assert t.clone().to_json() == data


@pytest.mark.parametrize("growth, unstated, grow_together, move_together", [
    ("A", "same", True, False),   # strict B: growth simultaneous only
    ("B", "same", False, True),   # strict A: growth in AST order, movement simultaneous
])
def test_growth_order(growth, unstated, grow_together, move_together):
    """MC-2.0 (growth-order A / B, independent of strict-ast-order): who chooses growth
    at once; Hellas and Hatti are short of stock (1 each)."""
    strict = "B" if growth == "A" else "A"
    g = game(**{"strict-ast-order": strict, "growth-order": growth, "unstated-order": unstated})
    s = run_from(g, phase=2, players={HELLAS: {"tokens": {"kings_vale": 3}, "treasury": 51},
                                      HATTI: {"tokens": {"high_moor": 3}, "treasury": 51}})
    assert s.to_move() == ((HELLAS, HATTI) if grow_together else (HATTI,))
    s.apply(HATTI, "grow high_moor")
    s.apply(HELLAS, "grow kings_vale")
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "high_moor")) == (4, 4)
    assert s.to_move() == ((HELLAS, HATTI) if move_together else (HATTI,))


@pytest.mark.parametrize("strict, unstated, together", [("A", "B", False), ("B", "A", True)])
def test_unstated_order(strict, unstated, together):
    """MC-0.11 (unstated-order A / B): movement (phase 3) simultaneous or in AST order,
    whatever strict-ast-order says."""
    g = game(**{"strict-ast-order": strict, "unstated-order": unstated})
    s = g.new_state(seed=1)
    assert s.to_move() == ((0, 1, 2, 3, 4) if together else (MINOA,))


def test_ast_tie_scope_b_keeps_ast_order_where_the_rules_fix_it():
    """MC-0.4 (ast-tie-scope B): the movement still follows AST order in the default
    strict mode (MC-0.6), which every player may demand."""
    s = game(**{"ast-tie-scope": "B"}).new_state(seed=1)
    assert s.order == AST_ORDER
    assert s.to_move() == (MINOA,)


@pytest.mark.parametrize("option", ["phase-advance", "ast-criteria"])
def test_single_reading_options_refuse_b(option):
    """MC-0.7 (phase-advance) / MC-13.1.2 (ast-criteria): only reading A is offered."""
    with pytest.raises(Exception, match=option):
        game(**{option: "B"})


def test_game_end_b_after_the_fixed_last_turn():
    """MC-0.3 (game-end B, last-turn 2): the game ends at the end of turn 2 although no
    marker is at the end: Hellas (1 city, square 1 -> 2): 1 + 5 = 6 VP wins."""
    g = game(**{"game-end": "B", "last-turn": 2})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 2}}}, city={"old_ford": HELLAS},
                 decider=HELLAS, turn=2)
    s.apply(HELLAS, "done")
    assert s.step == OVER
    assert s.vp(HELLAS) == 6
    assert s.winners() == [HELLAS]


def test_game_end_b_ignores_the_last_ast_square():
    """MC-0.3 (game-end B): a marker on the last square does not end the game."""
    g = game(**{"game-end": "B"})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 2}, "ast": 15}}, decider=HELLAS)
    s.apply(HELLAS, "done")
    assert (s.is_terminal(), s.turn, s.phase) == (False, 2, 3)


def test_game_end_a_last_turn_is_a_cap():
    """MC-0.3 (game-end A, last-turn 1): the cap ends the game after turn 1."""
    g = game(**{"last-turn": 1})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 2}}}, decider=HELLAS)
    s.apply(HELLAS, "done")
    assert s.is_terminal()


# ------------------------------------------------------------ MC-1: tax
def test_tax_source_b_tax_from_tokens_on_the_map():
    """MC-1.1 (tax-source B): Hellas (1 city) pays 2 from his largest stack on the map
    (kings_vale 3 -> 1), not from his stock (51); growth then 1 -> 2 in kings_vale
    and ash_plains (stock 49)."""
    g = game(**{"tax-source": "B"})
    s = run_from(g, phase=1, players={HELLAS: {"tokens": {"kings_vale": 3, "ash_plains": 1}}},
                 city={"old_ford": HELLAS})
    assert s.treasury[HELLAS] == 2
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HELLAS, "ash_plains")) == (2, 2)
    assert s.stock[HELLAS] == 49


def test_tax_source_b_default_when_the_map_holds_too_few():
    """MC-1.2.1 (tax-source B): Hellas (2 cities, 1 token on the map, 54 in stock) pays
    1 and defaults; the Beneficiary Minoa (9 pieces, 55, AST first) chooses a city."""
    g = game(**{"tax-source": "B"})
    s = run_from(g, phase=1, players={HELLAS: {"tokens": {"ash_plains": 1}}},
                 city={"old_ford": HELLAS, "north_downs": HELLAS})
    assert (s.step, s.to_move(), s.treasury[HELLAS], s.stock[HELLAS]) == (REVOLT, (MINOA,), 1, 54)
    assert mc.tok(s, HELLAS, "ash_plains") == 0


def _three_cities_default(g):
    return run_from(g, phase=1, players={HELLAS: {"treasury": 53}, HATTI: {"tokens": {"upper_river": 1}}},
                    city={"kings_vale": HELLAS, "old_ford": HELLAS, "north_downs": HELLAS})


def test_tax_revolt_count_a_one_city_per_defaulter():
    """MC-1.2.1 (tax-revolt-count A): Hellas pays 2 of 6: one city revolts (to Minoa)."""
    s = _three_cities_default(game())
    assert (s.step, s.to_move()) == (REVOLT, (MINOA,))
    s.apply(MINOA, "revolt kings_vale")
    assert mc.cities(s, HELLAS) == ["north_downs", "old_ford"]
    assert s.step == MOVE


def test_tax_revolt_count_b_one_city_per_unpaid_city():
    """MC-1.2.1 (tax-revolt-count B): Hellas pays 2 of 6: 2 cities unpaid, 2 revolts.
    First Beneficiary Minoa (9 pieces, 55); then Minoa has 8, so Assyria (9, 55;
    Hatti 9, 54) takes the second."""
    s = _three_cities_default(game(**{"tax-revolt-count": "B"}))
    assert (s.step, s.to_move()) == (REVOLT, (MINOA,))
    s.apply(MINOA, "revolt kings_vale")
    assert (s.step, s.to_move()) == (REVOLT, (ASSYRIA,))
    assert mc.texts(s, ASSYRIA) == ["revolt north_downs", "revolt old_ford"]
    s.apply(ASSYRIA, "revolt old_ford")
    assert mc.cities(s, HELLAS) == ["north_downs"]
    assert (mc.owner(s, "kings_vale"), mc.owner(s, "old_ford")) == (MINOA, ASSYRIA)


def test_tax_revolt_optional_b_beneficiary_may_decline():
    """MC-1.2.1 (tax-revolt-optional B): even for a single city the Beneficiary is asked
    and may decline; Hellas keeps kings_vale."""
    g = game(**{"tax-revolt-optional": "B"})
    s = run_from(g, phase=1, players={HELLAS: {"treasury": 55}, HATTI: {"tokens": {"upper_river": 1}}},
                 city={"kings_vale": HELLAS})
    assert (s.step, s.to_move()) == (REVOLT, (MINOA,))
    assert mc.texts(s, MINOA) == ["revolt kings_vale", "decline"]
    s.apply(MINOA, "decline")
    assert mc.owner(s, "kings_vale") == HELLAS
    assert s.step == MOVE


def test_tax_revolt_optional_a_single_city_revolts_at_once():
    """MC-1.2.1 (tax-revolt-optional A): a single city needs no choice: it goes to Minoa."""
    s = run_from(phase=1, players={HELLAS: {"treasury": 55}, HATTI: {"tokens": {"upper_river": 1}}},
                 city={"kings_vale": HELLAS})
    assert mc.owner(s, "kings_vale") == MINOA
    assert s.step == MOVE


def test_revolt_destroy_b_city_survives_while_any_player_has_a_piece():
    """MC-1.2.3 (revolt-destroy B): as in the MC-1.2.2 test, nobody who may be
    Beneficiary has a piece for Egypt's revolt, but the victims still have pieces in
    stock, so great_delta is not destroyed: it stays Egypt's."""
    s = beneficiary_without_pieces_position(game(**{"revolt-destroy": "B"}))
    s.apply(HATTI, "revolt kings_vale")
    assert mc.owner(s, "great_delta") == EGYPT
    assert s.city_stock[EGYPT] == 8


def test_revolt_exemption_b_still_exempt_from_support():
    """MC-1.2.4 (revolt-exemption B): as A, the revolted city is not checked for support
    this turn, and it does not count for Minoa's trade-card draw in phase 6 either: Minoa
    draws nothing (under A one card of stack 1, test_rules_phases). Hellas (55 in
    treasury) declines the stack-9 card and the advances he may buy."""
    g = game(**{"revolt-exemption": "B"})
    s = run_from(g, phase=1, city={"kings_vale": HELLAS},
                 players={HELLAS: {"treasury": 54}, HATTI: {"tokens": {"upper_river": 1}}})
    mc.finish_movement(s)
    assert mc.owner(s, "kings_vale") == MINOA
    assert (s.turn, s.phase, s.to_move()) == (1, 6, (HELLAS,))
    assert s.hands[MINOA] == []
    s.apply(HELLAS, "done")
    assert (s.turn, s.phase, s.to_move()) == (1, 12, (HELLAS,))
    s.apply(HELLAS, "done")
    assert (s.turn, s.phase) == (2, 3)
    assert mc.owner(s, "kings_vale") == MINOA
    assert sum(len(h) for h in s.hands) == 0


# ------------------------------------------------------------ MC-2: growth
def test_growth_supply_b_growth_stops_at_the_limit():
    """MC-2.1 (growth-supply B): ash_plains 1 -> 2 (limit 2), kings_vale 3 stays 3
    (limit 3), north_downs 1 -> 2 (limit 2), great_delta 3 -> 4 (limit 4, +1 only);
    stock 47 -> 44."""
    g = game(**{"growth-supply": "B"})
    s = run_from(g, phase=2, players={HELLAS: {"tokens": {"ash_plains": 1, "kings_vale": 3, "north_downs": 1,
                                                          "great_delta": 3}}})
    assert [mc.tok(s, HELLAS, a) for a in ("ash_plains", "kings_vale", "north_downs", "great_delta")] == [2, 3, 2, 4]
    assert s.stock[HELLAS] == 44
    assert s.census[HELLAS] == 11


# ------------------------------------------------------------ MC-3: ships
def test_ship_cost_a_second_token_from_any_area():
    """MC-3.4 (ship-cost A): Hellas (kings_vale 1, great_delta 3, far apart) pays
    (b) with 1 token from kings_vale and 1 from great_delta."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 1, "great_delta": 3}}}, decider=HELLAS)
    s.apply(HELLAS, "ship kings_vale split")
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HELLAS, "great_delta")) == (0, 2)


def test_ship_cost_b_second_token_from_an_adjacent_area():
    """MC-3.4 (ship-cost B): great_delta is not adjacent to kings_vale, so (b) is not
    possible there; with 1 token in north_downs (adjacent) it pays from there."""
    g = game(**{"ship-cost": "B"})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 1, "great_delta": 3}}}, decider=HELLAS)
    assert "ship kings_vale split" not in mc.texts(s, HELLAS)
    mc.assert_illegal(s, HELLAS, "ship kings_vale split")
    s2 = position(g, players={HELLAS: {"tokens": {"kings_vale": 1, "great_delta": 3, "north_downs": 1}}},
                  decider=HELLAS)
    s2.apply(HELLAS, "ship kings_vale split")
    assert [mc.tok(s2, HELLAS, a) for a in ("kings_vale", "great_delta", "north_downs")] == [0, 3, 0]


def _moved_then_ship(g):
    s = position(g, players={HELLAS: {"tokens": {"north_downs": 2}, "treasury": 2}}, decider=HELLAS)
    s.apply(HELLAS, "move north_downs kings_vale")
    s.apply(HELLAS, "ship kings_vale treasury")
    return s


def test_ship_movement_a_moved_tokens_do_not_board():
    """MC-3.5 (ship-movement A): a token that made its land move cannot sail."""
    s = _moved_then_ship(game())
    assert not [t for t in mc.texts(s, HELLAS) if t.startswith("sail")]
    mc.assert_illegal(s, HELLAS, "sail kings_vale pearl_isle 1")


def test_ship_movement_b_land_step_before_boarding():
    """MC-3.5 (ship-movement B): the token stepped north_downs -> kings_vale, then sails
    to pearl_isle."""
    s = _moved_then_ship(game(**{"ship-movement": "B"}))
    s.apply(HELLAS, "sail kings_vale pearl_isle 1")
    assert mc.tok(s, HELLAS, "pearl_isle") == 1


def test_ship_movement_b_land_step_after_landing():
    """MC-3.5 (ship-movement B): 'tokens may also make their one land step before
    boarding or after landing': 2 tokens sail kings_vale -> east_strand without a land
    step, then one steps to ash_plains."""
    g = game(**{"ship-movement": "B"})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 2}, "treasury": 2}}, decider=HELLAS)
    s.apply(HELLAS, "ship kings_vale treasury")
    s.apply(HELLAS, "sail kings_vale east_strand 2")
    assert "move east_strand ash_plains" in mc.texts(s, HELLAS)


# ------------------------------------------------------------ MC-4: conflict
@pytest.mark.parametrize("trigger", ["A", "B"])
def test_conflict_trigger_shared_area_within_the_limit(trigger):
    """MC-4.1 (conflict-trigger): Hellas 1 and Hatti 1 in kings_vale (limit 3). A: no
    conflict. B: a conflict arises, but removal only runs while the area holds more
    than its limit (MC-4.1.2), so nobody loses a token either."""
    g = game(**{"conflict-trigger": trigger})
    s = stop_at_build({HELLAS: {"tokens": {"kings_vale": 1}}, HATTI: {"tokens": {"kings_vale": 1}}}, g=g)
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "kings_vale")) == (1, 1)


def test_conflict_trigger_b_over_the_limit_as_a():
    """MC-4.1 (conflict-trigger B): over the limit the conflict is the same as in A
    (ash_plains: Hellas 4, Hatti 2 -> 3, 0)."""
    g = game(**{"conflict-trigger": "B"})
    s = stop_at_build({HELLAS: {"tokens": {"ash_plains": 4}}, HATTI: {"tokens": {"ash_plains": 2}}}, g=g)
    assert (mc.tok(s, HELLAS, "ash_plains"), mc.tok(s, HATTI, "ash_plains")) == (3, 0)


def test_city_attack_win_b_attacker_with_more_tokens_wins():
    """MC-4.2.3 (city-attack-win B): kings_vale: 7 Hatti vs 6 Hellas ends 2 to 1; Hatti
    has more left, so he wins and takes 3 of Hellas's 5 treasury tokens."""
    g = game(**{"city-attack-win": "B"})
    s = stop_at_build({HATTI: {"tokens": {"kings_vale": 7}}, HELLAS: {"treasury": 5}}, city={"kings_vale": HELLAS},
                      g=g)
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "kings_vale")) == (1, 2)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (2, 3)


def test_plunder_source_b_attacker_moves_his_own_stock():
    """MC-4.2.3 (plunder-source B): Hatti wins date_oasis and moves 3 tokens from his
    own stock (48 + 5 removed = 53 -> 50) into his treasury; Hellas keeps his 5."""
    g = game(**{"plunder-source": "B"})
    s = stop_at_build({HATTI: {"tokens": {"date_oasis": 7}}, HELLAS: {"treasury": 5}}, city={"date_oasis": HELLAS},
                      g=g)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (5, 3)
    assert s.stock[HATTI] == 50
    g.state_from_json(s.to_json())  # every player still has his 55 tokens


def test_plunder_source_a_position_can_be_saved_and_loaded():
    """MC-4.2.3 (plunder-source A): the position after Hatti plunders 3 of Hellas's
    treasury tokens must still be a valid position (save and load)."""
    g = game()
    s = stop_at_build({HATTI: {"tokens": {"date_oasis": 7}}, HELLAS: {"treasury": 5}}, city={"date_oasis": HELLAS},
                      g=g)
    assert s.treasury[HATTI] == 3
    assert g.state_from_json(s.to_json()).to_json() == s.to_json()


# ------------------------------------------------------------ MC-5: surplus and support
def _surplus_position(g):
    """Hellas builds in great_delta with 8 tokens and has 5 in kings_vale (limit 3);
    Egypt's unsupported city stops the flow at the support check."""
    s = position(g, players={HELLAS: {"tokens": {"great_delta": 8, "kings_vale": 5}},
                             EGYPT: {"tokens": {"upper_river": 1}}},
                 city={"twin_rivers": EGYPT}, phase=5, step="build", decider=HELLAS)
    s.apply(HELLAS, "city great_delta")
    s.apply(HELLAS, "done")
    assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (EGYPT,))
    return s


@pytest.mark.parametrize("scope, delta, vale, stock", [("A", 0, 5, 50), ("B", 2, 3, 50), ("C", 0, 3, 52)])
def test_surplus_scope(scope, delta, vale, stock):
    """MC-5.2 (surplus-scope): A removes the 2 tokens left in great_delta where the city
    was built; B only the tokens above each limit (kings_vale 5 -> 3; great_delta 2
    <= 4 stays); C both. Stock 42 + 6 (city) + removed."""
    s = _surplus_position(game(**{"surplus-scope": scope}))
    assert (mc.tok(s, HELLAS, "great_delta"), mc.tok(s, HELLAS, "kings_vale")) == (delta, vale)
    assert s.stock[HELLAS] == stock


def test_surplus_scope_c_two_players_over_the_limit():
    """MC-5.2 (surplus-scope B part of C): ash_plains (limit 2) holds Hellas 2 and Hatti
    1 at the end of city building: the tokens above the limit are removed as in a
    conflict (the one with fewer first): Hatti 0, Hellas 2."""
    s = position(players={HELLAS: {"tokens": {"ash_plains": 2}}, HATTI: {"tokens": {"ash_plains": 1}},
                          EGYPT: {"tokens": {"upper_river": 1}}},
                 city={"twin_rivers": EGYPT}, phase=5, step="build", decider=EGYPT)
    s.apply(EGYPT, "done")
    assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (EGYPT,))
    assert (mc.tok(s, HELLAS, "ash_plains"), mc.tok(s, HATTI, "ash_plains")) == (2, 0)


@pytest.mark.parametrize("counting, reduce", [("A", False), ("B", True)])
def test_support_counting(counting, reduce):
    """MC-5.3.3 (support-counting): Hellas has cities in kings_vale and date_oasis and
    4 tokens: 2 in ash_plains (next to kings_vale), 2 in high_moor (next to neither).
    A: 4 tokens for 2 cities: supported. B: date_oasis has no token in or next to it:
    only it may be reduced."""
    g = game(**{"support-counting": counting})
    s = position(g, players={HELLAS: {"tokens": {"ash_plains": 2, "high_moor": 2}}},
                 city={"kings_vale": HELLAS, "date_oasis": HELLAS}, decider=HELLAS)
    s.apply(HELLAS, "done")
    if reduce:
        assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (HELLAS,))
        assert mc.texts(s, HELLAS) == ["reduce date_oasis"]
        s.apply(HELLAS, "reduce date_oasis")
        assert mc.cities(s, HELLAS) == ["kings_vale"]
    else:
        assert (s.turn, s.phase) == (2, 3)
        assert mc.cities(s, HELLAS) == ["date_oasis", "kings_vale"]


# ------------------------------------------------------------ MC-11
def test_phase_11_b_surplus_only():
    """MC-11.1 (phase-11 B): phase 11 removes the surplus (river_bend 5 -> 3) but does
    not check support: Hellas keeps both cities with 3 tokens; AST 1 -> 2; turn 2:
    tax 4 (stock 52 -> 48), growth 3 -> 5 (46)."""
    g = game(**{"phase-11": "B"})
    s = run_from(g, phase=11, players={HELLAS: {"tokens": {"river_bend": 5}}},
                 city={"kings_vale": HELLAS, "old_ford": HELLAS})
    assert (s.turn, s.phase, s.step) == (2, 3, MOVE)
    assert mc.cities(s, HELLAS) == ["kings_vale", "old_ford"]
    assert (mc.tok(s, HELLAS, "river_bend"), s.stock[HELLAS], s.treasury[HELLAS]) == (5, 46, 4)


# ------------------------------------------------------------ MC-14
@pytest.mark.parametrize("reading, vp", [("A", 6), ("B", 3)])
def test_cost_200(reading, vp):
    """MC-14.5 (cost-200): an advance costing exactly 200 scores 6 (A) or 3 (B)."""
    g = game(**{"cost-200": reading})
    assert victory_points(0, [200], 0, False, g.rules.tables.vp, g.rules.exactly_200_high) == vp


@pytest.mark.parametrize("reading, vp", [("A", 25), ("B", 30)])
def test_ast_squares(reading, vp):
    """MC-14.6 (ast-squares): Assyria on square 6 after 6 forward moves and one move
    back: A net 5 squares = 25 VP; B 6 forward moves = 30 VP."""
    g = game(**{"ast-squares": reading})
    s = position(g, players={ASSYRIA: {"tokens": {"twin_rivers": 2}, "ast": 6, "ast_forward": 6}}, decider=ASSYRIA)
    assert s.vp(ASSYRIA) == vp


@pytest.mark.parametrize("reading, alone, together", [("A", 70, 70), ("B", 75, 70)])
def test_late_iron_age(reading, alone, together):
    """MC-14.7 (late-iron-age): Hellas on his Late Iron Age square (15): A needs to be
    beyond it (no bonus); B reaching it is enough (+5), but only for the sole player
    there (with Hatti also on 15, no bonus)."""
    g = game(**{"late-iron-age": reading})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 2}, "ast": 15}}, decider=HELLAS)
    assert s.vp(HELLAS) == alone
    s2 = position(g, players={HELLAS: {"tokens": {"kings_vale": 2}, "ast": 15}, HATTI: {"ast": 15}}, decider=HELLAS)
    assert s2.vp(HELLAS) == together

"""Rule tests of Mega Civilization part 1 on hand-built positions of the small map:
conflict (MC-4), cities (MC-5), the second surplus check (MC-11) and the AST (MC-13)
(the numbers of the small map are in test_rules_phases.py).
"""

from __future__ import annotations

import pytest

from civtable.games.mega_civ.state import BUILD, REDUCE

from . import _mc_helpers as mc
from ._mc_helpers import position, run_from, stop_at_build
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA


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


@pytest.mark.parametrize("spec, texts", [
    ({"tokens": {"great_delta": 4}, "treasury": 5, "advances": ["architecture"]},
     ["city great_delta treasury", "done"]),
    ({"tokens": {"river_bend": 9, "twin_rivers": 3}, "advances": ["urbanism"]},
     ["city river_bend adjacent", "done"]),
])
def test_mc_5_1_asked_for_a_city_only_architecture_or_urbanism_completes(spec, texts):
    """MC-5.1 with Architecture / Urbanism: when phase 5 starts, a player whose only
    possible city needs the treasury (4 tokens on great_delta's site, 5 treasury) or
    the neighbours' tokens (9 on river_bend, 3 next door) is asked too; he builds it
    before the surplus removal (MC-5.0) would take those tokens."""
    s = run_from(phase=5, players={HELLAS: spec})
    assert (s.phase, s.step, s.to_move()) == (5, BUILD, (HELLAS,))
    assert mc.texts(s, HELLAS) == texts
    s.apply(HELLAS, texts[0])
    assert mc.cities(s, HELLAS) == [texts[0].split()[1]]
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

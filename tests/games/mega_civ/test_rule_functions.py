"""Unit tests of Mega Civilization's pure rule functions (order, population, scoring)
and its tables. The game engine that applies them on the map is not built yet;
its tests on hand-built positions will name these rule IDs again."""

from __future__ import annotations

import json

import pytest

from civtable.core.errors import InvalidStateError
from civtable.games.mega_civ.rules.order import ast_order, beneficiary
from civtable.games.mega_civ.rules.population import (
    attacker_wins,
    cities_supported,
    city_attack_succeeds_in_force,
    city_cost,
    conflict_arises,
    growth,
    resolve_conflict,
    resolve_conflict_spared,
    revolts,
    tax,
)
from civtable.games.mega_civ.rules.scoring import advance_vp, sole_past, victory_points
from civtable.games.mega_civ.rules.tables import DATA, load_tables, parse_tables

T = load_tables()


def test_tables_pieces_and_numbers_come_from_the_data():
    """MC-1.2.3 / MC-5.1 / MC-5.3.1: 55 tokens, 9 cities and 4 ships per player,
    2 tax and 2 support per city, cities of 6 tokens on a site and 12 elsewhere."""
    assert (T.tokens, T.cities, T.ships) == (55, 9, 4)
    n = T.numbers
    assert (n["tax_per_city"], n["support_per_city"], n["city_on_site"], n["city_elsewhere"]) == (2, 2, 6, 12)
    assert n["city_attack_minimum"] == 7
    assert len(T.civilizations) == 18
    assert [c.ast_rank for c in T.civilizations] == list(range(1, 19))


def test_mc_12_4_hand_limit_by_player_count():
    """MC-12.4: 8 cards with 5 to 11 players, 9 with 12 to 18."""
    assert [T.hand_limit(n) for n in (5, 11, 12, 18)] == [8, 8, 9, 9]
    with pytest.raises(InvalidStateError):
        T.hand_limit(4)


def test_tables_with_a_broken_rank_are_refused(tmp_path):
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    raw["civilizations"][1]["ast_rank"] = 1
    with pytest.raises(InvalidStateError, match="AST ranks"):
        parse_tables(raw)
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    raw["starting_civilizations"]["5"]["West"][0] = "atlantis"
    with pytest.raises(InvalidStateError, match="atlantis"):
        parse_tables(raw)


def test_mc_0_4_ast_order_follows_the_ranking():
    """MC-0.4: players act in the order of their civilizations' AST ranking."""
    assert ast_order([5, 1, 3]) == [1, 2, 0]


def test_mc_0_9_beneficiary_most_cities_then_tokens_then_ast():
    """MC-0.9: most cities in stock; tie: most tokens in stock; tie: first in AST order."""
    assert beneficiary([3, 5, 4], [10, 0, 30], [1, 2, 3]) == 1
    assert beneficiary([5, 5, 4], [10, 12, 30], [1, 2, 3]) == 1
    assert beneficiary([5, 5, 4], [12, 12, 30], [2, 1, 3]) == 1
    assert beneficiary([5, 5, 4], [12, 12, 30], [1, 2, 3]) == 0


def test_mc_1_2_6_revolt_victims_cannot_benefit():
    """MC-1.2.6: a player who suffers a tax revolt cannot be the Beneficiary."""
    assert beneficiary([5, 4, 3], [0, 0, 0], [1, 2, 3], excluded={0}) == 1


def test_mc_1_2_2_beneficiary_needs_a_city_piece():
    """MC-1.2.2: a Beneficiary without a city piece in stock is passed over."""
    assert beneficiary([0, 0, 1], [9, 9, 0], [1, 2, 3], needs_city=True) == 2


def test_mc_1_2_3_no_city_piece_anywhere_means_no_beneficiary():
    """MC-1.2.3 (revolt-destroy A): with no possible Beneficiary holding a city piece,
    there is none and the revolting city is destroyed."""
    assert beneficiary([0, 0, 3], [9, 9, 9], [1, 2, 3], excluded={2}, needs_city=True) is None


def test_mc_1_1_tax_two_per_city_from_stock():
    """MC-1.1 (tax-source A): 2 tokens per city from the stock; a full payment."""
    assert tax(cities=3, stock=10) == (6, 0)


def test_mc_1_2_1_a_short_payment_leaves_tax_unpaid_and_one_revolt():
    """MC-1.2.1: a player who cannot pay pays what he can; reading A: one city revolts,
    reading B: one city per unpaid 2-token tax."""
    paid, unpaid = tax(cities=4, stock=3)
    assert (paid, unpaid) == (3, 5)
    assert revolts(unpaid) == 1
    assert revolts(unpaid, per_city_unpaid=True) == 3
    assert revolts(0) == 0


def test_mc_2_1_growth_one_or_two():
    """MC-2.1: +1 where a player has one token, +2 where two or more, none where none."""
    assert [growth(n) for n in (0, 1, 2, 5)] == [0, 1, 2, 2]


def test_mc_4_1_conflict_trigger_readings():
    """MC-4.1 (conflict-trigger): A two players over the limit; B any sharing."""
    assert conflict_arises({0: 2, 1: 2}, limit=3)
    assert not conflict_arises({0: 1, 1: 2}, limit=3)
    assert conflict_arises({0: 1, 1: 2}, limit=3, whenever_shared=True)
    assert not conflict_arises({0: 9}, limit=3)


def test_mc_4_1_1_and_4_1_2_fewer_removes_first_then_alternate_to_the_limit():
    """MC-4.1.1 / MC-4.1.2: 3 against 5 in an area of limit 4: removals go 3->2,
    5->4, 2->1, 4->3, where the total is 4."""
    assert resolve_conflict({0: 3, 1: 5}, limit=4) == {0: 1, 1: 3}
    # the side with fewer starts: 5 against 3 with limit 7 stops after one removal
    assert resolve_conflict({0: 5, 1: 3}, limit=7) == {0: 5, 1: 2}


def test_mc_4_1_3_equal_numbers_remove_simultaneously():
    """MC-4.1.3: equal numbers remove together, so 4 v 4 in limit 5 ends at 2 v 2
    (one below the limit, as the spec's conflict-details allow)."""
    assert resolve_conflict({0: 4, 1: 4}, limit=5) == {0: 2, 1: 2}


def test_mc_4_1_three_players_remove_in_rounds_and_stop_when_one_is_left():
    """MC-4.1 (conflict-details, three players): rounds in increasing order of count;
    the conflict ends when only one player has tokens there."""
    assert resolve_conflict({0: 2, 1: 3, 2: 6}, limit=3) == {0: 0, 1: 0, 2: 4}
    assert resolve_conflict({0: 2, 1: 2, 2: 2}, limit=5) == {0: 1, 1: 1, 2: 1}


def test_mc_4_1_substitutes_are_removed_instead_of_tokens():
    """MC-4.1.1 with substitutes (Naval Warfare's ships, Advanced Military's tokens next
    door): 3 v 4 in limit 3, the first player with 2 substitutes: he spends them in the
    first two rounds (his count stays 3), then 3 v 2: the second removes first (1),
    then he does (2): 3 tokens, the limit."""
    after, spent = resolve_conflict_spared({0: 3, 1: 4}, 3, None, {0: 2})
    assert (after, spent) == ({0: 2, 1: 1}, {0: 2, 1: 0})
    assert resolve_conflict({0: 3, 1: 4}, limit=3) == {0: 1, 1: 2}  # without them


@pytest.mark.parametrize("counts, limit, last", [
    ({0: 3, 1: 5}, 4, None), ({0: 2, 1: 3, 2: 6}, 3, None), ({0: 2, 1: 2, 2: 2}, 5, None),
    ({0: 2, 1: 2}, 1, {0}), ({0: 5, 1: 2, 2: 4}, 2, {2}), ({0: 1, 1: 7, 3: 7}, 0, {1, 3}),
])
def test_mc_4_1_no_substitutes_is_the_plain_conflict(counts, limit, last):
    """MC-4.1.1 to MC-4.1.3: with no substitutes the spared resolution is the plain one."""
    after, spent = resolve_conflict_spared(counts, limit, last, {})
    assert after == resolve_conflict(counts, limit, last) and not any(spent.values())


def test_mc_4_2_1_fewer_than_seven_attackers_fail():
    """MC-4.2.1: an attack on a city by fewer than 7 tokens fails automatically."""
    assert not city_attack_succeeds_in_force(6)
    assert city_attack_succeeds_in_force(7)


def test_mc_4_2_2_city_replaced_by_six_then_token_conflict():
    """MC-4.2.2: 7 attackers against a city: 6 defending tokens, then a token conflict
    in an area of limit 3 (7 v 6: 6->5, 7->6, ... until 3 remain)."""
    after = resolve_conflict({0: 7, 1: T.numbers["city_attack_defenders"]}, limit=3)
    assert sum(after.values()) == 3


def test_mc_4_2_3_who_wins_a_city_attack():
    """MC-4.2.3 (city-attack-win): A the defender has no tokens left; B more tokens."""
    assert attacker_wins(2, 0)
    assert not attacker_wins(2, 1)
    assert attacker_wins(2, 1, more_is_enough=True)


def test_mc_5_1_city_cost_on_a_site_and_elsewhere():
    """MC-5.1: 6 tokens on a city site, 12 in any other area."""
    assert city_cost(True) == 6 and city_cost(False) == 12


def test_mc_5_3_1_two_tokens_support_each_city():
    """MC-5.3.1 (support-counting A): all tokens on the map, 2 per city."""
    assert cities_supported(tokens_on_map=6, cities=3)
    assert not cities_supported(tokens_on_map=5, cities=3)


def test_mc_14_advance_bands_and_cost_200():
    """MC-14.3 to MC-14.5 and cost-200: 1 below 100, 3 from 100 to 199, 6 above 200;
    exactly 200 is 6 in reading A and 3 in reading B."""
    vp = T.vp
    assert [advance_vp(c, vp) for c in (80, 100, 199, 230)] == [1, 3, 3, 6]
    assert advance_vp(200, vp) == 6
    assert advance_vp(200, vp, exactly_200_high=False) == 3


def test_mc_14_1_victory_points_add_up():
    """MC-14.1 / 14.2 / 14.6 / 14.7: 1 per city, advances by band, 5 per AST square,
    5 for the sole player past the Late Iron Age."""
    assert victory_points(4, [80, 120, 230], 6, True, T.vp) == 4 + 1 + 3 + 6 + 30 + 5
    assert victory_points(0, [], 0, False, T.vp) == 0


def test_mc_14_7_sole_player_past_the_late_iron_age():
    """MC-14.7 (late-iron-age): A beyond the square, B reaching it is enough."""
    assert sole_past([14, 16, 12], squares=15) == 1
    assert sole_past([16, 16, 12], squares=15) is None
    assert sole_past([15, 14], squares=15) is None
    assert sole_past([15, 14], squares=15, reaching_is_enough=True) == 0
    # each civilization has its own Late Iron Age square
    assert sole_past([15, 14], squares=[15, 13]) == 1

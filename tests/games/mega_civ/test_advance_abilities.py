"""Rule tests of the abilities of Civilization Advances that change other phases of
Mega Civilization (movement, cities, payments, conflicts, tax and support), on
hand-built positions of the small map (see test_advances.py for the numbers used).
"""

from __future__ import annotations

from typing import Any

import pytest

from civtable.games.mega_civ.rules.advances import substitutions
from civtable.games.mega_civ.rules.conflict import attack_numbers, phase_conflict
from civtable.games.mega_civ.state import MILITARY, MOVE, REDUCE, REVOLT

from . import _mc_helpers as mc
from ._advance_helpers import buying, hand, owned
from ._mc_helpers import game, position, run_from
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA


# ================================================================== movement abilities
def test_roadbuilding_two_areas_stopping_at_other_units():
    """Roadbuilding: a token may move 2 areas by land (``move A B C``), never through an
    area with another player's units (Hatti in north_downs): one path per destination
    not next to A. The token ends its move there."""
    s = position(players={HELLAS: {"tokens": {"old_ford": 2}, "advances": ["roadbuilding"]},
                          HATTI: {"tokens": {"north_downs": 1}}}, decider=HELLAS)
    moves = [t for t in mc.texts(s, HELLAS) if t.startswith("move")]
    assert moves == ["move old_ford north_downs", "move old_ford west_cape", "move old_ford kings_vale",
                     "move old_ford west_cape nw_hills", "move old_ford kings_vale frost_wastes",
                     "move old_ford kings_vale ash_plains"]
    mc.assert_illegal(s, HELLAS, "move old_ford north_downs frost_wastes")
    s.apply(HELLAS, "move old_ford kings_vale ash_plains")
    assert (mc.tok(s, HELLAS, "old_ford"), mc.tok(s, HELLAS, "ash_plains")) == (1, 1)
    assert not any(t.startswith("move ash_plains") for t in mc.texts(s, HELLAS))
    s.apply(HELLAS, "move old_ford west_cape nw_hills")
    assert mc.tok(s, HELLAS, "nw_hills") == 1
    mc.conserved(s)


def test_roadbuilding_only_for_its_holder():
    """Roadbuilding: without it, a token moves one area."""
    s = position(players={HELLAS: {"tokens": {"old_ford": 2}}}, decider=HELLAS)
    mc.assert_illegal(s, HELLAS, "move old_ford kings_vale ash_plains")
    assert all(len(t.split()) == 3 for t in mc.texts(s, HELLAS) if t.startswith("move"))


@pytest.mark.parametrize("advances, reaches", [(["cloth-making"], True), ([], False)])
def test_cloth_making_ships_move_five_areas(advances, reaches):
    """Cloth Making: a ship moves 5 areas along the coast: kings_vale reaches red_cliffs
    (pearl_isle, harbour_bay, great_delta, dune_coast, red_cliffs)."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 2}, "ships": ["kings_vale"], "advances": advances}},
                 decider=HELLAS)
    assert ("sail kings_vale red_cliffs 2" in mc.texts(s, HELLAS)) == reaches
    if reaches:
        s.apply(HELLAS, "sail kings_vale red_cliffs 2")
        assert mc.tok(s, HELLAS, "red_cliffs") == 2


@pytest.mark.parametrize("advances, reaches", [(["astronavigation"], True), ([], False)])
def test_astronavigation_ships_cross_open_sea(advances, reaches):
    """Astronavigation: ships may move through open-sea areas (the map's water areas):
    kings_vale reaches far_steppe through middle_sea, east_sea and southern_gulf; along
    the coast it is 7 areas away. Under open-sea B everyone may, so it changes nothing."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 2}, "ships": ["kings_vale"], "advances": advances}},
                 decider=HELLAS)
    assert ("sail kings_vale far_steppe 2" in mc.texts(s, HELLAS)) == reaches
    g = game(**{"open-sea": "B"})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 2}, "ships": ["kings_vale"], "advances": advances}},
                 decider=HELLAS)
    assert "sail kings_vale far_steppe 2" in mc.texts(s, HELLAS)


@pytest.mark.parametrize("advances, most", [(["naval-warfare"], 6), ([], 5)])
def test_naval_warfare_ships_carry_six(advances, most):
    """Naval Warfare: a ship carries 6 tokens (5 without)."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 8}, "ships": ["kings_vale"], "advances": advances}},
                 decider=HELLAS)
    sails = [int(t.split()[-1]) for t in mc.texts(s, HELLAS) if t.startswith("sail kings_vale ash_plains")]
    assert max(sails) == most
    mc.assert_illegal(s, HELLAS, f"sail kings_vale ash_plains {most + 1}")


def _everyone_moves(advances_of: dict[int, list[str]]) -> dict[int, dict[str, Any]]:
    starts = {HELLAS: "kings_vale", MINOA: "pearl_isle", HATTI: "high_moor", ASSYRIA: "twin_rivers", EGYPT: "great_delta"}
    return {p: {"tokens": {a: 2}, "advances": advances_of.get(p, [])} for p, a in starts.items()}


def test_military_moves_after_all_others():
    """Military: Minoa (first in AST order) holds it and moves after all the players
    without it: Assyria, Hatti, Hellas, Egypt, Minoa."""
    s = run_from(phase=3, players=_everyone_moves({MINOA: ["military"]}))
    seen = []
    while s.phase == 3 and s.turn == 1:
        (p,) = s.to_move()
        seen.append(p)
        s.apply(p, "done")
    assert seen == [ASSYRIA, HATTI, HELLAS, EGYPT, MINOA]


def test_military_moves_after_the_others_moves_are_revealed():
    """Military (strict-ast-order A, simultaneous movement): the others move together
    first; Minoa moves alone afterwards and sees where they went."""
    g = game(**{"strict-ast-order": "A"})
    s = run_from(g, phase=3, players=_everyone_moves({MINOA: ["military"]}))
    assert s.to_move() == (HELLAS, HATTI, ASSYRIA, EGYPT)
    s.apply(HELLAS, "move kings_vale ash_plains")
    for p in (HELLAS, HATTI, ASSYRIA, EGYPT):
        s.apply(p, "done")
    assert (s.phase, s.step, s.to_move()) == (3, MOVE, (MINOA,))
    assert s.observation(MINOA)["players"][HELLAS]["tokens"] == {"kings_vale": 1, "ash_plains": 1}
    s.apply(MINOA, "done")
    assert (s.turn, s.phase, s.to_move()) == (2, 3, (HELLAS, HATTI, ASSYRIA, EGYPT))


@pytest.mark.parametrize("mover_advances, others, may_enter", [
    ([], {}, False),
    (["diplomacy"], {}, True),
    (["military"], {}, True),
    ([], {ASSYRIA: {"tokens": {"kings_vale": 1}}}, True),  # a conflict already exists there
])
def test_diplomacy_closes_its_holders_city_areas(mover_advances, others, may_enter):
    """Diplomacy: other players may not move tokens into areas holding its holder's
    cities (Hatti's kings_vale), by land or by ship, unless a conflict already exists
    there or the mover holds Diplomacy or Military."""
    s = position(players={HELLAS: {"tokens": {"old_ford": 3}, "ships": ["old_ford"], "advances": mover_advances},
                          HATTI: {"tokens": {"ash_plains": 1}, "advances": ["diplomacy"]}, **others},
                 city={"kings_vale": HATTI}, decider=HELLAS)
    legal = mc.texts(s, HELLAS)
    assert ("move old_ford kings_vale" in legal) == may_enter
    assert ("sail old_ford kings_vale 1" in legal) == may_enter
    assert "move old_ford north_downs" in legal
    if not may_enter:
        mc.assert_illegal(s, HELLAS, "move old_ford kings_vale")


def test_cultural_ascendancy_no_move_that_starts_a_conflict():
    """Cultural Ascendancy: Hatti (2 tokens in kings_vale, limit 3) cannot be brought
    into conflict: Hellas may move 1 token in (3, the limit), not a second (4), and
    may not sail 2 at once; Hatti's city in north_downs is closed (an attack)."""
    s = position(players={HELLAS: {"tokens": {"old_ford": 4}, "ships": ["old_ford"]},
                          HATTI: {"tokens": {"kings_vale": 2}, "advances": ["cultural-ascendancy"]}},
                 city={"north_downs": HATTI}, decider=HELLAS)
    legal = mc.texts(s, HELLAS)
    assert "move old_ford kings_vale" in legal and "sail old_ford kings_vale 1" in legal
    assert "sail old_ford kings_vale 2" not in legal
    assert "move old_ford north_downs" not in legal
    s.apply(HELLAS, "move old_ford kings_vale")
    mc.assert_illegal(s, HELLAS, "move old_ford kings_vale")
    assert "sail old_ford kings_vale 1" not in mc.texts(s, HELLAS)


@pytest.mark.parametrize("mover_advances, others", [
    (["advanced-military"], {}),
    (["cultural-ascendancy"], {}),
    ([], {ASSYRIA: {"tokens": {"kings_vale": 2}}}),  # 4 tokens over a limit of 3: a conflict exists
])
def test_cultural_ascendancy_does_not_bind(mover_advances, others):
    """Cultural Ascendancy does not bind holders of Advanced Military or Cultural
    Ascendancy, nor a move into a conflict that already exists."""
    s = position(players={HELLAS: {"tokens": {"old_ford": 4}, "advances": mover_advances},
                          HATTI: {"tokens": {"kings_vale": 3}, "advances": ["cultural-ascendancy"]}, **others},
                 decider=HELLAS)
    assert "move old_ford kings_vale" in mc.texts(s, HELLAS)


def test_cultural_ascendancy_simultaneous_moves_judged_on_what_was_seen():
    """Cultural Ascendancy with simultaneous movement (strict-ast-order A): Hellas and
    Assyria each move 1 token into kings_vale (Hatti 2, limit 3), each legal on the
    position he saw; revealed together, both stand (no error on commit): Hatti 2,
    Hellas 1, Assyria 1 is a conflict: the two ones go together, Hatti keeps 2 (then
    grows to 4 in turn 2)."""
    g = game(**{"strict-ast-order": "A"})
    s = run_from(g, phase=3, players={HATTI: {"tokens": {"kings_vale": 2}, "advances": ["cultural-ascendancy"]},
                                      HELLAS: {"tokens": {"old_ford": 2}}, ASSYRIA: {"tokens": {"ash_plains": 2}}})
    s.apply(HELLAS, "move old_ford kings_vale")
    s.apply(HELLAS, "done")
    s.apply(ASSYRIA, "move ash_plains kings_vale")
    s.apply(ASSYRIA, "done")
    s.apply(HATTI, "done")
    assert (s.turn, s.phase) == (2, 3)
    assert [mc.tok(s, p, "kings_vale") for p in (HATTI, HELLAS, ASSYRIA)] == [4, 0, 0]
    mc.conserved(s)


# ================================================================== city abilities
def _build(players: dict[int, dict[str, Any]], city: dict[str, int] | None = None):
    return position(players=players, city=city or {}, phase=5, step="build", decider=HELLAS)


def test_architecture_half_the_city_from_treasury_once_a_turn():
    """Architecture: once a turn, up to half of a city's tokens (3 of 6 on a site) may
    be paid from the treasury (back to the stock): great_delta with 4 tokens and 2
    treasury. Then date_oasis (3 tokens) is no longer offered."""
    s = _build({HELLAS: {"tokens": {"great_delta": 4, "date_oasis": 3}, "treasury": 5, "advances": ["architecture"]}})
    assert mc.texts(s, HELLAS) == ["city great_delta treasury", "city date_oasis treasury", "done"]
    s.apply(HELLAS, "city great_delta treasury")
    assert mc.owner(s, "great_delta") == HELLAS
    assert (mc.tok(s, HELLAS, "great_delta"), s.treasury[HELLAS], s.stock[HELLAS]) == (0, 3, 49)
    assert mc.texts(s, HELLAS) == ["done"]
    mc.assert_illegal(s, HELLAS, "city date_oasis treasury")
    mc.conserved(s)


def test_architecture_needs_half_the_tokens_and_the_treasury():
    """Architecture: 2 tokens on a site (4 missing, more than half) or 2 treasury for 3
    missing: no city; without Architecture, no treasury at all."""
    s = _build({HELLAS: {"tokens": {"great_delta": 2, "date_oasis": 3}, "treasury": 2, "advances": ["architecture"]}})
    assert mc.texts(s, HELLAS) == ["done"]
    s = _build({HELLAS: {"tokens": {"great_delta": 4}, "treasury": 5}})
    mc.assert_illegal(s, HELLAS, "city great_delta treasury")


def test_urbanism_up_to_four_tokens_from_the_neighbours():
    """Urbanism: once a turn, a city off a city site (river_bend, 12) may use up to 4
    tokens from areas next to it by land: 9 + 3 taken from the largest surplus first
    (twin_rivers 3 at its limit 3, then 2: twin_rivers 3 -> 1, great_delta 2 -> 1)."""
    s = _build({HELLAS: {"tokens": {"river_bend": 9, "great_delta": 2, "twin_rivers": 3}, "advances": ["urbanism"]}})
    assert mc.texts(s, HELLAS) == ["city river_bend adjacent", "done"]
    s.apply(HELLAS, "city river_bend adjacent")
    assert mc.owner(s, "river_bend") == HELLAS
    assert [mc.tok(s, HELLAS, a) for a in ("river_bend", "great_delta", "twin_rivers")] == [0, 1, 1]
    assert s.stock[HELLAS] == 55 - 14 + 12
    mc.conserved(s)


def test_urbanism_not_on_a_city_site_nor_beyond_four():
    """Urbanism: 7 tokens off a site need 5 more (only 4 allowed); 3 on a site: no."""
    s = _build({HELLAS: {"tokens": {"river_bend": 7, "great_delta": 3, "twin_rivers": 3}, "advances": ["urbanism"]}})
    assert mc.texts(s, HELLAS) == ["done"]
    mc.assert_illegal(s, HELLAS, "city river_bend adjacent")


@pytest.mark.parametrize("advances, left", [(["public-works"], 1), ([], 0)])
def test_public_works_one_token_stays_with_the_city(advances, left):
    """Public Works: the area of a city may also hold 1 of its owner's tokens: of the
    7 tokens in great_delta, 6 build the city, 1 stays (without it the surplus goes).
    (Egypt's unsupported city stops the flow at the support check.)"""
    s = position(players={HELLAS: {"tokens": {"great_delta": 7, "kings_vale": 3}, "advances": advances},
                          EGYPT: {"tokens": {"upper_river": 1}}},
                 city={"twin_rivers": EGYPT}, phase=5, step="build", decider=HELLAS)
    s.apply(HELLAS, "city great_delta")
    s.apply(HELLAS, "done")
    assert (s.phase, s.step, s.to_move()) == (5, REDUCE, (EGYPT,))
    assert mc.tok(s, HELLAS, "great_delta") == left


@pytest.mark.parametrize("advances, barbarians, left", [(["agriculture"], {}, 2), ([], {}, 1),
                                                         (["agriculture"], {"date_oasis": 1}, 1)])
def test_agriculture_limit_plus_one_when_alone(advances, barbarians, left):
    """Agriculture: where the limit is 0 to 2 and no other units or barbarians are there,
    its holder's limit is 1 more: 3 tokens in date_oasis (limit 1) keep 2 in the phase 11
    surplus removal (kings_vale, limit 3, keeps 3)."""
    s = run_from(phase=11, players={HELLAS: {"tokens": {"date_oasis": 3, "kings_vale": 5}, "advances": advances},
                                    EGYPT: {"tokens": {"upper_river": 1}}},
                 city={"twin_rivers": EGYPT}, barbarians=barbarians)
    assert (s.phase, s.step, s.to_move()) == (11, REDUCE, (EGYPT,))
    assert (mc.tok(s, HELLAS, "date_oasis"), mc.tok(s, HELLAS, "kings_vale")) == (left, 3)


@pytest.mark.parametrize("advances, grown", [(["agriculture"], 2), ([], 1)])
def test_agriculture_in_growth_up_to_the_limit(advances, grown):
    """Agriculture with growth-supply B (growth stops at the limit): 1 token in
    date_oasis (limit 1) grows to 2 with it, stays 1 without."""
    g = game(**{"growth-supply": "B"})
    s = run_from(g, phase=2, players={HELLAS: {"tokens": {"date_oasis": 1}, "advances": advances}})
    assert (s.phase, s.to_move()) == (3, (HELLAS,))
    assert mc.tok(s, HELLAS, "date_oasis") == grown


# ================================================================== payment ability
def test_trade_empire_substitute_completes_an_incomplete_set():
    """Trade Empire: once a turn, a card of another commodity of at least the same face
    value counts as one more card of an incomplete set: 2 Iron + 1 Wine = 3 Iron (18, not
    8 + 5). Cloth Making (crafts 50, Trade Empire crafts 20) costs 30: 18 + 12 treasury.
    Without the substitute Hellas (13 in cards + 12) could not pay for it."""
    s = buying({HELLAS: {"treasury": 12, "hand": ["iron", "iron", "wine"], "advances": ["trade-empire"]}})
    assert "buy cloth-making" in mc.texts(s, HELLAS)
    s.apply(HELLAS, "buy cloth-making")
    assert mc.texts(s, HELLAS) == ["pay iron", "pay wine", "pay iron wine", "cancel"]
    mc.assert_illegal(s, HELLAS, "pay wine iron")  # a lower face value cannot stand in
    s.apply(HELLAS, "pay iron wine")
    assert s.pay[2] == 18
    assert "pay iron wine" not in mc.texts(s, HELLAS)
    data = s.to_json()  # a payment under way is a position like any other
    assert s.game.state_from_json(data).to_json() == data
    s.apply(HELLAS, "treasury")
    assert "cloth-making" in owned(s, HELLAS)
    assert (hand(s, HELLAS), s.treasury[HELLAS]) == ([], 0)
    assert "trade_empire" in s.used[HELLAS]
    assert [s.cat.cards[c].id for c in s.discards[2] + s.discards[5]] == ["iron", "iron", "wine"]


def test_trade_empire_once_a_turn_and_cancel_gives_it_back():
    """Trade Empire: a cancelled payment gives the substitution back; after a completed
    one it is not offered again this turn; a complete set (all 4 Ivory) takes none, though
    an Ivory may stand in for a second Gold."""
    s = buying({HELLAS: {"treasury": 54, "hand": ["iron", "iron", "wine", "fish", "fish", "gold", "gold"],
                         "advances": ["trade-empire"]}})
    s.apply(HELLAS, "buy mysticism")
    s.apply(HELLAS, "pay iron wine")
    s.apply(HELLAS, "cancel")
    s.apply(HELLAS, "buy mysticism")
    assert "pay iron wine" in mc.texts(s, HELLAS)
    s.apply(HELLAS, "pay iron wine")
    s.apply(HELLAS, "treasury")
    s.apply(HELLAS, "buy sculpture")
    assert not any(len(t.split()) == 3 for t in mc.texts(s, HELLAS) if t.startswith("pay"))
    full = buying({HELLAS: {"hand": ["ivory"] * 4 + ["gold"], "advances": ["trade-empire"]}})
    ids = full.cat.cards
    assert [(ids[c].id, ids[x].id) for c, x in substitutions(full, HELLAS, [])] == [("gold", "ivory")]


# ================================================================== conflict abilities
@pytest.mark.parametrize("attacker, defender, numbers", [
    ([], [], (7, 6)), ([], ["engineering"], (8, 7)), (["engineering"], [], (6, 5)),
    (["engineering"], ["engineering"], (7, 6))])
def test_engineering_city_attack_numbers(attacker, defender, numbers):
    """Engineering: 8 tokens to take its holder's city, then 7 defenders; its holder
    needs 6, then 5 defenders; nothing changes when both hold it."""
    s = position(players={HATTI: {"tokens": {"kings_vale": 1}, "advances": attacker},
                          HELLAS: {"advances": defender}}, city={"date_oasis": HELLAS}, decider=HATTI)
    assert attack_numbers(s, HATTI, HELLAS) == numbers


@pytest.mark.parametrize("advances, kept", [(["engineering"], True), ([], False)])
def test_engineering_defends_against_seven(advances, kept):
    """Engineering: 7 Hatti tokens do not take Hellas's city in kings_vale (8 needed);
    without Engineering the city falls and a conflict follows."""
    s = position(players={HATTI: {"tokens": {"kings_vale": 7}}, HELLAS: {"advances": advances}},
                 city={"kings_vale": HELLAS}, decider=HATTI)
    phase_conflict(s)
    assert (mc.owner(s, "kings_vale") == HELLAS) == kept
    assert mc.tok(s, HATTI, "kings_vale") == (7 if kept else 2)


def test_engineering_attacks_with_six():
    """Engineering: 6 Hellas tokens take Hatti's city in date_oasis (limit 1): 5 Hatti
    tokens defend; Hatti (fewer) removes first: 6/4, 5/4, 5/3, ... 2/1, 2/0. Hellas wins
    and plunders 3 of Hatti's 5 treasury tokens."""
    s = position(players={HELLAS: {"tokens": {"date_oasis": 6}, "advances": ["engineering"]},
                          HATTI: {"treasury": 5}}, city={"date_oasis": HATTI}, decider=HELLAS)
    phase_conflict(s)
    assert mc.owner(s, "date_oasis") == -1
    assert (mc.tok(s, HELLAS, "date_oasis"), mc.tok(s, HATTI, "date_oasis")) == (2, 0)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (3, 2)
    mc.conserved(s)


@pytest.mark.parametrize("advances, left", [(["metalworking"], (1, 0)), ([], (0, 0))])
def test_metalworking_removes_after_the_others(advances, left):
    """Metalworking: in each removal round its holder removes after the others: date_oasis
    (limit 1), Hellas 2, Hatti 2: Hatti 1, Hellas 1, Hatti 0: Hellas keeps 1. Without it
    both remove together: 1/1, 0/0."""
    s = position(players={HELLAS: {"tokens": {"date_oasis": 2}, "advances": advances},
                          HATTI: {"tokens": {"date_oasis": 2}}}, decider=HELLAS)
    phase_conflict(s)
    assert (mc.tok(s, HELLAS, "date_oasis"), mc.tok(s, HATTI, "date_oasis")) == left


# ================================================================== tax and support abilities
@pytest.mark.parametrize("advances, revolt", [(["democracy"], False), ([], True)])
def test_democracy_no_tax_revolt(advances, revolt):
    """Democracy: Hellas (2 cities, empty stock) cannot pay his tax; with Democracy no
    city revolts (he still pays what he can: nothing); without it Assyria, the
    Beneficiary, takes a city."""
    s = run_from(phase=1, players={HELLAS: {"tokens": {"kings_vale": 1}, "treasury": 54, "advances": advances}},
                 city={"old_ford": HELLAS, "north_downs": HELLAS})
    if revolt:
        assert (s.phase, s.step, s.to_move()) == (1, REVOLT, (MINOA,))
    else:
        assert (s.phase, s.step, s.to_move()) == (3, MOVE, (HELLAS,))
        assert mc.cities(s, HELLAS) == ["north_downs", "old_ford"]
        assert s.treasury[HELLAS] == 54


@pytest.mark.parametrize("advances, reduce", [(["cultural-ascendancy"], True), ([], False)])
def test_cultural_ascendancy_support_rate_three(advances, reduce):
    """Cultural Ascendancy: each city needs 3 tokens: 5 tokens do not support 2 cities
    (Hellas must reduce one in phase 11); without it 4 are enough."""
    s = run_from(phase=11, players={HELLAS: {"tokens": {"kings_vale": 3, "ash_plains": 2}, "advances": advances}},
                 city={"old_ford": HELLAS, "north_downs": HELLAS})
    assert s.support_rate(HELLAS) == (3 if reduce else 2)
    if reduce:
        assert (s.phase, s.step, s.to_move()) == (11, REDUCE, (HELLAS,))
    else:
        assert mc.cities(s, HELLAS) == ["north_downs", "old_ford"]
        assert s.phase != 11




# ================================================================== conflict abilities
@pytest.mark.parametrize("advances, kept", [(["naval-warfare"], 3), ([], 2)])
def test_naval_warfare_removes_ships_instead_of_tokens(advances, kept):
    """Naval Warfare: in a conflict its holder removes his ships in the area instead of
    tokens, the order re-checked each round. ash_plains (limit 2): Hellas 3 tokens and
    the ship that carried them, Hatti 2. With it: Hatti 1, Hellas the ship, Hatti 0:
    Hellas keeps 3. Without it: Hatti 1, Hellas 2, Hatti 0: he keeps 2. Either way the
    ship is back in the stock after the phase."""
    s = position(players={HELLAS: {"tokens": {"ash_plains": 3}, "docked_ships": ["ash_plains"], "advances": advances},
                          HATTI: {"tokens": {"ash_plains": 2}}}, decider=HELLAS)
    phase_conflict(s)
    assert (mc.tok(s, HELLAS, "ash_plains"), mc.tok(s, HATTI, "ash_plains")) == (kept, 0)
    assert (s.docked[HELLAS], s.ship_stock[HELLAS], s.phase) == ([], 4, 5)
    mc.conserved(s)


def test_naval_warfare_ships_elsewhere_do_not_count():
    """Naval Warfare: only ships in the area of the conflict replace tokens there."""
    s = position(players={HELLAS: {"tokens": {"ash_plains": 3}, "docked_ships": ["kings_vale"],
                                   "advances": ["naval-warfare"]},
                          HATTI: {"tokens": {"ash_plains": 2}}}, decider=HELLAS)
    phase_conflict(s)
    assert (mc.tok(s, HELLAS, "ash_plains"), mc.tok(s, HATTI, "ash_plains"), s.ship_stock[HELLAS]) == (2, 0, 4)


def _military(advances: list[str], old_ford: int = 2, extra: dict[int, Any] | None = None):
    """kings_vale (limit 3): Hellas 3, Hatti 4 in conflict; Hellas also has tokens in
    old_ford and 1 in ash_plains (both land-adjacent) and 2 in nw_hills (not adjacent).
    Egypt can build a city: the game stops in phase 5, after the conflicts."""
    return position(players={HELLAS: {"tokens": {"kings_vale": 3, "old_ford": old_ford, "ash_plains": 1, "nw_hills": 2},
                                      "advances": advances},
                             HATTI: {"tokens": {"kings_vale": 4}}, EGYPT: {"tokens": {"great_delta": 6}},
                             **(extra or {})}, decider=HELLAS)


def test_advanced_military_reinforces_from_adjacent_areas():
    """Advanced Military: its holder may remove tokens from land-adjacent areas instead
    (the fullest first), the order re-checked each round. Hellas reinforces kings_vale:
    Hellas (3, fewer) removes first, from old_ford (2->1); Hatti 4->3; equal, together:
    old_ford 1->0 and Hatti 3->2; Hatti (2) first: 1, then Hellas from ash_plains
    (1->0); Hatti 1->0. Hellas keeps all 3 in kings_vale, loses old_ford and ash_plains;
    nw_hills (not adjacent) is untouched."""
    s = _military(["advanced-military"])
    phase_conflict(s)
    assert (s.step, s.to_move()) == (MILITARY, (HELLAS,))
    assert mc.texts(s, HELLAS) == ["reinforce kings_vale", "done"]
    s.apply(HELLAS, "reinforce kings_vale")
    assert s.phase == 5
    assert [mc.tok(s, HELLAS, a) for a in ("kings_vale", "old_ford", "ash_plains", "nw_hills")] == [3, 0, 0, 2]
    assert mc.tok(s, HATTI, "kings_vale") == 0
    assert not any(u.startswith("reinforce") for u in s.used[HELLAS])
    mc.conserved(s)


@pytest.mark.parametrize("advances", [["advanced-military"], []])
def test_advanced_military_declined_or_absent_is_an_ordinary_conflict(advances):
    """Advanced Military is a right, not a duty: with ``done`` (or without the advance)
    kings_vale is an ordinary conflict: Hellas 3 removes first: 2, Hatti 3, Hellas 1,
    Hatti 2: 3 tokens, the limit. The adjacent tokens stay."""
    s = _military(advances)
    phase_conflict(s)
    if advances:
        s.apply(HELLAS, "done")
    assert s.phase == 5
    assert [mc.tok(s, HELLAS, a) for a in ("kings_vale", "old_ford", "ash_plains")] == [1, 2, 1]
    assert mc.tok(s, HATTI, "kings_vale") == 2


def test_advanced_military_waits_and_spares_areas_in_conflict():
    """Advanced Military: areas with a conflict of their own give no reinforcement, and
    the reinforced conflict waits until the others are resolved. old_ford (limit 2)
    holds Hellas 2 and Minoa 2: it is resolved first (together: 1 and 1, the limit is
    reached). Then kings_vale: Hellas 3 spends old_ford's last token (1->0, the lower
    area of two equal), Hatti 4->3; together: ash_plains 1->0 and Hatti 3->2; Hatti
    (2) first: 1, Hellas has nothing left to spend: 3->2, and 3 tokens is the limit."""
    s = _military(["advanced-military"], extra={MINOA: {"tokens": {"old_ford": 2}}})
    phase_conflict(s)
    assert mc.texts(s, HELLAS) == ["reinforce kings_vale", "done"]
    s.apply(HELLAS, "reinforce kings_vale")
    assert s.phase == 5
    assert [mc.tok(s, HELLAS, a) for a in ("kings_vale", "old_ford", "ash_plains")] == [2, 0, 0]
    assert (mc.tok(s, MINOA, "old_ford"), mc.tok(s, HATTI, "kings_vale")) == (1, 1)
    mc.conserved(s)


def test_advanced_military_no_choice_without_spare_tokens():
    """Advanced Military: with no token next to the conflict there is nothing to
    choose: the conflict is resolved at once."""
    s = _military(["advanced-military"], old_ford=0)
    s.tokens[HELLAS][s.board.index("ash_plains")] = 0
    s.stock[HELLAS] += 1
    phase_conflict(s)
    assert s.step != MILITARY and s.phase == 5


def test_advanced_military_reinforce_is_refused_twice_and_elsewhere():
    """Advanced Military: ``reinforce`` names an area of one of his conflicts, once."""
    s = _military(["advanced-military"])
    phase_conflict(s)
    mc.assert_illegal(s, HELLAS, "reinforce old_ford")
    mc.assert_illegal(s, HELLAS, "reinforce atlantis")


def test_advanced_military_choices_are_simultaneous_under_strict_ast_order_a():
    """Advanced Military, MC-0.11 (unstated-order, following strict-ast-order A): both
    holders choose at once, neither seeing the other's choice; then kings_vale (limit 3,
    Hellas 3 + 2 spare in old_ford, Hatti 4 + 2 spare in ash_plains): two rounds of
    spares, then Hellas 2, Hatti 3; Hellas 1, Hatti 2: the limit."""
    g = game(**{"strict-ast-order": "A"})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 3, "old_ford": 2}, "advances": ["advanced-military"]},
                             HATTI: {"tokens": {"kings_vale": 4, "ash_plains": 2}, "advances": ["advanced-military"]},
                             EGYPT: {"tokens": {"great_delta": 6}}}, decider=HELLAS)
    phase_conflict(s)
    assert (s.step, s.to_move()) == (MILITARY, (HELLAS, HATTI))
    before = s.observation(HELLAS)
    s.apply(HATTI, "reinforce kings_vale")
    after = s.observation(HELLAS)
    assert s.to_move() == (HELLAS,)
    assert {k: v for k, v in after.items() if k not in ("to_move", "waiting_for")} == {
        k: v for k, v in before.items() if k not in ("to_move", "waiting_for")}  # Hatti's choice is hidden
    s.apply(HELLAS, "reinforce kings_vale")
    assert s.phase == 5
    assert [mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HATTI, "kings_vale"), mc.tok(s, HELLAS, "old_ford"),
            mc.tok(s, HATTI, "ash_plains")] == [1, 2, 0, 0]
    mc.conserved(s)

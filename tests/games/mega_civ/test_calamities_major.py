"""Rule tests of the major calamities of Mega Civilization (MC-9.2.1) on hand-built
positions: each calamity's losses, its secondary victims and what the advances
change (see test_calamities.py for the seats and the Beneficiary).
"""

from __future__ import annotations

import pytest

from civtable.games.mega_civ.state import PIRATE

from . import _calamity_helpers as cal
from . import _mc_helpers as mc
from ._calamity_helpers import asks, hand, play, points, resolve, resolved
from ._mc_helpers import game
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA

pytestmark = pytest.mark.usefixtures("stop_after_calamities")  # phase 10 does not start


# ================================================================== major calamities (MC-9.2.1)
def test_volcanic_eruption() -> None:
    """MC-9.2.1, Volcanic Eruption: a city in a volcano area: every unit there (any owner)
    is destroyed, in the volcano area that hurts the victim most (ember_peak: his city
    and a token, against smoke_isle: a city)."""
    s = resolve(players={HELLAS: {"tokens": {"ember_peak": 1, "east_strand": 2}, "hand": ["volcanic-eruption-earthquake"]},
                         MINOA: {"tokens": {"ember_peak": 1, "high_moor": 1}}},
                city={"ember_peak": HELLAS, "smoke_isle": HELLAS})
    resolved(s)
    assert (mc.owner(s, "ember_peak"), mc.tok(s, HELLAS, "ember_peak"), mc.tok(s, MINOA, "ember_peak")) == (-1, 0, 0)
    assert (mc.cities(s, HELLAS), mc.tok(s, HELLAS, "east_strand"), mc.tok(s, MINOA, "high_moor")) == (["smoke_isle"], 2, 1)


@pytest.mark.parametrize(("engineering", "kings_vale"), [(False, 0), (True, 3)])
def test_earthquake(engineering: bool, kings_vale: int) -> None:
    """MC-9.2.1, Earthquake (no city by a volcano): 1 of the victim's cities destroyed
    (Engineering: reduced), and 1 city of any owner next to it by land or water reduced
    (not great_delta, across the Middle Sea)."""
    s = resolve(players={HELLAS: {"hand": ["volcanic-eruption-earthquake"],
                                  "advances": ["engineering"] if engineering else []}},
                city={"kings_vale": HELLAS, "old_ford": MINOA, "ash_plains": HATTI, "great_delta": ASSYRIA})
    assert asks(s, HELLAS) == ["reduce ash_plains", "reduce old_ford"]
    s.apply(HELLAS, "reduce ash_plains")
    resolved(s)
    assert (mc.owner(s, "kings_vale"), mc.tok(s, HELLAS, "kings_vale")) == (-1, kings_vale)
    assert (mc.owner(s, "ash_plains"), mc.tok(s, HATTI, "ash_plains")) == (-1, 2)
    assert (mc.owner(s, "old_ford"), mc.owner(s, "great_delta")) == (MINOA, ASSYRIA)


@pytest.mark.parametrize(("advances", "cities_lost"), [(["agriculture"], 3), ([], 2), (["agriculture", "pottery"], 2)])
def test_famine(advances: list[str], cities_lost: int) -> None:
    """MC-9.2.1, Famine: 10 damage (Agriculture: 15 for the primary victim, Pottery 5
    less) and 5 damage to each of 3 other players of his choice; Pottery prevents 5
    damage for a secondary victim too (Minoa loses nothing)."""
    s = resolve(players={HELLAS: {"tokens": {"nw_hills": 1}, "hand": ["famine"], "advances": advances},
                         MINOA: {"tokens": {"great_delta": 3}, "advances": ["pottery"]},
                         ASSYRIA: {"tokens": {"upper_river": 2}}, HATTI: {"tokens": {"twin_rivers": 3}}},
                city={"kings_vale": HELLAS, "old_ford": HELLAS, "north_downs": HELLAS})
    play(s, HELLAS, *["lose-city kings_vale", "lose-city old_ford", "lose-city north_downs"][:cities_lost])
    assert asks(s, HELLAS) == ["victim 1", "victim 2", "victim 3"]  # Egypt has nothing to lose
    play(s, HELLAS, "victim 1", "victim 3")  # Hatti is the third
    resolved(s)
    assert (len(s.cities_of(HELLAS)), mc.tok(s, HELLAS, "nw_hills")) == (3 - cities_lost, 1)
    assert [s.tokens_on_map(q) for q in (MINOA, ASSYRIA, HATTI)] == [3, 0, 0]


def test_flood_on_the_flood_plain() -> None:
    """MC-9.2.1, Flood: 15 damage from the flood plain with the victim's units; every
    other player with units on it takes 5 there. Egypt's city on twin_rivers' black site
    is off the plain (spared), his token there is not; copper_hills is off the plain."""
    s = resolve(players={EGYPT: {"tokens": {"great_delta": 4, "river_bend": 3, "twin_rivers": 1}, "hand": ["flood"]},
                         ASSYRIA: {"tokens": {"upper_river": 2}}, HATTI: {"tokens": {"copper_hills": 2}}},
                city={"twin_rivers": EGYPT})
    assert asks(s, EGYPT) == ["lose great_delta", "lose river_bend", "lose twin_rivers"]
    play(s, EGYPT, *["lose great_delta"] * 4, *["lose river_bend"] * 3)  # then twin_rivers, the last
    resolved(s)
    assert (s.tokens_on_map(EGYPT), mc.cities(s, EGYPT)) == (0, ["twin_rivers"])
    assert (mc.tok(s, ASSYRIA, "upper_river"), mc.tok(s, HATTI, "copper_hills")) == (0, 2)


def test_flood_engineering_prevents_5_for_every_victim() -> None:
    """MC-9.2.1, Flood with Engineering (any victim): Egypt takes 10, Assyria (on the
    plain, with Engineering) nothing, Hatti (on the plain, without) 5."""
    s = resolve(players={EGYPT: {"tokens": {"great_delta": 4, "river_bend": 3, "twin_rivers": 3, "upper_river": 2},
                                 "hand": ["flood"], "advances": ["engineering"]},
                         ASSYRIA: {"tokens": {"upper_river": 1}, "advances": ["engineering"]},
                         HATTI: {"tokens": {"river_bend": 1}}})
    play(s, EGYPT, *["lose great_delta"] * 4, *["lose river_bend"] * 3, *["lose twin_rivers"] * 3)
    resolved(s)
    assert (s.tokens_on_map(EGYPT), mc.tok(s, EGYPT, "upper_river")) == (2, 2)
    assert (mc.tok(s, ASSYRIA, "upper_river"), mc.tok(s, HATTI, "river_bend")) == (1, 0)


@pytest.mark.parametrize(("advances", "old_ford"), [([], 0), (["engineering"], 2)])
def test_flood_off_the_flood_plain(advances: list[str], old_ford: int) -> None:
    """MC-9.2.1, Flood with no units on a flood plain: 5 damage from coastal areas only
    (Engineering prevents 5: none)."""
    s = resolve(players={HELLAS: {"tokens": {"old_ford": 2, "north_downs": 2}, "hand": ["flood"], "advances": advances}})
    resolved(s)
    assert (mc.tok(s, HELLAS, "old_ford"), mc.tok(s, HELLAS, "north_downs")) == (old_ford, 2)


HELLAS_47 = {  # 8 cities (40 points) and 7 tokens: 47 unit points
    "city": {a: HELLAS for a in ("north_downs", "old_ford", "kings_vale", "east_strand", "ember_peak",
                                 "pearl_isle", "south_cape", "harbour_bay")},
    "tokens": {"nw_hills": 1, "west_cape": 2, "high_moor": 2, "ash_plains": 2},
}


def test_civil_war() -> None:
    """MC-9.2.1, Civil War: the victim selects all but 35 of his unit points in whole
    areas, adjacent to each other where possible; the Beneficiary (Assyria) annexes them.
    After harbour_bay, south_cape is the only area next to it: it goes at once."""
    s = resolve(players={HELLAS: {"tokens": HELLAS_47["tokens"], "hand": ["civil-war"]}, **cal.ASSYRIA_BENEFITS},
                city=HELLAS_47["city"])
    assert points(s, HELLAS) == 47 and s.to_move() == (HELLAS,)
    s.apply(HELLAS, "annex harbour_bay")  # 5; then south_cape (5): 2 points still to go
    assert "annex south_cape" not in mc.texts(s, HELLAS) and len(mc.texts(s, HELLAS)) == 10
    s.apply(HELLAS, "annex west_cape")
    resolved(s)
    assert points(s, HELLAS) == 35
    assert (mc.cities(s, ASSYRIA), mc.tok(s, ASSYRIA, "west_cape")) == (["harbour_bay", "south_cape"], 2)


def test_civil_war_music_keeps_40() -> None:
    """MC-9.2.1, Civil War with Music: 5 fewer points selected (all but 40); the second
    area must be next to the first by land (old_ford or nw_hills, not pearl_isle)."""
    s = resolve(players={HELLAS: {"tokens": HELLAS_47["tokens"], "hand": ["civil-war"], "advances": ["music"]},
                         **cal.ASSYRIA_BENEFITS}, city=HELLAS_47["city"])
    s.apply(HELLAS, "annex west_cape")
    assert asks(s, HELLAS) == ["annex nw_hills", "annex old_ford"]
    mc.assert_illegal(s, HELLAS, "annex pearl_isle")
    s.apply(HELLAS, "annex old_ford")
    resolved(s)
    assert points(s, HELLAS) == 40
    assert (mc.cities(s, ASSYRIA), mc.tok(s, ASSYRIA, "west_cape")) == (["old_ford"], 2)


def test_civil_war_35_points_or_fewer_nothing_happens() -> None:
    """MC-9.2.1, Civil War: with 35 unit points (Philosophy: 30) or fewer nothing happens."""
    city = {a: HELLAS for a in ("north_downs", "old_ford", "kings_vale", "east_strand", "ember_peak", "pearl_isle")}
    s = resolve(players={HELLAS: {"tokens": {"west_cape": 2, "high_moor": 2, "ash_plains": 1}, "hand": ["civil-war"]},
                         **cal.ASSYRIA_BENEFITS}, city=city)
    resolved(s)
    assert points(s, HELLAS) == 35
    s = resolve(players={HELLAS: {"tokens": {"west_cape": 2, "high_moor": 2, "ash_plains": 1}, "hand": ["civil-war"],
                                  "advances": ["philosophy"]}, **cal.ASSYRIA_BENEFITS}, city=city)
    s.apply(HELLAS, "annex ember_peak")  # 5 points to select: one city
    resolved(s)
    assert (points(s, HELLAS), mc.cities(s, ASSYRIA)) == (30, ["ember_peak"])


def test_cyclone() -> None:
    """MC-9.2.1, Cyclone: the sea with most of the victim's cities next to it (Middle Sea:
    4, West Sea: 3) is hit: he reduces 3 of those, every other player with cities on it 2
    (Hatti with Masonry 1); Egypt's city on the West Sea only is spared."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["cyclone"]}, HATTI: {"advances": ["masonry"]}},
                city={"old_ford": HELLAS, "kings_vale": HELLAS, "ash_plains": HELLAS, "east_strand": HELLAS,
                      "nw_hills": HELLAS, "west_cape": HELLAS, "harbour_bay": MINOA, "great_delta": MINOA,
                      "south_cape": ASSYRIA, "red_cliffs": HATTI, "dune_coast": HATTI, "salt_marsh": EGYPT})
    assert asks(s, HELLAS) == ["reduce ash_plains", "reduce east_strand", "reduce kings_vale", "reduce old_ford"]
    play(s, HELLAS, "reduce kings_vale", "reduce ash_plains", "reduce east_strand")
    assert asks(s, MINOA) == ["reduce great_delta", "reduce harbour_bay"]
    s.apply(MINOA, "reduce harbour_bay")  # then great_delta; Assyria's south_cape goes at once
    assert asks(s, HATTI) == ["reduce dune_coast", "reduce red_cliffs"]
    s.apply(HATTI, "reduce red_cliffs")
    resolved(s)
    assert mc.cities(s, HELLAS) == ["nw_hills", "old_ford", "west_cape"]
    assert (mc.tok(s, HELLAS, "kings_vale"), mc.tok(s, HELLAS, "ash_plains"), mc.tok(s, HELLAS, "east_strand")) == (3, 2, 2)
    assert (mc.cities(s, MINOA), mc.tok(s, MINOA, "harbour_bay"), mc.tok(s, MINOA, "great_delta")) == ([], 2, 4)
    assert (mc.cities(s, ASSYRIA), mc.tok(s, ASSYRIA, "south_cape")) == ([], 2)
    assert (mc.cities(s, HATTI), mc.tok(s, HATTI, "red_cliffs"), mc.cities(s, EGYPT)) == (["dune_coast"], 2, ["salt_marsh"])




def test_tyranny() -> None:
    """MC-9.2.1, Tyranny: the Beneficiary (Assyria) selects and annexes 15 of the victim's
    unit points in whole areas, each next to those taken where possible."""
    s = resolve(players={HELLAS: cal.TYRANNY_VICTIM, **cal.ASSYRIA_BENEFITS}, city={"kings_vale": HELLAS, "old_ford": HELLAS})
    assert len(asks(s, ASSYRIA)) == 6
    s.apply(ASSYRIA, "annex kings_vale")
    assert asks(s, ASSYRIA) == ["annex ash_plains", "annex north_downs", "annex old_ford"]
    mc.assert_illegal(s, ASSYRIA, "annex pearl_isle")
    play(s, ASSYRIA, "annex old_ford", "annex north_downs", "annex ash_plains")  # 14; then nw_hills (next to north_downs)
    resolved(s)
    assert mc.cities(s, ASSYRIA) == ["kings_vale", "old_ford"]
    assert [mc.tok(s, ASSYRIA, a) for a in ("north_downs", "ash_plains", "nw_hills")] == [2, 2, 1]
    assert (points(s, HELLAS), mc.tok(s, HELLAS, "pearl_isle")) == (2, 2)


def test_tyranny_sculpture_10_points() -> None:
    """MC-9.2.1, Tyranny with Sculpture: the Beneficiary annexes 5 fewer points (10)."""
    s = resolve(players={HELLAS: {**cal.TYRANNY_VICTIM, "advances": ["sculpture"]}, **cal.ASSYRIA_BENEFITS},
                city={"kings_vale": HELLAS, "old_ford": HELLAS})
    play(s, ASSYRIA, "annex kings_vale", "annex old_ford")
    resolved(s)
    assert (mc.cities(s, ASSYRIA), points(s, HELLAS)) == (["kings_vale", "old_ford"], 7)


@pytest.mark.parametrize(("advances", "discards", "left"), [
    ([], ["discard papyrus", "discard wine", "discard wine"], ["ochre"]),
    (["law"], ["discard wine"], ["ochre", "papyrus", "wine"]),
])
def test_corruption(advances: list[str], discards: list[str], left: list[str]) -> None:
    """MC-9.2.1, Corruption: commodity cards of at least 10 face value (not set value)
    discarded (Law: 5): papyrus 2 + wine 5 leave 3 to go, so the second wine goes too."""
    s = resolve(players={HELLAS: {"tokens": {"nw_hills": 1}, "advances": advances,
                                  "hand": ["corruption", "wine", "wine", "papyrus", "ochre"]}})
    assert asks(s, HELLAS) == ["discard ochre", "discard papyrus", "discard wine"]
    play(s, HELLAS, *discards)
    resolved(s)
    assert hand(s, HELLAS) == left


@pytest.mark.parametrize(("advances", "ast"), [([], 3), (["fundamentalism"], 2), (["library"], 4)])
def test_regression(advances: list[str], ast: int) -> None:
    """MC-9.2.1, Regression: the AST marker moves 1 step back (Fundamentalism 2, Library 0)."""
    s = resolve(players={HELLAS: {"tokens": {"nw_hills": 1}, "ast": 4, "hand": ["regression"], "advances": advances}})
    resolved(s)
    assert (s.ast[HELLAS], s.ast_forward[HELLAS]) == (ast, 3)


def test_regression_enlightenment_destroys_two_cities_inland_first() -> None:
    """MC-9.2.1, Regression with Enlightenment: instead of the step back, 2 cities are
    destroyed, non-coastal ones if possible (north_downs first, then a coastal one)."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "ast": 4, "hand": ["regression"],
                                  "advances": ["enlightenment"]}},
                city={"north_downs": HELLAS, "kings_vale": HELLAS, "old_ford": HELLAS})
    assert asks(s, HELLAS) == ["destroy-cities", "regress"]
    s.apply(HELLAS, "destroy-cities")  # north_downs, the inland city, at once
    assert asks(s, HELLAS) == ["destroy kings_vale", "destroy old_ford"]
    s.apply(HELLAS, "destroy old_ford")
    resolved(s)
    assert (s.ast[HELLAS], mc.cities(s, HELLAS)) == (4, ["kings_vale"])


@pytest.mark.parametrize(("advances", "annexed"), [([], ["old_ford"]), (["diplomacy"], ["kings_vale", "old_ford"])])
def test_treachery(advances: list[str], annexed: list[str]) -> None:
    """MC-9.2.1, Treachery: the Beneficiary (Assyria) selects and annexes 1 of the
    victim's cities (Diplomacy: 2)."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["treachery"], "advances": advances},
                         **cal.ASSYRIA_BENEFITS}, city={"kings_vale": HELLAS, "old_ford": HELLAS})
    assert asks(s, ASSYRIA) == ["annex kings_vale", "annex old_ford"]
    s.apply(ASSYRIA, "annex old_ford")
    resolved(s)
    assert mc.cities(s, ASSYRIA) == annexed
    assert (s.city_stock[ASSYRIA], s.city_stock[HELLAS]) == (9 - len(annexed), 7 + len(annexed))


@pytest.mark.parametrize(("advances", "reduced"), [([], ["north_downs", "old_ford"]), (["mythology"], ["north_downs"]),
                                                    (["mining"], ["north_downs", "old_ford"])])
def test_slave_revolt(advances: list[str], reduced: list[str]) -> None:
    """MC-9.2.1, Slave Revolt: city support checked at 2 more tokens a city (4: Mythology
    3, Mining 5); cities reduced until supported. 5 tokens, 3 cities: reducing north_downs
    gives 7 tokens for 2 cities (enough at 3, not at 4 or 5)."""
    s = resolve(players={HELLAS: {"tokens": {"ash_plains": 2, "nw_hills": 1, "west_cape": 2}, "hand": ["slave-revolt"],
                                  "advances": advances}},
                city={"kings_vale": HELLAS, "old_ford": HELLAS, "north_downs": HELLAS})
    play(s, HELLAS, *[f"reduce {a}" for a in reduced])
    resolved(s)
    assert mc.cities(s, HELLAS) == sorted({"kings_vale", "old_ford", "north_downs"} - set(reduced))
    assert s.tokens_on_map(HELLAS) == 5 + 2 * len(reduced)


def test_slave_revolt_local_support() -> None:
    """MC-9.2.1, Slave Revolt (support-counting B): each city needs 4 tokens in its own and
    adjacent areas: old_ford has them (west_cape, north_downs), pearl_isle does not."""
    s = resolve(game(**{"support-counting": "B"}), players={HELLAS: {
        "tokens": {"west_cape": 2, "north_downs": 2}, "hand": ["slave-revolt"]}},
        city={"old_ford": HELLAS, "pearl_isle": HELLAS})
    resolved(s)
    assert (mc.cities(s, HELLAS), mc.tok(s, HELLAS, "pearl_isle")) == (["old_ford"], 2)


@pytest.mark.parametrize("advances", [[], ["mysticism"]])
def test_superstition(advances: list[str]) -> None:
    """MC-9.2.1, Superstition: 3 cities reduced (Mysticism: 2)."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["superstition"], "advances": advances}},
                city={"kings_vale": HELLAS, "old_ford": HELLAS, "north_downs": HELLAS, "pearl_isle": HELLAS})
    k = 2 if advances else 3
    play(s, HELLAS, *["reduce kings_vale", "reduce old_ford", "reduce pearl_isle"][:k])
    resolved(s)
    assert len(s.cities_of(HELLAS)) == 4 - k and "north_downs" in mc.cities(s, HELLAS)
    assert s.tokens_on_map(HELLAS) == 1 + sum([3, 2, 2][:k])  # kings_vale 3, old_ford 2, pearl_isle 2




def test_barbarian_hordes() -> None:
    """MC-9.2.1, Barbarian Hordes: 15 barbarians attack the victim's wilderness city
    (ash_plains, off a city site): it becomes 6 tokens, all lost; 10 barbarians are left,
    8 over the limit. The Beneficiary (Assyria) moves them next door to kings_vale: 8 take
    the city (6 tokens), the conflict stops at the limit 3 with 3 barbarians there."""
    s = resolve(players={HELLAS: cal.BARBARIAN_VICTIM, **cal.ASSYRIA_BENEFITS}, city=cal.BARBARIAN_CITIES)
    assert asks(s, ASSYRIA) == ["barbarians high_moor", "barbarians kings_vale"]
    assert (s.barb[s.board.index("ash_plains")], mc.owner(s, "ash_plains"), mc.tok(s, HELLAS, "ash_plains")) == (2, -1, 0)
    s.apply(ASSYRIA, "barbarians kings_vale")
    resolved(s)
    assert (s.barb[s.board.index("kings_vale")], mc.tok(s, HELLAS, "kings_vale")) == (3, 0)
    assert (mc.cities(s, HELLAS), mc.tok(s, HELLAS, "high_moor"), s.city_stock[HELLAS]) == (["north_downs"], 2, 8)


def test_barbarian_hordes_excess_with_nowhere_to_go_is_destroyed() -> None:
    """MC-9.2.1, Barbarian Hordes: 8 barbarians in high_moor beat 2 tokens; 7 are left, 5
    over the limit, and no area next to it holds the victim's units: they are destroyed."""
    s = resolve(players={HELLAS: cal.BARBARIAN_VICTIM, **cal.ASSYRIA_BENEFITS}, city=cal.BARBARIAN_CITIES)
    s.apply(ASSYRIA, "barbarians high_moor")
    resolved(s)
    assert (s.barb[s.board.index("high_moor")], mc.tok(s, HELLAS, "high_moor"), sum(s.barb)) == (2, 0, 4)
    assert mc.cities(s, HELLAS) == ["kings_vale", "north_downs"]


def test_barbarian_hordes_monarchy_10_tokens() -> None:
    """MC-9.2.1, Barbarian Hordes with Monarchy: 10 barbarians; 5 survive ash_plains, 3 move
    on to kings_vale, too few to take a city (7): they are lost."""
    s = resolve(players={HELLAS: {**cal.BARBARIAN_VICTIM, "advances": ["monarchy"]}, **cal.ASSYRIA_BENEFITS},
                city=cal.BARBARIAN_CITIES)
    s.apply(ASSYRIA, "barbarians kings_vale")
    resolved(s)
    assert (mc.cities(s, HELLAS), sum(s.barb), s.barb[s.board.index("ash_plains")]) == (["kings_vale", "north_downs"], 2, 2)


def test_epidemic() -> None:
    """MC-9.2.1, Epidemic: 15 damage (Anatomy does not help the primary victim) and 2
    other players, not the Beneficiary (Egypt), take 10 each (Anatomy: 5)."""
    s = resolve(players={HELLAS: {"hand": ["epidemic"], "advances": ["anatomy"]},
                         MINOA: {"tokens": {"great_delta": 4}}, ASSYRIA: {"tokens": {"upper_river": 2}},
                         HATTI: {"tokens": {"twin_rivers": 3, "river_bend": 3}, "advances": ["anatomy"]},
                         EGYPT: {"tokens": {"dune_coast": 1}}},
                city={"kings_vale": HELLAS, "old_ford": HELLAS, "north_downs": HELLAS})
    play(s, HELLAS, "lose-city kings_vale", "lose-city old_ford")  # 10; north_downs makes 15
    assert asks(s, HELLAS) == ["victim 1", "victim 2", "victim 3"]  # not Egypt, the Beneficiary
    mc.assert_illegal(s, HELLAS, "victim 4")
    play(s, HELLAS, "victim 1", "victim 2")
    assert asks(s, HATTI) == ["lose river_bend", "lose twin_rivers"]
    play(s, HATTI, *["lose twin_rivers"] * 3)  # then 2 from river_bend
    resolved(s)
    assert mc.cities(s, HELLAS) == []
    assert (mc.tok(s, HATTI, "river_bend"), mc.tok(s, HATTI, "twin_rivers")) == (1, 0)
    assert [s.tokens_on_map(q) for q in (MINOA, ASSYRIA, EGYPT)] == [0, 2, 1]


@pytest.mark.parametrize(("advances", "reduced"), [([], ["pearl_isle", "east_strand"]), (["music"], ["pearl_isle"])])
def test_civil_disorder(advances: list[str], reduced: list[str]) -> None:
    """MC-9.2.1, Civil Disorder: all but 3 of the victim's cities reduced (Music: all but 4)."""
    five = ["kings_vale", "old_ford", "north_downs", "east_strand", "pearl_isle"]
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["civil-disorder"], "advances": advances}},
                city={a: HELLAS for a in five})
    play(s, HELLAS, *[f"reduce {a}" for a in reduced])
    resolved(s)
    assert mc.cities(s, HELLAS) == sorted(set(five) - set(reduced))
    assert s.tokens_on_map(HELLAS) == 1 + 2 * len(reduced)


ICONOCLASM_CITIES = {**{a: HELLAS for a in ("kings_vale", "old_ford", "north_downs", "east_strand", "pearl_isle")},
                     "great_delta": MINOA, "south_cape": ASSYRIA, "twin_rivers": HATTI}


def test_iconoclasm_and_heresy() -> None:
    """MC-9.2.1, Iconoclasm and Heresy: 4 of the victim's cities reduced, and 2 other
    players with cities (not the Beneficiary, Egypt) reduce 1 each."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["iconoclasm-and-heresy"]}},
                city=ICONOCLASM_CITIES)
    play(s, HELLAS, "reduce kings_vale", "reduce old_ford", "reduce north_downs", "reduce east_strand")
    assert asks(s, HELLAS) == ["victim 1", "victim 2", "victim 3"]
    play(s, HELLAS, "victim 1", "victim 3")
    resolved(s)
    assert (mc.cities(s, HELLAS), mc.tok(s, HELLAS, "kings_vale")) == (["pearl_isle"], 3)
    assert (mc.cities(s, MINOA), mc.cities(s, ASSYRIA), mc.cities(s, HATTI)) == ([], [], ["twin_rivers"])
    assert (mc.tok(s, MINOA, "great_delta"), mc.tok(s, ASSYRIA, "south_cape")) == (4, 2)


def test_iconoclasm_theocracy_buys_off_for_any_victim() -> None:
    """MC-9.2.1, Iconoclasm and Heresy with Theocracy (any victim): 2 commodity cards
    discarded avoid the city reductions, for the primary and for a secondary victim."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["iconoclasm-and-heresy", "ochre", "papyrus"],
                                  "advances": ["theocracy"]},
                         HATTI: {"hand": ["wine", "wine"], "advances": ["theocracy"]}},
                city=ICONOCLASM_CITIES)
    assert asks(s, HELLAS) == ["buy-off ochre papyrus", "suffer"]
    s.apply(HELLAS, "buy-off ochre papyrus")
    play(s, HELLAS, "victim 2", "victim 3")
    assert asks(s, HATTI) == ["buy-off wine wine", "suffer"]
    s.apply(HATTI, "buy-off wine wine")
    resolved(s)
    assert (len(s.cities_of(HELLAS)), hand(s, HELLAS), hand(s, HATTI)) == (5, [], [])
    assert (mc.cities(s, HATTI), mc.cities(s, ASSYRIA)) == (["twin_rivers"], [])


def test_iconoclasm_philosophy_and_theology_nothing_to_buy_off() -> None:
    """MC-9.2.1, Iconoclasm and Heresy with Philosophy and Theology: 5 fewer cities (none
    of his own); Theocracy has nothing to buy off, and he still picks the 2 players."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["iconoclasm-and-heresy", "ochre", "papyrus"],
                                  "advances": ["theocracy", "philosophy", "theology"]}},
                city=ICONOCLASM_CITIES)
    assert asks(s, HELLAS) == ["victim 1", "victim 2", "victim 3"]
    play(s, HELLAS, "victim 2", "victim 3")
    resolved(s)
    assert (len(s.cities_of(HELLAS)), hand(s, HELLAS)) == (5, ["ochre", "papyrus"])
    assert (mc.cities(s, MINOA), mc.cities(s, HATTI), mc.cities(s, ASSYRIA)) == (["great_delta"], [], [])


def test_piracy() -> None:
    """MC-9.2.1, Piracy: the Beneficiary (Egypt) turns 2 of the victim's coastal cities
    into pirate cities; the victim picks 1 coastal city of each of 2 other players (not
    the Beneficiary, not Assyria who holds Naval Warfare)."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["piracy"]},
                         ASSYRIA: {"advances": ["naval-warfare"]}},
                city={"old_ford": HELLAS, "kings_vale": HELLAS, "ash_plains": HELLAS, "north_downs": HELLAS,
                      "harbour_bay": MINOA, "south_cape": ASSYRIA, "red_cliffs": HATTI, "twin_rivers": HATTI})
    assert asks(s, EGYPT) == ["pirate ash_plains", "pirate kings_vale", "pirate old_ford"]
    play(s, EGYPT, "pirate kings_vale", "pirate ash_plains")
    assert asks(s, HELLAS) == ["victim 1", "victim 2"]
    s.apply(HELLAS, "victim 1")  # Hatti the second; each has one coastal city
    resolved(s)
    pirates = sorted(s.board.areas[a].id for a, o in enumerate(s.city) if o == PIRATE)
    assert pirates == ["ash_plains", "harbour_bay", "kings_vale", "red_cliffs"]
    assert sorted(s.observation(EGYPT)["pirates"]) == pirates
    assert (mc.cities(s, HELLAS), mc.cities(s, HATTI), mc.cities(s, ASSYRIA)) == (
        ["north_downs", "old_ford"], ["twin_rivers"], ["south_cape"])


def test_piracy_cartography_one_more_city() -> None:
    """MC-9.2.1, Piracy with Cartography: the Beneficiary (Minoa, first in AST order of
    equals) replaces 3 coastal cities; nobody else has one to lose."""
    s = resolve(players={HELLAS: {"tokens": {"high_moor": 1}, "hand": ["piracy"], "advances": ["cartography"]}},
                city={"old_ford": HELLAS, "kings_vale": HELLAS, "ash_plains": HELLAS, "east_strand": HELLAS})
    play(s, MINOA, "pirate kings_vale", "pirate ash_plains", "pirate east_strand")
    resolved(s)
    assert mc.cities(s, HELLAS) == ["old_ford"]

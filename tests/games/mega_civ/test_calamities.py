"""Rule tests of Mega Civilization's calamities: selection (MC-8), reveal and order of
resolution (MC-9), the calamity Beneficiary (MC-0.10) and the effect of each of the 24
calamities of data/cards.json with the advances that modify it.

Every position is hand-built; every number is worked out by hand from the effect texts
(data/cards.json), the project's damage rule (a token is 1 unit point, a city 5; a city
lost to damage is destroyed) and the maps. Major calamities are played on the small map
(5 players, AST order MINOA, ASSYRIA, HATTI, HELLAS, EGYPT). Minor calamities are in the
stacks only with 9 to 11 (and 15 to 18) players, and every card of a position must be in
its stacks, hands or discards, so they are played in a 9-player game on the full map.

The engine would go on from phase 9 into the next turn (tax, growth...); the fixture
below stops it when phase 10 starts, so a test sees what the calamities left.
"""

from __future__ import annotations

import copy
import json

import pytest

from civtable.core.errors import IllegalActionError
from civtable.core.game import Game
from civtable.games.mega_civ import rules
from civtable.games.mega_civ.rules.damage import cal_beneficiary
from civtable.games.mega_civ.state import AUTO, DISCARD, MegaState

from . import _calamity_helpers as cal
from . import _mc_helpers as mc
from ._calamity_helpers import asks, hand, nine, play, points, resolve, resolved
from ._mc_helpers import game, position_json, run_from
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA

pytestmark = pytest.mark.usefixtures("stop_after_calamities")  # phase 10 does not start


# ================================================================== MC-8: selection
def test_mc_8_2_limit_a_three_majors_one_must_go_and_only_a_major() -> None:
    """MC-8.2 (calamity-limit A, calamity-excess A): at most 3, at most 2 major. With 3
    major and 1 minor only a major may go (the smallest removal): the minor stays."""
    g = nine()
    s = run_from(g, phase=8, players={HELLAS: {"tokens": {"macedonia": 1},
                                               "hand": ["famine", "flood", "civil-war", "tempest"]}})
    assert (s.phase, s.step, s.to_move()) == (8, DISCARD, (HELLAS,))
    assert sorted(mc.texts(s, HELLAS)) == ["discard civil-war", "discard famine", "discard flood"]
    mc.assert_illegal(s, HELLAS, "discard tempest")
    s.apply(HELLAS, "discard flood")
    resolved(s)
    assert sorted(s.cat.cards[c].id for c in s.revealed[HELLAS]) == ["civil-war", "famine", "tempest"]
    assert [s.cat.cards[c].id for c in s.discards[4]] == ["flood"]


def test_mc_8_2_limit_a_four_minors_the_holder_picks_any() -> None:
    """MC-8.2 (calamity-limit A): 4 minor calamities are 1 too many; any may go."""
    s = run_from(nine(), phase=8, players={HELLAS: {"tokens": {"macedonia": 1}, "hand": [
        "tempest", "squandered-wealth", "city-riots", "minor-uprising"]}})
    assert len(mc.texts(s, HELLAS)) == 4
    s.apply(HELLAS, "discard squandered-wealth")
    resolved(s)
    assert sorted(s.cat.cards[c].id for c in s.revealed[HELLAS]) == ["city-riots", "minor-uprising", "tempest"]


def test_mc_8_2_limit_a_two_majors_and_a_minor_are_allowed() -> None:
    """MC-8.2 (calamity-limit A): 2 major and 1 minor are within the limit; nothing asked."""
    s = run_from(nine(), phase=8, players={HELLAS: {"tokens": {"macedonia": 1},
                                                    "hand": ["famine", "flood", "tempest"]}})
    resolved(s)
    assert len(s.revealed[HELLAS]) == 3


@pytest.mark.parametrize(("held", "legal", "kept"), [
    (["famine", "tempest", "squandered-wealth"], ["discard famine"], ["squandered-wealth", "tempest"]),
    (["famine", "flood", "tempest"], ["discard tempest"], ["famine", "flood"]),
])
def test_mc_8_2_limit_b_majors_or_minors(held: list[str], legal: list[str], kept: list[str]) -> None:
    """MC-8.2 (calamity-limit B): up to 2 major and no minor, or up to 3 minor; the
    holder keeps the larger group (1 major + 2 minor: the major goes; 2 major + 1
    minor: the minor goes)."""
    s = run_from(nine(**{"calamity-limit": "B"}), phase=8, players={HELLAS: {"tokens": {"macedonia": 1}, "hand": held}})
    assert sorted(mc.texts(s, HELLAS)) == legal
    s.apply(HELLAS, legal[0])
    resolved(s)
    assert sorted(s.cat.cards[c].id for c in s.revealed[HELLAS]) == kept


def test_mc_8_2_limit_b_three_minors_are_allowed() -> None:
    """MC-8.2 (calamity-limit B): 3 minor calamities are within the limit."""
    s = run_from(nine(**{"calamity-limit": "B"}), phase=8, players={HELLAS: {"tokens": {"macedonia": 1}, "hand": [
        "tempest", "squandered-wealth", "city-riots"]}})
    resolved(s)
    assert len(s.revealed[HELLAS]) == 3


def test_mc_8_2_excess_b_chosen_at_random_only_the_excess() -> None:
    """MC-8.2 (calamity-excess B): nobody is asked; one of the 3 major calamities goes
    at random (not always the same one), the minor one stays: 3 are kept."""
    gone: set[str] = set()
    for rng in range(1, 7):
        s = run_from(nine(**{"calamity-excess": "B"}), phase=8, rng=rng, players={HELLAS: {
            "tokens": {"macedonia": 1}, "hand": ["famine", "flood", "civil-war", "tempest"]}})
        resolved(s)
        kept = sorted(s.cat.cards[c].id for c in s.revealed[HELLAS])
        assert len(kept) == 3 and "tempest" in kept
        out = {"famine", "flood", "civil-war"} - set(kept)
        assert len(out) == 1 and all(s.cat.card(c) in s.discards[s.cat.cards[s.cat.card(c)].stack] for c in out)
        gone |= out
    assert len(gone) > 1


def test_mc_8_2_duplicates_go_at_once() -> None:
    """MC-8.2: no duplicates; in a two-block game (12 players, one calamity set per
    block) the second Famine is discarded without a question."""
    g = game(players=12, map="full")
    s = run_from(g, phase=8, players={HELLAS: {"tokens": {"macedonia": 1}, "hand": ["famine", "famine", "flood"]}})
    resolved(s)
    assert sorted(s.cat.cards[c].id for c in s.revealed[HELLAS]) == ["famine", "flood"]
    assert [s.cat.cards[c].id for c in s.discards[3]].count("famine") == 2  # one discarded, one resolved


def test_mc_8_1_calamities_face_down_until_the_reveal() -> None:
    """MC-8.1: calamities are declared face down: while Hellas chooses his excess the
    others see neither his cards nor any revealed calamity (last turn's reveal is over)."""
    g = nine()
    data = position_json(g, decider=HELLAS, players={HELLAS: {"tokens": {"macedonia": 1}, "hand": [
        "famine", "flood", "civil-war"]}})
    data["players"][HELLAS]["revealed"] = ["tyranny"]  # last turn's
    s = g.state_from_json(data)
    s.phase, s.step, s.decider, s.queue = 8, AUTO, -1, []
    rules.run(s)
    assert (s.step, s.to_move()) == (DISCARD, (HELLAS,))
    obs = s.observation(MINOA)
    assert all(p["revealed"] == [] for p in obs["players"])
    assert "famine" not in obs["hand"] and obs["players"][HELLAS]["hand_size"] == 3


# ================================================================== MC-9: reveal and order
def test_mc_9_1_1_all_calamities_revealed_at_once() -> None:
    """MC-9.1.1: at the first choice of phase 9 every player's calamities are public."""
    s = resolve(players={HELLAS: {"tokens": {"nw_hills": 1, "north_downs": 2}, "hand": ["famine"]},
                         MINOA: {"hand": ["treachery", "tyranny"]}, HATTI: {"hand": ["flood"]}})
    assert asks(s, HELLAS) == ["lose north_downs", "lose nw_hills"]  # Famine, the first
    obs = s.observation(EGYPT)
    revealed = {q: sorted(obs["players"][q]["revealed"]) for q in range(5)}
    assert revealed == {HELLAS: ["famine"], MINOA: ["treachery", "tyranny"], HATTI: ["flood"], ASSYRIA: [], EGYPT: []}
    assert all(not any(s.cat.cards[c].calamity for c in s.hands[q]) for q in range(5))
    assert obs["calamities_pending"] == [[HATTI, "flood"], [MINOA, "tyranny"], [MINOA, "treachery"]]


def struck(s: MegaState) -> list[str]:
    return [line for line in s.log if " strikes " in line]


def order_position(g: Game) -> MegaState:
    """Minor and major calamities of three players, all on empty maps (no choice)."""
    return resolve(g, players={
        MINOA: {"tokens": {"knossos": 1}, "hand": ["squandered-wealth", "tempest", "regression", "epidemic"]},
        ASSYRIA: {"hand": ["tribal-conflict", "volcanic-eruption-earthquake", "superstition"]},
        HELLAS: {"hand": ["city-riots", "famine", "treachery"]},
    })


def test_mc_9_1_2_and_9_2_default_order() -> None:
    """MC-9.1.2, MC-9.2.1, MC-9.2.2 (calamity-order A, non-tradable-first A): all minor
    calamities, players in AST order, each by stack; then all non-tradable major ones
    by stack, then all tradable ones by stack (AST order at equal stacks)."""
    s = order_position(nine())
    resolved(s)
    assert struck(s) == [
        "Tempest strikes minoa", "Squandered Wealth strikes minoa", "Tribal Conflict strikes assyria",
        "City Riots strikes hellas",
        "Volcanic Eruption/Earthquake strikes assyria", "Famine strikes hellas", "Regression strikes minoa",
        "Treachery strikes hellas", "Superstition strikes assyria", "Epidemic strikes minoa"]


def test_mc_9_2_2_non_tradable_first_b() -> None:
    """MC-9.2.2 (non-tradable-first B): major calamities by stack, a non-tradable one
    before a tradable one only at the same stack (Volcano and Treachery are both 2)."""
    s = order_position(nine(**{"non-tradable-first": "B"}))
    resolved(s)
    assert struck(s)[4:] == [
        "Volcanic Eruption/Earthquake strikes assyria", "Treachery strikes hellas", "Famine strikes hellas",
        "Superstition strikes assyria", "Epidemic strikes minoa", "Regression strikes minoa"]


def test_mc_9_2_2_calamity_order_b_each_player_in_turn() -> None:
    """MC-9.1.2 / MC-9.2.2 (calamity-order B): each player in AST order resolves his
    minor calamities, then his major ones (non-tradable first, by stack)."""
    s = order_position(nine(**{"calamity-order": "B"}))
    resolved(s)
    assert struck(s) == [
        "Tempest strikes minoa", "Squandered Wealth strikes minoa", "Regression strikes minoa", "Epidemic strikes minoa",
        "Tribal Conflict strikes assyria", "Volcanic Eruption/Earthquake strikes assyria", "Superstition strikes assyria",
        "City Riots strikes hellas", "Famine strikes hellas", "Treachery strikes hellas"]


# ================================================================== MC-0.10: Beneficiary
@pytest.mark.parametrize("reading", ["A", "B"])
def test_mc_0_10_beneficiary_is_mc_0_9_without_the_victim(reading: str) -> None:
    """MC-0.10 (calamity-beneficiary A and B: the data has no definition, both use MC-0.9):
    Hellas, the victim, has the most cities in stock but is passed over; Hatti (8 cities
    in stock, the most tokens in stock of those) annexes with Tyranny."""
    s = resolve(game(**{"calamity-beneficiary": reading}), players={
        HELLAS: {"tokens": {"north_downs": 2, "pearl_isle": 2}, "hand": ["tyranny"]},
        MINOA: {"tokens": {"great_delta": 2}}, HATTI: {"treasury": 1}, ASSYRIA: {"tokens": {"upper_river": 2}}},
        city={"harbour_bay": MINOA, "twin_rivers": HATTI, "salt_marsh": ASSYRIA, "red_cliffs": EGYPT, "dune_coast": EGYPT})
    assert asks(s, HATTI) == ["annex north_downs", "annex pearl_isle"]
    s.apply(HATTI, "annex pearl_isle")  # then north_downs, the last
    resolved(s)
    assert (mc.tok(s, HATTI, "pearl_isle"), mc.tok(s, HATTI, "north_downs"), points(s, HELLAS)) == (2, 2, 0)


def test_mc_0_10_two_blocks_non_tradable_stays_in_the_block() -> None:
    """MC-0.10 (the data's block rule), MC-0.8: in a two-block game a non-tradable
    calamity's Beneficiary and secondary victims come from the victim's block. Parthia
    (East) is struck by Famine: the Beneficiary is Nubia (East, most tokens in stock of
    the East), not Assyria (West, 55 in stock), who would be for a tradable calamity;
    the West players, though they have units, cannot be secondary victims."""
    g = game(players=12, map="full")
    PARTHIA, PERSIA, BABYLON, SABA, NUBIA = 7, 8, 9, 10, 11
    s = resolve(g, players={
        PARTHIA: {"tokens": {"nisa": 1, "merv": 1}, "hand": ["famine"]},
        PERSIA: {"tokens": {"persepolis": 2}}, BABYLON: {"tokens": {"babylon": 2}},
        SABA: {"tokens": {"saba": 3}}, NUBIA: {"tokens": {"napata": 1}},
        HELLAS: {"tokens": {"macedonia": 2}}, MINOA: {"tokens": {"knossos": 2}}})
    famine, treachery = s.cat.card("famine"), s.cat.card("treachery")
    assert (cal_beneficiary(s, PARTHIA, famine), cal_beneficiary(s, PARTHIA, treachery)) == (NUBIA, ASSYRIA)
    s.apply(PARTHIA, "lose nisa")  # then merv: 2 of the 10 points, all he has
    assert asks(s, PARTHIA) == ["victim 10", "victim 11", "victim 8", "victim 9"]
    mc.assert_illegal(s, PARTHIA, "victim 0")
    play(s, PARTHIA, "victim 9", "victim 8", "victim 11")
    resolved(s)
    assert [s.tokens_on_map(q) for q in (PERSIA, BABYLON, SABA, NUBIA, HELLAS, MINOA)] == [0, 0, 3, 0, 2, 2]


def test_illegal_task_choice_changes_nothing() -> None:
    """A choice that is not among a task's options, or made by another player, raises
    IllegalActionError and leaves the position as it was."""
    s = resolve(players={HELLAS: {"tokens": {"nw_hills": 1, "north_downs": 2}, "hand": ["famine"]},
                         MINOA: {"tokens": {"great_delta": 2}}})
    mc.assert_illegal(s, HELLAS, "lose great_delta")
    mc.assert_illegal(s, HELLAS, "lose-city north_downs")
    mc.assert_illegal(s, HELLAS, "victim 1")
    mc.assert_illegal(s, MINOA, "lose north_downs")
    before = copy.deepcopy(s.to_json())
    with pytest.raises(IllegalActionError):
        s.apply(HELLAS, "reduce north_downs")
    assert s.to_json() == before


def test_a_calamity_under_way_saves_and_loads() -> None:
    """A position saved in the middle of a calamity (the barbarians' path, the areas
    already annexed) loads as it was and plays on alike."""
    s = resolve(players={HELLAS: cal.BARBARIAN_VICTIM, **cal.ASSYRIA_BENEFITS}, city=cal.BARBARIAN_CITIES)
    data = json.loads(json.dumps(s.to_json()))
    t = s.game.state_from_json(data)
    assert t.to_json() == data and mc.texts(t, ASSYRIA) == mc.texts(s, ASSYRIA)
    for x in (s, t):
        x.apply(ASSYRIA, "barbarians kings_vale")
    assert t.to_json() == s.to_json()
    s = resolve(players={HELLAS: cal.TYRANNY_VICTIM, **cal.ASSYRIA_BENEFITS}, city={"kings_vale": HELLAS, "old_ford": HELLAS})
    s.apply(ASSYRIA, "annex kings_vale")
    t = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert sorted(mc.texts(t, ASSYRIA)) == ["annex ash_plains", "annex north_downs", "annex old_ford"]


# ================================================================== minor calamities (MC-9.1.2)
def test_tempest() -> None:
    """MC-9.1.2, Tempest: 2 damage in total from coastal areas and 5 treasury lost."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"thessaly": 1, "epirus": 2, "macedonia": 2},
                                          "treasury": 7, "hand": ["tempest"]}})
    assert asks(s, HELLAS) == ["lose epirus", "lose thessaly"]  # macedonia is inland
    s.apply(HELLAS, "lose thessaly")  # the second point: epirus, the only coastal area left
    resolved(s)
    assert (mc.tok(s, HELLAS, "thessaly"), mc.tok(s, HELLAS, "epirus"), mc.tok(s, HELLAS, "macedonia")) == (0, 1, 2)
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (2, 43 + 5 + 2)


def test_squandered_wealth() -> None:
    """MC-9.1.2, Squandered Wealth: 10 treasury tokens go back to the stock."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 1}, "treasury": 12, "hand": ["squandered-wealth"]},
                                 MINOA: {"treasury": 6}})
    resolved(s)
    assert (s.treasury[HELLAS], s.stock[HELLAS], s.treasury[MINOA]) == (2, 52, 6)


def test_city_riots() -> None:
    """MC-9.1.2, City Riots: 1 city reduced (tokens up to the limit) and 5 treasury lost
    (all he has when he has fewer)."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 1}, "treasury": 3, "hand": ["city-riots"]}},
                city={"thessalonica": HELLAS, "corinth": HELLAS})
    assert asks(s, HELLAS) == ["reduce corinth", "reduce thessalonica"]
    s.apply(HELLAS, "reduce corinth")
    resolved(s)
    assert mc.cities(s, HELLAS) == ["thessalonica"]
    assert (mc.tok(s, HELLAS, "corinth"), s.treasury[HELLAS], s.city_stock[HELLAS]) == (2, 0, 8)


@pytest.mark.parametrize(("treasury", "choice", "left", "paid"), [
    (12, "pay 10", ["corinth", "thessalonica"], 10),
    (12, "refuse", ["thessalonica"], 0),
    (9, None, ["thessalonica"], 0),
])
def test_city_in_flames(treasury: int, choice: str | None, left: list[str], paid: int) -> None:
    """MC-9.1.2, City in Flames: 1 city destroyed unless 10 treasury are paid (the choice
    only for a player who has 10)."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 1}, "treasury": treasury, "hand": ["city-in-flames"]}},
                city={"thessalonica": HELLAS, "corinth": HELLAS})
    if choice:
        assert asks(s, HELLAS) == ["pay 10", "refuse"]
        s.apply(HELLAS, choice)
    if len(left) == 1:
        assert asks(s, HELLAS) == ["destroy corinth", "destroy thessalonica"]
        s.apply(HELLAS, "destroy corinth")
    resolved(s)
    assert mc.cities(s, HELLAS) == left
    assert (mc.tok(s, HELLAS, "corinth"), s.treasury[HELLAS]) == (0, treasury - paid)


def test_tribal_conflict() -> None:
    """MC-9.1.2, Tribal Conflict: 5 damage; a city is 5 points (destroyed), tokens 1 each."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 2, "paeonia": 1}, "hand": ["tribal-conflict"]}},
                city={"corinth": HELLAS})
    assert asks(s, HELLAS) == ["lose macedonia", "lose paeonia", "lose-city corinth"]
    s.apply(HELLAS, "lose-city corinth")
    resolved(s)
    assert (mc.cities(s, HELLAS), s.tokens_on_map(HELLAS), mc.tok(s, HELLAS, "corinth")) == ([], 3, 0)


def test_minor_uprising() -> None:
    """MC-9.1.2, Minor Uprising: 1 city destroyed (no tokens replace it)."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 1}, "hand": ["minor-uprising"]}},
                city={"thessalonica": HELLAS, "corinth": HELLAS, "athens": HELLAS})
    s.apply(HELLAS, "destroy athens")
    resolved(s)
    assert (mc.cities(s, HELLAS), mc.tok(s, HELLAS, "athens"), s.city_stock[HELLAS]) == (["corinth", "thessalonica"], 0, 7)


def test_banditry_keep_pays_once_per_card() -> None:
    """MC-9.1.2, Banditry: 2 commodity cards discarded; each may be kept for 4 treasury. A
    kept card is one of the two: it cannot be kept (paid for) or discarded again."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 1}, "treasury": 9,
                                          "hand": ["banditry", "ochre", "ochre", "wine"]}})
    assert asks(s, HELLAS) == ["discard ochre", "discard wine", "keep ochre", "keep wine"]
    s.apply(HELLAS, "keep wine")
    assert asks(s, HELLAS) == ["discard ochre", "keep ochre"]
    s.apply(HELLAS, "discard ochre")
    resolved(s)
    assert (hand(s, HELLAS), s.treasury[HELLAS], s.stock[HELLAS]) == (["ochre", "wine"], 5, 45 + 4)
    assert [s.cat.cards[c].id for c in s.discards[1]] == ["ochre"]


def test_banditry_one_card_kept_once() -> None:
    """MC-9.1.2, Banditry: a player with one commodity card pays at most once to keep it."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 1}, "treasury": 8, "hand": ["banditry", "wine"]}})
    assert asks(s, HELLAS) == ["discard wine", "keep wine"]
    s.apply(HELLAS, "keep wine")
    resolved(s)
    assert (hand(s, HELLAS), s.treasury[HELLAS]) == (["wine"], 4)


def test_coastal_migration() -> None:
    """MC-9.1.2, Coastal Migration: 1 coastal city destroyed and 5 treasury lost."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"paeonia": 1}, "treasury": 6, "hand": ["coastal-migration"]}},
                city={"macedonia": HELLAS, "thessalonica": HELLAS, "corinth": HELLAS})
    assert asks(s, HELLAS) == ["destroy corinth", "destroy thessalonica"]  # macedonia is inland
    s.apply(HELLAS, "destroy thessalonica")
    resolved(s)
    assert (mc.cities(s, HELLAS), s.treasury[HELLAS]) == (["corinth", "macedonia"], 1)

"""Rule tests for Civilization: The Card Game: the end of the game and the
winner (CCG-1), victory points, culture and happiness (CCG-3)."""

from __future__ import annotations

import pytest

from ._ccg_helpers import assert_illegal, game, legal, phase, play, position

LAST = "astronomy"  # the last technology in these positions (costs 24)


def all_techs(g) -> list[str]:
    return [t.id for t in g.rules.cards.techs]


def last_tech_position(g=None, *, mine=8, p0=None, p1=None, current=0, **kw):
    """Every technology but one is owned: player 0 the first ``mine`` of them,
    player 1 the others; the last one is alone on the display and player
    ``current`` has the Commerce to buy it."""
    g = g if g is not None else game()
    others = [t for t in all_techs(g) if t != LAST]
    players = [dict(p0 or {}), dict(p1 or {})] + [{} for _ in range(g.num_players - 2)]
    players[0]["technologies"] = others[:mine]
    players[1]["technologies"] = others[mine:]
    players[current] = {**players[current], "resources": {"commerce": 24}}
    return position(g, players=players, current=current, tech_display=[LAST], tech_deck=[], **kw)


# ---------------------------------------------------------------- CCG-1.1
def test_ccg_1_1_game_ends_when_the_last_technology_is_bought():
    """CCG-1.1 (game-end-timing A): buying the last technology of the deck and
    display ends the game at once."""
    s = last_tech_position(p0={"plots": [("grassland", 2), "hills", "coast", "forest"]})
    assert not s.is_terminal()
    s.apply(0, f"tech {LAST}")
    assert s.is_terminal()
    assert phase(s) == "over"
    assert s.to_move() == ()
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []
    assert_illegal(s, 0, "done")


def test_ccg_1_1_not_over_while_a_technology_remains():
    """CCG-1.1: 'last technology' means the last one of deck and display: with
    two left on the display, buying one does not end the game."""
    g = game()
    others = [t for t in all_techs(g) if t not in (LAST, "pottery")]
    s = position(g, players=[{"technologies": others[:8], "resources": {"commerce": 40}},
                             {"technologies": others[8:]}],
                 tech_display=[LAST, "pottery"], tech_deck=[])
    s.apply(0, "tech pottery")
    assert not s.is_terminal()
    assert s.to_json()["tech_display"] == [LAST]
    s.apply(0, f"tech {LAST}")
    assert s.is_terminal()


def test_ccg_1_1_not_over_while_the_technology_deck_has_cards():
    """CCG-1.1: an empty display refilled from the deck is not the end."""
    g = game()
    others = [t for t in all_techs(g) if t not in (LAST, "pottery")]
    s = position(g, players=[{"technologies": others[:8], "resources": {"commerce": 40}},
                             {"technologies": others[8:]}],
                 tech_display=[LAST], tech_deck=["pottery"])
    s.apply(0, f"tech {LAST}")
    assert not s.is_terminal()
    assert s.to_json()["tech_display"] == ["pottery"]


# ---------------------------------------------------------------- CCG-1.2
@pytest.mark.parametrize("pops0,pops1,winner", [(2, 1, [0]), (0, 2, [1])])
def test_ccg_1_2_most_victory_points_wins(pops0, pops1, winner):
    """CCG-1.2: the player with the most VP (population + wonders +
    technologies) wins; returns are +1 for the winner, -1 for the others."""
    s = last_tech_position(mine=8, p0={"plots": [("grassland", pops0), "hills", "coast", "forest"]},
                           p1={"plots": [("grassland", pops1), "hills", "coast", "forest"]})
    s.apply(0, f"tech {LAST}")
    assert [s.vp(0), s.vp(1)] == [9 + pops0, 9 + pops1]
    assert s.winners() == winner
    assert s.returns() == [1.0 if p in winner else -1.0 for p in range(2)]
    assert s.observation(1)["winners"] == winner


def test_ccg_1_2_vp_one_per_population_wonder_and_technology():
    """CCG-1.2 / CCG-3.1: 1 VP per population, wonder and technology; buildings
    and cards in hand are worth nothing."""
    s = position(players=[{"plots": [("grassland", 3, ["pyramids"]), ("hills", 1, ["library"]),
                                     ("coast", 0, ["great_wall"]), "forest"],
                           "technologies": ["writing", "pottery"],
                           "hand": {"colossus": 1, "temple": 2}}])
    assert s.vp(0) == 4 + 2 + 2
    assert s.observation(1)["players"][0]["vp"] == 8
    assert s.vp(1) == 0


# ---------------------------------------------------------------- CCG-1.3
def test_ccg_1_3_tie_broken_by_technologies():
    """CCG-1.3: equal VP: the player with more technologies wins, even with
    fewer populations."""
    s = last_tech_position(mine=9, p1={"plots": [("grassland", 2), "hills", "coast", "forest"]})
    s.apply(0, f"tech {LAST}")
    assert (s.vp(0), s.vp(1)) == (10, 10)
    assert s.winners() == [0]


def test_ccg_1_3_then_by_populations():
    """CCG-1.3: equal VP and technologies: more populations wins (a wonder
    counts for VP, not for this tie-breaker)."""
    s = last_tech_position(mine=8, p0={"plots": [("grassland", 1, ["pyramids"]), "hills", "coast", "forest"]},
                           p1={"plots": [("grassland", 2), "hills", "coast", "forest"]})
    s.apply(0, f"tech {LAST}")
    assert (s.vp(0), s.vp(1)) == (11, 11)
    assert s.winners() == [1]


def test_ccg_1_3_full_tie_shared_win_by_default():
    """CCG-1.3 (final-tie A): a tie after both tie-breakers is a shared win; shared by
    every player, it pays nobody as a winner (returns 0: issue 28)."""
    s = last_tech_position(mine=8, p0={"plots": [("grassland", 1), "hills", "coast", "forest"]},
                           p1={"plots": [("hills", 1), "grassland", "coast", "forest"]})
    s.apply(0, f"tech {LAST}")
    assert s.winners() == [0, 1]
    assert s.returns() == [0.0, 0.0]


def test_ccg_1_3_tie_breakers_with_three_players():
    """CCG-1.3: only the players tied on top go to the tie-breakers."""
    g = game(players=3)
    others = [t for t in all_techs(g) if t != LAST]
    s = position(g, players=[{"technologies": others[:5], "resources": {"commerce": 24}},
                             {"technologies": others[5:11], "plots": [("grassland", 1)] + ["hills", "coast", "forest"]},
                             {"technologies": others[11:], "plots": [("grassland", 7)] + ["hills", "coast", "forest"]}],
                 tech_display=[LAST], tech_deck=[])
    s.apply(0, f"tech {LAST}")
    assert [s.vp(p) for p in range(3)] == [6, 7, 13]
    assert s.winners() == [2]


# ---------------------------------------------------------------- CCG-3.1
def test_ccg_3_1_victory_points_of_owned_cards():
    """CCG-3.1: each population, wonder and technology the player owns gives
    1 VP (shown in every player's observation)."""
    s = position(players=[{"plots": [("grassland", 2), ("hills", 0, ["colossus"]), "coast", "forest"],
                           "technologies": ["writing"]},
                          {"plots": [("grassland", 1), "hills", "coast", "forest"]}])
    obs = s.observation(0)
    assert [p["vp"] for p in obs["players"]] == [4, 1]


# ---------------------------------------------------------------- CCG-3.2
def test_ccg_3_2_culture_totals_technologies_wonders_and_buildings():
    """CCG-3.2: culture is the total of the culture values on the player's
    technologies, wonders and buildings in play (not cards in hand)."""
    s = position(players=[{"plots": [("grassland", 0, ["library"]), ("hills", 0, ["great_library"]),
                                     ("coast", 0, ["monastery"]), "forest"],
                           "technologies": ["writing", "literature"],
                           "hand": {"temple": 2}}])
    # library 1 + great library 3 + monastery 2 + writing 1 + literature 2
    assert s.culture(0) == 9
    assert s.observation(1)["players"][0]["culture"] == 9


# ---------------------------------------------------------------- CCG-3.3
@pytest.mark.parametrize("techs0,techs1,holders", [
    (["literature"], [], []),                        # 2 is not greater than 2
    (["literature", "writing"], [], [0]),            # 3
    (["literature", "writing"], ["philosophy", "mysticism", "monotheism"], [1]),  # 3 < 4
    (["literature", "writing"], ["philosophy", "mysticism"], []),  # tie: no one (status-tie A)
])
def test_ccg_3_3_highest_culture_greater_than_two(techs0, techs1, holders):
    """CCG-3.3: the highest culture, if greater than 2, has the status."""
    s = position(players=[{"technologies": techs0}, {"technologies": techs1}])
    assert s.observation(0)["highest_culture"] == holders
    assert s.has_highest_culture(0) == (0 in holders)
    assert s.has_highest_culture(1) == (1 in holders)


def test_ccg_3_3_highest_culture_gives_the_extra_draw():
    """CCG-3.3: the status gives the extra card in the draw step; without it
    (culture 2) there is none."""
    deck = ["temple", "temple", "granary", "granary", "market"]
    s = position(players=[{"technologies": ["literature", "writing"]}], deck=deck)
    s.apply(0, "done")
    assert "draw 5 culture" in legal(s, 0)
    s = position(players=[{"technologies": ["literature"]}], deck=deck)
    s.apply(0, "done")
    assert phase(s) == "discard"


# ---------------------------------------------------------------- CCG-3.4
def test_ccg_3_4_happiness_totalled_like_culture():
    """CCG-3.4: happiness totals technologies, wonders and buildings."""
    s = position(players=[{"plots": [("grassland", 0, ["temple"]), ("hills", 0, ["hanging_gardens"]),
                                     ("coast", 0, ["market"]), "forest"],
                           "technologies": ["monarchy", "mysticism"], "hand": {"temple": 1}}])
    assert s.happiness(0) == 1 + 2 + 1 + 2 + 1
    assert s.observation(1)["players"][0]["happiness"] == 7


# ---------------------------------------------------------------- CCG-3.5
@pytest.mark.parametrize("techs0,techs1,holders", [
    (["mysticism"], [], []),                   # 1 is below the minimum of 2
    (["monarchy"], [], [0]),                   # 2
    (["monarchy"], ["mysticism"], [0]),        # 2 > 1
    (["monarchy"], ["monotheism", "mysticism"], [1]),
    (["monarchy"], ["monotheism"], []),        # tie: no one (status-tie A)
])
def test_ccg_3_5_highest_happiness_minimum_two(techs0, techs1, holders):
    """CCG-3.5: the highest happiness, at least 2, has the status."""
    s = position(players=[{"technologies": techs0}, {"technologies": techs1}])
    assert s.observation(0)["highest_happiness"] == holders


def test_ccg_3_5_status_checked_when_used():
    """CCG-3.5: the status is checked when used: the Writing price drops by 1
    as soon as a Temple makes the player the happiest (1 + 1 = 2)."""
    s = position(players=[{"technologies": ["mysticism"], "resources": {"hammers": 4, "commerce": 10},
                           "hand": {"temple": 1}}],
                 tech_display=["writing", "pottery", "masonry"])
    assert "tech writing" not in legal(s, 0)  # 12 > 10
    s.apply(0, "build temple 1")
    assert s.observation(0)["highest_happiness"] == [0]
    assert "tech writing" not in legal(s, 0)  # 11 > 10
    s = position(players=[{"technologies": ["mysticism"], "resources": {"hammers": 4, "commerce": 11},
                           "hand": {"temple": 1}}],
                 tech_display=["writing", "pottery", "masonry"])
    assert "tech writing" not in legal(s, 0)
    play(s, 0, "build temple 1", "tech writing")
    assert s.to_json()["players"][0]["resources"]["commerce"] == 0

"""Rule tests of Mega Civilization's score and game end (MC-14, MC-0.3) on hand-built
positions of the small map. Part 1 has no Civilization Advance cards, so the advance
bands (MC-14.3 to MC-14.5) are checked through the scoring function with the game's
own VP table and options."""

from __future__ import annotations

from civtable.games.mega_civ.rules.scoring import victory_points
from civtable.games.mega_civ.state import OVER

from ._mc_helpers import ASSYRIA, HATTI, HELLAS, MINOA, game, position


def test_mc_14_2_one_vp_per_city_on_the_map():
    """MC-14.2: Hellas with 3 cities, AST square 1: 3 VP; Minoa with none: 0."""
    s = position(players={HELLAS: {"tokens": {"ash_plains": 6}}},
                 city={"kings_vale": HELLAS, "old_ford": HELLAS, "north_downs": HELLAS}, decider=HELLAS)
    assert (s.vp(HELLAS), s.vp(MINOA)) == (3, 0)
    assert s.observation(MINOA)["players"][HELLAS]["vp"] == 3


def test_mc_14_6_five_vp_per_ast_square_advanced():
    """MC-14.6 (ast-squares A): Hatti on square 4 (3 squares advanced) with 1 city:
    15 + 1 = 16 VP; Assyria on square 6 after moving back once (ast_forward 6): net 5
    squares = 25 VP."""
    s = position(players={HATTI: {"tokens": {"high_moor": 2}, "ast": 4},
                          ASSYRIA: {"ast": 6, "ast_forward": 6}},
                 city={"twin_rivers": HATTI}, decider=HATTI)
    assert s.vp(HATTI) == 16
    assert s.vp(ASSYRIA) == 25


def test_mc_14_3_mc_14_4_mc_14_5_advance_bands():
    """MC-14.3 / MC-14.4 / MC-14.5 (cost-basis A: printed cost): advances costing 50
    (1 VP), 150 (3 VP), 250 (6 VP), plus 2 cities and 3 AST squares: 2 + 10 + 15 = 27."""
    g = game()
    vp = g.rules.tables.vp
    assert victory_points(2, [50, 150, 250], 3, False, vp, g.rules.exactly_200_high) == 27
    assert victory_points(0, [99, 100, 199, 201], 0, False, vp, g.rules.exactly_200_high) == 1 + 3 + 3 + 6


def test_mc_14_7_bonus_on_the_late_iron_age_square_by_default():
    """MC-14.7 (late-iron-age B, the default): Hellas alone on his Late Iron Age square
    (15, the last: no marker can pass it) has reached it: 14 squares * 5 + 5 = 75 VP;
    with Hatti on his Late Iron Age square too, nobody is the sole player: 70."""
    assert game().options["late-iron-age"] == "B"
    s = position(players={HELLAS: {"tokens": {"kings_vale": 2}, "ast": 15}}, decider=HELLAS)
    assert s.rules.late_iron_square("hellas") == 15 == s.rules.tables.spaces
    assert s.vp(HELLAS) == 75
    both = position(players={HELLAS: {"tokens": {"kings_vale": 2}, "ast": 15}, HATTI: {"ast": 15}}, decider=HELLAS)
    assert both.vp(HELLAS) == both.vp(HATTI) == 70


def test_mc_14_7_reading_a_never_scores_on_the_last_square():
    """MC-14.7 (late-iron-age A): Hellas alone on his Late Iron Age square has not passed
    it: 14 squares * 5 = 70 VP, no bonus."""
    s = position(game(**{"late-iron-age": "A"}), players={HELLAS: {"tokens": {"kings_vale": 2}, "ast": 15}},
                 decider=HELLAS)
    assert s.vp(HELLAS) == 70


def test_mc_14_1_mc_0_3_game_ends_after_the_turn_a_marker_reaches_the_end():
    """MC-0.3 (game-end A) / MC-14.1: Hellas's marker is on the last AST square (15);
    at the end of the turn the game ends and the player with the most VP wins:
    Hellas 70 + 1 city + 5 as the sole player on his Late Iron Age square (MC-14.7,
    late-iron-age B) = 76 (he does not move past 15); Hatti (square 3, 1 city)
    advances to 4 in phase 13: 15 + 1 = 16."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 2}, "ast": 15},
                          HATTI: {"tokens": {"high_moor": 2}, "ast": 3}},
                 city={"old_ford": HELLAS, "twin_rivers": HATTI}, queue=[HATTI, HELLAS])
    s.apply(HATTI, "done")
    s.apply(HELLAS, "done")
    assert s.step == OVER
    assert s.is_terminal()
    assert s.to_move() == ()
    assert (s.ast[HELLAS], s.ast[HATTI]) == (15, 4)
    assert (s.vp(HELLAS), s.vp(HATTI)) == (76, 16)
    assert s.winners() == [HELLAS]
    assert s.returns() == [1.0, -1.0, -1.0, -1.0, -1.0]
    assert s.legal_actions(HELLAS) == []


def test_mc_14_1_tied_players_all_win():
    """MC-14.1: no tie-breaker is given: Hellas (square 15) and Hatti (square 15),
    each 70 + 1 city = 71 VP, both win."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 2}, "ast": 15},
                          HATTI: {"tokens": {"high_moor": 2}, "ast": 15}},
                 city={"old_ford": HELLAS, "twin_rivers": HATTI}, queue=[HATTI, HELLAS])
    s.apply(HATTI, "done")
    s.apply(HELLAS, "done")
    assert s.is_terminal()
    assert sorted(s.winners()) == [HELLAS, HATTI]


def test_mc_14_1_a_tie_of_every_player_is_a_draw():
    """MC-14.1 (ties, issue 28): when every player has the same VP nobody is ahead: no
    winner, every return 0 (before: every player +1, so that collapsing looked as good as
    winning to a learner), the draw told as one event; ``simulate`` counts it a draw."""
    s = position(game(**{"last-turn": 1}), players={HELLAS: {"tokens": {"kings_vale": 2}}}, queue=[HELLAS])
    s.listen()  # the last turn ends with every seat at 0 VP: no city, no advance, no AST square
    s.apply(HELLAS, "done")
    assert s.is_terminal()
    assert len({s.vp(p) for p in range(s.n)}) == 1
    assert s.winners() == [] and s.returns() == [0.0] * s.n
    ids = [e.id for e in s.events(None)]
    assert "game.drawn" in ids and "game.over" not in ids

"""Rule-variant tests for Civilization: The Card Game: every named ambiguity of
rules/civ_card_game.md is a game option; each reading is tested here on a
hand-built position where the readings differ."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from civtable.core.errors import OptionError

from . import _ccg_helpers as h

# the readings the specification gives each ambiguity (every default is A); the rule
# that names it is read from the option's declaration (``spec(name).rule``) and looked
# up in the specification
AMBIGUITIES = {
    **dict.fromkeys(("game-end-timing", "code-of-laws-choice"), ("A", "B", "C")),
    # one reading: block-ratio B needs card data the set does not have; purchase-limits names no other
    **dict.fromkeys(("purchase-limits", "block-ratio"), ("A",)),
    **dict.fromkeys(("final-tie", "multi-yield", "slot-count", "bank-trade", "resource-carryover", "mining",
                     "unit-list", "granary", "active", "status-tie", "step-order", "adjacency", "catapult-repeat",
                     "bounce", "extra-draw-optional", "deck-exhaustion", "steal-timing"), ("A", "B")),
}
SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "civ_card_game.md"


def ambiguity_rule(name: str) -> str | None:
    """The rule ID under which the specification names the ambiguity ``name``."""
    rule = None
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^- \*\*(CCG-[\d.]+)", line)
        if m:
            rule = m.group(1)
        if f"*Ambiguity ({name}):*" in line:
            return rule
    return None


LAST = "astronomy"
FOUR = ["grassland", "hills", "coast", "forest"]


@pytest.mark.parametrize("name", list(AMBIGUITIES))
def test_every_ambiguity_is_an_option_with_the_spec_default(name):
    """Each named ambiguity is an option with the specification's default;
    every reading is accepted, any other value refused."""
    readings = AMBIGUITIES[name]
    g = h.game()
    assert g.options[name] == "A"
    assert g.spec(name).rule.startswith("CCG-")
    assert g.spec(name).choices == readings
    if SPEC.is_file():  # the specification beside the repository names it under that rule
        assert ambiguity_rule(name) == g.spec(name).rule, f"{name}: {ambiguity_rule(name)} in the specification"
    for r in readings:
        assert h.game(**{name: r}).options[name] == r
        assert h.game(**{name.replace("-", "_"): r.lower()}).options[name] == r
    with pytest.raises(OptionError):
        h.game(**{name: "Z"})


def test_unknown_option_is_an_error_listing_the_valid_ones():
    with pytest.raises(OptionError) as err:
        h.game(no_such_rule="A")
    assert "game-end-timing" in str(err.value) and "granary" in str(err.value)


def test_ccg_4_9_player_count_two_to_four():
    """CCG-4.9 / CCG-4.10 (seating): 2 to 4 players."""
    for n in (2, 3, 4):
        assert h.game(players=n).num_players == n
    for n in (1, 5):
        with pytest.raises(OptionError):
            h.game(players=n)


def test_ccg_4_10_dealer_option():
    """CCG-4.10 (seating): the dealer may be fixed; play starts at his left."""
    assert h.game(players=3, dealer=2).new_state(seed=1).to_json()["dealer"] == 2
    assert h.game(players=3, dealer=2).new_state(seed=1).to_move() == (0,)
    assert h.game().options["dealer"] is None


# ------------------------------------------------------------ game-end-timing
def last_tech(g, *, mine=8, p0=None, p1=None, current=0, **kw):
    others = [t.id for t in g.rules.cards.techs if t.id != LAST]
    players = [dict(p0 or {}), dict(p1 or {})] + [{} for _ in range(g.num_players - 2)]
    players[0]["technologies"] = others[:mine]
    players[1]["technologies"] = others[mine:]
    players[current] = {**players[current], "resources": {"commerce": 24, **players[current].get("resources", {})}}
    return h.position(g, players=players, current=current, tech_display=[LAST], tech_deck=[], **kw)


def test_game_end_timing_a_immediately():
    """CCG-1.1 (game-end-timing A): over right after the purchase."""
    s = last_tech(h.game(**{"game-end-timing": "A"}), p0={"resources": {"food": 6}})
    s.apply(0, f"tech {LAST}")
    assert s.is_terminal()
    h.assert_illegal(s, 0, "pop 1")


def test_game_end_timing_b_end_of_that_players_turn():
    """CCG-1.1 (game-end-timing B): the buyer finishes his turn (his later
    purchases count), then the game ends; the next player gets no turn."""
    s = last_tech(h.game(**{"game-end-timing": "B"}), p0={"resources": {"food": 14}},
                  p1={"plots": [("grassland", 1), "hills", "coast", "forest"]})
    s.apply(0, f"tech {LAST}")
    assert not s.is_terminal() and h.phase(s) == "purchase"
    assert (s.vp(0), s.vp(1)) == (9, 10)
    h.play(s, 0, "pop 1", "pop 1")  # still his turn
    h.finish_turn(s, 0)
    assert s.is_terminal()
    assert s.to_json()["current"] == 0
    assert (s.vp(0), s.vp(1)) == (11, 10)
    assert s.winners() == [0]


@pytest.mark.parametrize("players,buyer,dealer,turns_after", [
    (2, 0, 1, 1),   # the buyer is first in the round: the dealer still plays
    (2, 1, 1, 0),   # the dealer buys: the round ends with his turn
    (3, 1, 0, 2),   # seats 2 and 0 (the dealer) still play
])
def test_game_end_timing_c_end_of_the_round(players, buyer, dealer, turns_after):
    """CCG-1.1 (game-end-timing C): the game ends when the round ends (after
    the dealer's turn), so that everyone has had the same number of turns."""
    g = h.game(players=players, **{"game-end-timing": "C"})
    s = last_tech(g, current=buyer, dealer=dealer)
    s.apply(buyer, f"tech {LAST}")
    assert not s.is_terminal()
    turn = s.to_json()["turn"]
    h.finish_turn(s, buyer)
    played = []
    while not s.is_terminal():
        p = s.to_json()["current"]
        played.append(p)
        h.finish_turn(s, p)
    assert len(played) == turns_after
    assert (played[-1] if played else buyer) == dealer
    assert s.to_json()["turn"] == turn + turns_after


# ------------------------------------------------------------ final-tie
@pytest.mark.parametrize("reading,winners,returns", [("A", [0, 1], [0.0, 0.0]), ("B", [], [0.0, 0.0])])
def test_final_tie(reading, winners, returns):
    """CCG-1.3 (final-tie): a complete tie: A shared win; B no winner."""
    s = last_tech(h.game(**{"final-tie": reading}), p0={"plots": [("grassland", 1)] + FOUR[1:]},
                  p1={"plots": [("hills", 1), "grassland", "coast", "forest"]})
    s.apply(0, f"tech {LAST}")
    assert s.is_terminal()
    assert s.winners() == winners
    assert s.returns() == returns


def test_final_tie_b_still_has_a_winner_when_a_tie_breaker_decides():
    """CCG-1.3 (final-tie B): only a tie after both tie-breakers has no winner."""
    s = last_tech(h.game(**{"final-tie": "B"}), p0={"plots": [("grassland", 1, ["pyramids"])] + FOUR[1:]},
                  p1={"plots": [("grassland", 2)] + FOUR[1:]})
    s.apply(0, f"tech {LAST}")
    assert s.winners() == [1]


# ------------------------------------------------------------ multi-yield
def test_multi_yield_a_every_symbol():
    """CCG-2.1.1 (multi-yield A): Plains yields 1 Food and 1 Hammer, and its
    population chooses between them."""
    g = h.game(**{"multi-yield": "A"})
    s = h.begin_turn(g, players=[{"plots": [("plains", 1), "forest", "river", "hills"]}])
    assert h.legal(s, 0) == {"yield food", "yield hammers"}
    s.apply(0, "yield hammers")
    assert h.res(s, 0) == {"food": 2, "hammers": 1 + 1 + 1 + 2, "commerce": 2}


def test_multi_yield_b_one_symbol_per_plot():
    """CCG-2.1.1 (multi-yield B): one symbol per plot (the first, with the
    plot's whole number): Plains 2 Food, Forest 2 Hammers, River 2 Food; the
    population bonus is of that one type, with no choice."""
    g = h.game(**{"multi-yield": "B"})
    s = h.begin_turn(g, players=[{"plots": [("plains", 1), "forest", "river", "hills"]}])
    assert h.phase(s) == "purchase"
    assert h.res(s, 0) == {"food": 2 + 1 + 2, "hammers": 2 + 2, "commerce": 0}


# ------------------------------------------------------------ slot-count
@pytest.mark.parametrize("reading,third", [("A", False), ("B", True)])
def test_slot_count(reading, third):
    """CCG-2.1.4 (slot-count): with Engineering and 3+ population: A two slots,
    B three; with only one of them, two in both readings."""
    g = h.game(**{"slot-count": reading})
    s = h.position(g, players=[{"plots": [("grassland", 3, ["library", "forge"]), ("hills", 0, ["library"]),
                                        ("coast", 0, ["library", "forge"]), "forest"],
                              "technologies": ["engineering"], "resources": {"hammers": 20},
                              "hand": {"temple": 1}}])
    builds = {a for a in h.legal(s, 0) if a.startswith("build")}
    assert ("build temple 1" in builds) == third
    assert "build temple 2" in builds
    assert "build temple 3" not in builds
    s = h.position(g, players=[{"plots": [("grassland", 3, ["library", "forge"])] + FOUR[1:],
                              "resources": {"hammers": 20}, "hand": {"temple": 1}}])
    assert "build temple 1" not in h.legal(s, 0)


# ------------------------------------------------------------ bank-trade
def test_bank_trade_a_any_three():
    """CCG-2.2.2 (bank-trade A): mixed types may be traded."""
    s = h.position(h.game(**{"bank-trade": "A"}), players=[{"resources": {"food": 1, "hammers": 1, "commerce": 2}}])
    trades = {a for a in h.legal(s, 0) if a.startswith("trade")}
    assert "trade food+hammers+commerce for commerce" not in trades  # pure loss, left out
    assert trades == {"trade food+commerce+commerce for hammers", "trade hammers+commerce+commerce for food"}
    s.apply(0, "trade hammers+commerce+commerce for food")
    assert h.res(s, 0) == {"food": 2, "hammers": 0, "commerce": 0}


def test_bank_trade_b_three_of_one_type_for_another():
    """CCG-2.2.2 (bank-trade B): 3 of one type for 1 of another type only."""
    g = h.game(**{"bank-trade": "B"})
    s = h.position(g, players=[{"resources": {"food": 2, "hammers": 2, "commerce": 2}}])
    assert not any(a.startswith("trade") for a in h.legal(s, 0))
    h.assert_illegal(s, 0, "trade food+hammers+commerce for food")
    s = h.position(g, players=[{"resources": {"food": 3, "hammers": 2}}])
    assert {a for a in h.legal(s, 0) if a.startswith("trade")} == {"trade food for hammers",
                                                                  "trade food for commerce"}
    h.assert_illegal(s, 0, "trade food for food")
    s.apply(0, "trade food for commerce")
    assert h.res(s, 0) == {"food": 0, "hammers": 2, "commerce": 1}


# ------------------------------------------------------------ resource-carryover
@pytest.mark.parametrize("reading,kept", [("A", True), ("B", False)])
def test_resource_carryover(reading, kept):
    """CCG-2.2.3 (resource-carryover): unspent resources A kept; B returned to
    the bank at the end of the turn."""
    g = h.game(**{"resource-carryover": reading})
    s = h.position(g, players=[{"resources": {"food": 5, "hammers": 4, "commerce": 3}}])
    h.finish_turn(s, 0)
    assert h.res(s, 0) == ({"food": 5, "hammers": 4, "commerce": 3} if kept else {"food": 0, "hammers": 0, "commerce": 0})


# ------------------------------------------------------------ mining
def test_mining_a_hammers_when_bought():
    """CCG-2.4.2 (mining A): 1 Hammer per plot at once, nothing later."""
    g = h.game(mining="A")
    s = h.position(g, players=[{"resources": {"commerce": 10}}], tech_display=["mining", "pottery", "writing"])
    s.apply(0, "tech mining")
    assert h.res(s, 0)["hammers"] == 4
    assert h.player(s, 0)["mining_due"] == 0


def test_mining_b_hammers_at_the_next_collection():
    """CCG-2.4.2 (mining B): nothing when bought; +1 Hammer on each plot at the
    next collection, once."""
    g = h.game(mining="B")
    s = h.position(g, players=[{"resources": {"commerce": 10}}], tech_display=["mining", "pottery", "writing"])
    s.apply(0, "tech mining")
    assert h.res(s, 0)["hammers"] == 0
    assert h.player(s, 0)["mining_due"] == 1
    h.finish_turn(s, 0)
    h.finish_turn(s, 1)
    # grassland 2F, hills 2H, coast 2C, forest 1H+1C, and 4 Hammers from Mining
    assert h.res(s, 0) == {"food": 2, "hammers": 3 + 4, "commerce": 3}
    assert h.player(s, 0)["mining_due"] == 0
    h.finish_turn(s, 0)
    h.finish_turn(s, 1)
    assert h.res(s, 0) == {"food": 4, "hammers": 7 + 3, "commerce": 6}


# ------------------------------------------------------------ unit-list
def test_unit_list_a_card_data():
    """CCG-2.5.3 (unit-list A): the Catapult attacks (card data)."""
    s = h.position(h.game(**{"unit-list": "A"}), players=[{"hand": {"catapult": 1, "archers": 1}}], phase="declare")
    assert h.legal(s, 0) == {"attack catapult 1", "pass"}


def test_unit_list_b_the_rules_lists_are_complete():
    """CCG-2.5.3 (unit-list B): only Chariot, Swordsmen, Spearmen and Axemen
    attack (no Catapult); only Archers, Spearmen and Axemen defend."""
    g = h.game(**{"unit-list": "B"})
    s = h.position(g, players=[{"hand": {"catapult": 1, "chariot": 1, "archers": 1}},
                             {"hand": {"archers": 1, "spearmen": 1, "swordsmen": 1},
                              "plots": [("grassland", 1)] + FOUR[1:]}], phase="declare")
    assert h.legal(s, 0) == {"attack chariot 1", "pass"}
    h.assert_illegal(s, 0, "attack catapult 1")
    h.play(s, 0, "attack chariot 1", "fight")
    assert h.legal(s, 1) == {"block chariot archers", "block chariot spearmen", "done"}


# ------------------------------------------------------------ granary
@pytest.mark.parametrize("reading,food", [("A", 2 * 2 + 2), ("B", 2 * 2 + 2 * 2)])
def test_granary_single_type_plot(reading, food):
    """CCG-2.6.1 (granary): Grassland (2 Food) with 2 populations and a
    Granary: A printed Food doubled (4 + 2); B all Food doubled (8)."""
    g = h.game(granary=reading)
    s = h.begin_turn(g, players=[{"plots": [("grassland", 2, ["granary"]), "hills", "coast", "forest"]}])
    assert h.res(s, 0)["food"] == food


@pytest.mark.parametrize("reading,food", [("A", 2 + 1), ("B", 2 + 2)])
def test_granary_mixed_plot_population_food(reading, food):
    """CCG-2.6.1 (granary): a population's Food on Plains with a Granary is
    doubled only in reading B."""
    g = h.game(granary=reading)
    s = h.begin_turn(g, players=[{"plots": [("plains", 1, ["granary"]), "hills", "coast", "forest"]}])
    s.apply(0, "yield food")
    assert h.res(s, 0)["food"] == food


def test_granary_a_does_not_double_a_harbors_food():
    """CCG-2.6.1 (granary A): only the printed Food is doubled, not a Harbor's."""
    g = h.game(granary="A")
    s = h.begin_turn(g, players=[{"plots": [("grassland", 0, ["granary", "harbor"]), "hills", "coast", "forest"],
                                "technologies": ["engineering"]}])
    assert h.res(s, 0)["food"] == 2 * 2 + 1


def test_granary_b_doubles_all_food_of_the_plot_harbor_included():
    """CCG-2.6.1 (granary B): all Food from the plot is doubled, the Harbor's
    +1 Food on that plot included: (2 + 1) x 2 = 6."""
    g = h.game(granary="B")
    s = h.begin_turn(g, players=[{"plots": [("grassland", 0, ["granary", "harbor"]), "hills", "coast", "forest"],
                                "technologies": ["engineering"]}])
    assert h.res(s, 0)["food"] == (2 + 1) * 2


# ------------------------------------------------------------ active
def test_active_readings_coincide():
    """CCG-3.1 (active): A everything owned, B only what is in play: the same
    for population, wonders and technologies (a wonder in hand counts in neither)."""
    spec = [{"plots": [("grassland", 2, ["pyramids"]), "hills", "coast", "forest"], "technologies": ["writing"],
             "hand": {"colossus": 1}}]
    vps = {r: h.position(h.game(active=r), players=spec).vp(0) for r in ("A", "B")}
    assert vps == {"A": 4, "B": 4}


# ------------------------------------------------------------ status-tie
@pytest.mark.parametrize("reading,holders", [("A", []), ("B", [0, 1])])
def test_status_tie_culture(reading, holders):
    """CCG-3.5 (status-tie) for Highest Culture: a tie at 3: A no one; B both
    (and both get the extra card)."""
    g = h.game(**{"status-tie": reading})
    s = h.position(g, players=[{"technologies": ["literature", "writing"]}, {"technologies": ["philosophy", "mysticism"]}],
                 deck=["temple", "temple", "granary", "granary", "market"])
    assert s.observation(0)["highest_culture"] == holders
    s.apply(0, "done")
    assert ("draw 5 culture" in h.legal(s, 0)) == bool(holders)


@pytest.mark.parametrize("reading,cost", [("A", 12), ("B", 11)])
def test_status_tie_happiness(reading, cost):
    """CCG-3.5 (status-tie) for Highest Happiness: a tie at 2: A no one (Writing
    costs 12); B both (11)."""
    g = h.game(**{"status-tie": reading})
    s = h.position(g, players=[{"technologies": ["monarchy"], "resources": {"commerce": cost}},
                             {"technologies": ["monotheism"]}],
                 tech_display=["writing", "pottery", "masonry"])
    assert s.observation(0)["highest_happiness"] == ([] if reading == "A" else [0, 1])
    s.apply(0, "tech writing")
    assert h.res(s, 0)["commerce"] == 0


# ------------------------------------------------------------ extra-draw-optional
def test_extra_draw_optional_a_player_chooses():
    """CCG-8.3 (extra-draw-optional A): each extra card is optional; declining
    the Highest Culture card means no extra discard."""
    g = h.game(**{"extra-draw-optional": "A"})
    s = h.position(g, players=[{"technologies": ["literature", "writing", "astronomy"]}],
                 deck=["forge", "temple", "temple", "granary", "granary", "market"])
    s.apply(0, "done")
    assert h.phase(s) == "draw"
    s.apply(0, "draw 5 astronomy")
    assert sum(h.hand(s, 0).values()) == 5
    h.play(s, 0, "discard temple", "discard temple")
    assert s.to_json()["current"] == 1
    assert sum(h.hand(s, 0).values()) == 3


def test_extra_draw_optional_b_both_always_apply():
    """CCG-8.3 (extra-draw-optional B): with Astronomy and Highest Culture the
    player draws 6 and discards 3, without being asked."""
    g = h.game(**{"extra-draw-optional": "B"})
    s = h.position(g, players=[{"technologies": ["literature", "writing", "astronomy"]}],
                 deck=["temple", "temple", "granary", "granary", "market", "market"])
    s.apply(0, "done")
    assert h.phase(s) == "discard"
    assert sum(h.hand(s, 0).values()) == 6
    h.play(s, 0, "discard temple", "discard temple", "discard market")
    assert s.to_json()["current"] == 1
    assert h.hand(s, 0) == {"granary": 2, "market": 1}


# ------------------------------------------------------------ deck-exhaustion
@pytest.mark.parametrize("reading,drawn", [("A", 4), ("B", 2)])
def test_deck_exhaustion(reading, drawn):
    """CCG-8.3 (deck-exhaustion): with 2 cards left, drawing 4: A the discard
    pile is shuffled into a new deck and 2 more drawn; B only 2 are drawn."""
    g = h.game(**{"deck-exhaustion": reading})
    s = h.position(g, players=[{"hand": {"archers": 1}}], deck=["temple", "granary"], filler="discard")
    pile = len(s.to_json()["discard"])
    s.apply(0, "done")
    assert sum(h.hand(s, 0).values()) == 1 + drawn
    data = s.to_json()
    if reading == "A":
        assert len(data["deck"]) + len(data["discard"]) == pile - 2
        assert data["discard"] == []
    else:
        assert data["deck"] == [] and len(data["discard"]) == pile


# ------------------------------------------------------------ steal-timing
def test_steal_timing_a_only_in_own_turn():
    """CCG-9.2 (steal-timing A): no stealing at the start of another's turn."""
    g = h.game(**{"steal-timing": "A"})
    s = h.begin_turn(g, current=1, players=[{"technologies": ["writing"]}, {"hand": {"temple": 1}}])
    assert s.to_move() == (1,) and h.phase(s) == "purchase"


def test_steal_timing_b_also_in_other_players_turns():
    """CCG-9.2 (steal-timing B): at the start of another player's turn the
    owner of Writing may steal, once per turn, or pass."""
    g = h.game(**{"steal-timing": "B"})
    s = h.begin_turn(g, current=1, players=[{"technologies": ["writing", "code_of_laws"]},
                                          {"hand": {"temple": 1}, "resources": {"commerce": 1}}])
    assert h.phase(s) == "steal-window" and s.to_move() == (0,)
    assert h.legal(s, 0) == {"writing 1", "laws 1", "pass"}
    s.apply(0, "writing 1")
    assert h.hand(s, 0) == {"temple": 1}
    assert h.legal(s, 0) == {"laws 1", "pass"}
    s.apply(0, "pass")
    assert s.to_move() == (1,)
    assert h.hand(s, 1) == {}


def test_steal_timing_b_pass_leaves_everything():
    """CCG-9.2 (steal-timing B): passing steals nothing."""
    g = h.game(**{"steal-timing": "B"})
    s = h.begin_turn(g, current=1, players=[{"technologies": ["writing"]}, {"hand": {"temple": 1}}])
    s.apply(0, "pass")
    assert h.hand(s, 1) == {"temple": 1} and h.hand(s, 0) == {}
    assert s.to_json()["current"] == 1


# ------------------------------------------------------------ code-of-laws-choice
def test_code_of_laws_choice_a_random():
    """CCG-9.2 (code-of-laws-choice A): taken at random, no question asked."""
    g = h.game(**{"code-of-laws-choice": "A"})
    s = h.position(g, players=[{"technologies": ["code_of_laws"]}, {"resources": {"food": 2, "commerce": 2}}])
    s.apply(0, "laws 1")
    assert h.phase(s) == "purchase"
    assert sum(h.res(s, 0).values()) == 3


@pytest.mark.parametrize(("reading", "chooser", "word", "chosen", "thief", "victim"), [
    ("B", 0, "take", ("commerce", "commerce", "food"), (1, 0, 2), (1, 0, 0)),
    ("C", 1, "give", ("food", "food", "commerce"), (2, 0, 1), (0, 0, 1)),
], ids=["B-the-thief-chooses", "C-the-victim-chooses"])
def test_code_of_laws_choice_b_and_c_a_player_chooses(reading, chooser, word, chosen, thief, victim):
    """CCG-9.2 (code-of-laws-choice B / C): the thief (B) or the victim (C) picks each
    of the three resources, one at a time, among those the victim still holds."""
    g = h.game(**{"code-of-laws-choice": reading})
    s = h.position(g, players=[{"technologies": ["code_of_laws"]}, {"resources": {"food": 2, "commerce": 2}}])
    s.apply(0, "laws 1")
    assert h.phase(s) == f"{word}-resources" and s.to_move() == (chooser,)
    assert h.legal(s, chooser) == {f"{word} food", f"{word} commerce"}
    h.assert_illegal(s, chooser, f"{word} hammers")
    h.assert_illegal(s, 1 - chooser, f"{word} food")
    h.play(s, chooser, *(f"{word} {r}" for r in chosen[:2]))
    if reading == "B":
        assert h.legal(s, 0) == {"take food"}  # the last Commerce is gone
    s.apply(chooser, f"{word} {chosen[2]}")
    assert h.res(s, 0) == dict(zip(("food", "hammers", "commerce"), thief, strict=True))
    assert h.res(s, 1) == dict(zip(("food", "hammers", "commerce"), victim, strict=True))
    assert h.phase(s) == "purchase" and s.to_move() == (0,)


# ------------------------------------------------------------ max-turns, cards
def test_max_turns_ends_and_scores_the_game():
    """max-turns (a project option, not an ambiguity): at the cap the game
    ends and is scored as usual (CCG-1.2)."""
    g = h.game(**{"max-turns": 1})
    s = h.position(g, players=[{"plots": [("grassland", 1)] + FOUR[1:]}])
    h.finish_turn(s, 0)
    assert s.is_terminal()
    assert s.winners() == [0]


def test_cards_option_names_a_card_file():
    """CCG-9.1 (cards): the card file is an option; the default is the package's."""
    assert h.game().options["cards"] == ""

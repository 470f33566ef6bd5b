"""Civilization: The Card Game for learning agents and designers: the fixed action
space (``space.py``), the observation encoding (``encode.py``), the running score
(``CcgState.scores``), the items a designer rates (``CcgState.holdings``,
``items.py``: technologies and wonders given to a seat or taken out of the game),
on hand-built positions and on games played to the end."""

from __future__ import annotations

import numpy as np
import pytest

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.errors import OptionError
from civtable.core.rng import Rng
from civtable.games.civ_card_game.space import max_plots
from civtable.testing.learning import check_space_built_once

from . import _ccg_helpers as h
from .test_contract import everything_is_conserved, nothing_negative, winners_follow_the_points

FOUR = ["grassland", "hills", "coast", "forest"]


def texts(g) -> set[str]:
    return set(g.action_space().texts)


def in_space(s) -> None:
    """Every legal action of the mover has its number, and the mask marks exactly them."""
    space = s.game.action_space()
    for p in s.to_move():
        legal = s.legal_actions(p)
        mask = space.mask(legal)
        assert int(mask.sum()) == len(legal)
        assert all(space.text(space.index(a)) == a.text for a in legal)


# ------------------------------------------------------------------ action space
@pytest.mark.parametrize("players,size,plots", [(2, 842, 26), (3, 741, 22), (4, 640, 18)])
def test_action_space_size_per_player_count(players, size, plots):
    """The default options' space: 8 plot types, 25 play cards, 18 technologies, 16
    buildings and wonders on up to ``plots`` plot numbers (30 plots less 4 per other player)."""
    g = h.game(players)
    space = g.action_space()
    assert max_plots(g) == plots
    assert space.size == size
    kinds: dict[str, int] = {}
    for t in space.texts:
        kinds[t.split()[0]] = kinds.get(t.split()[0], 0) + 1
    assert kinds["build"] == 16 * plots and kinds["destroy"] == 8 * plots
    assert kinds["pop"] == kinds["lose"] == kinds["gain"] == plots
    assert kinds["attack"] == 5 * players and kinds["writing"] == kinds["laws"] == players
    assert kinds["place"] == 4 and kinds["draft"] == 8 and kinds["discard"] == 25 and kinds["tech"] == 18
    assert f"build great_wall {plots}" in space and f"build great_wall {plots + 1}" not in space
    assert f"attack chariot {players - 1}" in space and f"attack chariot {players}" not in space


def test_action_space_is_built_once_and_the_same_for_the_same_options():
    space = check_space_built_once(lambda: h.game(3))
    assert space.digest != h.game(2).action_space().digest
    assert space.texts[:3] == ("draft grassland", "draft plains", "draft hills")
    assert space.index("done") == space.texts.index("done")


def test_action_space_follows_the_rule_variants():
    """Kinds a reading never offers are left out; trades and blocks follow their readings."""
    default = texts(h.game())
    assert not {"siege yes", "take food", "give food"} & default
    assert {"draw 4", "draw 5 culture", "draw 5 astronomy", "draw 6 astronomy culture"} <= default
    assert "trade food+food+hammers for commerce" in default and "trade food for commerce" not in default
    assert {"siege yes", "siege no"} <= texts(h.game(**{"catapult-repeat": "B"}))
    assert {"take food", "take hammers", "take commerce"} <= texts(h.game(**{"code-of-laws-choice": "B"}))
    assert {"give food", "give commerce"} <= texts(h.game(**{"code-of-laws-choice": "C"}))
    assert not any(t.startswith("draw") for t in texts(h.game(**{"extra-draw-optional": "B"})))
    trades_b = {t for t in texts(h.game(**{"bank-trade": "B"})) if t.startswith("trade")}
    assert trades_b == {f"trade {a} for {b}" for a in h.RESOURCES for b in h.RESOURCES if a != b}
    # unit-list B: the Catapult does not attack, so it is neither sieging nor blocked
    listed = texts(h.game(**{"unit-list": "B", "catapult-repeat": "B"}))
    assert "attack catapult 1" not in listed and "siege yes" not in listed
    assert "block catapult archers" in default and "block catapult archers" not in listed
    assert "block chariot archers" in listed and "block chariot axemen" not in default  # Axemen block foot units


def test_the_largest_plot_number_is_reachable():
    """A 2-player game: the other player keeps his 4 plots, so one player may own the
    other 26 and build on plot 26, the space's last plot number."""
    others = ["grassland"] * 4 + ["plains"] * 5 + ["hills"] * 3 + ["forest"] * 3 + ["river"] * 4 + \
        ["coast"] * 3 + ["floodplains"] * 2 + ["gold"] * 2
    assert len(others) == 26
    plots = [(t, 2) for t in others]
    s = h.position(players=[{"plots": plots, "resources": {"hammers": 40, "food": 60},
                             "hand": {"library": 1, "great_wall": 1}}])
    legal = h.legal(s, 0)
    assert {"build library 26", "build great_wall 26", "pop 26"} <= legal
    in_space(s)


def rare_positions() -> list:
    """Positions in the middle of the rarer steps: siege, bounce, redeclare, blocks,
    Code of Laws choices, draw choices, damage."""
    out = []
    g = h.game(**{"catapult-repeat": "B", "bounce": "B"})
    s = h.position(g, players=[{"hand": {"catapult": 2, "chariot": 2}},
                               {"plots": [("grassland", 0, ["city_walls"]), ("hills", 0, ["city_walls"]),
                                          ("coast", 0, ["library"]), "forest"]}],
                   phase="declare", deck=["granary", "granary", "harbor", "harbor"])
    h.play(s, 0, "attack catapult 1", "attack catapult 1", "attack chariot 1", "attack chariot 1", "fight")
    out.append(s.clone())  # siege yes / no
    s.apply(0, "siege no")
    out.append(s.clone())  # bounce
    for cls, who in (("B", 0), ("C", 1)):
        g = h.game(**{"code-of-laws-choice": cls})
        s = h.position(g, players=[{"technologies": ["code_of_laws"]}, {"resources": {"food": 2, "commerce": 3}}])
        s.apply(0, "laws 1")
        assert s.to_move() == (who,)
        out.append(s)
    g = h.game(players=4, adjacency="B")
    s = h.position(g, players=[{"hand": {"chariot": 1, "axemen": 1, "swordsmen": 1}},
                               {"plots": [("grassland", 2, ["library"]), ("hills", 1, ["temple"])] + FOUR[2:],
                                "hand": {"archers": 1, "spearmen": 1, "axemen": 1}}], phase="declare")
    h.play(s, 0, "attack chariot 1", "attack axemen 1", "attack swordsmen 3", "fight")
    out.append(s.clone())  # defend with blocks
    return out


def test_rare_steps_have_numbers():
    for s in rare_positions():
        in_space(s)
        while not s.is_terminal() and s.turn <= 2:  # on through the rest of the turn
            p = s.to_move()[0]
            s.apply(p, sorted(h.legal(s, p))[0])
            in_space(s)


# ------------------------------------------------------------------ encoding
def three_players() -> object:
    g = h.game(3)
    return h.position(g, players=[
        {"resources": {"food": 10}, "technologies": ["writing"], "hand": {"archers": 2, "stonehenge": 1},
         "plots": [("grassland", 2, ["pyramids"]), "hills", "coast", "forest"]},
        {"resources": {"commerce": 25}, "technologies": ["astronomy", "monarchy"], "hand": {"chariot": 3}},
        {"plots": [("plains", 1), "gold", "river", "river", "coast"]},
    ], current=1, deck=["granary"])


def block(g, vec, name, size=None):
    return vec[g.encoding().slot(name)] if size is None else vec[g.encoding().slot(name)].reshape(-1, size)


def test_encoding_has_one_size_and_known_values():
    s = three_players()
    g = s.game
    enc = g.encoding()
    assert g.encoding() is enc and enc.size == 598
    assert len(enc.table().rows) == len(enc.features)
    v0, v1 = g.encode(s.observation(0), 0), g.encode(s.observation(1), 1)
    assert v0.shape == v1.shape == (enc.size,) and v0.dtype == np.float32
    # resources, the viewer first: player 0 sees (0, 1, 2), player 1 sees (1, 2, 0)
    assert block(g, v0, "resources").tolist() == pytest.approx([0.2, 0, 0, 0, 0, 0.5, 0, 0, 0])
    assert block(g, v1, "resources").tolist() == pytest.approx([0, 0, 0.5, 0, 0, 0, 0.2, 0, 0])
    techs = g.rules.tech_ids
    t0 = block(g, v0, "technologies", len(techs))
    assert t0[0, techs.index("writing")] == 1 and t0[0].sum() == 1
    assert t0[1, techs.index("astronomy")] == t0[1, techs.index("monarchy")] == 1 and t0[1].sum() == 2
    assert block(g, v0, "vp").tolist() == pytest.approx([4 / 50, 2 / 50, 1 / 50])  # 2 pop + wonder + tech
    assert block(g, v0, "plot_count").tolist() == pytest.approx([4 / 16, 4 / 16, 5 / 16])
    # the viewer's hand (count / count in the deck) and first plot
    ids = g.rules.ids
    hand0 = block(g, v0, "my_hand")
    assert hand0[ids.index("archers")] == pytest.approx(2 / 5) and hand0[ids.index("stonehenge")] == 1
    assert hand0.sum() == pytest.approx(2 / 5 + 1)
    assert block(g, v1, "my_hand")[ids.index("chariot")] == pytest.approx(3 / 4)
    plot1 = block(g, v0, "my_plots", 8 + 3)[0]
    assert plot1[0] == 1 and plot1[8:].tolist() == pytest.approx([2 / 8, 1 / 3, 1 / 3])
    # whose turn, seen from each viewer; the phase
    assert block(g, v0, "current").tolist() == [0, 1, 0] and block(g, v1, "current").tolist() == [1, 0, 0]
    phase = block(g, v0, "phase")
    assert phase.sum() == 1 and phase[5] == 1  # "purchase"


def test_encoding_sees_no_hidden_card():
    """Another player's hand (same size) and the deck's order do not change a seat's
    encoding; the seat's own hand does."""
    s = three_players()
    g = s.game
    data = s.to_json()
    swapped = dict(data, players=[dict(p) for p in data["players"]])
    swapped["players"][1]["hand"] = {"catapult": 3}
    swapped["deck"] = [c if c != "catapult" else "chariot" for c in data["deck"]]
    swapped["deck"].reverse()
    t = g.state_from_json(swapped)
    assert np.array_equal(g.encode(s.observation(0), 0), g.encode(t.observation(0), 0))
    assert np.array_equal(g.encode(s.observation(2), 2), g.encode(t.observation(2), 2))
    mine, theirs = g.encode(s.observation(1), 1), g.encode(t.observation(1), 1)
    changed = {f.name for f in g.encoding().features if not np.array_equal(mine[g.encoding().slot(f.name)],
                                                                             theirs[g.encoding().slot(f.name)])}
    assert changed == {"my_hand"}
    for k in range(3):  # a sample of player 0's information set: the same vector
        d = s.determinize(0, Rng(k))
        assert np.array_equal(g.encode(d.observation(0), 0), g.encode(s.observation(0), 0))


def test_encoding_of_combat_and_collection():
    """The attacks on the table by unit and defender, and the plot whose population yields."""
    s = rare_positions()[-1]  # 4 players, player 1 defends
    g = s.game
    units = [g.rules.ids[c] for c in g.rules.units]
    v1 = g.encode(s.observation(1), 1)
    attacks = block(g, v1, "attacks", 4)  # unit x defender, seen from player 1 (himself first)
    assert attacks[units.index("chariot")].tolist() == [0.25, 0, 0, 0]
    assert attacks[units.index("swordsmen")].tolist() == [0, 0, 0.25, 0]  # seat 3 is 2 after seat 1
    assert block(g, v1, "to_move").tolist() == [1, 0, 0, 0]
    s = h.begin_turn(players=[{"plots": [("grassland", 0), ("river", 2), ("hills", 1), "coast"]}])
    assert h.phase(s) == "collect"
    v = g2 = s.game
    v = g2.encode(s.observation(0), 0)
    assert block(g2, v, "yield_plot").tolist()[:3] == [0, 1, 0]
    assert block(g2, v, "yield_left")[0] == pytest.approx(2 / 8)


def test_encode_is_bounded_over_a_played_game():
    g = h.game(4)
    s = g.new_state(seed=3)
    bots = [make_agent("greedy", g, seed=i) for i in range(4)]
    low, high = g.encoding().bounds()
    steps = 0
    while not s.is_terminal() and steps < 600:
        p = s.to_move()[0]
        v = g.encode(s.observation(p), p)
        assert ((v >= low) & (v <= high)).all()
        s.apply(p, bots[p].act(PlayerView(s, p)))
        steps += 1


# ------------------------------------------------------------------ scores, holdings
def test_scores_are_the_victory_points():
    """CCG-1.2 / CCG-3.1: population, wonders and technologies, one point each."""
    s = h.position(players=[{"plots": [("grassland", 3, ["pyramids", "library"]), ("hills", 1), "coast", "forest"],
                             "technologies": ["writing", "mining"]},
                            {"plots": [("plains", 2, ["great_wall"])] + FOUR[1:]}])
    assert s.scores() == [7.0, 3.0]
    s.apply(0, "done")
    assert s.scores() == [7.0, 3.0]


def test_holdings_are_the_technologies_and_wonders_owned():
    s = h.position(players=[{"plots": [("grassland", 3, ["pyramids", "library"])] + FOUR[1:],
                             "technologies": ["writing", "mining"]},
                            {"plots": [("plains", 2, ["great_wall"])] + FOUR[1:], "technologies": ["astronomy"]}])
    assert s.holdings() == {"mining": [0], "writing": [0], "astronomy": [1], "pyramids": [0], "great_wall": [1]}
    assert set(s.holdings()) <= set(s.game.value_items())


# ------------------------------------------------------------------ items
def test_value_items_are_the_technologies_and_the_wonders():
    g = h.game()
    items = g.value_items()
    assert len(items) == 18 + 8 and items[0] == "pottery" and items[-1] == "temple_of_artemis"
    with pytest.raises(OptionError, match="items are pottery, agriculture"):
        g.give_item(g.new_state(seed=1), "library", 0)
    with pytest.raises(OptionError, match="no seat"):
        g.give_item(g.new_state(seed=1), "writing", 2)


def play_out(s, removed: tuple[str, ...] = ()) -> None:
    """Random bots to the end; the contract's invariants on the way (with the removed
    items put back into their decks, as they were before leaving the game)."""
    g = s.game
    bots = [make_agent("random", g, seed=10 + i) for i in range(s.num_players)]
    steps = 0
    while not s.is_terminal():
        if steps % 25 == 0:
            check(s, removed)
        p = s.to_move()[0]
        s.apply(p, bots[p].act(PlayerView(s, p)))
        steps += 1
    check(s, removed)
    assert s.winners() or g.options["final-tie"] == "B"
    for item in removed:
        assert item not in s.holdings()


def check(s, removed: tuple[str, ...]) -> None:
    full = s.clone()
    r = s.rules
    for item in removed:
        if item in r.tech_ids:
            full.tech_deck.append(r.tech_ids.index(item))
        else:
            full.deck.append(r.ids.index(item))
    everything_is_conserved(full)
    nothing_negative(s)
    if not removed:
        winners_follow_the_points(s)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_given_technology_is_owned_and_left_its_deck(players):
    """CCG-6.5: the seat owns the technology as if bought; the deck keeps its order
    less that card; the generator is not touched."""
    g = h.game(players)
    fresh, s = g.new_state(seed=4), g.new_state(seed=4)
    g.give_item(s, "writing", players - 1)
    t = g.rules.tech_ids.index("writing")
    assert s.techs[players - 1] == 1 << t and not any(s.techs[:players - 1])
    assert s.tech_deck == [x for x in fresh.tech_deck if x != t]
    assert s.rng.state == fresh.rng.state
    assert s.observation(0)["players"][players - 1]["technologies"] == ["writing"]
    assert s.scores()[players - 1] == 1.0
    play_out(s)
    assert s.holdings()["writing"] == [players - 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_given_wonder_is_placed_on_the_seats_first_plot(players):
    """CCG-2.7.1: the wonder leaves the play deck for a free slot of the seat's plots."""
    g = h.game(players)
    fresh, s = g.new_state(seed=9), g.new_state(seed=9)
    g.give_item(s, "great_library", 0)
    c = g.rules.ids.index("great_library")
    assert s.plots[0][0][2:] == [c] and s.deck == [x for x in fresh.deck if x != c]
    assert s.culture(0) == 3 and s.scores()[0] == 1.0
    g.give_item(s, "pyramids", 0)  # the first plot is full: the second one
    assert s.plots[0][1][2:] == [g.rules.ids.index("pyramids")]
    with pytest.raises(OptionError, match="no free building slot"):
        g.give_item(s, "oracle", 0)
    with pytest.raises(OptionError, match="no longer in the play deck"):
        g.give_item(s, "pyramids", 1)
    play_out(s)
    assert s.holdings()["great_library"] == s.holdings()["pyramids"] == [0]


@pytest.mark.parametrize("reading", ["A", "B"])
def test_given_mining_gives_its_one_time_bonus(reading):
    """CCG-2.4.2 (mining): A one Hammer per plot owned now; B at the first collection."""
    g = h.game(mining=reading)
    s = g.new_state(seed=2)
    g.give_item(s, "mining", 1)
    assert s.res[1] == ([0, 2, 0] if reading == "A" else [0, 0, 0])
    assert s.mining_due[1] == (1 if reading == "B" else 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_removed_items_leave_the_game(players):
    """With no seat the item is out of the game: nobody can own it, and the game
    ends when the other technologies are bought (CCG-1.1)."""
    g = h.game(players)
    s = g.new_state(seed=6)
    g.give_item(s, "astronomy", None)
    g.give_item(s, "colossus", None)
    assert g.rules.tech_ids.index("astronomy") not in s.tech_deck and len(s.tech_deck) == 17
    assert g.rules.ids.index("colossus") not in s.deck and not any(s.techs)
    assert s.rng.state == g.new_state(seed=6).rng.state
    with pytest.raises(OptionError, match="no longer in the technology deck"):
        g.give_item(s, "astronomy", 0)
    play_out(s, removed=("astronomy", "colossus"))
    owned = sum(s.tech_count(p) for p in range(players))
    assert owned + len(s.tech_deck) + len(s.tech_display) == 17


def test_items_are_given_only_in_a_new_game():
    g = h.game()
    s = g.new_state(seed=1)
    while s.to_json()["phase"] == "draft":
        p = s.to_move()[0]
        s.apply(p, sorted(h.legal(s, p))[0])
    with pytest.raises(OptionError, match="in a new game"):
        g.give_item(s, "writing", 0)


def test_paired_games_stay_paired():
    """Same seed: a removed wonder near the bottom of the play deck leaves the set-up
    (plots, displays, starting hands) of the two games the same."""
    g = civtable.load_game("civ-card-game", players=2)
    a, b = g.new_state(seed=12), g.new_state(seed=12)
    wonders = [x for x in a.deck if g.rules.kind[x] == "wonder"]
    bottom = wonders[0]
    assert a.deck.index(bottom) < len(a.deck) - 20  # not among the cards dealt at set-up
    g.give_item(b, g.rules.ids[bottom], None)
    for s in (a, b):
        while s.to_json()["phase"] in ("draft", "free-population", "start-discard"):
            p = s.to_move()[0]
            s.apply(p, sorted(h.legal(s, p))[0])
    ja, jb = a.to_json(), b.to_json()
    for key in ("plot_display", "tech_display", "players", "discard", "turn", "phase"):
        assert ja[key] == jb[key], key
    assert [c for c in ja["deck"] if c != g.rules.ids[bottom]] == jb["deck"]

"""Civilization: The Card Game at the terminal: the card reference, the screen, action
labels with costs, menu groups, help, and names typed for ids."""

from __future__ import annotations

import json

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import load_game
from civtable.games.civ_card_game.catalog import DATA

from ._ccg_helpers import game, position


def test_the_reference_shows_every_card_with_its_numbers() -> None:
    """``civtable cards civ-card-game``: every plot, technology, building, wonder, unit
    and resource card of the card file with its numbers; the values marked provisional."""
    tables = game().reference()
    rows = {t.title: t for t in tables}
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    cells = {cell for t in tables for row in t.rows for cell in row}
    for section in ("plots", "technologies", "buildings", "wonders", "units", "resource_cards"):
        for e in raw[section]:
            assert e["id"] in cells and e["name"] in cells, f"{section} {e['id']} is not in the reference"
    techs = rows["Technologies (1 VP each)"]
    writing = next(r for r in techs.rows if r[1] == "writing")
    assert writing[2:5] == ("12", "1", "0") and "steal a random card" in writing[5]
    library = next(r for r in rows["Buildings"].rows if r[1] == "library")
    assert library[2:6] == ("6", "3", "1", "0") and library[6] == "technologies cost 1 less"
    spearmen = next(r for r in rows["Military units"].rows if r[1] == "spearmen")
    assert spearmen[2:] == ("4", "yes", "Chariot", "takes 1 population")
    for t in tables[:-1]:
        assert "Provisional" in t.note
    assert "provisional" in tables[-1].note


def midgame(players: int = 4, seed: int = 3, steps: int = 400):
    g = load_game("civ-card-game", players=players)
    s = g.new_state(seed=seed)
    bots = [make_agent("greedy", g, seed=i) for i in range(players)]
    for _ in range(steps):
        if not s.to_move():
            break
        p = s.to_move()[0]
        s.apply(p, bots[p].act(PlayerView(s, p)))
    return g, s


def test_the_screen_fits_and_shows_names_and_costs() -> None:
    """At most about 40 lines for 4 players; display names, never the ids with an
    underscore; the technologies' prices; the viewer's hand only."""
    g, s = midgame()
    for v in (0, 1, 2, 3, None):
        screen = g.render(s.observation(v), v)
        assert len(screen.splitlines()) <= 40, screen
        assert "_" not in screen, screen
        for t in s.to_json()["tech_display"]:  # each displayed technology with its price
            tech = g.rules.cards.techs[g.rules.tech_ids.index(t)]
            assert f"{tech.name}: {tech.cost} Commerce" in screen
        assert screen.count("Hand:") == (0 if v is None else 1)


def test_labels_name_the_cards_and_say_the_price() -> None:
    s = position(players=[{"resources": {"food": 8, "hammers": 9, "commerce": 13},
                           "hand": {"library": 1, "food_cache": 1}}],
                 tech_display=["writing", "pottery", "mysticism"])
    g = s.game
    obs = s.observation(0)
    labels = {a.text: g.action_label(a, obs) for a in s.legal_actions(0)}
    assert labels["build library 3"] == "build Library on plot 3 Coast (6 Hammers)"
    assert labels["tech writing"] == ("buy the technology Writing (12 Commerce: steal a random card from a hand, "
                                      "once a turn; culture 1)")
    assert labels["pop 1"] == "buy a population for plot 1 Grassland (6 Food)"
    assert labels["cash food_cache"] == "cash Food +2 for 2 Food"
    assert labels["trade food+food+food for commerce"] == "trade 3 Food for 1 Commerce with the bank"
    assert labels["done"] == "done: end the purchases"


def test_a_long_purchase_menu_is_grouped() -> None:
    """More than 24 purchases: the first level groups them (builds by card, then plot)."""
    s = position(players=[{"resources": {"food": 30, "hammers": 30, "commerce": 30},
                           "hand": {"library": 1, "temple": 2, "granary": 1, "forge": 1, "food_cache": 1},
                           "plots": ["grassland", "hills", "coast", "forest", "plains", "river"]}])
    g = s.game
    obs = s.observation(0)
    paths = [g.action_path(a, obs) for a in s.legal_actions(0)]
    assert len(paths) > 24
    assert len({p[0] for p in paths}) <= 12
    assert ("build", "Library (6 Hammers: technologies cost 1 less; culture 1)", "on plot 2 Hills") in paths
    assert ("trade with the bank", "3 Food for 1 Commerce") in paths


def test_help_says_what_is_decided_and_how_to_write_it() -> None:
    s = position(players=[{"hand": {"chariot": 1}}, {"hand": {"archers": 1}}], phase="declare")
    s.apply(0, "attack chariot 1")
    s.apply(0, "fight")
    text = s.game.help(s.observation(1), 1)
    assert "Deciding: player 1 (you), to defend" in text
    assert "block ATTACKER DEFENDER" in text


def test_every_step_says_what_is_decided_and_how_it_is_written() -> None:
    """``data/steps.json`` has the words of every step of the position format, and a
    Code of Laws choice names the victim (take) or the thief (give)."""
    from civtable.games.civ_card_game.show.render import STEPS, deciding
    from civtable.games.civ_card_game.state import PHASE_NAMES

    assert list(STEPS) == list(PHASE_NAMES)
    assert all(what and how for phase, (what, how) in STEPS.items() if phase != "over")
    for reading, step, words in (("B", "take-resources", "from player 1"), ("C", "give-resources", "to player 0")):
        g = game(**{"code-of-laws-choice": reading})
        s = position(g, players=[{"technologies": ["code_of_laws"]}, {"resources": {"food": 2, "commerce": 2}}])
        s.apply(0, "laws 1")
        assert s.observation(None)["phase"] == step
        assert deciding(s.observation(None), None)[1].endswith(f"(3 to go) {words}")

"""Civilization: The Card Game with people (issue 26): the menus' order, what a click on
the board does, the confirmations (``Game.action_warning``) and the marks of the
others' moves (``Game.move_mark``), on hand-built positions."""

from __future__ import annotations

import io
import re

import pytest

from civtable.agents import PlayerView
from civtable.agents.human import HumanAgent, QuitGame
from civtable.i18n import translator

from . import _ccg_helpers as h


def kinds(s, p: int = 0) -> list[str]:
    """The kinds of the legal actions, each once, in the legal order."""
    out: list[str] = []
    for a in s.legal_actions(p):
        if a.kind not in out:
            out.append(a.kind)
    return out


def action(s, text: str, p: int = 0):
    return next(a for a in s.legal_actions(p) if a.text == text)


def warning(s, text: str, p: int = 0) -> str | None:
    return s.game.action_warning(action(s, text, p), s.observation(p))


def target(s, text: str, p: int = 0) -> str | None:
    return s.game.action_target(action(s, text, p), s.observation(p))


def mark(s, text: str, p: int = 0) -> str | None:
    return s.game.move_mark(action(s, text, p), p, s.observation(None))


RICH = {"resources": {"food": 8, "hammers": 12, "commerce": 10}, "hand": {"pyramids": 1, "food_cache": 1},
        "technologies": ["writing"]}
OTHER = {"hand": {"temple": 1}}  # a card Writing may take (CCG-9.2)


# ------------------------------------------------------------------ the menus' order
def test_the_purchases_come_first_and_the_bank_trades_last():
    """Issue 26: victory points first (population, technology, build), then cash, plot,
    steals, done; every bank trade (CCG-2.2.2) after "done", in the page and the terminal."""
    s = h.position(players=[RICH, OTHER], tech_display=["pottery", "agriculture", "astronomy"])
    assert kinds(s) == ["pop", "tech", "build", "cash", "plot", "writing", "done", "trade"]
    poorer = h.position(players=[{**RICH, "resources": {"food": 8, "hammers": 0, "commerce": 0}}, OTHER])
    assert kinds(poorer) == ["pop", "cash", "writing", "done", "trade"]
    obs = s.observation(0)
    groups = [s.game.action_path(a, obs)[0] for a in s.legal_actions(0)]
    assert groups[-1] == "trade with the bank" and groups.index("done: end the purchases") < groups.index(
        "trade with the bank")


def test_the_terminal_menu_lists_the_trades_last():
    s = h.position(players=[RICH, OTHER])
    screen = io.StringIO()
    human = HumanAgent(stdin=io.StringIO("quit\n"), stdout=screen)
    with pytest.raises(QuitGame):  # the menu is read, then the person quits
        human.act(PlayerView(s, 0))
    menu = screen.getvalue()[screen.getvalue().rfind("Choose"):]
    labels = re.findall(r"^\s+\d+\. (.*)$", menu, re.M)
    assert labels[-1].startswith("trade with the bank"), labels  # the groups in the legal order, after "done"
    assert [x.split("  (")[0] for x in labels if "  (" in x][:2] == ["buy a population", "buy a technology"], labels


# ------------------------------------------------------------------ clicks
def test_a_click_on_the_thing_an_action_is_about():
    s = h.position(players=[RICH, OTHER])
    assert target(s, "pop 1") == "plot:0:1"
    assert target(s, "build pyramids 2") == "hand:pyramids"
    assert target(s, "cash food_cache") == "hand:food_cache"
    assert target(s, "writing 1") == "player:1"
    assert target(s, "trade food+food+food for commerce") == "bank"
    assert target(s, "done") is None  # the page's menu
    html = s.game.html(s.observation(0), 0)
    for t in ("plot:0:1", "hand:pyramids", "player:1", "bank", "pile:deck", "pile:discard", "plots:1", "techs:1"):
        assert f'data-target="{t}"' in html


def test_a_yield_is_a_click_on_the_resource_and_a_draw_on_the_play_deck():
    s = h.begin_turn(players=[{"plots": [("plains", 1), "hills", "coast", "forest"]}])
    assert h.phase(s) == "collect"
    assert {target(s, t) for t in h.legal(s, 0)} == {"res:0:food", "res:0:hammers"}
    d = h.position(players=[{"technologies": ["astronomy"]}], deck=["forge"] + ["temple"] * 3 + ["granary"] * 2)
    d.apply(0, "done")
    assert {target(d, t) for t in h.legal(d, 0)} == {"pile:deck"}


def test_the_building_to_lose_is_clicked_without_its_plot():
    """CCG-7.5: while the defender chooses the building he loses, his plots are no
    targets, so that a click on a building inside one is not also a click on the plot."""
    s = h.position(players=[{"hand": {"swordsmen": 1}},
                            {"plots": [("grassland", 0, ["library"]), ("hills", 0, ["temple"]), "coast", "forest"]}],
                   phase="declare")
    h.play(s, 0, "attack swordsmen 1", "fight")
    s.apply(1, "done")
    assert h.phase(s) == "destroy-building" and s.to_move() == (1,)
    html = s.game.html(s.observation(1), 1)
    assert 'data-target="placed:1:1:library"' in html and 'data-target="plot:1:1"' not in html
    assert 'data-target="plot:1:1"' in s.game.html(s.observation(0), 0)  # the others still see the plot


# ------------------------------------------------------------------ confirmations
def test_ending_the_purchases_when_victory_points_are_affordable_asks_first():
    """CCG-6.3, CCG-6.5, CCG-6.1: a population (6 Food on an empty plot), a technology
    and a wonder the resources pay for are named; nothing affordable, nothing asked."""
    s = h.position(players=[{"resources": {"food": 6, "hammers": 12, "commerce": 8}, "hand": {"pyramids": 1}}],
                   tech_display=["pottery", "astronomy", "engineering"])
    text = str(warning(s, "done"))
    assert "a population" in text and "Pottery" in text and "Pyramids" in text and "Astronomy" not in text
    poor = h.position(players=[{"resources": {"food": 5, "hammers": 11, "commerce": 7}, "hand": {"pyramids": 1}}],
                      tech_display=["pottery", "astronomy", "engineering"])
    assert warning(poor, "done") is None
    assert warning(s, "pop 1") is None and warning(s, "trade food+food+food for commerce") is None


def test_ending_the_purchases_asks_when_resources_go_back_to_the_bank():
    """CCG-2.2.3 (resource-carryover B): any resource left is lost at the turn's end."""
    g = h.game(**{"resource-carryover": "B"})
    s = h.position(g, players=[{"resources": {"food": 1}}])
    assert "1 unspent resource goes back" in str(warning(s, "done"))
    assert warning(h.position(g, players=[{}]), "done") is None


def test_taking_an_attack_a_unit_in_hand_could_block_asks_first():
    """CCG-7.3: Archers block any attacker; Spearmen only Chariots."""
    s = h.position(players=[{"hand": {"swordsmen": 1}}, {"hand": {"archers": 1}}], phase="declare")
    h.play(s, 0, "attack swordsmen 1", "fight")
    assert h.phase(s) == "defend"
    assert "Archers could still block" in str(warning(s, "done", 1))
    t = h.position(players=[{"hand": {"swordsmen": 1}}, {"hand": {"spearmen": 1}}], phase="declare")
    h.play(t, 0, "attack swordsmen 1", "fight")
    assert h.phase(t) == "defend" and warning(t, "done", 1) is None


def test_discarding_a_wonder_asks_first_unless_the_hand_is_all_wonders():
    s = h.position(players=[{"hand": {"pyramids": 1, "temple": 1}}], phase="discard", left=1)
    assert "Pyramids is a wonder" in str(warning(s, "discard pyramids"))
    assert warning(s, "discard temple") is None
    only = h.position(players=[{"hand": {"pyramids": 1, "oracle": 1}}], phase="discard", left=1)
    assert warning(only, "discard pyramids") is None


def test_leaving_astronomy_s_card_asks_first():
    """CCG-8.2 (extra-draw-optional A): "draw 4" leaves the free card."""
    s = h.position(players=[{"technologies": ["astronomy"]}], deck=["forge"] + ["temple"] * 3 + ["granary"] * 2)
    s.apply(0, "done")
    assert "Astronomy gives you one more card" in str(warning(s, "draw 4"))
    assert warning(s, "draw 5 astronomy") is None


def test_a_confirmation_in_another_language():
    s = h.position(players=[{"resources": {"food": 6}}])
    w = warning(s, "done")
    assert w is not None and "Einwohner" in translator("de").localize(w)


# ------------------------------------------------------------------ marks
def test_the_others_see_what_a_move_changed():
    s = h.position(players=[RICH, OTHER], tech_display=["pottery", "agriculture", "astronomy"])
    assert mark(s, "pop 2") == "plot:0:2"
    assert mark(s, "build pyramids 3") == "plot:0:3"
    assert mark(s, "tech pottery") == "techs:0"
    assert mark(s, "cash food_cache") == "res:0:food"
    assert mark(s, "trade hammers+hammers+hammers for commerce") == "res:0:commerce"
    assert mark(s, "writing 1") == "player:1"
    assert mark(s, "done") is None
    html = s.game.html(s.observation(None), None)
    for text in ("pop 2", "build pyramids 3", "tech pottery", "cash food_cache", "writing 1"):
        assert f'data-target="{mark(s, text)}"' in html  # drawn before the move, for every viewer
    a = h.position(players=[{"hand": {"swordsmen": 1}}, {"hand": {"archers": 1}}], phase="declare")
    assert mark(a, "attack swordsmen 1") == "player:1"
    h.play(a, 0, "attack swordsmen 1", "fight")
    assert mark(a, "block swordsmen archers", 1) == "combat:swordsmen"


# ------------------------------------------------------------------ the terminal's shorthand
def test_a_thing_named_alone_is_what_a_click_on_it_does():
    s = h.position(players=[RICH, OTHER], tech_display=["pottery", "agriculture", "astronomy"])
    obs = s.observation(0)
    assert s.game.interpret(obs, "Pottery") == "tech pottery"
    assert s.game.interpret(obs, "food +2") == "cash food_cache"
    assert s.game.interpret(obs, "pyramids") is None  # a building needs its plot
    assert s.game.interpret(s.observation(1), "pottery") is None  # not his decision
    d = h.position(players=[{"hand": {"pyramids": 1, "temple": 1}}], phase="discard", left=1)
    assert d.game.interpret(d.observation(0), "Temple") == "discard temple"
    c = h.begin_turn(players=[{"plots": [("plains", 1), "hills", "coast", "forest"]}])
    assert c.game.interpret(c.observation(0), "Hammers") == "yield hammers"

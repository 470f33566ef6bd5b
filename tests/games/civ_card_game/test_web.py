"""Civilization: The Card Game in the browser (``show/web.py``): the fragment of every
viewer is well-formed HTML, carries a ``data-target`` for every legal action that
names one, shows the cards as cards with their numbers, escapes every text, and
shows nothing the viewer may not see."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.games.civ_card_game.catalog import DATA
from civtable.games.civ_card_game.show.web import action_target
from civtable.testing.adapter import decisions

from . import _ccg_helpers as h

GAME_ID = "civ-card-game"
VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr"})


class Tags(HTMLParser):
    """The fragment as a list of tags (``"<div"``, ``"</div"``) with their attributes,
    and its text outside ``<style>``."""

    def __init__(self, fragment: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.words: list[str] = []
        self.feed(fragment)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(("<" + tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.tags.append(("</" + tag, {}))

    def handle_data(self, data: str) -> None:
        if not self.tags or self.tags[-1][0] != "<style":
            self.words.append(data)


class Page:
    """A fragment checked for balance: every element closed, in order."""

    def __init__(self, fragment: str) -> None:
        read = Tags(fragment)
        stack: list[str] = []
        for tag, _ in read.tags:
            if tag.startswith("</"):
                assert stack and stack[-1] == tag[2:], f"{tag}> closes another element ({stack})"
                stack.pop()
            elif tag[1:] not in VOID:
                stack.append(tag[1:])
        assert not stack, f"unclosed {stack}"
        self.targets = {v for _, attrs in read.tags for k, v in attrs.items() if k == "data-target" and v}
        self.text = read.words


def sampled(options: dict[str, Any], seeds: range, every: int) -> list[Any]:
    """Positions of random games (every ``every``-th decision), copied."""
    g = load_game(GAME_ID, **options)
    out = []
    for seed in seeds:
        for step, s, _, _ in decisions(g, seed, max_steps=1500):
            if step % every == 0:
                out.append(s.clone())
    return out


VARIANTS = [
    {"players": 2},
    {"players": 3, "code-of-laws-choice": "B", "step-order": "B", "bounce": "B", "catapult-repeat": "B"},
    {"players": 4, "code-of-laws-choice": "C", "adjacency": "B", "steal-timing": "B"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=["2p", "3p-B", "4p-C"])
def test_every_viewer_gets_balanced_html_with_a_target_for_each_action(options: dict[str, Any]) -> None:
    """Each legal action that acts on a thing finds that thing, clickable, in its
    player's fragment; every fragment (players and spectator) is balanced HTML."""
    phases_with_targets: set[str] = set()
    for s in sampled(options, range(3), 7):
        game = s.game
        for viewer in [None, *range(s.num_players)]:
            obs = s.observation(viewer)
            page = Page(game.html(obs, viewer))
            if viewer is None:
                continue
            for a in s.legal_actions(viewer):
                target = game.action_target(a, obs)
                if target is not None:
                    assert target in page.targets, f"{a.text}: no element {target!r} ({obs['phase']})"
                    phases_with_targets.add(obs["phase"])
    assert {"draft", "purchase", "discard"} <= phases_with_targets


def test_the_cards_show_their_names_and_numbers() -> None:
    """Technologies with their cost and what the viewer pays, hand cards with their
    cost and effect and count, plots with yields, population and what is built, the
    piles with their counts, and whose decision it is."""
    g = h.game()
    s = h.position(g, players=[{"plots": [("grassland", 2, ["granary"]), "hills", "coast", "forest"],
                                "hand": {"library": 2, "chariot": 1}, "technologies": ["pottery"],
                                "resources": {"food": 3}}],
                   tech_display=["writing", "masonry", "mysticism"])
    page = Page(g.html(s.observation(0), 0))
    text = " ".join(page.text)
    for words in ("Your decision: buy, or end the purchases", "Writing", "Library", "Chariot", "Granary",
                  "3 Food", "Your hand (3)", "×2", "2 pop", "Play deck", "Population bank"):
        assert words in text, f"{words!r} not shown"
    library = next(c for c in g.rules.cards.cards if c.id == "library")
    assert f"{library.cost} Hammers" in text
    assert {"hand:library", "hand:chariot", "tech:writing", "plot:0:1", "player:1", "bank"} <= page.targets
    other = " ".join(Page(g.html(s.observation(1), 1)).text)
    assert "Player 0 decides: buy, or end the purchases" in other
    assert "Chariot" not in other and "Your hand" in other  # player 1 sees his own hand, not player 0's


def test_a_viewer_sees_no_hidden_card() -> None:
    """The fragment depends only on the viewer's observation: another deal of what he
    cannot see (a determinization) draws the same page; the spectator sees no hand."""
    rng = Rng(5)
    for s in sampled({"players": 3}, range(2), 23):
        for viewer in [None, 0, 1, 2]:
            page = s.game.html(s.observation(viewer), viewer)
            d = s.determinize(viewer, rng)
            assert s.game.html(d.observation(viewer), viewer) == page
            if viewer is None:
                assert "Your hand" not in page


def test_every_text_is_escaped(tmp_path: Path) -> None:
    """Names come from card files a player may bring: they are shown as text."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    raw["buildings"][0]["name"] = "<b>Lib & Co</b>"
    raw["plots"][0]["name"] = '"><script>x</script>'
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    g = load_game(GAME_ID, cards=str(path))
    building = raw["buildings"][0]["id"]
    s = h.position(g, players=[{"plots": [raw["plots"][0]["id"], "hills", "coast", "forest"],
                                "hand": {building: 1}}])
    fragment = g.html(s.observation(0), 0)
    assert "<script>" not in fragment and "<b>Lib" not in fragment
    assert "&lt;b&gt;Lib &amp; Co&lt;/b&gt;" in fragment
    Page(fragment)


@pytest.mark.parametrize(("text", "target"), [
    ("draft plains", "draft:plains"), ("plot coast spare-food", "display:coast"), ("tech writing", "tech:writing"),
    ("build library 3", "hand:library"), ("cash food_cache", "hand:food_cache"), ("discard chariot", "hand:chariot"),
    ("attack chariot 1", "hand:chariot"), ("pop 2", "plot:0:2"), ("place 1", "plot:0:1"), ("lose 4", "plot:0:4"),
    ("gain 2", "plot:0:2"), ("destroy library 3", "placed:0:3:library"), ("take food", "res:1:food"),
    ("give commerce", "res:1:commerce"), ("writing 1", "player:1"), ("laws 1", "player:1"),
    ("bounce chariot", "combat:chariot"), ("block chariot spearmen", "combat:chariot"),
    ("trade food+food+food for hammers", "bank"), ("trade food for commerce", "bank"),
    ("yield food", "plot:0:3"), ("done", None), ("fight", None), ("pass", None), ("siege yes", None),
    ("draw 5 astronomy", None),
])
def test_the_thing_each_action_acts_on(text: str, target: str | None) -> None:
    obs = {"player": 0, "pending": {"queue": [[2, 1]], "left": 1, "target": 1}}
    assert action_target(text, obs) == target

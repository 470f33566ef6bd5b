"""Mega Civilization in the browser (issue 14): the map layouts, ``Game.html`` and
``Game.action_target``.

The fragment of every viewer marks what his legal actions act on (``data-target``),
is well-formed HTML (balanced tags), holds one zoomable SVG map and is drawn from
the observation only (the contract kit compares the server's payloads, html
included, across samples of the viewer's information set). The stored layouts are
checked like every data file: a broken one is refused naming its field.
"""

from __future__ import annotations

import json
import re
from functools import cache
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.action import Action
from civtable.core.errors import InvalidStateError
from civtable.core.rng import Rng
from civtable.games.mega_civ.rules.board import MAPS, SHIPPED_MAPS, load_board
from civtable.games.mega_civ.show.layout import (
    dump_layout,
    grid_layout,
    layout_file,
    load_layout,
    parse_layout,
)
from civtable.testing.mutate import Mutation, changing, setting

from ._mc_helpers import HATTI, HELLAS, MINOA, game, run_from

TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)((?:\s[^<>]*?)?)(/?)>")
ATTRIBUTE = re.compile(r'([\w-]+)(?:="([^"]*)")?')


def parsed(html: str) -> set[str]:
    """The data-target values of a fragment, after checking that every element is
    closed in order and that the map is one ``<svg data-zoom viewBox=...>``."""
    stack: list[str] = []
    targets: set[str] = set()
    svgs = 0
    for m in TAG.finditer(html):
        closing, name, attrs, empty = m.groups()
        if closing:
            assert stack and stack[-1] == name, f"</{name}> closes <{stack[-1] if stack else None}>"
            stack.pop()
            continue
        found = dict(ATTRIBUTE.findall(attrs))
        if name == "svg":
            svgs += 1
            assert "data-zoom" in found and found.get("viewBox"), "the map is one <svg data-zoom viewBox=...>"
        if found.get("data-target"):
            targets.add(unescape(found["data-target"]))
        if not empty:
            stack.append(name)
    assert stack == [], f"unclosed elements: {stack}"
    assert svgs == 1
    return targets


def check_page(s: Any, viewer: int | None) -> set[str]:
    """The viewer's fragment is well formed and every target of his legal actions is drawn."""
    g = s.game
    obs = s.observation(viewer)
    targets = parsed(g.html(obs, viewer))
    if viewer is not None:
        for a in s.legal_actions(viewer):
            target = g.action_target(a, obs)
            assert target is None or target in targets, f"{a.text}: no data-target {target!r} on the page"
    return targets


@cache
def played(players: int, map_name: str, seed: int, steps: int) -> tuple[str, ...]:
    """Positions met in a greedy game (as JSON texts)."""
    g = game(players=players, map=map_name, **{"last-turn": 8})
    s = g.new_state(seed=seed)
    bots = [make_agent("greedy", g, seed=seed + i) for i in range(players)]
    out = []
    for i in range(steps):
        if s.is_terminal():
            break
        if i % 7 == 0:
            out.append(json.dumps(s.to_json()))
        movers = s.to_move()
        p = movers[i % len(movers)]
        s.apply(p, bots[p].act(PlayerView(s, p)))
    return tuple(out)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_viewer_sees_a_well_formed_page_with_the_targets_of_his_actions(seed: int) -> None:
    g = game(players=5, map="small", **{"last-turn": 8})
    kinds: set[str] = set()
    for text in played(5, "small", seed, 900):
        s = g.state_from_json(json.loads(text))
        for viewer in (None, *range(5)):
            kinds |= {t.split(":")[0] for t in check_page(s, viewer)}
    assert {"area", "card", "stack", "advance", "player"} <= kinds


@pytest.mark.parametrize("players", [5, 9])
def test_the_full_map_is_drawn_for_5_and_9_players(players: int) -> None:
    g = game(players=players, map="full", **{"last-turn": 8})
    for text in played(players, "full", 4, 300)[::8]:
        s = g.state_from_json(json.loads(text))
        for viewer in (None, 0, players - 1):
            html = check_page(s, viewer) and g.html(s.observation(viewer), viewer)
            for p in s.observation(None)["players"]:
                for area in p["tokens"]:
                    assert f'data-target="area:{area}"' in html


def test_a_player_sees_his_hand_as_cards_and_nobody_else_does() -> None:
    """The viewer's trade cards are drawn as cards with their stack, value and set value;
    a spectator's page has no hand, and another player's page does not name them."""
    s = run_from(phase=10, players={HELLAS: {"tokens": {"kings_vale": 1}, "hand": ["wine", "wine", "ochre"],
                                             "advances": ["trade-routes"]}})
    obs = s.observation(HELLAS)
    html = s.game.html(obs, HELLAS)
    assert 'data-target="card:wine"' in html and "set of 2: 20" in html and "stack 5 · value 5" in html
    assert "Your trade cards: 3" in html
    spectator = s.game.html(s.observation(None), None)
    assert 'data-target="card:wine"' not in spectator and "Your trade cards" not in spectator
    other = s.game.html(s.observation(MINOA), MINOA)
    assert 'data-target="card:wine"' not in other and "Your trade cards: 0" in other


def test_an_offer_shows_its_shown_cards_and_hidden_backs_with_their_declarations() -> None:
    """MC-7.3 / MC-7.4 on the page's trade table: the shown cards by name, each hidden card
    counted with the name it is declared as; its owner reads which card it is, nobody else
    does; a counter-offer's row is what the proposer clicks to accept it."""
    g = game()
    data = run_from(phase=7, players={MINOA: {"hand": ["ochre", "ochre", "treachery", "wine"]},
                                      HELLAS: {"hand": ["wool", "wool", "oil", "papyrus"]},
                                      HATTI: {"tokens": {"great_delta": 1}}}).to_json()
    s = g.state_from_json(data)
    assert s.to_move() == (MINOA,)
    for text in ("offer ochre ochre", "add treachery as ochre", "post"):
        s.apply(MINOA, text)
    mine = g.html(s.observation(MINOA), MINOA)
    theirs = g.html(s.observation(HELLAS), HELLAS)
    assert "1 hidden" in mine and "1 hidden" in theirs and 'title="stack 1 · value 1">Ochre<' in theirs
    assert "(yours: Treachery)" in mine and "Treachery" not in theirs
    for text in ("counter wool wool", "add oil as wool", "post"):
        s.apply(HELLAS, text)
    assert f"counter:{HELLAS}" in check_page(s, MINOA)
    assert g.action_target(Action("accept", str(HELLAS)), s.observation(MINOA)) == f"counter:{HELLAS}"


@pytest.mark.parametrize(("text", "target"), [
    ("move kings_vale old_ford", "area:kings_vale"), ("sail pearl_isle kings_vale 3", "area:pearl_isle"),
    ("city old_ford treasury", "area:old_ford"), ("lose-city kings_vale", "area:kings_vale"),
    ("discard famine", "card:famine"), ("pay wine", "card:wine"), ("pay 10", None), ("pay wine ochre", None),
    ("buy-card 9 15", "stack:9"), ("buy astronavigation", "advance:astronavigation"), ("victim 3", "player:3"),
    ("accept 2", "counter:2"), ("offer ochre ochre", "card:ochre"), ("add wine as iron", "card:wine"), ("done", None), ("tax-rate 1", None),
])
def test_action_targets(text: str, target: str | None) -> None:
    kind, *args = text.split()
    assert game().action_target(Action(kind, *args), {}) == target


# ------------------------------------------------------------------ layouts
@pytest.mark.parametrize("name", SHIPPED_MAPS)
def test_the_shipped_layouts_place_every_area_and_are_provisional(name: str) -> None:
    board = load_board(name)
    lay = load_layout(name)
    assert len(lay.centres) == len(board.areas)
    raw = json.loads(layout_file(name).read_text(encoding="utf-8"))
    assert raw["provisional"] is True and "layout_map.py" in raw["source"] and "spring_layout" in raw["method"]
    assert dump_layout(raw) == layout_file(name).read_text(encoding="utf-8")
    land = [lay.centres[a.index] for a in board.areas if a.is_land]
    nearest = min((ax - bx) ** 2 + (ay - by) ** 2 for i, (ax, ay) in enumerate(land) for bx, by in land[i + 1:])
    assert nearest >= 80 ** 2, "two land areas overlap in the drawing"


def small_layout() -> dict[str, Any]:
    return json.loads(layout_file("small").read_text(encoding="utf-8"))


BROKEN: dict[str, tuple[Mutation, str]] = {
    "missing area": (setting("areas", "kings_vale"), "areas.kings_vale"),
    "unknown area": (setting("areas", "atlantis", value=[1, 1]), "areas.atlantis"),
    "outside the box": (setting("areas", "kings_vale", value=[5000, 10]), "areas.kings_vale"),
    "not a pair": (setting("areas", "kings_vale", value=[1]), "areas.kings_vale"),
    "a text": (setting("areas", "kings_vale", value=["1", 2]), "areas.kings_vale"),
    "a bool": (setting("areas", "kings_vale", value=[True, 2]), "areas.kings_vale"),
    "not provisional": (setting("provisional", value=False), "provisional"),
    "no method": (setting("method"), "method"),
    "empty source": (setting("source", value=" "), "source"),
    "width a bool": (setting("width", value=True), "width"),
    "height too big": (changing("height", by=lambda h: 10**6), "height"),
    "version": (setting("version", value=2), "version"),
    "unknown field": (setting("colour", value="red"), "colour"),
    "areas a list": (setting("areas", value=[]), "areas"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_layout_is_refused_naming_the_field(case: str) -> None:
    mutate, field = BROKEN[case]
    data = small_layout()
    mutate(data)
    with pytest.raises(InvalidStateError, match=re.escape(repr(field))):
        parse_layout(data, load_board("small"), "test")


def test_a_layout_file_is_read_through_core_files(tmp_path: Path) -> None:
    """A map file's layout lies beside it; a broken one is refused in one sentence; a map
    file without one is drawn on a grid."""
    source = (MAPS / "small.json").read_text(encoding="utf-8")
    mine = tmp_path / "mine.json"
    mine.write_text(source, encoding="utf-8")
    assert load_layout(str(mine)) == grid_layout(load_board(str(mine)))
    other = tmp_path / "other.json"
    other.write_text(source, encoding="utf-8")
    (tmp_path / "other.layout.json").write_text("[" * 500 + "]" * 500, encoding="utf-8")
    with pytest.raises(InvalidStateError, match="nested too deeply"):
        load_layout(str(other))
    g = game(map=str(mine))
    s = g.new_state(seed=1)
    check_page(s, 0)


def test_the_layout_tool_places_the_small_map_without_crossings() -> None:
    """tools/mega_civ/layout_map.py (needs networkx, a developer dependency)."""
    pytest.importorskip("networkx")
    from tools.mega_civ.layout_map import crossings, layout

    data = layout("small", seeds=2)
    board = load_board("small")
    parse_layout(data, board, "tool output")
    assert crossings(board, {k: [float(x), float(y)] for k, (x, y) in data["areas"].items()}) == 0


def test_a_determinized_sample_draws_the_same_page() -> None:
    """The page is a function of the observation: a sample of the viewer's information
    set (other hands, stacks, hidden offered cards dealt again) draws the same page."""
    g = game(players=5, map="small", **{"last-turn": 8})
    for text in played(5, "small", 2, 900)[::3]:
        s = g.state_from_json(json.loads(text))
        for viewer in (None, 0, 3):
            d = s.determinize(viewer, Rng(5))
            assert g.html(d.observation(viewer), viewer) == g.html(s.observation(viewer), viewer)

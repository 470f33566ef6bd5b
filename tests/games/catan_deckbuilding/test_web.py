"""Catan Deck Building in the browser (``web.py``): the fragment of every viewer is
valid HTML, shows the supply, the hands, the piles and the attack being answered,
and every action but a lay-down without effect is on a card, stack or pile of the
drawing (ending the turn: the draw pile), so that a whole game can be played by
clicking cards. (The kit compares the payloads, html
included, across samples of each viewer's information set: nothing hidden is drawn.)"""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.games.catan_deckbuilding.catalog import DATA

from ._cdb_helpers import game, position

VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "area", "source"}


class Balance(HTMLParser):
    """Every element closed, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()


def balanced(fragment: str) -> None:
    parser = Balance()
    parser.feed(fragment)
    parser.close()
    assert parser.open == [], f"unclosed {parser.open}"


def targets(fragment: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]*)"', fragment))


def check_viewers(s: Any) -> None:
    """Each viewer's fragment is balanced; the mover's actions but 'end' are on its targets."""
    g = s.game
    for viewer in (0, 1, None):
        obs = s.observation(viewer)
        fragment = g.html(obs, viewer)
        balanced(fragment)
        drawn = targets(fragment)
        for a in s.legal_actions(viewer) if viewer is not None else []:
            target = g.action_target(a, obs)
            if target is None:  # only a card with an effect laid down without it: clicked, the card plays
                assert a.text.startswith("lay ") and a.text not in ("lay sea", "lay desert"), a.text
                assert f"hand:{a.text[4:]}" in drawn
            else:
                assert target in drawn, f"{a.text!r} acts on {target!r}, which is not drawn for {viewer}"
        # the cards of the viewer's own hand are drawn as cards, and nobody else's
        hand = obs["players"][viewer]["hand"] if viewer is not None else {}
        assert {t for t in drawn if t.startswith("hand:")} == {f"hand:{k}" for k, n in hand.items() if n}


@pytest.mark.parametrize("options", [{}, {"discard-visibility": "B", "discard-source": "B", "counter-knight": "C"},
                                     {"road-grouping": "B", "road-sea": "B", "win-timing": "B"}])
def test_whole_games_can_be_played_by_clicking_cards(options: dict[str, Any]) -> None:
    """Greedy against random to the end: at every step every viewer's drawing is valid
    and offers the mover's actions on its cards."""
    g = game(**options)
    for seed in range(3):
        agents = [make_agent("greedy", g, seed=seed), make_agent("random", g, seed=seed + 1)]
        s = g.new_state(seed=seed)
        steps = 0
        while s.to_move() and steps < 400:
            check_viewers(s)
            p = s.to_move()[0]
            s.apply(p, agents[p].act(PlayerView(s, p)))
            steps += 1
        check_viewers(s)


def test_the_supply_shows_every_stack_with_its_cost_and_what_is_left() -> None:
    """CDB-2.6, CDB-4.5: the supply's cards, clickable to buy."""
    s = position(supply={"city": 4})
    fragment = s.game.html(s.observation(0), 0)
    for stack in ("bandit", "kdef", "koff", "harbor", "road", "settlement", "city"):
        assert f'data-target="supply:{stack}"' in fragment
    city = fragment[fragment.index('data-target="supply:city"'):]
    city = city[: city.index("</div></div>") + 12]
    assert "City" in city and "3 Ore" in city and "2 Grain" in city and "+ Settlement" in city and "4 left" in city


def test_the_hand_the_pool_and_the_piles_are_drawn_for_their_viewer() -> None:
    s = position(hands=[{"ore": 2, "settlement": 1}, {"city": 1, "kdef": 1}],
                 laid=[{"grain": 2, "road": 3}, None], pool={"grain": 2, "choice-other": 3},
                 discards=[["sea", "ore"], ["wool"]], filler=(1, "draw"))
    g = s.game
    mine = g.html(s.observation(0), 0)
    assert 'data-target="hand:ore"' in mine and "x 2" in mine and 'data-target="hand:settlement"' in mine
    assert "To spend:" in mine and "2 Grain" in mine and "3 of choice" in mine
    assert "Player 1 (opponent)" in mine and mine.count('class="back"') == 2
    assert "Discard pile: 1 Ore and 1 Sea" in mine  # discard-visibility A: all of it
    theirs = g.html(s.observation(1), 1)
    assert 'data-target="hand:city"' in theirs and 'data-target="hand:ore"' not in theirs
    spectator = g.html(s.observation(None), None)
    assert "hand:" not in spectator and spectator.count('class="back"') == 5
    hidden = game(**{"discard-visibility": "B"})
    s = position(hidden, discards=[["sea", "ore"], None], filler=(1, "draw"))
    assert "Discard pile:" not in hidden.html(s.observation(1), 1)


def test_the_attack_is_drawn_and_answered_on_its_card() -> None:
    """CDB-3.1.2, CDB-3.2.2: reflect or allow on the attack card; the stolen card only
    to the thief and the victim, keep or return on it."""
    s = position(hands=[{"ore": 1}, {"kdef": 1}], laid=[{"bandit": 1}, None], phase="react", decider=1,
                 attack="bandit", attacker=0, victim=1)
    g = s.game
    obs = s.observation(1)
    assert {a.text: g.action_target(a, obs) for a in s.legal_actions(1)} == {"reflect": "attack", "allow": "attack"}
    fragment = g.html(obs, 1)
    assert 'data-target="attack"' in fragment and "Click the Bandit to reflect it" in fragment
    assert "Click the Bandit" not in g.html(s.observation(0), 0)
    s = position(hands=[{"ore": 1}, {"grain": 1}], laid=[{"koff": 1}, None], phase="react", decider=1,
                 attack="koff", attacker=0, victim=1)
    fragment = g.html(s.observation(1), 1)
    assert "you must discard 2 cards" in fragment
    assert "You have no Knight (Defensive) to reflect it: click the Knight (Offensive) to allow it." in fragment
    s = position(hands=[{"wool": 1}, {"grain": 2}], laid=[{"bandit": 1}, None], phase="steal", decider=0,
                 attack="bandit", attacker=0, victim=1, stolen="city")
    assert 'data-target="stolen"' in g.html(s.observation(0), 0)
    assert "took a City from your hand" in g.html(s.observation(1), 1)
    spectator = g.html(s.observation(None), None)
    assert "took a card from player 1" in spectator and 'data-target="stolen"' not in spectator


def test_the_end_of_the_game_is_told() -> None:
    s = position(hands=[{"city": 2, "harbor": 1}, None], draws=[["city"], None])
    s.apply(0, "play harbor")
    assert "The game is over: you won with 3 Cities in hand" in s.game.html(s.observation(0), 0)
    assert "The game is over: player 0 won" in s.game.html(s.observation(None), None)


def test_every_text_is_escaped(tmp_path: Path) -> None:
    """Names come from card files, which a person may write: they are text, never markup."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["cards"][0]["name"] = "<script>alert(1)</script>"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    g = game(cards=str(path))
    s = position(g, hands=[{"ore": 1}, None], laid=[{"ore": 1}, None], pool={"ore": 1},
                 discards=[["ore"], None], filler=(1, "draw"))
    fragment = g.html(s.observation(0), 0)
    assert "<script>" not in fragment and "&lt;script&gt;" in fragment
    balanced(fragment)

"""The companion drawn for the browser (``Game.html``, ``Game.action_target``): every
answer about a thing has that thing to click on the board, drawn once, and every answer
in words ('next', 'done', 'won', ...) has none (the page's side menu offers it), so no
answer is offered twice on the board; the fragment is balanced HTML with every text
escaped, and it shows nothing of the opponent's face-down deck or the dice to come."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from itertools import islice

import pytest

from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.games.civ_solo.show.web import WORDS
from civtable.games.civ_solo.state import SoloState

from ._solo_helpers import answer, battle_at_play, bot_game, event, game, new, with_deck

VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr"})


class Balance(HTMLParser):
    """Fails on an end tag that closes another element than the last one opened."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.targets: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.targets.update(v for k, v in attrs if k == "data-target" and v is not None)
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.targets.update(v for k, v in attrs if k == "data-target" and v is not None)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()


def drawn(s: State, viewer: int | None = 0) -> Balance:
    """The fragment for ``viewer``, checked balanced; its targets."""
    text = s.game.html(s.observation(viewer), viewer)
    parser = Balance()
    parser.feed(text)
    parser.close()
    assert not parser.open, f"unclosed {parser.open}"
    return parser


def check_targets(s: State) -> None:
    """Every answer about a thing has a target drawn on the board, once (the battle hand's
    card: once per copy in the hand, its answers chosen after the click); every answer in
    words has none and no button on the board."""
    text = s.game.html(s.observation(0), 0)
    page = drawn(s)
    obs = s.observation(0)
    hand = [f"hand:{u['kind']} {u['strength']}" for u in (obs["battle"] or {}).get("player_hand", [])]
    for a in s.legal_actions(0):
        target = s.game.action_target(a, obs)
        if a.text.split()[0] in WORDS:
            assert target is None, (a.text, target)
            continue
        assert target in page.targets, (s.ask, a.text, target)
        assert text.count(f'data-target="{target}"') == max(1, hand.count(target)), (a.text, target)
    assert 'data-target="answer:' not in text and not re.search(r'class="ans[ "]', text)  # no answer buttons beside the things
    drawn(s, None)


@pytest.mark.parametrize("options", [
    {"dice": "table", "strongest-tie": "A", "debt-type": "B"},
    {"dice": "engine", "track-start": "B", "end-marker-piece": "B", "random-unit": "B", "loss-choice": "B",
     "loss-none": "B", "half-rounding": "C", "trade-value-direction": "B"},
])
def test_every_answer_can_be_clicked_in_whole_sessions(options: dict[str, str]) -> None:
    g = game(**options)
    seen: set[str | None] = set()
    for seed, bot in enumerate(("model", "model:units=2&destroyers=0.5&cards=1&buy=1&fortified=5&hand=6&win=0",
                                "random")):
        for s in islice(bot_game(g, bot, seed), 400):
            assert isinstance(s, SoloState)
            seen.add(s.ask)
            check_targets(s)
    assert {"start", "trade", "phase:move", "phase:end"} <= seen


def tie() -> SoloState:
    s = battle_at_play(["unit artillery 1 2", "unit mounted 1 2"], False, **{"strongest-tie": "A"})
    s = with_deck(s, [("artillery", 1), ("infantry", 3), ("infantry", 1)])
    return answer(s, "play artillery 2 new", "play mounted 2 new")


def test_a_battle_is_drawn_as_cards_on_fronts() -> None:
    s = tie()
    check_targets(s)
    text = s.game.html(s.observation(0), 0)
    assert 'data-target="front:1"' in text and 'data-target="front:3"' in text  # the units it may destroy
    assert "Its card now" in text and "2 cards<br>face down" in text
    assert s.game.action_target(s.legal_actions(0)[0], s.observation(0)) == "front:1"
    s = battle_at_play(["unit infantry 1 2", "unit mounted 1 3"], False)
    check_targets(s)
    assert {s.game.action_target(a, s.observation(0)) for a in s.legal_actions(0)} == {"hand:infantry 2",
                                                                                       "hand:mounted 3"}


def test_the_drawing_shows_nothing_of_the_face_down_deck_or_the_dice_to_come() -> None:
    s = battle_at_play(["unit infantry 1 2", "unit mounted 1 3"], False)
    a = with_deck(s, [("infantry", 1), ("artillery", 1), ("mounted", 2)])
    b = with_deck(s, [("artillery", 3), ("mounted", 1), ("infantry", 2)])
    b.rng = Rng(99)
    assert a.game.html(a.observation(0), 0) == b.game.html(b.observation(0), 0)
    for seed in range(5):
        d = tie().determinize(0, Rng(seed))
        assert d.game.html(d.observation(0), 0) == tie().game.html(tie().observation(0), 0)


def test_the_automa_the_track_the_debts_and_the_words() -> None:
    s = answer(event(new(), 1), "accept", "culture 1")  # 3 culture tokens lost, 1 held: 2 wound markers
    text = s.game.html(s.observation(0), 0)
    for words in ("Turn 1 of 16", "level <b>1</b> · limit <b>3</b>", "Event dice next roll", "Wonders: ancient era",
                  "wound markers for culture tokens", "✖✖ 2", "The companion says", "Trade phase"):
        assert words in text, words
    assert s.ask == "trade" and 'class="pawn"' in text and "More answers under “Your decision”." in text
    assert 'data-target="trade-dice"' in text and 'data-target="step:move"' in text  # roll them, or go on
    assert 'class="step now">Trade<' in text and "I have won" not in text  # 'won' is in the side menu only
    watching = s.game.html(s.observation(None), None)
    assert "The player is asked" in watching and '<button type="button" class' not in watching  # all disabled
    over = answer(new(), "miss", "won")
    page = over.game.html(over.observation(None), None)
    assert "You won" in page and "watching" in page and 'data-target="' not in page


def test_every_text_is_escaped() -> None:
    s = new()
    data = s.to_json()
    data["log"].append("<script>alert(1)</script> & more")
    data["news_from"] = len(data["log"]) - 1
    t = s.game.state_from_json(json.loads(json.dumps(data)))
    text = t.game.html(t.observation(0), 0)
    assert "<script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in text
    drawn(t)


def test_counts_are_a_row_of_numbers_and_dice_are_faces() -> None:
    s = answer(event(new(), 1), "accept")
    text = s.game.html(s.observation(0), 0)
    assert "How many culture tokens do you hold?" in text and 'data-target="count:60"' in text
    assert "Answer '" not in text  # the terminal's typing hint is left out
    g = answer(event(new(), 1), "accept", "culture 1", "trade skip", "next", "next")
    text = g.game.html(g.observation(0), 0)
    assert s.ask == "culture" and g.ask == "gained:culture"
    assert "How many culture tokens did you gain this turn?" in text and "'gained culture N'" not in text
    d = new()
    text = d.game.html(d.observation(0), 0)
    assert text.count('aria-label="die ') >= 6 and 'data-target="face:6"' in text and 'data-target="die:1"' in text
    assert "miss" not in text and "More answers under “Your decision”." in text
    miss = next(a for a in d.legal_actions(0) if a.text == "miss")
    assert d.game.action_target(miss, d.observation(0)) is None

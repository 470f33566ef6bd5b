"""Mega Civilization at the table (issue 27): what the page and the terminal need from
the game to let a person act on the map — a move's two areas (``Game.action_then``),
how many tokens may go one after the other (``Game.action_repeat``) — checked on
hand-built positions of the small map, and the server's payload that carries them.
"""

from __future__ import annotations

import pytest

from civtable.core.action import Action
from civtable.server.views import position_view
from civtable.testing.checks import check_repeat, check_web

from ._mc_helpers import ASSYRIA, HATTI, HELLAS, game, position


def _text(s, p: int, text: str) -> Action:
    return s.game.parse_action(s, text, p)


# ------------------------------------------------------------ moves on the map (issue 27, item 1)
@pytest.mark.parametrize(("text", "then"), [
    ("move kings_vale old_ford", "area:old_ford"),
    ("move kings_vale north_downs nw_hills", "area:nw_hills"),  # Roadbuilding: where it ends
    ("sail pearl_isle kings_vale 3", "area:kings_vale"),
    ("diaspora kings_vale great_delta", "area:great_delta"),
    ("ship kings_vale tokens", None), ("city old_ford", None), ("grow kings_vale", None), ("done", None),
])
def test_a_move_goes_on_to_its_destination(text: str, then: str | None) -> None:
    """MC-3.1 / MC-3.5: the page clicks the area left, then the area reached."""
    kind, *args = text.split()
    assert game().action_then(Action(kind, *args), {}) == then


def test_mc_3_1_tokens_move_one_at_a_time_as_often_as_they_have_not_moved() -> None:
    """MC-3.1: Hellas has 3 tokens in Kings Vale, one of which arrived this turn (it may
    not move again): ``move kings_vale old_ford`` may be played twice in a row, and the
    kit plays it twice; from Old Ford (1 token) once; a ship or 'done' once."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3, "old_ford": 1}, "moved": {"kings_vale": 1}}},
                 decider=HELLAS)
    obs = s.observation(HELLAS)
    g = s.game
    assert g.action_repeat(_text(s, HELLAS, "move kings_vale old_ford"), obs) == 2
    assert g.action_repeat(_text(s, HELLAS, "move kings_vale north_downs"), obs) == 2
    assert g.action_repeat(_text(s, HELLAS, "move old_ford west_cape"), obs) == 1
    assert g.action_repeat(_text(s, HELLAS, "done"), obs) == 1
    check_repeat(s, HELLAS, _text(s, HELLAS, "move kings_vale old_ford"), 2)
    with pytest.raises(AssertionError, match="play 3 is not legal"):
        check_repeat(s, HELLAS, _text(s, HELLAS, "move kings_vale old_ford"), 3)  # the kit catches an overstatement
    check_web(s)


def test_mc_3_1_cultural_ascendancy_makes_each_token_a_move_of_its_own() -> None:
    """MC-3.1 with Cultural Ascendancy (``rules.movement.barred``): Hatti holds it and has
    1 token in Old Ford (limit 2); a first token of Hellas's starts no conflict, a second
    would and is barred, so the page asks for no number there (one move at a time); into
    an area without Hatti's units the number stays; Hellas holding Advanced Military
    (which ignores Ascendancy) gets the number back."""
    tokens = {HELLAS: {"tokens": {"kings_vale": 3}}, HATTI: {"tokens": {"old_ford": 1}, "advances": ["cultural-ascendancy"]}}
    s = position(players=tokens, decider=HELLAS)
    obs = s.observation(HELLAS)
    g = s.game
    assert g.action_repeat(_text(s, HELLAS, "move kings_vale old_ford"), obs) == 1
    assert g.action_repeat(_text(s, HELLAS, "move kings_vale north_downs"), obs) == 3
    check_web(s)
    free = position(players={**tokens, HELLAS: {"tokens": {"kings_vale": 3}, "advances": ["advanced-military"]}},
                    decider=HELLAS)
    assert free.game.action_repeat(_text(free, HELLAS, "move kings_vale old_ford"), free.observation(HELLAS)) == 3
    check_web(free)


def test_the_payload_carries_each_actions_two_areas_and_its_number() -> None:
    """The server's payload (``views.position_view``): each legal action with its target,
    its second area and how often it may be played in a row; the area's name as the
    element's label on the map."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 2}}, ASSYRIA: {"tokens": {"twin_rivers": 2}}},
                 decider=HELLAS)
    view = position_view(s.game, s, HELLAS, [f"player {p}" for p in range(5)])
    legal = {a["text"]: a for a in view["legal"]}
    assert (legal["move kings_vale old_ford"]["target"], legal["move kings_vale old_ford"]["then"],
            legal["move kings_vale old_ford"]["repeat"]) == ("area:kings_vale", "area:old_ford", 2)
    assert (legal["ship kings_vale tokens"]["then"], legal["ship kings_vale tokens"]["repeat"]) == (None, 1)
    assert (legal["done"]["target"], legal["done"]["then"]) == (None, None)
    assert 'data-target="area:old_ford" data-label="Old Ford"' in view["html"]


def _terminal(s, seat: int, typed: str) -> str:
    import io

    from civtable.agents import PlayerView
    from civtable.agents.human import HumanAgent, QuitGame

    out = io.StringIO()
    with pytest.raises(QuitGame):
        HumanAgent(stdin=io.StringIO(typed), stdout=out).act(PlayerView(s, seat))
    return out.getvalue()


def test_the_terminal_asks_for_the_area_first_then_what_to_do_there() -> None:
    """Issue 27, item 1 (the terminal): the movement menu opens by area, in the order of
    the actions, 'done' last, even though it is short; the chosen area lists its moves
    and ships without repeating its name; an area with one action shows it whole."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3, "old_ford": 2, "pearl_isle": 1}}}, decider=HELLAS)
    screen = _terminal(s, HELLAS, "2\n")
    first = screen[screen.index("Choose (a number"):screen.index("player 0>")]
    assert [line.split(". ", 1)[1] for line in first.strip().splitlines()[1:]] == [
        "Old Ford (2 tokens)  (5 choices)", "Kings Vale (3 tokens)  (6 choices)",
        "Pearl Isle (1 token) > build a ship in Pearl Isle (paying 1 token there + 1 from another area)", "done"]
    inside = screen[screen.index("Choose in Kings Vale"):]
    assert "move a token to Old Ford (limit 2, city site; you 2)" in inside and "Kings Vale (3 tokens) >" not in inside
    assert s.game.menu_by_first_word and not game().__class__.__mro__[1].menu_by_first_word  # the core's default


# ------------------------------------------------------------ the trade table (issue 27, item 2)
def _trading(**hands: list[str]):
    from ._card_helpers import trading

    return trading(minoa=hands.get("minoa", ["ochre", "ochre", "wine", "treachery", "papyrus", "gold", "flood"]),
                   others={HATTI: {"hand": ["clay", "clay", "iron"]}, ASSYRIA: {"hand": ["tin", "tin", "fish"]}})


def _legal(s, seat: int) -> dict[str, dict]:
    view = position_view(s.game, s, seat, [f"player {p}" for p in range(5)])
    return {a["text"]: a for a in view["legal"]}


def test_mc_7_3_an_offer_is_built_by_clicking_cards_of_the_hand() -> None:
    """MC-7.2 to MC-7.4 on the page: the two shown cards are a card of the hand, then a
    second one (the same card again for two copies); a hidden card is one click on the
    hand, its declared name chosen among every name; posting and passing are the table's
    buttons; the proposer's own cards in the offer are counted on his hand."""
    from ._mc_helpers import MINOA

    s = _trading()
    legal = _legal(s, MINOA)
    assert (legal["offer ochre ochre"]["target"], legal["offer ochre ochre"]["then"]) == ("card:ochre", "card:ochre")
    assert (legal["offer ochre wine"]["target"], legal["offer ochre wine"]["then"]) == ("card:ochre", "card:wine")
    assert legal["pass"]["target"] == "deal:pass"
    page = s.game.html(s.observation(MINOA), MINOA)
    assert 'data-target="deal:pass"' in page and 'data-target="card:wine"' in page and "mc-offers" in page
    s.apply(MINOA, "offer ochre ochre")
    legal = _legal(s, MINOA)
    adds = [a for a in legal.values() if a["target"] == "card:wine"]
    assert len(adds) == 19 and {a["then"] for a in adds} == {None} and "post" not in legal
    assert 'data-target="deal:post"' in s.game.html(s.observation(MINOA), MINOA)  # drawn, clickable once legal
    s.apply(MINOA, "add wine as gold")
    assert _legal(s, MINOA)["post"]["target"] == "deal:post"
    mine = s.game.html(s.observation(MINOA), MINOA)
    assert "2 in your offer" in mine and "1 in your offer" in mine and "(yours: Wine)" in mine


def test_mc_7_5_the_table_answers_declines_and_closed_deals() -> None:
    """MC-7.5 on the page: Assyria's decline and Hatti's counter-offer are rows of the
    table for everybody; Minoa accepts by clicking Hatti's row (``counter:2``) or rejects
    with the table's button; the closed deal is shown to everybody, also after the trade
    phase; nobody but its owner reads a hidden card."""
    from ._mc_helpers import EGYPT, MINOA

    s = _trading()
    for text in ("offer ochre ochre", "add wine as gold", "post"):
        s.apply(MINOA, text)
    s.apply(ASSYRIA, "decline")
    assert _legal(s, HATTI)["decline"]["target"] == "deal:decline"
    for text in ("counter clay clay", "add iron as iron"):  # his three cards: posted at once
        s.apply(HATTI, text)
    s.apply(HELLAS, "decline")
    legal = _legal(s, MINOA)
    assert legal[f"accept {HATTI}"]["target"] == f"counter:{HATTI}" and legal["reject"]["target"] == "deal:reject"
    for viewer in (None, EGYPT, ASSYRIA):
        page = s.game.html(s.observation(viewer), viewer)
        assert page.count(">declined<") == 2 and "counter-offer" in page
        assert "Wine" not in page and "(yours" not in page  # Minoa's hidden wine, declared as gold
    assert "counter-offer: click to accept" in s.game.html(s.observation(MINOA), MINOA)
    s.apply(MINOA, f"accept {HATTI}")
    for viewer in (None, EGYPT, MINOA):
        page = s.game.html(s.observation(viewer), viewer)
        assert "Deals closed this turn" in page and "Minoa" in page and " and player 2 Hatti: 3 cards for 3" in page
    screen = s.game.render(s.observation(EGYPT), EGYPT)
    assert "Deals closed this turn:\n  player 1 Minoa and player 2 Hatti: 3 cards for 3" in screen

"""Catan Deck Building with people (issue 26): the menus' order and groups, what a click
on the board does, the confirmations (``Game.action_warning``) and the marks of the
others' moves (``Game.move_mark``), in the terminal and on the page's drawing."""

from __future__ import annotations

import io
import re

import pytest

from civtable.agents import PlayerView
from civtable.agents.human import HumanAgent
from civtable.i18n import translator
from civtable.testing.leaks import typed

from ._cdb_helpers import position


def groups(s, p: int = 0) -> list[str]:
    """The first word of each legal action's menu path, in the legal order."""
    obs = s.observation(p)
    return [s.game.action_path(a, obs)[0] for a in s.legal_actions(p)]


def texts(s, p: int = 0) -> list[str]:
    return [a.text for a in s.legal_actions(p)]


def warning(s, text: str, p: int = 0) -> str | None:
    action = next(a for a in s.legal_actions(p) if a.text == text)
    return s.game.action_warning(action, s.observation(p))


def target(s, text: str, p: int = 0) -> str | None:
    action = next(a for a in s.legal_actions(p) if a.text == text)
    return s.game.action_target(action, s.observation(p))


def mark(s, text: str, p: int = 0) -> str | None:
    action = next(a for a in s.legal_actions(p) if a.text == text)
    return s.game.move_mark(action, p, s.observation(None))


def rich() -> object:
    """A turn with every kind of main-phase action: plays, Roads, purchases with and
    without trades, lay-downs."""
    return position(hands=[{"settlement": 1, "road": 3, "harbor": 1, "sea": 1, "city": 1}, None],
                    laid=[{"ore": 2, "grain": 3, "wool": 1, "brick": 1, "settlement": 1}, None],
                    pool={"ore": 2, "grain": 3, "wool": 1, "brick": 1, "choice-settlement": 2})


# ------------------------------------------------------------------ the menus' order
def test_the_usual_choices_come_first_and_the_lay_downs_last() -> None:
    """Plays, purchases, purchases that spend 2-for-1 trades, ending the turn, then the
    lay-downs without effect: the order of the terminal's menu and the page's list."""
    s = rich()
    order = groups(s)
    seen = list(dict.fromkeys(order))
    assert seen[:3] == ["play", "buy", "buy with 2-for-1 trades"], seen
    assert seen[3].startswith("end the turn") and seen[4] == "lay down without effect" and len(seen) == 5
    # each group is in one piece: a person reads down the menu once
    assert [g for i, g in enumerate(order) if i == 0 or order[i - 1] != g] == seen
    roads = [t for t in texts(s) if t.startswith("play road")]
    assert roads == ["play road 3", "play road 2", "play road 1"]  # all the Roads together first
    assert texts(s)[-1] == "lay city" and "lay sea" in texts(s)


def test_a_knight_offensives_victim_sees_the_terrain_first_and_the_city_last() -> None:
    s = position(hands=[{"ore": 1}, {"city": 1, "sea": 1, "grain": 1, "harbor": 1}], laid=[{"koff": 1}, None],
                 phase="discard", decider=1, attack="koff", attacker=0, victim=1, left=2)
    assert texts(s, 1) == ["discard sea", "discard grain", "discard harbor", "discard city"]


def test_a_purchase_says_how_it_is_paid_under_its_group() -> None:
    s = rich()
    obs = s.observation(0)
    paths = {a.text: s.game.action_path(a, obs) for a in s.legal_actions(0)}
    assert paths["buy road"] == ("buy", "Road: pay 1 Brick and 1 resource of choice (Settlement)")
    assert paths["buy road trade"] == ("buy with 2-for-1 trades", "Road: pay 1 Brick and a 2-for-1 trade (Ore + "
                                                                   "Grain for Lumber)")
    assert paths["lay settlement"] == ("lay down without effect", "Settlement")
    trade = [t for t in paths if t.endswith(" trade")]
    assert trade and all(paths[t][0] == "buy with 2-for-1 trades" and "2-for-1 trade" in paths[t][1] for t in trade)


# ------------------------------------------------------------------ clicks on the board
def test_a_click_on_a_card_plays_it_and_the_lay_downs_are_in_the_list_only() -> None:
    s = rich()
    for card in ("settlement", "harbor", "city"):
        assert target(s, f"play {card}") == f"hand:{card}"
        assert target(s, f"lay {card}") is None  # one move on the card: a click plays it at once
    assert target(s, "lay sea") == "hand:sea"  # a Sea has no effect: laying it down is all it does
    assert target(s, "play road 2") == target(s, "play road 3") == "hand:road"
    assert target(s, "lay road") is None
    assert target(s, "end") == "pile:draw"  # CDB-8.1: the turn ends when the player draws
    assert target(s, "buy city") == target(s, "buy city trade") == "supply:city"


def test_a_knight_that_has_blocked_is_laid_down_by_a_click() -> None:
    s = position(hands=[{"kdef": 1, "ore": 1}, None])
    assert target(s, "play kdef") == "hand:kdef" and target(s, "lay kdef") is None
    s.spent = (1, 0)  # CDB-3.2.4: it blocked an attack; only a lay-down is left (CDB-3.2.5)
    s.memo = None
    assert "play kdef" not in texts(s) and target(s, "lay kdef") == "hand:kdef"


def test_the_draw_pile_says_that_a_click_ends_the_turn_only_to_the_player_to_move() -> None:
    s = position(hands=[{"ore": 1, "grain": 1, "sea": 2}, None])
    g = s.game
    assert "click: end the turn and draw 3 cards" in g.html(s.observation(0), 0)
    assert "click: end the turn" not in g.html(s.observation(1), 1)
    assert "click: end the turn" not in g.html(s.observation(None), None)
    assert "Klick: Zug beenden und 3 Karten ziehen" in translator("de").localize(g.html(s.observation(0), 0))


def test_a_clicked_thing_is_named_shortly() -> None:
    """The page's menu title after a click is the card's name, not its tooltip."""
    s = rich()
    html = s.game.html(s.observation(0), 0)
    assert re.search(r'data-target="hand:road" data-label="Road"', html)
    assert re.search(r'data-target="pile:draw" data-label="Draw pile"', html)


# ------------------------------------------------------------------ confirmations
def test_ending_the_turn_with_resources_that_still_buy_a_card_asks_first() -> None:
    """CDB-8.2 / CDB-7.4: what is laid down and not spent is lost in the clean-up."""
    s = position(hands=[{"sea": 1}, None], laid=[{"brick": 1, "lumber": 1}, None], pool={"brick": 1, "lumber": 1})
    text = warning(s, "end")
    assert text == ("You still have 1 Brick and 1 Lumber laid down to spend (enough for: Road); ending the turn now "
                    "loses it.")
    s.apply(0, "buy road")
    assert warning(s, "end") is None  # spent: nothing to lose


def test_leftovers_that_buy_nothing_end_the_turn_without_a_question() -> None:
    s = position(hands=[{"sea": 1}, None], laid=[{"brick": 1}, None], pool={"brick": 1})
    assert warning(s, "end") is None
    s = position(hands=[{"desert": 0, "sea": 1}, None], laid=[{"grain": 1, "wool": 2}, None],
                 pool={"grain": 1, "wool": 2})
    assert warning(s, "end") is None  # a Bandit also needs a Desert in hand (CDB-3.1.1)


def test_ending_a_turn_with_nothing_played_asks_first() -> None:
    s = position(hands=[{"ore": 1, "grain": 1, "sea": 2}, None])
    assert warning(s, "end") == ("You have not played anything this turn: your 4 cards stay in your hand and you "
                                 "draw 3.")
    s.apply(0, "lay sea")
    assert warning(s, "end") is None
    empty = position(hands=[{}, None])
    assert warning(empty, "end") is None


def test_a_city_out_of_a_hand_of_two_asks_first_one_of_one_does_not() -> None:
    """CDB-9.1: three Cities in the hand win."""
    s = position(hands=[{"city": 2, "ore": 1}, None])
    assert "You hold 2 of the 3 Cities that win" in warning(s, "play city")
    assert "You hold 2 of the 3 Cities that win" in warning(s, "lay city")
    assert warning(s, "play ore") is None
    one = position(hands=[{"city": 1, "ore": 1}, None])
    assert warning(one, "play city") is None and warning(one, "lay city") is None


def test_discarding_a_city_when_another_card_would_do_asks_first() -> None:
    s = position(hands=[{"ore": 1}, {"city": 1, "sea": 1}], laid=[{"koff": 1}, None], phase="discard", decider=1,
                 attack="koff", attacker=0, victim=1, left=2)
    assert "The City goes to your discard pile" in warning(s, "discard city", 1)
    assert warning(s, "discard sea", 1) is None
    only = position(hands=[{"ore": 1}, {"city": 2}], laid=[{"koff": 1}, None], phase="discard", decider=1,
                    attack="koff", attacker=0, victim=1, left=2)
    assert warning(only, "discard city", 1) is None  # nothing else to discard


def test_ordinary_moves_ask_nothing() -> None:
    s = rich()
    asked = {a.text for a in s.legal_actions(0) if s.game.action_warning(a, s.observation(0)) is not None}
    assert asked == {"end"}  # the pool still buys cards; plays, purchases and lay-downs are not asked about


def test_the_confirmations_are_translated() -> None:
    s = position(hands=[{"city": 2, "ore": 1}, None])
    text = warning(s, "play city")
    assert translator("de").localize(text).startswith("Du hast 2 der 3 Städte")
    assert translator("cs").localize(text).startswith("Máš v ruce 2 z 3 Měst")
    assert translator("el").localize(text).startswith("Κρατάς 2 από τις 3 Πόλεις")


def test_the_terminal_asks_before_a_warned_move_and_a_no_changes_nothing() -> None:
    s = position(hands=[{"ore": 1, "sea": 1}, None])
    s.listen()
    action, text = typed(s, 0, "end\nno\nend\nyes\n")
    assert action.text == "end"
    assert text.count("Careful: You have not played anything this turn") == 2
    assert text.index("lay down without effect > Sea") > text.index("end the turn")  # the lay-downs last


# ------------------------------------------------------------------ marks of the others' moves
@pytest.mark.parametrize(("text", "want"), [
    ("buy road", "supply:road"), ("play grain", "laid:0"),
    ("play road 2", "laid:0"), ("lay sea", "laid:0"), ("end", "discard:0"),
])
def test_a_move_marks_what_it_changed_on_the_table(text: str, want: str) -> None:
    s = position(hands=[{"grain": 1, "road": 2, "sea": 1}, None], laid=[{"brick": 1, "lumber": 1, "grain": 2}, None],
                 pool={"brick": 1, "lumber": 1, "grain": 2})
    assert mark(s, text) == want
    assert f'data-target="{want}"' in s.game.html(s.observation(None), None)  # the spectator sees it too
    assert f'data-target="{want}"' in s.game.html(s.observation(1), 1)  # and the opponent


def test_the_answers_to_an_attack_mark_the_attack_card() -> None:
    s = position(hands=[{"ore": 1}, {"kdef": 1}], laid=[{"bandit": 1}, None], phase="react", decider=1,
                 attack="bandit", attacker=0, victim=1)
    assert mark(s, "reflect", 1) == mark(s, "allow", 1) == "attack"
    s = position(hands=[{"koff": 1, "ore": 1}, None])
    assert mark(s, "play koff") == "laid:0"  # the attack card is drawn once it is played


def test_a_cards_name_alone_does_what_a_click_on_it_does() -> None:
    s = position(hands=[{"grain": 1, "road": 3, "sea": 1}, None])
    g, obs = s.game, s.observation(0)
    assert [g.interpret(obs, w) for w in ("grain", "Getreide", "roads", "sea")] == \
        ["play grain", "play grain", "play road 3", "lay sea"]
    assert g.interpret(obs, "city") == "play city"  # not in the hand: the refusal says so
    assert "needs a City in your hand" in s.explain(0, "play city")
    assert g.interpret(obs, "3") is None and g.interpret(obs, "buy road") == "buy road"
    discard = position(hands=[{"ore": 1}, {"sea": 1, "grain": 1}], laid=[{"koff": 1}, None], phase="discard",
                       decider=1, attack="koff", attacker=0, victim=1, left=2)
    assert g.interpret(discard.observation(1), "sea") == "discard sea"
    assert g.interpret(s.observation(1), "grain") is None  # not this viewer's decision to click
    out = io.StringIO()
    assert HumanAgent(stdin=io.StringIO("grain\n"), stdout=out).act(PlayerView(s, 0)).text == "play grain"

"""Catan Deck Building for a person: reasons for illegal actions (``explain``), the
terminal screen, menu labels and paths, help, shorthand and the card reference."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.core.errors import IllegalActionError
from civtable.testing.leaks import typed

from ._cdb_helpers import game, position


def city_short_of_ore() -> Any:
    """1 Ore, 2 Grain, 1 Wool laid down, a Settlement in hand: a City lacks 2 Ore."""
    return position(hands=[{"settlement": 1, "road": 1}, {"kdef": 1}], laid=[{"ore": 1, "grain": 2, "wool": 1}, None],
                    pool={"ore": 1, "grain": 2, "wool": 1})


# ------------------------------------------------------------------ explain
def test_explain_says_what_a_purchase_lacks() -> None:
    """CDB-3.7.1 / CDB-7.6: the cost, what is laid down, what is missing, what trades need."""
    s = city_short_of_ore()
    reason = s.explain(0, "buy city")
    assert "a City costs 3 Ore and 2 Grain and needs an unplayed Settlement in your hand" in reason
    assert "the cards laid down give 1 Ore, 2 Grain and 1 Wool" in reason
    assert "2 Ore missing" in reason and "4 such cards (you have 1)" in reason
    with pytest.raises(IllegalActionError, match="2 Ore missing"):
        s.apply(0, "buy city")


def test_explain_counts_resources_of_choice_and_the_cards_a_cost_needs_in_hand() -> None:
    s = position(hands=[{"road": 1}, None], laid=[{"ore": 2, "grain": 1, "settlement": 1}, None],
                 pool={"ore": 2, "grain": 1, "choice-settlement": 1})
    assert "you have none (a Settlement laid down does not count)" in s.explain(0, "buy city")
    assert "needs a Desert in your hand" in s.explain(0, "buy bandit")
    reason = s.explain(0, "buy harbor")
    assert "2 Brick and 1 Lumber missing, 1 of which resources of choice cover" in reason
    s = position(hands=[{"settlement": 1}, None], laid=[{"ore": 2, "grain": 2, "settlement": 1}, None],
                 pool={"ore": 2, "grain": 2, "choice-settlement": 2})
    assert "buy settlement" in {a.text for a in s.legal_actions(0)}
    assert "a 2-for-1 trade would not replace resources of choice here" in s.explain(0, "buy settlement trade")
    g = game(**{"settlement-for-city": "B"})
    s = position(g, hands=[{"settlement": 1}, None], laid=[{"ore": 2, "grain": 2, "settlement": 1}, None],
                 pool={"ore": 2, "grain": 2, "choice-settlement": 2})
    assert "settlement-for-city B" in s.explain(0, "buy city")


def test_explain_names_the_card_missing_from_the_hand() -> None:
    s = city_short_of_ore()
    assert s.explain(0, "play harbor") == "'play harbor' needs a Harbor in your hand; you have none"
    assert s.explain(0, "play road 2") == "'play road 2' needs 2 Roads in hand; you have 1"
    assert "the supply has no Road left" in position(supply={"road": 0}, laid=[{"brick": 1, "lumber": 1}, None],
                                                      pool={"brick": 1, "lumber": 1}).explain(0, "buy road")


def test_explain_says_which_step_an_action_belongs_to() -> None:
    s = city_short_of_ore()
    assert "answers an attack, and there is none now" in s.explain(0, "reflect")
    assert "player 1 has nothing to decide now (player 0 is playing the turn)" in s.explain(1, "end")
    s = position(hands=[{"ore": 1}, {"grain": 1}], laid=[{"bandit": 1}, None], phase="react", decider=1,
                 attack="bandit", attacker=0, victim=1)
    assert s.explain(1, "end") == "'end' is not legal now: you may reflect player 0's Bandit or allow it"
    assert "needs a Knight (Defensive) in your hand; you have none" in s.explain(1, "reflect")
    assert "you may reflect your Bandit" not in s.explain(0, "end")
    assert "player 1 may reflect your Bandit or allow it" in s.explain(0, "end")


def test_explain_reads_notation_mistakes() -> None:
    s = city_short_of_ore()
    assert "is not a legal action for player 0 now" in s.explain(0, "not an action")
    assert s.explain(0, "play knight (offensive)") == "'play knight (offensive)' needs a Knight (Offensive) in your hand; you have none"
    assert "say how many Roads" in s.explain(0, "play road")
    assert "Ore cannot be bought" in s.explain(0, "buy ore")
    assert "'lay sea' lays it down" in s.explain(0, "play sea")
    assert "there is no card 'dragon'" in s.explain(0, "play dragon")


def test_explain_after_the_game() -> None:
    s = position(hands=[{"city": 2, "harbor": 1}, None], draws=[["city"], None])
    s.apply(0, "play harbor")
    assert s.explain(1, "end") == "the game is over: player 0 won with 3 Cities in hand"


# ------------------------------------------------------------------ the screen
def test_the_screen_shows_costs_the_pool_and_only_the_viewers_hand() -> None:
    s = city_short_of_ore()
    g = s.game
    mine = g.render(s.observation(0), 0)
    assert "City                3 Ore, 2 Grain + a Settlement from your hand" in mine
    assert "To spend (you laid it down this turn): 1 Ore, 2 Grain and 1 Wool" in mine
    assert "You (player 0): 2 cards in hand: 1 Road, 1 Settlement" in mine
    assert "Opponent (player 1): 1 card in hand (hidden)" in mine
    theirs = g.render(s.observation(1), 1)
    assert "Knight (Defensive)" in theirs and "1 Road, 1 Settlement" not in theirs
    spectator = g.render(s.observation(None), None)
    assert "Player 0: 2 cards in hand (hidden)" in spectator and "from the hand" in spectator
    assert len(mine.splitlines()) <= 40


def test_the_screen_follows_the_discard_visibility_variant() -> None:
    """CDB-4.4: A face up and public; B only the top card."""
    for reading, shown in (("A", "(top Sea): 1 Ore, 1 Sea"), ("B", "top Sea (only the top card is visible)")):
        g = game(**{"discard-visibility": reading})
        s = position(g, discards=[["ore", "sea"], None], filler=(1, "draw"))
        screen = g.render(s.observation(1), 1)
        assert shown in screen
        if reading == "B":
            assert "Rule variants: discard-visibility=B" in screen


def test_the_screen_shows_the_pending_attack_and_the_stolen_card_only_to_the_two_players() -> None:
    s = position(hands=[{"wool": 1}, {"grain": 2}], laid=[{"bandit": 1}, None], phase="steal", decider=0,
                 attack="bandit", attacker=0, victim=1, stolen="city")
    g = s.game
    assert "the Bandit took a City from player 1's hand: you may keep it" in g.render(s.observation(0), 0)
    assert "the Bandit took a City from your hand: player 0 may keep it" in g.render(s.observation(1), 1)
    spectator = g.render(s.observation(None), None)
    assert "Now: the Bandit took a card from player 1's hand: player 0 may keep it" in spectator


def test_labels_and_paths_say_costs_and_gains() -> None:
    s = position(hands=[{"settlement": 1, "road": 2, "harbor": 1, "sea": 1}, None],
                 laid=[{"ore": 2, "grain": 2, "wool": 1, "brick": 1}, None],
                 pool={"ore": 2, "grain": 2, "wool": 1, "brick": 1})
    g = s.game
    obs = s.observation(0)
    labels = {a.text: g.action_label(a, obs) for a in s.legal_actions(0)}
    assert labels["buy city"] == ("buy City (3 Ore, 2 Grain + a Settlement from your hand): pay 2 Ore, 2 Grain and "
                                  "a 2-for-1 trade (Brick + Wool for Ore)")
    assert labels["play road 2"] == "play Road x2 (+1 resource of choice)"
    assert labels["play harbor"] == "play Harbor (draw 3 cards: 1 + 2 Seas)"
    assert labels["end"] == "end the turn (the laid-down cards go to the discard pile; draw 3 cards)"
    paths = {a.text: g.action_path(a, obs) for a in s.legal_actions(0)}
    assert paths["buy city"] == ("buy", "City: pay 2 Ore, 2 Grain and a 2-for-1 trade (Brick + Wool for Ore)")
    assert paths["play road 2"] == ("play", "Road x2 (+1 resource of choice)")
    assert paths["lay sea"] == ("lay down without effect", "Sea") and len(paths["end"]) == 1


def test_help_explains_the_decision() -> None:
    s = city_short_of_ore()
    g = s.game
    assert "Your turn (CDB-7)" in g.help(s.observation(0), 0)
    assert g.help(s.observation(1), 1) == "Now player 0 is playing the turn."
    s = position(hands=[{"ore": 1}, {"kdef": 1}], laid=[{"koff": 1}, None], phase="react", decider=1,
                 attack="koff", attacker=0, victim=1)
    text = g.help(s.observation(1), 1)
    assert "attacks you with a Knight (Offensive)" in text and "you discard 2 cards" in text


def test_shorthand_reads_display_names() -> None:
    g = game()
    obs = position().observation(0)
    assert g.interpret(obs, "buy Knight (Offensive)") == "buy koff"
    assert g.interpret(obs, "play 2 roads") == "play road 2"
    assert g.interpret(obs, "lay down Sea") == "lay sea"
    assert g.interpret(obs, "buy city trade") == "buy city trade"
    assert g.interpret(obs, "end turn") == "end"
    assert g.interpret(obs, "3") is None


def test_the_reference_lists_every_card_with_both_supply_readings() -> None:
    """CDB-2.6, CDB-5.2, CDB-5.4."""
    counts, effects, names, roads, _turn = game().reference()
    assert [r[0] for r in counts.rows][:7] == ["Ore", "Brick", "Grain", "Lumber", "Wool", "Sea", "Desert"]
    assert counts.columns[2:] == ("A (43)", "B (54)", "Start (21)")
    city = next(r for r in counts.rows if r[0] == "City")
    assert city == ("City", "3 Ore, 2 Grain + a Settlement from the hand", "9", "12", "-")
    assert "none is provisional" in counts.note
    assert len(effects.rows) == 14 and all(r[1] for r in effects.rows)
    assert ("City", "Stadt", "city", "action") in names.rows
    assert roads.rows[2] == ("3", "1 Sea, 3 resources of your choice")


def test_a_person_at_the_terminal_is_told_why_and_can_type_display_names() -> None:
    s = city_short_of_ore()
    s.journal = None
    s.listen()
    action, text = typed(s, 0, "buy city\nplay Road 1\n")
    assert action.text == "play road 1"
    assert "'buy city' is not legal: a City costs 3 Ore and 2 Grain" in text
    assert "play > Road x1 (nothing to spend)" in text


@pytest.mark.parametrize("seat", [0.0, True, 1.0, False, None, "0", 10**60])
def test_a_seat_that_is_no_int_is_refused_in_one_sentence(seat: Any) -> None:
    """Issue 13: ``apply(0.0, ...)`` raised a TypeError from inside the rules (0.0 == 0)."""
    s = position()
    before = s.to_json()
    assert s.legal_actions(seat) == []
    with pytest.raises(IllegalActionError, match="there is no player"):
        s.apply(seat, "end")
    assert s.to_json() == before

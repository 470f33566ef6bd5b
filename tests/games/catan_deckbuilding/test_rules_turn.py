"""Rule tests for Catan Deck Building: the turn, the end-of-turn draw and the
end of the game (CDB-7, CDB-8, CDB-9)."""

from __future__ import annotations

from collections import Counter

import pytest

from civtable.core.errors import OptionError

from ._cdb_helpers import game, hand, laid_down, legal, pile, pool, position, refused, supply


def play(s, p, *actions):
    for a in actions:
        s.apply(p, a)


# ---------------------------------------------------------------- CDB-7
def test_cdb_7_1_buy_trade_act_in_any_order_and_repeatedly():
    """CDB-7.1: buying, actions and laying down come in any order, as often as the
    hand allows: buy, play a Knight (Defensive), buy again."""
    s = position(hands=[{"brick": 2, "lumber": 2, "kdef": 1}, None], draws=[["wool", "sea"], None])
    play(s, 0, "play brick", "play lumber", "buy road")
    assert "play road 1" not in legal(s, 0)        # the bought Road is not in hand
    play(s, 0, "play kdef")
    assert hand(s, 0) == {"brick": 1, "lumber": 1, "sea": 1}
    play(s, 0, "lay sea", "play brick", "play lumber", "buy road")
    assert pile(s.disc[0]) == ["road", "road"]
    assert hand(s, 0) == {}
    assert s.to_move() == (0,)


def test_cdb_7_2_cards_are_used_once():
    """CDB-7.2: a hand card used for anything is laid down and cannot be used a
    second time; its resource pays only one purchase."""
    s = position(hands=[{"ore": 1}, None])
    s.apply(0, "play ore")
    assert laid_down(s, 0) == {"ore": 1}
    refused(s, 0, "play ore")
    s = position(hands=[{"brick": 1, "lumber": 1}, None])
    play(s, 0, "play brick", "play lumber", "buy road")
    refused(s, 0, "buy road")


def test_cdb_7_2_exceptions_reading_a():
    """CDB-7.2 (exceptions A): the exceptions are those of the card rules: Seas and
    Roads revealed for a Harbor stay in hand and usable; the Settlement given for
    a City goes to the supply; a Knight (Defensive) acts in the opponent's turn."""
    s = position(hands=[{"harbor": 1, "sea": 1, "road": 2}, None], draws=[["wool", "wool", "wool"], None])
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"sea": 1, "road": 2, "wool": 3}
    assert {"lay sea", "play road 2"} <= legal(s, 0)
    s.apply(0, "play road 2")
    assert pool(s) == {"choice-other": 1}
    # the Settlement for a City
    s = position(hands=[{"ore": 3, "grain": 2, "settlement": 1}, None])
    play(s, 0, "play ore", "play ore", "play ore", "play grain", "play grain")
    n = supply(s)["settlement"]
    s.apply(0, "buy city")
    assert supply(s)["settlement"] == n + 1
    # the Knight (Defensive) during the opponent's turn
    s = position(hands=[{"koff": 1}, {"kdef": 1}], draws=[["ore"], ["sea"]])
    s.apply(0, "play koff")
    assert s.to_move() == (1,) and "reflect" in legal(s, 1)


def test_cdb_7_2_exceptions_option_has_only_reading_a():
    """CDB-7.2 (exceptions): reading B (exceptions in the missing videos) cannot be
    implemented; the option accepts only A."""
    assert game().options["exceptions"] == "A"
    assert game(exceptions="A").options["exceptions"] == "A"
    with pytest.raises(OptionError):
        game(exceptions="B")


def test_cdb_7_3_buying_with_resources_resource_cards_of_action_and_desert():
    """CDB-7.3: cards are bought by playing resource cards, action cards that give
    resources (Settlement, City, Roads) and, for a Bandit, the Desert; cards only
    held in hand pay nothing."""
    s = position(hands=[{"brick": 1, "lumber": 1, "ore": 3}, None])
    assert not any(a.startswith("buy") for a in legal(s, 0))
    s = position(hands=[{"road": 2, "brick": 1}, None])        # 2 Roads: 1 resource
    play(s, 0, "play road 2", "play brick")
    s.apply(0, "buy road")
    assert pool(s) == {}
    s = position(hands=[{"city": 1}, None])
    s.apply(0, "play city")
    assert {"buy harbor", "buy kdef", "buy koff", "buy road"} <= legal(s, 0)
    assert "buy bandit" not in legal(s, 0)                     # needs a Desert
    s = position(hands=[{"city": 1, "desert": 1, "wool": 1}, None])
    play(s, 0, "play city", "play wool")
    s.apply(0, "buy bandit")
    assert laid_down(s, 0) == {"city": 1, "wool": 1, "desert": 1}
    assert pool(s) == {"choice-other": 1}


def test_cdb_7_4_payment_stays_the_players():
    """CDB-7.4: the cards used to pay are laid down and reach the buyer's discard
    pile at the end of the turn, except the Settlement given for a City."""
    s = position(hands=[{"brick": 1, "lumber": 1, "sea": 4}, None], draws=[["wool"] * 3, None])
    play(s, 0, "play brick", "play lumber", "buy road")
    assert laid_down(s, 0) == {"brick": 1, "lumber": 1}
    s.apply(0, "end")
    assert Counter(pile(s.disc[0])) == Counter({"brick": 1, "lumber": 1, "road": 1})
    s = position(hands=[{"ore": 3, "grain": 2, "settlement": 1, "sea": 4}, None],
                 draws=[["wool"] * 3, None])
    play(s, 0, "play ore", "play ore", "play ore", "play grain", "play grain", "buy city")
    s.apply(0, "end")
    assert Counter(pile(s.disc[0])) == Counter({"ore": 3, "grain": 2, "city": 1})


def test_cdb_7_5_example_settlement_bought_with_settlement_lumber_brick():
    """CDB-7.5 (example): holding Lumber, Brick, Settlement and Road, the player
    lays down the Settlement (as Wool and Grain), the Lumber and the Brick, and
    buys a Settlement, which goes onto his discard pile; the laid-down cards
    cannot be used again this turn."""
    s = position(hands=[{"lumber": 1, "brick": 1, "settlement": 1, "road": 1}, None],
                 draws=[["grain"] * 6, None], supply={"settlement": 8})
    play(s, 0, "play settlement", "play lumber", "play brick")
    assert laid_down(s, 0) == {"settlement": 1, "lumber": 1, "brick": 1}
    assert "buy settlement" in legal(s, 0)
    s.apply(0, "buy settlement")
    assert supply(s)["settlement"] == 7
    assert pile(s.disc[0]) == ["settlement"]       # not into his hand
    assert hand(s, 0) == {"road": 1}
    assert pool(s) == {}
    assert laid_down(s, 0) == {"settlement": 1, "lumber": 1, "brick": 1}
    assert not any(a.startswith("buy") for a in legal(s, 0))
    assert "play settlement" not in legal(s, 0)
    s.apply(0, "end")                              # they stay laid down until the end
    assert Counter(pile(s.disc[0])) == Counter({"settlement": 2, "lumber": 1, "brick": 1})


def test_cdb_7_6_example_city_by_trading_wool_and_brick_for_ore():
    """CDB-7.6 (example): with 2 Grain, 2 Ore, 1 Brick, 1 Wool and a Settlement the
    player lays down the resources, trades Wool + Brick for 1 Ore and upgrades the
    Settlement in his hand to a City."""
    s = position(hands=[{"grain": 2, "ore": 2, "brick": 1, "wool": 1, "settlement": 1}, None],
                 supply={"settlement": 8, "city": 9})
    play(s, 0, "play grain", "play grain", "play ore", "play ore", "play brick", "play wool")
    assert "buy city" in legal(s, 0)
    s.apply(0, "buy city")
    assert supply(s)["city"] == 8 and supply(s)["settlement"] == 9
    assert pile(s.disc[0]) == ["city"]
    assert hand(s, 0) == {}
    assert laid_down(s, 0) == {"grain": 2, "ore": 2, "brick": 1, "wool": 1}
    assert pool(s) == {}


def test_cdb_7_6_trade_needs_two_cards_and_lasts_one_purchase():
    """CDB-7.6: a trade takes two resource cards for one missing resource; one
    surplus card is not enough; the traded resource exists only for that purchase."""
    s = position(hands=[{"grain": 2, "ore": 2, "brick": 1, "settlement": 1}, None])
    play(s, 0, "play grain", "play grain", "play ore", "play ore", "play brick")
    assert "buy city" not in legal(s, 0)
    s = position(hands=[{"brick": 1, "wool": 3}, None])
    play(s, 0, "play brick", "play wool", "play wool", "play wool")
    assert "buy road" in legal(s, 0)               # Lumber from 2 Wool
    s.apply(0, "buy road")
    assert pool(s) == {"wool": 1}
    assert not any(a.startswith("buy") for a in legal(s, 0))


def test_cdb_7_6_trade_instead_of_resources_of_choice():
    """CDB-7.6: a player may trade even when a Settlement could pay instead;
    "buy X trade" spends the two surplus cards and keeps the choice resources."""
    s = position(hands=[{"brick": 1, "wool": 2, "settlement": 1}, None])
    play(s, 0, "play brick", "play wool", "play wool", "play settlement")
    assert {"buy road", "buy road trade"} <= legal(s, 0)
    t = s.clone()
    s.apply(0, "buy road trade")
    assert pool(s) == {"choice-settlement": 2}
    t.apply(0, "buy road")
    assert pool(t) == {"wool": 2, "choice-settlement": 1}


def test_cdb_7_7_example_bandit():
    """CDB-7.7 (example): holding Bandit, Knight (Defensive), Knight (Offensive)
    and Harbor, the player lays down the Bandit, draws a card, draws a random card
    from the opponent's hand and keeps it or gives it back; the Bandit is used up
    and stays laid down until the end of the turn."""
    s = position(hands=[{"bandit": 1, "kdef": 1, "koff": 1, "harbor": 1}, {"ore": 1}],
                 draws=[["wool"] * 4 + ["grain"], None])
    s.apply(0, "play bandit")
    s.apply(1, "allow")
    assert hand(s, 0) == {"kdef": 1, "koff": 1, "harbor": 1, "grain": 1}
    s.apply(0, "keep")
    assert pile(s.disc[0]) == ["ore"]
    assert hand(s, 1) == {}
    assert laid_down(s, 0) == {"bandit": 1}
    assert "play bandit" not in legal(s, 0)
    assert {"play kdef", "play koff", "play harbor"} <= legal(s, 0)
    s.apply(0, "end")
    assert Counter(pile(s.disc[0])) == Counter({"ore": 1, "bandit": 1})


def test_cdb_7_8_lay_down_without_effect():
    """CDB-7.8: any card may be laid down without its action: no draw, no attack,
    no resources."""
    cards = ["sea", "desert", "bandit", "kdef", "koff", "harbor", "road", "settlement", "city"]
    s = position(hands=[dict.fromkeys(cards, 1), {"ore": 1}], draws=[["wool", "wool"], None])
    assert {f"lay {c}" for c in cards} <= legal(s, 0)
    for c in cards:
        s.apply(0, f"lay {c}")
        assert s.to_move() == (0,)
        assert pool(s) == {}
        assert pile(s.draw[0]) == ["wool", "wool"]
    assert hand(s, 0) == {}
    assert laid_down(s, 0) == dict.fromkeys(cards, 1)
    assert hand(s, 1) == {"ore": 1}


def test_cdb_7_8_laying_down_makes_room_for_drawing():
    """CDB-7.8 / CDB-8.3: laying cards down shrinks the hand, so more are drawn."""
    h = {"sea": 3, "desert": 1, "city": 1}
    keep = position(hands=[h, None], draws=[["wool"] * 6, None])
    keep.apply(0, "end")                            # 5 in hand: draws 3
    assert sum(keep.hand[0]) == 8
    room = position(hands=[h, None], draws=[["wool"] * 6, None])
    play(room, 0, "lay sea", "lay desert")          # 3 in hand: draws 4
    room.apply(0, "end")
    assert sum(room.hand[0]) == 7
    assert hand(room, 0) == {"sea": 2, "city": 1, "wool": 4}


# ---------------------------------------------------------------- CDB-8
def test_cdb_8_1_turn_ends_when_player_draws():
    """CDB-8.1: the turn is over as soon as the player ends it to draw; he then
    has no decision left."""
    s = position(hands=[{"ore": 1, "brick": 1}, None], draws=[["wool"] * 5, None])
    assert "end" in legal(s, 0)
    s.apply(0, "end")
    assert legal(s, 0) == set()
    refused(s, 0, "play ore")


def test_cdb_8_2_clean_up_then_draw():
    """CDB-8.2: first the laid-down cards go onto the discard pile, hand cards stay
    in hand; then the player draws."""
    s = position(hands=[{"ore": 1, "brick": 1, "sea": 1, "desert": 1, "wool": 1}, None],
                 draws=[["grain", "grain", "lumber", "lumber", "wool"], None])
    play(s, 0, "play ore", "play brick")
    s.apply(0, "end")
    assert Counter(pile(s.disc[0])) == Counter({"ore": 1, "brick": 1})
    assert not any(s.laid[0])
    assert hand(s, 0) == {"sea": 1, "desert": 1, "wool": 2, "lumber": 2, "grain": 1}
    assert pile(s.draw[0]) == ["grain"]
    assert pool(s) == {}


def test_cdb_8_2_clean_up_comes_before_the_draw():
    """CDB-8.2 / CDB-8.5: the cards laid down this turn are already on the
    discard pile when the draw reshuffles it."""
    s = position(hands=[{"ore": 1, "brick": 1, "sea": 3}, None], draws=[["wool"], None])
    play(s, 0, "play ore", "play brick")
    s.apply(0, "end")                               # 3 in hand: 4 wanted, 3 exist
    assert hand(s, 0) == {"sea": 3, "wool": 1, "ore": 1, "brick": 1}
    assert s.draw[0] == [] and s.disc[0] == []


@pytest.mark.parametrize("h", range(0, 9))
def test_cdb_8_3_draw_up_to_seven_or_three(h):
    """CDB-8.3: with h cards in hand after clean-up, draw 7 - h if h <= 3, else 3."""
    kinds = ["sea"] * 6 + ["desert"] * 2
    in_hand = Counter(kinds[:h])
    s = position(hands=[dict(in_hand), None], draws=[["road"] * 8, None])
    s.apply(0, "end")
    drawn = 7 - h if h <= 3 else 3
    assert len(s.draw[0]) == 8 - drawn
    assert hand(s, 0) == dict(in_hand) | {"road": drawn}


def test_cdb_8_4_next_player_begins():
    """CDB-8.4: once the player has drawn, the other player begins his turn."""
    s = position(hands=[{"ore": 1}, {"wool": 1}], draws=[["sea"] * 6, ["grain"] * 6])
    assert s.turn == 1
    s.apply(0, "end")
    assert s.to_move() == (1,) and s.current == 1 and s.turn == 2
    assert legal(s, 1) == {"play wool", "end"}
    s.apply(1, "end")
    assert s.to_move() == (0,) and s.turn == 3
    assert hand(s, 1) == {"wool": 1, "grain": 6}


def test_cdb_8_5_reshuffle_when_draw_pile_runs_out():
    """CDB-8.5 (reshuffle A, default): the cards left in the draw pile are drawn
    first, then the discard pile is shuffled into a new draw pile."""
    rest = ["wool", "wool", "grain", "grain", "lumber"]
    s = position(hands=[{"sea": 4}, None], draws=[["city"], None], discards=[rest, None])
    s.apply(0, "end")                               # 4 in hand: draws 3
    assert hand(s, 0)["city"] == 1                  # the old draw pile's card
    assert sum(s.hand[0]) == 7
    assert s.disc[0] == []
    assert len(s.draw[0]) == 3
    drawn = Counter(hand(s, 0))
    drawn.subtract({"sea": 4, "city": 1})
    assert drawn + Counter(pile(s.draw[0])) == Counter(rest)


def test_cdb_8_5_reshuffle_applies_to_plus_one_draws_not_laid_cards():
    """CDB-8.5: a "+1 card" during the turn also reshuffles; cards still laid down
    are not part of the discard pile."""
    s = position(hands=[{"kdef": 1, "ore": 1}, None], draws=[[], None], discards=[["wool"], None])
    s.apply(0, "play ore")
    s.apply(0, "play kdef")
    assert hand(s, 0) == {"wool": 1}
    assert laid_down(s, 0) == {"ore": 1, "kdef": 1}
    assert s.draw[0] == [] and s.disc[0] == []


def test_cdb_8_5_both_piles_empty_draw_what_there_is():
    """CDB-8.5: with both piles empty the player draws as many as he can."""
    s = position(hands=[{"kdef": 1, "harbor": 1}, None], draws=[[], None])
    s.apply(0, "play kdef")                         # nothing to draw
    assert hand(s, 0) == {"harbor": 1}
    s.apply(0, "end")                               # 1 in hand: wants 6, only the Knight exists
    assert hand(s, 0) == {"harbor": 1, "kdef": 1}
    assert s.draw[0] == [] and s.disc[0] == []
    assert s.to_move() == (1,)


# ---------------------------------------------------------------- CDB-9
def test_cdb_9_1_three_cities_in_hand_win_during_own_turn():
    """CDB-9.1 (win-timing A): the game ends as soon as the player to move has 3
    Cities in hand; he wins, and nobody can act any more."""
    s = position(hands=[{"city": 2, "harbor": 1}, {"city": 2}], draws=[["city"], None])
    s.apply(0, "play harbor")
    assert s.is_terminal()
    assert s.winners() == [0]
    assert s.returns() == [1.0, -1.0]
    assert s.to_move() == ()
    assert legal(s, 0) == set() and legal(s, 1) == set()
    refused(s, 0, "end")


def test_cdb_9_1_cities_from_end_of_turn_draw_count_next_turn():
    """CDB-9.1 (win-timing A): Cities drawn in the end-of-turn draw count from the
    start of the player's next turn, not during the opponent's turn."""
    s = position(hands=[{"city": 2}, {"ore": 1}], draws=[["sea", "sea", "sea", "sea", "city"], None])
    s.apply(0, "end")
    assert hand(s, 0) == {"city": 3, "sea": 4}
    assert not s.is_terminal()
    assert s.to_move() == (1,)
    s.apply(1, "end")
    assert s.is_terminal()
    assert s.winners() == [0]
    assert s.returns() == [1.0, -1.0]


@pytest.mark.parametrize("timing", ["A", "B"])
def test_cdb_9_1_cities_in_opponents_turn_do_not_win_yet(timing):
    """CDB-9.1 (win-timing A and B): a player who gets his third City during the
    opponent's turn (the draw of a reflecting Knight) wins only at the start of
    his own turn."""
    s = position(game(win_timing=timing), hands=[{"koff": 1, "ore": 1, "brick": 1, "wool": 1}, {"kdef": 1, "city": 2, "sea": 2}],
                 draws=[["sea", "sea", "sea", "grain"], ["city"]], filler=(1, "discard"))
    s.apply(0, "play koff")
    s.apply(1, "reflect")
    assert hand(s, 1)["city"] == 3
    assert not s.is_terminal()
    s.apply(0, "allow")
    s.apply(0, "discard ore")
    s.apply(0, "discard brick")
    assert not s.is_terminal()
    s.apply(0, "end")
    assert s.is_terminal()
    assert s.winners() == [1]
    assert s.returns() == [-1.0, 1.0]


def test_cdb_9_1_laid_down_city_is_not_in_hand():
    """CDB-9.1: a City laid down for its resources is no longer in the hand."""
    s = position(hands=[{"city": 2, "kdef": 1}, None], draws=[["city"], None])
    s.apply(0, "play city")
    s.apply(0, "play kdef")
    assert hand(s, 0) == {"city": 2}
    assert not s.is_terminal()


@pytest.mark.parametrize("cap", [1, 2, 5])
def test_cdb_9_1_turn_cap_is_a_draw(cap):
    """CDB-9.1 (max-turns): when the turn cap is reached the game ends as a draw."""
    s = game(max_turns=cap, start_player=0).new_state(seed=3)
    for _ in range(cap):
        assert not s.is_terminal()
        s.apply(s.to_move()[0], "end")
    assert s.is_terminal()
    assert s.winners() == []
    assert s.returns() == [0.0, 0.0]
    assert s.to_move() == ()


def test_cdb_9_1_turn_cap_option_checked():
    """CDB-9.1 (max-turns): the cap is a positive number of turns; default 300."""
    assert game().options["max-turns"] == 300
    with pytest.raises(OptionError):
        game(max_turns=0)

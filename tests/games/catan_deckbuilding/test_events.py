"""What each viewer is told of Catan Deck Building's actions, on hand-built positions:
the event ids, their arguments and who sees them (the kit checks over random games
that nothing hidden is told; here the events are the ones the rules call for)."""

from __future__ import annotations

from typing import Any

import civtable
from civtable.core.events import ROOT

from ._cdb_helpers import game, position

VIEWERS = (0, 1, None)


def told(s: Any, action: str, player: int | None = None) -> list[tuple[str, dict[str, Any], Any]]:
    """Play ``action`` and return its events as (id, args, who sees it among 0, 1, spectator)."""
    s.journal = ROOT
    s.apply(s.to_move()[0] if player is None else player, action)
    out = []
    for e in s.journal:
        seen = tuple(v for v in VIEWERS if e.visible_to(v))
        out.append((e.id, dict(e.args), seen))
    return out


def words(s: Any, viewer: int | None) -> list[str]:
    g = s.game
    return [g.render_event(e, viewer) for e in s.events(viewer)]


def test_the_move_comes_first_and_is_public_with_what_it_gives() -> None:
    s = position(hands=[{"ore": 1, "settlement": 1, "road": 3}, None])
    events = told(s, "play ore")
    assert events == [("move", {"player": 0, "action": "play ore"}, VIEWERS)]
    assert words(s, 1) == ["Player 0: play Ore (+1 Ore)"]
    told(s, "play settlement")
    assert words(s, None) == ["Player 0: play Settlement (+2 resources of choice)"]
    told(s, "play road 3")
    assert words(s, 0) == ["Player 0 (you): play Road x3 (+3 resources of choice)"]


def test_roads_combined_over_the_turn_tell_their_gain() -> None:
    """CDB-3.5.2 road-grouping B: the gain depends on the Roads played before."""
    g = game(**{"road-grouping": "B"})
    s = position(g, hands=[{"road": 3}, None])
    told(s, "play road 1")
    events = told(s, "play road 2")
    assert events[1] == ("play.roads", {"player": 0, "roads": 3, "n": 3}, VIEWERS)


def test_end_of_turn_tells_the_number_drawn_to_all_and_the_cards_to_the_player() -> None:
    """CDB-8.2 to CDB-8.4: clean-up, draw, the next turn."""
    s = position(hands=[{"sea": 2}, None], laid=[{"ore": 1}, None], pool={"ore": 1},
                 draws=[["city", "wool", "wool", "grain", "ore"], None])
    events = told(s, "end")
    assert [e[0] for e in events] == ["move", "turn.passed", "cards.drawn.which"]
    assert events[1] == ("turn.passed", {"player": 0, "n": 5, "next": 1, "turn": 2}, VIEWERS)
    assert events[2] == ("cards.drawn.which", {"player": 0, "cards": {"ore": 1, "grain": 1, "wool": 2, "city": 1}},
                         (0,))
    assert words(s, 0)[-2:] == ["Player 0 (you) draws 5 cards; turn 2 begins for player 1.",
                                "You drew 1 Ore, 1 Grain, 2 Wool and 1 City."]
    assert words(s, None)[-1] == "Player 0 draws 5 cards; turn 2 begins for player 1."


def test_a_reshuffle_is_public() -> None:
    """CDB-8.5: the discard pile (its size is public) becomes the draw pile."""
    s = position(hands=[{"harbor": 1}, None], draws=[[], None], discards=[["ore", "grain", "wool"], None],
                 filler=(1, "draw"))
    events = told(s, "play harbor")
    assert ("pile.reshuffled", {"player": 0, "n": 3}, VIEWERS) in events
    assert ("play.harbor", {"player": 0, "n": 1}, VIEWERS) in events
    assert [e[0] for e in events if e[2] == (0,)] == ["play.harbor.seas", "cards.drawn.which"]


def test_a_harbor_tells_its_player_the_seas_it_counts_and_everybody_the_draw() -> None:
    """CDB-3.4.2: 2 Seas and Roads (one Sea) in hand: 1 + 3 cards. The Seas counted are
    told to the player alone: with a short draw pile the number drawn does not show them."""
    s = position(hands=[{"harbor": 1, "sea": 2, "road": 2}, None], draws=[["ore", "ore", "grain", "wool"], None])
    events = told(s, "play harbor")
    assert events[1:] == [("play.harbor", {"player": 0, "n": 4}, VIEWERS),
                          ("play.harbor.seas", {"player": 0, "seas": 3}, (0,)),
                          ("cards.drawn.which", {"player": 0, "cards": {"ore": 2, "grain": 1, "wool": 1}}, (0,))]
    assert words(s, 1)[1] == "Player 0 reveals the Seas and Roads in hand: the Harbor draws 4 cards."
    assert words(s, 0)[2] == "Your Harbor counts 3 Seas (Seas, and all Roads as one)."


def test_a_purchase_says_what_paid_for_it_trades_included() -> None:
    """CDB-7.6, the source's example: Wool and Brick traded for the missing Ore of a City."""
    s = position(hands=[{"settlement": 1}, None], laid=[{"ore": 2, "grain": 2, "wool": 1, "brick": 1}, None],
                 pool={"ore": 2, "grain": 2, "wool": 1, "brick": 1})
    events = told(s, "buy city")
    assert events[1:] == [
        ("purchase.traded", {"player": 0, "gave": {"brick": 1, "wool": 1}, "got": "ore"}, VIEWERS),
        ("purchase.paid", {"player": 0, "card": "city", "paid": {"ore": 3, "grain": 2, "settlement": 1}}, VIEWERS),
    ]
    assert words(s, None)[1:] == [
        "Player 0 trades 1 Brick and 1 Wool for 1 Ore (2 for 1).",
        "Player 0 buys a City with 3 Ore, 2 Grain and a Settlement from the hand (back to the supply); "
        "it goes to the discard pile."]


def test_a_purchase_with_resources_of_choice_and_the_bandits_desert() -> None:
    """CDB-3.1.1, CDB-3.6.2: a Settlement's resources of choice and the Desert from the hand."""
    s = position(hands=[{"desert": 1}, None], laid=[{"wool": 1, "settlement": 1}, None],
                 pool={"wool": 1, "choice-settlement": 2})
    events = told(s, "buy bandit")
    assert events[1] == ("purchase.paid", {"player": 0, "card": "bandit",
                                           "paid": {"wool": 1, "choice-settlement": 2, "desert": 1}}, VIEWERS)
    assert words(s, 1)[1] == ("Player 0 buys a Bandit with 1 Wool, 2 resources of choice (Settlement) and a Desert "
                              "from the hand; it goes to the discard pile.")


def test_the_last_card_of_a_stack_is_told() -> None:
    s = position(laid=[{"brick": 1, "lumber": 1}, None], pool={"brick": 1, "lumber": 1}, supply={"road": 1})
    assert ("supply.empty", {"card": "road"}, VIEWERS) in told(s, "buy road")


def bandit_to_answer(g: Any = None) -> Any:
    return position(g, hands=[{"ore": 1}, {"grain": 1, "kdef": 1}], laid=[{"bandit": 1}, None],
                    draws=[["sea"], None], phase="react", decider=1, attack="bandit", attacker=0, victim=1)


def test_a_bandit_allowed_steals_a_card_only_thief_and_victim_see() -> None:
    """CDB-3.1.2: the attacker draws his +1 card, takes a random hand card and looks at it."""
    s = bandit_to_answer()
    events = told(s, "allow")
    ids = [e[0] for e in events]
    assert ids == ["move", "attack.allowed", "cards.drawn", "cards.drawn.which", "bandit.stole", "bandit.stole.which"]
    assert events[4] == ("bandit.stole", {"thief": 0, "victim": 1}, VIEWERS)
    card = events[5][1]["card"]
    assert card in ("grain", "kdef") and events[5][2] == (0, 1)
    assert words(s, None)[-1] == "Player 0 takes a card at random from player 1's hand."
    assert all(card not in w.lower() for w in words(s, None))
    kept = told(s, "keep")
    assert kept[1] == ("bandit.kept", {"thief": 0, "victim": 1, "card": card}, VIEWERS)  # now face up


def test_a_returned_card_is_not_named_to_the_spectator() -> None:
    s = bandit_to_answer()
    told(s, "allow")
    events = told(s, "return")
    assert events[1] == ("bandit.returned", {"thief": 0, "victim": 1}, VIEWERS)


def test_a_reflection_and_its_answers() -> None:
    """CDB-3.2.2 / 3.2.3: reflect, then the attacker counter-reflects or lets it strike."""
    g = game()
    s = position(g, hands=[{"kdef": 1, "ore": 1}, {"kdef": 1}], laid=[{"koff": 1}, None],
                 phase="react", decider=1, attack="koff", attacker=0, victim=1)
    events = told(s, "reflect")
    assert events[1] == ("attack.reflected", {"victim": 1, "attacker": 0, "attack": "koff"}, VIEWERS)
    countered = told(s.clone(), "reflect")
    assert countered[1] == ("attack.countered", {"attacker": 0, "victim": 1, "attack": "koff"}, VIEWERS)
    turned = told(s, "allow")
    assert [e[0] for e in turned][:2] == ["move", "attack.turned"]
    assert turned[-1][0] in ("knight.must-discard", "knight.lost-all")


def test_a_knight_only_shown_under_counter_knight_c() -> None:
    g = game(**{"counter-knight": "C"})
    s = position(g, hands=[{"kdef": 1}, {"ore": 1}], laid=[{"bandit": 1}, None], reserved=(0, 1),
                 phase="counter", decider=0, attack="bandit", attacker=0, victim=1)
    assert told(s, "reflect")[1][0] == "attack.countered.shown"


def test_a_knight_offensive_makes_the_victim_discard() -> None:
    """CDB-3.3.2: two cards of his choice; the discards are public (face up)."""
    s = position(hands=[{"koff": 1}, {"ore": 2, "sea": 1}])
    told(s, "play koff")
    events = told(s, "allow")
    assert events[-1] == ("knight.must-discard", {"victim": 1, "n": 2}, VIEWERS)
    assert told(s, "discard sea") == [("move", {"player": 1, "action": "discard sea"}, VIEWERS)]


def test_a_victim_with_two_cards_loses_both_as_the_discard_piles_show() -> None:
    """CDB-3.3.2 with no choice: discard-visibility A tells all; B only the victim his cards."""
    s = position(hands=[{"koff": 1}, {"ore": 1, "sea": 1}])
    told(s, "play koff")
    events = told(s, "allow")
    assert events[-1] == ("knight.lost-all", {"victim": 1, "cards": {"ore": 1, "sea": 1}, "n": 2}, VIEWERS)
    g = game(**{"discard-visibility": "B"})
    s = position(g, hands=[{"koff": 1}, {"ore": 1, "sea": 1}])
    told(s, "play koff")
    events = told(s, "allow")
    assert events[-2:] == [("knight.lost-all.count", {"victim": 1, "n": 2}, VIEWERS),
                           ("knight.lost-all.hand", {"victim": 1, "cards": {"ore": 1, "sea": 1}}, (1,))]


def test_the_top_of_the_draw_pile_discarded_is_public() -> None:
    """CDB-3.3.2 discard-source B: it lies face up on the discard pile afterwards."""
    g = game(**{"discard-source": "B"})
    s = position(g, hands=[{"ore": 1}, {"ore": 2, "sea": 1}], laid=[{"koff": 1}, None],
                 draws=[None, ["grain", "wool", "city"]], phase="discard", decider=1, attack="koff", attacker=0,
                 victim=1, left=2)
    events = told(s, "discard top")
    assert events[1] == ("knight.discarded-top", {"victim": 1, "card": "city"}, VIEWERS)


def test_the_win_and_the_turn_cap_are_told() -> None:
    """CDB-9.1: three Cities shown in hand win; the turn cap ends in a draw."""
    s = position(hands=[{"city": 2, "harbor": 1}, None], draws=[["city"], None])
    events = told(s, "play harbor")
    assert events[-1] == ("game.won", {"player": 0, "n": 3}, VIEWERS)
    assert words(s, 1)[-1] == "Player 0 shows 3 Cities in hand and wins."
    g = game(**{"max-turns": 4})
    s = position(g, turn=4)
    events = told(s, "end")
    assert [e[0] for e in events] == ["move", "cards.drawn", "cards.drawn.which", "game.capped"]
    assert events[-1] == ("game.capped", {"turn": 4}, VIEWERS)
    assert words(s, None)[-1] == "Turn 4 was the last one (the turn cap): the game is a draw."


def test_a_new_game_tells_the_opening_draws_and_the_first_turn() -> None:
    """CDB-6.1 / CDB-6.2."""
    g = game(**{"start-player": 1})
    s = g.new_state(seed=3)
    ids = [(e.id, e.to) for e in s.journal]
    assert ids == [("cards.drawn", None), ("cards.drawn.which", (0,)), ("cards.drawn", None),
                   ("cards.drawn.which", (1,)), ("turn.started", None)]
    assert [g.render_event(e, None) for e in s.events(None)] == [
        "Player 0 draws 7 cards.", "Player 1 draws 7 cards.", "Turn 1 begins for player 1."]


def test_draw_and_turn_events_made_once_read_the_same_as_new_ones() -> None:
    """``cards.drawn.which`` and ``turn.passed`` are made once per draw and turn and shared
    by every game: a game played with those caches empty tells exactly what the same game
    tells with them full, and each told draw counts the cards the player drew."""
    from civtable.core.rng import Rng
    from civtable.games.catan_deckbuilding.rules import turn

    game = civtable.load_game("catan-deckbuilding")

    def play(seed: int) -> list[dict[str, Any]]:
        s = game.new_state(seed=seed)
        pick = Rng(seed).below
        while not s.is_terminal():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[pick(len(legal))])
        return [{**e.to_json(), "to": e.to} for e in s.journal]

    turn._DRAWN.clear()
    turn._PASSED.clear()
    fresh = [play(seed) for seed in (7, 8)]
    assert turn._DRAWN and turn._PASSED
    assert [play(seed) for seed in (7, 8)] == fresh  # now every draw and turn is made before
    drawn = [e for e in fresh[0] if e["id"] == "cards.drawn.which"]
    assert drawn and all(e["to"] == (e["args"]["player"],) for e in drawn)
    counted = [e for e in fresh[0] if e["id"] == "turn.passed"]
    assert counted and all(e["args"]["next"] == 1 - e["args"]["player"] for e in counted)

"""Rule-variant tests for Catan Deck Building: every named ambiguity of
rules/catan_deckbuilding.md is a game option; each reading is tested here on a
hand-built position where the readings differ."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from civtable.core.errors import OptionError
from civtable.core.registry import game_class

from ._cdb_helpers import game, hand, laid_down, legal, pile, pool, position, refused

# option -> (readings, default) as the specification states them; the rule each names
# is the option declaration's own (``spec(name).rule``), never a copy
AMBIGUITIES = {
    "start-player": (None, None),
    "supply-total": (("A", "B"), "A"),
    "reflect-attacker-draw": (("A", "B"), "A"),
    "reflect-effect": (("A", "B"), "A"),
    "counter-knight": (("A", "B", "C"), "A"),
    "reaction-card-cleanup": (("A", "B"), "B"),
    "discard-source": (("A", "B"), "A"),
    "harbor-count-zone": (("A", "B"), "A"),
    "road-sea": (("A", "B"), "A"),
    "road-grouping": (("A", "B"), "A"),
    "settlement-for-city": (("A", "B"), "A"),
    "discard-visibility": (("A", "B"), "A"),
    "exceptions": (("A",), "A"),
    "trade-inputs": (("A", "B"), "A"),
    "reshuffle": (("A", "B"), "A"),
    "win-timing": (("A", "B"), "A"),
}
GAME_CLS = game_class("catan-deckbuilding")
RULES = (Path(__file__).resolve().parents[4] / "shared" / "rules" / "catan_deckbuilding.md")


@pytest.mark.parametrize("name", list(AMBIGUITIES))
def test_every_ambiguity_is_an_option_with_the_spec_default(name):
    """Each named ambiguity is an option naming a CDB- rule; its default is the
    specification's and every reading is accepted (start-player: a seat, or random when
    not given)."""
    readings, default = AMBIGUITIES[name]
    rule = GAME_CLS.spec(name).rule
    assert rule.startswith("CDB-")
    if RULES.is_file():
        assert rule in RULES.read_text(encoding="utf-8")
    g = game()
    assert g.options[name] == default
    if readings is None:
        for seat in (0, 1):
            assert game(**{name: seat}).options[name] == seat
        return
    assert GAME_CLS.spec(name).choices == readings
    for r in readings:
        assert game(**{name: r}).options[name] == r
        assert game(**{name.replace("-", "_"): r.lower()}).options[name] == r
    with pytest.raises(OptionError):
        game(**{name: "Z"})


def test_every_option_with_readings_is_in_the_table():
    assert {s.name for s in GAME_CLS.option_specs if s.choices} <= set(AMBIGUITIES)


def test_unknown_option_is_an_error_listing_the_valid_ones():
    with pytest.raises(OptionError) as err:
        game(no_such_rule="A")
    assert "win-timing" in str(err.value) and "reshuffle" in str(err.value)


# ------------------------------------------------------------ reflections
def reflected_koff(g):
    """Player 0 attacks with a Knight (Offensive), player 1 reflects it."""
    s = position(g, hands=[{"koff": 1, "ore": 1, "brick": 1, "wool": 1}, {"kdef": 1}],
                 draws=[["lumber", "grain"], ["desert", "sea"]], filler=(1, "discard"))
    s.apply(0, "play koff")
    s.apply(1, "reflect")
    s.apply(0, "allow")
    return s


def test_cdb_3_2_5_reflect_attacker_draw_a_attacker_still_draws():
    """CDB-3.2.5 (reflect-attacker-draw A): the reflected attacker still draws the
    +1 card of his attack card, then discards 2 of his choice."""
    s = reflected_koff(game(reflect_attacker_draw="A"))
    assert hand(s, 0) == {"ore": 1, "brick": 1, "wool": 1, "grain": 1}
    assert pile(s.draw[0]) == ["lumber"]
    assert s.to_move() == (0,) and len(legal(s, 0)) == 4


def test_cdb_3_2_5_reflect_attacker_draw_b_whole_card_cancelled():
    """CDB-3.2.5 (reflect-attacker-draw B): the whole attack card is cancelled,
    including its draw."""
    s = reflected_koff(game(reflect_attacker_draw="B"))
    assert hand(s, 0) == {"ore": 1, "brick": 1, "wool": 1}
    assert pile(s.draw[0]) == ["lumber", "grain"]
    assert legal(s, 0) == {"discard ore", "discard brick", "discard wool"}


@pytest.mark.parametrize("reading, attacker_draws", [("A", 2), ("B", 1)])
def test_cdb_3_2_5_reflect_attacker_draw_in_counter_reflection(reading, attacker_draws):
    """CDB-3.2.5 (reflect-attacker-draw) with CDB-3.2.3: after a counter-reflection
    the attacker draws for his Knight (Defensive) (counter-knight A) and, in
    reading A only, the +1 of his attack card."""
    g = game(reflect_attacker_draw=reading)
    s = position(g, hands=[{"koff": 1, "kdef": 1}, {"kdef": 1, "wool": 1}],
                 draws=[["ore", "grain", "lumber"], ["sea"]], filler=(1, "discard"))
    play = [("play koff", 0), ("reflect", 1), ("reflect", 0)]
    for a, p in play:
        s.apply(p, a)
    assert sum(s.hand[0]) == attacker_draws
    assert len(s.draw[0]) == 3 - attacker_draws


@pytest.mark.parametrize("reading, defender_hand", [
    ("A", {"sea": 1}),
    ("B", {"sea": 1, "desert": 1}),
])
def test_cdb_3_2_5_reflect_effect(reading, defender_hand):
    """CDB-3.2.5 (reflect-effect): A: the reflecting player only carries out the
    attack (he draws just the Knight's card); B: he also gets the attack card's
    +1 card. The attack hits the attacker in both readings."""
    s = reflected_koff(game(reflect_effect=reading))
    assert hand(s, 1) == defender_hand
    assert legal(s, 0) == {"discard ore", "discard brick", "discard wool", "discard grain"}


@pytest.mark.parametrize("reading, attacker_hand, attacker_laid", [
    ("A", {"lumber": 1, "grain": 1}, {"koff": 1, "kdef": 1}),
    ("B", {"lumber": 1}, {"koff": 1, "kdef": 1}),
    ("C", {"kdef": 1, "lumber": 1}, {"koff": 1}),
])
def test_cdb_3_2_3_counter_knight_readings(reading, attacker_hand, attacker_laid):
    """CDB-3.2.3 / CDB-3.2.5 (counter-knight): A: the second Knight (Defensive) is
    laid down and its owner draws 1; B: laid down without a draw; C: only shown,
    it stays in hand. The attack affects neither player in every reading (the
    attacker's own +1 card is drawn, reflect-attacker-draw A)."""
    g = game(counter_knight=reading)
    s = position(g, hands=[{"koff": 1, "kdef": 1}, {"kdef": 1, "wool": 1}],
                 draws=[["ore", "grain", "lumber"], ["sea"]], filler=(1, "discard"))
    disc1 = list(s.disc[1])
    s.apply(0, "play koff")
    s.apply(1, "reflect")
    s.apply(0, "reflect")
    assert hand(s, 0) == attacker_hand
    assert laid_down(s, 0) == attacker_laid
    assert hand(s, 1) == {"wool": 1, "sea": 1}
    assert s.disc[0] == [] and s.disc[1] == disc1
    assert s.to_move() == (0,) and "end" in legal(s, 0)
    if reading != "C":
        assert "play kdef" not in legal(s, 0)      # laid down: used up


def counter_with_shown_knight():
    """counter-knight C: player 0's Knight (Defensive) is shown to counter a
    reflected Knight (Offensive) and stays in hand."""
    g = game(counter_knight="C")
    s = position(g, hands=[{"koff": 2, "kdef": 1, "wool": 1, "sea": 1}, {"kdef": 2, "ore": 1, "grain": 1}],
                 draws=[["ore", "grain", "lumber", "ore"], ["sea", "sea"]], filler=(1, "discard"))
    for p, a in [(0, "play koff"), (1, "reflect"), (0, "reflect")]:
        s.apply(p, a)
    assert hand(s, 0)["kdef"] == 1 and s.phase == 0
    return s


def test_cdb_3_2_4_counter_knight_c_shown_knight_blocks_one_attack_only():
    """CDB-3.2.4 with counter-knight C: the shown Knight (Defensive) stays in hand,
    but a Knight (Defensive) can block only a single attack: when the second
    reflected attack comes, player 0 cannot counter it with the same Knight."""
    s = counter_with_shown_knight()
    s.apply(0, "play koff")
    s.apply(1, "reflect")                          # his second Knight
    assert s.to_move() == (0,)
    assert legal(s, 0) == {"allow"}


def test_cdb_3_2_5_counter_knight_c_blocked_knight_no_plain_use():
    """CDB-3.2.5 with counter-knight C: only a Knight (Defensive) that has not
    blocked an attack can be played to draw 1 card; the shown one has blocked."""
    s = counter_with_shown_knight()
    assert "play kdef" not in legal(s, 0)


def reflect_then_end(g):
    s = position(g, hands=[{"koff": 1, "ore": 1, "brick": 1, "wool": 1}, {"kdef": 1, "sea": 3, "desert": 1}],
                 draws=[["grain"] * 6, ["lumber"] * 3 + ["sea"]])
    s.apply(0, "play koff")
    s.apply(1, "reflect")
    s.apply(0, "allow")
    s.apply(0, "discard ore")
    s.apply(0, "discard brick")
    assert s.reserved[1] == 1
    s.apply(0, "end")
    return s


def test_cdb_3_2_5_reaction_card_cleanup_a_end_of_current_turn():
    """CDB-3.2.5 (reaction-card-cleanup A): the Knight (Defensive) laid down in the
    opponent's turn goes to its owner's discard pile at the end of that turn."""
    s = reflect_then_end(game(reaction_card_cleanup="A"))
    assert s.reserved[1] == 0
    assert pile(s.disc[1]) == ["kdef"]
    assert s.observation(0)["players"][1]["reserved_knights"] == 0
    assert "play kdef" not in legal(s, 1)


def test_cdb_3_2_5_reaction_card_cleanup_b_owners_own_clean_up():
    """CDB-3.2.5 (reaction-card-cleanup B, default; designers' FAQ): it stays laid
    down until its owner's own next clean-up and cannot be reused."""
    s = reflect_then_end(game(reaction_card_cleanup="B"))
    assert s.reserved[1] == 1
    assert s.disc[1] == []
    assert s.observation(0)["players"][1]["reserved_knights"] == 1
    assert "play kdef" not in legal(s, 1)
    assert hand(s, 1) == {"sea": 4, "desert": 1}
    s.apply(1, "end")
    assert s.reserved[1] == 0
    assert pile(s.disc[1]) == ["kdef"]
    assert hand(s, 1) == {"sea": 4, "desert": 1, "lumber": 3}   # 5 in hand: drew 3


# ------------------------------------------------------------ Knight (Offensive)
def test_cdb_3_3_2_discard_source_a_hand_only():
    """CDB-3.3.3 (discard-source A): the 2 cards come from the hand; with 1 hand
    card the opponent discards just that one."""
    g = game(discard_source="A")
    s = position(g, hands=[{"koff": 1}, {"sea": 1}], draws=[["ore"], ["grain", "wool"]])
    s.apply(0, "play koff")
    s.apply(1, "allow")
    assert pile(s.disc[1]) == ["sea"]
    assert pile(s.draw[1])[-2:] == ["grain", "wool"]
    assert s.to_move() == (0,)
    s = position(g, hands=[{"koff": 1}, {"sea": 2, "ore": 1}], draws=[["ore"], ["grain", "wool"]])
    s.apply(0, "play koff")
    s.apply(1, "allow")
    assert legal(s, 1) == {"discard sea", "discard ore"}


def test_cdb_3_3_3_discard_source_b_draw_pile_too():
    """CDB-3.3.3 (discard-source B): the opponent may discard any 2 of his cards,
    including (the top of) his draw pile."""
    g = game(discard_source="B")
    s = position(g, hands=[{"koff": 1}, {"sea": 1}], draws=[["ore"], ["grain", "wool"]])
    s.apply(0, "play koff")
    s.apply(1, "allow")
    assert s.to_move() == (1,)
    assert legal(s, 1) == {"discard sea", "discard top"}
    s.apply(1, "discard top")
    assert pile(s.disc[1]) == ["wool"]
    assert pile(s.draw[1])[-1] == "grain"
    assert legal(s, 1) == {"discard sea", "discard top"}
    s.apply(1, "discard sea")
    assert pile(s.disc[1]) == ["wool", "sea"]
    assert hand(s, 1) == {}
    assert s.to_move() == (0,)


def test_cdb_3_3_3_discard_top_illegal_in_reading_a():
    """CDB-3.3.3 (discard-source A): "discard top" is refused."""
    s = position(game(discard_source="A"), hands=[{"koff": 1}, {"sea": 2, "ore": 1}],
                 draws=[["ore"], ["grain", "wool"]])
    s.apply(0, "play koff")
    s.apply(1, "allow")
    refused(s, 1, "discard top")


# ------------------------------------------------------------ Harbor and Roads
@pytest.mark.parametrize("reading, drawn", [("A", 2), ("B", 4)])
def test_cdb_3_4_4_harbor_count_zone(reading, drawn):
    """CDB-3.4.4 (harbor-count-zone): A: only Seas and Roads in hand count; B: also
    those laid down this turn (1 Sea + 1 Road laid: one more Sea each)."""
    g = game(harbor_count_zone=reading)
    s = position(g, hands=[{"harbor": 1, "sea": 2, "road": 1}, None], draws=[["wool"] * 5, None])
    s.apply(0, "lay sea")
    s.apply(0, "play road 1")
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"sea": 1, "wool": drawn}


@pytest.mark.parametrize("reading, drawn", [("A", 1), ("B", 2)])
def test_cdb_3_5_2_road_sea(reading, drawn):
    """CDB-3.5.2 (road-sea): A: playing one Road gives nothing (its "1 Sea" is only
    the Harbor rule for Roads in hand); B: it gives an extra Sea for a Harbor
    played later this turn."""
    g = game(road_sea=reading)
    s = position(g, hands=[{"harbor": 1, "road": 1}, None], draws=[["wool"] * 3, None])
    s.apply(0, "play road 1")
    assert pool(s) == {}
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"wool": drawn}


@pytest.mark.parametrize("reading, resources", [("A", 1), ("B", 3)])
def test_cdb_3_5_2_road_grouping(reading, resources):
    """CDB-3.5.2 (road-grouping): A: only Roads laid down in one action combine
    (1 Road, then 2 Roads: 0 + 1); B: all Roads of the turn combine (3 Roads: 3)."""
    g = game(road_grouping=reading)
    s = position(g, hands=[{"road": 3}, None])
    s.apply(0, "play road 1")
    assert pool(s) == {}
    s.apply(0, "play road 2")
    assert pool(s) == {"choice-other": resources}


# ------------------------------------------------------------ Settlement for a City
def test_cdb_3_6_4_settlement_for_city_a():
    """CDB-3.6.4 (settlement-for-city A): another played Settlement's resources
    pay towards the City."""
    s = position(game(settlement_for_city="A"), hands=[{"ore": 3, "settlement": 2}, None])
    for a in ("play ore", "play ore", "play ore", "play settlement"):
        s.apply(0, a)
    assert "buy city" in legal(s, 0)
    s.apply(0, "buy city")
    assert pile(s.disc[0]) == ["city"]
    assert hand(s, 0) == {}


def test_cdb_3_6_4_settlement_for_city_b():
    """CDB-3.6.4 (settlement-for-city B): no Settlement's resources may buy a City;
    they still buy other cards, and a City's resources may buy a City."""
    g = game(settlement_for_city="B")
    s = position(g, hands=[{"ore": 3, "settlement": 2}, None])
    for a in ("play ore", "play ore", "play ore", "play settlement"):
        s.apply(0, a)
    refused(s, 0, "buy city")
    assert "buy road" in legal(s, 0)
    s = position(g, hands=[{"ore": 2, "city": 1, "settlement": 1}, None])
    for a in ("play ore", "play ore", "play city"):
        s.apply(0, a)
    assert "buy city" in legal(s, 0)
    s.apply(0, "buy city")
    assert pool(s) == {}


# ------------------------------------------------------------ discard visibility
def test_cdb_4_4_discard_visibility_a_public():
    """CDB-4.4 (discard-visibility A): discard piles are face up and public."""
    s = position(game(discard_visibility="A"), hands=[{"ore": 1}, {"ore": 1}],
                 discards=[["ore", "city", "sea"], None])
    view = s.observation(1)["players"][0]
    assert {k: v for k, v in view["discard"].items() if v} == {"ore": 1, "city": 1, "sea": 1}
    assert view["discard_top"] == "sea" and view["discard_size"] == 3


def test_cdb_4_4_discard_visibility_b_only_top_card():
    """CDB-4.4 (discard-visibility B): only the top card of a discard pile is seen;
    what lies below it cannot be told apart from the draw pile."""
    g = game(discard_visibility="B")
    x = position(g, hands=[{"wool": 1}, {"wool": 1}], draws=[["ore", "grain"], None],
                 discards=[["city", "sea"], None])
    y = position(g, hands=[{"wool": 1}, {"wool": 1}], draws=[["city", "grain"], None],
                 discards=[["ore", "sea"], None])
    view = x.observation(1)["players"][0]
    assert "discard" not in view
    assert view["discard_top"] == "sea" and view["discard_size"] == 2
    for viewer in (0, 1):
        assert x.observation(viewer) == y.observation(viewer)
    ga = game(discard_visibility="A")
    xa = position(ga, hands=[{"wool": 1}, {"wool": 1}], draws=[["ore", "grain"], None],
                  discards=[["city", "sea"], None])
    ya = position(ga, hands=[{"wool": 1}, {"wool": 1}], draws=[["city", "grain"], None],
                  discards=[["ore", "sea"], None])
    assert xa.observation(1) != ya.observation(1)


# ------------------------------------------------------------ trading inputs
TRADE_HANDS = [
    ({"grain": 2, "ore": 2, "brick": 1, "wool": 1, "settlement": 1}, ()),
    ({"brick": 1, "wool": 2, "settlement": 1}, ("settlement",)),
    ({"ore": 1, "grain": 1, "road": 2}, ("road 2",)),
    ({"wool": 1, "city": 1, "settlement": 1}, ("city",)),
    ({"lumber": 3, "settlement": 1}, ("settlement",)),
]


@pytest.mark.parametrize("cards, plays", TRADE_HANDS)
def test_cdb_7_6_trade_inputs_readings_buy_the_same(cards, plays):
    """CDB-7.6 (trade-inputs): A: only resource cards are traded; B: produced
    resources may be traded too. A produced resource is already of the player's
    choice, so trading it is never needed: both readings allow the same buys."""
    results = []
    for reading in ("A", "B"):
        s = position(game(trade_inputs=reading), hands=[cards, None])
        for r in ("ore", "brick", "grain", "lumber", "wool"):
            for _ in range(cards.get(r, 0)):
                s.apply(0, f"play {r}")
        for p in plays:
            s.apply(0, f"play {p}")
        results.append({a for a in legal(s, 0) if a.startswith("buy")})
    assert results[0] == results[1]
    assert results[0]                              # every position buys something


def test_cdb_7_6_trade_two_different_resources_both_readings():
    """CDB-7.6 (trade-inputs A and B): two resource cards of different types make
    one resource (the example's Wool + Brick for Ore)."""
    for reading in ("A", "B"):
        s = position(game(trade_inputs=reading), hands=[{"ore": 2, "grain": 2, "wool": 1, "brick": 1, "settlement": 1}, None])
        for a in ("play ore", "play ore", "play grain", "play grain", "play wool", "play brick"):
            s.apply(0, a)
        s.apply(0, "buy city")
        assert pile(s.disc[0]) == ["city"] and pool(s) == {}


# ------------------------------------------------------------ reshuffle
DISCARDS = ["wool", "wool", "grain", "grain", "lumber", "lumber", "brick", "brick", "ore", "ore"]


def reshuffle_draw(reading, seed):
    s = position(game(reshuffle=reading), hands=[{"sea": 4}, None], draws=[["city"], None],
                 discards=[DISCARDS, None], seed=seed)
    s.apply(0, "end")                               # 4 in hand: draws 3, the pile has 1
    assert sum(s.hand[0]) == 7
    assert s.disc[0] == [] and len(s.draw[0]) == 8
    together = Counter(hand(s, 0)) + Counter(pile(s.draw[0]))
    assert together == Counter(DISCARDS) + Counter({"sea": 4, "city": 1})
    return s


def test_cdb_8_5_reshuffle_a_draw_the_rest_first():
    """CDB-8.5 (reshuffle A): the card left in the draw pile is always drawn, the
    other two come from the shuffled discard pile."""
    for seed in range(30):
        s = reshuffle_draw("A", seed)
        assert hand(s, 0)["city"] == 1


def test_cdb_8_5_reshuffle_b_shuffle_together():
    """CDB-8.5 (reshuffle B): the discard pile is shuffled together with the
    remaining draw pile, so the old draw pile's card is not always drawn."""
    got_city = set()
    for seed in range(30):
        s = reshuffle_draw("B", seed)
        got_city.add(hand(s, 0).get("city", 0))
    assert got_city == {0, 1}


def test_cdb_8_5_reshuffle_b_enough_cards_no_shuffle():
    """CDB-8.5 (reshuffle B): with enough cards in the draw pile nothing is shuffled."""
    s = position(game(reshuffle="B"), hands=[{"sea": 4}, None], draws=[["ore", "city", "wool", "grain"], None],
                 discards=[["lumber"], None])
    s.apply(0, "end")
    assert hand(s, 0) == {"sea": 4, "grain": 1, "wool": 1, "city": 1}
    assert pile(s.draw[0]) == ["ore"] and pile(s.disc[0]) == ["lumber"]


# ------------------------------------------------------------ win timing
def test_cdb_9_1_win_timing_a_any_moment():
    """CDB-9.1 (win-timing A): a third City drawn during the own turn wins at once."""
    s = position(game(win_timing="A"), hands=[{"city": 2, "kdef": 1}, None], draws=[["city"], None])
    s.apply(0, "play kdef")
    assert s.is_terminal() and s.winners() == [0]


def test_cdb_9_1_win_timing_b_only_at_turn_start():
    """CDB-9.1 (win-timing B): the Cities are checked only at the start of the
    player's turn: the third City drawn mid-turn wins at his next turn's start."""
    s = position(game(win_timing="B"), hands=[{"city": 2, "kdef": 1, "sea": 1}, None],
                 draws=[["wool"] * 3 + ["city"], None])
    s.apply(0, "play kdef")
    assert hand(s, 0)["city"] == 3
    assert not s.is_terminal()
    assert "end" in legal(s, 0)
    s.apply(0, "end")
    assert not s.is_terminal()
    s.apply(1, "end")
    assert s.is_terminal() and s.winners() == [0]
    assert s.returns() == [1.0, -1.0]


def test_cdb_9_1_win_timing_b_city_laid_before_turn_start_no_win():
    """CDB-9.1 (win-timing B): a City laid down before the next turn's start is no
    longer in hand, so the three Cities held mid-turn never win."""
    s = position(game(win_timing="B"), hands=[{"city": 2, "kdef": 1, "sea": 3}, None],
                 draws=[["wool"] * 3 + ["city"], None])
    s.apply(0, "play kdef")
    s.apply(0, "play city")
    s.apply(0, "end")
    s.apply(1, "end")
    assert not s.is_terminal()
    assert hand(s, 0)["city"] == 2

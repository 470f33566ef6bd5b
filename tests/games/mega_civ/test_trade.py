"""Rule tests of trade in Mega Civilization (MC-7) on hand-built positions of the
small map (5 players): offers of three and more cards built card by card (two shown,
then each hidden card and the name it is declared as: any name but a calamity's,
MC-7.4), counter-offers, accepting, and what each player sees and samples
(see test_trade_cards.py for the cards of each stack and the seats).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError, InvalidStateError, OptionError
from civtable.core.rng import Rng
from civtable.games.mega_civ.state import BUY, TRADE, MegaState
from civtable.testing.leaks import check_channels

from . import _mc_helpers as mc
from ._card_helpers import (
    EGYPT_BUYER,
    HELLAS_HAND,
    MINOA_HAND,
    hand,
    held_cards,
    ids,
    trading,
)
from ._mc_helpers import game, position_json
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA

# ================================================================== MC-7: trade
NAMES = ["ochre", "clay", "papyrus", "iron", "fish", "fruit", "wool", "oil", "wine", "textiles", "tin", "copper", "resin",
         "incense", "marble", "gemstones", "ivory", "gold", "water"]
"""MC-7.4: what a hidden card may be declared as on the small map: every trade card of the
game that is not a calamity, in the order of the stacks."""


def adds(*hidden: str) -> list[str]:
    """Every ``add H as D`` of these hidden cards, in the order of the legal actions."""
    return [f"add {h} as {d}" for h in hidden for d in NAMES]


def test_mc_7_3_an_offer_starts_with_two_shown_cards() -> None:
    """MC-7.2, MC-7.3: an offer starts with the two cards shown, commodities Minoa holds
    (not the tradable treachery, not the non-tradable flood: a shown card is genuine), in
    the order of the stacks; then its hidden cards are added one by one, at least one
    (no ``post`` yet), any of his other tradable cards declared as any name."""
    s = trading()
    assert (s.phase, s.step, s.to_move()) == (7, TRADE, (MINOA,))
    assert mc.texts(s, MINOA) == ["offer ochre ochre", "offer ochre wine", "pass"]
    assert game().rules.declarable == tuple(game().rules.catalog.card(n) for n in NAMES)
    s.apply(MINOA, "offer ochre ochre")
    assert (s.step, s.to_move()) == (TRADE, (MINOA,))
    assert mc.texts(s, MINOA) == adds("wine", "treachery")


def test_mc_7_4_a_hidden_card_may_be_declared_as_any_commodity() -> None:
    """MC-7.4 ("the remaining cards can be anything"): Minoa shows ochre and clay and
    hides his papyrus declared as iron, a commodity that is neither shown nor the hidden
    card; his three cards are all he can trade, so the offer is posted at once. The
    others read two shown cards and one hidden card declared as iron; Hellas may answer.
    A calamity (the treachery) may also be declared as gold, a commodity nobody shows;
    a name that is a calamity, or a card this game does not have (silk: the full map's
    18 players), is not a declaration."""
    s = trading(minoa=["ochre", "clay", "papyrus"])
    s.apply(MINOA, "offer ochre clay")
    assert "add papyrus as iron" in mc.texts(s, MINOA)
    s.apply(MINOA, "add papyrus as iron")
    assert s.to_move() == (HELLAS,)
    public = {"from": MINOA, "stage": "counter", "building": None, "shown": ["ochre", "clay"], "declared": ["iron"],
              "hidden_count": 1, "counters": {}, "declined": []}
    for p in (HELLAS, HATTI, ASSYRIA, EGYPT):
        assert s.observation(p)["deal"] == public
    assert s.observation(MINOA)["deal"] == {**public, "hidden": ["papyrus"]}
    t = trading()
    t.apply(MINOA, "offer ochre ochre")
    for bad in ("add treachery as treachery", "add treachery as flood", "add wine as silk"):
        mc.assert_illegal(t, MINOA, bad)
    t.apply(MINOA, "add treachery as gold")
    assert t.observation(HELLAS)["deal"]["declared"] == ["gold"]


@pytest.mark.parametrize("offer", [
    "offer ochre flood",  # a non-tradable calamity never moves
    "offer ochre treachery",  # a shown card must be genuine: no calamity
    "offer wine wine",  # he has one wine
    "offer ochre gold",  # he has no gold
    "offer wine ochre",  # the two shown cards in the order of the stacks
    "offer ochre ochre wine as ochre",  # an offer starts with its shown cards only
    "offer ochre",
    "counter ochre ochre",  # nobody offered yet
    "add wine as wine",  # no offer is being built
    "post",
    "accept 0",
])
def test_mc_7_3_an_offer_of_cards_not_held_is_illegal(offer: str) -> None:
    """MC-7.3 / MC-7.4 / MC-7.5: illegal offers leave the position unchanged."""
    s = trading()
    mc.assert_illegal(s, MINOA, offer)
    mc.assert_illegal(s, HELLAS, "offer wool wool")  # not his turn to propose


def test_mc_7_4_the_declared_name_may_be_false_and_the_hidden_card_stays_hidden() -> None:
    """MC-7.4 / MC-7.5 (trade-disclosure A): Minoa offers two ochre and the treachery
    declared as ochre; everybody sees the shown cards and the declaration, only Minoa
    the hidden card. Hellas, the only other trader, answers."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre")
    s.apply(MINOA, "add treachery as ochre")
    assert (s.step, s.to_move()) == (TRADE, (MINOA,))  # he may add his wine (MC-7.2) or post
    assert mc.texts(s, MINOA) == [*adds("wine"), "post"]
    s.apply(MINOA, "post")
    assert (s.step, s.to_move()) == (TRADE, (HELLAS,))
    public = {"from": MINOA, "stage": "counter", "building": None, "shown": ["ochre", "ochre"], "declared": ["ochre"],
              "hidden_count": 1, "counters": {}, "declined": []}
    assert s.observation(MINOA)["deal"] == {**public, "hidden": ["treachery"]}
    for p in (HELLAS, HATTI, ASSYRIA, EGYPT):
        assert s.observation(p)["deal"] == public
    assert mc.texts(s, HELLAS) == ["counter papyrus wool", "counter papyrus oil", "counter wool wool",
                                   "counter wool oil", "decline"]
    mc.assert_illegal(s, HELLAS, "counter oil oil")  # he has one oil
    mc.assert_illegal(s, HELLAS, "offer wool wool")
    mc.assert_illegal(s, MINOA, "accept 0")


def test_mc_7_5_accept_six_cards_change_hands_at_once() -> None:
    """MC-7.5: Hellas counters two wool and a hidden oil declared as wool; Minoa sees the
    shown wool, not the oil; he accepts and the six cards change hands: Minoa flood,
    oil, wine, wool, wool; Hellas ochre, ochre, papyrus, treachery. Then Hellas, next
    in AST order, proposes. (Both post their three cards rather than add more.)"""
    s = trading()
    for text in ("offer ochre ochre", "add treachery as ochre", "post"):
        s.apply(MINOA, text)
    s.apply(HELLAS, "counter wool wool")
    s.apply(HELLAS, "add oil as wool")
    assert mc.texts(s, HELLAS) == [*adds("papyrus"), "post"]
    s.apply(HELLAS, "post")
    assert (s.step, s.to_move()) == (TRADE, (MINOA,))
    assert mc.texts(s, MINOA) == ["accept 0", "reject"]
    counter = {"shown": ["wool", "wool"], "declared": ["wool"], "hidden_count": 1}
    assert s.observation(MINOA)["deal"]["counters"] == {"0": counter}
    assert s.observation(HATTI)["deal"]["counters"] == {"0": counter}
    assert s.observation(HELLAS)["deal"]["counters"] == {"0": {**counter, "hidden": ["oil"]}}
    s.apply(MINOA, "accept 0")
    assert hand(s, MINOA) == ["flood", "oil", "wine", "wool", "wool"]
    assert hand(s, HELLAS) == ["ochre", "ochre", "papyrus", "treachery"]
    assert s.log == ["minoa traded with hellas"]
    assert s.deal is None and (s.phase, s.to_move()) == (7, (HELLAS,))
    assert held_cards(s) == 135


def test_mc_7_5_reject_and_decline_exchange_nothing() -> None:
    """MC-7.5: a rejected counter and a declined offer change no card."""
    s = trading()
    for text in ("offer ochre ochre", "add wine as ochre", "post"):
        s.apply(MINOA, text)
    for text in ("counter wool wool", "add oil as wool", "post"):
        s.apply(HELLAS, text)
    s.apply(MINOA, "reject")
    assert s.to_move() == (HELLAS,) and s.deal is None
    for text in ("offer wool wool", "add oil as wool", "post"):
        s.apply(HELLAS, text)
    s.apply(MINOA, "decline")
    assert s.log == ["hellas's offer found no taker"]
    assert hand(s, MINOA) == sorted(MINOA_HAND) and hand(s, HELLAS) == sorted(HELLAS_HAND)


def test_mc_7_5_trade_disclosure_b_shows_the_same() -> None:
    """MC-7.5 (trade-disclosure B): the two cards are named truthfully instead of shown:
    the same information, so every observation is the one of reading A."""
    a, b = trading(), trading(game(**{"trade-disclosure": "B"}))
    for s in (a, b):
        for text in ("offer ochre wine", "add treachery as wine", "post"):
            s.apply(MINOA, text)
        for text in ("counter wool oil", "add papyrus as oil", "post"):
            s.apply(HELLAS, text)
    for p in range(5):
        assert a.observation(p) == b.observation(p)


def test_mc_7_2_a_player_needs_three_tradable_cards_two_of_them_commodities() -> None:
    """MC-7.2 / MC-7.3: Minoa (ochre, treachery, flood: one card he could show) cannot
    offer; Hellas and Hatti (three tradable cards each) trade, Hatti with two Water
    cards he can show."""
    s = trading(minoa=["ochre", "treachery", "flood"], hellas=["wool", "oil", "papyrus"],
                others={HATTI: {"hand": ["water", "water", "gold"]}})
    assert s.to_move() == (HATTI,)
    assert mc.texts(s, HATTI) == ["offer gold water", "offer water water", "pass"]
    s.apply(HATTI, "offer water water")
    assert mc.texts(s, HATTI) == adds("gold")
    s.apply(HATTI, "add gold as gold")  # his last tradable card: posted
    assert s.to_move() == (HELLAS,)  # Minoa is not asked
    s.apply(HELLAS, "decline")
    assert s.to_move() == (HELLAS,)  # Hellas's own offer


@pytest.mark.parametrize(("rounds", "proposals"), [(0, []), (1, [MINOA, HELLAS]), (2, [MINOA, HELLAS, MINOA, HELLAS]),
                                                   (3, [MINOA, HELLAS] * 3)])
def test_mc_7_1_trade_rounds_each_player_proposes_once_a_round(rounds: int, proposals: list[int]) -> None:
    """MC-7.1 (trade-limit A, trade-rounds): in each round every player who can trade
    proposes once, in AST order; after the last round the phase ends (Egypt's purchase
    of phase 12 is the next decision). Nobody takes an offer here."""
    s = trading(game(**{"trade-rounds": rounds}), minoa=["ochre", "ochre", "wine"])
    seen = []
    while s.phase == 7:
        p = s.to_move()[0]
        if s.deal is None:
            seen.append(p)
            assert s.trade_round == (len(seen) - 1) // 2
            s.apply(p, "pass")
        else:
            s.apply(p, "decline")
    assert seen == proposals
    assert (s.phase, s.step, s.to_move()) == (12, BUY, (EGYPT,))


def test_mc_7_1_trade_limit_has_one_reading() -> None:
    """MC-7.1 (trade-limit): only A (a number of rounds) is offered; B (wall clock) is refused."""
    assert game(**{"trade-limit": "A"}).rules.trade_rounds == 2
    with pytest.raises(OptionError):
        game(**{"trade-limit": "B"})


def test_mc_7_1_a_single_trader_does_not_trade() -> None:
    """MC-7.1: with one player able to trade there is nobody to answer: no trade step."""
    s = trading(hellas=["wool", "oil"])
    assert (s.phase, s.to_move()) == (12, (EGYPT,))


# ================================================================== MC-7.2: offers of more than three cards
MINOA_BIG = ["ochre", "ochre", "wine", "treachery", "papyrus", "gold", "flood"]


def public_side(shown: list[str], declared: list[str]) -> dict[str, Any]:
    return {"shown": shown, "declared": declared, "hidden_count": len(declared)}


def test_mc_7_2_a_four_card_offer_and_counter_built_step_by_step_and_accepted() -> None:
    """MC-7.2 / MC-7.5: Minoa shows two ochre, hides his wine (declared ochre), then his
    treachery (declared ochre too); no tradable card is left (the flood never moves),
    so the offer is posted at once. Everybody sees two shown ochre, two declarations and
    two hidden cards. Hellas counters with two wool, a hidden oil and his papyrus, both
    declared wool; Minoa accepts and the eight cards change hands at once, every card
    still counted."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre")
    s.apply(MINOA, "add wine as ochre")
    assert (s.step, s.to_move()) == (TRADE, (MINOA,))
    assert mc.texts(s, MINOA) == [*adds("treachery"), "post"]
    assert s.observation(HELLAS)["deal"] == {"from": MINOA, "stage": "offer", "building": MINOA,
                                              **public_side(["ochre", "ochre"], ["ochre"]), "counters": {}, "declined": []}
    s.apply(MINOA, "add treachery as ochre")
    assert s.to_move() == (HELLAS,)  # nothing more to add: posted
    public = {"from": MINOA, "stage": "counter", "building": None, **public_side(["ochre", "ochre"], ["ochre", "ochre"]),
              "counters": {}, "declined": []}
    for p in (HELLAS, HATTI, ASSYRIA, EGYPT):
        assert s.observation(p)["deal"] == public
    assert s.observation(MINOA)["deal"] == {**public, "hidden": ["wine", "treachery"]}
    s.apply(HELLAS, "counter wool wool")
    assert s.observation(MINOA)["deal"]["building"] == HELLAS
    assert s.observation(MINOA)["deal"]["counters"] == {"0": public_side(["wool", "wool"], [])}
    s.apply(HELLAS, "add oil as wool")
    s.apply(HELLAS, "add papyrus as wool")
    assert (s.to_move(), mc.texts(s, MINOA)) == ((MINOA,), ["accept 0", "reject"])
    assert s.observation(MINOA)["deal"]["counters"] == {"0": public_side(["wool", "wool"], ["wool", "wool"])}
    s.apply(MINOA, "accept 0")
    assert hand(s, MINOA) == ["flood", "oil", "papyrus", "wool", "wool"]
    assert hand(s, HELLAS) == ["ochre", "ochre", "treachery", "wine"]
    assert s.log == ["minoa traded with hellas"] and s.deal is None
    assert held_cards(s) == 135


@pytest.mark.parametrize("limit", [5, 6])
def test_mc_7_2_a_five_card_offer_accepted_for_three(limit: int) -> None:
    """MC-7.2 / MC-7.4 / MC-7.5: Minoa (seven cards) shows two ochre, hides a wine
    declared as wine, then adds the treachery (as ochre) and his gold (as gold): five
    cards. Under trade-max-cards 5 the offer is posted at once; under 6 he could add
    his papyrus and posts instead. Hellas's three cards are accepted: five cards go one
    way, three the other, all at once."""
    s = trading(game(**{"trade-max-cards": limit}), minoa=MINOA_BIG)
    s.apply(MINOA, "offer ochre ochre")
    s.apply(MINOA, "add wine as wine")
    assert mc.texts(s, MINOA) == [*adds("papyrus", "gold", "treachery"), "post"]
    s.apply(MINOA, "add treachery as ochre")
    assert mc.texts(s, MINOA) == [*adds("papyrus", "gold"), "post"]
    s.apply(MINOA, "add gold as gold")
    if limit == 6:
        assert mc.texts(s, MINOA) == [*adds("papyrus"), "post"]
        s.apply(MINOA, "post")
    assert s.to_move() == (HELLAS,)
    assert s.observation(HATTI)["deal"]["hidden_count"] == 3
    assert s.observation(HATTI)["deal"]["declared"] == ["wine", "ochre", "gold"]
    for text in ("counter wool wool", "add oil as wool", "post"):
        s.apply(HELLAS, text)
    s.apply(MINOA, "accept 0")
    assert hand(s, MINOA) == ["flood", "oil", "papyrus", "wool", "wool"]
    assert hand(s, HELLAS) == ["gold", "ochre", "ochre", "papyrus", "treachery", "wine"]
    assert held_cards(s) == 135


def test_mc_7_2_no_card_beyond_trade_max_cards() -> None:
    """MC-7.2 (option trade-max-cards 4): Minoa's offer is posted when it reaches four
    cards (he has two tradable cards left); another card cannot be added: the position
    is unchanged. An option below 3 is refused (MC-7.2: at least three cards)."""
    s = trading(game(**{"trade-max-cards": 4}), minoa=MINOA_BIG)
    for text in ("offer ochre ochre", "add wine as wine", "add treachery as ochre"):
        s.apply(MINOA, text)
    assert s.to_move() == (HELLAS,) and len(s.deal[1]) == 6
    mc.assert_illegal(s, MINOA, "add gold as gold")
    mc.assert_illegal(s, HELLAS, "add wool as wool")
    for text in ("counter wool wool", "add oil as wool"):
        s.apply(HELLAS, text)
    s.apply(HELLAS, "add papyrus as papyrus")  # four cards: posted, nothing left to decide for him
    assert s.to_move() == (MINOA,) and mc.texts(s, MINOA) == ["accept 0", "reject"]
    with pytest.raises(OptionError):
        game(**{"trade-max-cards": 2})
    assert game().rules.trade_max_cards == 5


def building_position(g: Any = None, cards: Sequence[str] = ("ochre", "ochre", "wine", "wine"), stage: int = 0,
                      counters: dict[str, list[str]] | None = None, decider: int = MINOA) -> MegaState:
    """Phase 7 loaded from JSON: Minoa (MINOA_BIG) builds an offer (``cards``: two shown,
    then hidden and declared by pairs); Hellas holds HELLAS_HAND."""
    g = g if g is not None else game()
    data = position_json(g, phase=7, step="trade", decider=decider, queue=[decider], target=0,
                         players={MINOA: {"hand": MINOA_BIG}, HELLAS: {"hand": HELLAS_HAND}, **EGYPT_BUYER},
                         deal={"from": MINOA, "cards": list(cards), "stage": stage, "counters": counters or {}})
    return g.state_from_json(data)


def test_mc_7_2_an_add_at_the_maximum_is_refused_with_the_reason() -> None:
    """MC-7.2: a saved offer of four cards under trade-max-cards 4, still being built
    (a position a person may write): only ``post`` is legal and an ``add`` is refused
    naming the option; a saved offer over the maximum does not load."""
    g = game(**{"trade-max-cards": 4})
    s = building_position(g, ["ochre", "ochre", "wine", "wine", "gold", "gold"])
    assert mc.texts(s, MINOA) == ["post"]
    mc.assert_illegal(s, MINOA, "add papyrus as papyrus")
    with pytest.raises(IllegalActionError, match="trade-max-cards"):
        s.apply(MINOA, "add papyrus as papyrus")
    with pytest.raises(InvalidStateError, match="deal.cards.*trade-max-cards"):
        building_position(g, ["ochre", "ochre", "wine", "wine", "gold", "gold", "papyrus", "papyrus"])


@pytest.mark.parametrize("bad", [
    "add flood as ochre",  # a non-tradable calamity never moves
    "add treachery as treachery",  # a calamity is never a declared name
    "add wine as wine",  # his only wine is already in the offer
    "add gold as gold",  # he has no gold
    "add treachery as silk",  # silk is no card of this game (the full map's 18 players)
    "add treachery",
    "add treachery as ochre wool",  # one name for one card: the count does not match
    "offer ochre ochre",  # his offer is under way: a second offer while one is open
    "counter ochre ochre",
    "pass", "decline", "accept 0", "reject",
])
def test_mc_7_3_a_bad_step_while_building_changes_nothing(bad: str) -> None:
    """MC-7.2 to MC-7.4: while Minoa builds his offer (two ochre, a hidden wine), only
    another hidden tradable card he holds, declared as any name but a calamity's, or
    ``post`` is legal; anything else raises IllegalActionError with one sentence and
    the position unchanged."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre")
    s.apply(MINOA, "add wine as ochre")
    mc.assert_illegal(s, MINOA, bad)
    with pytest.raises(IllegalActionError, match="'add CARD as NAME' or 'post'|hidden card|one name"):
        s.apply(MINOA, bad)


def test_mc_7_2_an_offer_of_two_cards_is_not_posted() -> None:
    """MC-7.2 (at least three cards): with only its two shown cards an offer cannot be
    posted; ``post`` is refused with the reason and changes nothing, in a position
    loaded from JSON too (a side of two cards loads only while it is being built)."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre")
    assert "post" not in mc.texts(s, MINOA)
    mc.assert_illegal(s, MINOA, "post")
    with pytest.raises(IllegalActionError, match="at least three cards"):
        s.apply(MINOA, "post")
    t = building_position(cards=("ochre", "ochre"))
    assert "post" not in mc.texts(t, MINOA) and "add wine as gold" in mc.texts(t, MINOA)
    with pytest.raises(InvalidStateError, match="deal.cards.*at least one"):
        building_position(cards=("ochre", "ochre"), stage=1, decider=HELLAS)


def test_mc_7_2_add_or_post_with_no_offer_being_built_is_refused() -> None:
    """MC-7.2: ``add`` and ``post`` before any offer, while answering an offer, or when
    the proposer chooses among the counters: IllegalActionError naming the reason,
    the position unchanged."""
    s = trading()
    for text in ("add wine as wine", "post"):
        mc.assert_illegal(s, MINOA, text)
        with pytest.raises(IllegalActionError, match="no offer or counter-offer is being built"):
            s.apply(MINOA, text)
    for text in ("offer ochre ochre", "add wine as ochre", "post"):
        s.apply(MINOA, text)
    mc.assert_illegal(s, HELLAS, "add papyrus as papyrus")
    mc.assert_illegal(s, HELLAS, "post")
    for text in ("counter wool wool", "add oil as wool", "post"):
        s.apply(HELLAS, text)
    mc.assert_illegal(s, MINOA, "add treachery as ochre")
    with pytest.raises(IllegalActionError, match="no offer or counter-offer is being built"):
        s.apply(MINOA, "add treachery as ochre")


def test_mc_7_4_hidden_cards_of_a_multi_card_offer_stay_hidden() -> None:
    """MC-7.4 (and MC-7.3: only the shown cards are public): two games where Minoa
    hides different cards of his hand (the treachery or the papyrus, both of stack 2,
    with the wine), declared alike, and Hellas hides his oil or his papyrus in the
    counter: every other player's observation is the same in both, at every step;
    the owner sees his own hidden cards."""
    g = game(**{"trade-max-cards": 6})
    a = trading(g, minoa=MINOA_BIG, hellas=["wool", "wool", "oil", "papyrus", "fish"])
    b = a.clone()
    steps_a = [(MINOA, "offer ochre ochre"), (MINOA, "add treachery as gold"), (MINOA, "add wine as ochre"),
               (MINOA, "post"), (HELLAS, "counter wool wool"), (HELLAS, "add oil as wool"), (HELLAS, "add fish as wool"),
               (HELLAS, "post")]
    steps_b = [(MINOA, "offer ochre ochre"), (MINOA, "add papyrus as gold"), (MINOA, "add wine as ochre"),
               (MINOA, "post"), (HELLAS, "counter wool wool"), (HELLAS, "add papyrus as wool"),
               (HELLAS, "add fish as wool"), (HELLAS, "post")]
    for (p, x), (_, y) in zip(steps_a, steps_b, strict=True):
        a.apply(p, x)
        b.apply(p, y)
        assert a.to_move() == b.to_move()
        for q in (HATTI, ASSYRIA, EGYPT):
            assert a.observation(q) == b.observation(q)
        if p == MINOA:  # Hellas has not answered yet: he sees the same
            assert a.observation(HELLAS) == b.observation(HELLAS)
        else:  # Minoa sees the same counter; Hellas the same offer
            assert a.observation(MINOA)["deal"]["counters"] == b.observation(MINOA)["deal"]["counters"]
            assert {**a.observation(HELLAS)["deal"], "counters": None} == {**b.observation(HELLAS)["deal"], "counters": None}
    assert a.observation(MINOA)["deal"]["hidden"] == ["treachery", "wine"]
    assert b.observation(MINOA)["deal"]["hidden"] == ["papyrus", "wine"]
    assert a.observation(HELLAS)["deal"]["counters"]["0"]["hidden"] == ["oil", "fish"]
    assert "hidden" not in a.observation(MINOA)["deal"]["counters"]["0"]
    assert a.observation(EGYPT)["deal"]["counters"]["0"] == public_side(["wool", "wool"], ["wool", "wool"])
    assert a.observation(EGYPT)["deal"]["declared"] == ["gold", "ochre"]


def test_mc_7_4_determinize_replaces_every_hidden_card_of_a_multi_card_offer() -> None:
    """MC-7.3 / MC-7.4: for Hellas, Minoa's four-card offer keeps its two shown ochre,
    its declarations and its size; each hidden card, the gold declared as gold as much
    as the treachery declared as ochre, may be any tradable card of Minoa's new hand not
    already offered, of any stack (a declaration says nothing of the card, and the backs
    of offered cards are not shown). Minoa's own sample keeps them."""
    s = trading(minoa=MINOA_BIG)
    for text in ("offer ochre ochre", "add treachery as ochre", "add gold as gold", "post"):
        s.apply(MINOA, text)
    before = s.to_json()
    stacks, seconds = set(), set()
    for seed in range(40):
        d = s.determinize(HELLAS, Rng(seed))
        side = d.deal[1]
        assert ids(d, side[:2]) == ["ochre", "ochre"] and [d.cat.cards[c].id for c in side[3::2]] == ["ochre", "gold"]
        hidden = [d.cat.cards[c] for c in side[2::2]]
        assert all(h.tradable for h in hidden)
        rest = list(d.hands[MINOA])
        for c in side[:2] + side[2::2]:
            rest.remove(c)  # every offered card is in the new hand, each its own card
        assert d.observation(HELLAS) == s.observation(HELLAS)
        assert d.legal_actions(HELLAS) == s.legal_actions(HELLAS)
        stacks.add(hidden[0].stack)
        seconds.add(hidden[1].id)
        own = s.determinize(MINOA, Rng(seed))
        assert own.deal[1] == s.deal[1] and own.hands[MINOA] == s.hands[MINOA]
    assert len(stacks) > 1
    assert len(seconds) > 1  # the gold declared as gold is not known to be gold
    assert s.to_json() == before


def test_mc_7_4_determinize_does_not_keep_the_stack_of_a_hidden_offered_card() -> None:
    """Issue 13: swapping a hidden offered card  with a
    card of another stack of the same hand changes nothing another viewer receives:
    the same observation, and the same determinized sample from the same generator
    (before, the sample kept the hidden card's stack, which nobody else can see)."""
    g = game(**{"trade-max-cards": 5})
    s = trading(g, minoa=MINOA_BIG)
    for text in ("offer ochre ochre", "add treachery as ochre", "add wine as ochre", "post"):
        s.apply(MINOA, text)
    for text in ("counter wool wool", "add oil as wool", "post"):
        s.apply(HELLAS, text)
    data = s.to_json()
    cards = {c.id: c for c in g.rules.catalog.cards}
    swaps = 0
    for at, owner, side in ((2, MINOA, data["deal"]["cards"]), (4, MINOA, data["deal"]["cards"]),
                            (2, HELLAS, data["deal"]["counters"][str(HELLAS)])):
        offered = side[:2] + side[2::2]
        for other in sorted(set(data["players"][owner]["hand"])):
            spare = data["players"][owner]["hand"].count(other) - offered.count(other)
            if spare <= 0 or cards[other].stack == cards[side[at]].stack or not cards[other].tradable:
                continue
            swapped = json.loads(json.dumps(data))
            where = swapped["deal"]["cards"] if owner == MINOA else swapped["deal"]["counters"][str(HELLAS)]
            where[at] = other
            t = g.state_from_json(swapped)
            swaps += 1
            for viewer in (None, *[q for q in range(5) if q != owner]):
                assert t.observation(viewer) == s.observation(viewer)
                for seed in range(3):
                    assert (t.determinize(viewer, Rng(seed)).to_json()
                            == s.determinize(viewer, Rng(seed)).to_json()), (owner, at, other, viewer)
    assert swaps >= 4


def test_mc_7_4_a_saved_declaration_is_any_card_of_the_game_but_a_calamity() -> None:
    """MC-7.4: a saved offer whose hidden wine is declared as gold loads (any name); one
    declared as a calamity, or as a card this game does not have, does not."""
    s = building_position(cards=("ochre", "ochre", "wine", "gold"))
    assert s.observation(HELLAS)["deal"]["declared"] == ["gold"]
    with pytest.raises(InvalidStateError, match="declares a hidden card as a calamity"):
        building_position(cards=("ochre", "ochre", "wine", "treachery"))
    with pytest.raises(InvalidStateError, match="declares a hidden card as 'silk'"):
        building_position(cards=("ochre", "ochre", "wine", "silk"))


@pytest.mark.parametrize("moves", [
    [(MINOA, "offer ochre ochre")],  # his offer being built, no hidden card yet
    [(MINOA, "offer ochre ochre"), (MINOA, "add wine as wine"), (MINOA, "add treachery as ochre")],
    [(MINOA, "offer ochre ochre"), (MINOA, "add wine as wine"), (MINOA, "add treachery as ochre"), (MINOA, "post"),
     (HELLAS, "counter wool wool")],  # a counter-offer being built
    [(MINOA, "offer ochre ochre"), (MINOA, "add wine as wine"), (MINOA, "add gold as gold"), (MINOA, "post"),
     (HELLAS, "counter wool wool"), (HELLAS, "add oil as wool"), (HELLAS, "add papyrus as wool")],  # the choice
])
def test_mc_7_2_json_round_trip_mid_offer(moves: list[tuple[int, str]]) -> None:
    """MC-7.2: a position saved while an offer or a counter-offer is being built (or
    chosen from) loads as the same position: same JSON, legal actions, observations,
    and the same next step."""
    g = game()
    s = trading(g, minoa=MINOA_BIG)
    for p, text in moves:
        s.apply(p, text)
    data = s.to_json()
    t = g.state_from_json(json.loads(json.dumps(data)))
    assert t.to_json() == data
    for p in range(5):
        assert t.legal_actions(p) == s.legal_actions(p)
        assert t.observation(p) == s.observation(p)
    p = s.to_move()[0]
    nxt = s.legal_actions(p)[0]
    s.apply(p, nxt)
    t.apply(p, nxt.text)
    assert t.to_json() == s.to_json()


def test_mc_7_2_trade_max_cards_3_is_the_three_card_trade() -> None:
    """MC-7.2 (trade-max-cards 3): no ``post`` step: an offer and a counter are posted as
    soon as their hidden card is named, and six cards change hands."""
    s = trading(game(**{"trade-max-cards": 3}), minoa=MINOA_BIG)
    s.apply(MINOA, "offer ochre ochre")
    assert "post" not in mc.texts(s, MINOA)
    s.apply(MINOA, "add treachery as ochre")
    assert s.to_move() == (HELLAS,)
    assert s.observation(HATTI)["deal"]["hidden_count"] == 1
    s.apply(HELLAS, "counter wool wool")
    assert not any(a.kind == "post" for a in s.legal_actions(HELLAS))
    s.apply(HELLAS, "add oil as wool")
    assert (s.to_move(), mc.texts(s, MINOA)) == ((MINOA,), ["accept 0", "reject"])
    s.apply(MINOA, "accept 0")
    assert hand(s, MINOA) == ["flood", "gold", "oil", "papyrus", "wine", "wool", "wool"]
    assert hand(s, HELLAS) == ["ochre", "ochre", "papyrus", "treachery"]


def test_mc_7_2_the_greedy_bot_passes_a_calamity_on_and_takes_a_bigger_counter() -> None:
    """MC-7.2 / MC-7.4, the heuristic bot: building its offer it adds its tradable
    treachery as a hidden card (declared as a shown name); choosing among counters it
    rejects three clay cards for its ochre, ochre and fish but accepts the same counter
    grown to five cards (a hidden gold and ivory declared as themselves)."""
    g = game()
    bot = make_agent("greedy", g, 1)
    s = building_position(g)
    assert bot.act(PlayerView(s, MINOA)).text == "add treachery as ochre"

    def choosing(counter: list[str]) -> MegaState:
        data = position_json(g, phase=7, step="trade", decider=MINOA, queue=[MINOA], target=0,
                             players={MINOA: {"hand": ["ochre", "ochre", "fish", "wine"]},
                                      HELLAS: {"hand": ["clay", "clay", "oil", "gold", "ivory"]}},
                             deal={"from": MINOA, "cards": ["ochre", "ochre", "fish", "fish"], "stage": 2,
                                   "counters": {"0": counter}})
        return g.state_from_json(data)

    assert bot.act(PlayerView(choosing(["clay", "clay", "oil", "clay"]), MINOA)).text == "reject"
    bigger = choosing(["clay", "clay", "oil", "clay", "gold", "gold", "ivory", "ivory"])
    assert bot.act(PlayerView(bigger, MINOA)).text == "accept 0"


def test_mc_7_4_no_channel_tells_a_hidden_card_declared_as_itself() -> None:
    """MC-7.4 and the kit's leak check (``civtable.testing.leaks.check_channels``): with a
    hidden gold declared as gold in Minoa's offer and a hidden oil declared as oil in
    Hellas's counter, what every other viewer receives (observation, screen, reasons,
    the server's payload with the page, the terminal, the next move's events) is the
    same in samples of his information set, where those cards are dealt again."""
    s = trading(minoa=MINOA_BIG)
    for text in ("offer ochre ochre", "add gold as gold"):
        s.apply(MINOA, text)
    for viewer in (HELLAS, HATTI, None):
        for seed in range(3):
            check_channels(s, MINOA, s.game.parse_action(s, "add treachery as ochre", MINOA), viewer, seed)
    for text in ("add treachery as ochre", "post"):
        s.apply(MINOA, text)
    for text in ("counter wool wool", "add oil as oil"):
        s.apply(HELLAS, text)
    for viewer in (MINOA, HATTI, None):
        for seed in range(3):
            check_channels(s, HELLAS, s.game.parse_action(s, "post", HELLAS), viewer, seed)


def test_mc_7_5_who_declined_and_the_deals_closed_are_public() -> None:
    """MC-7.5 (trade-disclosure A: everything but the hidden cards is public): Minoa offers;
    Assyria declines, Hatti counters, Hellas declines; every viewer reads who declined;
    Minoa accepts Hatti's counter and every viewer reads the closed deal (Minoa and Hatti,
    four cards for three), in the observation and a position saved and loaded; the next
    turn's card phase (MC-6) starts a new list."""
    from civtable.games.mega_civ.rules.cards import phase_cards

    s = trading(minoa=MINOA_BIG, others={HATTI: {"hand": ["clay", "clay", "iron"]},
                                         ASSYRIA: {"hand": ["tin", "tin", "fish"]}})
    for text in ("offer ochre ochre", "add wine as gold", "add treachery as ochre", "post"):
        s.apply(MINOA, text)
    assert s.to_move() == (ASSYRIA,)
    s.apply(ASSYRIA, "decline")
    for text in ("counter clay clay", "add iron as iron"):
        s.apply(HATTI, text)
    s.apply(HELLAS, "decline")
    for v in (None, *range(5)):
        assert s.observation(v)["deal"]["declined"] == [ASSYRIA, HELLAS]
    t = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert t.observation(EGYPT) == s.observation(EGYPT) and t.to_json()["deal"]["declined"] == [ASSYRIA, HELLAS]
    s.apply(MINOA, "accept 2")
    closed = [{"proposer": MINOA, "responder": HATTI, "gave": 4, "got": 3}]
    for v in (None, *range(5)):
        assert s.observation(v)["trades"] == closed
    assert s.to_json()["traded"] == [[MINOA, HATTI, 4, 3]]
    assert s.game.state_from_json(s.to_json()).observation(None)["trades"] == closed
    phase_cards(s)
    assert s.traded == [] and "traded" not in s.to_json()


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(traded=[[1, 1, 3, 3]]), "traded[0]"),  # a trade with himself
    (lambda d: d.update(traded=[[1, 0, 2, 3]]), "traded[0]"),  # fewer than three cards (MC-7.2)
    (lambda d: d.update(traded=[[1, 9, 3, 3]]), "traded[0]"),
    (lambda d: d["deal"].update(declined=[MINOA]), "deal.declined"),  # the proposer does not answer himself
    (lambda d: d["deal"].update(declined=[HELLAS]), "deal.declined"),  # Hellas is still to answer
])
def test_mc_7_5_a_saved_trade_record_that_cannot_be_is_refused(change: Any, field: str) -> None:
    """MC-7.2 / MC-7.5: closed deals and declines of a saved position are checked."""
    g = game()
    data = building_position(g, cards=("ochre", "ochre", "wine", "wine"), stage=1, decider=HELLAS).to_json()
    change(data)
    with pytest.raises(InvalidStateError, match=field.replace("[", r"\[").replace("]", r"\]")):
        g.state_from_json(data)

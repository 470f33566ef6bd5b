"""Rule tests of trade in Mega Civilization (MC-7) on hand-built positions of the
small map (5 players): offers of three and more cards, counter-offers, the hidden
cards and their declarations, accepting, and what each player sees and samples
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
from civtable.games.mega_civ.rules.codes import BUY, TRADE
from civtable.games.mega_civ.state import MegaState

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
def test_mc_7_2_to_7_4_an_offer_is_two_shown_cards_and_one_hidden() -> None:
    """MC-7.2 to MC-7.4: every offer is three cards: two shown commodities Minoa holds,
    and a hidden one of his other tradable cards (the tradable calamity treachery may be
    it, the non-tradable flood never), declared as its own name or a shown name (the
    hidden treachery only as a shown name)."""
    s = trading()
    assert (s.phase, s.step, s.to_move()) == (7, TRADE, (MINOA,))
    assert mc.texts(s, MINOA) == [
        "offer ochre ochre wine as ochre", "offer ochre ochre wine as wine", "offer ochre ochre treachery as ochre",
        "offer ochre wine ochre as ochre", "offer ochre wine ochre as wine",
        "offer ochre wine treachery as ochre", "offer ochre wine treachery as wine", "pass"]


@pytest.mark.parametrize("offer", [
    "offer ochre ochre flood as ochre",  # a non-tradable calamity never moves
    "offer ochre treachery wine as ochre",  # a shown card must be genuine: no calamity
    "offer wine wine ochre as wine",  # he has one wine
    "offer gold ochre wine as gold",  # he has no gold
    "offer ochre ochre gold as gold",  # nor a hidden gold
    "offer ochre ochre wine as gold",  # the declaration names the hidden card or a shown one
    "offer ochre ochre wine",
    "counter ochre ochre wine as ochre",  # nobody offered yet
    "accept 0",
])
def test_mc_7_3_an_offer_of_cards_not_held_is_illegal(offer: str) -> None:
    """MC-7.3 / MC-7.4 / MC-7.5: illegal offers leave the position unchanged."""
    s = trading()
    mc.assert_illegal(s, MINOA, offer)
    mc.assert_illegal(s, HELLAS, "offer wool wool oil as wool")  # not his turn to propose


def test_mc_7_4_the_declared_name_may_be_false_and_the_hidden_card_stays_hidden() -> None:
    """MC-7.4 / MC-7.5 (trade-disclosure A): Minoa offers two ochre and the treachery
    declared as ochre; everybody sees the shown cards and the declaration, only Minoa
    the hidden card. Hellas, the only other trader, answers."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre treachery as ochre")
    assert (s.step, s.to_move()) == (TRADE, (MINOA,))  # he may add his wine (MC-7.2) or post
    assert mc.texts(s, MINOA) == ["add wine as ochre", "add wine as wine", "post"]
    s.apply(MINOA, "post")
    assert (s.step, s.to_move()) == (TRADE, (HELLAS,))
    public = {"from": MINOA, "stage": "counter", "building": None, "shown": ["ochre", "ochre"], "declared": ["ochre"],
              "hidden_count": 1, "counters": {}}
    assert s.observation(MINOA)["deal"] == {**public, "hidden": ["treachery"]}
    for p in (HELLAS, HATTI, ASSYRIA, EGYPT):
        assert s.observation(p)["deal"] == public
    assert "counter wool wool oil as wool" in mc.texts(s, HELLAS)
    assert "counter wool wool oil as papyrus" not in mc.texts(s, HELLAS)
    assert mc.texts(s, HELLAS)[-1] == "decline"
    mc.assert_illegal(s, HELLAS, "counter wool wool wool as wool")  # he has two wool
    mc.assert_illegal(s, HELLAS, "offer wool wool oil as wool")
    mc.assert_illegal(s, MINOA, "accept 0")


def test_mc_7_5_accept_six_cards_change_hands_at_once() -> None:
    """MC-7.5: Hellas counters two wool and a hidden oil declared as wool; Minoa sees the
    shown wool, not the oil; he accepts and the six cards change hands: Minoa flood,
    oil, wine, wool, wool; Hellas ochre, ochre, papyrus, treachery. Then Hellas, next
    in AST order, proposes. (Both post their three cards rather than add more.)"""
    s = trading()
    s.apply(MINOA, "offer ochre ochre treachery as ochre")
    s.apply(MINOA, "post")
    s.apply(HELLAS, "counter wool wool oil as wool")
    assert mc.texts(s, HELLAS) == ["add papyrus as papyrus", "add papyrus as wool", "post"]
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
    for text in ("offer ochre ochre wine as ochre", "post"):
        s.apply(MINOA, text)
    for text in ("counter wool wool oil as wool", "post"):
        s.apply(HELLAS, text)
    s.apply(MINOA, "reject")
    assert s.to_move() == (HELLAS,) and s.deal is None
    for text in ("offer wool wool oil as wool", "post"):
        s.apply(HELLAS, text)
    s.apply(MINOA, "decline")
    assert s.log == ["hellas's offer found no taker"]
    assert hand(s, MINOA) == sorted(MINOA_HAND) and hand(s, HELLAS) == sorted(HELLAS_HAND)


def test_mc_7_5_trade_disclosure_b_shows_the_same() -> None:
    """MC-7.5 (trade-disclosure B): the two cards are named truthfully instead of shown:
    the same information, so every observation is the one of reading A."""
    a, b = trading(), trading(game(**{"trade-disclosure": "B"}))
    for s in (a, b):
        s.apply(MINOA, "offer ochre wine treachery as wine")
        s.apply(MINOA, "post")
        s.apply(HELLAS, "counter wool oil papyrus as oil")
        s.apply(HELLAS, "post")
    for p in range(5):
        assert a.observation(p) == b.observation(p)


def test_mc_7_2_a_player_needs_three_tradable_cards_two_of_them_commodities() -> None:
    """MC-7.2 / MC-7.3: Minoa (ochre, treachery, flood: one card he could show) cannot
    offer; Hellas and Hatti (three tradable cards each) trade, Hatti with two Water
    cards he can show."""
    s = trading(minoa=["ochre", "treachery", "flood"], hellas=["wool", "oil", "papyrus"],
                others={HATTI: {"hand": ["water", "water", "gold"]}})
    assert s.to_move() == (HATTI,)
    assert mc.texts(s, HATTI) == ["offer gold water water as gold", "offer gold water water as water",
                               "offer water water gold as gold", "offer water water gold as water", "pass"]
    s.apply(HATTI, "offer water water gold as gold")
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
    """MC-7.2 / MC-7.5: Minoa starts with two shown ochre and a hidden wine (declared
    ochre), then adds his treachery (a calamity: declared only as a shown name); no
    tradable card is left (the flood never moves), so the offer is posted at once.
    Everybody sees two shown ochre, two declarations and two hidden cards. Hellas
    counters with two wool and a hidden oil, adds his papyrus as wool; Minoa accepts
    and the eight cards change hands at once, every card still counted."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre wine as ochre")
    assert (s.step, s.to_move()) == (TRADE, (MINOA,))
    assert mc.texts(s, MINOA) == ["add treachery as ochre", "post"]
    assert s.observation(HELLAS)["deal"] == {"from": MINOA, "stage": "offer", "building": MINOA,
                                              **public_side(["ochre", "ochre"], ["ochre"]), "counters": {}}
    s.apply(MINOA, "add treachery as ochre")
    assert s.to_move() == (HELLAS,)  # nothing more to add: posted
    public = {"from": MINOA, "stage": "counter", "building": None, **public_side(["ochre", "ochre"], ["ochre", "ochre"]),
              "counters": {}}
    for p in (HELLAS, HATTI, ASSYRIA, EGYPT):
        assert s.observation(p)["deal"] == public
    assert s.observation(MINOA)["deal"] == {**public, "hidden": ["wine", "treachery"]}
    s.apply(HELLAS, "counter wool wool oil as wool")
    assert s.observation(MINOA)["deal"]["building"] == HELLAS
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
    s.apply(MINOA, "offer ochre ochre wine as wine")
    assert mc.texts(s, MINOA) == ["add papyrus as ochre", "add papyrus as papyrus", "add gold as ochre", "add gold as gold",
                               "add treachery as ochre", "post"]
    s.apply(MINOA, "add treachery as ochre")
    assert mc.texts(s, MINOA) == ["add papyrus as ochre", "add papyrus as papyrus", "add gold as ochre", "add gold as gold",
                               "post"]  # the declaration names the new card or a shown one, not the wine
    s.apply(MINOA, "add gold as gold")
    if limit == 6:
        assert mc.texts(s, MINOA) == ["add papyrus as ochre", "add papyrus as papyrus", "post"]
        s.apply(MINOA, "post")
    assert s.to_move() == (HELLAS,)
    assert s.observation(HATTI)["deal"]["hidden_count"] == 3
    assert s.observation(HATTI)["deal"]["declared"] == ["wine", "ochre", "gold"]
    s.apply(HELLAS, "counter wool wool oil as wool")
    s.apply(HELLAS, "post")
    s.apply(MINOA, "accept 0")
    assert hand(s, MINOA) == ["flood", "oil", "papyrus", "wool", "wool"]
    assert hand(s, HELLAS) == ["gold", "ochre", "ochre", "papyrus", "treachery", "wine"]
    assert held_cards(s) == 135


def test_mc_7_2_no_card_beyond_trade_max_cards() -> None:
    """MC-7.2 (option trade-max-cards 4): Minoa's offer is posted when it reaches four
    cards (he has two tradable cards left); another card cannot be added: the position
    is unchanged. An option below 3 is refused (MC-7.2: at least three cards)."""
    s = trading(game(**{"trade-max-cards": 4}), minoa=MINOA_BIG)
    s.apply(MINOA, "offer ochre ochre wine as wine")
    s.apply(MINOA, "add treachery as ochre")
    assert s.to_move() == (HELLAS,) and len(s.deal[1]) == 6
    mc.assert_illegal(s, MINOA, "add gold as gold")
    mc.assert_illegal(s, HELLAS, "add wool as wool")
    s.apply(HELLAS, "counter wool wool oil as wool")
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
    "add treachery as treachery",  # a calamity is declared only as a shown card's name
    "add wine as wine",  # his only wine is already in the offer
    "add gold as gold",  # he has no gold
    "add treachery as wool",  # the declaration names the hidden card or a shown one
    "add treachery",
    "offer ochre ochre treachery as ochre",  # his offer is under way
    "counter ochre ochre treachery as ochre",
    "pass", "decline", "accept 0", "reject",
])
def test_mc_7_3_a_bad_step_while_building_changes_nothing(bad: str) -> None:
    """MC-7.2 to MC-7.4: while Minoa builds his offer (two ochre, a hidden wine), only
    another hidden tradable card he holds, declared as its own name or a shown name,
    or ``post`` is legal; anything else raises IllegalActionError with the position
    unchanged."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre wine as ochre")
    mc.assert_illegal(s, MINOA, bad)
    with pytest.raises(IllegalActionError, match="'add CARD as NAME' or 'post'|hidden card"):
        s.apply(MINOA, bad)


def test_mc_7_2_add_or_post_with_no_offer_being_built_is_refused() -> None:
    """MC-7.2: ``add`` and ``post`` before any offer, while answering an offer, or when
    the proposer chooses among the counters: IllegalActionError naming the reason,
    the position unchanged."""
    s = trading()
    for text in ("add wine as wine", "post"):
        mc.assert_illegal(s, MINOA, text)
        with pytest.raises(IllegalActionError, match="no offer or counter-offer is being built"):
            s.apply(MINOA, text)
    s.apply(MINOA, "offer ochre ochre wine as ochre")
    s.apply(MINOA, "post")
    mc.assert_illegal(s, HELLAS, "add papyrus as papyrus")
    mc.assert_illegal(s, HELLAS, "post")
    s.apply(HELLAS, "counter wool wool oil as wool")
    s.apply(HELLAS, "post")
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
    steps_a = [(MINOA, "offer ochre ochre treachery as ochre"), (MINOA, "add wine as ochre"), (MINOA, "post"),
               (HELLAS, "counter wool wool oil as wool"), (HELLAS, "add fish as wool"), (HELLAS, "post")]
    steps_b = [(MINOA, "offer ochre ochre papyrus as ochre"), (MINOA, "add wine as ochre"), (MINOA, "post"),
               (HELLAS, "counter wool wool papyrus as wool"), (HELLAS, "add fish as wool"), (HELLAS, "post")]
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


def test_mc_7_4_determinize_replaces_every_hidden_card_of_a_multi_card_offer() -> None:
    """MC-7.3 / MC-7.4: for Hellas, Minoa's four-card offer keeps its two shown ochre,
    its declarations and its size. The gold declared as gold is known (a hidden card
    is declared as its own name or a shown card's name); the treachery declared as
    ochre may be any tradable card of Minoa's new hand not already offered, of any
    stack (the backs of offered cards are not shown). Minoa's own sample keeps them."""
    s = trading(minoa=MINOA_BIG)
    for text in ("offer ochre ochre treachery as ochre", "add gold as gold", "post"):
        s.apply(MINOA, text)
    before = s.to_json()
    stacks = set()
    for seed in range(40):
        d = s.determinize(HELLAS, Rng(seed))
        side = d.deal[1]
        assert ids(d, side[:2]) == ["ochre", "ochre"] and [d.cat.cards[c].id for c in side[3::2]] == ["ochre", "gold"]
        hidden = [d.cat.cards[c] for c in side[2::2]]
        assert hidden[1].id == "gold" and all(h.tradable for h in hidden)
        rest = list(d.hands[MINOA])
        for c in side[:2] + side[2::2]:
            rest.remove(c)  # every offered card is in the new hand, each its own card
        assert d.observation(HELLAS) == s.observation(HELLAS)
        assert d.legal_actions(HELLAS) == s.legal_actions(HELLAS)
        stacks.add(hidden[0].stack)
        own = s.determinize(MINOA, Rng(seed))
        assert own.deal[1] == s.deal[1] and own.hands[MINOA] == s.hands[MINOA]
    assert len(stacks) > 1
    assert s.to_json() == before


def test_mc_7_4_determinize_does_not_keep_the_stack_of_a_hidden_offered_card() -> None:
    """Issue 13: swapping a hidden offered card (declared as a shown card's name) with a
    card of another stack of the same hand changes nothing another viewer receives:
    the same observation, and the same determinized sample from the same generator
    (before, the sample kept the hidden card's stack, which nobody else can see)."""
    g = game(**{"trade-max-cards": 5})
    s = trading(g, minoa=MINOA_BIG)
    for text in ("offer ochre ochre treachery as ochre", "add wine as ochre", "post"):
        s.apply(MINOA, text)
    s.apply(HELLAS, "counter wool wool oil as wool")
    s.apply(HELLAS, "post")
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


def test_mc_7_4_a_declaration_names_the_hidden_card_or_a_shown_one() -> None:
    """MC-7.4: a saved offer whose hidden card is declared as another card than itself
    or a shown one does not load."""
    with pytest.raises(InvalidStateError, match="declares the hidden card 'wine' as 'gold'"):
        building_position(cards=("ochre", "ochre", "wine", "gold"))


@pytest.mark.parametrize("moves", [
    [(MINOA, "offer ochre ochre wine as wine"), (MINOA, "add treachery as ochre")],  # his offer being built
    [(MINOA, "offer ochre ochre wine as wine"), (MINOA, "add treachery as ochre"), (MINOA, "post"),
     (HELLAS, "counter wool wool oil as wool")],  # a counter-offer being built
    [(MINOA, "offer ochre ochre wine as wine"), (MINOA, "add gold as gold"), (MINOA, "post"),
     (HELLAS, "counter wool wool oil as wool"), (HELLAS, "add papyrus as wool")],  # the choice among counters
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
    """MC-7.2 (trade-max-cards 3): no ``add`` or ``post`` step: an offer and a counter
    are posted as soon as they are named, and six cards change hands."""
    s = trading(game(**{"trade-max-cards": 3}), minoa=MINOA_BIG)
    s.apply(MINOA, "offer ochre ochre treachery as ochre")
    assert s.to_move() == (HELLAS,)
    assert s.observation(HATTI)["deal"]["hidden_count"] == 1
    assert not any(a.kind in ("add", "post") for a in s.legal_actions(HELLAS))
    s.apply(HELLAS, "counter wool wool oil as wool")
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

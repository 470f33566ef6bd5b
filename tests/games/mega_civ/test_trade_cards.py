"""Rule tests of the trade cards of Mega Civilization on hand-built positions of the
small map (5 players): acquisition (MC-6), trade (MC-7), the hand limit (MC-12.4),
the return of the discards (MC-13.2) and the stacks of every player count.

Cards come from data/cards.json (5-player West stacks: ochre/clay 1, iron/papyrus 2,
fish/fruit 3, oil/wool 4, textiles/wine 5, copper/tin 6, incense/resin 7,
gemstones/marble 8, gold/ivory 9, each stack 2 to 9 with one major non-tradable and
one major tradable calamity: 2 volcanic-eruption-earthquake / treachery, 3 famine /
slave-revolt, 4 flood / superstition, 5 civil-war / barbarian-hordes, 6 cyclone /
epidemic, 7 tyranny / civil-disorder, 8 corruption / iconoclasm-and-heresy,
9 regression / piracy). The top card of a stack is the last element of its list.
Seats: HELLAS=0, MINOA=1, HATTI=2, ASSYRIA=3, EGYPT=4; AST order MINOA, ASSYRIA,
HATTI, HELLAS, EGYPT.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError, InvalidStateError, OptionError
from civtable.core.rng import Rng
from civtable.games.mega_civ.catalog import load_catalog, set_value
from civtable.games.mega_civ.codes import AUTO, BUY, CARDS, DISCARD, MOVE, TRADE
from civtable.games.mega_civ.rules import run
from civtable.games.mega_civ.rules.cards import hand_value
from civtable.games.mega_civ.state import MegaState

from . import _mc_helpers as mc
from ._mc_helpers import game, position_json
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA

CAT = load_catalog()
# Egypt, last in AST order, can still buy an advance: the flow stops there after the trade
EGYPT_BUYER = {EGYPT: {"treasury": 50, "tokens": {"great_delta": 1}}}


# ------------------------------------------------------------------ helpers
def arrange(data: dict[str, Any], top: dict[int, list[str]] | None = None, empty: tuple[int, ...] = (),
            discards: Sequence[str] = ()) -> None:
    """Change a position's JSON: ``top`` puts cards on top of a stack (the first named is
    the top card), ``empty`` moves whole stacks to their discards, ``discards`` moves
    single cards from the stacks to the discards; every card stays counted."""
    piles = data["stacks"]
    out = data.setdefault("discards", {})
    for k, ids in (top or {}).items():
        for c in ids:
            piles[str(k)].remove(c)
        piles[str(k)].extend(reversed(ids))
    for k in empty:
        out.setdefault(str(k), []).extend(piles[str(k)])
        piles[str(k)] = []
    for c in discards:
        mc.take_card(data, c)
        out.setdefault(str(CAT.cards[CAT.card(c)].stack), []).append(c)


def start(g: Any = None, *, phase: int, top: dict[int, list[str]] | None = None, empty: tuple[int, ...] = (),
          discards: Sequence[str] = (), **kw: Any) -> MegaState:
    """The automatic part of ``phase`` starts now on a hand-built position (as
    ``_mc_helpers.run_from``, with the stacks arranged by ``arrange``)."""
    g = g if g is not None else game()
    players = kw.setdefault("players", {})
    mover = next((p for p, spec in players.items() if any(spec.get("tokens", {}).values())), None)
    assert mover is not None, "somebody needs a token on the map"
    data = position_json(g, decider=mover, **kw)
    arrange(data, top, empty, discards)
    s = g.state_from_json(data)
    s.phase, s.step, s.decider, s.queue = phase, AUTO, -1, []
    run(s)
    return s


def ids(s: MegaState, cards: list[int]) -> list[str]:
    return sorted(s.cat.cards[c].id for c in cards)


def ids_of(cards: list[int]) -> list[str]:
    return sorted(CAT.cards[c].id for c in cards)


def hand(s: MegaState, p: int) -> list[str]:
    return ids(s, s.hands[p])


def pile(s: MegaState, k: int) -> list[str]:
    """Stack ``k`` from the bottom to the top."""
    return [s.cat.cards[c].id for c in s.stacks[k]]


def held_cards(s: MegaState) -> int:
    """The cards in the stacks, the discards and the hands (Water cards apart)."""
    return sum(len(x) for x in s.stacks) + sum(len(x) for x in s.discards) + sum(
        1 for h in s.hands for c in h if c != s.cat.water)


# ================================================================== MC-6.1: draws
# cities: Minoa 3, Assyria 2, Hellas 2, Hatti 1, Egypt 1 (Egypt can buy a card: the flow stops there)
DRAW_CITIES = {"kings_vale": MINOA, "north_downs": MINOA, "old_ford": MINOA, "twin_rivers": ASSYRIA,
               "river_bend": ASSYRIA, "great_delta": HELLAS, "harbour_bay": HELLAS, "ember_peak": HATTI,
               "south_cape": EGYPT}
DRAW_PLAYERS = {EGYPT: {"treasury": 20, "tokens": {"south_cape": 1}}}


def drawing(g: Any = None, **kw: Any) -> MegaState:
    """Phase 6 with DRAW_CITIES; stack 1 holds only ochre (top) and clay, stack 2 only
    iron, stack 3 has fish on top (the other cards are in the discards)."""
    data_top = {1: ["ochre", "clay"], 2: ["iron"], 3: ["fish"]}
    return start(g, phase=6, city=DRAW_CITIES, players=DRAW_PLAYERS, top=data_top,
                 discards=["ochre"] * 8 + ["clay"] * 8 + ["iron"] * 7 + ["papyrus"] * 8
                 + ["treachery", "volcanic-eruption-earthquake"], **kw)


def test_mc_6_1_1_fewest_cities_draw_first_ties_in_ast_order() -> None:
    """MC-6.1.1 (draw-order-ties): Hatti (1 city) draws first and takes the ochre, Egypt
    (1 city, after Hatti in AST order) the clay; then Assyria (2 cities, before Hellas in
    AST order) takes the only iron of stack 2; Hellas (2) and Minoa (3) find stacks 1
    and 2 empty and get Water cards (MC-6.1.3); Minoa also draws the fish of stack 3."""
    s = drawing()
    assert (s.phase, s.step, s.to_move()) == (6, CARDS, (EGYPT,))
    assert hand(s, HATTI) == ["ochre"]
    assert hand(s, EGYPT) == ["clay"]
    assert hand(s, ASSYRIA) == ["iron", "water"]
    assert hand(s, HELLAS) == ["water", "water"]
    assert hand(s, MINOA) == ["fish", "water", "water"]
    assert (len(s.stacks[1]), len(s.stacks[2])) == (0, 0)
    assert held_cards(s) == 119 + 16  # every commodity and calamity of 5 players (Water cards apart)


def test_mc_6_1_2_one_card_from_each_stack_up_to_the_number_of_cities() -> None:
    """MC-6.1.2: Minoa has 3 cities and draws the top card of stacks 1, 2 and 3 (clay,
    papyrus, fruit); stack 4 (oil on top) is not touched. Stacks 18, 18, 19 -> 17, 17, 18."""
    s = start(phase=6, city={"kings_vale": MINOA, "north_downs": MINOA, "old_ford": MINOA},
              players={MINOA: {"tokens": {"kings_vale": 1}}, EGYPT: {"treasury": 15}},
              top={1: ["clay"], 2: ["papyrus"], 3: ["fruit"], 4: ["oil"]})
    assert (s.phase, s.step, s.to_move()) == (6, CARDS, (EGYPT,))
    assert hand(s, MINOA) == ["clay", "fruit", "papyrus"]
    assert [len(x) for x in s.stacks[1:5]] == [17, 17, 18, 17]
    assert pile(s, 4)[-1] == "oil"
    assert [hand(s, p) for p in (HELLAS, HATTI, ASSYRIA, EGYPT)] == [[], [], [], []]


def test_mc_6_1_3_water_card_b_gives_nothing_for_an_empty_stack() -> None:
    """MC-6.1.3 (water-card B): as in the MC-6.1.1 test, but an empty stack gives nothing:
    Assyria keeps only the iron, Hellas has no card, Minoa only the fish."""
    s = drawing(game(**{"water-card": "B"}))
    assert hand(s, HATTI) == ["ochre"]
    assert hand(s, EGYPT) == ["clay"]
    assert hand(s, ASSYRIA) == ["iron"]
    assert hand(s, HELLAS) == []
    assert hand(s, MINOA) == ["fish"]


def test_mc_1_2_4_revolt_exemption_b_city_not_counted_for_the_draw() -> None:
    """MC-1.2.4 (revolt-exemption B): Minoa's city kings_vale revolted this turn; with his
    other city old_ford he draws from stack 1 only (A: stacks 1 and 2)."""
    for reading, want in (("A", ["ochre", "papyrus"]), ("B", ["ochre"])):
        s = start(game(**{"revolt-exemption": reading}), phase=6, city={"kings_vale": MINOA, "old_ford": MINOA},
                  exempt=["kings_vale"], players={MINOA: {"tokens": {"kings_vale": 1}}, EGYPT: {"treasury": 15}},
                  top={1: ["ochre"], 2: ["papyrus"]})
        assert hand(s, MINOA) == want, reading


# ================================================================== MC-6.2: purchases
def buying_cards(g: Any = None, hellas: dict[str, Any] | None = None, egypt: int = 15) -> MegaState:
    """Phase 6: Hellas and Egypt have one city each (Hellas draws first: AST order);
    Hellas can buy, and Egypt (15 in treasury) can buy after him."""
    spec = {"tokens": {"kings_vale": 2}, "treasury": 40, **(hellas or {})}
    return start(g, phase=6, city={"kings_vale": HELLAS, "great_delta": EGYPT},
                 players={HELLAS: spec, EGYPT: {"treasury": egypt, "tokens": {"great_delta": 2}}},
                 top={1: ["ochre", "clay"], 9: ["gold", "ivory", "piracy"]})


def test_mc_6_2_stack_9_for_15_treasury_after_all_draws() -> None:
    """MC-6.2 (stack9-purchase A): purchases come after every draw (Egypt, who draws after
    Hellas, already holds his clay); Hellas pays 15 treasury tokens, which go back to his
    stock (55 = 2 on the map + 13 stock + 40 treasury -> 28 stock + 25 treasury), for the
    top card of stack 9 (gold); one card a turn: then Egypt buys."""
    s = buying_cards()
    assert (s.phase, s.step, s.to_move()) == (6, CARDS, (HELLAS,))
    assert hand(s, EGYPT) == ["clay"]
    assert mc.texts(s, HELLAS) == ["buy-card 9 15", "done"]
    mc.assert_illegal(s, HELLAS, "buy-card 8 15")
    mc.assert_illegal(s, HELLAS, "buy-card 9 14")
    mc.assert_illegal(s, HELLAS, "free-card 9")
    s.apply(HELLAS, "buy-card 9 15")
    assert hand(s, HELLAS) == ["gold", "ochre"]
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (25, 28)
    assert s.to_move() == (EGYPT,)
    s.apply(EGYPT, "buy-card 9 15")
    assert (s.turn, s.phase, s.to_move()) == (2, 3, (HELLAS,))  # nothing else to decide this turn
    assert hand(s, EGYPT) == ["clay", "ivory"]


def test_mc_6_2_stack9_purchase_b_several_cards() -> None:
    """MC-6.2 (stack9-purchase B): Hellas (40) buys twice (gold, then ivory: 40 -> 25 ->
    10); with 10 left he cannot pay a third and Egypt's turn comes; Egypt (30) buys the
    piracy and may buy again."""
    s = buying_cards(game(**{"stack9-purchase": "B"}), egypt=30)
    s.apply(HELLAS, "buy-card 9 15")
    assert mc.texts(s, HELLAS) == ["buy-card 9 15", "done"]
    s.apply(HELLAS, "buy-card 9 15")
    assert hand(s, HELLAS) == ["gold", "ivory", "ochre"]
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (10, 43)
    assert s.to_move() == (EGYPT,)
    s.apply(EGYPT, "buy-card 9 15")
    assert hand(s, EGYPT) == ["clay", "piracy"]  # a calamity is drawn like any card
    assert s.to_move() == (EGYPT,) and mc.texts(s, EGYPT) == ["buy-card 9 15", "done"]


def test_mc_6_2_no_purchase_without_15_in_treasury() -> None:
    """MC-6.2: with 14 in the treasury Hellas is not asked; Egypt is."""
    s = buying_cards(hellas={"treasury": 14})
    assert s.to_move() == (EGYPT,)
    assert hand(s, HELLAS) == ["ochre"]


def test_mc_6_2_advance_purchases_and_a_free_card() -> None:
    """MC-6.2 with the advances' purchases (data): Cartography sells stack 2 for 5 and
    stack 7 for 13; Wonder of the World gives one free card from a stack above the
    number of cities (1: stacks 2 to 9); each once a turn (stack9-purchase A)."""
    s = buying_cards(hellas={"advances": ["cartography", "wonder-of-the-world"]})
    assert mc.texts(s, HELLAS) == ["buy-card 9 15", "buy-card 2 5", "buy-card 7 13"] + [
        f"free-card {k}" for k in range(2, 10)] + ["done"]
    s.apply(HELLAS, "free-card 9")
    s.apply(HELLAS, "buy-card 2 5")
    assert mc.texts(s, HELLAS) == ["buy-card 9 15", "buy-card 7 13", "done"]
    assert hand(s, HELLAS)[:2] == ["gold", "ochre"] and len(s.hands[HELLAS]) == 3
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (35, 18)


def test_mc_6_1_3_a_free_card_from_an_empty_stack_is_water() -> None:
    """MC-6.1.3 (water-card A): the free card of Wonder of the World from an empty stack 8."""
    s = start(phase=6, city={"kings_vale": HELLAS},
              players={HELLAS: {"tokens": {"kings_vale": 2}, "advances": ["wonder-of-the-world"]},
                       EGYPT: {"treasury": 15}}, top={1: ["clay"]}, empty=(8,))
    s.apply(HELLAS, "free-card 8")
    assert hand(s, HELLAS) == ["clay", "water"]
    assert s.to_move() == (EGYPT,)


# ================================================================== stacks per player count
STACK_SIZES = {  # commodities + calamities per stack, from data/cards.json
    5: [18, 16 + 2, 17 + 2, 15 + 2, 13 + 2, 11 + 2, 11 + 2, 9 + 2, 9 + 2],
    9: [26, 24 + 3, 25 + 3, 23 + 3, 19 + 3, 17 + 3, 17 + 3, 13 + 3, 13 + 3],
    12: [36, 32 + 4, 34 + 4, 30 + 4, 26 + 4, 22 + 4, 22 + 4, 18 + 4, 18 + 4],
    18: [44, 40 + 6, 42 + 6, 38 + 6, 32 + 6, 28 + 6, 28 + 6, 22 + 6, 22 + 6],
}


@pytest.mark.parametrize("players", sorted(STACK_SIZES))
def test_stacks_hold_the_cards_of_the_player_count(players: int) -> None:
    """MC-6.1.2's stacks 1 to 9 of a new game (data composition): 5 players 135 cards,
    9 players 201 (one more commodity per stack and the minor calamities), 12 players
    270 (both blocks, two sets of major calamities), 18 players 344."""
    g = game(players=players, map="full" if players > 5 else "small")
    s = g.new_state(seed=1)
    assert [len(x) for x in s.stacks[1:]] == STACK_SIZES[players]
    assert sum(STACK_SIZES[players]) == {5: 135, 9: 201, 12: 270, 18: 344}[players]
    assert s.hands == [[] for _ in range(players)] and not any(s.discards)


@pytest.mark.parametrize("players", range(5, 19))
def test_calamities_by_player_count(players: int) -> None:
    """MC-8.2 / MC-9 calamities in the stacks (data): minor ones only with 9 to 11 and
    15 to 18 players; each calamity once up to 11 players, twice (one set per block)
    from 12; stack 1 never holds a calamity."""
    stacks = CAT.stacks_for(players, "West")
    cals = [c for x in stacks for c in x if CAT.cards[c].calamity]
    minors = [c for c in cals if not CAT.cards[c].major]
    has_minor = 9 <= players <= 11 or players >= 15
    assert len(minors) == (8 if has_minor else 0) * (2 if players >= 12 else 1)
    copies = 2 if players >= 12 else 1
    assert len(cals) == (24 if has_minor else 16) * copies
    assert all(cals.count(c) == copies for c in cals)
    assert not any(CAT.cards[c].calamity for c in stacks[1])


def test_the_blocks_west_and_east_for_five_players() -> None:
    """MC-6.1.2 stacks (data, option side): with 5 players the West block has ochre and
    clay in stack 1, the East block flax and hides (9 of each)."""
    west, east = CAT.stacks_for(5, "West"), CAT.stacks_for(5, "East")
    assert ids_of(west[1]) == ["clay"] * 9 + ["ochre"] * 9
    assert ids_of(east[1]) == ["flax"] * 9 + ["hides"] * 9


def test_setup_puts_the_non_tradable_calamities_at_the_bottom() -> None:
    """MC-13.2.3 at the set-up (data ``setup``): each stack 2 to 9 has its non-tradable
    calamity at the bottom (first) and the tradable one somewhere above."""
    s = game().new_state(seed=3)
    for k in range(2, 10):
        bottom = s.cat.cards[s.stacks[k][0]]
        assert bottom.calamity and not bottom.tradable, k
        assert sum(1 for c in s.stacks[k][1:] if s.cat.cards[c].calamity) == 1


# ================================================================== set values
def test_set_value_is_n_squared_times_face_value() -> None:
    """MC-12.2 (the value of trade cards, rules data): n cards of one commodity are worth
    n squared times the face value; different commodities add up; Water and calamities
    are worth nothing. Ochre x3 (9), wine x2 (20), gold (9), Water, Famine: 38, in any
    order of the cards."""
    s = game().new_state(seed=1)
    cards = [s.cat.card(c) for c in ["ochre", "wine", "ochre", "gold", "water", "wine", "famine", "ochre"]]
    assert hand_value(s, cards) == 9 + 20 + 9
    assert hand_value(s, sorted(cards)) == 38
    assert hand_value(s, [s.cat.card("gold")] * 5) == 225
    assert [set_value(n, 3) for n in range(1, 6)] == [3, 12, 27, 48, 75]
    assert hand_value(s, []) == 0


# ================================================================== MC-7: trade
MINOA_HAND = ["ochre", "ochre", "wine", "treachery", "flood"]  # treachery tradable, flood not
HELLAS_HAND = ["wool", "wool", "oil", "papyrus"]


def trading(g: Any = None, minoa: list[str] = MINOA_HAND, hellas: list[str] = HELLAS_HAND,
            others: dict[int, dict[str, Any]] | None = None) -> MegaState:
    """Phase 7: Minoa and Hellas can trade (Minoa proposes first: AST order); Egypt can
    buy an advance in phase 12 (the flow stops there after the trade)."""
    return start(g, phase=7, players={MINOA: {"hand": minoa}, HELLAS: {"hand": hellas}, **EGYPT_BUYER, **(others or {})})


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


# ================================================================== MC-12.4: hand limit
def test_mc_12_4_every_card_counts_for_the_hand_limit_water_too() -> None:
    """MC-12.4 (hand-limit A): 5 players, 8 cards. Hellas holds 7 commodities and 2 Water
    cards (9): at the end of phase 12 he discards one, his choice; a discarded Water card
    is gone (it is in no stack), a commodity goes to its discards."""
    cards = ["ochre", "ochre", "clay", "iron", "fish", "oil", "wine", "water", "water"]
    s = start(phase=12, players={HELLAS: {"tokens": {"kings_vale": 1}, "hand": cards}})
    assert (s.phase, s.step, s.to_move()) == (12, DISCARD, (HELLAS,))
    assert mc.texts(s, HELLAS) == ["discard ochre", "discard clay", "discard iron", "discard fish", "discard oil",
                                "discard wine", "discard water"]
    s.apply(HELLAS, "discard water")
    assert hand(s, HELLAS) == sorted(cards[:-1])
    assert (s.turn, s.phase, s.step) == (2, 3, MOVE)
    assert held_cards(s) == 135


def test_mc_12_4_eight_cards_are_kept() -> None:
    """MC-12.4: 8 cards (Water included) is the limit itself: nothing is discarded."""
    cards = ["ochre", "ochre", "clay", "iron", "fish", "oil", "water", "water"]
    s = start(phase=12, players={HELLAS: {"tokens": {"kings_vale": 1}, "hand": cards}})
    assert (s.turn, s.phase, s.step) == (2, 3, MOVE)
    assert hand(s, HELLAS) == sorted(cards)


def test_mc_12_4_a_discarded_commodity_returns_under_its_stack() -> None:
    """MC-12.4 / MC-13.2: Hellas (9 cards) discards the wine; in phase 13 it goes under
    stack 5 (its bottom card), the rest of the stack unchanged above it."""
    cards = ["ochre", "ochre", "clay", "iron", "fish", "oil", "wine", "water", "water"]
    s = start(phase=12, players={HELLAS: {"tokens": {"kings_vale": 1}, "hand": cards}})
    before = pile(s, 5)
    s.apply(HELLAS, "discard wine")
    assert pile(s, 5) == ["wine", *before]


# ================================================================== MC-13.2: discards
RETURNED = ["wool", "oil", "flood", "superstition", "wool"]  # discards of stack 4 (flood not tradable)


def returning(g: Any = None, rng: int = 1) -> tuple[MegaState, dict[int, list[str]]]:
    """Phase 13 starts with RETURNED and a papyrus in the discards; stack 4 has oil on top."""
    g = g if g is not None else game()
    data = position_json(g, players={HELLAS: {"tokens": {"kings_vale": 1}}}, decider=HELLAS, rng=rng)
    arrange(data, top={4: ["oil"]}, discards=[*RETURNED, "papyrus"])
    s = g.state_from_json(data)
    left = {k: pile(s, k) for k in (2, 4)}
    s.phase, s.step, s.decider, s.queue = 13, AUTO, -1, []
    run(s)
    assert (s.turn, s.phase) == (2, 3)
    return s, left


def test_mc_13_2_1_to_13_2_4_discards_go_under_their_stack_non_tradable_at_the_bottom() -> None:
    """MC-13.2.1 to MC-13.2.4 (non-tradable-position A): the discards are sorted by stack;
    the pile of stack 4 (wool, oil, superstition, wool shuffled, flood at its bottom)
    goes under the 12 cards left in stack 4 (oil still on top); the papyrus under stack
    2; no discards are left."""
    s, left = returning()
    assert pile(s, 4)[5:] == left[4] and pile(s, 4)[-1] == "oil"
    assert pile(s, 4)[0] == "flood"
    assert sorted(pile(s, 4)[1:5]) == ["oil", "superstition", "wool", "wool"]
    assert pile(s, 2) == ["papyrus", *left[2]]
    assert not any(s.discards)
    assert held_cards(s) == 135


def test_mc_13_2_4_non_tradable_position_b_on_top_of_the_pile() -> None:
    """MC-13.2.4 (non-tradable-position B): the flood goes on top of the returned pile,
    directly under the cards that were still in stack 4."""
    s, left = returning(game(**{"non-tradable-position": "B"}))
    assert pile(s, 4)[5:] == left[4]
    assert pile(s, 4)[4] == "flood"
    assert sorted(pile(s, 4)[:4]) == ["oil", "superstition", "wool", "wool"]


def test_mc_13_2_2_the_pile_is_shuffled() -> None:
    """MC-13.2.2: the tradable cards of the pile (tradable calamity included) come back in
    an order of chance: over a few seeds more than one order is seen."""
    orders = {tuple(pile(returning(rng=seed)[0], 4)[1:5]) for seed in range(1, 30)}
    assert len(orders) > 1
    assert all(sorted(o) == ["oil", "superstition", "wool", "wool"] for o in orders)


# ================================================================== hidden cards: determinize
def stacks_of(s: MegaState, p: int) -> list[int]:
    return sorted(s.cat.cards[c].stack for c in s.hands[p])


def test_mc_7_3_determinize_keeps_the_shown_cards_and_deals_the_hidden_one_again() -> None:
    """MC-7.3 / MC-7.4: for Hellas, Minoa's offer keeps its proposer, two shown ochre and
    declaration; the hidden card (a treachery, declared as ochre) becomes some tradable
    card of Minoa's new hand not already shown, of any stack (issue 13: its back is not
    seen), not always the treachery; his flood (non-tradable, its place is known)
    stays. Minoa himself keeps his own hidden card."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre treachery as ochre")
    s.apply(MINOA, "post")
    before = s.to_json()
    hidden = set()
    for seed in range(30):
        d = s.determinize(HELLAS, Rng(seed))
        assert d.hands[HELLAS] == s.hands[HELLAS]
        assert stacks_of(d, MINOA) == [1, 1, 2, 4, 5]
        side = d.deal[1]
        assert [ids(d, side[:2]), d.deal[0], d.cat.cards[side[3]].id, len(side)] == [["ochre", "ochre"], MINOA, "ochre", 4]
        h = d.cat.cards[side[2]]
        assert h.tradable and side[2] in d.hands[MINOA]
        rest = list(d.hands[MINOA])
        for c in side[:3:2] + side[1:2]:
            rest.remove(c)  # the hidden card is another card than the two shown
        assert "ochre" in hand(d, MINOA) and "flood" in hand(d, MINOA)
        assert d.observation(HELLAS) == s.observation(HELLAS)
        hidden.add(h.id)
        own = s.determinize(MINOA, Rng(seed))
        assert own.hands[MINOA] == s.hands[MINOA] and own.deal[1][2] == s.cat.card("treachery")
    assert len(hidden) > 1
    assert s.to_json() == before


def test_mc_9_1_1_determinize_deals_no_calamity_into_a_hand_after_phase_9() -> None:
    """MC-9.1.1: every calamity held is revealed in phase 9, so in phase 12 no hand holds
    one: Hellas's eight cards of stacks 2 to 9, dealt again for Minoa, are commodities
    of the same stacks; the non-tradable calamities keep their places in the stacks."""
    cards = ["papyrus", "fish", "wool", "wine", "tin", "resin", "marble", "gold"]
    s = start(phase=12, players={HELLAS: {"tokens": {"kings_vale": 1}, "hand": cards, "treasury": 50},
                                 MINOA: {"hand": ["ochre"]}})
    assert (s.phase, s.step) == (12, BUY)
    fixed = [[i for i, c in enumerate(x) if s.cat.cards[c].calamity and not s.cat.cards[c].tradable] for x in s.stacks]
    for seed in range(20):
        d = s.determinize(MINOA, Rng(seed))
        assert stacks_of(d, HELLAS) == [2, 3, 4, 5, 6, 7, 8, 9]
        assert not any(d.cat.cards[c].calamity for c in d.hands[HELLAS])
        assert [[i for i, c in enumerate(x) if d.cat.cards[c].calamity and not d.cat.cards[c].tradable]
                for x in d.stacks] == fixed
        assert d.hands[MINOA] == s.hands[MINOA]


def test_mc_8_1_determinize_keeps_the_declared_calamities() -> None:
    """MC-8.1 / MC-8.2: in phase 8 the calamities are declared; Hellas, over the limit
    (three major calamities), chooses one to discard: for Minoa's determinization his
    calamities and his choices stay, his commodities are dealt again."""
    g = game()
    data = position_json(g, phase=8, step="discard", decider=HELLAS,
                         players={HELLAS: {"hand": ["treachery", "superstition", "flood", "wine", "gold"]},
                                  MINOA: {"hand": ["ochre"]}})
    s = g.state_from_json(data)
    assert mc.texts(s, HELLAS) == ["discard flood", "discard treachery", "discard superstition"]
    for seed in range(10):
        d = s.determinize(MINOA, Rng(seed))
        assert [c for c in hand(d, HELLAS) if d.cat.cards[d.cat.card(c)].calamity] == ["flood", "superstition", "treachery"]
        assert stacks_of(d, HELLAS) == [2, 4, 4, 5, 9]
        assert mc.texts(d, HELLAS) == mc.texts(s, HELLAS)

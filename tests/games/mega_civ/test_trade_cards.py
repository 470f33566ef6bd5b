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

from typing import Any

import pytest

from civtable.core.rng import Rng
from civtable.games.mega_civ.catalog import set_value
from civtable.games.mega_civ.rules import run
from civtable.games.mega_civ.rules.cards import hand_value
from civtable.games.mega_civ.state import AUTO, BUY, CARDS, DISCARD, MOVE, MegaState

from . import _mc_helpers as mc
from ._card_helpers import CAT, arrange, hand, held_cards, ids, ids_of, pile, start, trading
from ._mc_helpers import game, position_json
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA

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
    s.apply(MINOA, "offer ochre ochre")
    s.apply(MINOA, "add treachery as ochre")
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

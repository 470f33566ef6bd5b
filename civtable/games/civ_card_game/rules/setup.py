"""Set-up (CCG-4.1 to CCG-4.10): decks, dealt plots, the snake draft, the displays,
the free population, the starting hands and their discards, and the first turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.events import ROOT
from civtable.core.rng import Rng

from ..actions import CcgAction
from ..state import DRAFTING, FREE_POP, START_DISCARD, CcgState
from .draw import draw_cards
from .purchase import refill_plots, refill_techs
from .turn import start_turn

if TYPE_CHECKING:
    from ..game import CivCardGame


def initial(game: CivCardGame, seed: int) -> CcgState:
    """CCG-4.1 to CCG-4.3: decks shuffled, two plots dealt to each player from the
    dealer's left, the first draft row laid out; the decisions are left to the players
    (the forward model's ``start``)."""
    rules = game.rules
    s = CcgState.__new__(CcgState)
    s.game, s.model, s.rules, s.n = game, game.model, rules, game.num_players
    s.journal = ROOT
    n = s.n
    s.rng = rng = Rng(seed)
    cards = rules.cards
    s.res = [[0, 0, 0] for _ in range(n)]
    s.hand = [[0] * rules.n_cards for _ in range(n)]
    s.plots = [[] for _ in range(n)]
    s.techs = [0] * n
    s.mining_due = [0] * n
    s.used = [0] * n
    s.plot_deck = [i for i, c in enumerate(cards.plot_counts) for _ in range(c)]
    rng.shuffle(s.plot_deck)
    s.tech_deck = list(range(len(cards.techs)))
    rng.shuffle(s.tech_deck)
    s.deck = [i for i, c in enumerate(cards.card_counts) for _ in range(c)]
    rng.shuffle(s.deck)
    s.discard = []
    s.pop_bank = rules.numbers["population_bank"]
    dealer = game.options["dealer"]
    s.dealer = dealer % n if dealer is not None else rng.below(n)  # CCG-4.10 (seating)
    s.turn_no = 0
    s.left = 0
    s.attacks, s.blocks, s.damage = [], [], []
    s.fought = False
    s.target = -1
    s.end_after = -1
    s.winner_list = []
    s.derived = [None] * n
    s.held = None
    s.legal = None
    s.memo = None
    first = (s.dealer + 1) % n
    s.current = first
    s.emit("setup.dealer", {"dealer": s.dealer, "first": first})
    plot_ids = [p.id for p in cards.plots]
    for k in range(n):  # CCG-4.2: two plots each, from the dealer's left
        p = (first + k) % n
        for _ in range(rules.numbers["dealt_plots"]):
            s.plots[p].append([s.plot_deck.pop(), 0])
        s.emit("setup.dealt", {"player": p, "plots": [plot_ids[pl[0]] for pl in s.plots[p]]})
    s.draft_row = [s.plot_deck.pop() for _ in range(n)]
    s.queue = [(first + k) % n for k in range(n)]  # CCG-4.3
    s.phase = DRAFTING
    s.decider = s.queue[0]
    s.tech_display = []
    s.plot_display = []
    s.emit("draft.row", {"plots": [plot_ids[t] for t in s.draft_row], "first": first})
    return s


def legal_draft(s: CcgState, p: int) -> list[CcgAction]:
    acts = s.rules.acts.draft
    return [acts[t] for t in sorted(set(s.draft_row))]


def play_draft(s: CcgState, p: int, a: CcgAction) -> None:
    """CCG-4.3 / CCG-4.4: the snake draft, so that each player has four plots (CCG-2.1.3);
    then the displays (CCG-4.5, CCG-4.6) and the free population (CCG-4.8)."""
    s.draft_row.remove(a.a)
    s.plots[p].append([a.a, 0])
    s.queue.pop(0)
    if s.queue:
        s.decider = s.queue[0]
        return
    n = s.n
    plot_ids = [x.id for x in s.rules.cards.plots]
    if s.left == 0:  # CCG-4.4: the second draft, the dealer first, in the other direction
        s.left = 1
        s.draft_row = [s.plot_deck.pop() for _ in range(n)]
        s.queue = [(s.dealer - k) % n for k in range(n)]
        s.decider = s.queue[0]
        s.emit("draft.row", {"plots": [plot_ids[t] for t in s.draft_row], "first": s.decider})
        return
    s.left = 0
    nums = s.rules.numbers
    refill_plots(s, nums["display_plots"], announce=False)  # CCG-4.5
    refill_techs(s, nums["display_techs"], announce=False)  # CCG-4.6
    s.emit("display.plots", {"plots": [plot_ids[t] for t in s.plot_display]})
    s.emit("display.techs", {"techs": [s.rules.tech_ids[t] for t in s.tech_display]})
    s.queue = order_from_dealer(s)  # CCG-4.8
    s.phase = FREE_POP
    s.decider = s.queue[0]


def order_from_dealer(s: CcgState) -> list[int]:
    """The seats from the dealer's left."""
    return [(s.dealer + 1 + k) % s.n for k in range(s.n)]


def legal_place(s: CcgState, p: int) -> tuple[CcgAction, ...]:
    return s.rules.acts.place[:len(s.plots[p])]


def play_place(s: CcgState, p: int, a: CcgAction) -> None:
    """CCG-4.8: one free population on a plot; after the last, CCG-4.9's starting
    hands of 6, 7, 8 and 9 cards from the dealer's left."""
    nums = s.rules.numbers
    s.plots[p][a.a][1] += nums["free_population"]
    s.pop_bank -= nums["free_population"]
    s.emit("setup.population", {"player": p, "plot": s.rules.cards.plots[s.plots[p][a.a][0]].id,
                                "number": a.a + 1})
    s.queue.pop(0)
    if s.queue:
        s.decider = s.queue[0]
        return
    sizes = nums["starting_hand"]
    order = order_from_dealer(s)
    for k, q in enumerate(order):  # CCG-4.9: 6, 7, 8, 9 cards from the dealer's left
        draw_cards(s, q, sizes[k])
    s.queue = order
    s.left = nums["starting_discard"]
    s.phase = START_DISCARD
    s.decider = order[0]
    skip_empty_discards(s)


def skip_empty_discards(s: CcgState) -> None:
    """Move past players with nothing to choose (no cards left to discard)."""
    while s.queue and not any(s.hand[s.queue[0]]):
        s.queue.pop(0)
        s.left = s.rules.numbers["starting_discard"]
    if s.queue:
        s.decider = s.queue[0]
    else:
        first_turn(s)


def play_start_discard(s: CcgState, p: int, a: CcgAction) -> None:
    """CCG-4.9: each player in turn discards 2 of the cards drawn."""
    s.hand[p][a.a] -= 1
    s.discard.append(a.a)
    s.left -= 1
    if s.left and any(s.hand[p]):
        return
    s.queue.pop(0)
    s.left = s.rules.numbers["starting_discard"]
    skip_empty_discards(s)


def first_turn(s: CcgState) -> None:
    """CCG-4.10: play begins with the player to the left of the dealer."""
    s.left = 0
    s.current = (s.dealer + 1) % s.n
    s.turn_no = 1
    start_turn(s)

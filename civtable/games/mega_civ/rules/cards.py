"""Phase 6: acquisition of trade cards (MC-6): the draws, the purchases, and the
card primitives every phase uses (a card added to a hand, a card discarded)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalog import set_value
from ..state import CARDS
from .flow import ask, next_in_queue

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def draw_count(s: MegaState, p: int) -> int:
    """MC-6.1.2: one card from each of stacks 1..N for N cities (revolt-exemption B:
    a city that revolted this turn does not count)."""
    cities = s.cities_of(p)
    if s.rules.revolt_exempt_cards:
        cities = [a for a in cities if a not in s.exempt]
    return min(len(cities), len(s.stacks) - 1)


def draw(s: MegaState, p: int, stack: int) -> int | None:
    """MC-6.1.3 (water-card): an empty stack gives the Water card (A) or nothing (B)."""
    if s.stacks[stack]:
        card = s.stacks[stack].pop()
    elif s.rules.water_card:
        card = s.cat.water
    else:
        return None
    add(s, p, card)
    return card


def add(s: MegaState, p: int, card: int) -> None:
    hand = s.hands[p]
    hand.append(card)
    hand.sort()


def discard(s: MegaState, p: int, card: int) -> None:
    """A card leaves the hand for the discards of its stack (Water cards are unlimited and vanish)."""
    s.hands[p].remove(card)
    stack = s.cat.cards[card].stack
    if stack:
        s.discards[stack].append(card)


def tell_draw(s: MegaState, p: int, drawn: list[int]) -> None:
    """The player is told which cards he drew, the others how many (the backs show the stacks)."""
    if drawn and s.journal is not None:
        cards = s.cat.cards
        s.emit("cards.drawn", {"player": p, "cards": [cards[c].id for c in drawn]}, to=(p,))
        s.emit("cards.dealt", {"player": p, "count": len(drawn)}, exclude=(p,))


def phase_cards(s: MegaState) -> None:
    """MC-6.1.1 (draw-order-ties): fewest cities first, ties in AST order; then purchases."""
    for p in sorted(s.order, key=lambda q: len(s.cities_of(q))):
        drawn = [draw(s, p, k) for k in range(1, draw_count(s, p) + 1)]
        tell_draw(s, p, [c for c in drawn if c is not None])
    s.used = [[] for _ in range(s.n)]
    s.log = []
    s.traded = []
    s.struck = []
    buyers = [p for p in s.order if purchases(s, p)]
    if not ask(s, CARDS, buyers):
        s.phase = 7


def purchases(s: MegaState, p: int) -> list[tuple[int, int, str]]:
    """MC-6.2 and the advances' purchases: (stack, cost, name) the player may still make.
    stack9-purchase A: one card of each kind per turn; B: as many as he can pay for."""
    out = []
    used = s.used[p]
    for stack, cost, needs in s.cat.purchases:
        if needs >= 0 and needs not in s.owned[p]:
            continue
        name = f"stack{stack}"
        if s.rules.one_purchase and name in used:
            continue
        if s.treasury[p] >= cost:
            out.append((stack, cost, name))
    if s.holds(p, "free_card") and "wonder" not in used:  # Wonder of the World
        for stack in range(draw_count(s, p) + 1, len(s.stacks)):
            out.append((stack, 0, "wonder"))
    return out


def legal_cards(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    seen = set()
    out = []
    for stack, cost, _name in purchases(s, p):
        key = (stack, cost)
        if key not in seen:
            seen.add(key)
            out.append(g("buy-card", stack, cost) if cost else g("free-card", stack))
    out.append(g("done"))
    return out


def play_cards(s: MegaState, p: int, a: Action) -> None:
    """MC-6.2: a card bought with treasury (or the Wonder's free card) is drawn at once."""
    if a.kind == "done":
        next_in_queue(s)
        return
    stack = a.args[0]
    if a.kind == "free-card":
        s.used[p].append("wonder")
    else:
        cost = a.args[1]
        for st, c, name in purchases(s, p):
            if st == stack and c == cost:
                s.used[p].append(name)
                break
        s.treasury[p] -= cost  # the tokens go back to the stock (stack9-purchase A)
        s.stock[p] += cost
    card = draw(s, p, stack)
    tell_draw(s, p, [] if card is None else [card])
    if not purchases(s, p):
        next_in_queue(s)


def cards_done(s: MegaState) -> None:
    s.phase = 7


def hand_value(s: MegaState, hand: list[int]) -> int:
    """What a hand's commodities are worth as payment: n squared times the face value
    per commodity (Water and calamities: nothing); the order of the cards does not matter."""
    cards = s.cat.cards
    counts: dict[int, int] = {}
    for c in hand:
        if cards[c].commodity:
            counts[c] = counts.get(c, 0) + 1
    return sum(set_value(k, cards[c].face_value) for c, k in counts.items())

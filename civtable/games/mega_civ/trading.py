"""Phases 6 and 7: acquisition of trade cards (MC-6) and trade (MC-7).

Trade is a structured negotiation (trade-limit A: a number of rounds). In each
round every player in AST order may post one offer of three cards: two shown
(they must be what they are) and one hidden, declared as a commodity. The
declaration is limited to the hidden card's own name or a shown card's name (the
usual "three Wool" bluff), which keeps the list of offers small. Every other
player who can answers with a counter-offer of the same shape or declines; the
proposer accepts one counter and the six cards change hands at once (MC-7.5).
Tradable calamities may travel as hidden cards; non-tradable ones never move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action

from .catalog import set_value

if TYPE_CHECKING:
    from .state import MegaState

OFFER, COUNTER, ACCEPT = 0, 1, 2


# ------------------------------------------------------------------ phase 6
def draw_count(s: MegaState, p: int) -> int:
    """MC-6.1.2: one card from each of stacks 1..N for N cities (revolt-exemption B:
    a city that revolted this turn does not count)."""
    cities = s.cities_of(p)
    if s.rules.revolt_exempt_cards:
        cities = [a for a in cities if a not in s.exempt]
    return min(len(cities), len(s.stacks) - 1)


def draw(s: MegaState, p: int, stack: int) -> None:
    """MC-6.1.3 (water-card): an empty stack gives the Water card (A) or nothing (B)."""
    if s.stacks[stack]:
        add(s, p, s.stacks[stack].pop())
    elif s.rules.water_card:
        add(s, p, s.cat.water)


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


def phase_cards(s: MegaState) -> None:
    """MC-6.1.1 (draw-order-ties): fewest cities first, ties in AST order; then purchases."""
    from .state import CARDS

    for p in sorted(s.order, key=lambda q: len(s.cities_of(q))):
        for k in range(1, draw_count(s, p) + 1):
            draw(s, p, k)
    s.used = [[] for _ in range(s.n)]
    s.log = []
    buyers = [p for p in s.order if purchases(s, p)]
    if not s._ask(CARDS, buyers):
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


def do_cards(s: MegaState, p: int, a: Action) -> None:
    if a.kind == "done":
        s._next_in_queue()
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
    draw(s, p, stack)
    if not purchases(s, p):
        s._next_in_queue()


def cards_done(s: MegaState) -> None:
    s.phase = 7


# ------------------------------------------------------------------ phase 7
def tradable(s: MegaState, p: int) -> list[int]:
    cards = s.cat.cards
    return [c for c in s.hands[p] if cards[c].tradable]


def can_trade(s: MegaState, p: int) -> bool:
    """Three tradable cards, two of them not calamities (they are shown, MC-7.3)."""
    cards = s.cat.cards
    hand = s.hands[p]
    shown = sum(1 for c in hand if not cards[c].calamity)
    return shown >= 2 and sum(1 for c in hand if cards[c].tradable) >= 3


def phase_trade(s: MegaState) -> None:
    s.trade_round = 0
    s.deal = None
    s.target = -1  # position in AST order of the proposer
    next_proposer(s)


def next_proposer(s: MegaState) -> None:
    """The next player in AST order with something to trade proposes; after the last
    round the phase ends (MC-7.1, trade-limit A)."""
    from .state import AUTO, TRADE

    s.deal = None
    traders = [p for p in s.order if can_trade(s, p)]
    while len(traders) >= 2 and s.trade_round < s.rules.trade_rounds:
        s.target += 1
        if s.target >= s.n:
            s.target = -1
            s.trade_round += 1
            continue
        p = s.order[s.target]
        if p in traders:
            s.step, s.queue, s.decider = TRADE, [p], p
            return
    s.step, s.queue, s.decider, s.target = AUTO, [], -1, -1
    s.phase = 8


def offers(s: MegaState, p: int, kind: str) -> list[Action]:
    """Every three-card offer: two shown cards (not calamities), one hidden tradable card,
    declared as its own commodity or one of the shown ones."""
    g = s.rules.act
    cards = s.cat.cards
    hand = tradable(s, p)
    kinds = sorted(set(hand))
    out = []
    for i, c1 in enumerate(kinds):
        if cards[c1].calamity:
            continue
        for c2 in kinds[i:]:
            if cards[c2].calamity or (c2 == c1 and hand.count(c1) < 2):
                continue
            rest = list(hand)
            rest.remove(c1)
            rest.remove(c2)
            for h in sorted(set(rest)):
                names = {c1, c2} if cards[h].calamity else {c1, c2, h}
                for d in sorted(names):
                    out.append(g(kind, cards[c1].id, cards[c2].id, cards[h].id, "as", cards[d].id))
    return out


def legal_trade(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    deal = s.deal
    if deal is None:
        return offers(s, p, "offer") + [g("pass")]
    if deal[5] == COUNTER:
        return offers(s, p, "counter") + [g("decline")]
    return [g("accept", q) for q in sorted(deal[6])] + [g("reject")]


def _cards_of(s: MegaState, a: Action) -> list[int]:
    cat = s.cat
    return [cat.card(a.args[0]), cat.card(a.args[1]), cat.card(a.args[2]), cat.card(a.args[4])]


def do_trade(s: MegaState, p: int, a: Action) -> None:
    kind = a.kind
    if kind == "pass":
        next_proposer(s)
    elif kind == "offer":
        c1, c2, h, d = _cards_of(s, a)
        responders = [q for q in s.order if q != p and can_trade(s, q)]
        s.deal = [p, c1, c2, h, d, COUNTER, {}]
        s.queue = responders
        s.decider = responders[0]
    elif kind in ("counter", "decline"):
        deal = s.deal
        assert deal is not None
        if kind == "counter":
            deal[6][p] = _cards_of(s, a)
        s.queue.pop(0)
        if s.queue:
            s.decider = s.queue[0]
        elif deal[6]:
            deal[5] = ACCEPT
            s.queue, s.decider = [deal[0]], deal[0]
        else:
            s.log.append(f"{s.civ[deal[0]]}'s offer found no taker")
            next_proposer(s)
    elif kind == "accept":
        deal = s.deal
        assert deal is not None
        q = int(a.args[0])
        exchange(s, p, deal[1:4], q, deal[6][q][:3])
        s.log.append(f"{s.civ[p]} traded with {s.civ[q]}")
        next_proposer(s)
    else:  # reject
        next_proposer(s)


def exchange(s: MegaState, p: int, give: list[int], q: int, take: list[int]) -> None:
    """MC-7.5: both sides hand over their three cards at once."""
    for c in give:
        s.hands[p].remove(c)
    for c in take:
        s.hands[q].remove(c)
    for c in take:
        add(s, p, c)
    for c in give:
        add(s, q, c)


def trade_done(s: MegaState) -> None:  # trading never uses the shared queue machinery
    s.phase = 8


# ------------------------------------------------------------------ values
def hand_value(s: MegaState, hand: list[int]) -> int:
    """What a hand's commodities are worth as payment: n squared times the face value per commodity."""
    cards = s.cat.cards
    total = 0
    i = 0
    while i < len(hand):
        c = hand[i]
        j = i
        while j < len(hand) and hand[j] == c:
            j += 1
        if cards[c].commodity:
            total += set_value(j - i, cards[c].face_value)
        i = j
    return total


# ------------------------------------------------------------------ hidden cards
def redeal(s: MegaState, player: int, rng: object) -> None:
    """Determinization: the cards ``player`` cannot see (other hands, stack orders) are
    dealt again at random. Hands keep their number of cards of each stack (card backs
    show the stack); cards shown in an offer stay where they are, and a hidden offered
    card is replaced by a card of its stack from the new hand."""
    from civtable.core.rng import Rng

    assert isinstance(rng, Rng)
    cards = s.cat.cards
    deal = s.deal
    fixed: dict[int, list[int]] = {q: [] for q in range(s.n)}  # shown cards, kept in place
    hidden: list[tuple[int, int, int]] = []  # (owner, index into its offer list, stack)
    if deal is not None:
        sides = [(deal[0], deal)] + [(q, v) for q, v in sorted(deal[6].items())]
        for q, side in sides:
            if q == player:
                continue
            off = 1 if side is deal else 0
            fixed[q] += [side[off], side[off + 1]]
            hidden.append((q, off + 2, cards[side[off + 2]].stack))
    for k in range(1, len(s.stacks)):
        pool: list[int] = list(s.stacks[k])
        counts: dict[int, int] = {}
        for q in range(s.n):
            if q == player:
                continue
            keep = list(fixed[q])
            mine = []
            for c in s.hands[q]:
                if cards[c].stack != k:
                    continue
                if c in keep:
                    keep.remove(c)
                    continue
                mine.append(c)
            counts[q] = len(mine)
            pool += mine
        pool.sort()
        rng.shuffle(pool)
        for q in range(s.n):
            if q == player:
                continue
            other = [c for c in s.hands[q] if cards[c].stack != k]
            kept = [c for c in s.hands[q] if cards[c].stack == k]
            keep = list(fixed[q])
            stay = []
            for c in kept:
                if c in keep:
                    keep.remove(c)
                    stay.append(c)
            new = [pool.pop() for _ in range(counts[q])]
            for owner, idx, stack in hidden:
                if owner == q and stack == k and new:
                    side = deal if deal is not None and deal[0] == q else deal[6][q]  # type: ignore[index]
                    side[idx] = new[0]
            s.hands[q] = sorted(other + stay + new)
        s.stacks[k] = pool

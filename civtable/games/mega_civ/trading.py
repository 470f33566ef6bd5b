"""Phases 6 and 7: acquisition of trade cards (MC-6) and trade (MC-7).

Trade is a structured negotiation (trade-limit A: a number of rounds). In each
round every player in AST order may post one offer of at least three cards (MC-7.2):
two shown (they must be what they are, MC-7.3) and one or more hidden, each declared
as a commodity (MC-7.4). A declaration is limited to the hidden card's own name or a
shown card's name (the usual "three Wool" bluff; a calamity only as a shown card's
name), which keeps the lists of actions small. Tradable calamities may travel as
hidden cards; non-tradable ones never move.

An offer is built in small steps (DESIGN: compound choices are split):

- ``offer C1 C2 H as D`` names the two shown cards and the first hidden card, as a
  three-card offer always did (a record of three-card offers reads the same);
- then, while the offer has fewer cards than option ``trade-max-cards`` (default 5)
  and the hand has another tradable card, the proposer may ``add H as D`` (one more
  hidden card and its declaration) or ``post`` the offer as it is. When nothing can
  be added the offer is posted at once, so ``trade-max-cards 3`` plays exactly the
  three-card offers (one step per offer).

Every other player who can answers in AST order with a counter-offer built the same
way (``counter C1 C2 H as D``, then ``add H as D`` ... ``post``) or ``decline``; the
proposer ``accept``s one counter (``accept SEAT``) or ``reject``s them all. On accept
all the cards of both sides change hands at once (MC-7.5).

``MegaState.deal`` holds the deal under way: ``[proposer, side, stage, counters]``
with ``side`` = ``[shown1, shown2, hidden1, declared1, hidden2, declared2, ...]``,
``stage`` OFFER (the proposer builds his offer), COUNTER (the responders answer; the
decider's counter is under construction when he is already in ``counters``) or
ACCEPT, and ``counters`` = ``{responder: side}``. Other players see the shown cards,
the declared names and the number of hidden cards, never the hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action
from civtable.core.rng import Rng

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
# the deal under way: [proposer, his side, stage, {responder: his side}]; a side is
# [shown1, shown2, hidden1, declared1, hidden2, declared2, ...] (card indices)
FROM, SIDE, STAGE, COUNTERS = range(4)


def shown_of(side: list[int]) -> list[int]:
    return side[:2]


def hidden_of(side: list[int]) -> list[int]:
    return side[2::2]


def declared_of(side: list[int]) -> list[int]:
    return side[3::2]


def cards_of(side: list[int]) -> list[int]:
    """The cards that change hands: the two shown and every hidden one."""
    return side[:2] + side[2::2]


def size_of(side: list[int]) -> int:
    return len(side) // 2 + 1


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


def building(s: MegaState) -> list[int] | None:
    """The side the decider is still building (his offer, or his counter-offer), or None."""
    deal = s.deal
    if deal is None:
        return None
    if deal[STAGE] == OFFER:
        return deal[SIDE]
    if deal[STAGE] == COUNTER:
        return deal[COUNTERS].get(s.decider)
    return None


def spare(s: MegaState, p: int, side: list[int]) -> list[int]:
    """The player's tradable cards not yet in ``side``."""
    rest = tradable(s, p)
    for c in cards_of(side):
        rest.remove(c)
    return rest


def can_add(s: MegaState, p: int, side: list[int]) -> bool:
    return size_of(side) < s.rules.trade_max_cards and bool(spare(s, p, side))


def declarable(s: MegaState, side: list[int], h: int) -> list[int]:
    """MC-7.4: what a hidden card may be declared as: its own name or a shown card's name
    (a calamity only a shown name)."""
    names = {side[0], side[1]} if s.cat.cards[h].calamity else {side[0], side[1], h}
    return sorted(names)


def offers(s: MegaState, p: int, kind: str) -> list[Action]:
    """Every three-card start of an offer: two shown cards (not calamities), one hidden
    tradable card, declared as its own commodity or one of the shown ones."""
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
                for d in declarable(s, [c1, c2], h):
                    out.append(g(kind, cards[c1].id, cards[c2].id, cards[h].id, "as", cards[d].id))
    return out


def additions(s: MegaState, p: int, side: list[int]) -> list[Action]:
    """Every further hidden card for the side being built (MC-7.2: at least three cards;
    option trade-max-cards: at most that many)."""
    if size_of(side) >= s.rules.trade_max_cards:
        return []
    g = s.rules.act
    cards = s.cat.cards
    return [g("add", cards[h].id, "as", cards[d].id)
            for h in sorted(set(spare(s, p, side))) for d in declarable(s, side, h)]


def legal_trade(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    deal = s.deal
    if deal is None:
        return offers(s, p, "offer") + [g("pass")]
    side = building(s)
    if side is not None:
        return additions(s, p, side) + [g("post")]
    if deal[STAGE] == COUNTER:
        return offers(s, p, "counter") + [g("decline")]
    return [g("accept", q) for q in sorted(deal[COUNTERS])] + [g("reject")]


def simple_answer(s: MegaState) -> str:
    """The decider's answer that is always legal and is not an offer or a card."""
    deal = s.deal
    if deal is None:
        return "pass"
    if building(s) is not None:
        return "post"
    return "decline" if deal[STAGE] == COUNTER else "reject"


def trade_refusal(s: MegaState, p: int, text: str) -> str | None:
    """Why a trade action that is not legal now is refused (None: the generic message)."""
    kind = text.split(" ", 1)[0]
    deal = s.deal
    side = building(s) if p == s.decider else None
    if side is not None:
        if kind == "add":
            limit = s.rules.trade_max_cards
            if size_of(side) >= limit:
                return f"{text!r}: the offer already has {size_of(side)} cards, the most that option trade-max-cards allows"
            return (f"{text!r}: a further hidden card must be another tradable card of the hand, declared as its own "
                    "name or a shown card's name (a calamity only as a shown card's name)")
        return f"{text!r}: an offer is being built: 'add CARD as NAME' or 'post'"
    if kind in ("add", "post"):
        return f"{text!r}: no offer or counter-offer is being built (start one with 'offer' or 'counter')"
    if kind == "counter" and deal is None:
        return f"{text!r}: nobody has offered yet"
    if kind == "offer" and deal is not None:
        return f"{text!r}: an offer is already under way"
    if kind in ("offer", "counter"):
        return (f"{text!r}: an offer names two shown cards held (not calamities), a hidden tradable card held "
                "and the name it is declared as (its own or a shown card's)")
    return None


def _start(s: MegaState, a: Action) -> list[int]:
    cat = s.cat
    return [cat.card(a.args[0]), cat.card(a.args[1]), cat.card(a.args[2]), cat.card(a.args[4])]


def do_trade(s: MegaState, p: int, a: Action) -> None:
    kind = a.kind
    if kind == "pass":
        next_proposer(s)
    elif kind == "offer":
        s.deal = [p, _start(s, a), OFFER, {}]
        if not can_add(s, p, s.deal[SIDE]):
            post_offer(s)
    elif kind == "counter":
        deal = s.deal
        assert deal is not None
        side = deal[COUNTERS][p] = _start(s, a)
        if not can_add(s, p, side):
            next_responder(s)
    elif kind == "add":
        side = building(s)
        assert side is not None
        side += [s.cat.card(a.args[0]), s.cat.card(a.args[2])]
        if not can_add(s, p, side):
            post(s)
    elif kind == "post":
        post(s)
    elif kind == "decline":
        next_responder(s)
    elif kind == "accept":
        deal = s.deal
        assert deal is not None
        q = int(a.args[0])
        exchange(s, p, cards_of(deal[SIDE]), q, cards_of(deal[COUNTERS][q]))
        s.log.append(f"{s.civ[p]} traded with {s.civ[q]}")
        next_proposer(s)
    else:  # reject
        next_proposer(s)


def post(s: MegaState) -> None:
    """The side being built is complete: the offer goes to the responders, a counter-offer
    to the proposer's list."""
    deal = s.deal
    assert deal is not None
    if deal[STAGE] == OFFER:
        post_offer(s)
    else:
        next_responder(s)


def post_offer(s: MegaState) -> None:
    deal = s.deal
    assert deal is not None
    p = deal[FROM]
    responders = [q for q in s.order if q != p and can_trade(s, q)]
    deal[STAGE] = COUNTER
    s.queue = responders
    s.decider = responders[0]


def next_responder(s: MegaState) -> None:
    """The decider has answered (a counter-offer posted, or declined): the next responder,
    else the proposer chooses among the counters, else the offer found no taker."""
    deal = s.deal
    assert deal is not None
    s.queue.pop(0)
    if s.queue:
        s.decider = s.queue[0]
    elif deal[COUNTERS]:
        deal[STAGE] = ACCEPT
        s.queue, s.decider = [deal[FROM]], deal[FROM]
    else:
        s.log.append(f"{s.civ[deal[FROM]]}'s offer found no taker")
        next_proposer(s)


def exchange(s: MegaState, p: int, give: list[int], q: int, take: list[int]) -> None:
    """MC-7.5: both sides hand over all their cards at once."""
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
    """What a hand's commodities are worth as payment: n squared times the face value
    per commodity (Water and calamities: nothing); the order of the cards does not matter."""
    cards = s.cat.cards
    counts: dict[int, int] = {}
    for c in hand:
        if cards[c].commodity:
            counts[c] = counts.get(c, 0) + 1
    return sum(set_value(k, cards[c].face_value) for c, k in counts.items())


# ------------------------------------------------------------------ hidden cards
def known_cards(s: MegaState, player: int) -> dict[int, list[int]]:
    """The cards of other players' hands that ``player`` knows: the shown cards of an
    offer or counter (MC-7.3), the cards of a payment under way, the cards kept
    against Banditry, the non-tradable calamities (drawn from a known place in their
    stack, never traded) and, in phase 8, every calamity held (declared, MC-8.1)."""
    from .calamity import KIND, VICTIM, keep_terms

    cards = s.cat.cards
    out: dict[int, list[int]] = {q: [] for q in range(s.n) if q != player}
    deal = s.deal
    if deal is not None:
        for q, side in [(deal[FROM], deal[SIDE]), *sorted(deal[COUNTERS].items())]:
            if q != player:
                out[q] += shown_of(side)
    if s.pay is not None and s.decider != player and s.decider >= 0:
        out[s.decider] += s.pay[3]
    for t in s.tasks:
        if t[KIND] == "discard" and t[VICTIM] != player:
            out[t[VICTIM]] += keep_terms(t[5])[1]
    for q, known in out.items():
        rest = list(s.hands[q])
        for c in known:
            rest.remove(c)
        for c in rest:
            if cards[c].calamity and (not cards[c].tradable or s.phase == 8):
                known.append(c)
    return out


def redeal(s: MegaState, player: int, rng: Rng) -> None:
    """Determinization: the cards ``player`` cannot see (other hands, stack orders) are
    dealt again at random. Hands keep their number of cards of each stack (card backs
    show the stack) and their known cards (``known_cards``); a non-tradable calamity
    in a stack keeps its place; the unknown cards are calamities only in phases 6 and 7
    (in phase 8 the calamities held are declared, MC-8.1; all are revealed in phase 9,
    MC-9.1.1, and none is drawn before phase 6). Every hidden offered card is replaced
    by a tradable card of its stack from the new hand (MC-7.4); the declarations stay."""
    cards = s.cat.cards
    calamity_free = s.phase not in (6, 7)  # phase 8: the calamities held are known (declared)
    known = known_cards(s, player)
    deal = s.deal
    hidden: dict[int, list[int]] = {}  # owner -> his side of the deal (hidden cards at 2, 4, ...)
    if deal is not None:
        for q, side in [(deal[FROM], deal[SIDE]), *deal[COUNTERS].items()]:
            if q != player:
                hidden[q] = side
    others = sorted(known)
    kept: dict[int, list[int]] = {q: [] for q in others}  # the known cards, in the new hands
    secret: dict[int, list[int]] = {q: [] for q in others}  # the unknown cards, dealt again
    for q in others:
        rest = list(known[q])
        for c in s.hands[q]:
            if c in rest:
                rest.remove(c)
                kept[q].append(c)
            else:
                secret[q].append(c)
    new_hands = {q: list(kept[q]) for q in others}
    for k in range(1, len(s.stacks)):
        stack = s.stacks[k]
        fixed_at = {i: c for i, c in enumerate(stack) if cards[c].calamity and not cards[c].tradable}
        pool = [c for i, c in enumerate(stack) if i not in fixed_at]
        slots: list[tuple[int, int]] = []  # (owner, where in his side the card goes as a hidden card, or -1)
        for q in others:
            mine = [c for c in secret[q] if cards[c].stack == k]
            pool += mine
            side = hidden.get(q)
            at = [i for i in range(2, len(side), 2) if cards[side[i]].stack == k] if side is not None else []
            slots += [(q, at[i] if i < len(at) else -1) for i in range(len(mine))]
        pool.sort()
        rng.shuffle(pool)
        slots.sort(key=lambda slot: slot[1] < 0)  # the hidden offered cards first
        for q, at in slots:
            j = next((j for j, c in enumerate(pool)
                      if not (calamity_free and cards[c].calamity) and (at < 0 or cards[c].tradable)),
                     0)  # a hand-built position may break the phase's rule: then any card
            c = pool.pop(j)
            new_hands[q].append(c)
            if at >= 0:
                hidden[q][at] = c
        stack[:] = []
        for i in range(len(pool) + len(fixed_at)):
            stack.append(fixed_at[i] if i in fixed_at else pool.pop())
    for q in others:
        new_hands[q] += [c for c in secret[q] if not cards[c].stack]  # Water cards
        s.hands[q] = sorted(new_hands[q])

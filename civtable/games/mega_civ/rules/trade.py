"""Phase 7: trade (MC-7).

Trade is a structured negotiation (trade-limit A: a number of rounds). In each
round every player in AST order may post one offer of at least three cards (MC-7.2):
two shown (they must be what they are, MC-7.3) and one or more hidden, each declared
as a commodity. MC-7.4: the hidden cards "can be anything": a hidden card may be
declared as any trade card name that is not a calamity (every commodity of the
game's stacks, and Water), whatever it really is. Tradable calamities may travel as
hidden cards; non-tradable ones never move.

An offer is built card by card (DESIGN: compound choices are split, and a
declaration of any name would multiply a one-step start by the number of names):

- ``offer C1 C2`` names the two shown cards;
- ``add H as D`` adds one hidden card H of the hand declared as D, as many times as
  option ``trade-max-cards`` (default 5) and the hand allow;
- ``post`` sends the offer as it is once it holds three cards or more (MC-7.2); when
  nothing more can be added it is posted at once, so ``trade-max-cards 3`` plays
  exactly the three-card offers (``offer C1 C2``, ``add H as D``).

Every other player who can answers in AST order with a counter-offer built the same
way (``counter C1 C2``, then ``add H as D`` ... ``post``) or ``decline``; the
proposer ``accept``s one counter (``accept SEAT``) or ``reject``s them all. On accept
all the cards of both sides change hands at once (MC-7.5).

``MegaState.deal`` holds the deal under way: ``[proposer, side, stage, counters,
declined]`` with ``side`` = ``[shown1, shown2, hidden1, declared1, hidden2, declared2,
...]``, ``stage`` OFFER (the proposer builds his offer), COUNTER (the responders answer;
the decider's counter is under construction when he is already in ``counters``) or
ACCEPT, ``counters`` = ``{responder: side}`` and ``declined`` the responders who
declined, in the order they did. ``MegaState.traded`` lists this turn's closed deals
``[proposer, responder, cards given, cards received]`` (public, MC-7.5). Other players see the shown cards,
the declared names and the number of hidden cards, never the hidden cards
(``Game.public_text`` hides them from the action texts too); a declaration tells
nothing about the card behind it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.reader import shown
from civtable.i18n import ENGLISH, Translator

from ..state import AUTO, TRADE
from .cards import add

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState

OFFER, COUNTER, ACCEPT = 0, 1, 2


# the deal under way: [proposer, his side, stage, {responder: his side}, [who declined]]; a
# side is [shown1, shown2, hidden1, declared1, hidden2, declared2, ...] (card indices)
FROM, SIDE, STAGE, COUNTERS, DECLINED = range(5)


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
    shown = traded = 0
    for c in s.hands[p]:
        card = cards[c]
        if card.tradable:
            traded += 1
        if not card.calamity:
            shown += 1
    return shown >= 2 and traded >= 3


def phase_trade(s: MegaState) -> None:
    s.trade_round = 0
    s.deal = None
    s.target = -1  # position in AST order of the proposer
    next_proposer(s)


def next_proposer(s: MegaState) -> None:
    """The next player in AST order with something to trade proposes; after the last
    round the phase ends (MC-7.1, trade-limit A). Who can trade is asked of each
    player only as far as needed (two traders, then the next proposer): with 18
    players this runs some 40 times a turn."""
    s.deal = None
    if two_traders(s):
        while s.trade_round < s.rules.trade_rounds:
            s.target += 1
            if s.target >= s.n:
                s.target = -1
                s.trade_round += 1
                continue
            p = s.order[s.target]
            if can_trade(s, p):
                s.step, s.queue, s.decider = TRADE, [p], p
                return
    s.step, s.queue, s.decider, s.target = AUTO, [], -1, -1
    s.phase = 8


def two_traders(s: MegaState) -> bool:
    """At least two players can trade (else nobody can trade with anybody)."""
    found = 0
    for p in s.order:
        if can_trade(s, p):
            found += 1
            if found == 2:
                return True
    return False


def building(s: MegaState) -> list[int] | None:
    """The side the decider is still building (his offer, or his counter-offer), or None."""
    deal = s.deal
    if deal is None:
        return None
    if deal[STAGE] == OFFER:
        side: list[int] = deal[SIDE]
        return side
    if deal[STAGE] == COUNTER:
        counter: list[int] | None = deal[COUNTERS].get(s.decider)
        return counter
    return None


def spare(s: MegaState, p: int, side: list[int]) -> list[int]:
    """The player's tradable cards not yet in ``side``."""
    rest = tradable(s, p)
    for c in cards_of(side):
        rest.remove(c)
    return rest


def can_add(s: MegaState, p: int, side: list[int]) -> bool:
    """The side may grow and the hand has a tradable card not in it yet (the side's cards
    are the player's tradable cards)."""
    size = size_of(side)
    if size >= s.rules.trade_max_cards:
        return False
    cards = s.cat.cards
    return sum(1 for c in s.hands[p] if cards[c].tradable) > size


def declarable(s: MegaState) -> tuple[int, ...]:
    """MC-7.4: the names a hidden card may be declared as, whatever it is: every trade card
    of the game that is not a calamity (``Rules.declarable``)."""
    return s.rules.declarable


def offers(s: MegaState, p: int, kind: str) -> list[Action]:
    """Every start of an offer or counter-offer (MC-7.3): two shown cards of the hand, not
    calamities (two copies when the same). The hand has a third tradable card to hide
    (``can_trade``), so every start can be completed."""
    cards = s.cat.cards
    counts: dict[int, int] = {}
    for c in tradable(s, p):
        if not cards[c].calamity:
            counts[c] = counts.get(c, 0) + 1
    kinds = sorted(counts)
    g = s.rules.act
    out: list[Action] = []
    for i, c1 in enumerate(kinds):
        for c2 in kinds[i:]:
            if c2 != c1 or counts[c1] >= 2:
                out.append(g(kind, cards[c1].id, cards[c2].id))
    return out


def additions(s: MegaState, p: int, side: list[int]) -> list[Action]:
    """Every further hidden card for the side being built and every name it may be declared
    as (MC-7.4; option trade-max-cards: at most that many cards). The actions of each
    hidden card are built once per game and kept (``Rules.additions``): an 18-player
    trade phase asks for hundreds of these lists."""
    if size_of(side) >= s.rules.trade_max_cards:
        return []
    row = s.rules.additions
    out: list[Action] = []
    for h in sorted(set(spare(s, p, side))):
        found = row.get(h)
        if found is None:
            g = s.rules.act
            cards = s.cat.cards
            found = row[h] = [g("add", cards[h].id, "as", cards[d].id) for d in declarable(s)]
        out += found
    return out


def complete(side: list[int]) -> bool:
    """MC-7.2: an offer holds at least three cards (two shown, one or more hidden)."""
    return len(side) >= 4


def legal_trade(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    deal = s.deal
    if deal is None:
        return offers(s, p, "offer") + [g("pass")]
    side = building(s)
    if side is not None:
        return additions(s, p, side) + ([g("post")] if complete(side) else [])
    if deal[STAGE] == COUNTER:
        return offers(s, p, "counter") + [g("decline")]
    return [g("accept", q) for q in sorted(deal[COUNTERS])] + [g("reject")]


def find_trade(s: MegaState, p: int, text: str) -> Action | None:
    """The action of ``legal_trade(s, p)`` whose text is ``text``, or None, found without
    listing every offer: the text is read and checked against the hand directly
    (MC-7.2 to MC-7.4, the same conditions as ``offers`` and ``additions``). An
    18-player trade phase checks thousands of these texts."""
    g = s.rules.act
    deal = s.deal
    if deal is None:
        return g("pass") if text == "pass" else _find_start(s, p, "offer", text)
    side = building(s)
    if side is not None:
        if text == "post":
            return g("post") if complete(side) else None
        return _find_add(s, p, side, text)
    if deal[STAGE] == COUNTER:
        return g("decline") if text == "decline" else _find_start(s, p, "counter", text)
    if text == "reject":
        return g("reject")
    words = text.split(" ")
    if len(words) != 2 or words[0] != "accept" or not words[1].isdigit():
        return None
    q = int(words[1])
    found = g("accept", q) if q in deal[COUNTERS] else None
    return found if found is not None and found.text == text else None


def _card_words(s: MegaState, words: list[str]) -> list[int] | None:
    index = s.cat.card_index
    out = []
    for w in words:
        c = index.get(w)
        if c is None:
            return None
        out.append(c)
    return out


def _find_start(s: MegaState, p: int, kind: str, text: str) -> Action | None:
    """``kind C1 C2`` if it is one of ``offers(s, p, kind)``: C1 <= C2 two cards of the hand,
    not calamities, two copies when the same."""
    words = text.split(" ")
    if len(words) != 3 or words[0] != kind:
        return None
    found = _card_words(s, words[1:])
    if found is None:
        return None
    c1, c2 = found
    cards = s.cat.cards
    if c1 > c2 or cards[c1].calamity or cards[c2].calamity:
        return None
    hand = tradable(s, p)
    if hand.count(c1) < 1 + (c2 == c1) or c2 not in hand:
        return None
    action = s.rules.act(kind, cards[c1].id, cards[c2].id)
    return action if action.text == text else None


def _find_add(s: MegaState, p: int, side: list[int], text: str) -> Action | None:
    """``add H as D`` if it is one of ``additions(s, p, side)``."""
    words = text.split(" ")
    if len(words) != 4 or words[0] != "add" or words[2] != "as" or size_of(side) >= s.rules.trade_max_cards:
        return None
    found = _card_words(s, [words[1], words[3]])
    if found is None:
        return None
    h, d = found
    if h not in spare(s, p, side) or d not in declarable(s):
        return None
    cards = s.cat.cards
    action = s.rules.act("add", cards[h].id, "as", cards[d].id)
    return action if action.text == text else None


def trade_refusal(s: MegaState, p: int, text: str, tr: Translator = ENGLISH) -> str | None:
    """Why a trade action that is not legal now is refused (None: the generic message)."""
    words = text.split(" ")
    kind = words[0]
    deal = s.deal
    side = building(s) if p == s.decider else None
    t = shown(text)
    if side is not None:
        if kind == "post":
            return tr.t("{text}: an offer holds at least three cards, two shown and one or more hidden (MC-7.2): "
                        "add a hidden card first ('add CARD as NAME')", text=t)
        if kind == "add":
            limit = s.rules.trade_max_cards
            if size_of(side) >= limit:
                return tr.t("{text}: the offer already has {n} cards, the most that option trade-max-cards allows",
                            text=t, n=size_of(side))
            if len(words) != 4 or words[2] != "as":
                return tr.t("{text}: one hidden card is declared as one name: 'add CARD as NAME'", text=t)
            return tr.t("{text}: a further hidden card must be another tradable card of the hand, declared as any "
                        "trade card's name that is not a calamity", text=t)
        if kind in ("offer", "counter"):
            return tr.t("{text}: an offer is already open: add its hidden cards ('add CARD as NAME') and post it "
                        "before another one", text=t)
        return tr.t("{text}: an offer is being built: 'add CARD as NAME' or 'post'", text=t)
    if kind in ("add", "post"):
        return tr.t("{text}: no offer or counter-offer is being built (start one with 'offer' or 'counter')", text=t)
    if kind == "counter" and deal is None:
        return tr.t("{text}: nobody has offered yet", text=t)
    if kind == "offer" and deal is not None:
        return tr.t("{text}: an offer is already under way", text=t)
    if kind in ("offer", "counter"):
        if len(words) > 3:
            return tr.t("{text}: an offer starts with its two shown cards only ('{kind} CARD CARD'); each hidden "
                        "card follows with 'add CARD as NAME'", text=t, kind=kind)
        return tr.t("{text}: an offer shows two cards held that are not calamities, written in the order of the "
                    "stacks ('{kind} CARD CARD')", text=t, kind=kind)
    return None


def play_trade(s: MegaState, p: int, a: Action) -> None:
    """MC-7.2 to MC-7.5: one step of a deal: an offer, a counter-offer, a card added, an answer."""
    kind = a.kind
    cat = s.cat
    if kind == "pass":
        next_proposer(s)
    elif kind == "offer":
        s.deal = [p, [cat.card(a.args[0]), cat.card(a.args[1])], OFFER, {}, []]
    elif kind == "counter":
        deal = s.deal
        assert deal is not None
        deal[COUNTERS][p] = [cat.card(a.args[0]), cat.card(a.args[1])]
    elif kind == "add":
        built = building(s)
        assert built is not None
        built += [cat.card(a.args[0]), cat.card(a.args[2])]
        if not can_add(s, p, built):
            post(s)
    elif kind == "post":
        post(s)
    elif kind == "decline":
        deal = s.deal
        assert deal is not None
        deal[DECLINED].append(p)
        next_responder(s)
    elif kind == "accept":
        deal = s.deal
        assert deal is not None
        q = int(a.args[0])
        give, take = cards_of(deal[SIDE]), cards_of(deal[COUNTERS][q])
        exchange(s, p, give, q, take)
        s.log.append(f"{s.civ[p]} traded with {s.civ[q]}")
        s.traded.append([p, q, len(give), len(take)])
        tell_trade(s, p, give, q, take)
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
        s.emit("trade.no_taker", {"player": deal[FROM]})
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


def tell_trade(s: MegaState, p: int, give: list[int], q: int, take: list[int]) -> None:
    """Both traders are told what they received; everybody how many cards changed hands."""
    if s.journal is None:
        return
    cards = s.cat.cards
    s.emit("trade.done", {"proposer": p, "responder": q, "gave": len(give), "got": len(take)})
    s.emit("trade.received", {"player": p, "cards": [cards[c].id for c in take], "from": q}, to=(p,))
    s.emit("trade.received", {"player": q, "cards": [cards[c].id for c in give], "from": p}, to=(q,))

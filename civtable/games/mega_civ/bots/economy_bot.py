"""The heuristic bot's economy: trade cards, trade, calamities and advances.

It reads only its observation. Cards are valued as what they add to the hand's
payment value (n squared times the face value per commodity), so a card that
completes a set is worth much more than a single; a tradable calamity in hand is
a debt it tries to pass on as the hidden card of a trade. Offers grow beyond three
cards (MC-7.2) by hidden cards that cost the hand little (Water, a calamity to pass
on, a lone cheap card), and a counter-offer grows to match a bigger offer when that
costs little more; offers are valued with every declared card. Advances are bought for
victory points per point of payment, with a plan that wastes the least (commodity
sets first, the treasury for the rest, keeping the next turn's tax in hand).
Calamity choices spare cities and hurt the leader.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any

from civtable.core.action import Action
from civtable.core.rng import Rng

from ..catalog import Catalog, set_value
from ..rules.board import Board

CALAMITY_DEBT = 12  # what holding a tradable calamity costs, in payment points (a rough damage price)
TRUST = 0.7  # the share of a declared hidden card's worth believed (MC-7.4: it may be anything)
TRUST_SHOWN = 0.5  # ... when the declaration repeats a shown card's name (the usual bluff)


def exchange(cards: Any, have: Callable[[Any], int], give: Iterable[Any], take: Iterable[Any]) -> tuple[float, dict[Any, int]]:
    """What a hand gains by giving ``give`` and taking ``take`` (cards as ``cards`` names
    them: ids or indices; ``have(c)``: the copies of ``c`` in hand): the change of its
    commodity sets less the calamities' debt, and the change per card."""
    delta: dict[Any, int] = {}
    debt = 0.0
    for c in give:
        delta[c] = delta.get(c, 0) - 1
        if cards[c].calamity:
            debt -= CALAMITY_DEBT
    for c in take:
        delta[c] = delta.get(c, 0) + 1
        if cards[c].calamity:
            debt += CALAMITY_DEBT
    gain = 0
    for c, d in delta.items():
        k = cards[c]
        if d and k.commodity:
            n = have(c)
            gain += (max(0, n + d) ** 2 - n * n) * k.face_value
    return gain - debt, delta


class Economy:
    def __init__(self, catalog: Catalog, board: Board, rng: Rng) -> None:
        self.cat = catalog
        self.board = board
        self.rng = rng
        self.card = {c.id: c for c in catalog.cards}
        self.adv = {a.id: a for a in catalog.advances}

    # ------------------------------------------------------------ values
    def value(self, counts: dict[str, int]) -> int:
        card = self.card
        return sum(set_value(n, card[c].face_value) for c, n in counts.items() if n > 0 and card[c].commodity)

    @staticmethod
    def counts(hand: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in hand:
            out[c] = out.get(c, 0) + 1
        return out

    def change(self, counts: dict[str, int], give: list[str], take: list[str]) -> float:
        """What the hand gains by giving ``give`` and taking ``take`` (only the
        commodities that change are valued again)."""
        return exchange(self.card, lambda c: counts.get(c, 0), give, take)[0]

    def hidden_worth(self, counts: dict[str, int], declared: str | list[str], shown: list[str]) -> float:
        """The undisclosed cards (one per declared name), never certain (MC-7.4: a hidden
        card may be anything, whatever it is declared as): trusted less when the name only
        repeats a shown card's (the usual bluff); a later card of the same name adds to the
        earlier ones."""
        names = [declared] if isinstance(declared, str) else declared
        seen = self.counts(shown)
        total = 0.0
        for name in names:
            k = self.card[name]
            if not k.commodity:
                total -= 3
                continue
            n = counts.get(name, 0) + seen.get(name, 0)
            trust = TRUST_SHOWN if name in shown else TRUST
            total += trust * ((n + 1) ** 2 - n * n) * k.face_value - 3
            seen[name] = seen.get(name, 0) + 1
        return total

    def incoming(self, counts: dict[str, int], side: dict[str, Any]) -> float:
        """What an offer or counter-offer seen in the observation is worth to this hand."""
        shown = side["shown"]
        return self.change(counts, [], shown) + self.hidden_worth(counts, side["declared"], shown)

    def incoming_side(self, hand: list[int], side: list[int]) -> float:
        """``incoming`` of an offer read from the position, with the same arithmetic in the
        same order: the hand and the offer's side (``[shown1, shown2, hidden1, declared1,
        ...]``) as card indices; only the shown cards and the declarations are read (with
        18 players a hand answers some 30 offers a turn)."""
        cards = self.cat.cards
        shown = (side[0], side[1])
        worth, delta = exchange(cards, hand.count, (), shown)  # change(counts, [], shown)
        seen = dict(delta)  # hidden_worth(counts, declared, shown)
        total = 0.0
        for c in side[3::2]:
            k = cards[c]
            if not k.commodity:
                total -= 3
                continue
            n = hand.count(c) + seen.get(c, 0)
            trust = TRUST_SHOWN if c in shown else TRUST
            total += trust * ((n + 1) ** 2 - n * n) * k.face_value - 3
            seen[c] = seen.get(c, 0) + 1
        return worth + total

    # ------------------------------------------------------------ phase 6
    def cards(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        me = obs["players"][obs["player"]]
        reserve = 2 * len(me["cities"]) + 4
        free = [a for a in legal if a.kind == "free-card"]
        if free:
            return max(free, key=lambda a: a.args[0])
        buys = [a for a in legal if a.kind == "buy-card" and me["treasury"] - a.args[1] >= reserve]
        if buys:
            return max(buys, key=lambda a: a.args[0])
        return _find(legal, "done")

    # ------------------------------------------------------------ phase 7
    def quick_answer(self, obs: dict[str, Any]) -> Action | None:
        """Decline an offer worth nothing to this hand before looking at counters."""
        deal = obs["deal"]
        me = obs["player"]
        if deal is None or deal["stage"] != "counter" or me in (deal["from"], deal["building"]):
            return None
        if self.incoming(self.counts(obs["hand"]), deal) <= 1:
            return Action("decline")
        return None

    def trade(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """MC-7: an offer's two shown cards chosen with the hidden card that would complete
        it best, the hidden cards added one by one, the others' offers valued from their
        shown cards and declarations only (never their hidden cards)."""
        me = obs["player"]
        counts = self.counts(obs["hand"])
        deal = obs["deal"]
        if deal is None:
            def offer(a: Action) -> float | None:
                found = self.first_hidden(counts, a.args[0], a.args[1], True)
                return None if found is None else found[0]

            return _best(legal, "offer", offer, 2.0) or _find(legal, "pass")
        if deal["building"] == me:
            return self._grow(obs, counts, legal)
        if deal["stage"] == "counter":
            incoming = self.incoming(counts, deal)
            if incoming <= 1:
                return _find(legal, "decline")

            def counter(a: Action) -> float | None:
                found = self.first_hidden(counts, a.args[0], a.args[1], False)
                return None if found is None else incoming + found[0]

            return _best(legal, "counter", counter, 0.0) or _find(legal, "decline")
        mine = [*deal["shown"], *deal["hidden"]]

        def accept(a: Action) -> float:
            c = deal["counters"][str(a.args[0])]
            return self.change(counts, mine, c["shown"]) + self.hidden_worth(counts, c["declared"], c["shown"])

        return _best(legal, "accept", accept, 0.0) or _find(legal, "reject")

    def first_hidden(self, counts: dict[str, int], c1: str, c2: str, offering: bool) -> tuple[float, str, str] | None:
        """The best first hidden card to go with the shown ``c1`` and ``c2`` (value, card,
        declared name): what the three cards cost the hand, plus for an offer a little for
        showing good cards and for being honest (a commodity declared as itself; a calamity
        passed on is declared as the first shown card). None: the hand has no third card."""
        best: tuple[float, str, str] | None = None
        card = self.card
        for h, n in sorted(counts.items()):
            if not card[h].tradable or n - (h == c1) - (h == c2) < 1:
                continue
            value = self.change(counts, [c1, c2, h], [])
            honest = not card[h].calamity
            if offering:
                value += 0.2 * (card[c1].face_value + card[c2].face_value) + (4 if honest else 0)
            if best is None or value > best[0]:
                best = (value, h, self.declared(c1, c2, h, offering))
        return best

    def declared(self, c1: str, c2: str, h: str, offering: bool) -> str:
        """The name a hidden card is declared as: itself in an offer (a calamity as the first
        shown card); in a counter-offer the first in stack order of the shown cards and the
        hidden one, the bluff this bot always made (any name is allowed, MC-7.4)."""
        if self.card[h].calamity:
            return c1
        if offering:
            return h
        return min((c1, c2, h), key=self.cat.card)

    def _grow(self, obs: dict[str, Any], counts: dict[str, int], legal: list[Action]) -> Action:
        """The first hidden card of the offer or counter-offer being built (``first_hidden``),
        then one more when giving it costs the hand little (a Water card, a tradable calamity
        passed on, a lone cheap card) or, for a counter smaller than the offer it answers, a
        little more to match its size; otherwise ``post``."""
        deal = obs["deal"]
        me = obs["player"]
        side = deal if deal["from"] == me else deal["counters"][str(me)]
        given = [*side["shown"], *side["hidden"]]
        if not side["hidden"]:
            found = self.first_hidden(counts, given[0], given[1], deal["from"] == me)
            if found is not None:
                text = f"add {found[1]} as {found[2]}"
                return next((a for a in legal if a.text == text), legal[0])
        rest = dict(counts)
        for c in given:
            rest[c] -= 1
        room = -2.0
        if deal["from"] != me and len(given) < 2 + deal["hidden_count"]:
            room = -6.0
        best, score = None, room
        for a in legal:
            if a.kind != "add":
                continue
            h, d = a.args[0], a.args[2]
            if d != h and not (self.card[h].calamity and d == given[0]):
                continue  # the same card declared as another name changes nothing to this hand's value
            s = self.change(rest, [h], []) + (0.5 if d == h else 0)
            if s > score:
                best, score = a, s
        return best if best is not None else _find(legal, "post")

    # ------------------------------------------------------------ phases 8 and 12
    def discard(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        counts = self.counts(obs["hand"])
        if obs["phase"] == 8:  # keep the mildest calamities
            return max(legal, key=lambda a: (self.card[a.args[0]].major, self.card[a.args[0]].stack, a.text))
        return max(legal, key=lambda a: (self.change(counts, [a.args[0]], []), a.text))

    # ------------------------------------------------------------ calamity and ability choices
    def task(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        me = obs["player"]
        players = obs["players"]
        mine = players[me]["tokens"]
        my_cities = set(players[me]["cities"])
        task = obs["task"] or {}
        kinds = {a.kind for a in legal}
        counts = self.counts(obs["hand"])
        if "lose" in kinds:
            return max((a for a in legal if a.kind == "lose"),
                       key=lambda a: (a.args[0] not in my_cities, mine.get(a.args[0], 0), a.text))
        if "lose-city" in kinds:
            return min(legal, key=lambda a: (self._nearby(mine, a.args[0]), a.text))
        if kinds & {"reduce", "destroy", "pirate"} and task.get("victim") == me:
            return min(legal, key=lambda a: (self._nearby(mine, a.args[0]), a.text))
        if "annex" in kinds:
            victim = players[task.get("victim", me)]
            worth = {a: victim["tokens"].get(a.args[0], 0) + (5 if a.args[0] in victim["cities"] else 0) for a in legal}
            if task.get("victim") == me:  # Civil War: the victim picks what to lose
                return min(legal, key=lambda a: (worth[a], a.text))
            return max(legal, key=lambda a: (worth[a], a.text))
        if "barbarians" in kinds:  # as the Beneficiary: where the victim has least to defend with
            victim = players[task.get("victim", me)]["tokens"]
            return min(legal, key=lambda a: (self._nearby(victim, a.args[0]), a.text))
        if "victim" in kinds:
            return max(legal, key=lambda a: (players[int(a.args[0])]["vp"], -int(a.args[0])))
        if "keep" in kinds or "discard" in kinds:
            keeps = [a for a in legal if a.kind == "keep" and self.change(counts, [a.args[0]], []) < -8]
            if keeps:
                return keeps[0]
            return max((a for a in legal if a.kind == "discard"), key=lambda a: (self.change(counts, [a.args[0]], []), a.text))
        if "pay" in kinds:
            return _find(legal, "pay")
        if "regress" in kinds:
            return _find(legal, "regress")
        if "buy-off" in kinds:
            offs = [a for a in legal if a.kind == "buy-off"]
            best = max(offs, key=lambda a: (self.change(counts, [a.args[0], a.args[1]], []), a.text))
            return best if self.change(counts, [best.args[0], best.args[1]], []) > -15 else _find(legal, "suffer")
        if "give" in kinds:
            return max(legal, key=lambda a: (self.change(counts, [a.args[0]], []), a.text))
        if "credit" in kinds:
            owned = set(players[me]["advances"])
            want = max((a for a in self.cat.advances if a.id not in owned), key=lambda a: (a.cost, a.id), default=None)
            group = want.groups[0] if want is not None else self.cat.groups[0]
            return _find(legal, f"credit {group}")
        if "take" in kinds:
            return max((a for a in legal if a.kind == "take"), key=lambda a: (self.adv[a.args[0]].cost, a.text))
        return max(legal, key=lambda a: (self.rng.random(), a.text))

    def _nearby(self, tokens: dict[str, int], area_id: str) -> int:
        area = self.board.area(area_id)
        return tokens.get(area_id, 0) + sum(tokens.get(self.board.areas[b].id, 0) for b in area.land)

    def special(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        players = obs["players"]
        for kind in ("monotheism", "politics-annex", "fundamentalism", "universal-doctrine"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return max(options, key=lambda a: (sum(p["tokens"].get(a.args[0], 0) for p in players), a.text))
        tributes = [a for a in legal if a.kind == "provincial-empire"]
        if tributes:  # the leaders first: a card taken from them counts twice
            return max(tributes, key=lambda a: (players[int(a.args[0])]["vp"], players[int(a.args[0])]["hand_size"],
                                                -int(a.args[0])))
        if any(a.text == "politics-treasury" for a in legal):
            return _find(legal, "politics-treasury")
        return _find(legal, "done")

    def military(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """Advanced Military: reinforce a conflict it would not win alone (an attacked
        city counts 6 defenders)."""
        me = obs["player"]
        players = obs["players"]
        for a in legal:
            if a.kind != "reinforce":
                continue
            area = a.args[0]
            mine = players[me]["tokens"].get(area, 0)
            theirs = max((p["tokens"].get(area, 0) + (6 if area in p["cities"] else 0)
                          for p in players if p["seat"] != me), default=0)
            if theirs >= mine:
                return a
        return _find(legal, "done")

    # ------------------------------------------------------------ phase 12
    def credit(self, obs: dict[str, Any], adv_id: str) -> int:
        me = obs["players"][obs["player"]]
        target = self.adv[adv_id]
        groups = self.cat.groups
        tokens = me["credit_tokens"]
        owned = [self.adv[a] for a in me["advances"]]
        best = max(sum(a.credits.get(g, 0) for a in owned) + tokens.get(g, 0) for g in target.groups)
        best += sum(a.credit_to[1] for a in owned if a.credit_to is not None and a.credit_to[0] == target.index)
        del groups
        return int(best)

    def plan(self, obs: dict[str, Any], due: int, exclude: list[str],
             reserve: int | None = None) -> tuple[list[str], int, int] | None:
        """The commodities to turn in and the treasury to add that cover ``due`` with the
        least spent (keeping ``reserve`` treasury tokens, by default 2 per city); None if
        it cannot be done."""
        me = obs["players"][obs["player"]]
        counts = {c: n for c, n in self.counts(obs["hand"]).items() if self.card[c].commodity and c not in exclude}
        per = 2 if "mining" in me["advances"] else 1
        spare = max(0, me["treasury"] - (2 * len(me["cities"]) if reserve is None else reserve))
        kinds = sorted(counts)
        values = {c: set_value(counts[c], self.card[c].face_value) for c in kinds}
        best: tuple[int, list[str], int] | None = None
        pool = sorted(kinds, key=lambda c: values[c])[:10]
        worth = [values[c] for c in pool]
        for r in range(len(pool) + 1):
            for combo, combo_values in zip(combinations(pool, r), combinations(worth, r), strict=True):
                v = sum(combo_values)
                rest = max(0, due - v)
                tokens = -(-rest // per)
                if tokens > spare:
                    continue
                spent = v + tokens * per
                if best is None or spent < best[0]:
                    best = (spent, list(combo), tokens)
        if best is None:
            return None
        return best[1], best[2], best[0]

    def buy(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        pay = obs["pay"]
        if pay is None:
            def worth(a: Action) -> float | None:
                adv = self.adv[a.args[0]]
                due = max(0, adv.cost - self.credit(obs, adv.id))
                found = self.plan(obs, due, [])
                if found is None:
                    return None
                vp = 1 if adv.cost < 100 else 3 if adv.cost < 200 else 6
                future = sum(adv.credits.values()) / 40
                return (vp + future) / max(found[2], 10) * 100 + self.rng.random() * 0.01

            return _best(legal, "buy", worth, 0.0) or _find(legal, "done")
        rest = pay["price"] - pay["paid"]
        found = self.plan(obs, rest, pay["cards"])
        if found is not None:
            for c in found[0]:
                text = f"pay {c}"
                if any(a.text == text for a in legal):
                    return _find(legal, text)
        if any(a.text == "treasury" for a in legal):
            return _find(legal, "treasury")
        pays = [a for a in legal if a.kind == "pay"]
        if pays:
            return max(pays, key=lambda a: (self.change(self.counts(obs["hand"]), [a.args[0]], []), a.text))
        return _find(legal, "cancel")


def _best(legal: list[Action], kind: str, score: Callable[[Action], float | None], floor: float) -> Action | None:
    """The action of this kind with the highest score above ``floor`` (the first of equals), if any."""
    best, top = None, floor
    for a in legal:
        if a.kind != kind:
            continue
        s = score(a)
        if s is not None and s > top:
            best, top = a, s
    return best


def _find(legal: list[Action], text: str) -> Action:
    for a in legal:
        if a.text == text:
            return a
    return legal[-1]

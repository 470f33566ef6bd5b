"""The ``strategic`` Mega Civilization bot (issue 17): it plans its turn like a player.

It reads a cheap view of what its seat may see (``view.SeatView``) instead of a
freshly built observation dict wherever it decides often (movement, growth, cities,
trade answers), and the observation where it decides seldom (cards, calamities,
advances).

- Movement: one plan per turn (``plan.py``): cities it can fill and support, attacks
  on cities and tokens that pay, defence of its cities, ships where the map calls for
  them, then spreading what would be removed as surplus while the stock still pays
  the next tax.
- Cities (MC-5.1): it builds a city only when the cities it then has stay supported
  (MC-5.3) with the strategy's margin; it reduces (MC-5.3.2) the city whose area gives
  the most tokens back.
- Advances (MC-12): the strategy's priority list first, then VP per payment point,
  with a bonus for what the next epochs of the AST require (MC-13.1.1); the treasury
  is spent down to a small reserve (it flows back to the stock, which pays the tax).
- Trade, calamities and abilities: ``economy_bot.Economy``.

``greedy`` (the default opponent everywhere) is this bot with the built-in strategy
``strategies/strategic.yaml``; ``rules:FILE`` is this bot with the strategy of FILE.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from civtable.agents.base import Agent, PlayerView
from civtable.core.action import Action
from civtable.core.rng import Rng

from ..catalog import Catalog, set_value
from ..rules.scoring import advance_vp
from ..rules.trade import COUNTER, COUNTERS, FROM, SIDE, STAGE
from ..state import TRADE
from ..view import SeatView
from .economy_bot import CALAMITY_DEBT, Economy, _best, _find
from .plan import Planner
from .seatmap import MapInfo, needed_cities
from .strategy import Quantity, Strategy

if TYPE_CHECKING:
    from ..options import Rules
    from ..state import MegaState

_INFO: dict[int, MapInfo] = {}


def map_info(rules: Rules) -> MapInfo:
    key = id(rules.board)
    found = _INFO.get(key)
    if found is None:
        found = _INFO[key] = MapInfo.of(rules)
    return found


class StrategicBot(Agent):
    def __init__(self, seed: int, rules: Rules, strategy: Strategy) -> None:
        super().__init__(seed)
        self.rules = rules
        self.strategy = strategy
        self.info = map_info(rules)
        self.economy = Spender(rules.catalog, rules, self.rng, strategy)
        e = self.economy
        self.by_obs: dict[str, Callable[[dict[str, Any], list[Action]], Action]] = {
            "cards": e.cards, "discard": e.discard, "task": e.task, "special": e.special,
            "buy": e.buy, "military": e.military}
        self.plan: list[str] = []
        self.plan_key: tuple[int, int] = (-1, -1)  # the turn and the position it was made on
        self.trade_key: tuple[int, int] = (-1, -1)
        self.offers_made = self.counters_made = 0  # this turn's, on that position
        self.risky = False

    # ------------------------------------------------------------ dispatch
    def act(self, view: PlayerView) -> Action:
        state: MegaState = view._state  # type: ignore[assignment]  # noqa: SLF001 (the game's own bot)
        deal = state.deal
        if deal is not None and state.previews is None:
            p = view.player
            if deal[STAGE] == COUNTER and deal[FROM] != p and p not in deal[COUNTERS] and state.step == TRADE:
                return self.answer(state, p)  # another player's offer: the cheapest decision, the most frequent
        v = SeatView(state, view.player)
        step = v.step
        if step == "move":
            return self.move(v, view)
        if step == "trade":
            return self.trade(v, view)
        if step == "grow":
            return self.grow(v, view.legal_actions)
        if step == "build":
            return self.build(v, view.legal_actions)
        if step == "reduce":
            return self.reduce(v, view.legal_actions)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if step == "revolt":
            return self.revolt(v, legal)
        handler = self.by_obs.get(step)
        if handler is not None:
            return handler(v.observation(), legal)
        return next((a for a in legal if a.kind != "decline"), legal[0])

    # ------------------------------------------------------------ movement
    def quantity(self, v: SeatView) -> Callable[[Quantity], float]:
        return quantities(v, self.rules)

    def move(self, v: SeatView, view: PlayerView) -> Action:
        me = v.player
        key = (v.turn, v.position_id())
        if self.plan_key != key or not self.plan:
            s = self.strategy
            q = self.quantity(v)
            cities = all(c.holds(q) for c in s.attack_cities)
            tokens = all(c.holds(q) for c in s.attack_tokens)
            self.plan = list(Planner(v, self.info, self.rules, s.play, cities, tokens).plan())
            self.plan_key = key
            # a rival's Diplomacy or Cultural Ascendancy may bar a move
            self.risky = bool(v.holders(("no_entry_to_cities", "no_conflict_with")) - {me})
        act = self.rules.act
        legal_texts: set[str] | None = None
        while self.plan:
            text = self.plan.pop(0)
            if text == "done":
                self.plan = []
                break
            if self.risky:
                if legal_texts is None:
                    legal_texts = {a.text for a in view.legal_actions}
                if text in legal_texts:
                    return _action(act, text)
                continue
            if self.possible(v, text):
                return _action(act, text)
        return act("done")

    def possible(self, v: SeatView, text: str) -> bool:
        """Whether a planned move is still legal (MC-3.1 to MC-3.5), checked on the view."""
        words = text.split(" ")
        board = self.rules.board
        me = v.player
        kind = words[0]
        if kind == "move":
            a, b = board.index(words[1]), board.index(words[-1])
            return v.tokens[me][a] > v.moved[a] and b in self.info.land[a]
        if kind == "ship":
            a = board.index(words[1])
            t = v.tokens[me][a]
            pay = words[2]
            ok = {"tokens": t >= 2, "treasury": v.treasury[me] >= 2, "mixed": v.treasury[me] >= 1 and t >= 1,
                  "split": t >= 1 and sum(v.tokens[me]) > t}
            return bool(v.ship_stock[me]) and t > 0 and self.info.coastal[a] and ok.get(pay, False)
        if kind == "sail":
            a, b, k = board.index(words[1]), board.index(words[2]), int(words[3])
            if a not in v.ships:
                return False
            cap = v.holds(me, "ship_capacity") or self.rules.tables.numbers["ship_capacity"]
            boarding = v.tokens[me][a] if self.rules.step_before_boarding else v.tokens[me][a] - v.moved[a]
            reach = self.rules.sea_reach(a, v.holds(me, "ship_moves"), bool(v.holds(me, "open_sea")))
            return 1 <= k <= min(cap, boarding) and b in reach
        return False

    # ------------------------------------------------------------ growth and cities
    def grow(self, v: SeatView, legal: list[Action]) -> Action:
        """MC-2.1 (growth-supply A): the stock is short; grow where the tokens stay
        (under the limit), on city sites first."""
        me = v.tokens[v.player]
        info = self.info
        board = self.rules.board

        def useful(a: Action) -> tuple[int, bool, float]:
            x = board.index(a.args[0])
            k = me[x]
            add = 1 if k == 1 else 2
            return (min(add, max(0, info.limit[x] - k)) + (add if info.site[x] and v.city[x] == -1 else 0),
                    info.site[x], self.rng.random())

        return max(legal, key=useful)

    def build(self, v: SeatView, legal: list[Action]) -> Action:
        """MC-5.1: a city where the cities stay supported after the surplus is removed
        (MC-5.2, MC-5.3): plain builds on the tokens there first."""
        me = v.player
        info = self.info
        t = v.tokens[me]
        cities = len(v.cities_of(me))
        support = self.rules.tables.numbers["support_per_city"] + (v.holds(me, "support_delta") or 0)
        built = set(v.built)
        keep = sum(min(k, info.limit[a]) for a, k in enumerate(t) if k and a not in built)
        margin = min(self.strategy.play.support_margin // 2, cities)  # none for a first city
        if needed_cities(v, self.rules) > cities:
            margin = 0  # the AST's next square waits for this city
        options = []
        for a in legal:
            if a.kind != "city":
                continue
            x = self.rules.board.index(a.args[0])
            after = keep - min(t[x], info.limit[x])
            if len(a.args) > 1 and a.args[1] == "adjacent":
                after -= max(0, self.rules.tables.numbers["city_elsewhere"] - t[x])
            if after >= support * (cities + 1) + margin:
                options.append((len(a.args) == 1, info.site[x], t[x], a.text, a))
        if options:
            return max(options)[-1]
        return _find(legal, "done")

    def reduce(self, v: SeatView, legal: list[Action]) -> Action:
        """MC-5.3.2: the city whose area gives back most tokens, then the one with fewest
        of the seat's tokens around it."""
        t = v.tokens[v.player]
        info = self.info
        board = self.rules.board

        def key(a: Action) -> tuple[int, int, str]:
            x = board.index(a.args[0])
            return (-info.limit[x], t[x] + sum(t[b] for b in info.land[x]), a.text)

        return min(legal, key=key)

    def revolt(self, v: SeatView, legal: list[Action]) -> Action:
        """MC-1.2.1: as the Beneficiary, the revolting city nearest to the seat's tokens."""
        t = v.tokens[v.player]
        info = self.info
        board = self.rules.board
        cities = [a for a in legal if a.kind == "revolt"]
        if not cities:
            return legal[0]
        return max(cities, key=lambda a: (sum(t[b] for b in info.land[board.index(a.args[0])]), a.text))

    # ------------------------------------------------------------ trade
    def trade(self, v: SeatView, view: PlayerView) -> Action:
        cards = self.rules.catalog.cards
        deal = v.deal()
        obs: dict[str, Any] = {"player": v.player, "hand": [cards[c].id for c in v.hand], "deal": deal}
        quick = self.economy.quick_answer(obs)
        if quick is not None:
            return quick
        if deal is None:  # (answering another player's offer: ``answer``)
            key = (v.turn, v.position_id())
            if self.trade_key != key:
                self.trade_key, self.offers_made, self.counters_made = key, 0, 0
            if self.offers_made >= self.strategy.play.max_offers:
                return self.rules.act("pass")
            chosen = self.economy.start(v.hand, None)
            if chosen.kind == "offer":
                self.offers_made += 1
            return chosen
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        return self.economy.trade(obs, legal)

    def answer(self, s: MegaState, p: int) -> Action:
        """MC-7.3: another player's offer: ``decline``, or a counter-offer when the offer is
        worth something to the hand and this turn's counter-offers are not all made.
        Read from the position's side of the offer (shown cards and declarations), not
        from the whole public deal: with 18 players every player answers some 30 offers
        a turn. The same values as ``Economy.quick_answer`` and ``Spender.start`` (the key
        of the turn's trades is ``SeatView.position_id``'s)."""
        key = (s.turn_no, id(s))
        if self.counters_made >= self.strategy.play.max_counters and self.trade_key == key:
            return self.rules.act("decline")  # its counter-offers for this turn are made: no need to look
        assert s.deal is not None
        hand = s.hands[p]
        incoming = self.economy.incoming_side(hand, s.deal[SIDE])
        if incoming <= 1:
            return Action("decline")  # worth nothing to this hand
        if self.trade_key != key:
            self.trade_key, self.offers_made, self.counters_made = key, 0, 0
        chosen = self.economy.start(hand, incoming)
        if chosen.kind == "counter":
            self.counters_made += 1
        return chosen


def _action(act: Callable[..., Action], text: str) -> Action:
    words = text.split(" ")
    if words[0] == "sail":
        return act("sail", words[1], words[2], int(words[3]))
    return act(*words)


def quantities(v: SeatView, rules: Rules) -> Callable[[Quantity], float]:
    """The quantities a strategy's conditions read (``strategy.py``), for seat ``v.player``."""
    me = v.player
    cat = rules.catalog

    def q(term: Quantity) -> float:
        name, arg = term
        if name == "turn":
            return v.turn
        if name == "players":
            return v.n
        if name == "cities":
            return len(v.cities_of(me))
        if name == "tokens":
            return sum(v.tokens[me])
        if name in ("stock", "treasury", "ast"):
            return {"stock": v.stock, "treasury": v.treasury, "ast": v.ast}[name][me]
        if name == "vp":
            return v.vp(me)
        if name == "leader":
            return max((x for p, x in enumerate(v.vps()) if p != me), default=0)
        if name == "rank":
            vps = v.vps()
            return 1 + sum(1 for p in range(v.n) if p != me and vps[p] > vps[me])
        if name == "advances":
            return len(v.owned[me])
        if name == "cards":
            return len(v.hand)
        if name == "owned":
            return 1 if cat.advance(arg) in v.owned[me] else 0
        if name == "others":
            x = cat.advance(arg)
            return sum(1 for p in range(v.n) if p != me and x in v.owned[p])
        if name == "hand":
            c = cat.card(arg)
            return sum(1 for h in v.hand if h == c)
        raise AssertionError(name)

    return q


class Spender(Economy):
    """The strategic bot's economy: the strategy's advance list, the AST's requirements,
    and a treasury spent down to a small reserve."""

    def __init__(self, catalog: Catalog, rules: Rules, rng: Rng, strategy: Strategy) -> None:
        super().__init__(catalog, rules.board, rng)
        self.rules = rules
        self.strategy = strategy
        self.play = strategy.play
        self.saving: tuple[list[str], int | None] = ([], None)  # cards and treasury kept for the AST's advance
        self.saving_for: str | None = None
        self._searched: dict[tuple[tuple[int, ...], bool], tuple[tuple[float, int, int, int] | None]] = {}

    def declared(self, c1: str, c2: str, h: str, offering: bool) -> str:
        """A hidden card is declared as itself (a calamity as the first shown card)."""
        return c1 if self.card[h].calamity else h

    def cards(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        me = obs["players"][obs["player"]]
        free = [a for a in legal if a.kind == "free-card"]
        if free:
            return max(free, key=lambda a: a.args[0])
        if self.play.buy_stack9:
            reserve = self.play.treasury_reserve + 20  # an advance is worth more than a card
            buys = [a for a in legal if a.kind == "buy-card" and me["treasury"] - a.args[1] >= reserve]
            if buys:
                return max(buys, key=lambda a: a.args[0])
        return _find(legal, "done")

    def plan(self, obs: dict[str, Any], due: int, exclude: list[str],
             reserve: int | None = None) -> tuple[list[str], int, int] | None:
        """Economy.plan with the strategy's treasury reserve (tax is paid from the stock)."""
        return super().plan(obs, due, exclude, self.play.treasury_reserve if reserve is None else reserve)

    # ------------------------------------------------------------ phase 7
    def start(self, hand: list[int], incoming: float | None) -> Action:
        """The best start of an offer (``incoming`` None: no deal yet) or of a counter-offer
        to an offer worth ``incoming`` to the hand, found over the hand's kinds instead of
        every legal action (MC-7.2, MC-7.3: two shown cards, not calamities, worth it with a
        hidden tradable card of the hand; ``Economy._grow`` adds the hidden card next);
        ``Economy.trade``'s values. ``pass``/``decline`` when none is worth it. The search
        depends on the hand only (a counter-offer adds ``incoming`` to every value alike),
        so it is kept per hand (``_search``)."""
        countering = incoming is not None
        key = (tuple(hand), countering)
        found = self._searched.get(key)
        if found is None:
            if len(self._searched) > 64:
                self._searched.clear()
            found = self._searched[key] = self._search(hand, countering)
        act = self.rules.act
        best = found[0]
        if best is None:
            return act("decline" if countering else "pass")
        value, c1, c2, _hidden = best
        if incoming is not None:
            value += incoming
        floor = 2.0
        if value <= floor:
            return act("decline" if countering else "pass")
        cards = self.cat.cards
        return act("counter" if countering else "offer", cards[c1].id, cards[c2].id)  # the hidden card: ``_grow``

    def _search(self, hand: list[int], countering: bool) -> tuple[tuple[float, int, int, int] | None]:
        """``start``'s search: the best (value, shown, shown, hidden) of the hand, the value
        without the offer's worth when ``countering``."""
        cards = self.cat.cards
        counts: dict[int, int] = {}
        for c in hand:
            if cards[c].tradable:
                counts[c] = counts.get(c, 0) + 1
        kinds = sorted(counts)

        def loss(c: int, j: int) -> float:
            k = cards[c]
            if k.calamity:
                return -CALAMITY_DEBT * j
            if not k.commodity:
                return 0.0
            n = counts[c]
            return (n * n - (n - j) * (n - j)) * k.face_value

        single = {c: loss(c, 1) for c in kinds}
        shown = [c for c in kinds if not cards[c].calamity]
        # the cheapest few kinds are enough: a dearer card never makes a better offer
        shown = sorted(shown, key=lambda c: (single[c], c))[:6]
        hidden = sorted(kinds, key=lambda c: (single[c], c))[:6]
        best: tuple[float, int, int, int] | None = None
        for i, c1 in enumerate(sorted(shown)):
            for c2 in sorted(shown)[i:]:
                if c2 == c1 and counts[c1] < 2:
                    continue
                for h in hidden:
                    used = (c1 == h) + (c2 == h)
                    if counts[h] - used < 1:
                        continue
                    give: dict[int, int] = {}
                    for c in (c1, c2, h):
                        give[c] = give.get(c, 0) + 1
                    value = -sum(loss(c, j) for c, j in give.items())
                    if not countering:
                        value += 0.2 * (cards[c1].face_value + cards[c2].face_value)
                        value += 4 if not cards[h].calamity else 0
                    if best is None or value > best[0]:
                        best = (value, c1, c2, h)
        return (best,)

    def wanted(self, obs: dict[str, Any], ahead: int = 3) -> dict[str, float]:
        """What the next epochs of the AST still require, as a bonus per cost band:
        'any', 'low' (<100), 'mid' (>=100), 'high' (>=200), 'vp'."""
        if not self.play.ast_focus:
            return {}
        me = obs["players"][obs["player"]]
        r = self.rules
        costs = [self.adv[a].cost for a in me["advances"]]
        square = me["ast"]
        out: dict[str, float] = {}
        for step in range(1, ahead + 1):
            if square + step > r.tables.spaces:
                break
            need = r.tables.requirements.get(r.epoch_of(me["civilization"], square + step))
            if not need:
                continue
            weight = 1.0 / step
            lacks = {
                "any": need["min_advances"] - len(costs),
                "low": need["min_advances_cost_below_100"] - sum(c < 100 for c in costs),
                "mid": need["min_advances_cost_100_or_more"] - sum(c >= 100 for c in costs),
                "high": need["min_advances_cost_200_or_more"] - sum(c >= 200 for c in costs),
                "vp": need["min_vp_from_advances"] - sum(int(advance_vp(c, r.tables.vp, r.exactly_200_high))
                                                         for c in costs),
            }
            for k, lack in lacks.items():
                if lack > 0:
                    out[k] = max(out.get(k, 0.0), weight)
        return out

    def target(self, obs: dict[str, Any]) -> tuple[str, int] | None:
        """The advance the AST needs next (MC-13.1.1): while the next two epochs lack
        advances of 200 or more (or else of 100 or more), the cheapest such advance after
        credits, with what it costs now."""
        wanted = self.wanted(obs, ahead=2)
        band = 200 if "high" in wanted else 100 if "mid" in wanted else 0
        if not band:
            return None
        me = obs["players"][obs["player"]]
        owned = set(me["advances"])
        prices = obs.get("prices") or {}
        best: tuple[int, str] | None = None
        for adv in self.cat.advances:
            if adv.cost < band or adv.id in owned:
                continue
            due = prices.get(adv.id, max(0, adv.cost - self.credit(obs, adv.id)))
            if best is None or (due, adv.id) < best:
                best = (due, adv.id)
        return None if best is None else (best[1], best[0])

    def keep(self, obs: dict[str, Any]) -> tuple[list[str], int]:
        """The commodities worth keeping toward a saved-for advance: the best sets that fit
        the hand limit (MC-12.4), and what they are worth."""
        counts = {c: n for c, n in self.counts(obs["hand"]).items() if self.card[c].commodity}
        room = self.cat.hand_limit(len(obs["players"]))
        kept, value = [], 0
        for c in sorted(counts, key=lambda c: (-counts[c] * self.card[c].face_value, c)):
            if counts[c] <= room:
                kept.append(c)
                room -= counts[c]
                value += set_value(counts[c], self.card[c].face_value)
        return kept, value

    def buy(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        me = obs["players"][obs["player"]]
        per = 2 if "mining" in me["advances"] else 1
        pay = obs["pay"]
        if pay is not None:
            rest = pay["price"] - pay["paid"]
            kept, kept_treasury = self.saving if pay["advance"] != self.saving_for else ([], None)
            found = self.plan(obs, rest, list(pay["cards"]) + kept, kept_treasury)
            if found is not None:
                for c in found[0]:
                    if c not in pay["cards"] and any(a.text == f"pay {c}" for a in legal):
                        return _find(legal, f"pay {c}")
            return super().buy(obs, legal)
        self.saving, self.saving_for = ([], None), None
        buyable = {a.args[0]: a for a in legal if a.kind == "buy"}
        rules = self.strategy.buy
        if rules:
            q = obs_quantities(obs, self.rules)
            for rule in rules:
                a = buyable.get(rule.advance)
                if a is None or not all(c.holds(q) for c in rule.conditions):
                    continue
                adv = self.adv[rule.advance]
                if self.plan(obs, max(0, adv.cost - self.credit(obs, adv.id)), []) is not None:
                    return a
        if not self.strategy.then_value:
            return _find(legal, "done")
        exclude: list[str] = []
        reserve: int | None = None
        short = me["stock"] < 2 * len(me["cities"]) + self.play.stock_reserve
        goal = self.target(obs)
        if goal is not None:
            name, due = goal
            if name in buyable and self.plan(obs, due, []) is not None:
                self.saving_for = name
                return buyable[name]
            # save the best sets and the treasury toward it; other advances only with the rest
            # (the treasury too when the stock will not pay the next tax)
            kept, value = self.keep(obs)
            exclude = kept
            if not short:
                reserve = self.play.treasury_reserve + max(0, -(-(due - value) // per))
            self.saving = (exclude, reserve)
        wanted = self.wanted(obs)
        vp_table = self.rules.tables.vp

        def worth(a: Action) -> float | None:
            adv = self.adv[a.args[0]]
            due = max(0, adv.cost - self.credit(obs, adv.id))
            found = self.plan(obs, due, exclude, reserve)
            if found is None:
                return None
            vp = advance_vp(adv.cost, vp_table, self.rules.exactly_200_high)
            bonus = wanted.get("any", 0.0) + wanted.get("vp", 0.0) * vp / 6
            if adv.cost < 100:
                bonus += wanted.get("low", 0.0)
            if adv.cost >= 100:
                bonus += wanted.get("mid", 0.0)
            if adv.cost >= 200:
                bonus += wanted.get("high", 0.0)
            future = sum(adv.credits.values()) / 40
            if goal is not None and adv.credits:
                future += max(adv.credits.get(g, 0) for g in self.adv[goal[0]].groups) / 10
            score = (vp + future) / max(found[2], 10) * 100 * (1 + 2 * bonus)
            if short and found[1]:
                score *= 1.5  # treasury spent goes back to the stock that pays the tax
            return score + self.rng.random() * 0.01

        return _best(legal, "buy", worth, 0.0) or _find(legal, "done")


def obs_quantities(obs: dict[str, Any], rules: Rules) -> Callable[[Quantity], float]:
    """The strategy's quantities read from an observation (phase 12)."""
    me = obs["player"]
    players = obs["players"]
    mine = players[me]

    def q(term: Quantity) -> float:
        name, arg = term
        if name == "turn":
            return float(obs["turn"])
        if name == "players":
            return len(players)
        if name == "cities":
            return len(mine["cities"])
        if name == "tokens":
            return float(sum(mine["tokens"].values()))
        if name in ("stock", "treasury", "ast", "vp"):
            return float(mine[name])
        if name == "leader":
            return float(max((p["vp"] for p in players if p["seat"] != me), default=0))
        if name == "rank":
            return 1 + sum(1 for p in players if p["seat"] != me and p["vp"] > mine["vp"])
        if name == "advances":
            return len(mine["advances"])
        if name == "cards":
            return len(obs["hand"])
        if name == "owned":
            return 1 if arg in mine["advances"] else 0
        if name == "others":
            return sum(1 for p in players if p["seat"] != me and arg in p["advances"])
        if name == "hand":
            return float(obs["hand"].count(arg))
        raise AssertionError(name)

    return q

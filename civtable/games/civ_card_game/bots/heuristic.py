"""The greedy bot of Civilization: The Card Game, which reads only what its seat may see.

``greedy`` (alias ``heuristic``) scores every affordable purchase by victory
points per resource spent, with a small bonus for what keeps producing (plots,
population, buildings), buys the best until nothing scores, trades 3:1 toward a
technology it cannot quite afford, attacks the leader among its neighbours with
every attacking unit, and blocks the most damaging attackers first.

The bots read the seat's cheap view (``PlayerView.seat``, a ``view.SeatView``: the
position read in place, the seat's own hand and the public table only) and the
actions' numbers (``CcgAction``: plot, card, technology, seat), with the card values
they use computed once per bot from the card file (issue 18: building the
observation dict was a third of a search's rollout step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from civtable.agents.base import Agent, PlayerView
from civtable.core.action import Action

from ..actions import CcgAction, trade_paid
from ..catalog import BUILDING, RESOURCE, UNIT, WONDER, CardSet
from ..state import PHASE_NAMES
from ..view import SeatView

ByKind = dict[str, list[CcgAction]]
Legal = list[CcgAction]
Handler = Callable[["HeuristicBot", SeatView, ByKind, Legal], CcgAction | None]


class HeuristicBot(Agent):
    """Victory points per resource, with sensible combat."""

    def __init__(self, seed: int, cards: CardSet) -> None:
        super().__init__(seed)
        self.cardset = cards
        self.numbers = cards.numbers
        nums = cards.numbers
        self.pop_base: int = nums["population_cost_base"]
        self.pop_step: int = nums["population_cost_step"]
        self.plot_step: int = nums["plot_cost_step"]
        self.slot_population: int = nums["slot_population"]
        # the values the bot compares, by plot, card and technology number (the same
        # expressions as per decision, so the same numbers)
        self.plot_value = [y[0] * 1.1 + y[1] + y[2] * 1.2 + 0.3 * sum(1 for v in y if v)
                           for y in (p.yields for p in cards.plots)]
        self.plot_food = [p.yields[0] for p in cards.plots]
        self.card_value = [self._value_of(c) for c in cards.cards]
        self.damage = [c.population_damage * 2 + c.building_damage for c in cards.cards]
        self.card_cost = [c.cost for c in cards.cards]
        self.is_wonder = [c.kind == WONDER for c in cards.cards]
        self.wonder_score = [1.2 + 0.1 * (c.culture + c.happiness + sum(c.yields)) for c in cards.cards]
        self.building_score = [0.35 * (sum(c.plot_yield) + sum(c.yields) + c.walls + c.culture * 0.5
                                       + c.happiness * 0.5 + sum(c.discount)) for c in cards.cards]
        self.granary = [c.granary for c in cards.cards]
        self.unit_pop_damage = [c.population_damage for c in cards.cards]
        self.unit_building_damage = [c.building_damage for c in cards.cards]
        self.tech_cost_printed = [t.cost for t in cards.techs]
        self.tech_score = [1.0 + 0.15 * (sum(t.yields) + sum(t.discount) + t.extra_draw + t.two_slots
                                         + t.culture + t.happiness) for t in cards.techs]

    @staticmethod
    def _value_of(c: object) -> float:
        """What a card is worth keeping (the discards throw the least worth away). A
        building in hand is worth the least: it waits for Hammers and a free slot, and
        the bot keeps drawing more than it places; buildings go first, the least useful
        first. Against the same bot valuing them above units and resource cards (``2 +
        plot yield + ...``) this won 81.2% [77.1, 84.8] of 400 two-player games, 51.2% of
        400 three-player and 36.2% of 400 four-player games (``bench_ccg.py --ladder``)."""
        card = cast("CardLike", c)
        if card.kind == WONDER:
            return 4 + card.culture * 0.3
        if card.kind == BUILDING:
            return 0.1 * (sum(card.plot_yield) + card.culture * 0.5 + card.happiness * 0.5 + card.walls)
        if card.kind == UNIT:
            return 1.5 + (0.5 if card.defend else 0) + (card.population_damage + card.building_damage) * 0.5
        return 1 + sum(card.yields) * 0.3 if card.kind == RESOURCE else 1

    def act(self, view: PlayerView) -> Action:
        legal = cast("Legal", view.legal_actions)
        if len(legal) == 1:  # before the view, the dearest part of a decision
            return legal[0]
        v: SeatView = view.seat
        by_kind: ByKind = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        choice = HANDLERS[v.phase](self, v, by_kind, legal)
        return choice if choice is not None else legal[0]

    # ------------------------------------------------------------- set-up
    def _draft(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        value = self.plot_value
        return max(by_kind["draft"], key=lambda a: (value[a.a], a.text))

    def _free_population(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        plots = v.plots(v.player)
        value = self.plot_value
        return max(by_kind["place"], key=lambda a: (value[plots[a.a][0]], -a.a))

    def _discard_worst(self, v: SeatView, discards: Legal) -> CcgAction:
        value = self.card_value
        return min(discards, key=lambda a: (value[a.a], a.text))

    def _start_discard(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        return self._discard_worst(v, by_kind["discard"])

    def _discard(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        return self._discard_worst(v, by_kind["discard"])

    # ------------------------------------------------------------ the turn
    def _tech_cost(self, t: int, v: SeatView) -> int:
        """A technology's printed cost less the seat's technology discounts (not Highest Happiness)."""
        return max(0, self.tech_cost_printed[t] - v.derived(v.player).tech_discount)

    def _resource_need(self, v: SeatView) -> int:
        """The resource (0 Food, 1 Hammers, 2 Commerce) that brings the cheapest next
        victory point closest."""
        res = v.res(v.player)
        best, best_gap = 0, 1e9
        for t in v.tech_display:
            gap = self._tech_cost(t, v) - res[2]
            if gap < best_gap:
                best, best_gap = 2, gap
        plots = v.plots(v.player)
        if plots:
            cheapest = min(self.pop_base + self.pop_step * pl[1] for pl in plots)
            if cheapest - res[0] < best_gap:
                best, best_gap = 0, cheapest - res[0]
        for c, k in enumerate(v.hand):
            if k and self.is_wonder[c] and self.card_cost[c] - res[1] < best_gap:
                best, best_gap = 1, self.card_cost[c] - res[1]
        return best

    def _collect(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        need = self._resource_need(v)
        for a in by_kind["yield"]:
            if a.a == need:
                return a
        return by_kind["yield"][0]

    def _score(self, a: CcgAction, v: SeatView) -> float:
        kind = a.kind
        me = v.player
        if kind == "cash":
            return 100.0
        if kind in ("writing", "laws"):  # the richest target; random among equals
            loot = v.hand_size(a.a) if kind == "writing" else sum(v.res(a.a))
            return 50.0 + loot + self.rng.random() * 0.5
        if kind == "tech":
            t = a.a
            display = v.tech_display
            if len(display) == 1 and display[0] == t and not v.tech_deck_size():
                # the last technology ends the game: only when it wins
                mine = v.vp(me) + 1
                best_other = max(v.vp(q) for q in range(v.n) if q != me)
                return 1000.0 if mine > best_other else -1.0
            return self.tech_score[t] / max(1, self._tech_cost(t, v))
        if kind == "pop":
            return 1.25 / (self.pop_base + self.pop_step * v.plots(me)[a.a][1])
        if kind == "build":
            c = a.a
            cost = max(1, self.card_cost[c])
            if self.is_wonder[c]:
                return self.wonder_score[c] / cost
            value = self.building_score[c]
            if self.granary[c]:
                value += 0.35 * self.plot_food[v.plots(me)[a.b][0]]
            return value / cost
        if kind == "plot":
            plot_cost = len(v.plots(me)) * self.plot_step
            keep_commerce = 1.001 if a.b == 2 else 1.0  # spare-commerce: Commerce buys technologies
            return self.plot_value[a.a] * 0.08 / max(1, plot_cost) * 3 * keep_commerce
        if kind == "trade":
            return self._trade_score(a, v)
        return 0.0

    def _trade_score(self, a: CcgAction, v: SeatView) -> float:
        """Trade only toward a technology that the trade makes affordable now."""
        if a.b != 2 or trade_paid(a)[2]:  # for Commerce, paid without Commerce
            return 0.0
        commerce = v.res(v.player)[2]
        for t in v.tech_display:
            if self._tech_cost(t, v) == commerce + 1:
                return 0.02
        return 0.0

    def _purchase(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        best, best_score = None, 0.0
        for a in legal:
            score = self._score(a, v)
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        if "attack" in by_kind:
            return self._declare_attack(v, by_kind["attack"])
        return (by_kind.get("done") or by_kind.get("fight") or legal)[0]

    # --------------------------------------------------------------- combat
    def _declare_attack(self, v: SeatView, attacks: Legal) -> CcgAction:
        # ties are broken at random: a tie-break by seat number would favour some seats
        noise = [self.rng.random() for _ in attacks]
        best, best_key = attacks[0], (0.0, -1.0)
        for a, n in zip(attacks, noise, strict=True):
            plots = v.plots(a.b)
            unit = a.a
            gain: float = self.unit_pop_damage[unit] * (1 if any(pl[1] for pl in plots) else 0)
            gain += self.unit_building_damage[unit] * 0.5 * sum(len(pl) - 2 for pl in plots)
            key = (gain + v.vp(a.b) * 0.05 - v.hand_size(a.b) * 0.02, n)
            if a is attacks[0] or key > best_key:
                best, best_key = a, key
        return best

    def _declare(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        if "attack" in by_kind:
            return self._declare_attack(v, by_kind["attack"])
        return (by_kind.get("fight") or by_kind.get("pass") or legal)[0]

    def _redeclare(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        return self._declare(v, by_kind, legal)

    def _siege(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        return next(a for a in legal if a.a == 1)  # siege yes

    def _bounce(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        damage = self.damage
        return max(legal, key=lambda a: (damage[a.a], a.text))

    def _defend(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        blocks = by_kind.get("block")
        if not blocks:
            return by_kind["done"][0]
        return self._block(blocks)

    def _block(self, blocks: Legal) -> CcgAction:
        """The most damaging attacker, with the least valuable blocker."""
        damage, value = self.damage, self.card_value
        return max(blocks, key=lambda a: (damage[a.a], -value[a.b], a.text))

    def _lose_population(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        plots = v.plots(v.player)
        crowd = self.slot_population
        value = self.plot_value

        def cost(a: CcgAction) -> tuple[float, int]:
            pl = plots[a.a]
            slot_loss = 1 if pl[1] == crowd and len(pl) - 2 > 1 else 0
            return (slot_loss * 5 + value[pl[0]], a.a + 1)

        return min(legal, key=cost)

    def _gain_population(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        plots = v.plots(v.player)
        value = self.plot_value
        return max(legal, key=lambda a: (value[plots[a.a][0]], -a.a))

    def _destroy_building(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        cost = self.card_cost
        return min(legal, key=lambda a: (cost[a.a], a.text))

    def _take_resources(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        return max(legal, key=lambda a: (a.a, a.text))

    def _give_resources(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        return min(legal, key=lambda a: (a.a, a.text))

    def _draw(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        return max(legal, key=lambda a: (cast("int", a.args[0]), a.text))

    def _steal_window(self, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction:
        steals = [a for a in legal if a.kind in ("writing", "laws")]
        if steals:
            return max(steals, key=lambda a: self._score(a, v))
        return by_kind["pass"][0]


class CardLike:
    """The fields of a play-deck card the bot reads (``catalog.PlayCard``), for typing."""

    kind: str
    culture: int
    happiness: int
    plot_yield: tuple[int, int, int]
    yields: tuple[int, int, int]
    walls: int
    defend: bool
    population_damage: int
    building_damage: int


def _no_choice(bot: HeuristicBot, v: SeatView, by_kind: ByKind, legal: Legal) -> CcgAction | None:
    return None


HANDLERS: tuple[Handler, ...] = tuple(
    cast("Handler", getattr(HeuristicBot, "_" + name.replace("-", "_"), _no_choice)) for name in PHASE_NAMES)
"""The bot's choice in each step, by ``phases`` number (the methods named after the steps)."""

"""Actions of Civilization: The Card Game and their notation.

Plots are numbered from 1 in the order a player got them; seats from 0.

    draft plains          take a plot in the set-up draft (CCG-4.3, CCG-4.4)
    place 2               the free population on plot 2 (CCG-4.8)
    discard archers       discard a card (CCG-4.9, CCG-8.1)
    yield food            a population's extra resource (CCG-5.3)
    pop 2 | plot coast | tech writing | build library 3 | cash food_cache
    plot coast spare-commerce   pay a plot from the other resources first (CCG-6.4 "any mix";
                                plain "plot coast" pays from the largest stocks)
    trade food+food+hammers for commerce     3:1 bank trade (bank-trade A; trades that give
                                              back a type they pay with are left out: they only lose)
    trade food for commerce                   3 food for 1 commerce (bank-trade B)
    writing 1 | laws 1    use Writing or Code of Laws on seat 1 (CCG-9.2)
    take food | give food                     Code of Laws resources, chosen (B / C)
    done                  end purchasing, or end a defence
    attack chariot 1 | fight | pass           declare and start combat (CCG-7.0, CCG-7.1)
    siege yes | siege no  use a further Catapult on City Walls (catapult-repeat B)
    bounce chariot        send an attacker back with City Walls / Great Wall (CCG-7.2.2)
    block chariot spearmen                    defend (CCG-7.3)
    lose 2 | gain 1 | destroy library 3       apply damage (CCG-7.5)
    draw 4 | draw 5 astronomy | draw 5 culture | draw 6   (CCG-8.1 to 8.3)
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final

from civtable.core.action import Action
from civtable.core.events import Event

from .catalog import BUILDING, RESOURCES, UNIT

if TYPE_CHECKING:
    from .options import Rules

# the actions' dispatch codes (``Final``: the compiled rules read them as numbers, not from a dictionary)
DRAFT: Final = 0
PLACE: Final = 1
DISCARD: Final = 2
YIELD: Final = 3
"""Codes of set-up choices, discards and yields (CCG-4, CCG-5.3, CCG-8.1)."""
BUY_POP: Final = 4
BUY_PLOT: Final = 5
BUY_TECH: Final = 6
BUILD: Final = 7
"""Codes of purchases (CCG-6)."""
CASH: Final = 8
TRADE: Final = 9
WRITING: Final = 10
LAWS: Final = 11
"""Codes of cash, bank trades, Writing and Code of Laws (CCG-2.2, CCG-9.2)."""
TAKE: Final = 12
GIVE: Final = 13
DONE: Final = 14
"""Codes of Code of Laws' resources, and the end of purchasing or of a defence."""
ATTACK: Final = 15
FIGHT: Final = 16
PASS: Final = 17
SIEGE: Final = 18
BOUNCE: Final = 19
"""Codes of combat (CCG-7.0 to CCG-7.2)."""
BLOCK: Final = 20
LOSE: Final = 21
GAIN: Final = 22
DESTROY: Final = 23
"""Codes of defence and damage (CCG-7.3 to CCG-7.5)."""
DRAW: Final = 24
"""The code of the draw (CCG-8.2, CCG-8.3)."""


class CcgAction(Action):
    """An action with its dispatch code and integer arguments. ``moves``: the ``move``
    event of this action by each seat, made when first played (``CcgState.emit_move``;
    events are values nobody changes, so positions share them)."""

    __slots__ = ("code", "a", "b", "c", "moves")

    def __init__(self, code: int, a: int, b: int, c: int, kind: str, *args: object) -> None:
        super().__init__(kind, *args)
        self.code = code
        self.a = a
        self.b = b
        self.c = c
        self.moves: tuple[Event, ...] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, *self.args))


class ActionTable:
    """Every action object of one game object (its card set, rule variants and player
    count), built once from the card data when the game is loaded and then shared:
    the rules index these tables and never build an action per call (issue 18).

    Plot numbers run to the plots of the card file (a position never holds more:
    ``serialize`` checks that no plot is created); seats to the player count. The
    draws are keyed by (extra cards of Astronomy, with them, with Highest Culture's).
    """

    def __init__(self, rules: Rules, seats: int) -> None:
        r = rules
        cards = r.cards
        plot_ids = [x.id for x in cards.plots]
        top = max(sum(cards.plot_counts), r.numbers["dealt_plots"] + 2)
        plots = range(top)
        self.draft = [CcgAction(DRAFT, t, 0, 0, "draft", pid) for t, pid in enumerate(plot_ids)]
        self.place = tuple(CcgAction(PLACE, i, 0, 0, "place", i + 1) for i in plots)
        self.discard = [CcgAction(DISCARD, c, 0, 0, "discard", cid) for c, cid in enumerate(r.ids)]
        self.yield_ = [CcgAction(YIELD, t, 0, 0, "yield", RESOURCES[t]) for t in range(3)]
        self.yield_by_plot = tuple(tuple(self.yield_[t] for t in types) for types in r.plot_types)
        """The extra resources a population of each plot type may take (CCG-5.3)."""
        self.pop = [CcgAction(BUY_POP, i, 0, 0, "pop", i + 1) for i in plots]
        spares = [(f"spare-{RESOURCES[x]}",) for x in range(3)] + [()]
        self.plot = [[CcgAction(BUY_PLOT, t, x, 0, "plot", pid, *spares[x]) for x in range(4)]
                     for t, pid in enumerate(plot_ids)]
        self.tech = [CcgAction(BUY_TECH, t, 0, 0, "tech", tid) for t, tid in enumerate(r.tech_ids)]
        self.build = [[CcgAction(BUILD, c, i, 0, "build", cid, i + 1) for i in plots] for c, cid in enumerate(r.ids)]
        self.cash = [CcgAction(CASH, c, 0, 0, "cash", cid) for c, cid in enumerate(r.ids)]
        self.writing = [CcgAction(WRITING, q, 0, 0, "writing", q) for q in range(seats)]
        self.laws = [CcgAction(LAWS, q, 0, 0, "laws", q) for q in range(seats)]
        self.take = [CcgAction(TAKE, t, 0, 0, "take", RESOURCES[t]) for t in range(3)]
        self.give = [CcgAction(GIVE, t, 0, 0, "give", RESOURCES[t]) for t in range(3)]
        self.done = CcgAction(DONE, 0, 0, 0, "done")
        self.attack = [[CcgAction(ATTACK, c, q, 0, "attack", cid, q) for q in range(seats)]
                       for c, cid in enumerate(r.ids)]
        self.fight = CcgAction(FIGHT, 0, 0, 0, "fight")
        self.pass_ = CcgAction(PASS, 0, 0, 0, "pass")
        self.siege = (CcgAction(SIEGE, 1, 0, 0, "siege", "yes"), CcgAction(SIEGE, 0, 0, 0, "siege", "no"))
        self.bounce = [CcgAction(BOUNCE, c, 0, 0, "bounce", cid) for c, cid in enumerate(r.ids)]
        self.block = [[CcgAction(BLOCK, att, c, 0, "block", r.ids[att], r.ids[c]) for c in range(r.n_cards)]
                      if r.kind[att] == UNIT else [] for att in range(r.n_cards)]
        self.lose = [CcgAction(LOSE, i, 0, 0, "lose", i + 1) for i in plots]
        self.gain = tuple(CcgAction(GAIN, i, 0, 0, "gain", i + 1) for i in plots)
        self.destroy = [[CcgAction(DESTROY, c, i, 0, "destroy", cid, i + 1) for i in plots] if r.kind[c] == BUILDING
                        else [] for c, cid in enumerate(r.ids)]
        base = r.numbers["draw"]
        most = sum(r.tech_extra_draw) + sum(e * k for e, k in zip(r.card_extra_draw, cards.card_counts, strict=True))
        plain = [CcgAction(DRAW, 0, y, 0, "draw", base + y, *(["culture"] * y)) for y in (0, 1)]
        self.draw: dict[tuple[int, int, int], CcgAction] = {
            (extra, x, y): CcgAction(DRAW, 1, y, 0, "draw", base + extra + y, "astronomy", *(["culture"] * y))
            if x else plain[y] for extra in range(most + 1) for x in ((0, 1) if extra else (0,)) for y in (0, 1)}
        self.trades = trade_table(r.trade_any)
        """``(resources needed, action)`` of every bank trade of the reading in force."""
        self.trades_with = [[a for need, a in self.trades if need[0] <= f and need[1] <= h and need[2] <= c]
                            for f in range(4) for h in range(4) for c in range(4)]
        """The trades a stock affords, by ``16 min(food, 3) + 4 min(hammers, 3) + min(commerce, 3)``
        (no trade needs more than three of a type)."""
        # the tables of the purchase step's list (``rules.purchase.legal_main``)
        buildings = [k for k in r.placeable if not r.is_wonder[k]]
        wonders = [k for k in r.placeable if r.is_wonder[k]]
        low_b, high_b = budgets([r.card_cost[k] for k in buildings])
        low_w, high_w = budgets([r.card_cost[k] for k in wonders])
        self.building_budgets = (low_b, high_b - low_b + 1)
        self.wonder_budgets = (low_w, high_w - low_w + 1)
        """(lowest budget, number of budgets) in Hammers at which what is affordable can
        differ, for buildings and for wonders (``budgets``)."""
        self.affordable = [[tuple(k for k in r.placeable if r.card_cost[k] <= (w if r.is_wonder[k] else b))
                            for w in range(low_w, high_w + 1)] for b in range(low_b, high_b + 1)]
        """The buildings and wonders (in card order) priced at most a building budget and a
        wonder budget: ``affordable[b - low_b][w - low_w]``, the budgets clamped to the
        range of ``building_budgets`` and ``wonder_budgets``."""
        self.culture_min: int = r.numbers["culture_threshold"]
        self.happiness_min: int = r.numbers["happiness_threshold"]
        """The least culture and happiness a status needs (CCG-3.3, CCG-3.5)."""
        self.adjacent = tuple(adjacent(q, seats, r.attack_anyone) for q in range(seats))
        """The opponents each seat may attack (CCG-7.0)."""
        self.main = (r.pop_cost_base, r.pop_cost_step, self.pop, r.plot_cost_base, r.plot_cost_step,
                     self.wonder_budgets, self.building_budgets, self.affordable, self.build, r.resource_cards,
                     self.cash, r.trade_min, self.trades_with, r.steal_mask, r.steps_fixed, self.done)
        """What the purchase step's list reads of the game, in one tuple (``rules.purchase.legal_main``:
        one look-up instead of one per item)."""
        self.attacks_of = tuple(tuple([self.attack[c][q] for q in self.adjacent[p]] for c in range(r.n_cards))
                                for p in range(seats))
        """By seat and card, the attacks of that card against each opponent it may attack."""
        self.attackers = tuple(c for c in range(r.n_cards) if r.unit_attack[c])
        """The cards that attack (CCG-2.5.2), in card order."""


def budgets(prices: list[int]) -> tuple[int, int]:
    """The lowest and highest budgets at which what ``prices`` afford can differ: one below
    the lowest price (nothing, and so below it) and the highest (everything, and above)."""
    if not prices:
        return (0, 0)
    return (min(prices) - 1, max(prices))


def adjacent(p: int, n: int, anyone: bool) -> tuple[int, ...]:
    """CCG-7.0: the opponents ``p`` may attack: with up to three players or attack-anyone
    every other player, else the two neighbours."""
    if anyone or n <= 3:
        return tuple(q for q in range(n) if q != p)
    return tuple(sorted({(p + 1) % n, (p - 1) % n}))


def trade_table(trade_any: bool) -> list[tuple[tuple[int, int, int], CcgAction]]:
    """CCG-2.2.2: the bank trades with the resources each needs (bank-trade A: any three
    resources for one they do not include, as a trade that gives back a type it pays
    with only loses; B: three of one type for one of another)."""
    out = []
    if trade_any:
        for inputs in combinations_with_replacement(range(3), 3):
            need = (inputs.count(0), inputs.count(1), inputs.count(2))
            text = "+".join(RESOURCES[i] for i in inputs)
            for t in range(3):
                if not need[t]:
                    out.append((need, CcgAction(TRADE, need[0] * 16 + need[1] * 4 + need[2], t, 0,
                                                "trade", text, "for", RESOURCES[t])))
    else:
        for f in range(3):
            need3 = (3 if f == 0 else 0, 3 if f == 1 else 0, 3 if f == 2 else 0)
            for t in range(3):
                if t != f:
                    out.append((need3, CcgAction(TRADE, 3 << (4 - 2 * f), t, 1,
                                                 "trade", RESOURCES[f], "for", RESOURCES[t])))
    return out


def trade_paid(a: CcgAction) -> tuple[int, int, int]:
    """What a trade action pays (its code packs the three counts)."""
    return (a.a >> 4, (a.a >> 2) & 3, a.a & 3)

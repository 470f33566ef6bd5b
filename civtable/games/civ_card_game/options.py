"""The rule variants of Civilization: The Card Game (one option per ambiguity named
in ``rules/civ_card_game.md``, with the specification's default) and ``Rules``: the
options and the card data of one game, flattened into tables for the hot path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from civtable.core.declare import declaration
from civtable.core.game import OptionSpec

from .actions import ActionTable
from .catalog import BUILDING, RESOURCE, UNIT, WONDER, CardSet, Triple

AB = ("A", "B")
ABC = ("A", "B", "C")

DECLARED = declaration(__package__)
"""The game's info and its rule variants and settings, as data (``data/game.json``)."""
OPTIONS: tuple[OptionSpec, ...] = DECLARED.options

# CCG-2.5.3, unit-list B: the rule's lists taken as complete
LISTED_DEFENDERS = frozenset({"archers", "spearmen", "axemen"})
LISTED_ATTACKERS = frozenset({"chariot", "swordsmen", "spearmen", "axemen"})


READINGS = (("final-tie", "A"), ("slot-count", "B"), ("bank-trade", "A"), ("resource-carryover", "A"),
            ("mining", "A"), ("granary", "B"), ("status-tie", "B"), ("step-order", "A"), ("adjacency", "B"),
            ("catapult-repeat", "A"), ("bounce", "B"), ("extra-draw-optional", "A"), ("deck-exhaustion", "A"),
            ("steal-timing", "B"))
"""The option readings behind ``Rules``' flags (shared_win, slots_add_up, ..., steal_any_turn)."""


def columns(items: Sequence[Any], *fields: str) -> tuple[tuple[Any, ...], ...]:
    """One tuple per field: the field of every item, in order (a card table by card number)."""
    return tuple(tuple(getattr(x, f) for x in items) for f in fields)


def numbers(items: Sequence[Any], *fields: str) -> tuple[tuple[int, ...], ...]:
    """``columns`` of whole numbers (costs, culture, happiness...)."""
    return columns(items, *fields)


class Rules:
    """Everything the rules read, by card number."""

    def __init__(self, options: dict[str, Any], cards: CardSet) -> None:
        self.cards = cards
        self.numbers = cards.numbers
        self.n_cards = len(cards.cards)
        cs = cards.cards
        (self.ids, self.kind, self.card_discount, self.card_great_wall, self.card_plot_yield, self.card_yields,
         self.card_granary) = columns(cs, "id", "kind", "discount", "great_wall", "plot_yield", "yields", "granary")
        self.card_cost, self.card_culture, self.card_happiness, self.card_walls, self.card_extra_draw = numbers(
            cs, "cost", "culture", "happiness", "walls", "extra_draw")
        unit_list_b = options["unit-list"] == "B"
        self.unit_attack = tuple(
            c.kind == UNIT and (c.id in LISTED_ATTACKERS if unit_list_b else c.attack) for c in cs)
        self.unit_defend = tuple(
            c.kind == UNIT and (c.id in LISTED_DEFENDERS if unit_list_b else c.defend) for c in cs)
        by_id = {c.id: i for i, c in enumerate(cs)}
        self.unit_blocks: tuple[frozenset[int] | None, ...] = tuple(
            None if c.blocks is None else frozenset(by_id[b] for b in c.blocks) for c in cs)
        self.unit_pop_damage, self.unit_building_damage, self.unit_siege = columns(
            cs, "population_damage", "building_damage", "siege")
        self.placeable = tuple(i for i, c in enumerate(cs) if c.kind in (BUILDING, WONDER))
        self.resource_cards = tuple(i for i, c in enumerate(cs) if c.kind == RESOURCE)
        self.units = tuple(i for i, c in enumerate(cs) if c.kind == UNIT)
        # plots; multi-yield B keeps one symbol, the first, with the plot's whole number
        yields: list[Triple] = []
        for p in cards.plots:
            y = p.yields
            if options["multi-yield"] == "B":
                first = next(i for i in range(3) if y[i])
                one = [0, 0, 0]
                one[first] = sum(y)
                y = (one[0], one[1], one[2])
            yields.append(y)
        self.plot_yields = tuple(yields)
        self.plot_types = tuple(tuple(i for i in range(3) if y[i]) for y in yields)
        ts = cards.techs
        self.tech_ids, self.tech_discount, self.tech_yields, self.tech_two_slots, self.tech_mining = columns(
            ts, "id", "discount", "yields", "two_slots", "mining")
        self.tech_cost, self.tech_culture, self.tech_happiness, self.tech_extra_draw = numbers(
            ts, "cost", "culture", "happiness", "extra_draw")
        self.tech_building_yield = tuple(
            None if t.building_yield is None else (by_id[t.building_yield[0]], t.building_yield[1]) for t in ts)
        self.writing_mask = sum(1 << i for i, t in enumerate(ts) if t.steal_card)
        self.laws_mask = sum(1 << i for i, t in enumerate(ts) if t.steal_resources)
        self.steal_mask = self.writing_mask | self.laws_mask
        self.laws_amount = max((t.steal_resources for t in ts), default=0)
        # options: the readings the hot path asks about, in the order of READINGS
        (self.shared_win, self.slots_add_up, self.trade_any, self.keep_resources, self.mining_now, self.granary_all,
         self.status_tie_shares, self.steps_fixed, self.attack_anyone, self.catapult_auto, self.resend_bounced,
         self.extra_optional, self.reshuffle, self.steal_any_turn) = (options[o] == x for o, x in READINGS)
        self.end_timing = "ABC".index(options["game-end-timing"])
        self.laws_choice = "ABC".index(options["code-of-laws-choice"])
        self.max_turns = options["max-turns"]
        nums = cards.numbers
        self.pop_cost_base: int = nums["population_cost_base"]
        self.pop_cost_step: int = nums["population_cost_step"]
        self.plot_cost_base: int = nums["plot_cost_base"] - nums["plot_cost_step"] * nums["plot_cost_from"]
        self.plot_cost_step: int = nums["plot_cost_step"]
        self.slots_one: int = nums["slots"]
        self.slots_two: int = nums["slots_with_bonus"]
        self.slot_population: int = nums["slot_population"]
        self.is_wonder = tuple(c.kind == WONDER for c in cs)
        self.is_placeable = tuple(c.kind in (BUILDING, WONDER) for c in cs)
        self.is_resource = tuple(c.kind == RESOURCE for c in cs)
        self.card_range = range(len(cs))
        self.pay_choices: dict[tuple[int, int, int, int], list[int]] = {}
        """``purchase.plot_payments`` by stock and cost, computed once each (cleared when large)."""
        self.trade_min = max(3, nums["bank_trade"])  # a trade pays three; the rules' minimum may ask more
        self.seat_tuples = tuple((q,) for q in range(options["players"]))  # to_move() hands out these
        self.acts = ActionTable(self, options["players"])
        """Every action object of this game object, built once (``actions.ActionTable``)."""

    @staticmethod
    def bits(mask: int) -> list[int]:
        """The set bits of ``mask``, lowest first (owned technologies)."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

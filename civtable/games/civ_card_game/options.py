"""The rule variants of Civilization: The Card Game (one option per ambiguity named
in ``rules/civ_card_game.md``, with the specification's default) and ``Rules``: the
options and the card data of one game, flattened into tables for the hot path."""

from __future__ import annotations

from typing import Any

from civtable.core.declare import declaration
from civtable.core.game import OptionSpec

from .actions import ActionCache, CcgAction
from .catalog import BUILDING, RESOURCE, UNIT, WONDER, CardSet, Triple

AB = ("A", "B")
ABC = ("A", "B", "C")

DECLARED = declaration(__package__)
"""The game's info and its rule variants and settings, as data (``data/game.json``)."""
OPTIONS: tuple[OptionSpec, ...] = DECLARED.options

# CCG-2.5.3, unit-list B: the rule's lists taken as complete
LISTED_DEFENDERS = frozenset({"archers", "spearmen", "axemen"})
LISTED_ATTACKERS = frozenset({"chariot", "swordsmen", "spearmen", "axemen"})


class Rules:
    """Everything the rules read, by card number."""

    def __init__(self, options: dict[str, Any], cards: CardSet) -> None:
        self.cards = cards
        self.numbers = cards.numbers
        self.n_cards = len(cards.cards)
        cs = cards.cards
        self.ids = tuple(c.id for c in cs)
        self.kind = tuple(c.kind for c in cs)
        self.card_cost = tuple(c.cost for c in cs)
        self.card_culture = tuple(c.culture for c in cs)
        self.card_happiness = tuple(c.happiness for c in cs)
        self.card_discount = tuple(c.discount for c in cs)
        self.card_walls = tuple(c.walls for c in cs)
        self.card_great_wall = tuple(c.great_wall for c in cs)
        self.card_plot_yield = tuple(c.plot_yield for c in cs)
        self.card_yields = tuple(c.yields for c in cs)
        self.card_granary = tuple(c.granary for c in cs)
        self.card_extra_draw = tuple(c.extra_draw for c in cs)
        unit_list_b = options["unit-list"] == "B"
        self.unit_attack = tuple(
            c.kind == UNIT and (c.id in LISTED_ATTACKERS if unit_list_b else c.attack) for c in cs)
        self.unit_defend = tuple(
            c.kind == UNIT and (c.id in LISTED_DEFENDERS if unit_list_b else c.defend) for c in cs)
        by_id = {c.id: i for i, c in enumerate(cs)}
        self.unit_blocks: tuple[frozenset[int] | None, ...] = tuple(
            None if c.blocks is None else frozenset(by_id[b] for b in c.blocks) for c in cs)
        self.unit_pop_damage = tuple(c.population_damage for c in cs)
        self.unit_building_damage = tuple(c.building_damage for c in cs)
        self.unit_siege = tuple(c.siege for c in cs)
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
        self.tech_ids = tuple(t.id for t in ts)
        self.tech_cost = tuple(t.cost for t in ts)
        self.tech_culture = tuple(t.culture for t in ts)
        self.tech_happiness = tuple(t.happiness for t in ts)
        self.tech_discount = tuple(t.discount for t in ts)
        self.tech_yields = tuple(t.yields for t in ts)
        self.tech_building_yield = tuple(
            None if t.building_yield is None else (by_id[t.building_yield[0]], t.building_yield[1]) for t in ts)
        self.tech_two_slots = tuple(t.two_slots for t in ts)
        # (bit, value) of the technologies that have a value: the hot sums skip the others
        self.culture_techs = tuple((1 << i, t.culture) for i, t in enumerate(ts) if t.culture)
        self.happy_techs = tuple((1 << i, t.happiness) for i, t in enumerate(ts) if t.happiness)
        self.discount_techs = tuple((1 << i, t.discount) for i, t in enumerate(ts) if any(t.discount))
        self.tech_mining = tuple(t.mining for t in ts)
        self.tech_extra_draw = tuple(t.extra_draw for t in ts)
        self.writing_mask = sum(1 << i for i, t in enumerate(ts) if t.steal_card)
        self.laws_mask = sum(1 << i for i, t in enumerate(ts) if t.steal_resources)
        self.laws_amount = max((t.steal_resources for t in ts), default=0)
        # options
        self.end_timing = "ABC".index(options["game-end-timing"])
        self.shared_win = options["final-tie"] == "A"
        self.slots_add_up = options["slot-count"] == "B"
        self.trade_any = options["bank-trade"] == "A"
        self.keep_resources = options["resource-carryover"] == "A"
        self.mining_now = options["mining"] == "A"
        self.granary_all = options["granary"] == "B"
        self.status_tie_shares = options["status-tie"] == "B"
        self.steps_fixed = options["step-order"] == "A"
        self.attack_anyone = options["adjacency"] == "B"
        self.catapult_auto = options["catapult-repeat"] == "A"
        self.resend_bounced = options["bounce"] == "B"
        self.extra_optional = options["extra-draw-optional"] == "A"
        self.reshuffle = options["deck-exhaustion"] == "A"
        self.steal_any_turn = options["steal-timing"] == "B"
        self.laws_choice = "ABC".index(options["code-of-laws-choice"])
        self.max_turns = options["max-turns"]
        self.cache: ActionCache = {}  # action objects, built once for this card set
        self.trade_table: list[tuple[tuple[int, int, int], CcgAction]] | None = None

    @staticmethod
    def bits(mask: int) -> list[int]:
        """The set bits of ``mask``, lowest first (owned technologies)."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

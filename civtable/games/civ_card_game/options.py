"""The rule variants of Civilization: The Card Game (one option per ambiguity named
in ``rules/civ_card_game.md``, with the specification's default) and ``Rules``: the
options and the card data of one game, flattened into tables for the hot path."""

from __future__ import annotations

from typing import Any

from civtable.core.game import OptionSpec

from .actions import ActionCache, CcgAction
from .catalog import BUILDING, RESOURCE, UNIT, WONDER, CardSet, Triple

AB = ("A", "B")
ABC = ("A", "B", "C")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("dealer", None, "the dealer's seat; random when not given (play goes to the left, seat + 1)",
               minimum=0, maximum=3, rule="CCG-4.10"),
    OptionSpec("game-end-timing", "A", "the game ends when the last technology is bought: A at once; B at the end of that turn; C at the end of the round",
               choices=ABC, rule="CCG-1.1"),
    OptionSpec("final-tie", "A", "a tie after both tie-breakers: A shared win; B no winner", choices=AB, rule="CCG-1.3"),
    OptionSpec("multi-yield", "A", "plot yields: A every symbol of the card data; B one symbol per plot (its first, with the plot's whole number)",
               choices=AB, rule="CCG-2.1.1"),
    OptionSpec("slot-count", "A", "building slots: A two at most, with Engineering or 3+ population; B each condition adds one (up to three)",
               choices=AB, rule="CCG-2.1.4"),
    OptionSpec("bank-trade", "A", "the 3:1 bank trade: A any 3 resources for 1 of your choice; B 3 of one type for 1 of another",
               choices=AB, rule="CCG-2.2.2"),
    OptionSpec("resource-carryover", "A", "unspent resources: A kept; B returned to the bank at the end of the turn",
               choices=AB, rule="CCG-2.2.3"),
    OptionSpec("mining", "A", "Mining: A 1 Hammer per plot when bought; B +1 Hammer per plot at the next collection",
               choices=AB, rule="CCG-2.4.2"),
    OptionSpec("unit-list", "A", "who attacks and defends: A the card data; B the rule's lists are complete (defend: Archers, Spearmen, Axemen; attack: Chariot, Swordsmen, Spearmen, Axemen)",
               choices=AB, rule="CCG-2.5.3"),
    OptionSpec("granary", "A", "a Granary doubles: A the plot's printed Food; B all Food from the plot, population bonus included",
               choices=AB, rule="CCG-2.6.1"),
    OptionSpec("active", "A", "victory points count: A everything owned; B only what is in play (the two coincide for population, wonders and technologies)",
               choices=AB, rule="CCG-3.1"),
    OptionSpec("status-tie", "A", "a tie for Highest Culture or Happiness: A no one has the status; B every tied player has it",
               choices=AB, rule="CCG-3.5"),
    OptionSpec("step-order", "A", "A purchasing, then combat, then drawing; B purchasing and combat in any order before drawing",
               choices=AB, rule="CCG-5.0"),
    OptionSpec("purchase-limits", "A", "A any number of purchases, costs never below 0, plots bought from the display (the spec's defaults; no other reading is given)",
               choices=("A",), rule="CCG-6.5"),
    OptionSpec("adjacency", "A", "who may be attacked: A the neighbours (with 4 players not the one opposite); B any opponent",
               choices=AB, rule="CCG-7.0"),
    OptionSpec("catapult-repeat", "A", "further Catapults against City Walls: A automatic; B the Attacker chooses for each",
               choices=AB, rule="CCG-7.2.1"),
    OptionSpec("bounce", "A", "a bounced unit: A back to hand, not usable again this turn; B back to hand, and the Attacker may send it again in this combat",
               choices=AB, rule="CCG-7.2.2"),
    OptionSpec("block-ratio", "A", "A one defending unit blocks one attacking unit (the card set has no unit that blocks several)",
               choices=("A",), rule="CCG-7.3"),
    OptionSpec("extra-draw-optional", "A", "Astronomy and Highest Culture: A each extra card is optional; B both always apply",
               choices=AB, rule="CCG-8.3"),
    OptionSpec("deck-exhaustion", "A", "an empty play deck: A shuffle the discard pile into a new deck; B no more cards are drawn",
               choices=AB, rule="CCG-8.3"),
    OptionSpec("steal-timing", "A", "Writing and Code of Laws: A in the owner's own turn, once per turn; B also at the start of every other player's turn, once per turn",
               choices=AB, rule="CCG-9.2"),
    OptionSpec("code-of-laws-choice", "A", "the three resources Code of Laws steals: A at random; B chosen by the thief; C chosen by the victim",
               choices=ABC, rule="CCG-9.2"),
    OptionSpec("max-turns", 400, "turn cap (all players' turns): the game ends there and is scored as usual", minimum=1, rule="CCG-1.1"),
    OptionSpec("cards", "", "a card file to use instead of the package's (same format as data/cards.json)", rule="CCG-9.1",
               file=True),
)

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

"""The rule variants of Mega Civilization: one option per ambiguity of
``rules/mega_civilization.md`` (``OPTIONS``), and ``Rules``: the options of one game
as flags read on the hot path, with its map, its tables and its card data."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from civtable.core.action import Action
from civtable.core.errors import OptionError
from civtable.core.game import OptionSpec

from .board import Board
from .catalog import load_catalog
from .codes import BUILD, GROW, MILITARY, MOVE
from .scoring import advance_vp
from .tables import Tables

AB = ("A", "B")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("map", "full", "the map: 'full' (the hobbyist board, repaired), 'small' (the project's 29-area test map) or a map file",
               rule="MC-3.1"),
    OptionSpec("side", "West", "which starting civilizations the rulebook's table gives for the player count",
               choices=("West", "East"), rule="MC-0.4"),
    OptionSpec("game-end", "A", "A the game ends after a turn in which a marker reaches the last AST square; B after the turn fixed by last-turn",
               choices=AB, rule="MC-0.3"),
    OptionSpec("last-turn", 80, "the last turn under game-end B, and a cap under A (greedy bots on the full map reach the last AST square in about 35-70 turns with 5-9 players, not within 100 with 18)",
               minimum=1, rule="MC-0.3"),
    OptionSpec("ast-tie-scope", "A", "AST order settles A every order that matters; B only ties of strength (in part 1 both give the same orders: every open order here is a tie of strength, e.g. equal attackers of a city)",
               choices=AB, rule="MC-0.4"),
    OptionSpec("strict-ast-order", "B", "A players act simultaneously where the rules allow (hidden from each other until all are done); B always one at a time in AST order",
               choices=AB, rule="MC-0.6"),
    OptionSpec("growth-order", "same", "phase 2: A simultaneous; B in AST order; 'same' follows strict-ast-order",
               choices=("same", "A", "B"), rule="MC-2.0"),
    OptionSpec("unstated-order", "same", "phases 3 and 5 (no order in the source): A simultaneous; B in AST order; 'same' follows strict-ast-order",
               choices=("same", "A", "B"), rule="MC-0.11"),
    OptionSpec("phase-advance", "A", "A nobody starts a phase before all finished the last (B is included in A)", choices=("A",), rule="MC-0.7"),
    OptionSpec("tax-source", "A", "tax comes A from the stock; B from population on the map", choices=AB, rule="MC-1.1"),
    OptionSpec("tax-revolt-count", "A", "A one city revolts per defaulting player; B one per unpaid city", choices=AB, rule="MC-1.2.1"),
    OptionSpec("tax-revolt-optional", "A", "A the revolt always happens; B the Beneficiary may decline", choices=AB, rule="MC-1.2.1"),
    OptionSpec("revolt-destroy", "A", "the revolting city is destroyed A when no possible Beneficiary has a city piece; B only when every player has all cities on the map",
               choices=AB, rule="MC-1.2.3"),
    OptionSpec("revolt-exemption", "A", "a revolted city this turn: A no tax, no support check; B also draws no trade card",
               choices=AB, rule="MC-1.2.4"),
    OptionSpec("growth-supply", "A", "growth: A limits not applied (surplus removed later); B growth stops at each area's limit",
               choices=AB, rule="MC-2.1"),
    OptionSpec("ship-cost", "A", "a ship's second token (b): A from any area; B from an adjacent area", choices=AB, rule="MC-3.4"),
    OptionSpec("ship-movement", "A", "carried tokens: A make no land move that turn; B may also make their one land step before boarding or after landing",
               choices=AB, rule="MC-3.5"),
    OptionSpec("open-sea", "A", "the map's water areas (the source's open sea areas): A ships cross them only with Astronavigation, otherwise they travel along the coast (MC-3.5); B every ship crosses them (Astronavigation has no effect)",
               choices=AB, rule="MC-3.5"),
    OptionSpec("conflict-trigger", "A", "a conflict arises A when two players' tokens exceed the limit; B whenever they share an area (removal still stops at the limit, so both readings remove the same tokens)",
               choices=AB, rule="MC-4.1.3"),
    OptionSpec("city-attack-win", "A", "the attacker wins A when the defender has no tokens left; B when he has more tokens left",
               choices=AB, rule="MC-4.2.3"),
    OptionSpec("plunder-source", "A", "plundered treasury: A taken from the former owner's treasury (his tokens back to his stock, as many of the attacker's from stock to treasury); B from the attacker's own stock",
               choices=AB, rule="MC-4.2.3"),
    OptionSpec("surplus-scope", "C", "surplus removed: A where a city was just built; B above each area's limit; C both",
               choices=("A", "B", "C"), rule="MC-5.2"),
    OptionSpec("support-counting", "A", "city support: A all tokens on the map, 2 per city; B 2 tokens in or next to each city",
               choices=AB, rule="MC-5.3.3"),
    OptionSpec("phase-11", "A", "phase 11: A surplus removal and support check again; B surplus removal only", choices=AB, rule="MC-11.1"),
    OptionSpec("ast-criteria", "A", "AST: A the data's epoch requirements; a player with no city moves back and does not advance",
               choices=("A",), rule="MC-13.1.2"),
    OptionSpec("cost-200", "A", "an advance costing exactly 200 scores A 6; B 3", choices=AB, rule="MC-14.5"),
    OptionSpec("cost-basis", "A", "advance VP by A the printed cost; B the price paid after credits",
               choices=AB, rule="MC-14.3"),
    OptionSpec("water-card", "A", "an empty stack gives A the Water card (worth 0); B nothing", choices=AB, rule="MC-6.1.3"),
    OptionSpec("stack9-purchase", "A", "extra cards bought for treasury: A one of each kind per turn; B as many as paid for",
               choices=AB, rule="MC-6.2"),
    OptionSpec("trade-limit", "A", "trade is bounded by A a number of offer rounds (trade-rounds); a wall-clock limit means nothing to a simulator",
               choices=("A",), rule="MC-7.1"),
    OptionSpec("trade-rounds", 2, "offer rounds in the trade phase (each player proposes once a round)", minimum=0, rule="MC-7.1"),
    OptionSpec("trade-max-cards", 5, "the most cards an offer or counter-offer may hold (at least 3: two shown, the rest hidden and declared); 3 gives plain three-card offers",
               minimum=3, rule="MC-7.2"),
    OptionSpec("trade-disclosure", "A", "the two verified cards are A shown to all; B named truthfully (the same information here)",
               choices=AB, rule="MC-7.5"),
    OptionSpec("calamity-limit", "A", "calamities held: A at most 3, at most 2 major; B up to 2 major and no minor, or up to 3 minor",
               choices=AB, rule="MC-8.2"),
    OptionSpec("calamity-excess", "A", "calamities over the limit are chosen A by the holder; B at random", choices=AB, rule="MC-8.2"),
    OptionSpec("calamity-order", "A", "A all minor calamities, then all major; B each player his minor then his major ones",
               choices=AB, rule="MC-9.2.2"),
    OptionSpec("non-tradable-first", "A", "major calamities: A all non-tradable before all tradable, each by stack; B by stack, non-tradable first at equal stacks",
               choices=AB, rule="MC-9.2.2"),
    OptionSpec("calamity-beneficiary", "A", "the calamity Beneficiary: A the calamity data's definition; B MC-0.9 (the data has no definition, so both use MC-0.9 without the victim)",
               choices=AB, rule="MC-0.10"),
    OptionSpec("advance-credits", "A", "credits: A those printed on owned advances (and Monument / Written Record tokens); B also credits granted by abilities (none in the data, so the same)",
               choices=AB, rule="MC-12.2"),
    OptionSpec("hand-limit", "A", "A all cards count, checked at the end of phase 12, the player discards the excess",
               choices=("A",), rule="MC-12.4"),
    OptionSpec("non-tradable-position", "A", "returned non-tradable calamities go A to the bottom of the returned pile; B on its top",
               choices=AB, rule="MC-13.2.4"),
    OptionSpec("ast-squares", "A", "AST VP for A net squares advanced; B every forward move", choices=AB, rule="MC-14.6"),
    OptionSpec("late-iron-age", "A", "the sole-player bonus goes to the one player A beyond; B on or beyond the Late Iron Age square",
               choices=AB, rule="MC-14.7"),
)


class Rules:
    """The options, the map and the tables of one game, as the state reads them."""

    def __init__(self, options: dict[str, Any], board: Board, tables: Tables, players: int) -> None:
        self.board = board
        self.tables = tables
        self.civilizations = self._civilizations(options, board, tables, players)
        o = options
        strict = o["strict-ast-order"] == "B"

        def together(choice: str) -> bool:
            return (not strict) if choice == "same" else choice == "A"

        # which decision steps are simultaneous (MC-0.5, MC-0.6, MC-2.0, MC-0.11)
        self.simultaneous_steps = frozenset(
            step for step, on in ((GROW, together(o["growth-order"])), (MOVE, together(o["unstated-order"])),
                                  (BUILD, together(o["unstated-order"])), (MILITARY, together(o["unstated-order"])))
            if on)
        self.tax_from_map = o["tax-source"] == "B"
        self.revolt_per_city = o["tax-revolt-count"] == "B"
        self.revolt_optional = o["tax-revolt-optional"] == "B"
        self.revolt_destroy_strict = o["revolt-destroy"] == "B"
        self.growth_limited = o["growth-supply"] == "B"
        self.ship_adjacent_only = o["ship-cost"] == "B"
        self.step_before_boarding = o["ship-movement"] == "B"
        self.open_sea_free = o["open-sea"] == "B"
        self.conflict_when_shared = o["conflict-trigger"] == "B"
        self.attack_win_by_more = o["city-attack-win"] == "B"
        self.plunder_from_stock = o["plunder-source"] == "B"
        self.surplus_scope = o["surplus-scope"]
        self.support_local = o["support-counting"] == "B"
        self.phase_11_support = o["phase-11"] == "A"
        self.end_by_ast = o["game-end"] == "A"
        self.last_turn = o["last-turn"]
        self.exactly_200_high = o["cost-200"] == "A"
        self.ast_all_forward = o["ast-squares"] == "B"
        self.late_reaching = o["late-iron-age"] == "B"
        # part 2
        self.catalog = load_catalog()
        self.card_side = o["side"]
        self.two_blocks = self.catalog.uses_two_blocks(players, o["side"])
        self.water_card = o["water-card"] == "A"
        self.one_purchase = o["stack9-purchase"] == "A"
        self.revolt_exempt_cards = o["revolt-exemption"] == "B"
        self.trade_rounds = o["trade-rounds"]
        self.trade_max_cards = o["trade-max-cards"]
        self.calamity_limit_split = o["calamity-limit"] == "B"
        self.calamity_excess_random = o["calamity-excess"] == "B"
        self.calamity_per_player = o["calamity-order"] == "B"
        self.non_tradable_by_stack = o["non-tradable-first"] == "B"
        self.non_tradable_top = o["non-tradable-position"] == "B"
        self.cost_paid = o["cost-basis"] == "B"
        self._actions: dict[tuple[object, ...], Action] = {}
        self._reach: dict[tuple[int, int, bool], tuple[int, ...]] = {}
        self._late: dict[tuple[str, ...], list[int]] = {}

    @staticmethod
    def _civilizations(options: dict[str, Any], board: Board, tables: Tables, players: int) -> tuple[str, ...]:
        """The rulebook's civilizations for the player count (and side) when the map has
        them all; otherwise the map's civilizations in AST order (a small map)."""
        blocks = tables.starting.get(players, {})
        wanted = blocks.get(options["side"]) or next(iter(blocks.values()), ())
        on_map = {c.id for c in board.civilizations}
        if wanted and all(c in on_map for c in wanted):
            return tuple(wanted)
        ranked = sorted(on_map, key=lambda c: tables.civ(c).ast_rank)
        if len(ranked) < players:
            raise OptionError(f"map {board.name!r} has start areas for {len(ranked)} civilizations, not {players}")
        return tuple(ranked[:players])

    def act(self, kind: str, *args: object) -> Action:
        """The one action object for this text (built once, then shared)."""
        key = (kind, *args)
        found = self._actions.get(key)
        if found is None:
            found = self._actions[key] = Action(kind, *args)
        return found

    def sea_reach(self, a: int, steps: int | None = None, open_sea: bool = False) -> tuple[int, ...]:
        """MC-3.5: the land areas a ship from ``a`` reaches in up to 4 moves along the coast
        (``steps``: another range, e.g. 5 with Cloth Making). The map's water areas are
        open sea: a ship enters them only with ``open_sea`` (Astronavigation) or under
        open-sea B."""
        steps = steps or self.tables.numbers["ship_moves"]
        open_sea = open_sea or self.open_sea_free
        found = self._reach.get((a, steps, open_sea))
        if found is None:
            areas = self.board.areas
            seen = {a: 0}
            todo = deque([a])
            while todo:
                x = todo.popleft()
                if seen[x] == steps:
                    continue
                for y in areas[x].water:
                    if y not in seen and (open_sea or areas[y].is_land):
                        seen[y] = seen[x] + 1
                        todo.append(y)
            found = self._reach[a, steps, open_sea] = tuple(sorted(x for x in seen if x != a and areas[x].is_land))
        return found

    def epoch_of(self, civ: str, square: int) -> str:
        starts = self.tables.civ(civ).epoch_start
        epoch = "stone"
        for name, first in sorted(starts.items(), key=lambda kv: kv[1]):
            if square >= first:
                epoch = name
        return epoch

    def late_iron_squares(self, civs: tuple[str, ...] | list[str]) -> list[int]:
        key = tuple(civs)
        found = self._late.get(key)
        if found is None:
            found = self._late[key] = [self.late_iron_square(c) for c in key]
        return found

    def late_iron_square(self, civ: str) -> int:
        return self.tables.civ(civ).epoch_start.get(self.tables.late_iron_epoch, self.tables.spaces)

    def may_advance(self, civ: str, square: int, cities: int, advance_costs: Sequence[int] = ()) -> bool:
        """MC-13.1.1 (ast-criteria): the data's requirements of the epoch moved into."""
        need = self.tables.requirements.get(self.epoch_of(civ, square))
        if need is None:
            return True
        costs = list(advance_costs)
        vp = self.tables.vp
        return (cities >= need["min_cities"]
                and len(costs) >= need["min_advances"]
                and sum(c < 100 for c in costs) >= need["min_advances_cost_below_100"]
                and sum(c >= 100 for c in costs) >= need["min_advances_cost_100_or_more"]
                and sum(c >= 200 for c in costs) >= need["min_advances_cost_200_or_more"]
                and sum(advance_vp(c, vp, self.exactly_200_high) for c in costs) >= need["min_vp_from_advances"])

"""The rule variants of Mega Civilization: one option per ambiguity of
``rules/mega_civilization.md`` (``OPTIONS``), and ``Rules``: the options of one game
as flags read on the hot path, with its map, its tables and its card data."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from civtable.core.action import Action
from civtable.core.declare import declaration
from civtable.core.errors import OptionError
from civtable.core.game import OptionSpec

from .catalog import advance_vp, load_catalog

if TYPE_CHECKING:
    from .rules.board import Board
    from .rules.tables import Tables

DECLARED = declaration(__package__)
"""The game's info and its rule variants and settings, as data (``data/game.json``)."""
OPTIONS: tuple[OptionSpec, ...] = DECLARED.options

FLAGS: tuple[tuple[str, ...], ...] = tuple(tuple(row.split()) for row in """
    tax_from_map           tax-source            B
    revolt_per_city        tax-revolt-count      B
    revolt_optional        tax-revolt-optional   B
    revolt_destroy_strict  revolt-destroy        B
    growth_limited         growth-supply         B
    ship_adjacent_only     ship-cost             B
    step_before_boarding   ship-movement         B
    open_sea_free          open-sea              B
    conflict_when_shared   conflict-trigger      B
    attack_win_by_more     city-attack-win       B
    plunder_from_stock     plunder-source        B
    support_local          support-counting      B
    phase_11_support       phase-11              A
    end_by_ast             game-end              A
    exactly_200_high       cost-200              A
    ast_all_forward        ast-squares           B
    late_reaching          late-iron-age         B
    water_card             water-card            A
    one_purchase           stack9-purchase       A
    revolt_exempt_cards    revolt-exemption      B
    calamity_limit_split   calamity-limit        B
    calamity_excess_random calamity-excess       B
    calamity_per_player    calamity-order        B
    non_tradable_by_stack  non-tradable-first    B
    non_tradable_top       non-tradable-position B
    cost_paid              cost-basis            B
""".strip().splitlines())
"""``Rules`` flags: (attribute, option, the reading that sets it)."""


class Rules:
    """The options, the map and the tables of one game, as the state reads them."""

    # the flags of ``FLAGS``, set in ``__init__`` (declared for the type checker and mypyc)
    tax_from_map: bool
    revolt_per_city: bool
    revolt_optional: bool
    revolt_destroy_strict: bool
    growth_limited: bool
    ship_adjacent_only: bool
    step_before_boarding: bool
    open_sea_free: bool
    conflict_when_shared: bool
    attack_win_by_more: bool
    plunder_from_stock: bool
    support_local: bool
    phase_11_support: bool
    end_by_ast: bool
    exactly_200_high: bool
    ast_all_forward: bool
    late_reaching: bool
    water_card: bool
    one_purchase: bool
    revolt_exempt_cards: bool
    calamity_limit_split: bool
    calamity_excess_random: bool
    calamity_per_player: bool
    non_tradable_by_stack: bool
    non_tradable_top: bool
    cost_paid: bool

    def __init__(self, options: dict[str, Any], board: Board, tables: Tables, players: int) -> None:
        self.board = board
        self.tables = tables
        self.civilizations = self._civilizations(options, board, tables, players)
        o = options
        strict = o["strict-ast-order"] == "B"

        def together(choice: str) -> bool:
            return (not strict) if choice == "same" else choice == "A"

        self.simultaneous_steps = frozenset(
            step for step, on in (("grow", together(o["growth-order"])), ("move", together(o["unstated-order"])),
                                  ("build", together(o["unstated-order"])), ("military", together(o["unstated-order"])))
            if on)
        """The decision steps that are simultaneous (MC-0.5, MC-0.6, MC-2.0, MC-0.11), by
        their names (``state.STEP_NAMES``: the rules compare a step's name)."""
        for flag, option, reading in FLAGS:  # the rule variants read on the hot path, as booleans
            setattr(self, flag, o[option] == reading)
        self.surplus_scope = o["surplus-scope"]
        self.last_turn = o["last-turn"]
        self.catalog = load_catalog(o["cards"] or None, o["advances"] or None)  # MC-6.1.1, MC-12.1: a file of the user's
        self.card_side = o["side"]
        self.two_blocks = self.catalog.uses_two_blocks(players, o["side"])
        self.trade_rounds = o["trade-rounds"]
        self.trade_max_cards = o["trade-max-cards"]
        self._actions: dict[tuple[object, ...], Action] = {}
        self._reach: dict[tuple[int, int, bool], tuple[int, ...]] = {}
        self._late: dict[tuple[str, ...], list[int]] = {}
        self._moves: dict[tuple[object, ...], tuple[Action, ...]] = {}
        self._ships: dict[int, dict[str, Action]] = {}
        self.additions: dict[int, list[Action]] = {}
        """The ``add H as D`` actions of each hidden card H, built once (``rules.trade.additions``)."""
        cat = self.catalog
        in_game = {c for pile in cat.stacks_for(players, o["side"]) for c in pile} | {cat.water}
        self.declarable: tuple[int, ...] = tuple(sorted(c for c in in_game if not cat.cards[c].calamity))
        """MC-7.4: the names a hidden card may be declared as: the game's trade cards that are
        not calamities (every commodity of its stacks, and Water)."""

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

    def land_moves(self, a: int) -> tuple[Action, ...]:
        """MC-3.2: ``move A B`` for every land area B next to A, in the map's order (built once)."""
        found = self._moves.get((a,))
        if found is None:
            ids = self.board.ids
            found = self._moves[a,] = tuple(self.act("move", ids[a], ids[b]) for b in self.board.areas[a].land)
        return found

    def sail_moves(self, a: int, b: int, cap: int) -> tuple[Action, ...]:
        """MC-3.5: ``sail A B k`` for k from 1 to ``cap`` (built once)."""
        found = self._moves.get((a, b, cap))
        if found is None:
            ids = self.board.ids
            found = self._moves[a, b, cap] = tuple(self.act("sail", ids[a], ids[b], k) for k in range(1, cap + 1))
        return found

    def sails(self, a: int, steps: int | None, open_sea: bool, cap: int) -> tuple[Action, ...]:
        """``sail_moves`` to every area of ``sea_reach(a, steps, open_sea)``, one after the other (built once)."""
        key = ("sails", a, steps, open_sea, cap)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = tuple(x for b in self.sea_reach(a, steps, open_sea)
                                             for x in self.sail_moves(a, b, cap))
        return found

    def ship_builds(self, a: int, payments: Sequence[str]) -> dict[str, Action]:
        """MC-3.3: ``ship A PAYMENT`` for each of the payments (built once per area)."""
        found = self._ships.get(a)
        if found is None:
            found = self._ships[a] = {pay: self.act("ship", self.board.ids[a], pay) for pay in payments}
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

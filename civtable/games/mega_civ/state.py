"""A position of Mega Civilization: its data, ``clone``, the protocol methods and the
names of the phases and decision steps (shared by the state, the rules, the views and
the screen). The rules are reached through the forward model (``game.model``, the
``rules`` package): the state imports nothing of them, so imports flow one way, data ->
state -> rules -> view/serialize -> bots -> show -> game.

Tokens are kept per player as a list over the map's areas; cities as the owner of
each area (-1 for none, ``PIRATE`` for a pirate city). Phases without choices
resolve at once (``rules.run``); choices are small steps (one token moved, one ship
built or sailed, one city built), dispatched through ``rules.STEPS``.

Simultaneous steps (strict-ast-order=A and the per-phase order options): every
player to decide works on a private preview of the state (a silent clone); his
actions are buffered and applied to the real state, in AST order, once all
players are done (``rules.flow.commit``), so nobody sees another's choices before
they are all made. The game then tells everybody what was done.

``legal_actions`` keeps the list it made (``offered``) until the next action is played
(``rules.play``), so that ``apply`` checks the action it is handed against that list
instead of listing the step's actions again. The state changes only through the forward
model: a caller that changes its lists by hand (a test building a position) does so
before it asks for the legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from civtable.core.action import Action
from civtable.core.events import Event, Journal, Viewer
from civtable.core.rng import Rng
from civtable.core.state import State

if TYPE_CHECKING:
    from .catalog import Catalog
    from .game import MegaCiv
    from .options import Rules
    from .rules.board import Board


# decision steps: the state's ``step`` (``AUTO``: the automatic part of a phase runs;
# ``OVER``: the game has ended)
REVOLT, GROW, MOVE, BUILD, REDUCE, OVER, AUTO, CARDS, TRADE, DISCARD, TASK, SPECIAL, BUY, MILITARY = range(14)
STEP_NAMES = ("revolt", "grow", "move", "build", "reduce", "over", "auto", "cards", "trade", "discard", "task",
              "special", "buy", "military")
SIMULTANEOUS_STEPS = (GROW, MOVE, BUILD, MILITARY)
"""The steps that options may make simultaneous (MC-0.5, MC-0.6, MC-2.0, MC-0.11)."""

PHASE_NAMES = {1: "tax", 2: "expansion", 3: "movement", 4: "conflict", 5: "cities", 6: "trade-cards",
               7: "trade", 8: "calamity-selection", 9: "calamity-resolution", 10: "special-abilities",
               11: "surplus", 12: "advances", 13: "ast"}
PHASE_TITLES = {1: "Tax", 2: "Population expansion", 3: "Movement", 4: "Conflict", 5: "City construction",
                6: "Acquisition of trade cards", 7: "Trade", 8: "Calamity selection", 9: "Calamity resolution",
                10: "Special abilities", 11: "Removal of surplus population", 12: "Acquisition of advances",
                13: "AST alteration"}

# the phases in which each decision step happens
STEP_PHASES = {"revolt": (1,), "grow": (2,), "move": (3,), "build": (5,), "reduce": (5, 11), "cards": (6,),
               "trade": (7,), "discard": (8, 12), "task": (9, 10, 12), "special": (10,), "buy": (12,),
               "military": (4,)}

REINFORCE = "reinforce:"  # a ``used`` entry: Advanced Military reinforces the conflict in this area (phase 4)
PROVINCIAL = "provincial_empire:"  # a ``used`` entry per player chosen by Provincial Empire this turn
PIRATE = -2  # the owner of a pirate city (Piracy)
PAYMENTS = ("tokens", "treasury", "mixed", "split")


def copy_struck(struck: list[list[Any]]) -> list[list[Any]]:
    """``MegaState.struck`` copied, sharing nothing (an item may hold a list of cards)."""
    return [[c, v, {p: {k: [{x: y[:] if isinstance(y, list) else y for x, y in i.items()} for i in items]
                        for k, items in d.items()} for p, d in done.items()}] for c, v, done in struck]


class MegaState:
    """A position of Mega Civilization: a ``State`` (registered as one, ``State.register``,
    below), not derived from it, so that ``setup.py`` can compile it with mypyc (a compiled
    class derives only from compiled classes); the methods ``State`` gives every state are
    written at the end of the class."""

    __slots__ = (
        "journal", "game", "rules", "board", "n", "rng", "civ", "rank", "order", "tokens", "moved", "city",
        "stock", "treasury", "city_stock", "ship_stock", "ships", "docked", "ast", "ast_forward", "census",
        "exempt", "built", "turn_no", "phase", "step", "decider", "queue", "target",
        "buffers", "previews", "winner_list", "solo", "defaulters",
        # part 2: cards, trade, calamities, advances
        "cat", "stacks", "discards", "hands", "owned", "paid", "extra_credit", "tax_rate", "barb", "deal",
        "trade_round", "traded", "struck", "calq", "tasks", "revealed", "pay", "bought", "used", "log", "disclosed",
        "offered",
    )

    journal: Journal | None  # what happened (``State``)
    game: MegaCiv
    rules: Rules
    board: Board
    n: int
    rng: Rng
    civ: list[str]
    rank: list[int]
    order: list[int]
    tokens: list[list[int]]
    moved: list[list[int]]
    city: list[int]
    stock: list[int]
    treasury: list[int]
    city_stock: list[int]
    ship_stock: list[int]
    ships: list[list[int]]  # ships built this turn that have not sailed, by area
    docked: list[list[int]]  # ships that sailed (and, after movement, all ships): on the map until the end of phase 4
    ast: list[int]
    ast_forward: list[int]
    census: list[int]
    exempt: list[int]
    built: list[list[int]]
    turn_no: int
    phase: int
    step: int
    decider: int
    queue: list[int]
    target: int
    buffers: dict[int, list[str]] | None
    previews: dict[int, MegaState] | None
    winner_list: list[int]
    solo: bool  # a preview, or a buffered step being replayed: finishing it does not move the game on
    defaulters: list[int]  # this turn's tax-revolt victims (MC-1.2.6)
    cat: Catalog
    stacks: list[list[int]]  # trade-card stacks 1..9 (index 0 unused); the top card is the last
    discards: list[list[int]]  # cards played or discarded this turn, by stack (MC-13.2.1)
    hands: list[list[int]]  # each player's trade cards and calamities, sorted card types
    owned: list[list[int]]  # each player's advances, sorted
    paid: list[list[int]]  # what he paid for each (cost-basis B), parallel to ``owned``
    extra_credit: list[list[int]]  # credit tokens from Monument / Written Record, by group
    tax_rate: list[int]  # change of the tax per city (Coinage, Monarchy)
    barb: list[int]  # barbarian tokens by area
    deal: list[Any] | None  # the trade offer under way: [proposer, side, stage, counters, declined] (rules/trade.py)
    trade_round: int
    traded: list[list[int]]  # this turn's closed deals: [proposer, responder, cards given, cards received] (MC-7.5)
    struck: list[list[Any]]  # this turn's calamities: [card id, victim, {seat: {"lost": items, "gained": items}}] (MC-9)
    calq: list[list[int]]  # calamities still to resolve: [victim, card]
    tasks: list[list[Any]]  # choices a calamity or ability still needs (a stack; the last is current)
    revealed: list[list[int]]  # calamities revealed this turn (MC-9.1.1)
    pay: list[Any] | None  # an advance being paid: [advance, price, paid value, [cards]]
    bought: list[list[int]]  # advances bought this turn
    used: list[list[str]]  # once-per-turn abilities used
    log: list[str]  # what happened this turn that every player saw (calamities, trades)
    disclosed: list[Any] | None
    """The last simultaneous step's choices, public once all were made: [step, {p: texts}].
    The observation shows them, so that what is told after a commit (the outcome, the
    conflicts it causes) is what the observation shows; they are not part of a position
    (``to_json`` keeps the format of the recorded positions), so a loaded position has
    none until the next commit."""
    offered: tuple[int, list[Action]] | None
    """The legal actions ``legal_actions`` listed for a player in this position (see the
    module's docstring); not part of a position, not copied by ``clone``."""

    def clone(self) -> MegaState:
        """A copy sharing nothing mutable (lists copied by hand: the fastest way)."""
        s = MegaState.__new__(MegaState)
        s.journal = self.journal
        s.game, s.rules, s.board, s.n, s.cat = self.game, self.rules, self.board, self.n, self.cat
        s.rng = self.rng.clone()
        s.turn_no, s.phase, s.step, s.decider = self.turn_no, self.phase, self.step, self.decider
        s.target, s.solo, s.trade_round = self.target, self.solo, self.trade_round
        # flat lists
        s.civ, s.rank, s.order, s.city = self.civ[:], self.rank[:], self.order[:], self.city[:]
        s.stock, s.treasury, s.city_stock = self.stock[:], self.treasury[:], self.city_stock[:]
        s.ship_stock, s.ast, s.ast_forward = self.ship_stock[:], self.ast[:], self.ast_forward[:]
        s.census, s.exempt, s.queue, s.log = self.census[:], self.exempt[:], self.queue[:], self.log[:]
        s.winner_list, s.defaulters = self.winner_list[:], self.defaulters[:]
        s.tax_rate, s.barb = self.tax_rate[:], self.barb[:]
        # lists of lists
        s.tokens, s.moved = [x[:] for x in self.tokens], [x[:] for x in self.moved]
        s.ships, s.docked = [x[:] for x in self.ships], [x[:] for x in self.docked]
        s.built, s.stacks = [x[:] for x in self.built], [x[:] for x in self.stacks]
        s.discards, s.hands = [x[:] for x in self.discards], [x[:] for x in self.hands]
        s.owned, s.paid = [x[:] for x in self.owned], [x[:] for x in self.paid]
        s.extra_credit, s.calq = [x[:] for x in self.extra_credit], [x[:] for x in self.calq]
        s.revealed, s.bought = [x[:] for x in self.revealed], [x[:] for x in self.bought]
        s.used, s.traded = [x[:] for x in self.used], [x[:] for x in self.traded]
        s.struck = copy_struck(self.struck)
        # the rest
        s.buffers = None if self.buffers is None else {p: b[:] for p, b in self.buffers.items()}
        s.previews = None if self.previews is None else {p: v.clone() for p, v in self.previews.items()}
        d = self.deal
        s.deal = None if d is None else [d[0], d[1][:], d[2], {q: v[:] for q, v in d[3].items()}, d[4][:]]
        s.tasks = [x[:5] + [x[5][:] if isinstance(x[5], list) else x[5]] for x in self.tasks]
        s.pay = None if self.pay is None else self.pay[:3] + [self.pay[3][:]]
        d = self.disclosed
        s.disclosed = None if d is None else [d[0], {p: t[:] for p, t in d[1].items()}]
        s.offered = None
        return s

    def preview(self, step: int, player: int) -> MegaState:
        """A silent copy in which ``player`` alone decides ``step`` (a simultaneous
        step's private preview; finishing it does not move the game on)."""
        view = self.clone()
        view.journal = None
        view.previews = view.buffers = None
        view.step, view.queue, view.decider, view.solo = step, [player], player, True
        return view

    # ---------------------------------------------------------------- protocol
    @property
    def turn(self) -> int:
        return self.turn_no

    def to_move(self) -> tuple[int, ...]:
        if self.step == OVER:
            return ()
        if self.previews is not None:
            return tuple(sorted(p for p, v in self.previews.items() if v.step != AUTO and p in v.queue))
        return (self.decider,)

    def is_terminal(self) -> bool:
        return self.step == OVER

    def winners(self) -> list[int]:
        return list(self.winner_list)

    def returns(self) -> list[float]:
        """+1 for each winner (the players tied for the most VP share the win) and -1 for
        the others once the game is over; 0 for all before, and in a draw (every player
        tied: nobody ahead, MC-14.1)."""
        won = self.winner_list if self.step == OVER else []
        return [(1.0 if p in won else -1.0) if won else 0.0 for p in range(self.n)]

    def deciding(self, player: int) -> MegaState | None:
        """The state in which ``player`` decides now: this one, or his preview in a
        simultaneous step; None when he has nothing to decide."""
        if self.step == OVER:
            return None
        if self.previews is not None:
            view = self.previews.get(player)
            if view is None or player not in view.queue or view.step == AUTO:
                return None
            return view
        return self if player == self.decider else None

    def legal_actions(self, player: int) -> list[Action]:
        view = self.deciding(player)
        if view is None:
            return []
        out: list[Action] = view.game.model.legal(view, player)
        view.offered = (player, out)
        return out[:]

    def legal(self, p: int) -> list[Action]:
        """The decider's actions in the current step (the forward model's ``legal``)."""
        found: list[Action] = self.game.model.legal(self, p)
        return found

    def apply(self, player: int, action: Action | str) -> None:
        """The forward model's ``apply`` (``game.model``)."""
        self.game.model.apply(self, player, action)

    def find(self, player: int, text: str) -> Action:
        """The legal action of this text, or ``IllegalActionError`` saying why not (``rules.find``)."""
        found: Action = self.game.model.find(self, player, text)
        return found

    def lookup(self, player: int, text: str) -> Action | None:
        """The legal action of this text, or None (``rules.lookup``)."""
        found: Action | None = self.game.model.lookup(self, player, text)
        return found

    def play(self, p: int, a: Action) -> None:
        """Carry out one legal action of the current step (``rules.play``)."""
        self.game.model.play(self, p, a)

    # ------------------------------------------------------------ derived values
    def cities_of(self, p: int) -> list[int]:
        city = self.city
        if p not in city:
            return []
        return [a for a, o in enumerate(city) if o == p]

    def tokens_on_map(self, p: int) -> int:
        return sum(self.tokens[p])

    def vp(self, p: int, cities: int | None = None) -> int:
        """MC-14: ``p``'s victory points (the forward model's ``vp``, ``rules/scoring.py``)."""
        points: int = self.game.model.vp(self, p, cities)
        return points

    def has(self, p: int, advance: int) -> bool:
        return advance in self.owned[p]

    def holds(self, p: int, key: str) -> Any:
        """The parameter ``key`` of an ability the player owns (the first advance giving it), or None."""
        advances = self.cat.advances
        for a in self.owned[p]:
            v = advances[a].params.get(key)
            if v is not None:
                return v
        return None

    def support_rate(self, p: int) -> int:
        """MC-5.3.1: 2 tokens per city; Cultural Ascendancy adds 1."""
        return self.rules.tables.numbers["support_per_city"] + (self.holds(p, "support_delta") or 0)

    def limit_for(self, p: int, a: int) -> int:
        """An area's population limit for a player alone there (Agriculture: +1 where it is 0 to 2)."""
        limit = self.board.areas[a].population_limit or 0
        bonus = self.holds(p, "limit_bonus")
        if bonus and limit <= self.holds(p, "limit_bonus_max_limit"):
            return limit + int(bonus)
        return limit

    def own_limit(self, p: int, a: int) -> int:
        """An area's limit for p: Agriculture's +1 counts only while no other player's
        units and no barbarians are there."""
        limit = self.board.areas[a].population_limit or 0
        if not self.holds(p, "limit_bonus") or self.barb[a] or self.city[a] not in (-1, p):
            return limit
        if any(self.tokens[q][a] for q in range(self.n) if q != p):
            return limit
        return self.limit_for(p, a)

    # ------------------------------------------------------------ primitives
    def take_tokens(self, p: int, a: int, k: int) -> None:
        """Remove tokens from an area to the stock, unmoved ones first."""
        self.tokens[p][a] -= k
        self.stock[p] += k
        if self.moved[p][a] > self.tokens[p][a]:
            self.moved[p][a] = self.tokens[p][a]

    def reduce_city(self, p: int, a: int) -> None:
        """MC-5.3.2: the city becomes as many of its owner's tokens as the area allows."""
        self.city[a] = -1
        self.city_stock[p] += 1
        there = sum(self.tokens[q][a] for q in range(self.n))
        k = min(max(0, (self.board.areas[a].population_limit or 0) - there), self.stock[p])
        self.tokens[p][a] += k
        self.stock[p] -= k

    # ------------------------------------------------------------------ views
    # (through the game object: view.py, serialize.py and show/ import this module)
    def observation(self, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` sees (``view.py``)."""
        return self.game.observe(self, viewer)

    def determinize(self, viewer: Viewer, rng: Rng) -> MegaState:
        """A sample of what ``viewer`` cannot tell from this state (``view.py``)."""
        return self.game.sample(self, viewer, rng)

    def explain(self, player: int, text: str) -> str:
        """Why ``text`` is not legal for ``player`` now (``show/explain.py``)."""
        return self.game.explain_refusal(self, player, text)

    def to_json(self) -> dict[str, Any]:
        """The position (``serialize.py``)."""
        return self.game.state_json(self)

    # ------------------------------------------------------------ analysis
    def game_stats(self) -> dict[str, float]:
        cities = [len(self.cities_of(p)) for p in range(self.n)]
        return {
            "cities_per_player": sum(cities) / self.n,
            "tokens_per_player": sum(self.tokens_on_map(p) for p in range(self.n)) / self.n,
            "ast_square": sum(self.ast) / self.n,
            "winner_vp": float(self.vp(self.winner_list[0])) if self.winner_list else 0.0,
            "advances_per_player": sum(len(o) for o in self.owned) / self.n,
            "advance_vp_share": self.game.model.advance_vp_share(self),
        }

    def scores(self) -> list[float]:
        """MC-14: each player's victory points now (the simulator's score curves)."""
        return [float(self.vp(p)) for p in range(self.n)]

    def holdings(self) -> dict[str, list[int]]:
        """Each advance and the players who own it at the end (what a designer rates)."""
        out: dict[str, list[int]] = {}
        for p in range(self.n):
            for a in self.owned[p]:
                out.setdefault(self.cat.advances[a].name, []).append(p)
        return out

    def evaluate(self, player: int) -> float:
        """The win chance of ``player`` by the AST, its requirements, cities, cards and
        treasury, fitted to self-play outcomes (``bots/evaluate.py``), as ``2 P - 1``."""
        return self.game.evaluate_state(self, player)

    # ------------------------------------------------------ State's own methods
    # (``State``'s, called: a registered class does not inherit them)
    def emit(self, id: str, args: Mapping[str, Any] | None = None,
             to: tuple[int, ...] | None = None, exclude: tuple[int, ...] = ()) -> None:
        State.emit(self, id, args, to, exclude)  # type: ignore[arg-type]

    def emit_move(self, player: int, action: Action, private: bool = False) -> None:
        State.emit_move(self, player, action, private)  # type: ignore[arg-type]

    def events(self, viewer: Viewer, since: int = 0) -> list[Event]:
        return State.events(self, viewer, since)  # type: ignore[arg-type]

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def silence(self) -> MegaState:
        return State.silence(self)  # type: ignore[arg-type,return-value]

    def listen(self) -> MegaState:
        return State.listen(self)  # type: ignore[arg-type,return-value]

    def seat_view(self, player: int) -> None:
        return None  # as State.seat_view: the bots read the observation

    def __eq__(self, other: object) -> bool:
        """As ``State.__eq__``: the same game and position."""
        if not isinstance(other, State):
            return NotImplemented
        return self.game.id == other.game.id and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<MegaState turn {self.turn_no} phase {self.phase} {STEP_NAMES[self.step]}>"


State.register(MegaState)

"""The rules of Mega Civilization, part 1 (MC-0 to MC-5, MC-11, MC-13, MC-14).

All 13 phases run in order every turn; phases 6-10 and 12 (trade cards, trade,
calamities, special abilities, advances) do nothing until part 2 plugs them in.
Tokens are kept per player as a list over the map's areas; cities as the owner
of each area (-1 for none). Phases without choices resolve at once; choices are
small steps: one token moved, one ship built or sailed, one city built.

Simultaneous phases (strict-ast-order=A): every player to decide works on a
private preview of the state; his actions are buffered and applied to the real
state, in AST order, once all players are done, so nobody sees another's choices
before they are all made.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from civtable.core.action import Action, normalize
from civtable.core.errors import IllegalActionError
from civtable.core.events import ROOT
from civtable.core.rng import Rng
from civtable.core.state import State

# the part-2 phases (imported after the constants they read from this module)
from .advancing import (
    affordable,
    discard_done,
    do_buy,
    do_discard,
    do_special,
    legal_buy,
    legal_discard,
    legal_special,
    next_buyer,
    next_special,
    phase_advances,
    phase_special,
    return_discards,
    special_actions,
)
from .calamity import (
    calamity_done,
    do_task,
    legal_task,
    next_calamity,
    phase_resolution,
    phase_selection,
    run_tasks,
)
from .order import ast_order, beneficiary
from .population import (
    attacker_wins,
    cities_supported,
    city_attack_succeeds_in_force,
    conflict_arises,
    growth,
    resolve_conflict,
    resolve_conflict_spared,
    revolts,
)
from .scoring import advance_vp, sole_past, victory_points
from .trading import (
    cards_done,
    do_cards,
    do_trade,
    legal_cards,
    legal_trade,
    phase_cards,
    phase_trade,
    redeal,
    simple_answer,
    trade_done,
    trade_refusal,
)

if TYPE_CHECKING:
    from .catalog import Catalog
    from .game import MegaCiv, Rules

# decision steps (7 and up: part 2, handled by the modules in STEP_HANDLERS)
REVOLT, GROW, MOVE, BUILD, REDUCE, OVER, AUTO, CARDS, TRADE, DISCARD, TASK, SPECIAL, BUY, MILITARY = range(14)
STEP_NAMES = ("revolt", "grow", "move", "build", "reduce", "over", "auto", "cards", "trade", "discard", "task",
              "special", "buy", "military")
REINFORCE = "reinforce:"  # a ``used`` entry: Advanced Military reinforces the conflict in this area (phase 4)
PIRATE = -2  # the owner of a pirate city (Piracy)
PHASE_NAMES = {1: "tax", 2: "expansion", 3: "movement", 4: "conflict", 5: "cities", 6: "trade-cards",
               7: "trade", 8: "calamity-selection", 9: "calamity-resolution", 10: "special-abilities",
               11: "surplus", 12: "advances", 13: "ast"}
PAYMENTS = ("tokens", "treasury", "mixed", "split")


class MegaState(State):
    """A position of Mega Civilization (part 1)."""

    __slots__ = (
        "game", "rules", "board", "n", "rng", "civ", "rank", "order", "tokens", "moved", "city",
        "stock", "treasury", "city_stock", "ship_stock", "ships", "docked", "ast", "ast_forward", "census",
        "exempt", "built", "turn_no", "phase", "step", "decider", "queue", "target",
        "buffers", "previews", "winner_list", "solo", "defaulters",
        # part 2: cards, trade, calamities, advances
        "cat", "stacks", "discards", "hands", "owned", "paid", "extra_credit", "tax_rate", "barb", "deal",
        "trade_round", "calq", "tasks", "revealed", "pay", "bought", "used", "log",
    )

    game: MegaCiv
    rules: Rules
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
    deal: list[Any] | None  # the trade offer under way: [proposer, side, stage, counters] (trading.py)
    trade_round: int
    calq: list[list[int]]  # calamities still to resolve: [victim, card]
    tasks: list[list[Any]]  # choices a calamity or ability still needs (a stack; the last is current)
    revealed: list[list[int]]  # calamities revealed this turn (MC-9.1.1)
    pay: list[Any] | None  # an advance being paid: [advance, price, paid value, [cards]]
    bought: list[list[int]]  # advances bought this turn
    used: list[list[str]]  # once-per-turn abilities used
    log: list[str]  # what happened this turn that every player saw (calamities, trades)

    # ------------------------------------------------------------------ set-up
    @classmethod
    def initial(cls, game: MegaCiv, seed: int) -> MegaState:
        """Each civilization puts its starting token(s) in its start area."""
        r = game.rules
        s = cls.__new__(cls)
        s.journal = ROOT
        s.game, s.rules, s.board, s.n = game, r, r.board, game.num_players
        n = s.n
        s.rng = Rng(seed)
        s.civ = list(r.civilizations)
        s.rank = [r.tables.civ(c).ast_rank for c in s.civ]
        s.order = ast_order(s.rank)
        areas = len(s.board.areas)
        s.tokens = [[0] * areas for _ in range(n)]
        s.moved = [[0] * areas for _ in range(n)]
        s.city = [-1] * areas
        start = r.tables.numbers["starting_tokens"]
        s.stock = [r.tables.tokens - start] * n
        for p in range(n):
            s.tokens[p][s.board.start_areas(s.civ[p])[0]] = start
        s.treasury = [0] * n
        s.city_stock = [r.tables.cities] * n
        s.ship_stock = [r.tables.ships] * n
        s.ships = [[] for _ in range(n)]
        s.docked = [[] for _ in range(n)]
        s.ast = [1] * n
        s.ast_forward = [0] * n
        s.census = [start] * n
        s.exempt = []
        s.built = [[] for _ in range(n)]
        s.turn_no = 1
        s.phase = 1
        s.step = AUTO
        s.decider = -1
        s.queue = []
        s.target = -1
        s.buffers = None
        s.previews = None
        s.winner_list = []
        s.solo = False
        s.defaulters = []
        s.cat = r.catalog
        s.stacks = r.catalog.stacks_for(n, r.card_side)
        for k in range(1, len(s.stacks)):  # setup: non-tradable calamities at the bottom (provisional)
            cards = s.stacks[k]
            fixed = [c for c in cards if s.cat.cards[c].calamity and not s.cat.cards[c].tradable]
            rest = [c for c in cards if not (s.cat.cards[c].calamity and not s.cat.cards[c].tradable)]
            s.rng.shuffle(rest)
            s.stacks[k] = fixed + rest
        s.discards = [[] for _ in s.stacks]
        s.hands = [[] for _ in range(n)]
        s.owned = [[] for _ in range(n)]
        s.paid = [[] for _ in range(n)]
        s.extra_credit = [[0] * len(s.cat.groups) for _ in range(n)]
        s.tax_rate = [0] * n
        s.barb = [0] * areas
        s.deal = None
        s.trade_round = 0
        s.calq = []
        s.tasks = []
        s.revealed = [[] for _ in range(n)]
        s.pay = None
        s.bought = [[] for _ in range(n)]
        s.used = [[] for _ in range(n)]
        s.log = []
        s._run()
        return s

    def clone(self) -> MegaState:
        s = MegaState.__new__(MegaState)
        s.journal = self.journal
        s.game, s.rules, s.board, s.n = self.game, self.rules, self.board, self.n
        r = Rng.__new__(Rng)
        r.state = self.rng.state
        s.rng = r
        s.civ = self.civ
        s.rank = self.rank
        s.order = self.order
        s.tokens = [t[:] for t in self.tokens]
        s.moved = [m[:] for m in self.moved]
        s.city = self.city[:]
        s.stock = self.stock[:]
        s.treasury = self.treasury[:]
        s.city_stock = self.city_stock[:]
        s.ship_stock = self.ship_stock[:]
        s.ships = [x[:] for x in self.ships]
        s.docked = [x[:] for x in self.docked]
        s.ast = self.ast[:]
        s.ast_forward = self.ast_forward[:]
        s.census = self.census[:]
        s.exempt = self.exempt[:]
        s.built = [b[:] for b in self.built]
        s.turn_no = self.turn_no
        s.phase = self.phase
        s.step = self.step
        s.decider = self.decider
        s.queue = self.queue[:]
        s.target = self.target
        s.buffers = None if self.buffers is None else {p: b[:] for p, b in self.buffers.items()}
        s.previews = None if self.previews is None else {p: v.clone() for p, v in self.previews.items()}
        s.winner_list = self.winner_list[:]
        s.solo = self.solo
        s.defaulters = self.defaulters[:]
        s.cat = self.cat
        s.stacks = [x[:] for x in self.stacks]
        s.discards = [x[:] for x in self.discards]
        s.hands = [x[:] for x in self.hands]
        s.owned = [x[:] for x in self.owned]
        s.paid = [x[:] for x in self.paid]
        s.extra_credit = [x[:] for x in self.extra_credit]
        s.tax_rate = self.tax_rate[:]
        s.barb = self.barb[:]
        d = self.deal
        s.deal = None if d is None else [d[0], d[1][:], d[2], {q: v[:] for q, v in d[3].items()}]
        s.trade_round = self.trade_round
        s.calq = [x[:] for x in self.calq]
        s.tasks = [x[:] for x in self.tasks]
        s.revealed = [x[:] for x in self.revealed]
        s.pay = None if self.pay is None else self.pay[:3] + [self.pay[3][:]]
        s.bought = [x[:] for x in self.bought]
        s.used = [x[:] for x in self.used]
        s.log = self.log[:]
        return s

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
        if self.step != OVER or not self.winner_list:
            return [0.0] * self.n
        return [1.0 if p in self.winner_list else -1.0 for p in range(self.n)]

    def legal_actions(self, player: int) -> list[Action]:
        if self.step == OVER:
            return []
        if self.previews is not None:
            view = self.previews.get(player)
            if view is None or player not in view.queue or view.step == AUTO:
                return []
            return view._legal(player)
        if player != self.decider:
            return []
        return self._legal(player)

    def apply(self, player: int, action: Action | str) -> None:
        if self.step == OVER:
            raise IllegalActionError("the game is over")
        text = normalize(action) if isinstance(action, str) else action.text
        if self.previews is not None:
            view = self.previews.get(player)
            if view is None or player not in view.queue or view.step == AUTO:
                raise IllegalActionError(f"player {player} has nothing to decide now")
            found = view._find(player, text)
            view._do(player, found)
            assert self.buffers is not None
            self.buffers[player].append(text)
            if all(v.step == AUTO or p not in v.queue for p, v in self.previews.items()):
                self._commit()
            return
        if player != self.decider:
            raise IllegalActionError(f"it is player {self.decider}'s decision ({STEP_NAMES[self.step]}), not player {player}'s")
        self._do(player, self._find(player, text))
        if self.step == AUTO:
            self._run()

    def _find(self, player: int, text: str) -> Action:
        if self.step == TRADE and text in ("decline", "pass", "reject", "post") and player == self.decider:
            found = self.rules.act(text)  # always legal for the decider: skip listing every offer
            if found in self._legal_simple(player):
                return found
        for a in self._legal(player):
            if a.text == text:
                return a
        why = trade_refusal(self, player, text) if self.step == TRADE else None
        if why is not None:
            raise IllegalActionError(why)
        raise IllegalActionError(
            f"{text!r} is not legal for player {player} in the {PHASE_NAMES[self.phase]} phase ({STEP_NAMES[self.step]})")

    def _legal_simple(self, p: int) -> tuple[Action, ...]:
        """The trade step's answer that is not an offer or a card (pass, post, decline or reject)."""
        return (self.rules.act(simple_answer(self)),)

    # ------------------------------------------------------------ derived values
    def cities_of(self, p: int) -> list[int]:
        return [a for a, o in enumerate(self.city) if o == p]

    def tokens_on_map(self, p: int) -> int:
        return sum(self.tokens[p])

    def vp(self, p: int, cities: int | None = None) -> int:
        """MC-14: cities, advances (by printed cost or, cost-basis B, the price paid), AST
        squares, the Late Iron Age bonus."""
        r = self.rules
        squares = self.ast_forward[p] if r.ast_all_forward else self.ast[p] - 1
        sole = sole_past(self.ast, r.late_iron_squares(self.civ), r.late_reaching)
        costs = self.paid[p] if r.cost_paid else [self.cat.advances[a].cost for a in self.owned[p]]
        if cities is None:
            cities = len(self.cities_of(p))
        return victory_points(cities, costs, squares, sole == p, r.tables.vp, r.exactly_200_high)

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
            return limit + bonus
        return limit

    # ------------------------------------------------------------ legal actions
    def _legal(self, p: int) -> list[Action]:
        step = self.step
        g = self.rules.act
        ids = self.board.areas
        if step == REVOLT:
            return [g("revolt", ids[a].id) for a in self.cities_of(self.target)] + (
                [g("decline")] if self.rules.revolt_optional else [])
        if step == GROW:
            return [g("grow", ids[a].id) for a in self._growable(p)]
        if step == MOVE:
            return self._moves(p)
        if step == BUILD:
            return [g("city", ids[a].id, how) if how else g("city", ids[a].id)
                    for a, how in self._city_builds(p)] + [g("done")]
        if step == REDUCE:
            return [g("reduce", ids[a].id) for a in self._unsupported(p)]
        if step >= CARDS:
            return STEP_HANDLERS[step][0](self, p)
        return []

    def _growable(self, p: int) -> list[int]:
        """MC-2.1 (growth-supply A): areas the player may still choose to grow (marked in
        ``moved`` once grown; the movement phase resets it)."""
        grown = self.moved[p]
        return [a for a, k in enumerate(self.tokens[p]) if k and not grown[a] and self._growth_of(p, a)]

    def _moves(self, p: int) -> list[Action]:
        """MC-3.1 to MC-3.5: a token to an adjacent land area; building and sailing ships.

        Roadbuilding: also ``move A B C``, two areas, through a B free of other units
        (a token meeting other units after its first step must stop there); one path
        per destination not next to A. Cloth Making: ships reach 5 areas; Naval
        Warfare: they carry 6. Diplomacy and Cultural Ascendancy close areas (``_barred``).
        """
        g = self.rules.act
        areas = self.board.areas
        t, m = self.tokens[p], self.moved[p]
        guarded = self._guarded(p)
        road = (self.holds(p, "land_moves") or 1) >= 2
        out: list[Action] = []
        for a, k in enumerate(t):
            if k > m[a]:
                src = areas[a]
                for b in src.land:
                    if b not in guarded or not self._barred(p, b, 1):
                        out.append(g("move", src.id, areas[b].id))
                if road:
                    reached = {a, *src.land}
                    for b in src.land:
                        if not self._clear(p, b):
                            continue
                        for c in areas[b].land:
                            if c in reached:
                                continue
                            reached.add(c)
                            if c not in guarded or not self._barred(p, c, 1):
                                out.append(g("move", src.id, areas[b].id, areas[c].id))
        if self.ship_stock[p]:
            total = sum(t)
            for a in self.board.coastal_areas:
                if t[a]:
                    for pay in self._ship_payments(p, a, total):
                        out.append(g("ship", areas[a].id, pay))
        if self.ships[p]:
            cap = self.holds(p, "ship_capacity") or self.rules.tables.numbers["ship_capacity"]
            reach = self.holds(p, "ship_moves")
            for a in sorted(set(self.ships[p])):
                boarding = t[a] if self.rules.step_before_boarding else t[a] - m[a]
                for b in self.rules.sea_reach(a, reach, bool(self.holds(p, "open_sea"))):
                    for k in range(1, min(cap, boarding) + 1):
                        if b in guarded and self._barred(p, b, k):
                            break  # more tokens cannot make a barred move legal
                        out.append(g("sail", areas[a].id, areas[b].id, k))
        out.append(g("done"))
        return out

    def _clear(self, p: int, b: int) -> bool:
        """Roadbuilding: an area a token may pass through (no other player's units, no
        barbarians, no pirate city: entering such an area is a conflict situation)."""
        owner = self.city[b]
        if (owner != -1 and owner != p) or self.barb[b]:
            return False
        return not any(self.tokens[q][b] for q in range(self.n) if q != p)

    def _guarded(self, p: int) -> set[int]:
        """The areas where Diplomacy or Cultural Ascendancy of another player may bar p's
        tokens (none when nobody's ability binds him: the usual, fast case)."""
        out: set[int] = set()
        free_dip = self.holds(p, "no_entry_to_cities") or self.holds(p, "enters_diplomacy")
        free_ca = self.holds(p, "no_conflict_with") or self.holds(p, "ignores_ascendancy")
        if free_dip and free_ca:
            return out
        for q in range(self.n):
            if q == p or not self.owned[q]:
                continue
            if not free_dip and self.holds(q, "no_entry_to_cities"):
                out.update(self.cities_of(q))
            if not free_ca and self.holds(q, "no_conflict_with"):
                tq = self.tokens[q]
                out.update(a for a in range(len(tq)) if tq[a] or self.city[a] == q)
        return out

    def _conflict_in(self, b: int, counts: dict[int, int]) -> bool:
        """Whether these units (players' tokens; barbarians as key ``n``) are in conflict in
        ``b``: any other side's tokens attack a city; otherwise MC-4.1 (conflict-trigger)."""
        owner = self.city[b]
        if owner != -1:
            return any(q != owner and k for q, k in counts.items())
        return conflict_arises(counts, self.board.areas[b].population_limit or 0, self.rules.conflict_when_shared)

    def _barred(self, p: int, b: int, k: int) -> bool:
        """Whether p may not move ``k`` tokens into ``b``. Both abilities yield where a
        conflict already exists. Diplomacy: no entry to an area holding its holder's city
        (unless p holds Diplomacy or Military). Cultural Ascendancy: no move that starts a
        conflict in an area holding its holder's units (unless p holds it or Advanced Military)."""
        n = self.n
        counts = {q: self.tokens[q][b] for q in range(n) if self.tokens[q][b]}
        if self.barb[b]:
            counts[n] = self.barb[b]
        if self._conflict_in(b, counts):
            return False
        owner = self.city[b]
        if (owner >= 0 and owner != p and self.holds(owner, "no_entry_to_cities")
                and not (self.holds(p, "no_entry_to_cities") or self.holds(p, "enters_diplomacy"))):
            return True
        if self.holds(p, "no_conflict_with") or self.holds(p, "ignores_ascendancy"):
            return False
        holders = [q for q in counts if q < n and q != p and self.holds(q, "no_conflict_with")]
        if owner >= 0 and owner != p and self.holds(owner, "no_conflict_with"):
            holders.append(owner)
        if not holders:
            return False
        counts[p] = counts.get(p, 0) + k
        return self._conflict_in(b, counts)

    def _ship_payments(self, p: int, a: int, total: int | None = None) -> list[str]:
        """MC-3.4: (a) 2 tokens here, (b) 1 here and 1 elsewhere, (c) 2 treasury, (d) 1 token and 1 treasury.
        ``total``: the player's tokens on the map, if known (ship-cost A then needs no search)."""
        t = self.tokens[p]
        out = []
        if t[a] >= 2:
            out.append("tokens")
        if self.treasury[p] >= 2:
            out.append("treasury")
        if self.treasury[p] >= 1:
            out.append("mixed")
        if self.rules.ship_adjacent_only or total is None:
            if self._split_source(p, a) is not None:
                out.append("split")
        elif total > t[a]:  # ship-cost A: any other area holding a token
            out.append("split")
        return out

    def _split_source(self, p: int, a: int) -> int | None:
        """The other area paying a ship's second token: the player's largest stack (ship-cost A)
        or his largest stack next to the building area (B)."""
        t = self.tokens[p]
        pool = self.board.areas[a].land if self.rules.ship_adjacent_only else range(len(t))
        best, most = None, 0
        for b in pool:
            if b != a and t[b] > most:
                best, most = b, t[b]
        return best

    def _city_areas(self, p: int) -> list[int]:
        """MC-5.1: 6 tokens on a city site, 12 elsewhere (never where the limit is 0)."""
        return [a for a, how in self._city_builds(p) if not how]

    def _city_builds(self, p: int) -> list[tuple[int, str]]:
        """MC-5.1: (area, how) for each city the player may build: "" with his tokens there;
        "treasury" (Architecture, once a turn) with up to half of them paid from treasury;
        "adjacent" (Urbanism, once a turn, off a city site) with up to 4 tokens from areas
        next to it by land."""
        if not self.city_stock[p]:
            return []
        nums = self.rules.tables.numbers
        areas = self.board.areas
        t = self.tokens[p]
        used = self.used[p]
        share = self.holds(p, "city_treasury_share") if "architecture" not in used else None
        near = self.holds(p, "adjacent_tokens") if "urbanism" not in used else None
        out: list[tuple[int, str]] = []
        for a, k in enumerate(t):
            if not k or self.city[a] != -1 or self.barb[a]:
                continue
            area = areas[a]
            if not (area.city_site or (area.population_limit or 0) > 0):
                continue
            need = nums["city_on_site"] if area.city_site else nums["city_elsewhere"]
            if k >= need:
                out.append((a, ""))
                continue
            if share and k + min(int(need * share), self.treasury[p]) >= need:
                out.append((a, "treasury"))
            if near and not area.city_site and k + min(near, sum(t[b] for b in area.land)) >= need:
                out.append((a, "adjacent"))
        return out

    def _unsupported(self, p: int) -> list[int]:
        """MC-5.3: the cities that may be reduced now (the owner chooses among them)."""
        cities = [a for a in self.cities_of(p) if a not in self.exempt]
        rate = self.support_rate(p)
        if self.rules.support_local:
            need = rate
            t = self.tokens[p]
            return [a for a in cities
                    if t[a] + sum(t[b] for b in self.board.areas[a].land) < need]
        if cities_supported(self.tokens_on_map(p), len(cities), rate):
            return []
        return cities

    # ------------------------------------------------------------------ effects
    def _do(self, p: int, a: Action) -> None:
        kind = a.kind
        step = self.step
        if step == REVOLT:
            self._revolt(p, a)
        elif step == GROW:
            area = self.board.index(a.args[0])
            self._grow_area(p, area)
            self.moved[p][area] = 1
            if not self.stock[p] or not self._growable(p):
                self._next_in_queue()
        elif step == MOVE:
            if kind == "done":
                self._next_in_queue()
            elif kind == "move":  # ``move A B`` or, Roadbuilding, ``move A B C``
                self._move(p, self.board.index(a.args[0]), self.board.index(a.args[-1]), 1)
            elif kind == "ship":
                self._build_ship(p, self.board.index(a.args[0]), a.args[1])
            else:
                self._sail(p, self.board.index(a.args[0]), self.board.index(a.args[1]), a.args[2])
        elif step == BUILD:
            if kind == "done":
                self._next_in_queue()
            else:
                self._build_city(p, self.board.index(a.args[0]), a.args[1] if len(a.args) > 1 else "")
        elif step == REDUCE:
            self._reduce(p, self.board.index(a.args[0]))
            if not self._unsupported(p):
                self._next_in_queue()
        elif step >= CARDS:
            STEP_HANDLERS[step][1](self, p, a)

    def _move(self, p: int, a: int, b: int, k: int) -> None:
        self.tokens[p][a] -= k
        if self.moved[p][a] > self.tokens[p][a]:
            self.moved[p][a] = self.tokens[p][a]
        self.tokens[p][b] += k
        self.moved[p][b] += k

    def _take_tokens(self, p: int, a: int, k: int) -> None:
        """Remove tokens from an area to the stock, unmoved ones first."""
        self.tokens[p][a] -= k
        self.stock[p] += k
        if self.moved[p][a] > self.tokens[p][a]:
            self.moved[p][a] = self.tokens[p][a]

    def _build_ship(self, p: int, a: int, pay: str) -> None:
        """MC-3.3 / MC-3.4: the paid tokens return to the stock."""
        if pay == "tokens":
            self._take_tokens(p, a, 2)
        elif pay == "treasury":
            self.treasury[p] -= 2
            self.stock[p] += 2
        elif pay == "mixed":
            self._take_tokens(p, a, 1)
            self.treasury[p] -= 1
            self.stock[p] += 1
        else:
            other = self._split_source(p, a)
            assert other is not None
            self._take_tokens(p, a, 1)
            self._take_tokens(p, other, 1)
        self.ship_stock[p] -= 1
        self.ships[p].append(a)

    def _sail(self, p: int, a: int, b: int, k: int) -> None:
        """MC-3.5: up to 5 tokens, up to 4 areas along the coast; they end their move there."""
        if self.rules.step_before_boarding:
            # ship-movement B: tokens that made their land step board first and stay done;
            # the others may still make their one land step after landing
            stepped = min(k, self.moved[p][a])
            self.moved[p][a] -= stepped
        else:
            stepped = k
        self.tokens[p][a] -= k
        self.tokens[p][b] += k
        self.moved[p][b] += stepped
        self.ships[p].remove(a)
        self.docked[p].append(b)  # it stays there until the end of the conflict phase (Naval Warfare)
        self.docked[p].sort()

    def _grow_area(self, p: int, a: int) -> None:
        add = growth(self.tokens[p][a])
        if self.rules.growth_limited:
            add = min(add, max(0, self._own_limit(p, a) - self.tokens[p][a]))
        add = min(add, self.stock[p])
        self.tokens[p][a] += add
        self.stock[p] -= add

    def _own_limit(self, p: int, a: int) -> int:
        """An area's limit for p: Agriculture's +1 counts only while no other player's
        units and no barbarians are there."""
        limit = self.board.areas[a].population_limit or 0
        if not self.holds(p, "limit_bonus") or self.barb[a] or self.city[a] not in (-1, p):
            return limit
        if any(self.tokens[q][a] for q in range(self.n) if q != p):
            return limit
        return self.limit_for(p, a)

    def _build_city(self, p: int, a: int, how: str = "") -> None:
        """MC-5.1: the tokens used go back to the stock and a city piece is placed.
        Architecture ("treasury"): the tokens missing here come from the treasury.
        Urbanism ("adjacent"): they come from the neighbours by land, from the largest
        surplus over the limit first (those tokens would be removed anyway), then the
        largest stack."""
        nums = self.rules.tables.numbers
        areas = self.board.areas
        need = nums["city_on_site"] if areas[a].city_site else nums["city_elsewhere"]
        t = self.tokens[p]
        if how == "treasury":
            short = need - t[a]
            self._take_tokens(p, a, t[a])
            self.treasury[p] -= short
            self.stock[p] += short
            self.used[p].append("architecture")
        elif how == "adjacent":
            short = need - t[a]
            self._take_tokens(p, a, t[a])
            for _ in range(short):
                b = max((x for x in areas[a].land if t[x]),
                        key=lambda x: (t[x] - (areas[x].population_limit or 0), t[x], -x))
                self._take_tokens(p, b, 1)
            self.used[p].append("urbanism")
        else:
            self._take_tokens(p, a, need)
        self.city[a] = p
        self.city_stock[p] -= 1
        self.built[p].append(a)

    def _reduce(self, p: int, a: int) -> None:
        """MC-5.3.2: the city becomes as many of its owner's tokens as the area allows."""
        self.city[a] = -1
        self.city_stock[p] += 1
        there = sum(self.tokens[q][a] for q in range(self.n))
        k = min(max(0, (self.board.areas[a].population_limit or 0) - there), self.stock[p])
        self.tokens[p][a] += k
        self.stock[p] -= k

    def _revolt(self, p: int, a: Action) -> None:
        """MC-1.2.1: the Beneficiary replaces the chosen city with one of his own."""
        victim = self.target
        if a.kind == "revolt":
            area = self.board.index(a.args[0])
            self.city[area] = p
            self.city_stock[p] -= 1
            self.city_stock[victim] += 1
            self.exempt.append(area)  # MC-1.2.4
        self._next_revolt()

    # ------------------------------------------------------------------- flow
    def _next_in_queue(self) -> None:
        """The decider is done; the next player in the queue decides, or the step is over."""
        self.queue.pop(0)
        while self.queue:
            p = self.decider = self.queue[0]
            if (self.step == GROW and not self._growable(p)) or (self.step == REDUCE and not self._unsupported(p)):
                self.queue.pop(0)
                continue
            return
        finished = self.step
        self.step = AUTO
        self.decider = -1
        if not self.solo:
            self._finish_step(finished)

    def _finish_step(self, step: int) -> None:
        """Close the part of the phase that a decision step belonged to."""
        if step == GROW:
            self._census_and_go()
        elif step == MOVE:
            self._movement_done()
        elif step == BUILD:
            self._cities_built()
        elif step == REDUCE:
            self._support_done()
        elif step >= CARDS:
            STEP_HANDLERS[step][2](self)

    def _ask(self, step: int, players: list[int]) -> bool:
        """Start a decision step for ``players`` (in AST order); False if nobody decides."""
        if not players:
            return False
        if step in self.rules.simultaneous_steps and len(players) > 1:
            previews = {}
            for p in players:  # cloned before self.previews is set: a preview holds no previews
                view = self.clone()
                view.step, view.queue, view.decider, view.solo = step, [p], p, True
                previews[p] = view
            self.previews = previews
            self.buffers = {p: [] for p in players}
            self.step, self.queue, self.decider = step, list(players), -1
            return True
        self.step, self.queue, self.decider = step, list(players), players[0]
        return True

    def _commit(self) -> None:
        """All players are done: apply their buffered actions to the real state in AST order."""
        assert self.buffers is not None
        buffers = self.buffers
        step = self.step
        self.previews = None
        self.buffers = None
        self.solo = True
        seen = self.clone()  # what every player saw when he chose
        for p in self.order:
            if p in buffers:
                self.step, self.queue, self.decider = step, [p], p
                chosen: list[Action] | None = None
                for i, text in enumerate(buffers[p]):
                    try:
                        found = self._find(p, text)
                    except IllegalActionError:
                        # legal where he chose it, barred only by an earlier player's move now
                        # revealed (Cultural Ascendancy, Diplomacy, Roadbuilding depend on the
                        # others' units): judged on the position he saw, as if all moved at once
                        chosen = chosen or self._chosen(seen, p, step, buffers[p])
                        found = chosen[i]
                    self._do(p, found)
        self.solo = False
        self.step, self.queue, self.decider = AUTO, [], -1
        self._finish_step(step)
        self._run()

    @staticmethod
    def _chosen(seen: MegaState, p: int, step: int, texts: list[str]) -> list[Action]:
        """The actions a player chose in his preview, found again on the position he saw."""
        view = seen.clone()
        view.step, view.queue, view.decider, view.solo = step, [p], p, True
        out = []
        for text in texts:
            found = view._find(p, text)
            view._do(p, found)
            out.append(found)
        return out

    def _run(self) -> None:
        """Play the phases without choices until someone must decide or the game ends."""
        while self.step == AUTO:
            self.phase_start[self.phase](self)

    # phase 1: tax (MC-1)
    def _phase_tax(self) -> None:
        r = self.rules
        per = r.tables.numbers["tax_per_city"]
        self.exempt = []
        self.built = [[] for _ in range(self.n)]
        pending = []
        for p in self.order:
            cities = len(self.cities_of(p))
            due = max(0, per + self.tax_rate[p]) * cities
            if r.tax_from_map:
                paid = min(due, self.tokens_on_map(p))
                self._pay_from_map(p, paid)
            else:
                paid = min(due, self.stock[p])
                self.stock[p] -= paid
            self.treasury[p] += paid
            if due > paid and not self.holds(p, "no_tax_revolt"):  # Democracy: no revolt
                pending.extend([p] * revolts(due - paid, per, r.revolt_per_city))
        self.queue = pending  # the defaulting players, in AST order (MC-1.2.5)
        self.defaulters = sorted(set(pending))
        self._next_revolt()

    def _pay_from_map(self, p: int, k: int) -> None:
        t = self.tokens[p]
        while k:
            a = max(range(len(t)), key=lambda i: (t[i], -i))
            take = min(k, t[a])
            t[a] -= take
            k -= take

    def _next_revolt(self) -> None:
        """MC-1.2.1 to MC-1.2.6: each defaulting player loses one city to the Beneficiary."""
        r = self.rules
        while self.queue:
            victim = self.queue.pop(0)
            if not self.cities_of(victim):
                continue
            winner = beneficiary(self.city_stock, self.stock, self.rank, excluded=self.defaulters, needs_city=True)
            if winner is None and r.revolt_destroy_strict and any(self.city_stock):
                continue  # revolt-destroy B: a city is destroyed only when no player has a piece left
            if winner is None:  # MC-1.2.3: no possible Beneficiary has a city piece: destroyed
                area = self.cities_of(victim)[0]
                self.city[area] = -1
                self.city_stock[victim] += 1
                continue
            self.target = victim
            self.step, self.decider = REVOLT, winner
            if len(self.cities_of(victim)) == 1 and not r.revolt_optional:
                self._revolt(winner, r.act("revolt", self.board.areas[self.cities_of(victim)[0]].id))
            return
        self.target = -1
        self.step = AUTO
        self.decider = -1
        self.phase = 2

    # phase 2: growth and census (MC-2)
    def _phase_growth(self) -> None:
        self.moved = [[0] * len(self.board.areas) for _ in range(self.n)]
        short = []
        for p in self.order:
            need = sum(self._growth_of(p, a) for a in range(len(self.tokens[p])))
            if not self.stock[p]:
                continue  # nothing to grow with
            if need <= self.stock[p]:
                for a in range(len(self.tokens[p])):
                    if self.tokens[p][a]:
                        self._grow_area(p, a)
            else:
                short.append(p)  # MC-2.1 (growth-supply A): the player chooses which areas grow
        if not self._ask(GROW, short):
            self._census_and_go()

    def _growth_of(self, p: int, a: int) -> int:
        k = self.tokens[p][a]
        add = growth(k)
        if self.rules.growth_limited:  # growth-supply B (Agriculture: the player's own limit)
            add = min(add, max(0, self._own_limit(p, a) - k))
        return add

    def _census_and_go(self) -> None:
        """MC-2.2: each player counts his tokens on the map."""
        self.census = [self.tokens_on_map(p) for p in range(self.n)]
        self.phase = 3
        self.step = AUTO

    # phase 3: movement (MC-3)
    def _phase_movement(self) -> None:
        """Players move in AST order, Military holders after all the others. When movement
        is simultaneous they move in a second round, after the others' moves are
        revealed (``target`` is 1 until then)."""
        self.moved = [[0] * len(self.board.areas) for _ in range(self.n)]
        players = [p for p in self.order if self.tokens_on_map(p)]
        late = [p for p in players if self.holds(p, "moves_last")]
        early = [p for p in players if p not in late]
        if early and late and MOVE in self.rules.simultaneous_steps:
            self.target = 1
            self._ask(MOVE, early)
            return
        if not self._ask(MOVE, early + late):
            self._movement_done()

    def _movement_done(self) -> None:
        if self.target == 1:  # the Military holders' round (simultaneous movement)
            self.target = -1
            if self._ask(MOVE, [p for p in self.order if self.holds(p, "moves_last") and self.tokens_on_map(p)]):
                return
        for p in range(self.n):  # every ship stays on the map through the conflicts (Naval Warfare)
            if self.ships[p]:
                self.docked[p] += self.ships[p]
                self.docked[p].sort()
                self.ships[p] = []
        self.moved = [[0] * len(self.board.areas) for _ in range(self.n)]
        self.phase = 4
        self.step = AUTO

    # phase 4: conflict (MC-4)
    def _phase_conflict(self) -> None:
        """Holders of Advanced Military in a conflict first choose where they reinforce
        (step ``military``: ``reinforce AREA``, then ``done``); then every conflict is
        resolved (``_conflicts``)."""
        fights = self._fights()
        players = [p for p in self.order if self.holds(p, "reinforce")
                   and any(p in who and self._neighbour_tokens(p, a, fights) for a, who in fights.items())]
        if not self._ask(MILITARY, players):
            self._conflicts(fights)

    def _fights(self) -> dict[int, list[int]]:
        """The areas with a conflict this phase and the players in each: token conflicts
        (MC-4.1) and attacks on cities with enough force (MC-4.2.1)."""
        n = self.n
        areas = self.board.areas
        out: dict[int, list[int]] = {}
        for a in self.board.land_areas:
            present = [p for p in range(n) if self.tokens[p][a]]
            owner = self.city[a]
            if owner == -1:
                counts = {p: self.tokens[p][a] for p in present}
                if self.barb[a]:
                    counts[n] = self.barb[a]
                if conflict_arises(counts, areas[a].population_limit or 0, self.rules.conflict_when_shared):
                    out[a] = present
                continue
            attackers = [p for p in present if p != owner]
            if not attackers:
                continue
            lead = min(attackers, key=lambda p: (-self.tokens[p][a], self.rank[p]))
            if city_attack_succeeds_in_force(self.tokens[lead][a], self._attack_numbers(lead, owner)[0]):
                out[a] = present + ([owner] if owner >= 0 else [])
        return out

    def _neighbour_tokens(self, p: int, a: int, fights: Collection[int]) -> list[int]:
        """Advanced Military: the land-adjacent areas whose tokens p may remove instead
        of those in ``a``, most tokens first: his tokens there, no conflict of their own."""
        t = self.tokens[p]
        near = [b for b in self.board.areas[a].land if t[b] and b not in fights]
        return sorted(near, key=lambda b: (-t[b], b))

    def _reinforced(self, p: int) -> list[int]:
        """The areas where p chose to reinforce this phase (Advanced Military)."""
        return [self.board.index(u[len(REINFORCE):]) for u in self.used[p] if u.startswith(REINFORCE)]

    def _legal_military(self, p: int) -> list[Action]:
        fights = self._fights()
        ids = self.board.areas
        chosen = self._reinforced(p)
        g = self.rules.act
        return [g("reinforce", ids[a].id) for a, who in sorted(fights.items())
                if p in who and a not in chosen and self._neighbour_tokens(p, a, fights)] + [g("done")]

    def _do_military(self, p: int, a: Action) -> None:
        if a.kind == "done":
            self._next_in_queue()
            return
        self.used[p].append(REINFORCE + a.args[0])
        if len(self._legal_military(p)) == 1:
            self._next_in_queue()

    def _military_done(self) -> None:
        self._conflicts()

    def _conflicts(self, fights: dict[int, list[int]] | None = None) -> None:
        """MC-4.0: all token conflicts, then all attacks on cities. Barbarian tokens take
        part in token conflicts as one more side (key ``n``). Conflicts where a holder of
        Advanced Military reinforces wait until the others are resolved (he may wait,
        and waiting never hurts him: he knows more)."""
        r = self.rules
        areas = self.board.areas
        n = self.n
        if fights is None:
            fights = self._fights()
        reinforce = {p: set(self._reinforced(p)) for p in range(n) if self.holds(p, "reinforce")}
        waiting = {a for chosen in reinforce.values() for a in chosen}
        pending = set(fights)  # areas whose conflict is not resolved yet: no reinforcement from there
        token_fights = [a for a in sorted(fights) if self.city[a] == -1]
        for a in [a for a in token_fights if a not in waiting] + [a for a in token_fights if a in waiting]:
            counts = {p: self.tokens[p][a] for p in range(n) if self.tokens[p][a]}
            if self.barb[a]:
                counts[n] = self.barb[a]
            self._settle(a, counts, areas[a].population_limit or 0, reinforce, pending)
            pending.discard(a)
        city_fights = [a for a in sorted(fights) if self.city[a] != -1]
        for a in [a for a in city_fights if a not in waiting] + [a for a in city_fights if a in waiting]:
            owner = self.city[a]
            attackers = {p: self.tokens[p][a] for p in range(n) if p != owner and self.tokens[p][a]}
            if not attackers:
                pending.discard(a)
                continue  # an earlier conflict took the attackers away (Advanced Military)
            lead = min(attackers, key=lambda p: (-attackers[p], self.rank[p]))
            minimum, defenders = self._attack_numbers(lead, owner)
            pending.discard(a)
            if not city_attack_succeeds_in_force(attackers[lead], minimum):
                continue  # MC-4.2.1: the attack fails (city-attack-details: no further effect)
            self.city[a] = -1
            if owner == PIRATE:  # a pirate city falls to the attack and leaves nothing behind
                counts = {p: self.tokens[p][a] for p in range(n) if self.tokens[p][a]}
                self._settle(a, counts, areas[a].population_limit or 0, reinforce, pending)
                continue
            # MC-4.2.2: the city becomes 6 of its owner's tokens, then a token conflict
            self.city_stock[owner] += 1
            defenders = min(defenders, self.stock[owner])
            self.tokens[owner][a] += defenders
            self.stock[owner] -= defenders
            counts = {p: self.tokens[p][a] for p in range(n) if self.tokens[p][a]}
            after = self._settle(a, counts, areas[a].population_limit or 0, reinforce, pending)
            if attacker_wins(after.get(lead, 0), after.get(owner, 0), r.attack_win_by_more):
                plunder = r.tables.numbers["plunder_treasury"]
                # tokens are each player's colour: plunder moves treasury by colour
                if r.plunder_from_stock:
                    k = min(plunder, self.stock[lead])
                else:  # A: the former owner's treasury tokens go back to his stock
                    k = min(plunder, self.treasury[owner], self.stock[lead])
                    self.treasury[owner] -= k
                    self.stock[owner] += k
                self.stock[lead] -= k
                self.treasury[lead] += k
        for p in range(n):  # the ships leave the map; the choices of this phase are spent
            self.ship_stock[p] += len(self.docked[p])
            self.docked[p] = []
            if p in reinforce:
                self.used[p] = [u for u in self.used[p] if not u.startswith(REINFORCE)]
        self.phase = 5

    def _attack_numbers(self, attacker: int, owner: int) -> tuple[int, int]:
        """MC-4.2.1 and MC-4.2.2: 7 attackers needed, 6 defenders; Engineering makes it 8 and 7
        against its holder, 6 and 5 for its holder (not when both sides hold it)."""
        nums = self.rules.tables.numbers
        minimum, defenders = nums["city_attack_minimum"], nums["city_attack_defenders"]
        att = self.holds(attacker, "city_attack")
        dfn = self.holds(owner, "city_defence") if owner >= 0 else None
        if att and not dfn:
            minimum, defenders = att, self.holds(attacker, "city_attack_left")
        elif dfn and not att:
            minimum, defenders = dfn, self.holds(owner, "city_defence_left")
        return minimum, defenders

    def _settle(self, a: int, counts: dict[int, int], limit: int,
                reinforce: dict[int, set[int]] | None = None, pending: Collection[int] = ()) -> dict[int, int]:
        """Resolve one conflict. Naval Warfare: its holder removes his ships in the area
        instead of tokens; Advanced Military (where he chose to reinforce): then tokens
        from land-adjacent areas without a conflict still to come (``pending``), the
        fullest first."""
        shut = {a, *pending}
        spare: dict[int, int] = {}
        for p in counts:
            if p == self.n:
                continue
            k = self.docked[p].count(a) if self.holds(p, "ships_in_conflict") else 0
            if reinforce and a in reinforce.get(p, ()):
                k += sum(self.tokens[p][b] for b in self._neighbour_tokens(p, a, shut))
            if k:
                spare[p] = k
        if spare:
            after, spent = resolve_conflict_spared(counts, limit, self._removal_order(counts), spare)
            for p, k in spent.items():
                ships = min(k, self.docked[p].count(a)) if self.holds(p, "ships_in_conflict") else 0
                for _ in range(ships):
                    self.docked[p].remove(a)
                    self.ship_stock[p] += 1
                for _ in range(k - ships):
                    b = self._neighbour_tokens(p, a, shut)[0]
                    self.tokens[p][b] -= 1
                    self.stock[p] += 1
        else:
            after = resolve_conflict(counts, limit, self._removal_order(counts))
        for p, k in after.items():
            if p == self.n:
                self.barb[a] = k
                continue
            removed = counts[p] - k
            self.tokens[p][a] = k
            self.stock[p] += removed
        return after

    def _removal_order(self, counts: dict[int, int]) -> list[int] | None:
        """Metalworking: in each removal round its holders remove after those without it."""
        holders = [p for p in counts if p < self.n and self.holds(p, "removes_last")]
        return holders or None

    # phase 5: cities (MC-5)
    def _phase_cities(self) -> None:
        players = [p for p in self.order if self._city_areas(p)]
        if not self._ask(BUILD, players):
            self._cities_built()

    def _cities_built(self) -> None:
        self._surplus()
        self._support_start(next_phase=6)

    def _surplus(self) -> None:
        """MC-5.2 (surplus-scope): tokens left where a city was built; tokens over the limit."""
        scope = self.rules.surplus_scope
        areas = self.board.areas
        if scope in ("A", "C"):
            for p in range(self.n):
                keep = self.holds(p, "token_with_city") or 0  # Public Works: 1 token may stay
                for a in self.built[p]:
                    k = self.tokens[p][a] - (keep if self.city[a] == p else 0)
                    if k > 0:
                        self._take_tokens(p, a, k)
        if scope in ("B", "C"):
            for a in self.board.land_areas:
                limit = areas[a].population_limit or 0
                counts = {p: self.tokens[p][a] for p in range(self.n) if self.tokens[p][a]}
                if len(counts) == 1:  # alone: Agriculture and Public Works may let him keep more
                    (p, k), = counts.items()
                    own = self._own_limit(p, a)
                    if self.city[a] == p:
                        own = max(own, self.holds(p, "token_with_city") or 0)
                    if k > own:
                        self._take_tokens(p, a, k - own)
                elif sum(counts.values()) > limit:
                    self._settle(a, counts, limit)

    def _support_start(self, next_phase: int) -> None:
        """MC-5.3: owners of unsupported cities reduce them, one at a time, their choice."""
        self.target = next_phase
        if not self._ask(REDUCE, [p for p in self.order if self._unsupported(p)]):
            self._support_done()

    def _support_done(self) -> None:
        self.step = AUTO
        self.decider = -1
        self.phase = self.target
        self.target = -1

    # phases 6-10, 12: part 2
    def _phase_nothing(self) -> None:
        self.phase += 1

    # phase 11 (MC-11.1)
    def _phase_surplus(self) -> None:
        self._surplus()
        if self.rules.phase_11_support:
            self._support_start(next_phase=12)
        else:
            self.phase = 12

    # phase 13: the AST (MC-13)
    def _phase_ast(self) -> None:
        r = self.rules
        for p in self.order:
            if not self.cities_of(p):
                if self.ast[p] > 1:  # MC-13.1.2
                    self.ast[p] -= 1
                continue
            cities = len(self.cities_of(p)) + (1 if self.holds(p, "ast_city") else 0)  # Wonder of the World
            costs = [self.cat.advances[a].cost for a in self.owned[p]]
            if self.ast[p] < r.tables.spaces and r.may_advance(self.civ[p], self.ast[p] + 1, cities, costs):
                self.ast[p] += 1  # MC-13.1.1
                self.ast_forward[p] += 1
        self._end_of_turn()

    def _end_of_turn(self) -> None:
        """MC-0.3: the end-of-turn check, then the winner (MC-14.1) or a new turn."""
        r = self.rules
        reached = any(a >= r.tables.spaces for a in self.ast)
        if (r.end_by_ast and reached) or self.turn_no >= r.last_turn:
            scores = [self.vp(p) for p in range(self.n)]
            best = max(scores)
            self.winner_list = [p for p in range(self.n) if scores[p] == best]
            self.step = OVER
            self.decider = -1
            return
        self.turn_no += 1
        self.phase = 1

    phase_start: dict[int, Any] = {}  # phase number -> its automatic part

    # ------------------------------------------------------------------ views
    def observation(self, player: int) -> dict[str, Any]:
        from .serialize import observation

        return observation(self, player)

    def determinize(self, player: int, rng: Rng) -> MegaState:
        """Hidden: the generator, the other hands and the stack orders (dealt again,
        ``trading.redeal``), and other players' simultaneous choices, replaced by none at all (who has finished stays public:
        a finished mover or builder is taken to have passed)."""
        d = self.clone()
        d.journal = None
        d.rng = Rng(rng.next64())
        redeal(d, player, rng)
        if d.previews is not None and d.buffers is not None:
            base = self.clone()
            base.previews = base.buffers = None
            for p in list(d.previews):
                if p == player or not d.buffers[p]:
                    continue
                finished = d.previews[p].step == AUTO
                if finished and self.step == GROW:
                    continue  # a finished grower's areas cannot be "passed"; kept as they are
                view = base.clone()
                view.step, view.queue, view.decider, view.solo = self.step, [p], p, True
                d.buffers[p] = []
                if finished:
                    view._do(p, view._find(p, "done"))
                    d.buffers[p] = ["done"]
                d.previews[p] = view
        return d

    def to_json(self) -> dict[str, Any]:
        from .serialize import state_to_json

        return state_to_json(self)

    def game_stats(self) -> dict[str, float]:
        cities = [len(self.cities_of(p)) for p in range(self.n)]
        return {
            "cities_per_player": sum(cities) / self.n,
            "tokens_per_player": sum(self.tokens_on_map(p) for p in range(self.n)) / self.n,
            "ast_square": sum(self.ast) / self.n,
            "winner_vp": float(self.vp(self.winner_list[0])) if self.winner_list else 0.0,
            "advances_per_player": sum(len(o) for o in self.owned) / self.n,
            "advance_vp_share": self._advance_vp_share(),
        }

    def _advance_vp_share(self) -> float:
        total = sum(self.vp(p) for p in range(self.n))
        if not total:
            return 0.0
        r = self.rules
        adv = sum(advance_vp(self.cat.advances[a].cost, r.tables.vp, r.exactly_200_high) for o in self.owned for a in o)
        return adv / total

    def holdings(self) -> dict[str, list[int]]:
        """Each advance and the players who own it at the end (what a designer rates)."""
        out: dict[str, list[int]] = {}
        for p in range(self.n):
            for a in self.owned[p]:
                out.setdefault(self.cat.advances[a].name, []).append(p)
        return out

    def evaluate(self, player: int) -> float:
        mine = self.vp(player)
        best = max(self.vp(q) for q in range(self.n) if q != player)
        return max(-0.95, min(0.95, (mine - best) / 20))

    def __repr__(self) -> str:
        return f"<MegaState turn {self.turn_no} phase {self.phase} {STEP_NAMES[self.step]}>"


def _phase_13(s: MegaState) -> None:
    return_discards(s)
    s._phase_ast()


def _task_do(s: MegaState, p: int, a: Action) -> None:
    do_task(s, p, a)
    if run_tasks(s):
        resume(s)


def resume(s: MegaState) -> None:
    """The tasks are done: go back to what started them."""
    if s.phase == 9:
        next_calamity(s)
    elif s.phase == 10:
        p = s.order[s.target]
        if special_actions(s, p):
            s.step, s.queue, s.decider = SPECIAL, [p], p
        else:
            next_special(s)
    else:
        p = s.order[s.target]
        if affordable(s, p):
            s.step, s.queue, s.decider = BUY, [p], p
        else:
            next_buyer(s)


MegaState.phase_start = {
    1: MegaState._phase_tax, 2: MegaState._phase_growth, 3: MegaState._phase_movement,
    4: MegaState._phase_conflict, 5: MegaState._phase_cities, 6: phase_cards,
    7: phase_trade, 8: phase_selection, 9: phase_resolution,
    10: phase_special, 11: MegaState._phase_surplus, 12: phase_advances,
    13: _phase_13,
}

# legal actions, effect and end of each part-2 decision step
STEP_HANDLERS: dict[int, tuple[Any, Any, Any]] = {
    CARDS: (legal_cards, do_cards, cards_done),
    TRADE: (legal_trade, do_trade, trade_done),
    DISCARD: (legal_discard, do_discard, discard_done),
    TASK: (legal_task, _task_do, calamity_done),
    SPECIAL: (legal_special, do_special, None),
    BUY: (legal_buy, do_buy, None),
    MILITARY: (MegaState._legal_military, MegaState._do_military, MegaState._military_done),
}

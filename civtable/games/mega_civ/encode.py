"""Mega Civilization's observation encoding (``Game.encoding``, ``Game.encode``): one
fixed-size ``float32`` vector per game object (map, player count), the same size for
every seat, built from ``observation(viewer)`` alone.

Seats are written from the viewer: slot 0 is the viewer, slot ``i`` the seat ``i``
places after him in table order (seat ``(viewer + i) % players``). Blocks:

- the moment: phase and decision step (one-hot), turn, trade round, whether the
  viewer is to move, the stacks' sizes, the discards by card;
- one row of numbers per map area (file order): the map's fixed facts (land,
  coast, city site, flood plain, volcano, limit), the viewer's tokens, moved
  tokens, city, ships, and the others' tokens (all of them, and the most of any
  one player), how many others are there, their cities and ships, pirates,
  barbarians, tax-revolt exemption;
- one row per seat: civilization, AST square and order, stock, treasury, pieces,
  census, cities, victory points, hand size and backs by stack, credit tokens, tax
  rate, advances owned, calamities revealed and declared, to move, winner;
- the viewer's own hand by card, the prices he can pay, the advance being paid,
  the trade deal under way (shown cards, declarations, the viewer's own hidden
  cards, each counter-offer), the task being asked (kind, chooser, victim, count,
  calamity) and the calamities pending, as the observation tells them.

Counts are divided by a documented maximum and clipped to 1.

``StateEncoder`` (``Game.encode_state``, compiled with mypyc) reads the same numbers from a
state, without the observation: each block from what ``view.observation`` reads, the rare
ones (a deal, prices) through its helpers; every value one division of exact integers
rounded to ``float32``, written one at a time through a ``memoryview``. The seats and the
others' rows of the map are kept per viewer with copies of what they were read from, and
reused while those are equal. ``tests/games/mega_civ/test_encode_state.py`` checks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from civtable.core.spaces import Encoding, Feature

from .catalog import advance_vp
from .serialize import TASK_KINDS
from .state import BUY, OVER, PIRATE, REVOLT, STEP_NAMES
from .view import Scores, _prices, _public_deal

if TYPE_CHECKING:
    from .options import Rules
    from .state import MegaState

TOKENS_IN_AREA: Final = 8  # the most tokens of one area written as 1 (limits are 0-4; a stack may pass through)
SHIPS: Final = 4
BARBARIANS: Final = 8
HAND_CARD: Final = 8  # cards of one kind in a hand
HAND: Final = 20  # cards in a hand
BY_STACK: Final = 5  # cards of one stack in a hand
CREDIT: Final = 20
TREASURY: Final = 55  # a player's 55 tokens
PRICE: Final = 300  # above the dearest advance (290)
TASK_COUNT: Final = 20
DECLARED: Final = 6
PENDING: Final = 3


SEAT_NUMBERS = ("seat_ast", "seat_ast_order", "seat_stock", "seat_treasury", "seat_cities_in_stock",
                "seat_ships_in_stock", "seat_ships_on_map", "seat_census", "seat_tokens", "seat_cities", "seat_vp",
                "seat_hand_size", "seat_tax_rate", "seat_declared", "seat_to_move", "seat_winner")
"""The per-seat features of one number each, in the order ``Encoder._seats`` gathers them."""


class Encoder:
    """The layout of one game object and the index tables ``encode`` needs (built once)."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.n = n = players
        board = rules.board
        self.catalog = cat = rules.catalog
        tables = rules.tables
        self.areas = A = len(board.areas)
        self.area_index = {a.id: a.index for a in board.areas}
        self.cards = C = len(cat.cards)
        self.card_index = dict(cat.card_index)
        self.advances = V = len(cat.advances)
        self.advance_index = dict(cat.advance_index)
        self.advance_cost = np.array([a.cost for a in cat.advances], dtype=np.float32)
        self.calamities = [c.index for c in cat.cards if c.calamity]
        self.calamity_slot = {cat.cards[c].id: i for i, c in enumerate(self.calamities)}
        K = len(self.calamities)
        self.civs = [c.id for c in tables.civilizations]
        self.civ_index = {c: i for i, c in enumerate(self.civs)}
        self.groups = list(cat.groups)
        self.step_index = {name: i for i, name in enumerate(STEP_NAMES)}
        self.task_index = {k: i for i, k in enumerate(TASK_KINDS)}
        self.tokens = tables.tokens
        self.city_pieces = tables.cities
        self.ships = tables.ships
        self.spaces = tables.spaces
        self.last_turn = max(1, int(rules.last_turn or 1))
        self.trade_rounds = max(1, rules.trade_rounds)
        piles = cat.stacks_for(n, rules.card_side)
        self.stack_size = np.array([max(1, len(x)) for x in piles[1:]], dtype=np.float32)
        copies = np.ones(C, dtype=np.float32)
        for pile in piles:
            for c in pile:
                copies[c] += 1
        self.copies = np.maximum(1, copies - 1)
        vp = tables.vp
        self.vp_max = float(self.city_pieces * vp["per_city"] + vp["per_ast_space"] * tables.spaces
                            + vp["sole_late_iron_bonus"]
                            + sum(advance_vp(a.cost, vp) for a in cat.advances))  # cost-200 A: the larger
        # the map's fixed facts, one column each
        static = np.zeros((A, 6), dtype=np.float32)
        for a in board.areas:
            static[a.index] = (a.is_land, a.coastal, a.city_site, a.flood_plain, a.volcano,
                               min(a.population_limit or 0, 4) / 4)
        self.static = static.T.reshape(-1).copy()
        seats = [
            ("seat_civilization", len(self.civs), "one-hot: the seat's civilization (tables order)"),
            ("seat_ast", 1, "AST square / 15"), ("seat_ast_order", 1, "place in this turn's AST order / players"),
            ("seat_stock", 1, "tokens in stock / 55"), ("seat_treasury", 1, "treasury tokens / 55"),
            ("seat_cities_in_stock", 1, "city pieces in stock / 9"), ("seat_ships_in_stock", 1, "ships in stock / 4"),
            ("seat_ships_on_map", 1, "ships standing on the map / 4"),
            ("seat_census", 1, "census (tokens counted in phase 2) / 55"),
            ("seat_tokens", 1, "tokens on the map / 55"), ("seat_cities", 1, "cities on the map / 9"),
            ("seat_vp", 1, f"victory points / {self.vp_max:g} (every city, advance and AST square)"),
            ("seat_hand_size", 1, f"trade cards in hand / {HAND}, clipped"),
            ("seat_hand_by_stack", len(piles), f"hand cards of each stack (0 = Water) / {BY_STACK}, clipped"),
            ("seat_credit_tokens", len(self.groups), f"credit tokens of each group / {CREDIT}, clipped"),
            ("seat_tax_rate", 1, "(tax change per city + 1) / 2 (Coinage, Monarchy)"),
            ("seat_advances", V, "1 for each advance owned (catalogue order)"),
            ("seat_revealed", K, "1 for each calamity revealed this turn (MC-9.1.1)"),
            ("seat_declared", 1, f"calamities declared in phase 8 / {DECLARED}, clipped (0 outside phase 8)"),
            ("seat_to_move", 1, "1 when the seat decides now"), ("seat_winner", 1, "1 when the seat has won"),
        ]
        self.seat_features = [name for name, _, _ in seats]
        self.seat_scale = np.array([tables.spaces, n, tables.tokens, TREASURY, tables.cities, tables.ships,
                                    tables.ships, tables.tokens, tables.tokens, tables.cities, self.vp_max, HAND, 2,
                                    DECLARED, 1, 1], dtype=np.float32)
        features = [
            Feature("phase", 13, "one-hot: the phase 1-13"),
            Feature("step", len(STEP_NAMES), "one-hot: the decision step (" + ", ".join(STEP_NAMES) + ")"),
            Feature("turn", 1, f"turn / {self.last_turn} (option last-turn), clipped"),
            Feature("my_turn", 1, "1 when the viewer decides now"),
            Feature("simultaneous", 1, "1 during a simultaneous step (choices kept private until all are made)"),
            Feature("over", 1, "1 when the game is over"),
            Feature("trade_round", 1, f"trade round / {self.trade_rounds} (option trade-rounds), clipped"),
            Feature("revolt_victim", n, "one-hot by seat from the viewer: whose city revolts (step revolt)"),
            Feature("stacks", 9, "cards left in stacks 1-9 / their size at the start"),
            Feature("discards", C, "cards of each kind discarded this turn / the copies in the game"),
            Feature("area_static", 6 * A, "per area, six rows of the map's facts: land, coastal, city site, "
                    "flood plain, volcano, population limit / 4"),
            Feature("area_own_tokens", A, f"the viewer's tokens per area / {TOKENS_IN_AREA}, clipped"),
            Feature("area_own_moved", A, f"the viewer's tokens moved (or grown) this phase per area / {TOKENS_IN_AREA}"),
            Feature("area_own_city", A, "1 where the viewer has a city"),
            Feature("area_own_ships", A, f"the viewer's ships per area (built and not sailed, or on the map) / {SHIPS}"),
            Feature("area_other_tokens", A, f"other players' tokens per area / {TOKENS_IN_AREA}, clipped"),
            Feature("area_other_most", A, f"the most tokens of one other player per area / {TOKENS_IN_AREA}, clipped"),
            Feature("area_other_players", A, "other players with tokens or a city per area / 4, clipped"),
            Feature("area_other_city", A, "1 where another player has a city"),
            Feature("area_other_ships", A, f"other players' ships on the map per area / {SHIPS}, clipped"),
            Feature("area_pirates", A, "1 for a pirate city"),
            Feature("area_barbarians", A, f"barbarian tokens / {BARBARIANS}, clipped"),
            Feature("area_exempt", A, "1 for a city that revolted this turn (no tax, no support)"),
            *(Feature(name, n * size, f"per seat from the viewer: {text}" + (f" ({n} numbers)" if n > 1 else "")) for name, size, text in seats),
            Feature("hand", C, f"the viewer's cards of each kind / {HAND_CARD}, clipped"),
            Feature("prices", V, "the viewer buying: price / cost of each advance he can afford, else 0"),
            Feature("affordable", V, "1 for each advance the viewer buying can afford"),
            Feature("pay_advance", V, "one-hot: the advance being paid"),
            Feature("pay_amounts", 2, f"the advance being paid: price / {PRICE}, paid so far / the price"),
            Feature("deal_from", n, "one-hot by seat: who offers"),
            Feature("deal_stage", 3, "one-hot: the offer is built, counter-offers are made, the proposer accepts"),
            Feature("deal_building", n, "one-hot by seat: whose side is still being built"),
            Feature("deal_shown", C, "the offer's two shown cards by kind / 2"),
            Feature("deal_declared", C, "the offer's hidden cards as declared, by kind / 3, clipped"),
            Feature("deal_hidden", 1, "the offer's hidden cards / 3, clipped"),
            Feature("deal_own_hidden", C, "the viewer's own hidden cards in the deal by kind / 3, clipped"),
            Feature("counter_made", n, "per seat: 1 when it made a counter-offer"),
            Feature("counter_shown", n * C, "per seat: its counter's shown cards by kind / 2"),
            Feature("counter_declared", n * C, "per seat: its counter's declared hidden cards by kind / 3, clipped"),
            Feature("task_kind", len(TASK_KINDS), "one-hot: the task asked (" + ", ".join(TASK_KINDS) + ")"),
            Feature("task_chooser", n, "one-hot by seat: who chooses for the task"),
            Feature("task_victim", n, "one-hot by seat: whom the task strikes"),
            Feature("task_count", 1, f"what the task still needs (units, cities, cards) / {TASK_COUNT}, clipped"),
            Feature("task_calamity", K, "one-hot: the calamity behind the task"),
            Feature("pending_by_seat", n, f"per seat: calamities still to resolve / {PENDING}, clipped"),
            Feature("pending_calamities", K, "1 for each calamity still to resolve"),
            Feature("pending_next", n + K, "the next calamity to resolve: its victim (by seat) and kind, one-hot"),
        ]
        self.encoding = Encoding(features)
        e = self.encoding
        self.s = {f.name: e.slot(f.name) for f in features}
        self._zero = e.zeros()
        self._zero[self.s["area_static"]] = self.static

    # ------------------------------------------------------------------ encode
    def encode(self, obs: dict[str, Any], viewer: int) -> np.ndarray:
        """The vector of one observation (see the module docstring)."""
        n, A, C = self.n, self.areas, self.cards
        s = self.s
        v = self._zero.copy()
        ai, ci, vi = self.area_index, self.card_index, self.advance_index

        def rel(q: int) -> int:
            return (q - viewer) % n

        v[s["phase"].start + obs["phase"] - 1] = 1
        v[s["step"].start + self.step_index[obs["step"]]] = 1
        v[s["turn"].start] = min(1.0, obs["turn"] / self.last_turn)
        movers = obs["to_move"]
        v[s["my_turn"].start] = viewer in movers
        v[s["simultaneous"].start] = obs["waiting_for"] is not None
        v[s["over"].start] = bool(obs["over"])
        v[s["trade_round"].start] = min(1.0, obs["trade_round"] / self.trade_rounds)
        if obs["revolt_victim"] is not None:
            v[s["revolt_victim"].start + rel(obs["revolt_victim"])] = 1
        v[s["stacks"]] = np.minimum(1.0, np.asarray(obs["stacks"], dtype=np.float32) / self.stack_size)
        discards = np.zeros(C, dtype=np.float32)
        for pile in obs["discards"].values():
            for c in pile:
                discards[ci[c]] += 1
        v[s["discards"]] = np.minimum(1.0, discards / self.copies)
        # the areas: one row per seat from the viewer, filled in one assignment each
        rows: list[int] = []
        cols: list[int] = []
        counts: list[int] = []
        city_rows: list[int] = []
        city_cols: list[int] = []
        ship_rows: list[int] = []
        ship_cols: list[int] = []
        for p, pl in enumerate(obs["players"]):
            r = (p - viewer) % n
            tokens = pl["tokens"]
            rows += [r] * len(tokens)
            cols += [ai[a] for a in tokens]
            counts += tokens.values()
            city_rows += [r] * len(pl["cities"])
            city_cols += [ai[a] for a in pl["cities"]]
            ship_rows += [r] * len(pl["ships_on_map"])
            ship_cols += [ai[a] for a in pl["ships_on_map"]]
        ship_rows += [0] * len(obs["ships"])
        ship_cols += [ai[a] for a in obs["ships"]]
        tok = np.zeros((n, A), dtype=np.float32)
        tok[rows, cols] = counts
        city = np.zeros((n, A), dtype=bool)
        city[city_rows, city_cols] = True
        ships = np.zeros((n, A), dtype=np.float32)
        np.add.at(ships, (ship_rows, ship_cols), 1)
        rest = tok[1:]
        v[s["area_own_tokens"]] = np.minimum(1.0, tok[0] / TOKENS_IN_AREA)
        moved = obs["moved"]
        if moved:
            m = np.zeros(A, dtype=np.float32)
            m[[ai[a] for a in moved]] = list(moved.values())
            v[s["area_own_moved"]] = np.minimum(1.0, m / TOKENS_IN_AREA)
        v[s["area_own_city"]] = city[0]
        v[s["area_own_ships"]] = np.minimum(1.0, ships[0] / SHIPS)
        v[s["area_other_tokens"]] = np.minimum(1.0, rest.sum(axis=0) / TOKENS_IN_AREA)
        v[s["area_other_most"]] = np.minimum(1.0, rest.max(axis=0) / TOKENS_IN_AREA)
        v[s["area_other_players"]] = np.minimum(1.0, ((rest > 0) | city[1:]).sum(axis=0) / 4)
        v[s["area_other_city"]] = city[1:].any(axis=0)
        v[s["area_other_ships"]] = np.minimum(1.0, ships[1:].sum(axis=0) / SHIPS)
        base = s["area_pirates"].start
        for a in obs["pirates"]:
            v[base + ai[a]] = 1
        base = s["area_barbarians"].start
        for a, k in obs["barbarians"].items():
            v[base + ai[a]] = min(1.0, k / BARBARIANS)
        base = s["area_exempt"].start
        for a in obs["exempt"]:
            v[base + ai[a]] = 1
        for name, block in self._seats(obs, viewer).items():
            v[s[name]] = block.reshape(-1)
        # the viewer's own things and the decision under way
        base = s["hand"].start
        hand = np.zeros(C, dtype=np.float32)
        for c in obs["hand"]:
            hand[ci[c]] += 1
        v[s["hand"]] = np.minimum(1.0, hand / HAND_CARD)
        if obs["prices"]:
            pb, ab = s["prices"].start, s["affordable"].start
            for a, price in obs["prices"].items():
                i = vi[a]
                v[pb + i] = min(1.0, price / self.advance_cost[i])
                v[ab + i] = 1
        pay = obs["pay"]
        if pay is not None:
            v[s["pay_advance"].start + vi[pay["advance"]]] = 1
            due = pay["price"]
            v[s["pay_amounts"]] = (min(1.0, due / PRICE), min(1.0, pay["paid"] / due) if due else 1.0)
        deal = obs["deal"]
        if deal is not None:
            self._deal(v, deal, rel)
        task = obs["task"]
        if task is not None:
            v[s["task_kind"].start + self.task_index[task["kind"]]] = 1
            v[s["task_chooser"].start + rel(task["chooser"])] = 1
            v[s["task_victim"].start + rel(task["victim"])] = 1
            v[s["task_count"].start] = min(1.0, max(0, task["count"]) / TASK_COUNT)
            if task["calamity"] is not None:
                v[s["task_calamity"].start + self.calamity_slot[task["calamity"]]] = 1
        pending = obs["calamities_pending"]
        if pending:
            by_seat = np.zeros(n, dtype=np.float32)
            for victim, card in pending:
                by_seat[rel(victim)] += 1
                v[s["pending_calamities"].start + self.calamity_slot[card]] = 1
            v[s["pending_by_seat"]] = np.minimum(1.0, by_seat / PENDING)
            victim, card = pending[0]
            v[s["pending_next"].start + rel(victim)] = 1
            v[s["pending_next"].start + n + self.calamity_slot[card]] = 1
        return v

    def _seats(self, obs: dict[str, Any], viewer: int) -> dict[str, np.ndarray]:
        """The per-seat blocks, one row per seat from the viewer (raw numbers gathered in
        lists, scaled and clipped at once)."""
        n = self.n
        players = obs["players"]
        seated = [players[(viewer + r) % n] for r in range(n)]
        order = obs["ast_order"]
        movers, winners = obs["to_move"], obs["winners"]
        vi, cs, civ = self.advance_index, self.calamity_slot, self.civ_index
        raw = [(pl["ast"], order.index(pl["seat"]), pl["stock"], pl["treasury"], pl["cities_in_stock"],
                pl["ships_in_stock"], len(pl["ships_on_map"]), pl["census"], sum(pl["tokens"].values()),
                len(pl["cities"]), max(0, pl["vp"]), pl["hand_size"], pl["tax_rate"] + 1,
                pl["calamities_declared"] or 0, pl["seat"] in movers, pl["seat"] in winners) for pl in seated]
        flat = np.minimum(1.0, np.asarray(raw, dtype=np.float32) / self.seat_scale)
        out = {name: flat[:, i] for i, name in enumerate(SEAT_NUMBERS)}
        civs = np.zeros((n, len(self.civs)), dtype=np.float32)
        civs[range(n), [civ[pl["civilization"]] for pl in seated]] = 1
        out["seat_civilization"] = civs
        out["seat_hand_by_stack"] = np.minimum(
            1.0, np.asarray([pl["hand_by_stack"] for pl in seated], dtype=np.float32) / BY_STACK)
        groups = self.groups
        out["seat_credit_tokens"] = np.minimum(1.0, np.asarray(
            [[pl["credit_tokens"].get(g, 0) for g in groups] for pl in seated], dtype=np.float32) / CREDIT)
        for name, key, index, size in (("seat_advances", "advances", vi, self.advances),
                                       ("seat_revealed", "revealed", cs, len(self.calamities))):
            block = np.zeros((n, size), dtype=np.float32)
            rows = [r for r, pl in enumerate(seated) for _ in pl[key]]
            block[rows, [index[x] for pl in seated for x in pl[key]]] = 1
            out[name] = block
        return {name: out[name] for name in self.seat_features}

    def _deal(self, v: np.ndarray, deal: dict[str, Any], rel: Any) -> None:
        """The trade deal under way: the offer, the viewer's hidden cards, each counter-offer."""
        s, ci, C = self.s, self.card_index, self.cards
        v[s["deal_from"].start + rel(deal["from"])] = 1
        v[s["deal_stage"].start + ("offer", "counter", "accept").index(deal["stage"])] = 1
        if deal["building"] is not None:
            v[s["deal_building"].start + rel(deal["building"])] = 1
        self._side(v, deal, s["deal_shown"].start, s["deal_declared"].start)
        v[s["deal_hidden"].start] = min(1.0, deal["hidden_count"] / 3)
        own = [deal, *deal["counters"].values()]
        for side in own:
            for c in side.get("hidden", ()):
                v[s["deal_own_hidden"].start + ci[c]] = min(1.0, v[s["deal_own_hidden"].start + ci[c]] + 1 / 3)
        for q, side in deal["counters"].items():
            r = rel(int(q))
            v[s["counter_made"].start + r] = 1
            self._side(v, side, s["counter_shown"].start + r * C, s["counter_declared"].start + r * C)

    def _side(self, v: np.ndarray, side: dict[str, Any], shown_at: int, declared_at: int) -> None:
        ci = self.card_index
        for c in side["shown"]:
            v[shown_at + ci[c]] += 0.5
        for c in side["declared"]:
            v[declared_at + ci[c]] = min(1.0, v[declared_at + ci[c]] + 1 / 3)


def _scatter(row: list[int], base: int, scale: int, at: list[int], val: list[float]) -> None:
    """Each number of ``row`` but 0, divided by ``scale`` and clipped to 1, for ``base`` + its place."""
    for i, k in enumerate(row):
        if k:
            at.append(base + i)
            val.append(min(1.0, k / scale))


AREA_BLOCKS = ("area_own_tokens", "area_own_moved", "area_own_city", "area_own_ships", "area_other_tokens",
               "area_other_most", "area_other_players", "area_other_city", "area_other_ships", "area_pirates",
               "area_barbarians", "area_exempt")
"""The per-area blocks, one after the other in the encoding (checked at build)."""
AREA_SCALE = (TOKENS_IN_AREA, TOKENS_IN_AREA, 1, SHIPS, TOKENS_IN_AREA, TOKENS_IN_AREA, 4, 1, SHIPS, 1, BARBARIANS, 1)


class StateEncoder:
    """The index tables of one encoding (built once per game object) and ``encode``."""

    def __init__(self, enc: Encoder) -> None:
        self.enc = enc
        s = enc.s
        n, A = enc.n, enc.areas
        self.n, self.A = n, A
        start = s[AREA_BLOCKS[0]].start
        assert all(s[name].start == start + i * A for i, name in enumerate(AREA_BLOCKS))
        self.own_slice = slice(start, start + 4 * A)
        self.other_slice = slice(start + 4 * A, start + len(AREA_BLOCKS) * A)
        self.area_scale = np.array(AREA_SCALE, dtype=np.float32)[:, None]
        self._last: list[tuple[Any, ...] | None] = [None] * n  # per viewer: what the others' rows were read from
        self._last_seats: list[tuple[Any, ...] | None] = [None] * n  # per viewer: what the seats were read from
        # each seat's numbers (its one-number features, its hand by stack, its credit tokens):
        # their places in the vector, seat by seat from the viewer, and what each is divided by
        self.stacks = stacks = (s["seat_hand_by_stack"].stop - s["seat_hand_by_stack"].start) // n
        self.groups = groups = len(enc.groups)
        self.seat_index = np.array([[s[name].start + r for name in SEAT_NUMBERS]
                                    + [s["seat_hand_by_stack"].start + r * stacks + j for j in range(stacks)]
                                    + [s["seat_credit_tokens"].start + r * groups + j for j in range(groups)]
                                    for r in range(n)]).reshape(-1)
        self.seat_scale = np.tile(np.concatenate([enc.seat_scale, np.full(stacks, BY_STACK, dtype=np.float32),
                                                  np.full(groups, CREDIT, dtype=np.float32)]), n)
        self.calamity_slot = {c: i for i, c in enumerate(enc.calamities)}
        self.card_stack, self.calamity = [c.stack for c in enc.catalog.cards], [c.calamity for c in enc.catalog.cards]
        self.civ_index = enc.civ_index
        self.starts = {name: sl.start for name, sl in s.items()}
        self.stack_size, self.copies, self.advance_cost = (x.tolist() for x in (enc.stack_size, enc.copies, enc.advance_cost))
        self.scores = Scores()
        self.others = [[(viewer + r) % n for r in range(1, n)] for viewer in range(n)]

    def encode(self, s: MegaState, viewer: int) -> np.ndarray:
        """``Encoder.encode(observation(viewer), viewer)``, read from the state."""
        enc, st, n = self.enc, self.starts, self.n
        view = s.previews.get(viewer, s) if s.previews is not None else s
        v = enc._zero.copy()
        movers = s.to_move()
        ones = [st["phase"] + s.phase - 1, st["step"] + view.step]  # indices set to 1
        at = [st["turn"], st["trade_round"]]  # indices set to the number at the same place of ``val``
        val = [min(1.0, s.turn_no / enc.last_turn), min(1.0, view.trade_round / enc.trade_rounds)]
        if viewer in movers:
            ones.append(st["my_turn"])
        if s.previews is not None:
            ones.append(st["simultaneous"])
        if s.step == OVER:
            ones.append(st["over"])
        if s.step == REVOLT:
            ones.append(st["revolt_victim"] + (s.target - viewer) % n)
        at += range(st["stacks"], st["stacks"] + len(self.stack_size))
        val += [min(1.0, len(view.stacks[k + 1]) / size) for k, size in enumerate(self.stack_size)]
        discards: dict[int, int] = {}
        for pile in view.discards:
            for c in pile:
                discards[c] = discards.get(c, 0) + 1
        at += [st["discards"] + c for c in discards]
        val += [min(1.0, k / self.copies[c]) for c, k in discards.items()]
        cities = self._areas(s, view, viewer, v, ones, at, val)
        self._seats(s, view, viewer, movers, cities, v, ones)
        # the viewer's own things and the decision under way
        hand = [0] * enc.cards
        for c in view.hands[viewer]:
            hand[c] += 1
        _scatter(hand, st["hand"], HAND_CARD, at, val)
        if view.step == BUY and viewer == view.decider:
            for a, price in _prices(view, viewer).items():
                i = enc.advance_index[a]
                at.append(st["prices"] + i)
                val.append(min(1.0, price / self.advance_cost[i]))
                ones.append(st["affordable"] + i)
        if view.pay is not None:
            adv, due, paid, _spent = view.pay
            ones.append(st["pay_advance"] + adv)
            at += (st["pay_amounts"], st["pay_amounts"] + 1)
            val += (min(1.0, due / PRICE), min(1.0, paid / due) if due else 1.0)
        if view.tasks:
            kind, chooser, victim, count, card = view.tasks[-1][:5]
            ones += (st["task_kind"] + enc.task_index[kind], st["task_chooser"] + (chooser - viewer) % n,
                     st["task_victim"] + (victim - viewer) % n)
            at.append(st["task_count"])
            val.append(min(1.0, max(0, count) / TASK_COUNT))
            if card >= 0:
                ones.append(st["task_calamity"] + self.calamity_slot[card])
        if view.calq:
            slot = self.calamity_slot
            by_seat = [0] * n
            for victim, card in view.calq:
                by_seat[(victim - viewer) % n] += 1
                ones.append(st["pending_calamities"] + slot[card])
            at += range(st["pending_by_seat"], st["pending_by_seat"] + n)
            val += [min(1.0, k / PENDING) for k in by_seat]
            victim, card = view.calq[0]
            ones += (st["pending_next"] + (victim - viewer) % n, st["pending_next"] + n + slot[card])
        mv: memoryview[float] = memoryview(v.data).cast("B").cast("f")  # cheaper than fancy indexing from lists
        for i in ones:
            mv[i] = 1.0
        for i, x in zip(at, val, strict=True):
            mv[i] = x  # rounded to float32 as NumPy rounds
        deal = _public_deal(view, viewer)
        if deal is not None:
            enc._deal(v, deal, lambda q: (q - viewer) % n)
        return v

    def _areas(self, s: MegaState, view: MegaState, viewer: int, v: np.ndarray, ones: list[int], at: list[int],
               val: list[float]) -> list[int]:
        """The twelve rows of numbers per area; the cities of each seat. The eight rows of the
        others' units, the pirates, barbarians and exemptions are kept per viewer with what
        they were read from, and reused while that is the same (while one player moves,
        nothing of the others changes); the viewer's four rows are added to ``ones``, ``at``
        and ``val``, area by area (divisions by powers of two: exact)."""
        tokens, docked, city, barb, exempt = view.tokens, view.docked, view.city, view.barb, s.exempt
        others = self.others[viewer]
        rest = [tokens[q] for q in others]
        rest_docked = [docked[q] for q in others]
        last = self._last[viewer]
        cities: list[int]
        if (last is not None and last[0] == rest and last[1] == city and last[2] == rest_docked and last[3] == barb
                and last[4] == exempt):
            rows, cities = last[5], last[6]
        else:
            rows, cities = self._other_rows(viewer, rest, rest_docked, city, barb, exempt)
            self._last[viewer] = ([x[:] for x in rest], city[:], [x[:] for x in rest_docked], barb[:], exempt[:],
                                  rows, cities)
        A, start = self.A, self.own_slice.start
        _scatter(tokens[viewer], start, TOKENS_IN_AREA, at, val)
        _scatter(view.moved[viewer], start + A, TOKENS_IN_AREA, at, val)
        if cities[viewer]:
            ones += [start + 2 * A + a for a, o in enumerate(city) if o == viewer]
        ships = [0] * A
        for a in docked[viewer] + view.ships[viewer]:
            ships[a] += 1
        _scatter(ships, start + 3 * A, SHIPS, at, val)
        v[self.other_slice] = rows
        return cities

    def _other_rows(self, viewer: int, rest: list[list[int]], rest_docked: list[list[int]], city: list[int],
                    barb: list[int], exempt: list[int]) -> tuple[np.ndarray, list[int]]:
        """Rows 5 to 12 of the areas (the others' tokens, most, players, cities and ships, the
        pirates, barbarians, exemptions), scaled and flat; the cities of each seat."""
        n, A = self.n, self.A
        m = np.zeros((len(AREA_BLOCKS) - 4, A), dtype=np.float32)
        others = np.array(rest, dtype=np.float32).reshape(n - 1, A)
        m[0] = others.sum(axis=0)
        if n > 1:
            m[1] = others.max(axis=0)
        present = others > 0
        other_city, pirates = m[3], m[5]
        cities = [0] * n
        for a, o in enumerate(city):
            if o >= 0:
                cities[o] += 1
                if o != viewer:
                    other_city[a] = 1
                    present[(o - viewer) % n - 1, a] = True
            elif o == PIRATE:
                pirates[a] = 1
        m[2] = present.sum(axis=0)
        for row in rest_docked:
            for a in row:
                m[4, a] += 1
        m[6] = barb
        for a in exempt:
            m[7, a] = 1
        return np.minimum(1.0, m / self.area_scale[4:]).reshape(-1), cities

    def _seats(self, s: MegaState, view: MegaState, viewer: int, movers: tuple[int, ...], cities: list[int],
               v: np.ndarray, ones: list[int]) -> None:
        """The per-seat blocks, one row per seat from the viewer; kept per viewer with what
        they are read from and reused while that is the same (a move changes none of it:
        the seats count the tokens on the map, not where they stand). Who is to move and who
        has won are written apart (through ``ones``): the seats are kept while the mover changes."""
        n, order, st = self.n, s.order, self.starts
        ones += [base + (p - viewer) % n for base, seats in ((st["seat_to_move"], movers), (st["seat_winner"], s.winner_list))
                 for p in seats]
        phase8 = view.phase == 8
        sums = [sum(t) for t in view.tokens]
        docks = [len(d) for d in view.docked]
        key = (phase8, view.ast, order, view.stock, view.treasury, view.city_stock, view.ship_stock, docks,
               view.census, sums, cities, view.ast_forward, view.civ, view.owned, view.paid, view.hands,
               view.tax_rate, view.extra_credit, view.revealed)
        last = self._last_seats[viewer]
        if last is not None and last[0] is view.rules and last[1] == key:
            v[self.seat_index] = last[2]
            ones += last[3]
            return
        enc = self.enc
        vps = self.scores.vps(view)
        seat_ones: list[int] = []
        stack, calamity, slot = self.card_stack, self.calamity, self.calamity_slot
        raw: list[float] = []
        stacks, groups = self.stacks, self.groups
        civ, civ_base, civs = self.civ_index, st["seat_civilization"], len(enc.civs)
        adv_base, advs = st["seat_advances"], enc.advances
        rev_base, revs = st["seat_revealed"], len(enc.calamities)
        for r in range(n):
            p = (viewer + r) % n
            hand = view.hands[p]
            counts = [0] * stacks
            for c in hand:
                counts[stack[c]] += 1
            raw += (view.ast[p], order.index(p), view.stock[p], view.treasury[p], view.city_stock[p],
                    view.ship_stock[p], len(view.docked[p]), view.census[p], sum(view.tokens[p]), cities[p],
                    max(0, vps[p]), len(hand), view.tax_rate[p] + 1,
                    sum(1 for c in hand if calamity[c]) if phase8 else 0, 0, 0)  # to move, winner: above
            raw += counts
            raw += view.extra_credit[p][:groups]
            seat_ones.append(civ_base + r * civs + civ[view.civ[p]])
            seat_ones += [adv_base + r * advs + a for a in view.owned[p]]
            seat_ones += [rev_base + r * revs + slot[c] for c in view.revealed[p]]
        scaled = np.minimum(1.0, np.array(raw, dtype=np.float32) / self.seat_scale)
        v[self.seat_index] = scaled
        ones += seat_ones
        kept = tuple(x if isinstance(x, (bool, tuple)) else [y[:] for y in x] if x and isinstance(x[0], list) else x[:]
                     for x in key)
        self._last_seats[viewer] = (view.rules, kept, scaled, seat_ones)

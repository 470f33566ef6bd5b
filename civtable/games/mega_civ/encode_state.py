"""Mega Civilization's observation vector read straight from a state (``Game.encode_state``):
the very numbers of ``Encoder.encode(observation(viewer), viewer)`` (``encode.py``), without
building the observation first (whose prices of every advance, deep copies and texts the
vector does not use).

Every block reads what ``view.observation`` reads, from the same object: the viewer's
preview in a simultaneous step (``view``), the state itself for the moment (``s``). The
rarer blocks (a trade deal, an advance's prices) go through the observation's own
helpers (``view._public_deal``, ``view._prices``) and ``Encoder._deal``, so they cannot
drift. Numbers are gathered in Python lists and written with few NumPy calls; every
value is one division of exact integers rounded to ``float32``, as in ``encode``.
``tests/games/mega_civ/test_encode_state.py`` compares the two on many random positions
(and the contract-test kit on its own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .encode import (
    BARBARIANS,
    BY_STACK,
    CREDIT,
    HAND_CARD,
    PENDING,
    PRICE,
    SEAT_NUMBERS,
    SHIPS,
    TASK_COUNT,
    TOKENS_IN_AREA,
)
from .state import BUY, OVER, PIRATE, REVOLT
from .view import Scores, _prices, _public_deal

if TYPE_CHECKING:
    from .encode import Encoder
    from .state import MegaState

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
        self.own_scale = self.area_scale[:4]
        self._last: list[tuple[Any, ...] | None] = [None] * n  # per viewer: what the others' rows were read from
        self._last_seats: list[tuple[Any, ...] | None] = [None] * n  # per viewer: what the seats were read from
        # each seat's numbers (its one-number features, its hand by stack, its credit tokens):
        # their places in the vector, seat by seat from the viewer, and what each is divided by
        stacks, groups = s["seat_hand_by_stack"].stop - s["seat_hand_by_stack"].start, len(enc.groups) * n
        stacks, groups = stacks // n, groups // n
        self.stacks, self.groups = stacks, groups
        self.seat_index = np.array([[s[name].start + r for name in SEAT_NUMBERS]
                                    + [s["seat_hand_by_stack"].start + r * stacks + j for j in range(stacks)]
                                    + [s["seat_credit_tokens"].start + r * groups + j for j in range(groups)]
                                    for r in range(n)]).reshape(-1)
        self.seat_scale = np.tile(np.concatenate([enc.seat_scale, np.full(stacks, BY_STACK, dtype=np.float32),
                                                  np.full(groups, CREDIT, dtype=np.float32)]), n)
        self.calamity_slot = {c: i for i, c in enumerate(enc.calamities)}
        cat = enc.catalog
        self.card_stack = [c.stack for c in cat.cards]
        self.calamity = [c.calamity for c in cat.cards]
        self.civ_index = enc.civ_index
        self.starts = {name: sl.start for name, sl in s.items()}
        self.stack_size = [float(x) for x in enc.stack_size]
        self.copies = [float(x) for x in enc.copies]
        self.advance_cost = [float(x) for x in enc.advance_cost]
        self.scores = Scores()
        self.others = [[(viewer + r) % n for r in range(1, n)] for viewer in range(n)]

    def encode(self, s: MegaState, viewer: int) -> np.ndarray:
        """``Encoder.encode(observation(viewer), viewer)``, read from the state."""
        enc = self.enc
        st = self.starts
        n = self.n
        view = s.previews.get(viewer, s) if s.previews is not None else s
        v = enc._zero.copy()
        ones: list[int] = []  # indices set to 1
        at: list[int] = []  # indices set to the value at the same place of ``val``
        val: list[float] = []
        movers = s.to_move()
        ones.append(st["phase"] + s.phase - 1)
        ones.append(st["step"] + view.step)
        at.append(st["turn"])
        val.append(min(1.0, s.turn_no / enc.last_turn))
        if viewer in movers:
            ones.append(st["my_turn"])
        if s.previews is not None:
            ones.append(st["simultaneous"])
        if s.step == OVER:
            ones.append(st["over"])
        at.append(st["trade_round"])
        val.append(min(1.0, view.trade_round / enc.trade_rounds))
        if s.step == REVOLT:
            ones.append(st["revolt_victim"] + (s.target - viewer) % n)
        base = st["stacks"]
        for k, size in enumerate(self.stack_size):
            at.append(base + k)
            val.append(min(1.0, len(view.stacks[k + 1]) / size))
        discards: dict[int, int] = {}
        for pile in view.discards:
            for c in pile:
                discards[c] = discards.get(c, 0) + 1
        base, copies = st["discards"], self.copies
        for c, k in discards.items():
            at.append(base + c)
            val.append(min(1.0, k / copies[c]))
        cities = self._areas(s, view, viewer, v)
        self._seats(s, view, viewer, movers, cities, v, ones)
        # the viewer's own things and the decision under way
        hand: dict[int, int] = {}
        for c in view.hands[viewer]:
            hand[c] = hand.get(c, 0) + 1
        base = st["hand"]
        for c, k in hand.items():
            at.append(base + c)
            val.append(min(1.0, k / HAND_CARD))
        if view.step == BUY and viewer == view.decider:
            prices = _prices(view, viewer)
            pb, ab, vi, cost = st["prices"], st["affordable"], enc.advance_index, self.advance_cost
            for a, price in prices.items():
                i = vi[a]
                at.append(pb + i)
                val.append(min(1.0, price / cost[i]))
                ones.append(ab + i)
        if view.pay is not None:
            adv, due, paid, _spent = view.pay
            ones.append(st["pay_advance"] + adv)
            at += (st["pay_amounts"], st["pay_amounts"] + 1)
            val += (min(1.0, due / PRICE), min(1.0, paid / due) if due else 1.0)
        if view.tasks:
            kind, chooser, victim, count, card = view.tasks[-1][:5]
            ones.append(st["task_kind"] + enc.task_index[kind])
            ones.append(st["task_chooser"] + (chooser - viewer) % n)
            ones.append(st["task_victim"] + (victim - viewer) % n)
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
            base = st["pending_by_seat"]
            for r, k in enumerate(by_seat):
                at.append(base + r)
                val.append(min(1.0, k / PENDING))
            victim, card = view.calq[0]
            ones.append(st["pending_next"] + (victim - viewer) % n)
            ones.append(st["pending_next"] + n + slot[card])
        v[ones] = 1
        v[at] = val
        if view.deal is not None:
            deal = _public_deal(view, viewer)
            assert deal is not None
            enc._deal(v, deal, lambda q: (q - viewer) % n)
        return v

    def _areas(self, s: MegaState, view: MegaState, viewer: int, v: np.ndarray) -> list[int]:
        """The twelve rows of numbers per area; the cities of each seat. The eight rows of the
        others' units, the pirates, barbarians and exemptions are kept per viewer with what
        they were read from, and reused while that is the same (while one player moves,
        nothing of the others changes)."""
        tokens, docked, city, barb, exempt = view.tokens, view.docked, view.city, view.barb, s.exempt
        others = self.others[viewer]
        rest = [tokens[q] for q in others]
        rest_docked = [docked[q] for q in others]
        last = self._last[viewer]
        rows: np.ndarray
        cities: list[int]
        if (last is not None and last[0] == rest and last[1] == city and last[2] == rest_docked and last[3] == barb
                and last[4] == exempt):
            rows, cities = last[5], last[6]
        else:
            rows, cities = self._other_rows(viewer, rest, rest_docked, city, barb, exempt)
            self._last[viewer] = ([x[:] for x in rest], city[:], [x[:] for x in rest_docked], barb[:], exempt[:],
                                  rows, cities)
        own = np.zeros((4, self.A), dtype=np.float32)
        own[0] = tokens[viewer]
        own[1] = view.moved[viewer]
        if cities[viewer]:
            own_city = own[2]
            for a, o in enumerate(city):
                if o == viewer:
                    own_city[a] = 1
        own_ships = own[3]
        for a in docked[viewer]:
            own_ships[a] += 1
        for a in view.ships[viewer]:
            own_ships[a] += 1
        v[self.own_slice] = np.minimum(1.0, own / self.own_scale).reshape(-1)
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
        other_ships = m[4]
        for row in rest_docked:
            for a in row:
                other_ships[a] += 1
        m[6] = barb
        for a in exempt:
            m[7, a] = 1
        return np.minimum(1.0, m / self.area_scale[4:]).reshape(-1), cities

    def _seats(self, s: MegaState, view: MegaState, viewer: int, movers: tuple[int, ...], cities: list[int],
               v: np.ndarray, ones: list[int]) -> None:
        """The per-seat blocks, one row per seat from the viewer; kept per viewer with what
        they are read from and reused while that is the same (a move changes none of it:
        the seats count the tokens on the map, not where they stand)."""
        n = self.n
        order, winners = s.order, s.winner_list
        phase8 = view.phase == 8
        sums = [sum(t) for t in view.tokens]
        docks = [len(d) for d in view.docked]
        key = (phase8, movers, view.ast, order, view.stock, view.treasury, view.city_stock, view.ship_stock, docks,
               view.census, sums, cities, view.ast_forward, view.civ, view.owned, view.paid, view.hands,
               view.tax_rate, winners, view.extra_credit, view.revealed)
        last = self._last_seats[viewer]
        if last is not None and last[0] is view.rules and last[1] == key:
            v[self.seat_index] = last[2]
            ones += last[3]
            return
        st = self.starts
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
                    sum(1 for c in hand if calamity[c]) if phase8 else 0, p in movers, p in winners)
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

"""The observation of Civilization: The Card Game as a fixed-size vector, for learning agents.

``Encoder(game)`` declares the features once per game object (their sizes follow the
card file and the player count) and fills them from ``observation(viewer)`` alone, so
nothing the viewer cannot see can reach the vector. Seats are seen from the viewer:
every per-seat block lists the viewer first, then the others in table order after
him (seat ``viewer + 1``, ``viewer + 2``, ...). Counts are divided by the maximum in
the feature's text and clipped to 1; flags and one-hots are 0 or 1.

The viewer's own plots are also encoded one by one, in plot-number order (the
numbers of ``build CARD N``, ``pop N``, ``lose N``...), up to the most plots a player
can own (``space.max_plots``).

``Encoder.encode_state`` (``StateEncoder``) reads the same vector straight from the state
(``CivCardGame.encode_state``, what the learning environments call): the numbers of
``encode(observation(viewer), viewer)`` without building the observation, and without
NumPy's cost per number. The vector is filled through a ``memoryview`` of C ``float``
numbers (a Python number stored there is rounded as NumPy rounds it into a ``float32``
array) and handed over as a NumPy array over the same bytes. ``encode`` clips every number to [0, 1] at its end;
here each is clipped as it is stored (rounding keeps the order, and 0 and 1 are exact, so
it is the same). ``encode`` adds some numbers up in ``float32`` (``v[i] += 1 / 6`` once per
plot of a type...): these are read from tables of the same NumPy sums made once
(``sums``), so that every number is equal to ``encode``'s, bit for bit, whatever NumPy's
rules of mixing ``float32`` with Python numbers are. The contract-test kit compares the
two on random positions and under ``determinize``
(``civtable.testing.learning.check_encode_state``), and ``tests/envs/test_fast_paths.py``
on every position of whole games.

It reads the viewer's hand and, of every other seat, only what the observation shows:
its hand's size and its public table. This module is compiled with mypyc (``setup.py``,
``civtable/_compiled.py``) with the state it reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from civtable.core.spaces import Encoding, Feature

from .catalog import RESOURCES, UNIT
from .space import max_plots
from .state import PHASE_NAMES, STATUS, CcgState

if TYPE_CHECKING:
    from .game import CivCardGame

# the documented maxima of the counts (a count above is clipped to 1)
TURNS = 100
RESOURCE_MAX = 50
HAND_MAX = 20
VP_MAX = 50
STAT_MAX = 20
DISCOUNT_MAX = 6
PLOTS_MAX = 16
POPULATION_MAX = 40
PLOT_POPULATION_MAX = 8
SLOTS_MAX = 3
FREE_SLOTS_MAX = 10
PLACED_MAX = 3
TYPE_MAX = 6
ATTACK_MAX = 4
LEFT_MAX = 5


class Encoder:
    """The features of one game object and the function that fills them."""

    def __init__(self, game: CivCardGame) -> None:
        r = game.rules
        cards = r.cards
        self.n = n = game.num_players
        self.top = top = max_plots(game)
        self.plot_index = {p.id: i for i, p in enumerate(cards.plots)}
        self.tech_index = {t: i for i, t in enumerate(r.tech_ids)}
        self.card_index = {c: i for i, c in enumerate(r.ids)}
        self.placed_index = {r.ids[c]: i for i, c in enumerate(r.placeable)}
        self.unit_index = {r.ids[c]: i for i, c in enumerate(r.units) if r.kind[c] == UNIT}
        self.phase_index = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.status_index = {name: i for i, name in enumerate(STATUS)}
        k, t, c, w, u = len(cards.plots), len(r.tech_ids), r.n_cards, len(r.placeable), len(self.unit_index)
        self.k, self.t, self.w, self.u = k, t, w, u
        self.plot_width = k + 3
        self.card_counts = np.array(cards.card_counts, dtype=np.float32)
        self.plot_total = float(sum(cards.plot_counts))
        self.deck_total = float(sum(cards.card_counts))
        self.bank = float(r.numbers["population_bank"])
        seat = "per seat, the viewer first"
        self.encoding = Encoding([
            Feature("phase", len(PHASE_NAMES), "one-hot: the step being decided (" + ", ".join(PHASE_NAMES) + ")"),
            Feature("turn", 1, f"turn number / {TURNS}"),
            Feature("to_move", n, "one-hot, the viewer first: who decides now"),
            Feature("current", n, "one-hot, the viewer first: whose turn it is"),
            Feature("dealer", n, "one-hot, the viewer first: the dealer (the last seat of a round)"),
            Feature("my_hand", c, "the viewer's hand: count of each play-deck card (card-file order) / its count in the deck"),
            Feature("my_plots", top * self.plot_width,
                    f"the viewer's plots by number: plot type one-hot ({k}), population / {PLOT_POPULATION_MAX}, "
                    f"cards placed / {SLOTS_MAX}, slots / {SLOTS_MAX}; zeros where he has no such plot"),
            Feature("resources", n * 3, f"{seat}: food, hammers, commerce / {RESOURCE_MAX}"),
            Feature("hand_size", n, f"{seat}: cards in hand / {HAND_MAX}"),
            Feature("vp", n, f"{seat}: victory points / {VP_MAX}"),
            Feature("culture", n, f"{seat}: culture / {STAT_MAX}"),
            Feature("happiness", n, f"{seat}: happiness / {STAT_MAX}"),
            Feature("discounts", n * 3, f"{seat}: technology, building, wonder cost reductions / {DISCOUNT_MAX}"),
            Feature("plot_count", n, f"{seat}: plots owned / {PLOTS_MAX}"),
            Feature("population", n, f"{seat}: population in all / {POPULATION_MAX}"),
            Feature("free_slots", n, f"{seat}: building slots still free / {FREE_SLOTS_MAX}"),
            Feature("technologies", n * t, f"{seat}: 1 for each technology owned (card-file order)"),
            Feature("placed", n * w, f"{seat}: count of each building and wonder placed / {PLACED_MAX}"),
            Feature("plot_types", n * k, f"{seat}: count of plots of each type / {TYPE_MAX}"),
            Feature("highest_culture", n, f"{seat}: 1 when he holds Highest Culture (CCG-3.3)"),
            Feature("highest_happiness", n, f"{seat}: 1 when he holds Highest Happiness (CCG-3.5)"),
            Feature("draft_row", k, "the set-up draft row: count of each plot type / 4"),
            Feature("plot_display", k, "the plot display: count of each plot type / 3"),
            Feature("tech_display", t, "the technology display: 1 for each technology shown"),
            Feature("decks", 3, "cards left in the plot deck, the technology deck and the play deck / their full size"),
            Feature("discard", c, "the discard pile: count of each play-deck card / its count in the deck"),
            Feature("population_bank", 1, f"populations in the bank / {int(self.bank)}"),
            Feature("attacks", u * n, f"per military unit type, per defender (the viewer first): active attacks / {ATTACK_MAX}"),
            Feature("attack_status", u * 3, f"per military unit type: attacks bounced, blocked, sieged / {ATTACK_MAX}"),
            Feature("damage", 2, f"damage still to apply: population, buildings / {ATTACK_MAX}"),
            Feature("left", 1, f"choices still due in this step (discards, bounces, resources) / {LEFT_MAX}"),
            Feature("target", n, "one-hot, the viewer first: the victim of a Code of Laws theft being chosen"),
            Feature("yield_plot", top, "one-hot: the current player's plot whose population yields now (collect)"),
            Feature("yield_left", 1, f"populations of that plot still to yield / {PLOT_POPULATION_MAX}"),
            Feature("fought", 1, "1 once the current player has fought this turn"),
            Feature("end_after", 2, "1 when the game ends after this turn / after this round (CCG-1.1)"),
        ])
        e = self.encoding
        self.at = {f.name: e.slot(f.name).start for f in e.features}
        self.fast = StateEncoder(self, game)
        """``encode`` read straight from a state (``encode_state``)."""

    def encode_state(self, s: CcgState, viewer: int) -> np.ndarray:
        """``encode(s.observation(viewer), viewer)`` read from the state (``StateEncoder``)."""
        return self.fast.encode_state(s, viewer)

    def rel(self, seat: int, viewer: int) -> int:
        return (seat - viewer) % self.n

    def encode(self, obs: Mapping[str, Any], viewer: int) -> np.ndarray:
        """``obs`` (``observation(viewer)``) as the vector declared in ``encoding``."""
        at = self.at
        n = self.n
        v = np.zeros(self.encoding.size, dtype=np.float32)
        v[at["phase"] + self.phase_index[obs["phase"]]] = 1
        v[at["turn"]] = min(obs["turn"] / TURNS, 1.0)
        for q in obs["to_move"]:
            v[at["to_move"] + (q - viewer) % n] = 1
        v[at["current"] + (obs["current"] - viewer) % n] = 1
        v[at["dealer"] + (obs["dealer"] - viewer) % n] = 1
        players = obs["players"]
        me = players[viewer]
        ci = self.card_index
        base = at["my_hand"]
        for cid, count in me.get("hand", {}).items():
            i = ci[cid]
            v[base + i] = min(count / self.card_counts[i], 1.0)
        self._my_plots(v, me["plots"])
        for q in range(n):
            self._seat(v, players[(viewer + q) % n], q)
        for q in obs["highest_culture"]:
            v[at["highest_culture"] + (q - viewer) % n] = 1
        for q in obs["highest_happiness"]:
            v[at["highest_happiness"] + (q - viewer) % n] = 1
        pi = self.plot_index
        for pid in obs["draft"]:
            v[at["draft_row"] + pi[pid]] += 0.25
        for pid in obs["plot_display"]:
            v[at["plot_display"] + pi[pid]] += 1 / 3
        for tid in obs["tech_display"]:
            v[at["tech_display"] + self.tech_index[tid]] = 1
        d = at["decks"]
        v[d] = obs["plot_deck_size"] / self.plot_total
        v[d + 1] = obs["tech_deck_size"] / self.t
        v[d + 2] = obs["deck_size"] / self.deck_total
        base = at["discard"]
        for cid, count in obs["discard"].items():
            i = ci[cid]
            v[base + i] = count / self.card_counts[i]
        v[at["population_bank"]] = obs["population_bank"] / self.bank
        if obs["combat"] is not None:
            self._combat(v, obs["combat"], viewer)
        pending = obs["pending"]
        v[at["left"]] = min(pending["left"] / LEFT_MAX, 1.0)
        if pending["target"] >= 0:
            v[at["target"] + (pending["target"] - viewer) % n] = 1
        queue = pending["queue"]
        if obs["phase"] == "collect" and queue:
            plot, left = queue[0]
            if plot < self.top:
                v[at["yield_plot"] + plot] = 1
            v[at["yield_left"]] = min(left / PLOT_POPULATION_MAX, 1.0)
        v[at["fought"]] = 1 if obs["fought"] else 0
        if obs["end_after"] >= 0:
            v[at["end_after"] + obs["end_after"]] = 1
        np.clip(v, 0.0, 1.0, out=v)
        return v

    def _my_plots(self, v: np.ndarray, plots: list[dict[str, Any]]) -> None:
        base = self.at["my_plots"]
        width = self.plot_width
        k = self.k
        pi = self.plot_index
        for i, pl in enumerate(plots[: self.top]):
            at = base + i * width
            v[at + pi[pl["plot"]]] = 1
            v[at + k] = pl["population"] / PLOT_POPULATION_MAX
            v[at + k + 1] = len(pl["cards"]) / SLOTS_MAX
            v[at + k + 2] = pl["slots"] / SLOTS_MAX

    def _seat(self, v: np.ndarray, view: Mapping[str, Any], q: int) -> None:
        """One seat's public block (``q``: its place after the viewer)."""
        at = self.at
        res = view["resources"]
        for i, name in enumerate(RESOURCES):
            v[at["resources"] + 3 * q + i] = res[name] / RESOURCE_MAX
        v[at["hand_size"] + q] = view["hand_size"] / HAND_MAX
        v[at["vp"] + q] = view["vp"] / VP_MAX
        v[at["culture"] + q] = view["culture"] / STAT_MAX
        v[at["happiness"] + q] = view["happiness"] / STAT_MAX
        for i, d in enumerate(view["discounts"]):
            v[at["discounts"] + 3 * q + i] = d / DISCOUNT_MAX
        plots = view["plots"]
        v[at["plot_count"] + q] = len(plots) / PLOTS_MAX
        tech = at["technologies"] + q * self.t
        for tid in view["technologies"]:
            v[tech + self.tech_index[tid]] = 1
        placed = at["placed"] + q * self.w
        types = at["plot_types"] + q * self.k
        pops = free = 0
        pi, wi = self.plot_index, self.placed_index
        for pl in plots:
            pops += pl["population"]
            free += max(0, pl["slots"] - len(pl["cards"]))
            v[types + pi[pl["plot"]]] += 1 / TYPE_MAX
            for cid in pl["cards"]:
                v[placed + wi[cid]] += 1 / PLACED_MAX
        v[at["population"] + q] = pops / POPULATION_MAX
        v[at["free_slots"] + q] = free / FREE_SLOTS_MAX

    def _combat(self, v: np.ndarray, combat: Mapping[str, Any], viewer: int) -> None:
        at = self.at
        n = self.n
        ui = self.unit_index
        si = self.status_index
        for a in combat["attacks"]:
            u = ui[a["unit"]]
            status = si[a["status"]]
            if status == 0:
                v[at["attacks"] + u * n + (a["defender"] - viewer) % n] += 1 / ATTACK_MAX
            else:
                v[at["attack_status"] + u * 3 + status - 1] += 1 / ATTACK_MAX
        d = at["damage"]
        for x in combat["damage"]:
            v[d] += x["population"] / ATTACK_MAX
            v[d + 1] += x["buildings"] / ATTACK_MAX


# ------------------------------------------------------------ straight from the state
SUMS: Final = 64
"""The longest sum kept in a table (``sums``): a count beyond it is clipped to 1 anyway."""


def sums(step: float) -> list[float]:
    """``[0, step, step + step, ...]`` added up as ``encode`` adds them (``v[i] += step`` on a
    ``float32`` array: the very same NumPy operation), each clipped to 1."""
    z = np.zeros(1, dtype=np.float32)
    out = [0.0]
    for _ in range(SUMS - 1):
        z[0] += step
        out.append(min(float(z[0]), 1.0))
    return out


def f32_sum(steps: list[float]) -> float:
    """``steps`` added up in a ``float32`` as ``encode`` adds them (the damages of a combat,
    seldom more than a few), clipped to 1."""
    z = np.zeros(1, dtype=np.float32)
    for x in steps:
        z[0] += x
    return min(float(z[0]), 1.0)


def clip(x: float) -> float:
    """A number ``encode`` computes (never below 0) as its final clip leaves it."""
    return x if x < 1.0 else 1.0


class StateEncoder:
    """The vector of a viewer, read from a state of one game object (its layout: ``Encoder``)."""

    def __init__(self, enc: Encoder, game: CivCardGame) -> None:
        r = game.rules
        at = enc.at
        self.n: int = enc.n
        self.size: int = enc.encoding.size
        self.zero = bytes(4 * self.size)
        self.top: int = enc.top
        self.k: int = enc.k
        self.t: int = enc.t
        self.w: int = enc.w
        self.width: int = enc.plot_width
        self.o_phase: int = at["phase"]
        self.o_turn: int = at["turn"]
        self.o_to_move: int = at["to_move"]
        self.o_current: int = at["current"]
        self.o_dealer: int = at["dealer"]
        self.o_hand: int = at["my_hand"]
        self.o_plots: int = at["my_plots"]
        self.o_res: int = at["resources"]
        self.o_hand_size: int = at["hand_size"]
        self.o_vp: int = at["vp"]
        self.o_culture: int = at["culture"]
        self.o_happiness: int = at["happiness"]
        self.o_discounts: int = at["discounts"]
        self.o_plot_count: int = at["plot_count"]
        self.o_population: int = at["population"]
        self.o_free: int = at["free_slots"]
        self.o_techs: int = at["technologies"]
        self.o_placed: int = at["placed"]
        self.o_types: int = at["plot_types"]
        self.o_high_culture: int = at["highest_culture"]
        self.o_high_happiness: int = at["highest_happiness"]
        self.o_draft: int = at["draft_row"]
        self.o_display: int = at["plot_display"]
        self.o_tech_display: int = at["tech_display"]
        self.o_decks: int = at["decks"]
        self.o_discard: int = at["discard"]
        self.o_bank: int = at["population_bank"]
        self.o_attacks: int = at["attacks"]
        self.o_status: int = at["attack_status"]
        self.o_damage: int = at["damage"]
        self.o_left: int = at["left"]
        self.o_target: int = at["target"]
        self.o_yield_plot: int = at["yield_plot"]
        self.o_yield_left: int = at["yield_left"]
        self.o_fought: int = at["fought"]
        self.o_end: int = at["end_after"]
        self.card_scale: list[float] = [float(x) for x in enc.card_counts]
        self.plot_total: float = enc.plot_total
        self.deck_total: float = enc.deck_total
        self.bank: float = enc.bank
        self.tech_count: float = float(enc.t)
        self.n_cards: int = r.n_cards
        self.tech_no: list[int] = [enc.tech_index[t] for t in r.tech_ids]
        placed_no = [-1] * r.n_cards
        for i, c in enumerate(r.placeable):
            placed_no[c] = i
        self.placed_no: list[int] = placed_no
        unit_no = [-1] * r.n_cards
        for c in r.units:
            if r.ids[c] in enc.unit_index:
                unit_no[c] = enc.unit_index[r.ids[c]]
        self.unit_no: list[int] = unit_no
        self.two_slots: int = sum(1 << t for t, two in enumerate(r.tech_two_slots) if two)
        self.collect: int = enc.phase_index["collect"]
        self.type_sums = sums(1 / TYPE_MAX)
        self.placed_sums = sums(1 / PLACED_MAX)
        self.draft_sums = sums(0.25)
        self.display_sums = sums(1 / 3)
        self.attack_sums = sums(1 / ATTACK_MAX)
        # the maxima of ``encode`` as this object's numbers (a compiled module reads its own
        # attributes directly, another module's names through a dictionary)
        (self.turns, self.left_max, self.yield_max, self.resource_max, self.hand_max, self.vp_max,
         self.stat_max, self.discount_max, self.plots_max, self.population_max, self.free_max,
         self.slots_max) = (float(x) for x in (
            TURNS, LEFT_MAX, PLOT_POPULATION_MAX, RESOURCE_MAX, HAND_MAX, VP_MAX, STAT_MAX, DISCOUNT_MAX,
            PLOTS_MAX, POPULATION_MAX, FREE_SLOTS_MAX, SLOTS_MAX))
        self.attack_max = float(ATTACK_MAX)
        self.frombuffer: Any = np.frombuffer
        self.float32: Any = np.float32

    def encode_state(self, s: CcgState, viewer: int) -> np.ndarray:
        """``encode(s.observation(viewer), viewer)``, number for number, as a ``float32`` array."""
        buf = bytearray(self.zero)
        self.fill(memoryview(buf).cast("f"), s, viewer)
        out: np.ndarray = self.frombuffer(buf, self.float32)
        return out

    def fill(self, v: memoryview[float], s: CcgState, viewer: int) -> None:
        """The vector in ``v`` (zeros: a ``memoryview`` of ``float`` numbers)."""
        n = self.n
        v[self.o_phase + s.phase] = 1.0
        v[self.o_turn] = clip(s.turn_no / self.turns)
        for q in s.to_move():
            v[self.o_to_move + (q - viewer) % n] = 1.0
        v[self.o_current + (s.current - viewer) % n] = 1.0
        v[self.o_dealer + (s.dealer - viewer) % n] = 1.0
        base = self.o_hand
        scale = self.card_scale
        hand = s.hand[viewer]
        for c in range(len(hand)):
            if hand[c]:
                v[base + c] = clip(hand[c] / scale[c])
        held = s.held or s.statuses()
        happiest = held[1]
        for q in range(n):
            p = (viewer + q) % n
            self.seat(v, s, p, q, 1 if p in happiest else 0)
        for p in held[0]:
            v[self.o_high_culture + (p - viewer) % n] = 1.0
        for p in happiest:
            v[self.o_high_happiness + (p - viewer) % n] = 1.0
        if s.draft_row:
            self.counted(v, self.o_draft, s.draft_row, self.k, self.draft_sums)
        if s.plot_display:
            self.counted(v, self.o_display, s.plot_display, self.k, self.display_sums)
        for t in s.tech_display:
            v[self.o_tech_display + self.tech_no[t]] = 1.0
        d = self.o_decks
        v[d] = clip(len(s.plot_deck) / self.plot_total)
        v[d + 1] = clip(len(s.tech_deck) / self.tech_count)
        v[d + 2] = clip(len(s.deck) / self.deck_total)
        if s.discard:
            counts = [0] * self.n_cards
            for c in s.discard:
                counts[c] += 1
            base = self.o_discard
            for c in range(len(counts)):
                if counts[c]:
                    v[base + c] = clip(counts[c] / scale[c])
        v[self.o_bank] = clip(s.pop_bank / self.bank)
        if s.attacks:
            self.combat(v, s, viewer)
        v[self.o_left] = clip(s.left / self.left_max)
        if s.target >= 0:
            v[self.o_target + (s.target - viewer) % n] = 1.0
        if s.phase == self.collect and s.queue:
            plot, left = s.queue[0]
            if plot < self.top:
                v[self.o_yield_plot + plot] = 1.0
            v[self.o_yield_left] = clip(left / self.yield_max)
        if s.fought:
            v[self.o_fought] = 1.0
        if s.end_after >= 0:
            v[self.o_end + s.end_after] = 1.0

    def counted(self, v: memoryview[float], base: int, items: list[int], size: int, table: list[float]) -> None:
        """Counts of each item (a plot type...), as ``encode`` adds them up (``table``)."""
        counts = [0] * size
        for x in items:
            counts[x] += 1
        for i in range(size):
            k = counts[i]
            if k:
                v[base + i] = table[k if k < SUMS else SUMS - 1]

    def seat(self, v: memoryview[float], s: CcgState, p: int, q: int, happy: int) -> None:
        """Seat ``p``'s public block (``q``: its place after the viewer; the viewer's plots
        one by one when ``q`` is 0)."""
        k = self.k
        eng = bool(s.techs[p] & self.two_slots)
        plots = s.plots[p]
        culture, happiness, dt, db, dw, _, _, _, _, wonders = s.derived[p] or s.derive(p)
        types = [0] * k
        placed: list[int] = []
        pops = free = 0
        mine = self.o_plots
        width = self.width
        slots_max = self.slots_max
        top = self.top
        for i in range(len(plots)):
            pl = plots[i]
            slots = s.slots(p, i, eng)
            cards = len(pl) - 2
            if q == 0 and i < top:
                a = mine + i * width
                v[a + pl[0]] = 1.0
                v[a + k] = clip(pl[1] / self.yield_max)
                v[a + k + 1] = clip(cards / slots_max)
                v[a + k + 2] = clip(slots / slots_max)
            pops += pl[1]
            if slots > cards:
                free += slots - cards
            types[pl[0]] += 1
            if cards:
                placed.extend(pl[2:])
        res = s.res[p]
        a = self.o_res + 3 * q
        most = self.resource_max
        v[a] = clip(res[0] / most)
        v[a + 1] = clip(res[1] / most)
        v[a + 2] = clip(res[2] / most)
        v[self.o_hand_size + q] = clip(sum(s.hand[p]) / self.hand_max)
        base = self.o_techs + q * self.t
        tech_no = self.tech_no
        owned = 0
        m = s.techs[p]
        while m:
            low = m & -m
            v[base + tech_no[low.bit_length() - 1]] = 1.0
            m ^= low
            owned += 1
        v[self.o_vp + q] = clip((pops + wonders + owned) / self.vp_max)
        v[self.o_culture + q] = clip(culture / self.stat_max)
        v[self.o_happiness + q] = clip(happiness / self.stat_max)
        a = self.o_discounts + 3 * q
        most = self.discount_max
        v[a] = clip((dt + happy) / most)
        v[a + 1] = clip((db + happy) / most)
        v[a + 2] = clip(dw / most)
        v[self.o_plot_count + q] = clip(len(plots) / self.plots_max)
        table = self.type_sums
        base = self.o_types + q * k
        for t in range(k):
            x = types[t]
            if x:
                v[base + t] = table[x if x < SUMS else SUMS - 1]
        if placed:
            counts = [0] * self.w
            no = self.placed_no
            for c in placed:
                counts[no[c]] += 1
            table = self.placed_sums
            base = self.o_placed + q * self.w
            for t in range(self.w):
                x = counts[t]
                if x:
                    v[base + t] = table[x if x < SUMS else SUMS - 1]
        v[self.o_population + q] = clip(pops / self.population_max)
        v[self.o_free + q] = clip(free / self.free_max)

    def combat(self, v: memoryview[float], s: CcgState, viewer: int) -> None:
        """The declared attacks by unit type and defender or status, and the damage due."""
        n = self.n
        active = [0] * (len(v))  # counts by the number they land on (few are ever used)
        used: list[int] = []
        for att in s.attacks:
            u = self.unit_no[att[0]]
            if att[2] == 0:
                i = self.o_attacks + u * n + (att[1] - viewer) % n
            else:
                i = self.o_status + u * 3 + att[2] - 1
            if not active[i]:
                used.append(i)
            active[i] += 1
        table = self.attack_sums
        for i in used:
            x = active[i]
            v[i] = table[x if x < SUMS else SUMS - 1]
        if s.damage:
            d = self.o_damage
            v[d] = f32_sum([x[1] / self.attack_max for x in s.damage])
            v[d + 1] = f32_sum([x[2] / self.attack_max for x in s.damage])

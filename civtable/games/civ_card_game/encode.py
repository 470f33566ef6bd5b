"""The observation vector of Civilization: The Card Game (its layout: ``space.Encoder``)
read straight from the state, incrementally (``CivCardGame.encode_state``, what the learning
environments call): the numbers of ``encode(observation(viewer), viewer)`` without building
the observation, and without NumPy's cost per number.

The state keeps, per viewer, the vector made last for him and what each part of it was
made from (``Memo``, in ``CcgState.memo``; a clone, a sample of ``determinize`` and a new
game start without): each part whose sources differ now (the phase, a seat's plots, its
technologies, its resources, the viewer's hand, the discard pile...) is written again, the
others are left as they are, and the array handed out last is handed out again while
nothing changed. A step changes a few parts (the mover's resources, hand or a plot, the
phase), so a step's vector costs a few comparisons and writes rather than the whole vector.

The vector is written through a ``memoryview`` of C ``float`` numbers (a Python number stored
there is rounded as NumPy rounds it into a ``float32`` array) and handed out as a read-only
NumPy array over a copy of its bytes. ``encode`` clips every number to [0, 1] at its end;
here each is clipped as it is stored (rounding keeps the order, and 0 and 1 are exact, so
it is the same). ``encode`` adds some numbers up in ``float32`` (``v[i] += 1 / 6`` once per
plot of a type...): these are read from tables of the same NumPy sums made once
(``sums``), so that every number is equal to ``encode``'s, bit for bit, whatever NumPy's
rules of mixing ``float32`` with Python numbers are. The contract-test kit compares the
two on random positions and under ``determinize``
(``civtable.testing.learning.check_encode_state``), ``tests/envs/test_fast_paths.py`` on
every position of whole games, and ``tests/games/civ_card_game/test_incremental_encoding.py``
after every step, in any order of positions and with hidden information changed in place.

It reads the viewer's hand and, of every other seat, only what the observation shows:
its hand's size and its public table (another seat's hand is compared as a list, to
know when its size must be read again, and never written). This module is compiled with
mypyc (``setup.py``, ``civtable/_compiled.py``) with the state it reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from .state import CcgState

if TYPE_CHECKING:
    from .game import CivCardGame
    from .space import Encoder

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
        """``encode(s.observation(viewer), viewer)``, number for number, as a read-only
        ``float32`` array, written incrementally: the state keeps, per viewer, the vector
        last made for him and what it was made from (``Memo``, in ``CcgState.memo``); only
        the parts whose sources changed since are written again, and the array handed out
        last is handed out again while nothing changed. A clone, a sample of ``determinize``
        and a new game start with no memo (the all-0 vector, every part written)."""
        n = self.n
        if not 0 <= viewer < n:
            raise ValueError(f"viewer must be a seat from 0 to {n - 1}, not {viewer}")
        memo: list[Memo | None] | None = s.memo
        s.memo = None  # taken while in use: a call from another thread starts its own
        if memo is None or len(memo) != n:
            memo = [None] * n
        rec = memo[viewer]
        if rec is None or rec.owner is not self:
            rec = Memo(self)
        if self.update(rec, s, viewer) or rec.out is None:
            rec.out = self.frombuffer(bytes(rec.buf), self.float32)
        memo[viewer] = rec
        s.memo = memo
        out: np.ndarray = rec.out
        return out

    def update(self, m: Memo, s: CcgState, viewer: int) -> bool:
        """``m``'s vector brought up to ``s`` (each part compared with what it was made
        from, and written again when that changed); whether anything was written."""
        v = m.v
        n = self.n
        dirty = False
        phase = s.phase
        if phase != m.phase:
            if m.phase >= 0:
                v[self.o_phase + m.phase] = 0.0
            v[self.o_phase + phase] = 1.0
            m.phase = phase
            dirty = True
        if s.turn_no != m.turn:
            m.turn = s.turn_no
            v[self.o_turn] = clip(s.turn_no / self.turns)
            dirty = True
        movers = s.to_move()
        if movers != m.to_move:
            self.seats_shown(v, self.o_to_move, m.to_move, movers, viewer)
            m.to_move = movers
            dirty = True
        if s.current != m.current:
            m.current = self.one(v, self.o_current, m.current, s.current, viewer)
            dirty = True
        if s.dealer != m.dealer:
            m.dealer = self.one(v, self.o_dealer, m.dealer, s.dealer, viewer)
            dirty = True
        held = s.held or s.statuses()
        happiest = held[1]
        for q in range(n):
            p = (viewer + q) % n
            if self.seat(v, s, m.seats[p], p, q, 1 if p in happiest else 0):
                dirty = True
        if held != m.held:
            self.seats_shown(v, self.o_high_culture, m.held[0], held[0], viewer)
            self.seats_shown(v, self.o_high_happiness, m.held[1], happiest, viewer)
            m.held = held
            dirty = True
        if s.draft_row != m.draft:
            m.draft = s.draft_row[:]
            self.counted(v, self.o_draft, m.draft, self.k, self.draft_sums)
            dirty = True
        if s.plot_display != m.display:
            m.display = s.plot_display[:]
            self.counted(v, self.o_display, m.display, self.k, self.display_sums)
            dirty = True
        if s.tech_display != m.tech_display:
            for t in m.tech_display:
                v[self.o_tech_display + self.tech_no[t]] = 0.0
            m.tech_display = s.tech_display[:]
            for t in m.tech_display:
                v[self.o_tech_display + self.tech_no[t]] = 1.0
            dirty = True
        d = self.o_decks
        if len(s.plot_deck) != m.plot_deck:
            m.plot_deck = len(s.plot_deck)
            v[d] = clip(m.plot_deck / self.plot_total)
            dirty = True
        if len(s.tech_deck) != m.tech_deck:
            m.tech_deck = len(s.tech_deck)
            v[d + 1] = clip(m.tech_deck / self.tech_count)
            dirty = True
        if len(s.deck) != m.deck:
            m.deck = len(s.deck)
            v[d + 2] = clip(m.deck / self.deck_total)
            dirty = True
        if s.discard != m.discard:
            self.discard(v, s.discard, m)
            dirty = True
        if s.pop_bank != m.bank:
            m.bank = s.pop_bank
            v[self.o_bank] = clip(s.pop_bank / self.bank)
            dirty = True
        if s.attacks != m.attacks or s.damage != m.damage:
            self.combat(v, s, m, viewer)
            dirty = True
        if s.left != m.left:
            m.left = s.left
            v[self.o_left] = clip(s.left / self.left_max)
            dirty = True
        if s.target != m.target:
            if m.target >= 0:
                v[self.o_target + (m.target - viewer) % n] = 0.0
            if s.target >= 0:
                v[self.o_target + (s.target - viewer) % n] = 1.0
            m.target = s.target
            dirty = True
        plot = left = -1
        if phase == self.collect and s.queue:
            entry: Any = s.queue[0]
            plot, left = entry[0], entry[1]
        if plot != m.yield_plot or left != m.yield_left:
            if 0 <= m.yield_plot < self.top:
                v[self.o_yield_plot + m.yield_plot] = 0.0
            if 0 <= plot < self.top:
                v[self.o_yield_plot + plot] = 1.0
            v[self.o_yield_left] = clip(left / self.yield_max) if left >= 0 else 0.0
            m.yield_plot, m.yield_left = plot, left
            dirty = True
        if s.fought != m.fought:
            m.fought = s.fought
            v[self.o_fought] = 1.0 if s.fought else 0.0
            dirty = True
        if s.end_after != m.end_after:
            if m.end_after >= 0:
                v[self.o_end + m.end_after] = 0.0
            if s.end_after >= 0:
                v[self.o_end + s.end_after] = 1.0
            m.end_after = s.end_after
            dirty = True
        return dirty

    def seats_shown(self, v: memoryview[float], base: int, was: tuple[int, ...], now: tuple[int, ...],
                    viewer: int) -> None:
        """A block of flags over the seats (the viewer first) that showed the seats ``was`` shows ``now``."""
        n = self.n
        for q in was:
            v[base + (q - viewer) % n] = 0.0
        for q in now:
            v[base + (q - viewer) % n] = 1.0

    def one(self, v: memoryview[float], base: int, was: int, now: int, viewer: int) -> int:
        """A one-hot block over the seats (the viewer first) that showed ``was`` (-1: none) shows ``now``."""
        n = self.n
        if was >= 0:
            v[base + (was - viewer) % n] = 0.0
        v[base + (now - viewer) % n] = 1.0
        return now

    def counted(self, v: memoryview[float], base: int, items: list[int], size: int, table: list[float]) -> None:
        """Counts of each item (a plot type...), as ``encode`` adds them up (``table``), every
        number of the block written (0 for none)."""
        counts = [0] * size
        for x in items:
            counts[x] += 1
        for i in range(size):
            k = counts[i]
            v[base + i] = table[k if k < SUMS else SUMS - 1]

    def discard(self, v: memoryview[float], pile: list[int], m: Memo) -> None:
        """The discard pile's counts: the ones that differ from the memo's written again."""
        counts = [0] * self.n_cards
        for c in pile:
            counts[c] += 1
        self.cards(v, self.o_discard, counts, m.discard_counts)
        m.discard_counts = counts
        m.discard = pile[:]

    def cards(self, v: memoryview[float], base: int, counts: list[int], was: list[int]) -> None:
        """A block of counts by play-deck card (a hand, the discard pile) that showed ``was``
        shows ``counts``: the numbers that differ written again."""
        scale = self.card_scale
        for c in range(len(counts)):
            k = counts[c]
            if k != was[c]:
                v[base + c] = clip(k / scale[c])

    def seat(self, v: memoryview[float], s: CcgState, m: SeatMemo, p: int, q: int, happy: int) -> bool:
        """Seat ``p``'s public block (``q``: its place after the viewer; the viewer's hand, and
        his plots one by one, when ``q`` is 0), the parts that changed since ``m``; whether
        anything was written."""
        dirty = False
        fresh = m.fresh
        techs = s.techs[p]
        eng = bool(techs & self.two_slots)
        plots = s.plots[p]
        new_plots = fresh or eng != m.eng or plots != m.plots
        if new_plots:
            self.plots(v, s, m, p, q, eng, plots)
        new_techs = fresh or techs != m.techs
        if new_techs:
            base = self.o_techs + q * self.t
            tech_no = self.tech_no
            x = techs ^ m.techs
            while x:
                low = x & -x
                v[base + tech_no[low.bit_length() - 1]] = 1.0 if techs & low else 0.0
                x ^= low
            m.techs = techs
        if new_plots or new_techs or happy != m.happy:
            culture, happiness, dt, db, dw, _, _, _, _, wonders = s.derived[p] or s.derive(p)
            v[self.o_vp + q] = clip((m.pops + wonders + techs.bit_count()) / self.vp_max)
            v[self.o_culture + q] = clip(culture / self.stat_max)
            v[self.o_happiness + q] = clip(happiness / self.stat_max)
            a = self.o_discounts + 3 * q
            most = self.discount_max
            v[a] = clip((dt + happy) / most)
            v[a + 1] = clip((db + happy) / most)
            v[a + 2] = clip(dw / most)
            m.happy = happy
            dirty = True
        res = s.res[p]
        if res != m.res:
            a = self.o_res + 3 * q
            most = self.resource_max
            v[a] = clip(res[0] / most)
            v[a + 1] = clip(res[1] / most)
            v[a + 2] = clip(res[2] / most)
            m.res = res[:]
            dirty = True
        hand = s.hand[p]
        if fresh or hand != m.hand:
            if q == 0:  # the viewer's own hand, card by card
                self.cards(v, self.o_hand, hand, m.hand)
            size = sum(hand)
            if size != m.hand_size:
                v[self.o_hand_size + q] = clip(size / self.hand_max)
                m.hand_size = size
            m.hand = hand[:]
            dirty = True
        m.fresh = False
        return dirty

    def plots(self, v: memoryview[float], s: CcgState, m: SeatMemo, p: int, q: int, eng: bool,
              plots: list[list[int]]) -> None:
        """Seat ``p``'s plots (their counts, population, free slots, plot types and placed
        cards; the viewer's plots one by one when ``q`` is 0) written again."""
        k = self.k
        old = m.plots
        types = [0] * k
        placed = [0] * self.w
        no = self.placed_no
        pops = free = 0
        mine = self.o_plots
        width = self.width
        slots_max = self.slots_max
        top = self.top
        same_eng = eng == m.eng and not m.fresh
        for i in range(len(plots)):
            pl = plots[i]
            slots = s.slots(p, i, eng)
            cards = len(pl) - 2
            if q == 0 and i < top and not (same_eng and i < len(old) and old[i] == pl):
                a = mine + i * width
                if i < len(old):
                    v[a + old[i][0]] = 0.0
                v[a + pl[0]] = 1.0
                v[a + k] = clip(pl[1] / self.yield_max)
                v[a + k + 1] = clip(cards / slots_max)
                v[a + k + 2] = clip(slots / slots_max)
            pops += pl[1]
            if slots > cards:
                free += slots - cards
            types[pl[0]] += 1
            for j in range(2, len(pl)):
                placed[no[pl[j]]] += 1
        if q == 0:
            for i in range(len(plots), min(len(old), top)):  # plots lost: their numbers back to 0
                a = mine + i * width
                v[a + old[i][0]] = 0.0
                v[a + k] = v[a + k + 1] = v[a + k + 2] = 0.0
        was = m.types
        table = self.type_sums
        base = self.o_types + q * k
        for t in range(k):
            x = types[t]
            if x != was[t]:
                v[base + t] = table[x if x < SUMS else SUMS - 1]
        was = m.placed
        table = self.placed_sums
        base = self.o_placed + q * self.w
        for t in range(self.w):
            x = placed[t]
            if x != was[t]:
                v[base + t] = table[x if x < SUMS else SUMS - 1]
        v[self.o_plot_count + q] = clip(len(plots) / self.plots_max)
        v[self.o_population + q] = clip(pops / self.population_max)
        v[self.o_free + q] = clip(free / self.free_max)
        m.plots = [pl[:] for pl in plots]
        m.eng = eng
        m.types = types
        m.placed = placed
        m.pops = pops

    def combat(self, v: memoryview[float], s: CcgState, m: Memo, viewer: int) -> None:
        """The declared attacks by unit type and defender or status, and the damage due,
        written again (the numbers written last time back to 0 first)."""
        for i in m.combat_used:
            v[i] = 0.0
        n = self.n
        active: dict[int, int] = {}
        for att in s.attacks:
            u = self.unit_no[att[0]]
            if att[2] == 0:
                i = self.o_attacks + u * n + (att[1] - viewer) % n
            else:
                i = self.o_status + u * 3 + att[2] - 1
            active[i] = active.get(i, 0) + 1
        table = self.attack_sums
        used: list[int] = []
        for i, x in active.items():
            v[i] = table[x if x < SUMS else SUMS - 1]
            used.append(i)
        d = self.o_damage
        if s.damage:
            v[d] = f32_sum([x[1] / self.attack_max for x in s.damage])
            v[d + 1] = f32_sum([x[2] / self.attack_max for x in s.damage])
            used.append(d)
            used.append(d + 1)
        m.combat_used = used
        m.attacks = [a[:] for a in s.attacks]
        m.damage = [x[:] for x in s.damage]


class SeatMemo:
    """What a viewer's vector (``Memo``) shows of one seat, and the seat's lists it was made from."""

    def __init__(self, n_cards: int, k: int, w: int) -> None:
        self.fresh = True  # nothing written yet
        self.plots: list[list[int]] = []
        self.eng = False
        self.techs = 0
        self.res: list[int] = []
        self.hand = [0] * n_cards
        self.hand_size = -1
        self.happy = -1
        self.types = [0] * k  # plots by type, as written
        self.placed = [0] * w  # placed cards by building or wonder, as written
        self.pops = 0


class Memo:
    """One viewer's vector of one state (``StateEncoder.encode_state``): its ``float`` numbers
    (``buf``), the read-only array last handed out (``None`` until one is made), and what each
    part was made from. A new one is the all-0 vector made from nothing: every part differs
    from a position's (a sentinel, or a list of zero counts that the zeros show), so the
    first update writes the whole vector."""

    def __init__(self, enc: StateEncoder) -> None:
        self.owner = enc
        self.buf = bytearray(enc.zero)
        self.v: memoryview[float] = memoryview(self.buf).cast("f")
        self.out: Any = None
        self.phase = -1
        self.turn = -1
        self.to_move: tuple[int, ...] = ()
        self.current = -1
        self.dealer = -1
        self.seats = [SeatMemo(enc.n_cards, enc.k, enc.w) for _ in range(enc.n)]
        self.held: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.draft: list[int] = []
        self.display: list[int] = []
        self.tech_display: list[int] = []
        self.plot_deck = self.tech_deck = self.deck = -1
        self.discard: list[int] = []
        self.discard_counts = [0] * enc.n_cards
        self.bank = -1
        self.attacks: list[list[int]] = []
        self.damage: list[list[int]] = []
        self.combat_used: list[int] = []
        self.left = -1
        self.target = -1
        self.yield_plot = -1
        self.yield_left = -1
        self.fought = False
        self.end_after = -1

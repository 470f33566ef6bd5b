"""The observation encoding of Catan Deck Building (``Game.encoding``, ``Game.encode``):
``observation(viewer)`` as one flat ``float32`` vector, the viewer's own cards first,
then the opponent's public counts, then the table (supply, pool, phase, attack, turn).

It is built from the observation alone, so it holds what the viewer may know and
nothing else: his hand (CDB-4.2), both players' laid-down cards and owned cards
(public: they follow from the start deck, the purchases and the steals), the discard
piles as discard-visibility makes them public (CDB-4.4; B: only the top card), the
pile sizes, the supply (CDB-4.5), the pool of the current turn and the attack being
answered (CDB-3.1 to CDB-3.3; the stolen card only to thief and victim, who see it).

Derived counts the observation implies are encoded too, because a player reasons on
them: the viewer's ``deck`` (his cards neither in hand nor laid down nor on a public
discard pile: under discard-visibility A exactly his draw pile) and the opponent's
``unseen`` cards (in his hand or his draw pile, and under B his discard pile).

Every count is divided by a documented maximum and clipped to [0, 1]: counts of one card
by its copies in the game (both start decks and the supply's stack: an exact bound), counts
without such a bound (a hand, a pile, the pool) by a round maximum. Card order: ore, brick,
grain, lumber, wool, sea, desert, bandit, kdef, koff, harbor, road, settlement, city (supply:
bandit ... city; the pool: the five resources, choice from Settlements, from Cities and Roads).

The environments do not build the observation (``Game.encode_state``, incremental, and
``Encoder.encode_states``, one ``bytes`` of whole numbers for many games): the same vector
read from the state's lists, only what the observation shows (the other hand only summed
with the draw pile; a discard pile only under discard-visibility A); the contract-test kit
checks it equals ``encode`` of the observation (``civtable.testing.learning.check_encode_state``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from civtable.core.spaces import Encoding

from . import space
from .catalog import BUYABLE, KDEF, N_CARDS, ROLE_IDS
from .options import Rules
from .space import ATTACKS
from .state import MAIN, OVER, PHASE_NAMES, POOL_SIZE, CatanState

if TYPE_CHECKING:
    from collections.abc import Sequence

_FROM: Final = np.frombuffer
_F32: Final = np.dtype(np.float32)
_JOIN: Final = b"".join

RAW_SEAT = ("hand_size", "laid", "owned", "discard", "draw_size", "discard_size", "knights")
RAW_TABLE = ("supply", "pool", "roads_played", "road_seas", "discards_left", "turn")
"""The numbers ``encode`` reads of each seat (after the viewer's hand), then of the table."""


class Encoder:
    """The encoding of one game object, with its scales and indices precomputed. ``encode``
    reads the observation's numbers into one list (``RAW_SEAT``, ``RAW_TABLE``); one product
    with ``matrix`` places them and makes the derived counts; the scaling, clip, one-hots."""

    def __init__(self, rules: Rules) -> None:
        self.encoding = Encoding(space.observation_features(rules))
        e = self.encoding
        sl = e.slot
        self.scale = space.scales(rules, e)  # each number's factor: 1 / its feature's divisor
        # where each raw number goes: raw slices by feature name, in reading order
        raw_at: dict[str, int] = {}
        at = 0
        for name in ("me.hand", *(f"me.{n}" for n in RAW_SEAT), *(f"opp.{n}" for n in RAW_SEAT), *RAW_TABLE):
            raw_at[name] = at
            at += e.features[[f.name for f in e.features].index(name)].size
        self.raw_size = at
        gather = np.full(e.size, -1, dtype=np.intp)  # -1: a one-hot, set by ``encode`` itself
        for name, first in raw_at.items():
            s = sl(name)
            gather[s] = np.arange(first, first + s.stop - s.start)
        for derived, source in (("me.deck", "me.owned"), ("opp.unseen", "opp.owned"),
                                ("supply_empty", "supply"), ("turn_cap", "turn")):
            gather[sl(derived)] = gather[sl(source)]
        # one matrix product puts every raw number in its place and makes the derived
        # counts (owned minus what lies elsewhere); its entries are 0, 1 and -1, so the
        # sums are whole numbers, exact in any order of summation
        matrix = np.zeros((e.size, at), dtype=np.float32)
        read = np.nonzero(gather >= 0)[0]
        matrix[read, gather[read]] = 1
        for derived, minus in (("me.deck", ("me.hand", "me.laid", "me.discard")),
                               ("opp.unseen", ("opp.laid", "opp.discard"))):
            rows = np.arange(sl(derived).start, sl(derived).stop)
            for name in minus:
                matrix[rows, raw_at[name] + np.arange(N_CARDS)] = -1
            who = derived.split(".")[0]
            matrix[rows[KDEF], raw_at[f"{who}.knights"]] = -1  # reserved Knights lie apart
        self.matrix = matrix
        self.supply_empty = sl("supply_empty")
        # one-hots: the first index of each block, and the number of each name
        self.me_top, self.op_top = sl("me.discard_top").start, sl("opp.discard_top").start
        self.stolen = sl("stolen").start
        self.card_no = {c: i for i, c in enumerate(ROLE_IDS)}
        self.phase = {name: sl("phase").start + i for i, name in enumerate(PHASE_NAMES)}
        self.to_decide, self.my_turn = sl("to_decide").start, sl("my_turn").start
        self.attack = {ROLE_IDS[c]: sl("attack").start + i for i, c in enumerate(ATTACKS)}
        self.role = sl("attack_role").start
        self.result = sl("result").start
        self.zeros_cards = (0,) * N_CARDS
        self._tables()

    def encode(self, obs: dict[str, Any], viewer: int) -> np.ndarray:
        """``obs`` (``observation(viewer)``) as the vector of ``self.encoding``."""
        players = obs["players"]
        me, op = players[viewer], players[1 - viewer]
        hand = me.get("hand")
        if hand is None:
            raise ValueError(f"encode() reads seat {viewer}'s own observation, which shows his hand")
        raw: list[int] = list(hand.values())
        for view in (me, op):
            raw.append(view["hand_size"])
            raw += view["laid"].values()
            raw += view["owned"].values()
            disc = view.get("discard")
            raw += self.zeros_cards if disc is None else disc.values()
            raw += (view["draw_size"], view["discard_size"], view["reserved_knights"], view["spent_knights"])
        raw += obs["supply"].values()
        raw += obs["pool"].values()
        pending = obs["pending"]
        raw += (obs["roads_played"], obs["road_seas"], pending["left"] if pending else 0, obs["turn"])
        v = self.matrix @ np.array(raw, dtype=np.float32)
        se = self.supply_empty
        v[se] = v[se] == 0
        v *= self.scale
        np.minimum(v, 1.0, out=v)
        np.maximum(v, 0.0, out=v)
        cards = self.card_no
        top = me["discard_top"]
        if top is not None:
            v[self.me_top + cards[top]] = 1
        top = op["discard_top"]
        if top is not None:
            v[self.op_top + cards[top]] = 1
        v[self.phase[obs["phase"]]] = 1
        if viewer in obs["to_move"]:
            v[self.to_decide] = 1
        if obs["current"] == viewer:
            v[self.my_turn] = 1
        if pending:
            attack = pending["attack"]
            if attack in self.attack:
                v[self.attack[attack]] = 1
            if pending["attacker"] == viewer:
                v[self.role] = 1
            if pending["victim"] == viewer:
                v[self.role + 1] = 1
            stolen = pending["stolen"]
            if stolen is not None:
                v[self.stolen + cards[stolen]] = 1
        winner = obs["winner"]
        if winner is not None:
            v[self.result + (winner != viewer)] = 1
        return v

    # ------------------------------------------------------------ straight from the state
    def _tables(self) -> None:
        """What ``encode_states`` and ``encode_state`` read their numbers with."""
        n = N_CARDS
        e = self.encoding
        none = (0,) * n
        self.onehot: tuple[tuple[int, ...], ...] = tuple(
            tuple(int(i == c) for i in range(n)) for c in range(n)) + (none,)  # [-1]: all 0
        phases = len(PHASE_NAMES)
        self.phase_rows = tuple(tuple(int(i == ph) for i in range(phases)) for ph in range(phases))
        self.first_supply = BUYABLE[0]
        assert tuple(range(self.first_supply, self.first_supply + len(BUYABLE))) == BUYABLE
        self.attack_rows = {c: tuple(int(c == a) for a in ATTACKS) for c in range(-1, n)}
        self.empties: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.turn_at = e.slot("turn").start
        self.cap_at = e.slot("turn_cap").start
        self.turn_scales = np.array([self.scale[self.turn_at], self.scale[self.cap_at]], dtype=np.float32)
        self.scales: list[float] = [float(x) for x in self.scale]  # float32 values, exact as doubles
        self.record: Record | None = None
        self.stale = 0  # the seats whose vectors changed (bits), during a call
        # each number's value for each whole number up to the first that clips to 1, as
        # ``encode`` makes it (a whole number times a float32 scale is exact in a double:
        # its rounding to float32 is float32's product); kept as objects, which the compiled
        # ``_put`` hands to the buffer as they are (a ``float`` would be unboxed and boxed again)
        self.values: list[list[object]] = []
        for x in self.scales:
            row = [0.0]
            while row[-1] < 1.0:
                row.append(min(float(np.float32(len(row) * x)), 1.0))
            values: list[object] = list(row)
            self.values.append(values)
        self.attack_no = [ATTACKS.index(c) if c in ATTACKS else -1 for c in range(-1, N_CARDS)]  # [attack + 1]
        # the pieces a vector is made of (``Record``): each one's numbers' value rows
        sl = e.slot
        starts = [sl(name).start for name in PIECE_STARTS] + [e.size]
        self.piece_rows = [self.values[starts[k]:starts[k + 1]] for k in range(len(PIECE_STARTS))]
        assert [len(r) for r in self.piece_rows] == list(PIECE_SIZES), "the layout is not the pieces'"
        assert (sl("me.owned").start - sl("me.hand_size").start, sl("me.knights").start - sl("me.discard").start,
                sl("road_seas").start - sl("supply").start) == (OWNED, KNIGHTS, SEAS)

    def _row(self, s: CatanState, viewer: int, row: list[int]) -> None:
        """Appends the whole numbers of ``s`` seen by ``viewer``, one per number of the layout,
        before their scaling (the turn's two numbers: 0; their callers put the turn in)."""
        onehot, zeros = self.onehot, self.onehot[-1]
        public = s.rules.discard_public
        for p in (viewer, 1 - viewer):
            hand, laid, disc, pile = s.hand[p], s.laid[p], s.disc[p], s.draw[p]
            hidden = [0] * N_CARDS if p == viewer else hand[:]  # the opponent's: with his draw pile
            for c in pile:
                hidden[c] += 1
            counts: Sequence[int]
            if public:
                shown = [0] * N_CARDS
                for c in disc:
                    shown[c] += 1
                counts = shown
            else:
                counts = zeros
                for c in disc:
                    hidden[c] += 1
            if p == viewer:
                row += hand
            row.append(sum(hand))
            row += laid
            row += s.owned(p)
            row += hidden
            row += counts
            row += onehot[disc[-1] if disc else -1]
            row += (len(pile), len(disc), s.reserved[p], s.spent[p])
        supply = s.supply[self.first_supply:self.first_supply + len(BUYABLE)]
        empty = self.empties.get(supply)
        if empty is None:
            empty = self.empties[supply] = tuple(int(x == 0) for x in supply)
        row += supply
        row += empty
        row += s.pool
        row += (s.roads_played, s.road_seas)
        phase = s.phase
        row += self.phase_rows[phase]
        row += (int(phase != OVER and s.decider == viewer), int(s.current == viewer))
        if phase != MAIN and phase != OVER:
            row += self.attack_rows[s.attack]
            row += (int(s.attacker == viewer), int(s.victim == viewer))
            row += onehot[s.stolen]
            row += (s.left, 0, 0)
        else:
            row += (0, 0, 0, 0)
            row += zeros
            row += (0, 0, 0)
        w = s.winner
        row += (0, 0) if w < 0 else ((1, 0) if w == viewer else (0, 1))

    def encode_states(self, states: Sequence[CatanState], viewers: Sequence[int]) -> np.ndarray:
        """``encode(states[i].observation(viewers[i]), viewers[i])`` for every ``i``, one row
        each, read from the states' lists (the module's docstring); a ``float32`` array
        ``(len(states), size)``."""
        row: list[int] = []
        turns: list[int] = []
        for s, viewer in zip(states, viewers, strict=True):
            self._row(s, viewer, row)
            turns.append(s.turn_no)
        # uint8 times float32 is float32: the same products as ``encode``'s scaling
        v: np.ndarray = np.frombuffer(bytes(row), dtype=np.uint8).reshape(len(turns), self.encoding.size) * self.scale
        if len(turns) == 1:
            turn = np.float32(turns[0])
            v[0, self.turn_at] = turn * self.turn_scales[0]
            v[0, self.cap_at] = turn * self.turn_scales[1]
        else:
            v[:, self.turn_at:self.cap_at + 1] = np.array(turns, dtype=np.float32)[:, None] * self.turn_scales
        np.minimum(v, 1.0, out=v)
        return v

    def encode_state(self, state: CatanState, viewer: int) -> np.ndarray:
        """``encode(state.observation(viewer), viewer)``, incrementally (``Record``: the pieces both
        seats' vectors are made of and what they were read from, compared with the state; a changed
        list followed card by card): the numbers that changed written once for both seats, scaled
        as ``encode`` does, the seat's pieces joined, read-only (the same array while nothing changes).
        A new record is the all-0 position, so any position after any other gives the fresh vector;
        a call finding the record taken (another thread) starts its own (``test_incremental_encoding``)."""
        rec = self.record
        self.record = None
        s = state
        public = s.rules.discard_public
        if rec is None or rec.public != public:
            rec = Record(self.piece_rows, public)
        self.stale = rec.stale
        ta = rec.ta
        supply = s.supply
        old = rec.supply
        if s is rec.seen and rec.stamp < s.stamp and s.heavy <= rec.stamp:
            # only ``LIGHT`` moves since this very state was read: its player's hand and table
            self._seat(rec, s, s.current, True)
        else:
            self._seat(rec, s, 0, False)
            self._seat(rec, s, 1, False)
        rec.seen = s
        rec.stamp = s.stamp
        if supply is not old:
            rec.supply = supply
            first = self.first_supply
            for j in range(len(BUYABLE)):
                k = supply[first + j]
                if not old or k != old[first + j]:
                    self._put(ta, SUPPLY + j, k)
                    self._put(ta, EMPTY + j, int(k == 0))
        pool = s.pool
        was = rec.pool
        if pool != was:
            for j in range(len(pool)):
                k = pool[j]
                if k != was[j]:
                    was[j] = k
                    self._put(ta, POOL + j, k)
        if (s.turn_no != rec.turn or s.phase != rec.phase or s.decider != rec.decider or s.roads_played != rec.roads
                or s.road_seas != rec.seas or s.current != rec.current or s.attack != rec.attack_card
                or s.attacker != rec.attacker or s.victim != rec.victim or s.stolen != rec.stolen_card
                or s.left != rec.left or s.winner != rec.winner):  # the numbers ``_table`` reads
            self._table(rec, s)
        bit = 1 << viewer
        v = rec.vectors[viewer]
        if v is None or self.stale & bit:
            v = rec.vectors[viewer] = _FROM(_JOIN(rec.order[viewer]), _F32)  # read-only: a ``bytes`` buffer
            self.stale &= ~bit
        rec.stale = self.stale
        self.record = rec
        return v

    def _table(self, rec: Record, s: CatanState) -> None:
        """The table's numbers read from the state's whole numbers (not its lists)."""
        ta, te = rec.ta, rec.te
        rec.turn, rec.decider, rec.roads, rec.seas, rec.current = s.turn_no, s.decider, s.roads_played, s.road_seas, \
            s.current
        rec.attack_card, rec.attacker, rec.victim, rec.left, rec.winner = s.attack, s.attacker, s.victim, s.left, \
            s.winner
        rec.stolen_card = s.stolen
        self._put(ta, ROADS, s.roads_played)
        self._put(ta, SEAS, s.road_seas)
        phase = s.phase
        rec.phase = self._one(ta, PHASE, rec.phase, phase)
        decider = s.decider if phase != OVER else -1
        answering = phase != MAIN and phase != OVER
        rec.attack = self._one(rec.tc, 0, rec.attack, self.attack_no[s.attack + 1] if answering else -1)
        attacker = s.attacker if answering else -1
        victim = s.victim if answering else -1
        w = s.winner
        for p in range(2):
            tb = rec.tb[p]
            self._put(tb, 0, int(decider == p))  # to decide
            self._put(tb, 1, int(s.current == p))  # my turn
            td = rec.td[p]
            self._put(td, 0, int(attacker == p))
            self._put(td, 1, int(victim == p))
            tf = rec.tf[p]
            self._put(tf, 0, int(w == p))
            self._put(tf, 1, int(w == 1 - p))
        rec.stolen = self._one(te, 0, rec.stolen, s.stolen if answering else -1)
        self._put(te, LEFT, s.left if answering else 0)
        self._put(te, TURN, s.turn_no)
        self._put(te, TURN + 1, s.turn_no)

    def _seat(self, rec: Record, s: CatanState, p: int, light: bool) -> None:
        """Seat ``p``'s numbers, in the pieces of its own vector and of the opponent's (``light``:
        only those a ``LIGHT`` move changes, its hand, laid-down cards and Knights shown)."""
        m = rec.seats[p]
        c1, c2 = rec.c1[p], rec.c2[p]
        owned, unseen = m.owned, m.unseen
        touched = m.touched  # the cards whose owned count may have changed: written once, at the end
        hand, laid, mh, ml = s.hand[p], s.laid[p], m.hand, m.laid
        if hand != mh:  # a card from hand to table, or drawn, or bought into the hand
            size = m.size
            mine, theirs = rec.hand[p], rec.unseen[p]
            for c in range(N_CARDS):
                k = hand[c]
                d = k - mh[c]
                if d:
                    mh[c] = k
                    size += d
                    owned[c] += d
                    touched.append(c)
                    self._put(mine, c, k)
                    unseen[c] += d  # the opponent sees the hand only summed with the draw pile
                    self._put(theirs, c, unseen[c])
            if size != m.size:
                m.size = size
                self._put(c1, HAND_SIZE, size)
        if laid != ml:
            for c in range(N_CARDS):
                k = laid[c]
                d = k - ml[c]
                if d:
                    ml[c] = k
                    owned[c] += d
                    touched.append(c)
                    self._put(c1, LAID + c, k)
        if not light:
            self._piles(rec, s, p)
        spent = s.spent[p]
        if spent != m.spent:
            m.spent = spent
            self._put(c2, KNIGHTS + 1, spent)
        if touched:
            for c in touched:
                self._put(c1, OWNED + c, owned[c])
            touched.clear()

    def _piles(self, rec: Record, s: CatanState, p: int) -> None:
        """Seat ``p``'s draw and discard piles and reserved Knights (``_seat``'s)."""
        m = rec.seats[p]
        c2 = rec.c2[p]
        owned, touched = m.owned, m.touched
        pile = s.draw[p]
        was = m.pile
        if pile != was:
            pc = m.pc
            n = len(pile)
            if n < len(was) and pile == was[:n]:  # cards drawn from the top (the end): each one counted
                for j in range(n, len(was)):
                    c = was[j]
                    pc[c] -= 1
                    self._delta(rec, p, m.pcs, c, -1, False)
                del was[n:]
            else:
                m.pile = pile[:]
                counted(pile, pc)
                self._counts(rec, p, pc, m.pcs, False)
            self._put(c2, DRAW_SIZE, n)
        disc = s.disc[p]
        if disc != m.disc:
            was = m.disc
            dc = m.dc
            n = len(was)
            if n < len(disc) and disc[:n] == was:  # cards put on top (the end): each one counted
                for j in range(n, len(disc)):
                    c = disc[j]
                    dc[c] += 1
                    self._delta(rec, p, m.dcs, c, 1, rec.public)
                was += disc[n:]
            else:
                m.disc = disc[:]
                counted(disc, dc)
                self._counts(rec, p, dc, m.dcs, rec.public)
            top = disc[-1] if disc else -1
            if top != m.top:
                if m.top >= 0:
                    self._put(c2, TOP + m.top, 0)
                if top >= 0:
                    self._put(c2, TOP + top, 1)
                m.top = top
            self._put(c2, DISCARD_SIZE, len(disc))
        res = s.reserved[p]
        if res != m.reserved:  # reserved Knights are owned (``CatanState.owned``)
            owned[KDEF] += res - m.reserved
            m.reserved = res
            touched.append(KDEF)
            self._put(c2, KNIGHTS, res)

    def _counts(self, rec: Record, p: int, now: list[int], shown: list[int], public: bool) -> None:
        """A pile of seat ``p`` counts ``now``: ``shown`` (the record's) brought up to them (``_delta``)."""
        for c in range(N_CARDS):
            d = now[c] - shown[c]
            if d:
                self._delta(rec, p, shown, c, d, public)

    def _delta(self, rec: Record, p: int, shown: list[int], c: int, d: int, public: bool) -> None:
        """``d`` more of card ``c`` in a pile of seat ``p`` (``shown``: its counts as shown)."""
        m = rec.seats[p]
        k = shown[c] = shown[c] + d
        m.owned[c] += d
        m.touched.append(c)
        if public:
            self._put(rec.c2[p], DISCARD + c, k)
        else:
            m.deck[c] += d
            self._put(rec.deck[p], c, m.deck[c])
            m.unseen[c] += d
            self._put(rec.unseen[p], c, m.unseen[c])

    def _one(self, piece: Piece, at: int, was: int, now: int) -> int:
        """A one-hot block from ``at`` that showed ``was`` (-1: nothing) shows ``now``."""
        if now != was:
            if was >= 0:
                self._put(piece, at + was, 0)
            if now >= 0:
                self._put(piece, at + now, 1)
        return now

    def _put(self, piece: Piece, i: int, k: int) -> None:
        """The number ``i`` of ``piece`` is ``k``: written, scaled, if it changed (its vectors stale)."""
        last = piece.last
        if k != last[i]:
            last[i] = k
            row = piece.rows[i]
            piece.out[i] = row[k] if k < len(row) else row[-1]
            self.stale |= piece.feeds


def counted(cards: list[int], out: list[int]) -> None:
    """How many of each card a pile holds, into ``out``."""
    for c in range(N_CARDS):
        out[c] = 0
    for c in cards:
        out[c] += 1


# a vector's pieces (``Record``) in the layout's order: the viewer's hand, C1 (shown to both), deck,
# C2 (shown to both); the opponent's C1, unseen, C2; the table (TB, TD, TF differ by viewer)
PIECE_STARTS: Final = ("me.hand", "me.hand_size", "me.deck", "me.discard", "opp.hand_size", "opp.unseen",
                       "opp.discard", "supply", "to_decide", "attack", "attack_role", "stolen", "result")
PIECE_SIZES: Final = (N_CARDS, 1 + 2 * N_CARDS, N_CARDS, 2 * N_CARDS + 4, 1 + 2 * N_CARDS, N_CARDS,
                      2 * N_CARDS + 4, 2 * len(BUYABLE) + POOL_SIZE + 2 + len(PHASE_NAMES), 2,
                      len(ATTACKS), 2, N_CARDS + 3, 2)
# where the numbers lie in their pieces
HAND_SIZE: Final = 0  # C1
LAID: Final = 1
OWNED: Final = 1 + N_CARDS
DISCARD: Final = 0  # C2
TOP: Final = N_CARDS
DRAW_SIZE: Final = 2 * N_CARDS
DISCARD_SIZE: Final = 2 * N_CARDS + 1
KNIGHTS: Final = 2 * N_CARDS + 2
SUPPLY: Final = 0  # the table's first piece
EMPTY: Final = len(BUYABLE)
POOL: Final = 2 * len(BUYABLE)
ROADS: Final = 2 * len(BUYABLE) + POOL_SIZE
SEAS: Final = ROADS + 1
PHASE: Final = ROADS + 2
LEFT: Final = N_CARDS  # the stolen card's piece
TURN: Final = N_CARDS + 1


class Piece:
    """A run of numbers of the layout in a ``Record``: their whole numbers, their ``float32``
    values (written as they change), their value rows, and the seats whose vectors hold it."""

    def __init__(self, rows: list[list[object]], feeds: int) -> None:
        self.rows = rows
        self.last = [0] * len(rows)
        self.buf = bytearray(4 * len(rows))
        self.out: Any = memoryview(self.buf).cast("f")
        self.feeds = feeds  # bit p: seat p's vector holds it


class SeatMemo:
    """One seat's lists as a ``Record`` last counted them, and their counts (a new one: all 0)."""

    def __init__(self) -> None:
        self.hand = [0] * N_CARDS
        self.laid = [0] * N_CARDS
        self.pile: list[int] = []
        self.disc: list[int] = []
        self.pc, self.dc = [0] * N_CARDS, [0] * N_CARDS  # the draw and discard piles by card, as they are
        self.pcs, self.dcs = [0] * N_CARDS, [0] * N_CARDS  # ... and as the record's numbers show them
        self.owned = [0] * N_CARDS
        self.deck = [0] * N_CARDS  # what the seat does not see of its own cards
        self.unseen = [0] * N_CARDS  # what the opponent does not see of them
        self.touched: list[int] = []  # cards whose owned count changed, in one call of ``_seat``
        self.size = self.reserved = self.spent = 0
        self.top = -1


class Record:
    """What ``encode_state`` last made of both seats' vectors and what from: the pieces (by seat where
    they differ), their order in each seat's vector, the vectors last handed out."""

    def __init__(self, rows: list[list[list[object]]], public: bool) -> None:
        self.public = public
        self.seats = [SeatMemo(), SeatMemo()]
        mine = (1, 2)  # the bit of each seat
        self.hand = [Piece(rows[0], mine[p]) for p in range(2)]
        self.c1 = [Piece(rows[1], 3) for _ in range(2)]
        self.deck = [Piece(rows[2], mine[p]) for p in range(2)]
        self.c2 = [Piece(rows[3], 3) for _ in range(2)]
        self.unseen = [Piece(rows[5], mine[1 - p]) for p in range(2)]
        self.ta = Piece(rows[7], 3)
        self.tb = [Piece(rows[8], mine[p]) for p in range(2)]
        self.tc = Piece(rows[9], 3)
        self.td = [Piece(rows[10], mine[p]) for p in range(2)]
        self.te = Piece(rows[11], 3)
        self.tf = [Piece(rows[12], mine[p]) for p in range(2)]
        self.order = [[self.hand[p].buf, self.c1[p].buf, self.deck[p].buf, self.c2[p].buf, self.c1[1 - p].buf,
                       self.unseen[1 - p].buf, self.c2[1 - p].buf, self.ta.buf, self.tb[p].buf, self.tc.buf,
                       self.td[p].buf, self.te.buf, self.tf[p].buf] for p in range(2)]
        self.vectors: list[np.ndarray | None] = [None, None]
        self.stale = 3
        self.seen: CatanState | None = None  # the state last read, and its ``stamp`` then
        self.stamp = 0
        self.supply: tuple[int, ...] = ()
        self.pool = [0] * POOL_SIZE
        self.phase = -1  # the numbers the table was read from (``phase``, ``attack``, ``stolen``: as shown)
        self.attack = -1
        self.stolen = -1
        self.turn = self.decider = self.roads = self.seas = self.current = self.attacker = self.victim = -2
        self.attack_card = self.stolen_card = self.left = self.winner = -2  # -2: no state has it, so the first call reads all

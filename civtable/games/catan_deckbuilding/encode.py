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

Every count is divided by a documented maximum and clipped to [0, 1]: counts of one
card by the number of its copies in the game (both start decks and the stack of the
supply in use: an exact bound), counts that can grow without such a bound (a hand,
a pile, the pool) by a round maximum. The numbers are in card order: ore, brick,
grain, lumber, wool, sea, desert, bandit, kdef, koff, harbor, road, settlement, city
(supply and stacks: bandit ... city; the pool: the five resources, resources of
choice from Settlements, from Cities and Roads).

One call takes about 10 to 15 µs (``tests/games/catan_deckbuilding/test_learning.py``
measures it): one list of the observation's numbers, one array, one matrix product
that places them and makes the derived counts, one scaling and clip, the one-hots.

The environments do not build the observation at all (``Game.encode_state``,
``Encoder.encode_states``): the same vector is read straight from the state's own lists,
counts as whole numbers in the layout's order (the derived ones counted from the piles
they stand for, the one-hots as ready-made rows), one ``bytes`` of them for many games
at once, then the same scaling and clip. It reads only what the observation shows (the
other hand only summed with the draw pile, as ``opp.unseen`` does; a discard pile only
under discard-visibility A); the contract-test kit checks that it equals ``encode`` of the
observation on random positions (``civtable.testing.learning.check_encode_state``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.spaces import Encoding, Feature

from .catalog import BANDIT, BUYABLE, KDEF, KOFF, N_CARDS, ROLE_IDS
from .options import Rules
from .space import most_roads
from .state import MAIN, OVER, PHASE_NAMES, POOL_KEYS, CatanState

if TYPE_CHECKING:
    from collections.abc import Sequence

HAND_MAX = 8
"""Copies of one card in a hand or laid down that the encoding tells apart (clipped above)."""
HAND_SIZE_MAX = 24
"""Cards in a hand told apart (a Harbor's draws can make a hand that large)."""
PILE_MAX = 64
"""Cards in a draw or discard pile told apart (a deck of 21 grows by its purchases)."""
POOL_MAX = 10
"""Resources of one pool slot told apart (Roads played together give 2n - 3)."""
SEAS_MAX = 8
"""Extra Seas of Road plays this turn (road-sea B) told apart."""
TURN_MAX = 100
"""Turns told apart by the ``turn`` feature (greedy games last 48 turns at the median, at most
about 90; ``turn_cap`` covers the rest up to the cap)."""

CARDS = ", ".join(ROLE_IDS)
STACKS = ", ".join(ROLE_IDS[c] for c in BUYABLE)
ATTACKS = (BANDIT, KOFF)


def _features(rules: Rules) -> list[Feature]:
    """The layout, feature by feature (sizes are fixed: 14 cards, 7 stacks, 7 pool slots)."""
    n = N_CARDS
    s = len(BUYABLE)

    def seat_block(who: str, own: bool) -> list[Feature]:
        whose = "the viewer's" if own else "the opponent's"
        subject = "the viewer" if own else "the opponent"
        out = []
        if own:
            out.append(Feature("me.hand", n, f"cards in the viewer's hand, by card ({CARDS}), / {HAND_MAX}"))
        out += [
            Feature(f"{who}.hand_size", 1, f"cards in {whose} hand / {HAND_SIZE_MAX}"),
            Feature(f"{who}.laid", n, f"cards {subject} laid down this turn, by card, / {HAND_MAX}"),
            Feature(f"{who}.owned", n, f"cards {subject} owns wherever they lie, by card, / copies in the game"),
        ]
        if own:
            out.append(Feature("me.deck", n, "the viewer's cards not in hand, laid down or on a public discard "
                               "pile (discard-visibility A: his draw pile; B: draw and discard piles), "
                               "by card, / copies in the game"))
        else:
            out.append(Feature("opp.unseen", n, "the opponent's cards in hand or draw pile (and under "
                               "discard-visibility B his discard pile), by card, / copies in the game"))
        out += [
            Feature(f"{who}.discard", n, f"{whose} discard pile by card, / copies in the game "
                    "(0 under discard-visibility B)"),
            Feature(f"{who}.discard_top", n, f"one-hot: the top card of {whose} discard pile (none: all 0)"),
            Feature(f"{who}.draw_size", 1, f"cards in {whose} draw pile / {PILE_MAX}"),
            Feature(f"{who}.discard_size", 1, f"cards in {whose} discard pile / {PILE_MAX}"),
            Feature(f"{who}.knights", 2, f"{whose} Knights (Defensive) laid down to reflect, then those in "
                    "hand that have blocked (counter-knight C), / Knights in the game"),
        ]
        return out

    return [
        *seat_block("me", True),
        *seat_block("opp", False),
        Feature("supply", s, f"cards left in each supply stack ({STACKS}) / copies in the game"),
        Feature("supply_empty", s, "1 for each empty supply stack"),
        Feature("pool", len(POOL_KEYS), f"resources laid down this turn and not spent ({', '.join(POOL_KEYS)}) "
                f"/ {POOL_MAX}"),
        Feature("roads_played", 1, f"Roads played this turn / {most_roads(rules) or 1} (all Roads of the game)"),
        Feature("road_seas", 1, f"Seas given by Road plays this turn (road-sea B) / {SEAS_MAX}"),
        Feature("phase", len(PHASE_NAMES), f"one-hot: the decision asked ({', '.join(PHASE_NAMES)})"),
        Feature("to_decide", 1, "1 when the viewer is to decide now"),
        Feature("my_turn", 1, "1 when it is the viewer's turn"),
        Feature("attack", len(ATTACKS), "one-hot: the attack being answered (bandit, koff)"),
        Feature("attack_role", 2, "1 if the viewer is the attack's attacker (or thief), then 1 if its target"),
        Feature("stolen", n, "one-hot: the card the Bandit took, waiting to be kept or returned"),
        Feature("discards_left", 1, "cards still to discard for a Knight (Offensive) / 2"),
        Feature("turn", 1, f"the turn number / {TURN_MAX}"),
        Feature("turn_cap", 1, f"the turn number / the turn cap (max-turns, here {rules.max_turns})"),
        Feature("result", 2, "1 if the viewer has won, then 1 if the opponent has"),
    ]


RAW_SEAT = ("hand_size", "laid", "owned", "discard", "draw_size", "discard_size", "knights")
"""The numbers ``encode`` reads of each seat, in reading order (the viewer's hand before them)."""
RAW_TABLE = ("supply", "pool", "roads_played", "road_seas", "discards_left", "turn")
"""The numbers it reads of the table, after both seats."""


class Encoder:
    """The encoding of one game object, with its scales and indices precomputed.

    ``encode`` reads the observation's numbers into one short list (``RAW_SEAT``,
    ``RAW_TABLE``) and makes it an array; one product with ``matrix`` puts each number
    where the layout wants it and makes the derived counts; then the scaling, the clip
    and the one-hots."""

    def __init__(self, rules: Rules) -> None:
        self.encoding = Encoding(_features(rules))
        e = self.encoding
        sl = e.slot
        start, supply = rules.cards.start_deck, rules.supply
        copies = [max(1, 2 * start[c] + supply[c]) for c in range(N_CARDS)]
        scale = np.ones(e.size, dtype=np.float32)

        def put(name: str, divisor: float | list[int]) -> None:
            scale[sl(name)] = 1.0 / np.asarray(divisor, dtype=np.float64)

        for who in ("me", "opp"):
            put(f"{who}.hand_size", HAND_SIZE_MAX)
            put(f"{who}.laid", HAND_MAX)
            for name in ("owned", "discard"):
                put(f"{who}.{name}", copies)
            put(f"{who}.draw_size", PILE_MAX)
            put(f"{who}.discard_size", PILE_MAX)
            put(f"{who}.knights", copies[KDEF])
        put("me.hand", HAND_MAX)
        put("me.deck", copies)
        put("opp.unseen", copies)
        put("supply", [copies[c] for c in BUYABLE])
        put("pool", POOL_MAX)
        put("roads_played", most_roads(rules) or 1)
        put("road_seas", SEAS_MAX)
        put("discards_left", 2)
        put("turn", TURN_MAX)
        put("turn_cap", rules.max_turns)
        self.scale = scale
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
        """What ``encode_states`` reads its rows from, made on first use."""
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

    def encode_states(self, states: Sequence[CatanState], viewers: Sequence[int]) -> np.ndarray:
        """``encode(states[i].observation(viewers[i]), viewers[i])`` for every ``i``, one row
        each, read from the states' lists (the module's docstring); a ``float32`` array
        ``(len(states), size)``."""
        if not hasattr(self, "onehot"):
            self._tables()
        onehot, phase_rows, attack_rows, empties = self.onehot, self.phase_rows, self.attack_rows, self.empties
        lo, hi = self.first_supply, self.first_supply + len(BUYABLE)
        zeros = onehot[-1]
        row: list[int] = []
        turns: list[int] = []
        for s, viewer in zip(states, viewers, strict=True):
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
            supply = s.supply[lo:hi]
            empty = empties.get(supply)
            if empty is None:
                empty = empties[supply] = tuple(int(x == 0) for x in supply)
            row += supply
            row += empty
            row += s.pool
            row += (s.roads_played, s.road_seas)
            phase = s.phase
            row += phase_rows[phase]
            row += (int(phase != OVER and s.decider == viewer), int(s.current == viewer))
            if phase != MAIN and phase != OVER:
                row += attack_rows[s.attack]
                row += (int(s.attacker == viewer), int(s.victim == viewer))
                row += onehot[s.stolen]
                row += (s.left, 0, 0)  # the turn's two numbers: below
            else:
                row += (0, 0, 0, 0)
                row += zeros
                row += (0, 0, 0)
            w = s.winner
            row += (0, 0) if w < 0 else ((1, 0) if w == viewer else (0, 1))
            turns.append(s.turn_no)
        # uint8 times float32 is float32: the same products as ``encode``'s scaling
        v = np.frombuffer(bytes(row), dtype=np.uint8).reshape(len(turns), self.encoding.size) * self.scale
        if len(turns) == 1:
            turn = np.float32(turns[0])
            v[0, self.turn_at] = turn * self.turn_scales[0]
            v[0, self.cap_at] = turn * self.turn_scales[1]
        else:
            v[:, self.turn_at:self.cap_at + 1] = np.array(turns, dtype=np.float32)[:, None] * self.turn_scales
        np.minimum(v, 1.0, out=v)
        return v

    def encode_state(self, state: CatanState, viewer: int) -> np.ndarray:
        """``encode(state.observation(viewer), viewer)``, read from the state's lists."""
        row: np.ndarray = self.encode_states((state,), (viewer,))[0]
        return row

"""The end of the turn, drawing and winning (CDB-8, CDB-9).

Draws are told to the drawing player card by card (as counts: the order of a draw
is not shown) and to everybody else as a number; a reshuffle is public, since the
sizes of both piles are.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Final

from civtable import _compiled
from civtable.core.events import Event

from ..catalog import CITY, KDEF, N_CARDS, ROLE_IDS
from ..state import OVER, POOL_SIZE, CatanState

if TYPE_CHECKING:
    from mypy_extensions import i64  # mypyc's machine integer; annotations only

    from civtable.core.rng import Rng



def draw(s: CatanState, p: int, n: int, tell: bool = True) -> list[int]:
    """CDB-8.5: draw n cards, reshuffling the discard pile when the draw pile runs out
    (reshuffle A: draw the rest first; B: shuffle the rest in with the discard pile);
    with both piles empty the player draws what there is. Returns the cards drawn.

    Told (``tell``): how many, to everybody; which, to the player (``tell_drawn``). A
    caller that tells the number in an event of its own passes ``tell=False`` and then
    calls ``tell_drawn``.
    """
    pile, hand = s.draw[p], s.hand[p]
    if s.rules.reshuffle_together:
        if len(pile) < n and s.disc[p]:
            _reshuffle(s, p)
        k = n if n < len(pile) else len(pile)
        taken = pile[len(pile) - k:]
    else:
        k = n if n < len(pile) else len(pile)
        taken = pile[len(pile) - k:]
        if k < n and s.disc[p]:
            del pile[len(pile) - k:]
            for c in taken:
                hand[c] += 1
            _reshuffle(s, p)
            k = n - k if n - k < len(pile) else len(pile)
            more = pile[len(pile) - k:]
            taken.extend(more)
    if k:
        del pile[len(pile) - k:]
        for c in taken[len(taken) - k:]:
            hand[c] += 1
    if tell and s.told is not None:
        s.tell(Event("cards.drawn", {"player": p, "n": len(taken)}))
        tell_drawn(s, p, taken)
    return taken


_CACHED: Final = 4096
"""How many events each of ``_DRAWN`` and ``_PASSED`` keeps at most: the draws seen first,
most of them (every ``turn.passed`` of random play fits: about 3,000). The cached events
live as long as the process, and every full garbage collection walks them: at 50,000
the caches held about 100,000 objects and random play with events was 4-7% slower
(fresh processes, 3 s each, alternating; 1,024 and 16,384 were slower than 4,096)."""
_DRAWN: Final[dict[int, Event]] = {}
"""The ``cards.drawn.which`` events made so far, by player and cards drawn in one number
(bit 0 the player, bits ``4c+1`` to ``4c+4`` how many of card ``c``: up to 15 cards)."""
_PASSED: Final[dict[int, Event]] = {}
"""The ``turn.passed`` events made so far, by ``(turn, n, player)`` in one number."""


def tell_drawn(s: CatanState, p: int, taken: list[int]) -> None:
    """Which cards ``p`` drew, to ``p`` alone (as counts: the order of a draw is not shown).
    An event is a value nobody changes, so the same draw's event is made once and
    shared by every game (two of the three events of a turn: fewer objects made and
    kept, which the garbage collector would walk)."""
    if s.told is None:
        return
    key = -1
    if len(taken) <= 15:
        key = p
        for c in taken:
            key += 2 << (4 * c)
        event = _DRAWN.get(key)
        if event is not None:
            s.tell(event)
            return
    told: dict[str, int] = {}
    get = told.get
    for c in sorted(taken):
        name = ROLE_IDS[c]
        told[name] = get(name, 0) + 1
    event = Event("cards.drawn.which", {"player": p, "cards": told}, (p,))
    if key >= 0 and len(_DRAWN) < _CACHED:
        _DRAWN[key] = event
    s.tell(event)


def tell_passed(s: CatanState, p: int, n: int) -> None:
    """``p`` ended his turn and drew ``n`` cards; the other player's turn ``s.turn_no``
    begins (the event made once, as ``tell_drawn``'s)."""
    if s.told is not None:
        key = (s.turn_no * 256 + n) * 2 + p
        event = _PASSED.get(key)
        if event is None:
            event = Event("turn.passed", {"player": p, "n": n, "next": 1 - p, "turn": s.turn_no})
            if len(_PASSED) < _CACHED:
                _PASSED[key] = event
        s.tell(event)


def _reshuffle(s: CatanState, p: int) -> None:
    """CDB-8.5: the discard pile becomes the new draw pile, shuffled."""
    pile, disc = s.draw[p], s.disc[p]
    if s.told is not None:
        s.emit("pile.reshuffled", {"player": p, "n": len(disc) + len(pile)})
    pile.extend(disc)
    disc.clear()
    shuffle(s.rng, pile)


_MASK: Final = (1 << 64) - 1


def shuffle(rng: Rng, seq: list[int]) -> None:
    """``Rng.shuffle`` (Fisher-Yates on SplitMix64), the generator's steps written out:
    the same numbers drawn, the same order made, without a call per card."""
    if NATIVE:
        _shuffle_i64(rng, seq)
        return
    z0 = rng.state
    for i in range(len(seq) - 1, 0, -1):
        z0 = (z0 + 0x9E3779B97F4A7C15) & _MASK
        z = (z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        seq[i], seq[j] = seq[j], seq[i]
    rng.state = z0


NATIVE: Final = _compiled.native(__file__)
"""This module is compiled (``setup.py``): ``shuffle`` takes ``_shuffle_i64``."""


def _shuffle_i64(rng: Rng, seq: list[int]) -> None:
    """``shuffle`` in machine integers, for the compiled module only: there ``i64``
    arithmetic wraps around modulo 2**64 as SplitMix64's does, where Python's integers
    grow (so the interpreted module never calls it; ``tests/.../test_compiled.py``
    compares the two). The state is kept as the signed 64-bit integer of the same
    bits; the masks make ``>>`` the unsigned shift, and the card index, the high 64
    bits of ``z * n``, is summed from 32-bit halves."""
    state = rng.state
    z0: i64 = state - (1 << 64) if state >= 1 << 63 else state
    for i in range(len(seq) - 1, 0, -1):
        z0 = z0 - 7046029254386353131  # + 0x9E3779B97F4A7C15
        z: i64 = (z0 ^ ((z0 >> 30) & 0x3FFFFFFFF)) * -4658895280553007687  # 0xBF58476D1CE4E5B9
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * -7723592293110705685  # 0x94D049BB133111EB
        z = z ^ ((z >> 31) & 0x1FFFFFFFF)
        n: i64 = i + 1
        low: i64 = (z & 0xFFFFFFFF) * n
        j: i64 = (((z >> 32) & 0xFFFFFFFF) * n + (low >> 32)) >> 32
        seq[i], seq[j] = seq[j], seq[i]
    rng.state = int(z0) + (1 << 64) if z0 < 0 else int(z0)


_CARDS: Final[tuple[int, ...]] = tuple(range(N_CARDS))
_NONE_SPENT: Final[tuple[int, ...]] = (0, 0)


def end_turn(s: CatanState, p: int) -> None:
    """CDB-8.1 to CDB-8.4: the clean-up (CDB-8.2: laid-down cards to the discard pile), then
    draw at least 3 cards, or up to 7 when fewer than 4 are in hand; then the other
    player's turn begins (or the game ends at the turn cap, option max-turns)."""
    disc = s.disc[p]
    laid = s.laid[p]
    if NATIVE:  # an index loop, compiled: calling ``compress`` would cost more
        for c in range(N_CARDS):
            n = laid[c]
            if n == 1:
                disc.append(c)
            elif n:
                disc.extend([c] * n)
    else:
        for c in compress(_CARDS, laid):  # the cards laid down, in card order
            n = laid[c]
            if n == 1:
                disc.append(c)
            else:
                disc.extend([c] * n)
    s.laid[p] = [0] * N_CARDS
    o = 1 - p
    telling = s.told is not None
    rules = s.rules
    # CDB-3.2.5 (reaction-card-cleanup): Knights (Defensive) laid down to reflect
    reserved = s.reserved
    if reserved[0] or reserved[1]:
        owner = o if rules.reaction_cleanup_now else p
        if reserved[owner]:
            if telling:
                s.emit("turn.knights-cleared", {"player": owner, "n": reserved[owner]})
            s.disc[owner].extend([KDEF] * reserved[owner])
            s.reserved = (0, reserved[1]) if owner == 0 else (reserved[0], 0)
    s.pool = [0] * POOL_SIZE
    s.roads_played = s.road_seas = 0
    s.spent = _NONE_SPENT
    cards = rules.cards
    size = sum(s.hand[p])
    last = s.turn_no >= rules.max_turns
    taken = draw(s, p, cards.refill_to - size if size < cards.refill_below else cards.draw_minimum, last)
    if last:
        s.phase = OVER  # CDB-9.1 (max-turns): a draw at the turn cap, after the last turn's draw
        if telling:
            s.emit("game.capped", {"turn": s.turn_no})
        return
    s.current = s.decider = o
    s.turn_no += 1
    if telling:  # the number drawn is told with the next turn, the cards to the player
        tell_passed(s, p, len(taken))
        tell_drawn(s, p, taken)
    if s.hand[o][CITY] >= rules.to_win:
        check_win(s, o)


def check_win(s: CatanState, p: int) -> None:
    """CDB-9.1 / CDB-1.3 / CDB-3.7.3: three Cities in hand during one's own turn win (win-timing A:
    at any moment of the turn; B: only at its start)."""
    if s.hand[p][CITY] >= s.rules.to_win:
        s.winner = p
        s.phase = OVER
        if s.told is not None:
            s.emit("game.won", {"player": p, "n": s.rules.to_win})

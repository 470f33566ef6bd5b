"""Draw and discard, and the end of a turn (CCG-8.1 to CCG-8.3, CCG-2.2.3).

The current player draws 4 cards (Astronomy +1; Highest Culture +1 with one more
discard), then discards 2; an empty play deck is rebuilt from the discard pile
(deck-exhaustion A) or stays empty (B). Then the turn passes to the left.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from ..actions import CcgAction
from ..catalog import res_dict
from ..state import DISCARDING, DRAWING
from .end import finish
from .turn import start_turn

if TYPE_CHECKING:
    from ..state import CcgState


def extra_draw(s: CcgState, p: int) -> int:
    """CCG-8.2: the extra cards of Astronomy (technologies and placed cards)."""
    return s.derive(p).extra_draw


def draw_choices(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-8.2 / CCG-8.3 (extra-draw-optional A): with or without each extra card."""
    extra = s.derive(p).extra_draw
    culture = s.has_highest_culture(p)
    acts = s.rules.acts.draw
    return [acts[extra, x, y] for x in ((0, 1) if extra else (0,)) for y in ((0, 1) if culture else (0,))]


def legal_draw(s: CcgState, p: int) -> list[CcgAction]:
    return draw_choices(s, p)


def discards(s: CcgState, p: int) -> tuple[CcgAction, ...]:
    """A card of the hand to discard (CCG-4.9, CCG-8.1)."""
    return tuple(compress(s.rules.acts.discard, s.hand[p]))


def draw_step(s: CcgState) -> None:
    """CCG-8.1 to 8.3: draw 4 (Astronomy +1, Highest Culture +1 with one more discard);
    the extra cards are chosen when they are optional (extra-draw-optional A)."""
    p = s.current
    choices = draw_choices(s, p)
    if s.rules.extra_optional and len(choices) > 1:
        s.phase = DRAWING
        s.decider = p
        return
    play_draw(s, p, choices[-1])


def play_draw(s: CcgState, p: int, a: CcgAction) -> None:
    nums = s.rules.numbers
    draw_cards(s, p, nums["draw"] + extra_draw(s, p) * a.a + a.b)
    s.left = nums["discard"] + a.b
    discard_next(s)


def discard_next(s: CcgState) -> None:
    """CCG-8.1: the discards, one decision each; a hand no larger than what is still
    to be discarded goes whole."""
    p = s.current
    if s.left and any(s.hand[p]):
        if sum(s.hand[p]) <= s.left:  # nothing to choose: the whole hand goes
            gone = []
            for c, k in enumerate(s.hand[p]):
                s.discard.extend([c] * k)
                gone.extend([c] * k)
                s.hand[p][c] = 0
            if s.journal is not None:
                ids = s.rules.ids
                s.emit("discard.all", {"player": p, "cards": [ids[c] for c in gone]})
        else:
            s.phase = DISCARDING
            s.decider = p
            return
    s.left = 0
    end_turn(s)


def play_discard(s: CcgState, p: int, a: CcgAction) -> None:
    s.hand[p][a.a] -= 1
    s.discard.append(a.a)
    s.left -= 1
    discard_next(s)


def draw_cards(s: CcgState, p: int, k: int) -> None:
    """Draw ``k`` cards from the play deck (CCG-8.3 deck-exhaustion: A a new deck from
    the discard pile; B no more cards). The drawer is told which cards, the others
    how many."""
    h = s.hand[p]
    drawn = []
    for _ in range(k):
        if not s.deck:
            if not (s.rules.reshuffle and s.discard):
                if s.journal is not None:
                    s.emit("deck.empty")
                break
            s.emit("deck.reshuffled", {"n": len(s.discard)})
            s.deck = s.discard
            s.discard = []
            s.rng.shuffle(s.deck)
        c = s.deck.pop()
        h[c] += 1
        drawn.append(c)
    if s.journal is not None:  # everybody (spectators too) hears how many, the drawer which
        ids = s.rules.ids
        s.emit("draw.count", {"player": p, "n": len(drawn)})
        if drawn:
            s.emit("draw.cards", {"player": p, "cards": [ids[c] for c in sorted(drawn)]}, to=(p,))


def end_turn(s: CcgState) -> None:
    """CCG-2.2.3 (resource-carryover B: unspent resources go back); the game ends
    after this turn or round (CCG-1.1) or at the turn cap; else the next player's turn."""
    r = s.rules
    p = s.current
    if not r.keep_resources:
        if s.journal is not None and any(s.res[p]):
            s.emit("turn.returned", {"player": p, "res": res_dict(s.res[p])})
        s.res[p] = [0, 0, 0]
    last_of_round = p == s.dealer  # play starts left of the dealer, so the dealer ends a round
    if s.end_after == 0 or (s.end_after == 1 and last_of_round):
        finish(s)
        return
    if s.turn_no >= r.max_turns:
        s.emit("end.cap", {"turns": r.max_turns})
        finish(s)
        return
    s.current = (p + 1) % s.n
    s.turn_no += 1
    start_turn(s)

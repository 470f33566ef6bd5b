"""Phase 8: calamity selection (MC-8), and the discard step it shares with the hand
limit of phase 12 (MC-12.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import DISCARD
from .advances import hand_limit, legal_hand
from .cards import discard
from .flow import ask, next_in_queue

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def calamities_of(s: MegaState, p: int) -> list[int]:
    cards = s.cat.cards
    return [c for c in s.hands[p] if cards[c].calamity]


def most_kept(s: MegaState, held: list[int]) -> int:
    """MC-8.2: the most of these (distinct) calamities a player may keep."""
    major = sum(1 for c in held if s.cat.cards[c].major)
    minor = len(held) - major
    if s.rules.calamity_limit_split:
        return max(min(major, 2), min(minor, 3))
    return min(3, min(major, 2) + minor)


def useful_discards(s: MegaState, p: int) -> list[int]:
    """The calamities whose removal is part of a smallest removal that meets the limit
    (whoever chooses, the holder or chance, removes only the excess)."""
    held = calamities_of(s, p)
    best = most_kept(s, held)
    out = []
    for c in sorted(set(held)):
        rest = list(held)
        rest.remove(c)
        if most_kept(s, rest) == best:
            out.append(c)
    return out


def over_limit(s: MegaState, held: list[int]) -> bool:
    """MC-8.2 (calamity-limit): A at most 3, of which at most 2 major; B up to 2 major
    and no minor, or up to 3 minor; never two of the same calamity."""
    cards = s.cat.cards
    if len(set(held)) < len(held):
        return True
    major = sum(1 for c in held if cards[c].major)
    if s.rules.calamity_limit_split:
        return (major > 0 and (major > 2 or major < len(held))) or len(held) > 3
    return len(held) > 3 or major > 2


def phase_selection(s: MegaState) -> None:
    """MC-8.1, MC-8.2: duplicates go at once; the excess is chosen by the holder (A) or at random (B)."""
    choosers = []
    s.revealed = [[] for _ in range(s.n)]  # last turn's reveal is over
    cards = s.cat.cards
    for p in s.order:
        held = calamities_of(s, p)
        for c in sorted(set(held)):
            for _ in range(held.count(c) - 1):
                discard(s, p, c)
                s.emit("calamity.discarded", {"player": p, "card": cards[c].id})
        while over_limit(s, calamities_of(s, p)):
            if s.rules.calamity_excess_random:
                held = useful_discards(s, p)
                c = held[s.rng.below(len(held))]
                discard(s, p, c)
                s.emit("calamity.discarded", {"player": p, "card": cards[c].id})
            else:
                choosers.append(p)
                break
    if not ask(s, DISCARD, choosers):
        s.phase = 9


def legal_excess(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    return [g("discard", s.cat.cards[c].id) for c in useful_discards(s, p)]


def legal_discard(s: MegaState, p: int) -> list[Action]:
    return legal_excess(s, p) if s.phase == 8 else legal_hand(s, p)


def play_discard(s: MegaState, p: int, a: Action) -> None:
    """MC-8.2: the holder discards calamities until he is within the limit; MC-12.4:
    cards until his hand is within the limit."""
    discard(s, p, s.cat.card(a.args[0]))
    if s.phase == 8:
        if not over_limit(s, calamities_of(s, p)):
            next_in_queue(s)
    elif len(s.hands[p]) <= hand_limit(s, p):
        next_in_queue(s)


def discard_done(s: MegaState) -> None:
    s.phase = 9 if s.phase == 8 else 13

"""The start of a turn and the thefts of Writing and Code of Laws (CCG-5.0, CCG-9.2).

With steal-timing B the other owners of Writing or Code of Laws may steal at the
start of every turn (the steal window), each once per turn; with A only in their
own purchase step. Code of Laws takes three resources: at random (A), chosen by
the thief (B) or by the victim (C), one decision per resource.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import PASS, WRITING, CcgAction
from ..catalog import res_dict
from ..state import GIVING, MAIN, TAKING, WINDOW
from .collect import collect

if TYPE_CHECKING:
    from ..state import CcgState


def start_turn(s: CcgState) -> None:
    """CCG-5.0: a new turn; steal-timing B opens the steal window first, then the
    current player collects (CCG-5.1)."""
    s.used = [0] * s.n
    s.fought = False
    s.emit("turn.start", {"turn": s.turn_no, "player": s.current})
    r = s.rules
    if r.steal_any_turn:  # steal-timing B: the others may steal at the start of this turn
        mask = r.writing_mask | r.laws_mask
        s.queue = [q for q in ((s.current + k) % s.n for k in range(1, s.n)) if s.techs[q] & mask]
        if s.queue:
            s.phase = WINDOW
            s.decider = s.queue[0]
            if steals(s, s.decider):
                return
            window_next(s)
            return
    collect(s)


def steals(s: CcgState, p: int) -> list[CcgAction]:
    """CCG-9.2: Writing (a random card of a hand) and Code of Laws (three resources),
    each once per turn, against a player who has something to take."""
    r = s.rules
    mask = s.techs[p]
    used = s.used[p]
    writing = mask & r.writing_mask and not used & 1
    laws = mask & r.laws_mask and not used & 2
    if not (writing or laws):
        return []
    acts = r.acts
    out = []
    for q in range(s.n):
        if q == p:
            continue
        if writing and any(s.hand[q]):
            out.append(acts.writing[q])
        if laws and any(s.res[q]):
            out.append(acts.laws[q])
    return out


def legal_window(s: CcgState, p: int) -> list[CcgAction]:
    return [*steals(s, p), s.rules.acts.pass_]


def window_next(s: CcgState) -> None:
    """The next owner with something to steal, or the collection."""
    while True:
        s.queue.pop(0)
        if not s.queue:
            collect(s)
            return
        s.decider = s.queue[0]
        if steals(s, s.decider):
            return


def play_window(s: CcgState, p: int, a: CcgAction) -> None:
    if a.code == PASS:
        window_next(s)
        return
    steal(s, p, a, back=WINDOW)
    if s.phase == WINDOW and not steals(s, p):
        window_next(s)


def steal(s: CcgState, p: int, a: CcgAction, back: int) -> None:
    """CCG-9.2: Writing takes a random hand card (told to the thief and the victim
    only); Code of Laws three resources (code-of-laws-choice)."""
    q = a.a
    if a.code == WRITING:
        s.used[p] |= 1
        h = s.hand[q]
        c = pick(s, h)
        h[c] -= 1
        s.hand[p][c] += 1
        # everybody (spectators too) is told of the theft, the two players which card
        s.emit("steal.card", {"thief": p, "victim": q})
        s.emit("steal.card.which", {"thief": p, "victim": q, "card": s.rules.ids[c]}, to=tuple(sorted((p, q))))
        return
    s.used[p] |= 2
    take = min(s.rules.laws_amount, sum(s.res[q]))
    choice = s.rules.laws_choice
    if choice == 0:
        taken = [0, 0, 0]
        for _ in range(take):
            res = s.res[q]
            t = pick(s, res)
            res[t] -= 1
            s.res[p][t] += 1
            taken[t] += 1
        s.emit("steal.resources", {"thief": p, "victim": q, "taken": res_dict(taken)})
        return
    s.target = q
    s.left = take
    s.queue = [back, p, *s.queue]
    s.phase = TAKING if choice == 1 else GIVING
    s.decider = p if choice == 1 else q
    s.emit("steal.choose", {"thief": p, "victim": q, "n": take, "chooser": s.decider})


def pick(s: CcgState, counts: list[int]) -> int:
    """One of the things counted, at random (each thing equally likely): its index."""
    k = s.rng.below(sum(counts))
    i = 0
    while k >= counts[i]:
        k -= counts[i]
        i += 1
    return i


def legal_take(s: CcgState, p: int) -> list[CcgAction]:
    """Code of Laws B: the thief picks each resource of the victim's."""
    acts = s.rules.acts.take
    return [acts[t] for t in range(3) if s.res[s.target][t]]


def legal_give(s: CcgState, p: int) -> list[CcgAction]:
    """Code of Laws C: the victim picks each resource he gives."""
    acts = s.rules.acts.give
    return [acts[t] for t in range(3) if s.res[p][t]]


def play_take_give(s: CcgState, p: int, a: CcgAction) -> None:
    back, thief = s.queue[0], s.queue[1]
    victim = s.target
    s.res[victim][a.a] -= 1
    s.res[thief][a.a] += 1
    s.left -= 1
    if s.journal is not None:
        gain = [0, 0, 0]
        gain[a.a] = 1
        s.emit("steal.took", {"thief": thief, "victim": victim, "taken": res_dict(gain)})
    if s.left:
        return
    del s.queue[:2]
    s.target = -1
    s.phase = back
    s.decider = s.current if back == MAIN else s.queue[0]
    if back == WINDOW and not steals(s, s.decider):
        window_next(s)

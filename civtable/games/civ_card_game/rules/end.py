"""The end of the game and the winner (CCG-1.1 to CCG-1.3, CCG-3.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import OVER

if TYPE_CHECKING:
    from ..state import CcgState


def last_tech_bought(s: CcgState) -> None:
    """CCG-1.1: the last technology ends the game (game-end-timing A at once, B after
    this turn, C at the end of the round)."""
    timing = s.rules.end_timing
    if timing == 0:
        s.emit("end.now")
        finish(s)
    elif timing == 1:
        s.emit("end.turn")
        s.end_after = 0
    else:
        s.emit("end.round")
        s.end_after = 1


def result(s: CcgState) -> tuple[list[int], list[tuple[int, int, int]]]:
    """CCG-1.2 / CCG-1.3: most VP, then most technologies, then most population; a tie
    after both is a shared win (final-tie A) or no winner (B). Returns the winners and
    each player's (VP, technologies, population)."""
    keys = [(s.vp(p), s.tech_count(p), s.population(p)) for p in range(s.n)]
    best = max(keys)
    top = [p for p in range(s.n) if keys[p] == best]
    return (top if (len(top) == 1 or s.rules.shared_win) else []), keys


def finish(s: CcgState) -> None:
    """The game is over: the points decide (``result``)."""
    s.winner_list, keys = result(s)
    s.phase = OVER
    s.queue = []
    if s.journal is not None:
        for p in range(s.n):
            s.emit("end.score", {"player": p, "vp": keys[p][0], "techs": keys[p][1], "pops": keys[p][2],
                                 "wonders": s.wonders(p)})
        if s.winner_list:
            s.emit("game.over", {"winners": list(s.winner_list)})
        else:
            s.emit("game.drawn")

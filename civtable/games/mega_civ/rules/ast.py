"""Phase 13: the discards return to the stacks (MC-13.2), the AST markers move
(MC-13.1), and the end of the turn: the end of the game (MC-0.3) with the victory
points (MC-14), or the next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import OVER

if TYPE_CHECKING:
    from ..state import MegaState


def phase_ast(s: MegaState) -> None:
    return_discards(s)
    move_markers(s)
    end_of_turn(s)


def return_discards(s: MegaState) -> None:
    """MC-13.2.1 to MC-13.2.4: each pile is shuffled with its tradable calamities
    (MC-13.2.2), the non-tradable ones are put at its bottom (A) or top (B) without
    being shuffled in (MC-13.2.3), and it goes under its stack."""
    cards = s.cat.cards
    for k in range(1, len(s.stacks)):
        pile = s.discards[k]
        if not pile:
            continue
        fixed = sorted(c for c in pile if cards[c].calamity and not cards[c].tradable)
        rest = sorted(c for c in pile if not (cards[c].calamity and not cards[c].tradable))
        s.rng.shuffle(rest)
        returned = rest + fixed if s.rules.non_tradable_top else fixed + rest  # index 0 is the bottom
        s.stacks[k] = returned + s.stacks[k]
        s.discards[k] = []


def move_markers(s: MegaState) -> None:
    """MC-13.1.1: a player advances one AST square when he meets the requirements of
    the epoch he enters (Wonder of the World counts as a city); MC-13.1.2: a player
    with no city moves back one square."""
    r = s.rules
    for p in s.order:
        if not s.cities_of(p):
            if s.ast[p] > 1:  # MC-13.1.2
                s.ast[p] -= 1
                s.emit("ast.back", {"player": p, "square": s.ast[p]})
            continue
        cities = len(s.cities_of(p)) + (1 if s.holds(p, "ast_city") else 0)  # Wonder of the World
        costs = [s.cat.advances[a].cost for a in s.owned[p]]
        if s.ast[p] < r.tables.spaces and r.may_advance(s.civ[p], s.ast[p] + 1, cities, costs):
            s.ast[p] += 1  # MC-13.1.1
            s.ast_forward[p] += 1
            s.emit("ast.moved", {"player": p, "square": s.ast[p], "epoch": r.epoch_of(s.civ[p], s.ast[p])})


def end_of_turn(s: MegaState) -> None:
    """MC-0.3: the end-of-turn check (game-end, last-turn), then the winner (MC-14.1)
    or a new turn. MC-14.1 ties (the source says nothing of them): the players tied
    for the most VP share the win; when every player ties, nobody is ahead and the
    game is a draw (no winner: ``returns()`` is 0 for all)."""
    r = s.rules
    reached = any(a >= r.tables.spaces for a in s.ast)
    if (r.end_by_ast and reached) or s.turn_no >= r.last_turn:
        scores = [s.vp(p) for p in range(s.n)]
        best = max(scores)
        s.winner_list = [p for p in range(s.n) if scores[p] == best]
        if len(s.winner_list) == s.n:
            s.winner_list = []  # MC-14.1: nobody ahead of anybody: a draw
        s.step = OVER
        s.decider = -1
        if s.journal is not None:
            for p in sorted(range(s.n), key=lambda q: (-scores[q], s.order.index(q))):
                s.emit("game.score", {"player": p, "vp": scores[p], "ast": s.ast[p],
                                      "cities": len(s.cities_of(p)), "advances": len(s.owned[p])})
            if s.winner_list:
                s.emit("game.over", {"winners": list(s.winner_list)})
            else:
                s.emit("game.drawn", {})
        return
    s.turn_no += 1
    s.phase = 1

"""Who decides next: the queue of a decision step, simultaneous steps and their
commit (MC-0.2, MC-0.5 to MC-0.7, MC-0.11).

A step is asked of some players in AST order (``ask``). One at a time, the first
of the queue decides and ``next_in_queue`` passes on; when several decide at once,
each works on a private preview (``MegaState.preview``) and ``commit`` applies
every player's buffered actions to the real state in AST order when the last one
is done, then tells everybody what was done (the public outcome).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..codes import AUTO, BUILD, GROW, MOVE, REDUCE

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def ask(s: MegaState, step: int, players: list[int]) -> bool:
    """MC-0.2: start a decision step for ``players`` (in AST order), one after another
    or, where the options make the step simultaneous (MC-0.6), all at once on
    private previews; False if nobody decides."""
    if not players:
        return False
    if step in s.rules.simultaneous_steps and len(players) > 1:
        s.previews = {p: s.preview(step, p) for p in players}  # before s.previews is set: none holds previews
        s.buffers = {p: [] for p in players}
        s.step, s.queue, s.decider = step, list(players), -1
        return True
    s.step, s.queue, s.decider = step, list(players), players[0]
    return True


def next_in_ast_order(s: MegaState, step: int, wants: Callable[[MegaState, int], object]) -> bool:
    """The next player in AST order after position ``target`` for whom ``wants`` holds
    decides ``step`` alone; False (``target`` back to -1) when none is left."""
    s.step, s.queue, s.decider = AUTO, [], -1
    while True:
        s.target += 1
        if s.target >= s.n:
            s.target = -1
            return False
        p = s.order[s.target]
        if wants(s, p):
            s.step, s.queue, s.decider = step, [p], p
            return True


def next_in_queue(s: MegaState) -> None:
    """The decider is done; the next player in the queue decides, or the step is over."""
    s.queue.pop(0)
    while s.queue:
        p = s.decider = s.queue[0]
        if (s.step == GROW and not _growable(s, p)) or (s.step == REDUCE and not _unsupported(s, p)):
            s.queue.pop(0)
            continue
        return
    finished = s.step
    s.step = AUTO
    s.decider = -1
    if not s.solo:
        finish_step(s, finished)


def _growable(s: MegaState, p: int) -> list[int]:
    from .growth import growable

    return growable(s, p)


def _unsupported(s: MegaState, p: int) -> list[int]:
    from .cities import unsupported

    return unsupported(s, p)


def finish_step(s: MegaState, step: int) -> None:
    """Close the part of the phase that a decision step belonged to (``STEPS[step].finish``)."""
    from . import STEPS

    done = STEPS[step].finish
    if done is not None:
        done(s)


def commit(s: MegaState) -> None:
    """MC-0.5: all players are done: apply their buffered actions to the real state in
    AST order, tell everybody the outcome, then go on with the phase."""
    from . import run

    assert s.buffers is not None
    buffers = s.buffers
    step = s.step
    s.previews = None
    s.buffers = None
    s.disclosed = [step, {p: list(texts) for p, texts in buffers.items()}]  # public from now on
    s.solo = True
    seen = s.clone()  # what every player saw when he chose
    seen.journal = None
    before = _outcome_snapshot(s) if s.journal is not None else None
    for p in s.order:
        if p in buffers:
            s.step, s.queue, s.decider = step, [p], p
            chosen: list[Action] | None = None
            for i, text in enumerate(buffers[p]):
                found = s.lookup(p, text)
                if found is None:
                    # legal where he chose it, barred only by an earlier player's move now
                    # revealed (Cultural Ascendancy, Diplomacy, Roadbuilding depend on the
                    # others' units): judged on the position he saw, as if all moved at once
                    chosen = chosen or chosen_again(seen, p, step, buffers[p])
                    found = chosen[i]
                s.play(p, found)
    s.solo = False
    s.step, s.queue, s.decider = AUTO, [], -1
    if before is not None:
        tell_outcome(s, step, sorted(buffers, key=s.order.index), before)
    finish_step(s, step)
    run(s)


def chosen_again(seen: MegaState, p: int, step: int, texts: list[str]) -> list[Action]:
    """The actions a player chose in his preview, found again on the position he saw."""
    view = seen.preview(step, p)
    out = []
    for text in texts:
        found = view.find(p, text)
        view.play(p, found)
        out.append(found)
    return out


Outcome = tuple[list[list[int]], list[int], list[int]]


def _outcome_snapshot(s: MegaState) -> Outcome:
    return [t[:] for t in s.tokens], s.city[:], s.ship_stock[:]


def tell_outcome(s: MegaState, step: int, players: list[int], before: Outcome) -> None:
    """The public outcome of a simultaneous step, player by player in AST order: the
    net change of his tokens by area, the ships and cities he built (what everybody
    sees on the board once the choices are revealed)."""
    tokens, city, ships = before
    ids = s.board.ids
    for p in players:
        was, now = tokens[p], s.tokens[p]
        changes = [[ids[a], now[a] - was[a]] for a in sorted(range(len(now)), key=lambda a: (now[a] > was[a], a))
                   if now[a] != was[a]]  # the areas left, then the areas entered
        if step == GROW:
            s.emit("population.grew", {"player": p, "added": sum(now) - sum(was), "total": sum(now)})
            continue
        if step == MOVE:
            built = ships[p] - s.ship_stock[p]
            if changes or built:
                s.emit("tokens.moved", {"player": p, "changes": changes, "ships": built})
        elif step == BUILD:
            new = [ids[a] for a in range(len(city)) if city[a] != p and s.city[a] == p]
            if new:
                s.emit("cities.built", {"player": p, "areas": new, "changes": changes})

"""Who decides next: the turn's tables, the queue of a decision step, simultaneous
steps and their commit (MC-0.2, MC-0.5 to MC-0.7, MC-0.11).

``run`` plays the automatic part of each phase (``PHASES``) until somebody must
decide. A step is asked of some players in AST order (``ask``). One at a time, the
first of the queue decides and ``next_in_queue`` passes on; when several decide at
once, each works on a private preview (``MegaState.preview``) and ``commit`` applies
every player's buffered actions to the real state in AST order when the last one
is done, then tells everybody what was done (the public outcome).

The tables (``STEPS``, ``PHASES``, ``STILL_ASKED``) name the phase modules' functions,
and the phase modules import this one: the tables are defined here, empty, and
filled once by ``rules/__init__``, which imports every phase (so nothing here imports
a phase module, nor the package).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..state import AUTO, BUILD, GROW, MOVE, STEP_NAMES
from .step import MegaStep

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


STEPS: dict[int, MegaStep] = {}
"""Every decision step of the game, by its code (filled by ``rules/__init__``)."""

PHASES: dict[int, Callable[[MegaState], None]] = {}
"""The automatic part of each phase (MC-0.1), by its number (filled by ``rules/__init__``)."""

STILL_ASKED: dict[int, Callable[[MegaState, int], object]] = {}
"""The steps whose queue passes over a player with nothing left to decide, and what he
must still have (grow: an area to grow in; reduce: a city he cannot support); filled
by ``rules/__init__``."""


def run(s: MegaState) -> None:
    """MC-0.7: play the phases without choices, in order, until someone must decide or
    the game ends. Each phase is announced (``phase.started``) when something in it is
    told or decided; a phase where nothing happens is not."""
    while s.step == AUTO:
        if s.phase == 1:
            s.emit("turn.started", {"turn": s.turn_no})
        mark = s.journal
        if mark is not None:
            s.emit("phase.started", {"phase": s.phase})
        PHASES[s.phase](s)
        if mark is not None and s.step == AUTO and s.journal is not None and len(s.journal) == len(mark) + 1:
            s.journal = mark  # nothing happened in it


def ask(s: MegaState, step: int, players: list[int]) -> bool:
    """MC-0.2: start a decision step for ``players`` (in AST order), one after another
    or, where the options make the step simultaneous (MC-0.6), all at once on
    private previews; False if nobody decides."""
    if not players:
        return False
    if STEP_NAMES[step] in s.rules.simultaneous_steps and len(players) > 1:
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
        still = STILL_ASKED.get(s.step)
        if still is not None and not still(s, p):
            s.queue.pop(0)
            continue
        return
    finished = s.step
    s.step = AUTO
    s.decider = -1
    if not s.solo:
        finish_step(s, finished)


def finish_step(s: MegaState, step: int) -> None:
    """Close the part of the phase that a decision step belonged to (``STEPS[step].finish``)."""
    done = STEPS[step].finish
    if done is not None:
        done(s)


def commit(s: MegaState) -> None:
    """MC-0.5: all players are done: apply their buffered actions to the real state in
    AST order, tell everybody the outcome, then go on with the phase."""
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

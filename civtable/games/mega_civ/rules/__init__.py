"""The forward model of Mega Civilization: ``legal(state, player)``, ``apply(state,
player, action)``, ``start(game, seed)`` (the set-up: a new state), with ``find``,
``lookup`` and ``play`` (a step's action by its text, and carried out) and ``vp`` (the
victory points, MC-14), which the game keeps as ``game.model`` and the state calls;
the rules, one module per phase (MC-0.1: every turn has 13 phases, played in order),
and the one dispatch table of the decision steps.

``PHASES`` maps a phase number to its automatic part, which runs until somebody
must decide (``flow.ask``) or the phase is over; ``STEPS`` maps a decision step to
its ``Step``: its legal actions, what an action does, and what closes the step
when the last player of its queue is done (``MegaStep.finish``). The tables are
``flow``'s (``run`` and the queues read them there), filled here: this module
imports every phase, and no phase imports it.

Below the phases: ``setup``, ``board`` (the map), ``tables`` (the numbers),
``population``, ``order`` (AST order, the Beneficiary) and ``scoring`` (victory
points); the names of the phases and steps are ``state.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action, normalize
from civtable.core.errors import IllegalActionError

from .. import state as c
from ..state import AUTO, TRADE, MegaState
from . import (
    advances,
    ast,
    cards,
    cities,
    conflict,
    growth,
    movement,
    resolution,
    selection,
    special,
    support,
    surplus,
    task_step,
    tax,
    trade,
)
from .flow import PHASES, STEPS, STILL_ASKED, commit, run
from .scoring import advance_vp_share, vp
from .setup import initial
from .step import MegaStep

if TYPE_CHECKING:
    from ..game import MegaCiv

__all__ = ["PHASES", "STEPS", "MegaStep", "advance_vp_share", "apply", "find", "legal", "lookup", "play", "run",
           "start", "vp"]

STEPS.update({
    c.REVOLT: MegaStep("revolt", tax.legal_revolt, tax.play_revolt, "MC-1.2.1"),
    c.GROW: MegaStep("grow", growth.legal_grow, growth.play_grow, "MC-2.1", growth.census_and_go),
    c.MOVE: MegaStep("move", movement.legal_moves, movement.play_move, "MC-3.1 MC-3.3 MC-3.4 MC-3.5",
                     movement.movement_done),
    c.MILITARY: MegaStep("military", conflict.legal_military, conflict.play_military, "MC-4.0", conflict.conflicts),
    c.BUILD: MegaStep("build", cities.legal_build, cities.play_build, "MC-5.1", cities.cities_built),
    c.REDUCE: MegaStep("reduce", support.legal_reduce, support.play_reduce, "MC-5.3.2", support.support_done),
    c.CARDS: MegaStep("cards", cards.legal_cards, cards.play_cards, "MC-6.2", cards.cards_done),
    c.TRADE: MegaStep("trade", trade.legal_trade, trade.play_trade, "MC-7.2 MC-7.3 MC-7.4 MC-7.5"),
    c.DISCARD: MegaStep("discard", selection.legal_discard, selection.play_discard, "MC-8.2 MC-12.4",
                        selection.discard_done),
    c.TASK: MegaStep("task", task_step.legal_task, task_step.play_task, "MC-9.2"),
    c.SPECIAL: MegaStep("special", special.legal_special, special.play_special, "MC-10.1"),
    c.BUY: MegaStep("buy", advances.legal_buy, advances.play_buy, "MC-12.1 MC-12.2"),
})

PHASES.update({
    1: tax.phase_tax, 2: growth.phase_growth, 3: movement.phase_movement, 4: conflict.phase_conflict,
    5: cities.phase_cities, 6: cards.phase_cards, 7: trade.phase_trade, 8: selection.phase_selection,
    9: resolution.phase_resolution, 10: special.phase_special, 11: surplus.phase_surplus,
    12: advances.phase_advances, 13: ast.phase_ast,
})

STILL_ASKED.update({c.GROW: growth.growable, c.REDUCE: support.unsupported})


def start(game: MegaCiv, seed: int) -> MegaState:
    """A new game (MC-0.1): the set-up (``setup.initial``), then the phases run to the
    first decision."""
    s = initial(game, seed)
    run(s)
    return s


def legal(s: MegaState, p: int) -> list[Action]:
    """The decider's actions in the current step (``STEPS``)."""
    return STEPS[s.step].legal(s, p)


def play(s: MegaState, p: int, a: Action) -> None:
    """Carry out one legal action of the current step (``STEPS``); the actions listed
    before (``MegaState.offered``) are forgotten."""
    s.offered = None
    STEPS[s.step].play(s, p, a)


def lookup(s: MegaState, player: int, text: str) -> Action | None:
    """The legal action of this text, or None (from the list ``legal_actions`` made in
    this position, when it made one for this player: ``MegaState.offered``)."""
    if s.step == TRADE and player == s.decider:
        return trade.find_trade(s, player, text)  # the text is checked, not every offer listed
    offered = s.offered
    for a in offered[1] if offered is not None and offered[0] == player else STEPS[s.step].legal(s, player):
        if a.text == text:
            return a
    return None


def find(s: MegaState, player: int, text: str) -> Action:
    """The legal action of this text, or ``IllegalActionError`` saying why not."""
    found = lookup(s, player, text)
    if found is None:
        raise IllegalActionError(s.game.explain_step(s, player, text))
    return found


def apply(s: MegaState, player: int, action: Action | str) -> None:
    """Play one action of ``player``: in his preview during a simultaneous step (chosen in
    private, revealed when all are done: ``flow.commit``), else on the state, whose
    phases then run to the next decision."""
    text = action.text if isinstance(action, Action) else normalize(action) if isinstance(action, str) else None
    if text is None:
        raise TypeError(f"an action is a text or an Action, not {type(action).__name__}")
    view = s.deciding(player) if isinstance(player, int) and not isinstance(player, bool) else None
    if view is None:
        raise IllegalActionError(s.explain(player, text))
    found = find(view, player, text)
    if view is not s:  # a simultaneous step: chosen in private, revealed when all are done
        s.emit_move(player, found, private=True)
        play(view, player, found)
        assert s.buffers is not None and s.previews is not None
        s.buffers[player].append(found.text)
        if all(v.step == AUTO or p not in v.queue for p, v in s.previews.items()):
            commit(s)
        return
    s.emit_move(player, found)
    play(s, player, found)
    if s.step == AUTO:
        run(s)

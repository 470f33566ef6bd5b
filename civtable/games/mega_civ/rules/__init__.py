"""The rules of Mega Civilization, one module per phase (MC-0.1: every turn has 13
phases, played in order), and the one dispatch table of the decision steps.

``PHASES`` maps a phase number to its automatic part, which runs until somebody
must decide (``flow.ask``) or the phase is over; ``STEPS`` maps a decision step to
its ``Step``: its legal actions, what an action does, and what closes the step
when the last player of its queue is done (``MegaStep.finish``). The tables are
``flow``'s (``run`` and the queues read them there), filled here: this module
imports every phase, and no phase imports it.

Below the phases: ``codes`` (the names of the phases and steps), ``board`` (the
map), ``tables`` (the numbers), ``population``, ``order`` (AST order, the
Beneficiary) and ``scoring`` (victory points).
"""

from __future__ import annotations

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
from . import codes as c
from .flow import PHASES, STEPS, STILL_ASKED, MegaStep, run

__all__ = ["PHASES", "STEPS", "MegaStep", "run"]

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

"""The rules of Mega Civilization, one module per phase (MC-0.1: every turn has 13
phases, played in order), and the one dispatch table of the decision steps.

``PHASES`` maps a phase number to its automatic part, which runs until somebody
must decide (``flow.ask``) or the phase is over; ``STEPS`` maps a decision step to
its ``Step``: its legal actions, what an action does, and what closes the step
when the last player of its queue is done (``MegaStep.finish``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from civtable.core.steps import Step

from .. import codes as c
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
    surplus,
    tasks,
    tax,
    trade,
)

if TYPE_CHECKING:
    from ..state import MegaState


@dataclass(frozen=True)
class MegaStep(Step["MegaState"]):
    """A decision step; ``finish`` closes its part of the phase once its queue is
    empty (None: the step moves the game on by itself)."""

    finish: Callable[[MegaState], None] | None = None


STEPS: dict[int, MegaStep] = {
    c.REVOLT: MegaStep("revolt", tax.legal_revolt, tax.play_revolt, "MC-1.2.1"),
    c.GROW: MegaStep("grow", growth.legal_grow, growth.play_grow, "MC-2.1", growth.census_and_go),
    c.MOVE: MegaStep("move", movement.legal_moves, movement.play_move, "MC-3.1 MC-3.3 MC-3.4 MC-3.5",
                   movement.movement_done),
    c.MILITARY: MegaStep("military", conflict.legal_military, conflict.play_military, "MC-4.0", conflict.conflicts),
    c.BUILD: MegaStep("build", cities.legal_build, cities.play_build, "MC-5.1", cities.cities_built),
    c.REDUCE: MegaStep("reduce", cities.legal_reduce, cities.play_reduce, "MC-5.3.2", cities.support_done),
    c.CARDS: MegaStep("cards", cards.legal_cards, cards.play_cards, "MC-6.2", cards.cards_done),
    c.TRADE: MegaStep("trade", trade.legal_trade, trade.play_trade, "MC-7.2 MC-7.3 MC-7.4 MC-7.5"),
    c.DISCARD: MegaStep("discard", selection.legal_discard, selection.play_discard, "MC-8.2 MC-12.4",
                      selection.discard_done),
    c.TASK: MegaStep("task", tasks.legal_task, tasks.play_task, "MC-9.2"),
    c.SPECIAL: MegaStep("special", special.legal_special, special.play_special, "MC-10.1"),
    c.BUY: MegaStep("buy", advances.legal_buy, advances.play_buy, "MC-12.1 MC-12.2"),
}
"""Every decision step of the game."""

PHASES: dict[int, Callable[[MegaState], None]] = {
    1: tax.phase_tax, 2: growth.phase_growth, 3: movement.phase_movement, 4: conflict.phase_conflict,
    5: cities.phase_cities, 6: cards.phase_cards, 7: trade.phase_trade, 8: selection.phase_selection,
    9: resolution.phase_resolution, 10: special.phase_special, 11: surplus.phase_surplus,
    12: advances.phase_advances, 13: ast.phase_ast,
}
"""The automatic part of each phase (MC-0.1)."""


def run(s: MegaState) -> None:
    """MC-0.7: play the phases without choices, in order, until someone must decide or
    the game ends. Each phase is announced (``phase.started``) when something in it is
    told or decided; a phase where nothing happens is not."""
    while s.step == c.AUTO:
        if s.phase == 1:
            s.emit("turn.started", {"turn": s.turn_no})
        mark = s.journal
        if mark is not None:
            s.emit("phase.started", {"phase": s.phase})
        PHASES[s.phase](s)
        if mark is not None and s.step == c.AUTO and s.journal is not None and s.journal.prev is mark:
            s.journal = mark  # nothing happened in it

"""The forward model of the solo automa: ``legal(state)`` (the answers to the waiting
question), ``apply(state, player, action)`` and ``start(game, seed)`` (the set-up: a new
state), which the game keeps as ``game.model`` and the state calls; the turn as steps,
one module per phase, and here the two tables that drive it.

``STEPS`` is the one dispatch table of the decisions (``core.steps.Step``), keyed by the
question waiting (``state.ask``): what the person may answer and what the answer does.
``STAGES`` lists the automa's own procedures (``state.stage``) that run between two
questions: each either moves the state to another stage or asks a question
(``state.need``, ``dice.roll``) and returns; it runs again once the question is
answered and finds the answer in ``state.work``, so that a session can stop and resume
at any answer.

    setup -> start? -> newturn -> [base-start -> phase:start?] -> counter -> event-dice
    -> [event-roll -> cancel? -> cancel-roll | resolve -> culture?/units?/...] -> wonders
    -> trade? -> [trade-dice -> buy? -> give?] -> move (phase:move?) -> battle
    -> [fortified? hand? bonus? play? tie?] -> end (phase:end?) -> debt (gained:KIND?)
    -> newturn ... -> over;  'use card' / 'use ability' go through check and back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from civtable.core.action import Action, normalize
from civtable.core.errors import IllegalActionError
from civtable.core.reader import shown
from civtable.core.steps import Step

from ..state import DEBT_KINDS, OVER
from . import battles, cards, end, entry, events, military, setup, trade, turn, wonders
from .dice import dice_legal, typed
from .entry import COUNTS

if TYPE_CHECKING:
    from ..game import CivSolo
    from ..state import SoloState


@dataclass(frozen=True)
class Stage:
    """One of the automa's procedures: ``run(state)`` goes on until a question is asked
    or the stage changes."""

    name: str
    run: Callable[[SoloState], None]
    rule: str = ""


def _over(s: SoloState) -> None:  # pragma: no cover - the loop stops first
    s.stage = OVER


STAGES: dict[str, Stage] = {st.name: st for st in (
    Stage("setup", setup.ask_start, "SOLO-1"),
    Stage("newturn", turn.new_turn, "SOLO-3.1"),
    Stage("base-start", turn.base_start, "SOLO-3.5"),
    Stage("counter", turn.counter, "SOLO-3.1, SOLO-2.3"),
    Stage("event-dice", turn.event_dice, "SOLO-3.2, SOLO-3.3, SOLO-3.5"),
    Stage("event-roll", events.event_roll, "SOLO-3.4"),
    Stage("cancel", events.ask_cancel, "SOLO-4.1.3, SOLO-4.2.3, SOLO-6.3"),
    Stage("cancel-roll", events.cancel_roll, "SOLO-6.1, SOLO-6.2"),
    Stage("resolve", events.resolve, "SOLO-4"),
    Stage("wonders", wonders.wonders, "SOLO-7.1, SOLO-7.2"),
    Stage("trade", trade.ask_trade, "SOLO-5.1"),
    Stage("trade-dice", trade.trade_dice, "SOLO-5.1, SOLO-5.2"),
    Stage("buy", trade.buy_stage, "SOLO-5.2"),
    Stage("give", trade.ask_give, "SOLO-5.3"),
    Stage("move", turn.ask_move, "SOLO-4.4.3"),
    Stage("battle", battles.battle, "SOLO-4.4"),
    Stage("end", end.ask_end, "SOLO-2.3"),
    Stage("debt", end.debt, "SOLO-4.1.5"),
    Stage("check", cards.check, "SOLO-6.1, SOLO-6.2"),
    Stage(OVER, _over),
)}
"""The automa's procedures by ``state.stage``."""


DECISIONS: tuple[tuple[str, Callable[[SoloState, int], list[Action]], Callable[[SoloState, int, Action], None],
                       str], ...] = (
    ("start", setup.start_legal, setup.start, "SOLO-1"),
    ("dice", dice_legal, typed, "SOLO-1.3"),
    ("cancel", events.cancel_legal, events.cancel, "SOLO-4.1.3, SOLO-4.2.3, SOLO-6.3"),
    ("destroy", military.destroy_legal, military.destroy, "SOLO-4.3.5"),
    ("units", entry.units_legal, entry.units_entered, "SOLO-4.2.2, SOLO-4.3.2"),
    ("hand", entry.units_legal, entry.hand_entered, "SOLO-4.4.6"),
    ("fortified", entry.fortified_legal, entry.fortified, "SOLO-4.4.6"),
    ("trade", trade.trade_legal, trade.trade, "SOLO-5.1"),
    ("buy", trade.buy_legal, trade.buy, "SOLO-5.2"),
    ("give", trade.give_legal, trade.give, "SOLO-5.3"),
    ("play", battles.play_legal, battles.play, "SOLO-4.4.6"),
    ("tie", battles.tie_legal, battles.tie, "SOLO-4.4.7"),
    ("phase:start", turn.phase_legal, turn.phase_start, "SOLO-3.5"),
    ("phase:move", turn.phase_legal, turn.phase_move, "SOLO-4.4.3"),
    ("phase:end", turn.phase_legal, turn.phase_end, "SOLO-2.3"),
    *((k, entry.count_legal, entry.counted, "SOLO-4") for k in COUNTS),
    *((f"gained:{k}", end.gained_legal, end.gained, "SOLO-4.1.5") for k in DEBT_KINDS),
)
"""Each question: its answers, what an answer does, the rules it implements."""

STEPS: dict[str, Step[SoloState]] = {name: Step(name, legal, play, rule) for name, legal, play, rule in DECISIONS}
"""The one dispatch of the decisions, by the question waiting (``state.ask``)."""
ASKS = frozenset(STEPS)


def run(s: SoloState) -> None:
    """The automa's procedures, until a question waits or the game is over."""
    stages = STAGES
    while s.ask is None and s.stage != OVER:
        stages[s.stage].run(s)


def legal(s: SoloState) -> tuple[Action, ...]:
    """The answers to the waiting question, computed once per position (a tuple: shared
    lists of answers never leak into a state)."""
    found = s.legal
    if found is None:
        ask = s.ask
        found = s.legal = () if ask is None or s.stage == OVER else tuple(STEPS[ask].legal(s, 0))
    return found


def apply(s: SoloState, player: int, action: Action | str) -> None:
    """Answer the waiting question; a wrong answer raises ``IllegalActionError`` saying
    what is wrong, and the state is left as it was."""
    if isinstance(action, Action):
        text = action.text
    elif isinstance(action, str):
        text = normalize(action)
    else:
        raise TypeError(f"an answer is an action or its text, not {type(action).__name__}")
    if s.stage == OVER:
        raise IllegalActionError("the game is over: no answer is expected")
    if player != 0:
        raise IllegalActionError(f"the solo game has one player (seat 0), not seat {shown(player)}")
    chosen = None
    for a in legal(s):
        if a.text == text:
            chosen = a
            break
    if chosen is None:
        raise IllegalActionError(s.explain(player, text))
    s.emit_move(0, chosen)
    s.news_from = len(s.log)
    play(s, chosen)


def start(game: CivSolo, seed: int) -> SoloState:
    """A new game (SOLO-1): the set-up (``setup.initial``), then the automa runs to the
    first question."""
    s = setup.initial(game, seed)
    run(s)
    return s


def play(s: SoloState, action: Action) -> None:
    """Carry out a legal answer, then run the automa to the next question."""
    ask = s.ask
    assert ask is not None
    s.ask = None
    s.legal = None
    STEPS[ask].play(s, 0, action)
    run(s)


__all__ = ["ASKS", "STAGES", "STEPS", "Stage", "apply", "legal", "play", "run", "start"]

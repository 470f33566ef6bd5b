"""The historical event (SOLO-3.4): the event roll read in table SOLO-8.1, the chance to
cancel it with a card (SOLO-4.1.3, SOLO-4.2.3, SOLO-6.3) and its resolution by kind
(``losses``, ``culture``, ``military``, ``battles``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action

from ..actions import act
from .base import end_event
from .battles import schedule
from .cards import failed
from .culture import culture
from .dice import roll
from .losses import loss
from .military import military
from .spoken import dice_words

if TYPE_CHECKING:
    from ..state import SoloState

KINDS = ("loss", "loss", "culture", "culture", "military", "battle")
"""SOLO-3.4: the kind of event of each face of the event roll."""
CANCEL = [act("accept"), act("cancel")]


def describe(s: SoloState, face: int) -> str:
    row = s.tables.row(s.turn_no)
    cell = row[str(face)]
    if face <= 2:
        return f"loss: lose {cell['text']} (SOLO-4.1)"
    if face <= 4:
        return f"culture event: {cell['text']} (SOLO-4.2)"
    if face == 5:
        return f"military event: your drawn unit cards must reach strength {cell['strength']} (SOLO-4.3)"
    return (f"battle: next turn an opponent at military level {cell['military_level']} with card limit "
            f"{cell['card_limit']} attacks your capital (SOLO-4.4)")


def event_roll(s: SoloState) -> None:
    """SOLO-3.4: one die, read in the row of table SOLO-8.1 for this turn."""
    d = roll(s, "kind", 1)
    if d is None:
        return
    face = d[0]
    row = s.tables.row(s.turn_no)
    s.event = {"face": face, "turn": s.turn_no}
    kind = KINDS[face - 1]
    s.count(f"{kind}_events")
    s.say(f"Event roll: {face} - {describe(s, face)} (table SOLO-8.1, turns {row['first_turn']}-"
          f"{row['last_turn']}, column {face}).")
    if s.journal is not None:
        cell = row[str(face)]
        args = {"face": face, "first": row["first_turn"], "last": row["last_turn"]}
        if face <= 4:
            args["what"] = cell["text"]
        elif face == 5:
            args["strength"] = cell["strength"]
        else:
            args["level"], args["limit"] = cell["military_level"], cell["card_limit"]
        s.emit(f"event.{kind}", args)
    if face == 6:
        if s.turn_no >= s.final_turn and s.rules.battle_after_last_turn == "A":
            s.say(f"Turn {s.turn_no + 1} is not played, so there is no battle (SOLO-4.4.3).")
            s.emit("battle.none.last", {"turn": s.turn_no + 1})
            end_event(s)
            return
        if s.rules.stacked_battles == "B" and s.pending:
            s.say("A battle is already pending: only one battle at a time, this 6 adds none (stacked-battles B).")
            s.emit("battle.none.stacked")
            end_event(s)
            return
    s.stage = "cancel" if cancellable(s, face) else "resolve"


def cancellable(s: SoloState, face: int) -> bool:
    """SOLO-4.1.3, SOLO-4.2.3, SOLO-6.3 (cancel-cards): A every event (events 3-4 only
    with a destructive card), B only events 1-2 (faces 1-4)."""
    return s.rules.cancel_cards == "A" or face <= 4


def ask_cancel(s: SoloState) -> None:
    s.ask = "cancel"


def cancel_legal(s: SoloState, player: int) -> list[Action]:
    return CANCEL


def cancel(s: SoloState, player: int, action: Action) -> None:
    """'cancel': a culture event card against the event (SOLO-4.1.3, SOLO-4.2.3; a
    destructive card for events 5-6, SOLO-6.3), with its failure roll (failure-roll-scope
    A); 'accept': the event goes ahead."""
    if action.kind == "accept":
        s.stage = "resolve"
        return
    assert s.event is not None
    face = s.event["face"]
    s.lose("card" if face <= 4 else "destroyer", -1)
    s.count("cards_used")
    if s.rules.failure_roll_scope == "A":
        s.say("You use a culture event card to cancel the event: first the failure roll (SOLO-6.1).")
        s.emit("cancel.tried")
        s.stage = "cancel-roll"
    else:
        s.count("cancelled")
        s.say("You use a culture event card: the event is cancelled (no failure roll: failure-roll-scope B).")
        s.emit("cancel.unchecked")
        end_event(s)


def cancel_roll(s: SoloState) -> None:
    """SOLO-6.1/6.2 on the card used to cancel (failure-roll-scope A)."""
    d = roll(s, "failure", 2)
    if d is None:
        return
    if failed(s, d):
        s.count("card_failures")
        s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card fails: its effect is cancelled and the card "
              f"is lost (SOLO-6.2). The event goes ahead unless you use another card.")
        s.emit("cancel.failed", {"dice": d})
        s.stage = "cancel"
    else:
        s.count("cancelled")
        s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card works: the event is cancelled.")
        s.emit("cancel.worked", {"dice": d})
        end_event(s)


def resolve(s: SoloState) -> None:
    """The event, by the face of the event roll (SOLO-3.4)."""
    assert s.event is not None
    face = s.event["face"]
    if face <= 2:
        loss(s, face)
    elif face <= 4:
        culture(s, face)
    elif face == 5:
        military(s)
    else:
        schedule(s)

"""Culture event cards and resource abilities (SOLO-6.1, SOLO-6.2): the failure roll of
two dice before each use. Its use against the events themselves (SOLO-4.1.3, SOLO-4.2.3,
SOLO-6.3, SOLO-4.3.5) is in ``events`` and ``military``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dice import roll
from .spoken import dice_words

if TYPE_CHECKING:
    from ..state import SoloState


def failed(s: SoloState, d: list[int]) -> bool:
    """SOLO-6.2: doubles fail, and 'a 1 and a 2' (one-and-two A) or any 1 or 2 (B)."""
    a, b = d
    if a == b:
        return True
    if s.rules.one_and_two == "A":
        return {a, b} == {1, 2}
    return a in (1, 2) or b in (1, 2)


def use(s: SoloState, what: str) -> None:
    """SOLO-6.1: 'use card' / 'use ability' between the steps of a turn: the failure roll
    comes first, then the turn goes on where it was."""
    s.work["check"] = what
    if what == "card":
        s.count("cards_used")
        s.lose("card", -1)
    else:
        s.count("ability_checks")
    s.emit("check.started", {"what": what})
    s.resume = s.stage
    s.stage = "check"


def check(s: SoloState) -> None:
    """SOLO-6.1, SOLO-6.2: the failure roll before a culture event card or a resource ability."""
    what = s.work.get("check", "card")
    d = roll(s, "failure", 2)
    if d is None:
        return
    if failed(s, d):
        s.count("card_failures" if what == "card" else "ability_failures")
        if what == "card":
            s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card is cancelled: discard it without its "
                  f"effect (SOLO-6.2).")
            s.emit("check.card.failed", {"dice": d})
        else:
            s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the ability is cancelled: the resources you paid "
                  f"are lost (SOLO-6.2).")
            s.emit("check.ability.failed", {"dice": d})
    else:
        s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - it works: carry out the "
              f"{'card' if what == 'card' else 'ability'} as the base game says.")
        s.emit("check.worked", {"dice": d, "what": what})
    s.work.pop("check", None)
    s.stage = s.resume or "trade"
    s.resume = None

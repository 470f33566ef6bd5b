"""Event 2, a culture event (SOLO-4.2.1, SOLO-4.2.2): the loss of a random unit (a unit
card or an army figure, option random-unit), Drought, Deforestation or Anarchy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import unit_code
from .base import end_event
from .spoken import unit_english

if TYPE_CHECKING:
    from ..state import SoloState


def culture(s: SoloState, face: int) -> None:
    """SOLO-4.2.2: the event of column 3 or 4 of table SOLO-8.1."""
    ev = s.tables.row(s.turn_no)[str(face)]["event"]
    if ev == "random-unit":
        random_unit(s)
        return
    info = s.tables.culture_events[ev]
    if s.rules.culture_event_effects == "A":
        card = f" (the base-game card {info['card']}, as if an opponent played it against you)" if info.get("card") else ""
        s.say(f"Culture event: {info['name']}{card}: {info['effect']}.")
        s.emit("culture.card" if info.get("card") else "culture.effect", {"event": ev})
    else:
        s.say(f"Culture event: {info['name']}. Its effect is not defined by the solo rules "
              f"(culture-event-effects B): apply your own ruling.")
        s.emit("culture.undefined", {"event": ev})
    end_event(s)


def random_unit(s: SoloState) -> None:
    """SOLO-4.2.2 random-unit: one of your unit cards at random (A), or one of your army
    figures (B); nothing when you have none."""
    cards = s.rules.random_unit == "A"
    have = s.need("units" if cards else "armies")
    if have is None:
        return
    if not have:
        what = "unit card" if cards else "army figure"
        s.say(f"Culture event: loss of a random {what} - you have none, so nothing is lost.")
        s.emit("culture.unit.none" if cards else "culture.army.none")
    elif cards:
        i = s.rng.below(len(have))
        lost = have[i]
        s.units = have[:i] + have[i + 1:]
        s.lose("unit", -1, tuple(lost))
        s.count("units_lost")
        s.say(f"Culture event: loss of a random unit card (random-unit A) - the companion picks your "
              f"{unit_english(lost)}: return it.")
        s.emit("culture.unit.lost", {"unit": unit_code(lost)})
    else:
        k = s.rng.below(have) + 1
        s.lose("armies", -1)
        s.say(f"Culture event: loss of a random unit (random-unit B) - remove army figure number {k} of "
              f"your {have}, counted from the north-west corner of the map, row by row.")
        s.emit("culture.army.lost", {"k": k, "armies": have})
    end_event(s)

"""Event 2, a culture event (SOLO-4.2.1, SOLO-4.2.2): the loss of a random unit (a unit
card or an army figure, option random-unit), Drought, Deforestation or Anarchy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words import unit_code, unit_text
from .base import end_event

if TYPE_CHECKING:
    from ..state import SoloState


def culture(s: SoloState, face: int) -> None:
    """SOLO-4.2.2: the event of column 3 or 4 of table SOLO-8.1."""
    ev = s.tables.row(s.turn_no)[str(face)]["event"]
    if ev == "random-unit":
        if s.rules.random_unit == "A":
            unit_card(s)
        else:
            army_figure(s)
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


def unit_card(s: SoloState) -> None:
    """SOLO-4.2.2 (random-unit A): one of your unit cards at random."""
    units = s.need("units")
    if units is None:
        return
    if not units:
        s.say("Culture event: loss of a random unit card - you have none, so nothing is lost.")
        s.emit("culture.unit.none")
    else:
        i = s.rng.below(len(units))
        lost = units[i]
        s.units = units[:i] + units[i + 1:]
        s.lose("unit", -1, tuple(lost))
        s.count("units_lost")
        s.say(f"Culture event: loss of a random unit card (random-unit A) - the companion picks your "
              f"{unit_text(lost)}: return it.")
        s.emit("culture.unit.lost", {"unit": unit_code(lost)})
    end_event(s)


def army_figure(s: SoloState) -> None:
    """SOLO-4.2.2 (random-unit B): one of your army figures at random."""
    armies = s.need("armies")
    if armies is None:
        return
    if not armies:
        s.say("Culture event: loss of a random army figure - you have none, so nothing is lost.")
        s.emit("culture.army.none")
    else:
        k = s.rng.below(armies) + 1
        s.lose("armies", -1)
        s.say(f"Culture event: loss of a random unit (random-unit B) - remove army figure number {k} of "
              f"your {armies}, counted from the north-west corner of the map, row by row.")
        s.emit("culture.army.lost", {"k": k, "armies": armies})
    end_event(s)

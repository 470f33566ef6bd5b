"""Event 3, the military event (SOLO-4.3.1 to SOLO-4.3.6): unit cards drawn at random up
to the combat card limit must reach the table's strength; bonuses count half; each
figure-destroying culture event card takes 2 off; a shortfall costs random unit cards
and an army figure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action

from ..actions import act, unit_code
from .base import end_event
from .cards import failed
from .dice import roll
from .spoken import dice_words, half_english, unit_english

if TYPE_CHECKING:
    from ..state import SoloState

DESTROY = [act("accept"), act("destroy")]


def halved(s: SoloState, bonus: int) -> int:
    """SOLO-4.3.4 in half points: round down (A), up (B) or keep halves (C)."""
    r = s.rules.half_rounding
    if r == "A":
        return 2 * (bonus // 2)
    if r == "B":
        return 2 * ((bonus + 1) // 2)
    return bonus


def military(s: SoloState) -> None:
    """SOLO-4.3.2 to SOLO-4.3.6, asking for what is missing on the way: the unit cards,
    the card limit, the combat bonus, a destroying card."""
    w = s.work
    units = s.need("units")
    if units is None:
        return
    limit = s.need("limit")
    if limit is None:
        return
    if "drawn" not in w:
        draw(s, units, limit)
    if w.get("destroy_roll"):
        d = roll(s, "failure", 2)
        if d is None:
            return
        del w["destroy_roll"]
        if failed(s, d):
            s.count("card_failures")
            s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card fails and is lost (SOLO-6.2).")
            s.emit("destroy.failed", {"dice": d})
        else:
            w["target"] = max(0, w["target"] - 2)
            s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card works: the opponent's strength drops by 2 "
                  f"to {w['target']} (SOLO-4.3.5).")
            s.emit("destroy.worked", {"dice": d, "target": w["target"]})
    total2 = w["total2"] + w.get("half2", 0)
    if total2 >= 2 * w["target"]:
        s.say(f"Your strength {half_english(total2)} reaches {w['target']}: the military event passes without loss.")
        s.emit("military.passed", {"total": total2, "target": w["target"]})
        end_event(s)
        return
    if "bonus" not in w:
        s.ask = "bonus"
        return
    if "half2" not in w:
        w["half2"] = halved(s, w["bonus"])
        total2 = w["total2"] + w["half2"]
        s.say(f"Your combat bonus {w['bonus']} counts half: {half_english(w['half2'])} (SOLO-4.3.4); your "
              f"strength is {half_english(total2)} against {w['target']}.")
        s.emit("military.bonus", {"bonus": w["bonus"], "half": w["half2"], "total": total2, "target": w["target"]})
        if total2 >= 2 * w["target"]:
            s.say("That is enough: the military event passes without loss.")
            s.emit("military.enough")
            end_event(s)
            return
    if not w.get("accepted"):
        s.ask = "destroy"
        return
    shortfall(s, units, total2)


def draw(s: SoloState, units: list[tuple[str, int, int]], limit: int) -> None:
    """SOLO-4.3.2, SOLO-4.3.3: shuffle the unit cards and draw the card limit at random."""
    w = s.work
    k = min(limit, len(units))
    pool = list(range(len(units)))
    drawn = [pool.pop(s.rng.below(len(pool))) for _ in range(k)]
    w["drawn"] = sorted(drawn)
    w["target"] = s.tables.row(s.turn_no)["5"]["strength"]
    w["total2"] = 2 * sum(units[i][2] for i in drawn)
    cards = ", ".join(unit_english(units[i]) for i in w["drawn"]) or "no cards"
    s.say(f"Military event: shuffle your unit cards and draw {limit} at random (SOLO-4.3.2). The companion "
          f"draws: {cards} - total strength {w['total2'] // 2}; the table asks for {w['target']} (SOLO-4.3.3).")
    if s.journal is not None:
        s.emit("military.drawn", {"limit": limit, "cards": [unit_code(units[i]) for i in w["drawn"]],
                                  "total": w["total2"] // 2, "target": w["target"]})


def shortfall(s: SoloState, units: list[tuple[str, int, int]], total2: int) -> None:
    """SOLO-4.3.6: one random unit card per point short, and one army figure (army-loss A)
    or one per unit lost (B)."""
    w = s.work
    short = (2 * w["target"] - total2 + 1) // 2
    n = min(short, len(units))
    pool = list(range(len(units)))
    lost_idx = sorted(pool.pop(s.rng.below(len(pool))) for _ in range(n))
    lost = [units[i] for i in lost_idx]
    s.units = [u for i, u in enumerate(units) if i not in set(lost_idx)]
    for u in lost:
        s.lose("unit", -1, tuple(u))
    figures = 1 if s.rules.army_loss == "A" else n
    if figures:
        s.lose("armies", -figures)
    s.count("military_failures")
    s.count("units_lost", n)
    cards = ", ".join(unit_english(u) for u in lost) or "no unit card (you have none)"
    army = ("one army figure of your choice (army-loss A)" if s.rules.army_loss == "A" else
            f"{figures} army figure{'s' if figures != 1 else ''} (army-loss B)")
    s.say(f"You are {short} strength short (SOLO-4.3.6): the companion picks {n} unit card"
          f"{'s' if n != 1 else ''} at random - {cards}. Return them, and remove {army} (or all you have).")
    if s.journal is not None:
        s.emit("military.failed", {"short": short, "n": n, "cards": [unit_code(u) for u in lost]})
        if s.rules.army_loss == "A":
            s.emit("military.army.one")
        else:
            s.emit("military.army.each", {"figures": figures})
    end_event(s)


def destroy_legal(s: SoloState, player: int) -> list[Action]:
    return DESTROY


def destroy(s: SoloState, player: int, action: Action) -> None:
    """SOLO-4.3.5: 'destroy' plays a culture event card that destroys an opponent's figure
    (-2 to the table value, after its failure roll under failure-roll-scope A); 'accept'
    takes the loss."""
    if action.kind == "accept":
        s.work["accepted"] = True
        return
    s.lose("destroyer", -1)
    s.count("cards_used")
    if s.rules.failure_roll_scope == "A":
        s.work["destroy_roll"] = True
        s.emit("destroy.tried")
    else:
        s.work["target"] = max(0, s.work["target"] - 2)
        s.say(f"You play a card that destroys an opponent's figure: the opponent's strength drops by 2 to "
              f"{s.work['target']} (SOLO-4.3.5).")
        s.emit("destroy.unchecked", {"target": s.work["target"]})

"""What the player reports about his own supply, asked only when a rule needs it: counts
('culture 3', 'bonus 4', 'limit 3'), lists of unit cards entered one by one ('unit
infantry 2 3', 'undo', 'same', 'done') and whether the capital is fortified. The
companion cannot see the table: these answers are all it knows of it."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from civtable.core.action import Action

from ..actions import act, unit_code
from ..catalog import BASIC_UNITS
from .spoken import unit_english

if TYPE_CHECKING:
    from ..state import SoloState

COUNTS = ("culture", "resources", "people", "buildings", "armies", "bonus", "limit")
"""Questions answered by one number: ``culture 3``."""
FORTIFIED = [act("fortified no"), act("fortified yes")]
_COUNTS: dict[tuple[str, int, int], list[Action]] = {}


# ------------------------------------------------------------ counts
def count_range(s: SoloState, key: str) -> tuple[int, int]:
    lim = s.tables.limits
    if key == "limit":
        return 1, lim["card_limit"]
    return 0, lim[key]


def count_legal(s: SoloState, player: int) -> list[Action]:
    ask = s.ask or ""
    lo, hi = count_range(s, ask)
    found = _COUNTS.get((ask, lo, hi))
    if found is None:
        found = _COUNTS[(ask, lo, hi)] = [act(f"{ask} {n}") for n in range(lo, hi + 1)]
    return found


def counted(s: SoloState, player: int, action: Action) -> None:
    s.work[action.kind] = action.args[0]


# ------------------------------------------------------------ unit cards
def entry_max(s: SoloState, ask: str) -> int:
    if ask == "hand":
        return s.tables.limits["hand"]
    return sum(s.tables.copies.values())


def used_cards(s: SoloState) -> Counter[tuple[str, int]]:
    bases = s.tables.bases
    return Counter((k, bases.get((k, r, st), 0)) for k, r, st in s.entry)


def fixed_ranks(s: SoloState) -> dict[str, int]:
    """Every card of a type has the rank of the player's military technology: the first
    card entered fixes it."""
    return {k: r for k, r, _ in s.entry if k != "aircraft"}


def unit_texts(s: SoloState, ask: str) -> list[str]:
    """The cards that may still be entered: those of the base decks (provisional data),
    no more copies than the deck has, every type at one rank."""
    if len(s.entry) >= entry_max(s, ask):
        return []
    tables = s.tables
    used = used_cards(s)
    fixed = fixed_ranks(s)
    out: list[str] = []
    for kind in BASIC_UNITS:
        for rank in ([fixed[kind]] if kind in fixed else range(1, 5)):
            for st in tables.strengths[(kind, rank)]:
                base = tables.bases[(kind, rank, st)]
                if used[(kind, base)] < tables.copies[(kind, base)]:
                    out.append(f"unit {kind} {rank} {st}")
    for st in tables.strengths[("aircraft", 1)]:
        if used[("aircraft", st)] < tables.copies[("aircraft", st)]:
            out.append(f"unit aircraft {st}")
    return out


def units_legal(s: SoloState, player: int) -> list[Action]:
    ask = s.ask or "units"
    out = [act(t) for t in unit_texts(s, ask)]
    if s.entry:
        out.append(act("undo"))
    elif ask == "units" and s.units is not None:
        out.append(act("same"))
    out.append(act("done"))
    return out


def entered(s: SoloState, ask: str, action: Action) -> None:
    """One card of the list ``ask`` ('units': all the player's unit cards; 'hand': his
    battle hand), 'undo', 'same' (the cards given last time) or 'done'."""
    word = action.kind
    if word == "unit":
        a = action.args
        s.entry.append(("aircraft", 0, a[1]) if a[0] == "aircraft" else (a[0], a[1], a[2]))
        s.ask = ask
    elif word == "undo":
        s.entry.pop()
        s.ask = ask
    else:
        cards = list(s.units or []) if word == "same" else list(s.entry)
        s.entry = []
        s.work[ask] = cards
        if ask == "units":
            s.units = list(cards)
        what = "Your unit cards" if ask == "units" else "Your battle hand"
        s.say(f"{what}: {', '.join(unit_english(u) for u in cards) or 'none'}.")
        if s.journal is not None:
            s.emit("units.entered" if ask == "units" else "hand.entered", {"cards": [unit_code(u) for u in cards]})


def units_entered(s: SoloState, player: int, action: Action) -> None:
    entered(s, "units", action)


def hand_entered(s: SoloState, player: int, action: Action) -> None:
    entered(s, "hand", action)


# ------------------------------------------------------------ the capital
def fortified_legal(s: SoloState, player: int) -> list[Action]:
    return FORTIFIED


def fortified(s: SoloState, player: int, action: Action) -> None:
    """SOLO-4.4.6: a fortified capital lets the opponent play first."""
    s.work["fortified"] = action.args[0] == "yes"

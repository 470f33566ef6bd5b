"""Dice (SOLO-1.3): rolled by the state's generator (``dice=engine``) or typed one by one
by the person at the table (``dice=table``: 'die 5'; 'miss' closes an event roll when
none of the remaining dice shows 5 or 6). Shuffles and random picks always stay with
the generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action

from ..actions import act

if TYPE_CHECKING:
    from ..state import SoloState

PURPOSES = ("event", "kind", "trade", "failure")
"""What a roll is for: the event dice (SOLO-3.2), the event roll (SOLO-3.4), the trade
dice (SOLO-5.1), the failure roll (SOLO-6.1)."""

FACES = [act(f"die {v}") for v in range(1, 7)]
WITH_MISS = [*FACES, act("miss")]


def roll(s: SoloState, purpose: str, n: int) -> list[int] | None:
    """SOLO-1.3: ``n`` dice for ``purpose``, rolled now (dice=engine) or asked one by one
    (dice=table); ``None`` while the person has not typed them all."""
    r = s.roll
    if r is not None and r["purpose"] == purpose and r["done"]:
        s.roll = None
        return list(r["got"])
    if not s.rules.dice_table:
        rng = s.rng
        return [rng.below(6) + 1 for _ in range(n)]
    s.roll = {"purpose": purpose, "n": n, "got": [], "done": False}
    s.ask = "dice"
    return None


def dice_legal(s: SoloState, player: int) -> list[Action]:
    assert s.roll is not None
    return WITH_MISS if s.roll["purpose"] == "event" else FACES


def typed(s: SoloState, player: int, action: Action) -> None:
    """One die typed (dice=table); an event roll ends at its first 5 or 6 (SOLO-3.3)."""
    r = s.roll
    assert r is not None
    if action.kind == "miss":
        r["got"].extend([0] * (r["n"] - len(r["got"])))
    else:
        r["got"].append(action.args[0])
    if len(r["got"]) >= r["n"] or (r["purpose"] == "event" and r["got"][-1] >= 5):
        r["done"] = True
    else:
        s.ask = "dice"

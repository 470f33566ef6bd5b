"""The end of a turn and of the game: victory (SOLO-2.1), time running out (SOLO-2.3),
and the wound-marker debt paid off by the tokens gained (SOLO-4.1.4, SOLO-4.1.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action

from ..actions import act
from ..state import DEBT_KINDS, OVER
from .spoken import DEBT_LABELS

if TYPE_CHECKING:
    from ..state import SoloState


def finish(s: SoloState, outcome: str, why: str, cause: str = "") -> None:
    """The game ends: ``won`` (SOLO-2.1), ``battle`` (SOLO-4.4.9) or ``time`` (SOLO-2.3)."""
    s.outcome = outcome
    s.end_turn = s.turn_no
    s.stage = OVER
    s.ask = None
    s.say(why)
    if outcome == "won":
        s.emit("game.won", {"turn": s.turn_no})
    else:
        s.emit("game.lost", {"turn": s.turn_no, "cause": cause or outcome})


def won(s: SoloState) -> None:
    """SOLO-2.1: the player reports a culture, technology or economic victory."""
    finish(s, "won", f"You report a victory in turn {s.turn_no} (SOLO-2.1): you have won the solo game.")


def ask_end(s: SoloState) -> None:
    s.ask = "phase:end"


# ------------------------------------------------------------ wound-marker debt
def debt_kind(s: SoloState, kind: str) -> str:
    """SOLO-4.1.5 debt-type: per type (A) or one shared debt (B)."""
    return kind if s.rules.debt_type == "A" else "tokens"


def debt_words(s: SoloState) -> str:
    parts = [f"{k} {v}" for k, v in s.debt.items() if v]
    return ", ".join(parts) if parts else "none"


def gain(s: SoloState, kind: str, n: int, how: str) -> int:
    """SOLO-4.1.5: tokens gained first pay off wound markers; returns how many are kept."""
    dk = debt_kind(s, kind)
    paid = min(n, s.debt[dk])
    if paid:
        s.debt[dk] -= paid
        s.count("debt_paid", paid)
        s.lose(kind, -paid, "debt")
        s.say(f"{how}: {paid} of it pays off {paid} wound marker{'s' if paid > 1 else ''} (discard "
              f"{'them' if paid > 1 else 'it'}; SOLO-4.1.5), you keep {n - paid}. "
              f"Debt left: {debt_words(s)}.")
        s.emit("debt.paid", {"kind": dk, "gained": n, "paid": paid, "kept": n - paid, "left": s.debt[dk]})
    return n - paid


def debt(s: SoloState) -> None:
    """SOLO-4.1.5 at the end of a turn: this turn's gains pay off wound markers first."""
    if s.turn_no >= s.final_turn:
        s.stage = "newturn"
        return
    done = s.work.setdefault("gained_done", [])
    for kind in DEBT_KINDS:
        if s.debt[kind] > 0 and kind not in done:
            s.ask = f"gained:{kind}"
            return
    s.work = {}
    s.stage = "newturn"


_GAINED: dict[tuple[str, int], list[Action]] = {}


def gained_legal(s: SoloState, player: int) -> list[Action]:
    kind = (s.ask or "").partition(":")[2]
    top = s.tables.limits["gained"]
    found = _GAINED.get((kind, top))
    if found is None:
        found = _GAINED[(kind, top)] = [act(f"gained {kind} {n}") for n in range(0, top + 1)]
    return found


def gained(s: SoloState, player: int, action: Action) -> None:
    """'gained culture 3': this turn's gains of a kind in debt pay off its wound markers."""
    kind, n = action.args[0], action.args[1]
    paid = min(n, s.debt[kind])
    s.debt[kind] -= paid
    s.count("debt_paid", paid)
    if paid:
        s.lose(kind, -paid, "debt")
    s.work.setdefault("gained_done", []).append(kind)
    label = DEBT_LABELS[kind]
    if paid:
        s.say(f"You gained {n} {label}: {paid} of them pay off {paid} wound marker{'s' if paid > 1 else ''} "
              f"(hand the {label} back and discard the markers; SOLO-4.1.5); you keep {n - paid}. "
              f"Debt left: {debt_words(s)}.")
        s.emit("debt.paid", {"kind": kind, "gained": n, "paid": paid, "kept": n - paid, "left": s.debt[kind]})
    else:
        s.say(f"You gained no {label}: your debt stays ({debt_words(s)}).")
        s.emit("debt.stays", {"kind": kind, "gained": n, "left": s.debt[kind]})

"""Event 1, loss of tokens, buildings or great people (SOLO-4.1.1 to SOLO-4.1.4): the
table's loss, the wound-marker debt for tokens that cannot be paid, and who picks what
is lost (loss-choice, loss-none)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import end_event
from .end import debt_kind, debt_words

if TYPE_CHECKING:
    from ..state import SoloState


def loss(s: SoloState, face: int) -> None:
    """SOLO-4.1.1, SOLO-4.1.2: a 1 or a 2 loses what column 1 or 2 of table SOLO-8.1 says."""
    cell = s.tables.row(s.turn_no)[str(face)]
    item, count = cell["lose"], cell["count"]
    if item in ("culture_token", "resource_token"):
        tokens(s, cell["text"], "culture" if item == "culture_token" else "resources", count)
    else:
        piece(s, "people" if item == "great_person" else "buildings")


def tokens(s: SoloState, what: str, key: str, count: int) -> None:
    """SOLO-4.1.2 to SOLO-4.1.4: pay what you hold, a wound marker for each token short;
    loss-choice B names the resource token lost."""
    held = s.need(key)
    if held is None:
        return
    word = "culture token" if key == "culture" else "resource token"
    pay = min(held, count)
    short = count - pay
    dk = debt_kind(s, key)
    s.debt[dk] += short
    s.count("tokens_lost", pay)
    s.count("debt_taken", short)
    if pay:
        s.lose(key, -pay)
    text = f"Event: lose {what}; you have {held}"
    text += f" -> pay {pay}" if pay else " -> you pay none"
    if short:
        text += (f", take {short} wound marker{'s' if short > 1 else ''} ({key} debt "
                 f"{s.debt[dk]}; SOLO-4.1.4)" if dk != "tokens" else
                 f", take {short} wound marker{'s' if short > 1 else ''} (shared debt {s.debt[dk]}; SOLO-4.1.4)")
    text += "."
    s.emit("loss.tokens", {"what": what, "kind": key, "held": held, "paid": pay})
    if short:
        s.emit("loss.debt", {"short": short, "kind": dk, "debt": s.debt[dk]})
    if key == "resources" and pay:
        if s.rules.loss_choice == "A":
            text += f" You choose which {word}{'s' if pay > 1 else ''} to discard (loss-choice A)."
            s.emit("loss.resource.choose", {"n": pay})
        else:
            k = s.rng.below(held) + 1
            text += (f" At random (loss-choice B): discard your resource token number {k} of {held}, "
                     f"counting them left to right as they lie in front of you.")
            s.emit("loss.resource.random", {"k": k, "held": held})
    s.say(text)
    end_event(s)


def piece(s: SoloState, key: str) -> None:
    """SOLO-4.1.2: a great person or a building/wonder; loss-choice B picks it at random,
    loss-none B costs a wound marker when you have none."""
    word = "great person" if key == "people" else "building or wonder"
    r = s.rules
    if r.loss_choice == "B" or r.loss_none == "B":
        held = s.need(key)
        if held is None:
            return
        if held == 0:
            if r.loss_none == "A":
                s.say(f"Event: lose one {word}; you have none, so nothing happens (loss-none A).")
                s.emit("loss.piece.none", {"piece": key})
            else:
                dk = debt_kind(s, key)
                s.debt[dk] += 1
                s.count("debt_taken")
                s.say(f"Event: lose one {word}; you have none: take one wound marker instead (loss-none B; "
                      f"debt: {debt_words(s)}).")
                s.emit("loss.piece.debt", {"piece": key, "kind": dk, "debt": s.debt[dk]})
        else:
            s.lose(key, -1)
            if r.loss_choice == "A":
                s.say(f"Event: lose one {word} of your choice (SOLO-4.1.2); return it to the box or market.")
                s.emit("loss.piece.choose", {"piece": key})
            else:
                k = s.rng.below(held) + 1
                s.say(f"Event: lose one {word} at random (loss-choice B): number {k} of your {held}, counted in "
                      f"the order they lie on your civilization sheet and map, from the left.")
                s.emit("loss.piece.random", {"piece": key, "k": k, "held": held})
    else:
        s.lose(key, -1)
        extra = " (a wonder counts: the table says building/wonder)" if key == "buildings" else ""
        s.say(f"Event: lose one {word} of your choice{extra} (SOLO-4.1.2). If you have none, nothing happens "
              f"(loss-none A).")
        s.emit("loss.piece.any", {"piece": key})
    end_event(s)

"""Attacks: declaring attackers, Catapults against City Walls, and walls bouncing
attackers (CCG-7.0 to CCG-7.2.2, CCG-2.5.3). Defending and damage follow in
``defense.py``.

A declared attack is ``[unit, defender, status]`` (``phases.ACTIVE``, ``BOUNCED``,
``BLOCKED``, ``SIEGED``); the unit has left the Attacker's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import ATTACK, FIGHT, CcgAction
from ..state import ACTIVE, BOUNCED, BOUNCING, REDECLARE, SIEGED, SIEGING
from .defense import defend_start, defenders, unplace
from .draw import draw_step
from .status import before as status_before
from .status import tell as status_tell

if TYPE_CHECKING:
    from ..state import CcgState


def attacks(s: CcgState, p: int, resend: bool) -> list[CcgAction]:
    """CCG-7.0 / CCG-7.1: one attacking unit from hand against an adjacent player (with
    bounce B, a bounced unit sent again); military cards serve only in combat (CCG-2.5.1)
    and attack as their card data says (CCG-2.5.2)."""
    r = s.rules
    h = s.hand[p]
    rows = r.acts.attacks_of[p]  # by card, its attacks on each opponent p may attack
    out: list[CcgAction] = []
    if resend:
        for c in sorted({a[0] for a in s.attacks if a[2] == BOUNCED and h[a[0]]}):
            out += rows[c]
    else:
        for c in r.acts.attackers:
            if h[c]:
                out += rows[c]
    return out


def legal_declare(s: CcgState, p: int) -> list[CcgAction]:
    """The combat step (step-order A) and the second declaration of bounce B."""
    resend = s.phase == REDECLARE
    out = attacks(s, p, resend=resend)
    acts = s.rules.acts
    if resend:
        out.append(acts.fight)
        return out
    for a in s.attacks:
        if a[2] == ACTIVE:
            out.append(acts.fight)
            return out
    if not s.attacks:
        out.append(acts.pass_)
    return out


def declare(s: CcgState, p: int, a: CcgAction) -> None:
    """CCG-7.1: the unit leaves the hand for the attack."""
    s.hand[p][a.a] -= 1
    s.attacks.append([a.a, a.b, ACTIVE])


def play_declare(s: CcgState, p: int, a: CcgAction) -> None:
    if a.code == ATTACK:
        if s.phase == REDECLARE:  # bounce B: a bounced unit sent again
            for entry in s.attacks:
                if entry[0] == a.a and entry[2] == BOUNCED:
                    entry[1] = a.b
                    entry[2] = ACTIVE
                    break
            s.hand[p][a.a] -= 1
            return
        declare(s, p, a)
    elif a.code == FIGHT:
        if s.phase == REDECLARE:
            defend_start(s)
        else:
            fight(s)
    else:  # pass: no combat
        draw_step(s)


def fight(s: CcgState) -> None:
    """The combat begins: CCG-7.2.1, Catapults against City Walls first."""
    if s.journal is not None:
        ids = s.rules.ids
        for d in defenders(s):
            units = [ids[a[0]] for a in s.attacks if a[1] == d and a[2] == ACTIVE]
            s.emit("combat.begins", {"attacker": s.current, "defender": d, "units": units})
    s.queue = [i for i, a in enumerate(s.attacks) if s.rules.unit_siege[a[0]]]
    siege_next(s)


def siege_next(s: CcgState) -> None:
    """CCG-7.2.1 (catapult-repeat): the first Catapult against a Defender's City Walls
    always fires; further ones automatically (A) or as the Attacker chooses (B)."""
    while s.queue:
        i = s.queue[0]
        d = s.attacks[i][1]
        if not s.walls(d):
            s.queue.pop(0)
            continue
        first = not any(a[2] == SIEGED and a[1] == d for a in s.attacks)
        if first or s.rules.catapult_auto:
            s.queue.pop(0)
            siege(s, i)
            continue
        s.phase = SIEGING
        s.decider = s.current
        return
    bounce_start(s)


def siege(s: CcgState, i: int) -> None:
    """The City Walls go back to the Defender's hand, the Catapult to the discard pile."""
    entry = s.attacks[i]
    d = entry[1]
    r = s.rules
    for pl in s.plots[d]:
        for c in pl[2:]:
            if r.card_walls[c]:
                was = status_before(s, r.card_culture[c], r.card_happiness[c])
                unplace(pl, c)
                s.changed(d)
                s.hand[d][c] += 1
                entry[2] = SIEGED
                s.discard.append(entry[0])
                if s.journal is not None:
                    s.emit("siege.walls", {"attacker": s.current, "unit": r.ids[entry[0]], "defender": d,
                                           "walls": r.ids[c]})
                status_tell(s, was)
                return


def legal_siege(s: CcgState, p: int) -> tuple[CcgAction, ...]:
    return s.rules.acts.siege


def play_siege(s: CcgState, p: int, a: CcgAction) -> None:
    i = s.queue.pop(0)
    if a.a:
        siege(s, i)
    siege_next(s)


def bounce_start(s: CcgState) -> None:
    """CCG-7.2.2: each Defender bounces one attacker per City Walls and for the Great Wall."""
    s.queue = defenders(s)
    bounce_next(s)


def bounce_next(s: CcgState) -> None:
    while s.queue:
        d = s.queue[0]
        walls = s.walls(d) + (1 if s.has_great_wall(d) else 0)
        mine = [a for a in s.attacks if a[1] == d and a[2] == ACTIVE]
        count = min(walls, len(mine))
        if count == 0:
            s.queue.pop(0)
            continue
        if count == len(mine) or len({a[0] for a in mine}) == 1:
            for a in mine[:count]:
                bounce(s, a)
            s.queue.pop(0)
            continue
        s.left = count
        s.phase = BOUNCING
        s.decider = d
        return
    if s.rules.resend_bounced and any(a[2] == BOUNCED for a in s.attacks):
        s.phase = REDECLARE  # bounce B: the Attacker may send the bounced units again
        s.decider = s.current
        return
    defend_start(s)


def bounce(s: CcgState, entry: list[int]) -> None:
    """CCG-7.2.2: the unit goes back to the Attacker's hand."""
    entry[2] = BOUNCED
    s.hand[s.current][entry[0]] += 1
    s.emit("bounce.unit", {"defender": entry[1], "attacker": s.current, "unit": s.rules.ids[entry[0]]})


def legal_bounce(s: CcgState, p: int) -> list[CcgAction]:
    """The Defender chooses which of his attackers his walls bounce."""
    kinds = sorted({a[0] for a in s.attacks if a[1] == p and a[2] == ACTIVE})
    acts = s.rules.acts.bounce
    return [acts[c] for c in kinds]


def play_bounce(s: CcgState, d: int, a: CcgAction) -> None:
    for entry in s.attacks:
        if entry[0] == a.a and entry[1] == d and entry[2] == ACTIVE:
            bounce(s, entry)
            break
    s.left -= 1
    if not s.left:
        s.queue.pop(0)
        bounce_next(s)

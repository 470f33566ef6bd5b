"""Defending, damage and the end of a combat (CCG-7.3 to CCG-7.6, CCG-2.6.2, CCG-2.7.2).

Each Defender, from the Attacker's left, blocks attackers one for one with legal
defenders (block-ratio A); the blocked pairs are discarded. Every unblocked unit
then takes population (the Defender chooses the plot, the Attacker where it goes)
or destroys a building (never a wonder; the Defender chooses, the building goes
back to his hand), as far as it can. The units that took part are discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import BLOCK, CcgAction
from ..catalog import BUILDING
from ..state import ACTIVE, BLOCKED, BOUNCED, DEFENDING, DESTROYING, GAINING, LOSING, MAIN, SIEGED
from .draw import draw_step
from .status import before as status_before
from .status import tell as status_tell

if TYPE_CHECKING:
    from ..state import CcgState


def blocks(s: CcgState, d: int) -> list[CcgAction]:
    """CCG-7.3: a legal defender for one unblocked attacker of this Defender."""
    r = s.rules
    h = s.hand[d]
    attackers = sorted({a[0] for a in s.attacks if a[1] == d and a[2] == ACTIVE})
    out = []
    for att in attackers:
        for c in r.units:
            if h[c] and r.unit_defend[c]:
                allowed = r.unit_blocks[c]
                if allowed is None or att in allowed:
                    out.append(r.acts.block[att][c])
    return out


def legal_defend(s: CcgState, p: int) -> list[CcgAction]:
    return [*blocks(s, p), s.rules.acts.done]


def defenders(s: CcgState) -> list[int]:
    """CCG-7.3: the Defenders with an active attacker, starting with the first to the Attacker's left."""
    attacked = {a[1] for a in s.attacks if a[2] == ACTIVE}
    return [q for q in ((s.current + k) % s.n for k in range(1, s.n)) if q in attacked]


def unplace(plot: list[int], card: int) -> None:
    """Take a placed card off a plot (its cards start at index 2)."""
    del plot[plot.index(card, 2)]


def defend_start(s: CcgState) -> None:
    """CCG-7.3: the Defenders in turn; bounced units not sent again leave the combat."""
    s.attacks = [a for a in s.attacks if a[2] != BOUNCED]
    s.queue = defenders(s)
    if not s.queue:
        combat_end(s)
        return
    s.phase = DEFENDING
    s.decider = s.queue[0]


def play_defend(s: CcgState, d: int, a: CcgAction) -> None:
    if a.code == BLOCK:
        for i, entry in enumerate(s.attacks):
            if entry[0] == a.a and entry[1] == d and entry[2] == ACTIVE:
                # CCG-7.4: the blocked pair will be discarded; it leaves play now
                entry[2] = BLOCKED
                s.hand[d][a.b] -= 1
                s.blocks.append([i, a.b])
                s.discard.append(a.b)
                s.discard.append(entry[0])
                return
        return
    s.queue.pop(0)
    if s.queue:
        s.decider = s.queue[0]
        return
    r = s.rules
    s.damage = [[i, r.unit_pop_damage[e[0]], r.unit_building_damage[e[0]]]
                for i, e in enumerate(s.attacks) if e[2] == ACTIVE]
    damage_next(s)


def destroyable(s: CcgState, d: int) -> list[tuple[int, int]]:
    """CCG-2.6.2 / CCG-2.7.2: buildings, never wonders; each distinct (card, plot) once."""
    kinds = s.rules.kind
    return sorted({(c, i) for i, pl in enumerate(s.plots[d]) for c in pl[2:] if kinds[c] == BUILDING})


def damage_next(s: CcgState) -> None:
    """CCG-7.5: each unblocked unit steals population or destroys buildings, as it can;
    the Defender decides where when there is a choice."""
    while s.damage:
        i, pops, buildings = s.damage[0]
        d = s.attacks[i][1]
        if pops:
            plots = [k for k, pl in enumerate(s.plots[d]) if pl[1]]
            if not plots:
                s.damage[0][1] = 0
                s.emit("damage.no_population", {"unit": s.rules.ids[s.attacks[i][0]], "defender": d})
                continue
            if len(plots) == 1:
                lose(s, d, plots[0])
                return
            s.phase = LOSING
            s.decider = d
            return
        if buildings:
            options = destroyable(s, d)
            if not options:
                s.damage[0][2] = 0
                s.emit("damage.no_building", {"unit": s.rules.ids[s.attacks[i][0]], "defender": d})
                continue
            if len(options) == 1:
                destroy(s, d, *options[0])
                continue
            s.phase = DESTROYING
            s.decider = d
            return
        s.damage.pop(0)
    combat_end(s)


def lose(s: CcgState, d: int, plot: int) -> None:
    """CCG-7.5: a population leaves the Defender's plot for one of the Attacker's."""
    s.plots[d][plot][1] -= 1
    s.damage[0][1] -= 1
    if s.journal is not None:
        r = s.rules
        unit = s.attacks[s.damage[0][0]][0]
        s.emit("damage.population", {"unit": r.ids[unit], "defender": d,
                                     "plot": r.cards.plots[s.plots[d][plot][0]].id, "number": plot + 1})
    a = s.current
    if len(s.plots[a]) == 1:
        gain(s, a, 0)
        return
    s.phase = GAINING
    s.decider = a


def gain(s: CcgState, a: int, plot: int) -> None:
    s.plots[a][plot][1] += 1
    if s.journal is not None:
        s.emit("damage.gained", {"attacker": a, "plot": s.rules.cards.plots[s.plots[a][plot][0]].id,
                                 "number": plot + 1})
    damage_next(s)


def destroy(s: CcgState, d: int, card: int, plot: int) -> None:
    """CCG-2.6.2: a destroyed building returns to its owner's hand."""
    was = status_before(s, s.rules.card_culture[card], s.rules.card_happiness[card])
    unplace(s.plots[d][plot], card)
    s.changed(d)
    s.hand[d][card] += 1
    s.damage[0][2] -= 1
    if s.journal is not None:
        r = s.rules
        unit = s.attacks[s.damage[0][0]][0]
        s.emit("damage.building", {"unit": r.ids[unit], "defender": d, "card": r.ids[card],
                                   "plot": r.cards.plots[s.plots[d][plot][0]].id, "number": plot + 1})
    status_tell(s, was)


def legal_lose(s: CcgState, p: int) -> list[CcgAction]:
    acts = s.rules.acts.lose
    return [acts[i] for i, pl in enumerate(s.plots[p]) if pl[1]]


def legal_gain(s: CcgState, p: int) -> tuple[CcgAction, ...]:
    return s.rules.acts.gain[:len(s.plots[p])]


def legal_destroy(s: CcgState, p: int) -> list[CcgAction]:
    acts = s.rules.acts.destroy
    return [acts[c][i] for c, i in destroyable(s, p)]


def play_lose(s: CcgState, d: int, a: CcgAction) -> None:
    lose(s, d, a.a)


def play_gain(s: CcgState, p: int, a: CcgAction) -> None:
    gain(s, p, a.a)


def play_destroy(s: CcgState, d: int, a: CcgAction) -> None:
    destroy(s, d, a.a, a.b)
    damage_next(s)


def combat_end(s: CcgState) -> None:
    """CCG-7.6: the units that took part (and were not bounced) are discarded; then
    the purchase step again (step-order B) or the draw (A)."""
    if s.journal is not None:
        tell_result(s)
    for entry in s.attacks:
        if entry[2] == ACTIVE:
            s.discard.append(entry[0])
    s.attacks, s.blocks, s.damage = [], [], []
    s.queue = []
    s.fought = True
    if s.rules.steps_fixed:
        draw_step(s)
    else:
        s.phase = MAIN
        s.decider = s.current


def tell_result(s: CcgState) -> None:
    """The combat's result against each Defender: what got through, was blocked or
    bounced, and what he lost (the damage told since the combat began)."""
    ids = s.rules.ids
    bounced: dict[int, list[str]] = {}
    stolen: dict[int, int] = {}
    destroyed: dict[int, int] = {}
    for e in reversed(s.journal) if s.journal is not None else ():
        if e.id == "turn.start":
            break
        args: Any = e.args
        if e.id == "bounce.unit":
            bounced.setdefault(args["defender"], []).insert(0, args["unit"])
        elif e.id == "damage.population":
            stolen[args["defender"]] = stolen.get(args["defender"], 0) + 1
        elif e.id == "damage.building":
            destroyed[args["defender"]] = destroyed.get(args["defender"], 0) + 1
    order = [(s.current + k) % s.n for k in range(1, s.n)]
    attacked = {a[1] for a in s.attacks} | set(bounced)
    discarded: list[str] = []
    for d in order:
        if d not in attacked:
            continue
        through = [ids[a[0]] for a in s.attacks if a[1] == d and a[2] == ACTIVE]
        blocked = [[ids[s.attacks[i][0]], ids[c]] for i, c in s.blocks if s.attacks[i][1] == d]
        if through:
            s.emit("combat.won", {"attacker": s.current, "defender": d, "through": through, "blocked": blocked,
                                  "losses": {"population": stolen.get(d, 0), "buildings": destroyed.get(d, 0)}})
        else:
            s.emit("combat.held", {"attacker": s.current, "defender": d, "blocked": blocked,
                                   "bounced": bounced.get(d, [])})
        discarded.extend(through)
        for i, c in s.blocks:
            if s.attacks[i][1] == d:
                discarded.extend((ids[s.attacks[i][0]], ids[c]))
        discarded.extend(ids[a[0]] for a in s.attacks if a[1] == d and a[2] == SIEGED)
    if discarded:
        s.emit("combat.discarded", {"cards": discarded})

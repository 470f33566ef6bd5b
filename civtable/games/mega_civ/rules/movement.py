"""Phase 3: movement by land and by ship (MC-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import AUTO, MOVE, PAYMENTS
from .flow import ask, next_in_queue
from .population import conflict_arises

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def phase_movement(s: MegaState) -> None:
    """MC-3.1: players move in AST order, Military holders after all the others. When
    movement is simultaneous they move in a second round, after the others' moves are
    revealed (``target`` is 1 until then)."""
    s.moved = [[0] * len(s.board.areas) for _ in range(s.n)]
    players = [p for p in s.order if s.tokens_on_map(p)]
    late = [p for p in players if s.holds(p, "moves_last")]
    early = [p for p in players if p not in late]
    if early and late and "move" in s.rules.simultaneous_steps:
        s.target = 1
        ask(s, MOVE, early)
        return
    if not ask(s, MOVE, early + late):
        movement_done(s)


def movement_done(s: MegaState) -> None:
    if s.target == 1:  # the Military holders' round (simultaneous movement)
        s.target = -1
        if ask(s, MOVE, [p for p in s.order if s.holds(p, "moves_last") and s.tokens_on_map(p)]):
            return
    for p in range(s.n):  # every ship stays on the map through the conflicts (Naval Warfare)
        if s.ships[p]:
            s.docked[p] += s.ships[p]
            s.docked[p].sort()
            s.ships[p] = []
    s.moved = [[0] * len(s.board.areas) for _ in range(s.n)]
    s.phase = 4
    s.step = AUTO


def legal_moves(s: MegaState, p: int) -> list[Action]:
    """MC-3.1 to MC-3.5: a token to an adjacent land area (MC-3.2: never across water
    by land); building and sailing ships.

    Roadbuilding: also ``move A B C``, two areas, through a B free of other units
    (a token meeting other units after its first step must stop there); one path
    per destination not next to A. Cloth Making: ships reach 5 areas; Naval
    Warfare: they carry 6. Diplomacy and Cultural Ascendancy close areas (``barred``).
    """
    rules = s.rules
    g = rules.act
    areas = s.board.areas
    t, m = s.tokens[p], s.moved[p]
    guarded = guarded_areas(s, p)
    road = (s.holds(p, "land_moves") or 1) >= 2
    out: list[Action] = []
    for a, k in enumerate(t):
        if k > m[a]:
            src = areas[a]
            if guarded:
                out += [x for b, x in zip(src.land, rules.land_moves(a), strict=True)
                        if b not in guarded or not barred(s, p, b, 1)]
            else:
                out += rules.land_moves(a)
            if road:
                reached = {a, *src.land}
                for b in src.land:
                    if not clear(s, p, b):
                        continue
                    for c in areas[b].land:
                        if c in reached:
                            continue
                        reached.add(c)
                        if c not in guarded or not barred(s, p, c, 1):
                            out.append(g("move", src.id, areas[b].id, areas[c].id))
    if s.ship_stock[p]:
        total = sum(t)
        for a in s.board.coastal_areas:
            if t[a]:
                ships = rules.ship_builds(a, PAYMENTS)
                out += [ships[pay] for pay in ship_payments(s, p, a, total)]
    if s.ships[p]:
        cap = s.holds(p, "ship_capacity") or s.rules.tables.numbers["ship_capacity"]
        reach = s.holds(p, "ship_moves")
        for a in sorted(set(s.ships[p])):
            boarding = t[a] if s.rules.step_before_boarding else t[a] - m[a]
            most = max(0, min(cap, boarding))
            open_sea = bool(s.holds(p, "open_sea"))
            if not guarded:
                out += rules.sails(a, reach, open_sea, most)
                continue
            for b in rules.sea_reach(a, reach, open_sea):
                if b not in guarded:
                    out += rules.sail_moves(a, b, most)
                    continue
                for k, x in enumerate(rules.sail_moves(a, b, most), 1):
                    if barred(s, p, b, k):
                        break  # more tokens cannot make a barred move legal
                    out.append(x)
    out.append(g("done"))
    return out


def play_move(s: MegaState, p: int, a: Action) -> None:
    kind = a.kind
    if kind == "done":
        next_in_queue(s)
    elif kind == "move":  # ``move A B`` or, Roadbuilding, ``move A B C``
        move(s, p, s.board.index(a.args[0]), s.board.index(a.args[-1]), 1)
    elif kind == "ship":
        build_ship(s, p, s.board.index(a.args[0]), a.args[1])
    else:
        sail(s, p, s.board.index(a.args[0]), s.board.index(a.args[1]), a.args[2])


def clear(s: MegaState, p: int, b: int) -> bool:
    """Roadbuilding: an area a token may pass through (no other player's units, no
    barbarians, no pirate city: entering such an area is a conflict situation)."""
    owner = s.city[b]
    if (owner != -1 and owner != p) or s.barb[b]:
        return False
    return not any(s.tokens[q][b] for q in range(s.n) if q != p)


def guarded_areas(s: MegaState, p: int) -> set[int]:
    """The areas where Diplomacy or Cultural Ascendancy of another player may bar p's
    tokens (none when nobody's ability binds him: the usual, fast case)."""
    out: set[int] = set()
    free_dip = s.holds(p, "no_entry_to_cities") or s.holds(p, "enters_diplomacy")
    free_ca = s.holds(p, "no_conflict_with") or s.holds(p, "ignores_ascendancy")
    if free_dip and free_ca:
        return out
    for q in range(s.n):
        if q == p or not s.owned[q]:
            continue
        if not free_dip and s.holds(q, "no_entry_to_cities"):
            out.update(s.cities_of(q))
        if not free_ca and s.holds(q, "no_conflict_with"):
            tq = s.tokens[q]
            out.update(a for a in range(len(tq)) if tq[a] or s.city[a] == q)
    return out


def conflict_in(s: MegaState, b: int, counts: dict[int, int]) -> bool:
    """Whether these units (players' tokens; barbarians as key ``n``) are in conflict in
    ``b``: any other side's tokens attack a city; otherwise MC-4.1 (conflict-trigger)."""
    owner = s.city[b]
    if owner != -1:
        return any(q != owner and k for q, k in counts.items())
    return conflict_arises(counts, s.board.areas[b].population_limit or 0, s.rules.conflict_when_shared)


def barred(s: MegaState, p: int, b: int, k: int) -> bool:
    """Whether p may not move ``k`` tokens into ``b``. Both abilities yield where a
    conflict already exists. Diplomacy: no entry to an area holding its holder's city
    (unless p holds Diplomacy or Military). Cultural Ascendancy: no move that starts a
    conflict in an area holding its holder's units (unless p holds it or Advanced Military)."""
    n = s.n
    counts = {q: s.tokens[q][b] for q in range(n) if s.tokens[q][b]}
    if s.barb[b]:
        counts[n] = s.barb[b]
    if conflict_in(s, b, counts):
        return False
    owner = s.city[b]
    if (owner >= 0 and owner != p and s.holds(owner, "no_entry_to_cities")
            and not (s.holds(p, "no_entry_to_cities") or s.holds(p, "enters_diplomacy"))):
        return True
    if s.holds(p, "no_conflict_with") or s.holds(p, "ignores_ascendancy"):
        return False
    holders = [q for q in counts if q < n and q != p and s.holds(q, "no_conflict_with")]
    if owner >= 0 and owner != p and s.holds(owner, "no_conflict_with"):
        holders.append(owner)
    if not holders:
        return False
    counts[p] = counts.get(p, 0) + k
    return conflict_in(s, b, counts)


def ship_payments(s: MegaState, p: int, a: int, total: int | None = None) -> list[str]:
    """MC-3.4: (a) 2 tokens here, (b) 1 here and 1 elsewhere, (c) 2 treasury, (d) 1 token and 1 treasury.
    ``total``: the player's tokens on the map, if known (ship-cost A then needs no search)."""
    t = s.tokens[p]
    out = []
    if t[a] >= 2:
        out.append("tokens")
    if s.treasury[p] >= 2:
        out.append("treasury")
    if s.treasury[p] >= 1:
        out.append("mixed")
    if s.rules.ship_adjacent_only or total is None:
        if split_source(s, p, a) is not None:
            out.append("split")
    elif total > t[a]:  # ship-cost A: any other area holding a token
        out.append("split")
    return out


def split_source(s: MegaState, p: int, a: int) -> int | None:
    """The other area paying a ship's second token: the player's largest stack (ship-cost A)
    or his largest stack next to the building area (B)."""
    t = s.tokens[p]
    pool = s.board.areas[a].land if s.rules.ship_adjacent_only else range(len(t))
    best, most = None, 0
    for b in pool:
        if b != a and t[b] > most:
            best, most = b, t[b]
    return best


def move(s: MegaState, p: int, a: int, b: int, k: int) -> None:
    """MC-3.1: a token moves once a turn, to an adjacent land area."""
    s.tokens[p][a] -= k
    if s.moved[p][a] > s.tokens[p][a]:
        s.moved[p][a] = s.tokens[p][a]
    s.tokens[p][b] += k
    s.moved[p][b] += k


def build_ship(s: MegaState, p: int, a: int, pay: str) -> None:
    """MC-3.3 / MC-3.4: the paid tokens return to the stock."""
    if pay == "tokens":
        s.take_tokens(p, a, 2)
    elif pay == "treasury":
        s.treasury[p] -= 2
        s.stock[p] += 2
    elif pay == "mixed":
        s.take_tokens(p, a, 1)
        s.treasury[p] -= 1
        s.stock[p] += 1
    else:
        other = split_source(s, p, a)
        assert other is not None
        s.take_tokens(p, a, 1)
        s.take_tokens(p, other, 1)
    s.ship_stock[p] -= 1
    s.ships[p].append(a)


def sail(s: MegaState, p: int, a: int, b: int, k: int) -> None:
    """MC-3.5: up to 5 tokens, up to 4 areas along the coast; they end their move there."""
    if s.rules.step_before_boarding:
        # ship-movement B: tokens that made their land step board first and stay done;
        # the others may still make their one land step after landing
        stepped = min(k, s.moved[p][a])
        s.moved[p][a] -= stepped
    else:
        stepped = k
    s.tokens[p][a] -= k
    s.tokens[p][b] += k
    s.moved[p][b] += stepped
    s.ships[p].remove(a)
    s.docked[p].append(b)  # it stays there until the end of the conflict phase (Naval Warfare)
    s.docked[p].sort()

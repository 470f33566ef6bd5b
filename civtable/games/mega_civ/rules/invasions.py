"""Calamities, part 3: the Barbarian Hordes, led by the Beneficiary (``barbarians
AREA``: the city attacked, then each area the excess moves on to). They fight as a
token conflict (MC-4.1) down to the area's population limit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .damage import COUNT, EXTRA, VICTIM
from .population import resolve_conflict

if TYPE_CHECKING:
    from ..state import MegaState


def barbarian_targets(s: MegaState, t: list[Any]) -> list[int]:
    """Barbarian Hordes, chosen by the Beneficiary: first one of the victim's cities (a
    wilderness city, off a city site, if he has one); then, for the barbarians over the
    limit, an area next to the last one (by land or water) holding the victim's units and
    not attacked yet."""
    victim, visited = t[VICTIM], t[EXTRA]
    areas = s.board.areas
    if not visited:
        cities = s.cities_of(victim)
        return [a for a in cities if not areas[a].city_site] or cities
    here = areas[visited[-1]]
    return sorted({b for b in (*here.land, *here.water) if areas[b].is_land and b not in visited
                   and (s.tokens[victim][b] or s.city[b] == victim)})


def barbarians_attack(s: MegaState, t: list[Any], a: int) -> None:
    """The barbarians of the task enter ``a`` and fight; those over the area's limit
    afterwards stay in the task to move on (none: the task ends)."""
    victim = t[VICTIM]
    t[EXTRA] = [*t[EXTRA], a]  # a new list: clones share a task's data
    s.barb[a] += t[COUNT]
    barbarian_battle(s, victim, a)
    limit = s.board.areas[a].population_limit or 0
    excess = s.barb[a] - limit
    t[COUNT] = max(0, excess)
    if excess > 0:
        s.barb[a] = limit  # leftovers are destroyed when no area is left to move on to


def barbarian_battle(s: MegaState, victim: int, a: int) -> None:
    """Barbarians against the victim's city (7 or more take it: it becomes 6 of his
    tokens, Engineering 8 and 7) and tokens: a token conflict (MC-4.1) down to the
    area's limit."""
    if s.city[a] == victim:
        nums = s.rules.tables.numbers
        minimum = s.holds(victim, "city_defence") or nums["city_attack_minimum"]
        defenders = s.holds(victim, "city_defence_left") or nums["city_attack_defenders"]
        if s.barb[a] < minimum:
            s.barb[a] = 0  # the attack fails; the barbarians are lost
            return
        s.city[a] = -1
        s.city_stock[victim] += 1
        k = min(defenders, s.stock[victim])
        s.tokens[victim][a] += k
        s.stock[victim] -= k
    counts = {victim: s.tokens[victim][a], s.n: s.barb[a]}
    after = resolve_conflict(counts, s.board.areas[a].population_limit or 0)
    s.take_tokens(victim, a, s.tokens[victim][a] - after[victim])
    s.barb[a] = after[s.n]

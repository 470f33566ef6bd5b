"""Calamities, part 2: the natural disasters that strike by the map (volcanic
eruption and earthquake, flood, cyclone)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .damage import CARD, EXTRA, param, push, wipe

if TYPE_CHECKING:
    from ..state import MegaState


def volcano(s: MegaState, victim: int, card: int) -> None:
    """A city in a volcano area: every unit there is destroyed (the volcano hurting the
    victim most); otherwise an earthquake destroys (Engineering: reduces) one of his
    cities and reduces one city next to it."""
    areas = s.board.areas
    hit = [a for a in s.cities_of(victim) if areas[a].volcano]
    if hit:
        a = max(hit, key=lambda x: (s.tokens[victim][x] + s.cat.damage_city, -x))
        wipe(s, a)
        return
    if not s.cities_of(victim):
        return
    push(s, "quake-neighbour", victim, victim, 1, card)
    if param(s, card, victim, "primary", "reduce_instead"):
        push(s, "reduce", victim, victim, 1, card)
    else:
        push(s, "destroy", victim, victim, 1, card)


def flood_plains(s: MegaState) -> list[list[int]]:
    """The flood plains: groups of flood-plain areas joined by land."""
    areas = s.board.areas
    seen: set[int] = set()
    out = []
    for a in range(len(areas)):
        if areas[a].flood_plain and a not in seen:
            group, todo = [], [a]
            seen.add(a)
            while todo:
                x = todo.pop()
                group.append(x)
                for y in areas[x].land:
                    if areas[y].flood_plain and y not in seen:
                        seen.add(y)
                        todo.append(y)
            out.append(sorted(group))
    return out


def on_plain(s: MegaState, p: int, plain: list[int]) -> int:
    """A player's units on a flood plain (a city on a black site, off the plain, does not count)."""
    areas = s.board.areas
    total = 0
    for a in plain:
        total += s.tokens[p][a]
        if s.city[a] == p and (areas[a].city_site_on_flood_plain or not areas[a].city_site):
            total += s.cat.damage_city
    return total


def flood(s: MegaState, victim: int, card: int) -> None:
    plains = [pl for pl in flood_plains(s) if on_plain(s, victim, pl)]
    areas = s.board.areas
    if not plains:
        coastal = [a for a in range(len(areas)) if areas[a].coastal]
        push(s, "lose", victim, victim, param(s, card, victim, "primary", "fallback_points"), card, coastal)
        return
    plain = max(plains, key=lambda pl: (on_plain(s, victim, pl), -pl[0]))
    scope = list(plain)  # a city on a black site there is spared (``off_plain``), its tokens are not
    for q in reversed(s.order):
        if q != victim and on_plain(s, q, plain):
            push(s, "lose", q, q, param(s, card, q, "secondary", "others_points"), card, scope)
    push(s, "lose", victim, victim, param(s, card, victim, "primary", "points"), card, scope)


def cyclone(s: MegaState, victim: int, card: int) -> None:
    """The sea with most of the victim's cities next to it; he reduces 3 of them, every
    other player with cities there 2 (each changed by his own advances)."""
    areas = s.board.areas
    seas = [w for w in range(len(areas)) if not areas[w].is_land]
    best, most = None, 0
    for w in seas:
        k = sum(1 for a in areas[w].water if s.city[a] == victim)
        if k > most:
            best, most = w, k
    if best is None:
        return
    scope = [a for a in areas[best].water if areas[a].is_land]
    for q in reversed(s.order):
        if q != victim and any(s.city[a] == q for a in scope):
            push(s, "reduce", q, q, param(s, card, q, "secondary", "others_cities"), card, scope)
    push(s, "reduce", victim, victim, param(s, card, victim, "primary", "cities"), card, scope)


def off_plain(s: MegaState, t: list[Any], a: int) -> bool:
    """Flood's damage on a flood plain (a scope of flood-plain areas): a city on a black
    city site is not on the plain, so it cannot be lost (the tokens there can)."""
    areas = s.board.areas
    area = areas[a]
    if not (area.city_site and area.flood_plain and not area.city_site_on_flood_plain):
        return False
    if t[CARD] < 0 or s.cat.cards[t[CARD]].params.get("kind") != "flood" or t[EXTRA] is None:
        return False
    return all(areas[x].flood_plain for x in t[EXTRA])


def quake_neighbours(s: MegaState, origin: int | None) -> list[int]:
    """Cities (any owner) next to the city the earthquake struck, by land or water."""
    areas = s.board.areas
    if origin is None:
        return []
    return sorted({b for b in (*areas[origin].land, *areas[origin].water) if areas[b].is_land and s.city[b] >= 0})

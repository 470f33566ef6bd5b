"""Phase 5: city construction, surplus population and city support (MC-5); the
support check comes back in phase 11 (MC-11.1, ``surplus.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..codes import AUTO, BUILD, REDUCE
from ..population import cities_supported
from .flow import ask, next_in_queue

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def phase_cities(s: MegaState) -> None:
    """MC-5.0: 5.1 building cities (the players who can, by choice), 5.2 removing
    surplus population, 5.3 checking the support of the cities. MC-5.1: a player is
    asked when he can build any city, also one that Architecture (treasury) or
    Urbanism (tokens from the neighbours) completes (``city_builds``)."""
    players = [p for p in s.order if city_builds(s, p)]
    if not ask(s, BUILD, players):
        cities_built(s)


def cities_built(s: MegaState) -> None:
    from .surplus import surplus

    surplus(s)
    support_start(s, next_phase=6)


def city_builds(s: MegaState, p: int) -> list[tuple[int, str]]:
    """MC-5.1: (area, how) for each city the player may build: "" with his tokens there
    (6 on a city site, 12 elsewhere, never where the limit is 0);
    "treasury" (Architecture, once a turn) with up to half of them paid from treasury;
    "adjacent" (Urbanism, once a turn, off a city site) with up to 4 tokens from areas
    next to it by land."""
    if not s.city_stock[p]:
        return []
    nums = s.rules.tables.numbers
    areas = s.board.areas
    t = s.tokens[p]
    used = s.used[p]
    share = s.holds(p, "city_treasury_share") if "architecture" not in used else None
    near = s.holds(p, "adjacent_tokens") if "urbanism" not in used else None
    out: list[tuple[int, str]] = []
    for a, k in enumerate(t):
        if not k or s.city[a] != -1 or s.barb[a]:
            continue
        area = areas[a]
        if not (area.city_site or (area.population_limit or 0) > 0):
            continue
        need = nums["city_on_site"] if area.city_site else nums["city_elsewhere"]
        if k >= need:
            out.append((a, ""))
            continue
        if share and k + min(int(need * share), s.treasury[p]) >= need:
            out.append((a, "treasury"))
        if near and not area.city_site and k + min(near, sum(t[b] for b in area.land)) >= need:
            out.append((a, "adjacent"))
    return out


def legal_build(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    return [g("city", ids[a].id, how) if how else g("city", ids[a].id) for a, how in city_builds(s, p)] + [g("done")]


def play_build(s: MegaState, p: int, a: Action) -> None:
    if a.kind == "done":
        next_in_queue(s)
    else:
        build_city(s, p, s.board.index(a.args[0]), a.args[1] if len(a.args) > 1 else "")


def build_city(s: MegaState, p: int, a: int, how: str = "") -> None:
    """MC-5.1: the tokens used go back to the stock and a city piece is placed.
    Architecture ("treasury"): the tokens missing here come from the treasury.
    Urbanism ("adjacent"): they come from the neighbours by land, from the largest
    surplus over the limit first (those tokens would be removed anyway), then the
    largest stack."""
    nums = s.rules.tables.numbers
    areas = s.board.areas
    need = nums["city_on_site"] if areas[a].city_site else nums["city_elsewhere"]
    t = s.tokens[p]
    if how == "treasury":
        short = need - t[a]
        s.take_tokens(p, a, t[a])
        s.treasury[p] -= short
        s.stock[p] += short
        s.used[p].append("architecture")
    elif how == "adjacent":
        short = need - t[a]
        s.take_tokens(p, a, t[a])
        for _ in range(short):
            b = max((x for x in areas[a].land if t[x]),
                    key=lambda x: (t[x] - (areas[x].population_limit or 0), t[x], -x))
            s.take_tokens(p, b, 1)
        s.used[p].append("urbanism")
    else:
        s.take_tokens(p, a, need)
    s.city[a] = p
    s.city_stock[p] -= 1
    s.built[p].append(a)


# ------------------------------------------------------------------ support (MC-5.3)
def support_start(s: MegaState, next_phase: int) -> None:
    """MC-5.3: owners of unsupported cities reduce them, one at a time, their choice."""
    s.target = next_phase
    if not ask(s, REDUCE, [p for p in s.order if unsupported(s, p)]):
        support_done(s)


def support_done(s: MegaState) -> None:
    s.step = AUTO
    s.decider = -1
    s.phase = s.target
    s.target = -1


def unsupported(s: MegaState, p: int) -> list[int]:
    """MC-5.3 (support-counting): the cities that may be reduced now (the owner chooses
    among them); MC-1.2.4: a city that revolted this turn needs no support."""
    cities = [a for a in s.cities_of(p) if a not in s.exempt]
    rate = s.support_rate(p)
    if s.rules.support_local:
        need = rate
        t = s.tokens[p]
        return [a for a in cities
                if t[a] + sum(t[b] for b in s.board.areas[a].land) < need]
    if cities_supported(s.tokens_on_map(p), len(cities), rate):
        return []
    return cities


def legal_reduce(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    return [g("reduce", ids[a].id) for a in unsupported(s, p)]


def play_reduce(s: MegaState, p: int, a: Action) -> None:
    """MC-5.3.2: the city is reduced to tokens; the owner goes on until the rest are supported."""
    s.reduce_city(p, s.board.index(a.args[0]))
    if not unsupported(s, p):
        next_in_queue(s)

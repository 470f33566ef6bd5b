"""Phase 5: city construction, then surplus population (MC-5.2, ``surplus.py``) and
city support (MC-5.3, ``support.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import BUILD
from .flow import ask, next_in_queue
from .support import support_start
from .surplus import surplus

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
    if not share and not near and max(t, default=0) < min(nums["city_on_site"], nums["city_elsewhere"]):
        return []  # no area holds the tokens of a city
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

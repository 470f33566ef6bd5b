"""What the strategic bot reads of the map once per map (``MapInfo``) and of the AST's
requirements (``needed_cities``); ``plan.py`` and ``strategic.py`` use them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..options import Rules
    from ..view import SeatView


@dataclass(frozen=True)
class MapInfo:
    """What the plan reads of the map, once per map."""

    ids: tuple[str, ...]
    land: tuple[tuple[int, ...], ...]
    limit: tuple[int, ...]
    site: tuple[bool, ...]
    coastal: tuple[bool, ...]
    is_land: tuple[bool, ...]
    landmass: tuple[int, ...]
    """The number of areas of the land an area belongs to (connected by land)."""

    @classmethod
    def of(cls, rules: Rules) -> MapInfo:
        areas = rules.board.areas
        size = [0] * len(areas)
        for a in areas:
            if size[a.index] or not a.is_land:
                continue
            seen, todo = {a.index}, [a.index]
            while todo:
                x = todo.pop()
                for y in areas[x].land:
                    if y not in seen:
                        seen.add(y)
                        todo.append(y)
            for x in seen:
                size[x] = len(seen)
        return cls(tuple(a.id for a in areas), tuple(a.land for a in areas),
                   tuple(a.population_limit or 0 for a in areas), tuple(a.city_site for a in areas),
                   tuple(a.coastal for a in areas), tuple(a.is_land for a in areas), tuple(size))


def needed_cities(v: SeatView, rules: Rules) -> int:
    """The cities the requirements of the seat's next AST square ask for (MC-13.1.1)."""
    me = v.player
    square = v.ast[me] + 1
    if square > rules.tables.spaces:
        return 0
    need = rules.tables.requirements.get(rules.epoch_of(v.civ[me], square))
    return int(need["min_cities"]) if need else 0

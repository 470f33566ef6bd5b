"""Victory points (MC-14). The VP of one advance by its cost (``advance_vp``, MC-14.3 to
MC-14.5) is read from the game's VP table in ``catalog.py``, where the options read it too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..catalog import advance_vp

if TYPE_CHECKING:
    from ..state import MegaState


def victory_points(
    cities: int,
    advance_costs: Sequence[int],
    ast_squares: int,
    sole_past_late_iron: bool,
    vp: Mapping[str, int],
    exactly_200_high: bool = True,
) -> int:
    """MC-14.1 to MC-14.7: 1 per city on the map (MC-14.2), advances by cost band, 5 per
    AST square, and the Late Iron Age bonus for the only player past it."""
    return (vp["per_city"] * cities
            + sum(advance_vp(c, vp, exactly_200_high) for c in advance_costs)
            + vp["per_ast_space"] * ast_squares
            + (vp["sole_late_iron_bonus"] if sole_past_late_iron else 0))


def sole_past(positions: Sequence[int], squares: Sequence[int] | int, reaching_is_enough: bool = False) -> int | None:
    """MC-14.7 (late-iron-age): the one player whose marker is beyond (A) or on or
    beyond (B) his Late Iron Age square (``squares``: one per player, or one for all),
    or None when none or several are."""
    marks = [squares] * len(positions) if isinstance(squares, int) else list(squares)
    past = [p for p, pos in enumerate(positions)
            if pos > marks[p] or (reaching_is_enough and pos >= marks[p])]
    return past[0] if len(past) == 1 else None


def vp(s: MegaState, p: int, cities: int | None = None) -> int:
    """MC-14: cities, advances (by printed cost or, cost-basis B, the price paid), AST
    squares, the Late Iron Age bonus (``MegaState.vp``)."""
    r = s.rules
    squares = s.ast_forward[p] if r.ast_all_forward else s.ast[p] - 1
    marks = r.late_iron_squares(s.civ)
    reaching: bool = r.late_reaching
    top, low = max(s.ast), min(marks)
    # MC-14.7: nobody on (B) or past (A) the earliest Late Iron Age square: no bonus
    # (checked first: vps() asks this of every player, 18 times for 18 players)
    sole = None if top < low or (top == low and not reaching) else sole_past(s.ast, marks, reaching)
    costs = s.paid[p] if r.cost_paid else [s.cat.advances[a].cost for a in s.owned[p]]
    if cities is None:
        cities = len(s.cities_of(p))
    return victory_points(cities, costs, squares, sole == p, r.tables.vp, r.exactly_200_high)


def advance_vp_share(s: MegaState) -> float:
    """The share of all players' victory points that their advances give (MC-14.3 to
    MC-14.5; ``MegaState.game_stats``)."""
    total = sum(vp(s, p) for p in range(s.n))
    if not total:
        return 0.0
    r = s.rules
    adv = sum(advance_vp(s.cat.advances[a].cost, r.tables.vp, r.exactly_200_high) for o in s.owned for a in o)
    return adv / total

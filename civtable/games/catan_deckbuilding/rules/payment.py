"""Paying for a card (CDB-7.3 to CDB-7.6): pure functions of the pool of resources
laid down this turn, used by the rules, the explanations and the menu labels alike.

A card laid down for its resources puts them into the pool of the current turn,
where they stay until spent or until the clean-up. Resources of choice (Settlement,
City, Roads) stay "wild" until a purchase spends them, which is the designers'
ruling that they may be split over several purchases (CDB-3.6.2). A purchase spends
the pool canonically: matching resources first, then resources of choice, then
2-for-1 trades of surplus resource cards; ``buy X trade`` spends trades before
resources of choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..state import WILD_O, WILD_S

Plan = tuple[int, ...]
"""What a purchase takes from the pool: 7 amounts, by pool slot (trade inputs included)."""


def road_resources(n: int) -> int:
    """CDB-3.5.2: n Roads played together give max(0, 2n - 3) resources of choice."""
    return 2 * n - 3 if n > 1 else 0


def settle(pool: Sequence[int], cost: Sequence[int], ws: int, wo: int, prefer_trade: bool) -> Plan | None:
    """CDB-7.6: the canonical payment of ``cost`` (5 resource amounts) from ``pool``,
    with ``ws`` resources of choice from Settlements and ``wo`` from Cities and Roads
    usable; two surplus resource cards make one missing resource. None if unaffordable.
    """
    # feasibility first, without building anything: most cards are unaffordable
    # most of the time, and this runs for every buyable card at every step
    c0, c1, c2, c3, c4 = cost
    p0, p1, p2, p3, p4 = pool[0], pool[1], pool[2], pool[3], pool[4]
    deficit = ((c0 - p0 if c0 > p0 else 0) + (c1 - p1 if c1 > p1 else 0) + (c2 - p2 if c2 > p2 else 0)
               + (c3 - p3 if c3 > p3 else 0) + (c4 - p4 if c4 > p4 else 0))
    if not deficit:
        return (c0, c1, c2, c3, c4, 0, 0)
    surplus = p0 + p1 + p2 + p3 + p4 - (c0 + c1 + c2 + c3 + c4) + deficit
    if deficit > ws + wo + surplus // 2:
        return None
    use = [c0 if c0 < p0 else p0, c1 if c1 < p1 else p1, c2 if c2 < p2 else p2,
           c3 if c3 < p3 else p3, c4 if c4 < p4 else p4, 0, 0]
    if prefer_trade:
        trades = min(deficit, surplus // 2)
        rest = deficit - trades
        if rest > ws + wo:
            return None
    else:
        rest = min(deficit, ws + wo)
        trades = deficit - rest
        if 2 * trades > surplus:
            return None
    # resources of choice: the Settlements' first, they are the less flexible
    take_s = min(rest, ws)
    use[WILD_S] = take_s
    use[WILD_O] = rest - take_s
    # trade inputs: two units at a time from the largest surplus (ties: lowest card)
    left = 2 * trades
    while left:
        best, most = -1, 0
        for r in range(5):
            spare = pool[r] - use[r]
            if spare > most:
                best, most = r, spare
        use[best] += 1
        left -= 1
    return tuple(use)


def missing(pool: Sequence[int], cost: Sequence[int]) -> tuple[list[int], int]:
    """The resources ``cost`` lacks in the pool's resource cards (by resource), and the
    surplus resource cards that 2-for-1 trades could use."""
    short = [max(0, cost[r] - pool[r]) for r in range(5)]
    surplus = sum(max(0, pool[r] - cost[r]) for r in range(5))
    return short, surplus


def breakdown(pool: Sequence[int], cost: Sequence[int], plan: Sequence[int]
              ) -> tuple[list[int], list[int], list[tuple[list[int], int]]]:
    """How a plan pays (for the events and labels): the resource cards spent as
    themselves, the missing resources covered (by resource), and the 2-for-1 trades as
    (the two resource cards given, by resource; the resource got)."""
    direct = [min(cost[r], pool[r]) for r in range(5)]
    short = [cost[r] - direct[r] for r in range(5)]
    inputs = [plan[r] - direct[r] for r in range(5)]
    n_trades = sum(inputs) // 2
    # the missing resources covered by trades: the last ones in card order
    wanted = [r for r in range(5) for _ in range(short[r])]
    got = wanted[len(wanted) - n_trades:] if n_trades else []
    given = [r for r in range(5) for _ in range(inputs[r])]
    trades = []
    for i in range(n_trades):
        gave = [0] * 5
        for r in given[2 * i: 2 * i + 2]:
            gave[r] += 1
        trades.append((gave, got[i]))
    return direct, short, trades

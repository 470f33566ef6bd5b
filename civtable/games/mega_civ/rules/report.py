"""What a calamity, a conflict or an ability did, told as events.

The effects change the state one unit at a time; to tell them in a few sentences
the public parts of the state (units on the map, treasuries, AST markers, the
discards) are copied before (``snapshot``) and compared after (``report``): each
player's losses and gains become one ``units.lost`` / ``units.gained`` event each,
with the cause (a calamity, an advance, "conflict"). Only public things are
compared, and only cards that went to the discards (which everybody sees) are
named. Nothing is copied when the state records no events.

A loss or gain is a list of items: ``{"tokens": k, "area": id}``,
``{"ships": k, "area": id}``, ``{"city": id}`` (``"reduced": true`` when tokens
replaced it), ``{"treasury": k}``, ``{"cards": [ids]}``, ``{"ast": k}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..state import MegaState

Snapshot = tuple[list[list[int]], list[int], list[int], list[int], list[list[int]], list[int], list[int]]
Item = dict[str, Any]


def snapshot(s: MegaState) -> Snapshot | None:
    if s.journal is None:
        return None
    return ([t[:] for t in s.tokens], s.city[:], s.treasury[:], s.ast[:], [h[:] for h in s.hands],
            [len(d) for d in s.discards], s.barb[:])


def report(s: MegaState, before: Snapshot | None, cause: str) -> None:
    """One event per player who lost or gained units since ``before``, in AST order,
    then where barbarians now stand if that changed."""
    if before is None or s.journal is None:
        return
    tokens, city, treasury, ast, hands, piles, barb = before
    ids = s.board.ids
    cards = s.cat.cards
    thrown: dict[int, int] = {}  # cards that reached the discards since ``before``
    for k, pile in enumerate(s.discards):
        for c in pile[piles[k]:]:
            thrown[c] = thrown.get(c, 0) + 1
    now_city = s.city
    city_moves = [] if city == now_city else [a for a in range(len(city)) if city[a] != now_city[a]]
    for p in s.order:
        lost: list[Item] = []
        gained: list[Item] = []
        was, now = tokens[p], s.tokens[p]
        if was == now:  # only the areas where something changed, in index order (one player is hit, not 18)
            where = city_moves
        else:
            where = sorted({*city_moves, *(a for a in range(len(now)) if was[a] != now[a])})
        for a in where:
            if city[a] == p and s.city[a] != p:
                lost.append({"city": ids[a], "reduced": now[a] > was[a]} if now[a] > was[a] else {"city": ids[a]})
            elif city[a] != p and s.city[a] == p:
                gained.append({"city": ids[a]})
            if now[a] < was[a]:
                lost.append({"tokens": was[a] - now[a], "area": ids[a]})
            elif now[a] > was[a] and not (city[a] == p and s.city[a] != p):
                gained.append({"tokens": now[a] - was[a], "area": ids[a]})
        if s.treasury[p] < treasury[p]:
            lost.append({"treasury": treasury[p] - s.treasury[p]})
        elif s.treasury[p] > treasury[p]:
            gained.append({"treasury": s.treasury[p] - treasury[p]})
        if s.ast[p] < ast[p]:
            lost.append({"ast": ast[p] - s.ast[p]})
        if thrown and hands[p] != s.hands[p]:  # an unchanged hand lost nothing
            left = list(s.hands[p])
            gone = []
            for c in hands[p]:
                if c in left:
                    left.remove(c)
                elif thrown.get(c):
                    thrown[c] -= 1
                    gone.append(cards[c].id)
            if gone:
                lost.append({"cards": gone})
        if lost:
            s.emit("units.lost", {"player": p, "lost": lost, "cause": cause})
        if gained:
            s.emit("units.gained", {"player": p, "gained": gained, "cause": cause})
    if barb != s.barb:
        s.emit("barbarians.stand", {"areas": [[ids[a], k] for a, k in enumerate(s.barb) if k]})


def lost(s: MegaState, p: int, items: list[Item], cause: str) -> None:
    """A player's losses told at once (conflicts, surplus)."""
    if items:
        s.emit("units.lost", {"player": p, "lost": items, "cause": cause})

"""What a calamity, a conflict or an ability did, told as events.

The effects change the state one unit at a time; to tell them in a few sentences
the public parts of the state (units on the map, treasuries, AST markers, the
discards) are copied before (``snapshot``) and compared after (``report``): each
player's losses and gains become one ``units.lost`` / ``units.gained`` event each,
with the cause (a calamity, an advance, "conflict"). Only public things are
compared, and only cards that went to the discards (which everybody sees) are
named. Nothing is copied when the state records no events, except for a calamity,
whose record (what it did, ``MegaState.struck``) the page shows afterwards.

A loss or gain is a list of items: ``{"tokens": k, "area": id}``,
``{"ships": k, "area": id}``, ``{"city": id}`` (``"reduced": true`` when tokens
replaced it), ``{"treasury": k}``, ``{"cards": [ids]}``, ``{"ast": k}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.reader import Reader, shown

if TYPE_CHECKING:
    from ..catalog import Catalog
    from ..state import MegaState
    from .board import Board

Snapshot = tuple[list[list[int]], list[int], list[int], list[int], list[list[int]], list[int], list[int]]
Item = dict[str, Any]


def snapshot(s: MegaState, always: bool = False) -> Snapshot | None:
    """The public things to compare later; None when nothing will be told (no events)
    unless ``always`` (a calamity's record, ``MegaState.struck``, is kept in every state)."""
    if s.journal is None and not always:
        return None
    return ([t[:] for t in s.tokens], s.city[:], s.treasury[:], s.ast[:], [h[:] for h in s.hands],
            [len(d) for d in s.discards], s.barb[:])


def changes(s: MegaState, before: Snapshot) -> list[tuple[int, list[Item], list[Item]]]:
    """(player, lost, gained) for each player, in AST order, whose units changed since ``before``."""
    tokens, city, treasury, ast, hands, piles, _barb = before
    ids = s.board.ids
    cards = s.cat.cards
    thrown: dict[int, int] = {}  # cards that reached the discards since ``before``
    for k, pile in enumerate(s.discards):
        for c in pile[piles[k]:]:
            thrown[c] = thrown.get(c, 0) + 1
    now_city = s.city
    city_moves = [] if city == now_city else [a for a in range(len(city)) if city[a] != now_city[a]]
    out = []
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
        if lost or gained:
            out.append((p, lost, gained))
    return out


def report(s: MegaState, before: Snapshot | None, cause: str) -> None:
    """One event per player who lost or gained units since ``before``, in AST order,
    then where barbarians now stand if that changed; a calamity's choices (phase 9)
    are added to its record (``MegaState.struck``, ``record``)."""
    if before is None:
        return
    found = changes(s, before)
    if s.phase == 9 and s.struck and s.struck[-1][0] == cause:
        record(s, found)
    if s.journal is None:
        return
    for p, lost, gained in found:
        if lost:
            s.emit("units.lost", {"player": p, "lost": lost, "cause": cause})
        if gained:
            s.emit("units.gained", {"player": p, "gained": gained, "cause": cause})
    if before[6] != s.barb:
        s.emit("barbarians.stand", {"areas": [[s.board.ids[a], k] for a, k in enumerate(s.barb) if k]})


def record(s: MegaState, found: list[tuple[int, list[Item], list[Item]]]) -> None:
    """What the calamity under way did so far, for everybody to read afterwards (MC-9):
    each player's losses and gains, added up (``{"lost": [...], "gained": [...]}``)."""
    done: dict[str, dict[str, list[Item]]] = s.struck[-1][2]
    for p, lost, gained in found:
        mine = done.setdefault(str(p), {"lost": [], "gained": []})
        mine["lost"] += lost
        mine["gained"] += gained


def lost(s: MegaState, p: int, items: list[Item], cause: str) -> None:
    """A player's losses told at once (conflicts, surplus)."""
    if items:
        s.emit("units.lost", {"player": p, "lost": items, "cause": cause})


def read_struck(r: Reader, value: Any, n: int, cat: Catalog, board: Board) -> list[list[Any]]:
    """A saved position's record of this turn's calamities (MC-9, ``serialize.Loader``): [card, victim, {seat: {"lost": items,
    "gained": items}}], items as ``rules.report`` writes them."""
    out = []
    for i, row in enumerate(r.seq(value, "struck")):
        where = f"struck[{i}]"
        card, victim, done = r.seq(row, where, 3)
        c = card_of(r, cat, card, where)
        if not cat.cards[c].calamity:
            r.fail(where, f"names {shown(card)}, which is not a calamity")
        victim = r.seat(victim, where, n)
        record: dict[str, dict[str, list[dict[str, Any]]]] = {}
        for q, d in r.obj(done, where).items():
            if not (isinstance(q, str) and q.isdigit() and int(q) < n):
                r.fail(where, f"names no seat: {shown(q)}")
            d = r.obj(d, f"{where}.{q}")
            if set(d) - {"lost", "gained"}:
                r.fail(f"{where}.{q}", "holds other keys than 'lost' and 'gained'")
            record[q] = {k: [read_item(r, cat, board, x, f"{where}.{q}.{k}") for x in r.seq(d.get(k, []), f"{where}.{q}.{k}")]
                         for k in ("lost", "gained")}
        out.append([cat.cards[c].id, victim, record])
    return out


def read_item(r: Reader, cat: Catalog, board: Board, value: Any, where: str) -> dict[str, Any]:
    """A unit lost or gained (``rules.report``): tokens in an area, a city, treasury, cards, AST steps."""
    item = dict(r.obj(value, where))
    if set(item) - {"tokens", "area", "city", "reduced", "treasury", "cards", "ast", "ships"}:
        r.fail(where, f"has an item with unknown keys: {shown(sorted(item))}")
    for key in ("area", "city"):
        if key in item and item[key] not in board.ids:
            r.fail(where, f"names no area: {shown(item[key])}")
    for key in ("tokens", "treasury", "ast", "ships"):
        if key in item:
            r.integer(item[key], where, 1, 10**6)
    for c in item.get("cards", []):
        card_of(r, cat, c, where)
    return item


def card_of(r: Reader, cat: Catalog, value: Any, where: str) -> int:
    found = cat.card_index.get(value) if isinstance(value, str) else None
    if found is None:
        r.fail(where, f"names unknown trade card {shown(value)}")
    return found

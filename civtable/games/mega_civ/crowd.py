"""What the strategic bot's movement plans read of the whole table, kept between plans
(issue 17, item 4): the rivals' tokens per area (``Crowd``), every player's victory
points (``Scores``) and who holds an ability (``Holders``).

Every seat plans its movement once a turn, and a plan asks how many rival tokens stand
in some hundred areas; summed over every player area by area, that costs players x
areas a plan. ``Crowd`` keeps the per-area totals of the last table it was shown with a
copy of each player's row of tokens: the next plan compares the rows (one comparison of
two lists each) and corrects the totals by the rows that changed only (in the movement
phase, the seats that moved since). The totals are always those of the rows compared,
whatever position, clone or preview they come from; nothing is ever changed in place,
so a table shared by several bots needs no lock.
"""

from __future__ import annotations

from operator import add, sub
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import MegaState


class Crowd:
    """Every player's tokens summed area by area, kept between calls."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[list[list[int]], list[int]] | None = None

    def totals(self, tokens: list[list[int]]) -> list[int]:
        """``[sum(row[a] for row in tokens) for a in areas]`` (a list nobody may change)."""
        last = self._last
        if last is None or len(last[0]) != len(tokens) or len(last[1]) != len(tokens[0]):
            return self._fresh(tokens)
        rows, sums = last
        changed = [q for q, row in enumerate(tokens) if row != rows[q]]
        if not changed:
            return sums
        if 3 * len(changed) > len(tokens):  # a new turn: most rows changed
            return self._fresh(tokens)
        rows = rows[:]
        for q in changed:
            row = tokens[q]
            sums = list(map(add, sums, map(sub, row, rows[q])))
            rows[q] = row[:]
        self._last = (rows, sums)
        return sums

    def _fresh(self, tokens: list[list[int]]) -> list[int]:
        rows = [row[:] for row in tokens]
        sums = list(map(sum, zip(*rows, strict=True)))
        self._last = (rows, sums)
        return sums


class Scores:
    """Every player's victory points (``MegaState.vp``), kept while what they are counted
    from is the same (cities, AST squares, civilizations, advances owned and paid, the
    rules and the catalogue): every seat's plan asks who leads, and in a movement phase
    the points do not change."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[Any, Any, tuple[Any, ...], list[int]] | None = None

    def vps(self, s: MegaState) -> list[int]:
        """``[s.vp(p) for p in range(s.n)]`` (a new list)."""
        key = (s.city, s.ast, s.ast_forward, s.civ, s.owned, s.paid)
        last = self._last
        if last is not None and last[0] is s.rules and last[1] is s.cat and last[2] == key:
            return last[3][:]
        counts = [0] * s.n
        for o in s.city:
            if o >= 0:
                counts[o] += 1
        out = [s.vp(p, counts[p]) for p in range(s.n)]
        copy = (s.city[:], s.ast[:], s.ast_forward[:], s.civ[:], [x[:] for x in s.owned], [x[:] for x in s.paid])
        self._last = (s.rules, s.cat, copy, out)
        return out[:]


class Holders:
    """The players for whom ``MegaState.holds(p, key)`` is true for one of some keys, kept
    while the advances owned (and the rules and the catalogue) are the same."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[Any, Any, list[list[int]], dict[tuple[str, ...], frozenset[int]]] | None = None

    def of(self, s: MegaState, keys: tuple[str, ...]) -> frozenset[int]:
        last = self._last
        if last is None or last[0] is not s.rules or last[1] is not s.cat or last[2] != s.owned:
            last = self._last = (s.rules, s.cat, [x[:] for x in s.owned], {})
        found = last[3].get(keys)
        if found is None:
            found = last[3][keys] = frozenset(p for p in range(s.n) if any(s.holds(p, k) for k in keys))
        return found


class Table:
    """What the bots of one game object share: ``crowd``, ``scores``, ``holders``."""

    __slots__ = ("crowd", "scores", "holders")

    def __init__(self) -> None:
        self.crowd, self.scores, self.holders = Crowd(), Scores(), Holders()


_TABLES: dict[int, Table] = {}


def table_of(key: int) -> Table:
    """The ``Table`` shared by the bots of one game's rules (``key``: their id)."""
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[key] = Table()
    return found

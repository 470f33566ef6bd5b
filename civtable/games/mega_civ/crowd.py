"""What the strategic bot's movement plans read of the whole table, kept between plans
(issue 17, item 4).

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


_CROWDS: dict[int, Crowd] = {}


def crowd_of(key: int) -> Crowd:
    """The ``Crowd`` shared by the bots of one game object (``key``: its id)."""
    found = _CROWDS.get(key)
    if found is None:
        if len(_CROWDS) > 64:
            _CROWDS.clear()
        found = _CROWDS[key] = Crowd()
    return found

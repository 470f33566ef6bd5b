"""A game's card and rules reference (``civtable cards GAME``, the browser's help):
plain tables of text, so that every front end can show them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Table:
    """One table of the reference, e.g. the buyable cards with their costs.

    ``note`` is one or two sentences under the table (the source of the numbers,
    "provisional: the project's own values", ...)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"reference table {self.title!r}: a row has {len(row)} cells for "
                                 f"{len(self.columns)} columns")

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "columns": list(self.columns), "rows": [list(r) for r in self.rows],
                "note": self.note}

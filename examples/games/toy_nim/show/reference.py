"""The rules reference (``civtable cards``): one table of what scores."""

from __future__ import annotations

from civtable.core.reference import Table

from ..catalog import HIGH_CARD, LAST_TAKE_POINTS


def tables() -> tuple[Table, ...]:
    return (Table("Scores", ("What", "Points"),
                  (("last take", str(LAST_TAKE_POINTS)), ("hidden card", f"0-{HIGH_CARD}"))),)

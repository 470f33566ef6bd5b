"""The game's actions as value objects, and their text notation (``take 3``, ``bid 0``)."""

from __future__ import annotations

from civtable.core.action import Action

from .catalog import MAX_BID
from .options import MOST_TAKE

TAKES = {n: Action("take", n) for n in range(1, MOST_TAKE + 1)}
BIDS = {n: Action("bid", n) for n in range(MAX_BID + 1)}
BY_TEXT = {a.text: a for a in (*TAKES.values(), *BIDS.values())}
"""Every action by its text (a text not here is not an action of this game)."""

"""The fixed action space for learning agents (``Game.action_space``): every action text
that can be legal, in one order, the same in every process."""

from __future__ import annotations

from civtable.core.spaces import ActionSpace

from .actions import BIDS, TAKES


def action_space() -> ActionSpace:
    return ActionSpace([*(a.text for a in TAKES.values()), *(a.text for a in BIDS.values())])

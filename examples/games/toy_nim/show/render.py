"""The terminal screen of an observation (``Game.render``)."""

from __future__ import annotations

from typing import Any

from civtable.core.events import Viewer

from ..catalog import MAX_BID


def render(obs: dict[str, Any], viewer: Viewer) -> str:
    lines = [f"Pile: {obs['pile']} counters. Your card: {obs['my_card']}. Turn {obs['turn']}."]
    if obs["bidding"]:
        lines.append(f"Bid 0-{MAX_BID} points to move first.")
    return "\n".join(lines)

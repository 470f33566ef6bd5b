"""The observation as a fixed vector for learning agents (``Game.encoding``,
``Game.encode``), built from the observation alone."""

from __future__ import annotations

from typing import Any

from civtable.core.spaces import Encoding, Feature

from .catalog import MAX_BID

PILE_SCALE = 32

ENCODING = Encoding([
    Feature("pile", 1, "counters in the pile / 32 (at most 1)"),
    Feature("my_card", 3, "one-hot: the seat's hidden card 0, 1, 2"),
    Feature("bidding", 1, "1 while the players bid"),
    Feature("paid", 2, "bid paid / 2, the seat first"),
    Feature("my_turn", 1, "1 when the seat is to move"),
])


def encode(obs: dict[str, Any], viewer: int) -> Any:
    e = ENCODING
    v = e.zeros()
    v[e.slot("pile")] = min(obs["pile"], PILE_SCALE) / PILE_SCALE
    v[e.slot("my_card").start + obs["my_card"]] = 1
    v[e.slot("bidding")] = 1 if obs["bidding"] else 0
    v[e.slot("paid")] = [obs["paid"][viewer] / MAX_BID, obs["paid"][1 - viewer] / MAX_BID]
    v[e.slot("my_turn")] = 1 if viewer in obs["to_move"] else 0
    return v

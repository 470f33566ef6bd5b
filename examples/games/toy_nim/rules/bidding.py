"""The opening bids (``opening=bid``, TOY-2): both players bid at once, unseen; the
higher bid moves first and pays it, a tie is settled by chance."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from civtable.core.action import Action

from ..actions import BIDS
from ..catalog import PLAYERS

if TYPE_CHECKING:
    from ..state import ToyNimState


def waiting(bids: list[int | None]) -> tuple[int, ...]:
    """The players who have not bid yet."""
    return tuple(p for p in PLAYERS if bids[p] is None)


def legal_bids() -> list[Action]:
    return list(BIDS.values())


def bid(state: ToyNimState, player: int, action: Action) -> None:
    bids = state.bids
    assert bids is not None
    state.emit_move(player, action, private=True)
    bids[player] = action.args[0]
    if None in bids:
        return
    b0, b1 = cast("list[int]", bids)
    state.player = 0 if b0 > b1 else 1 if b1 > b0 else state.rng.below(2)
    state.paid[state.player] = max(b0, b1)
    state.emit("bids.revealed", {"bids": [b0, b1], "first": state.player})
    state.bids = None

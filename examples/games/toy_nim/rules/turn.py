"""Whose decision it is, what they may do, and an action played: the bids first (if
any), then the takes until the pile is empty."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action
from civtable.core.errors import IllegalActionError
from civtable.core.reader import shown

from ..actions import BY_TEXT
from .bidding import bid, legal_bids, waiting
from .taking import legal_takes, take

if TYPE_CHECKING:
    from ..state import ToyNimState


def to_move(state: ToyNimState) -> tuple[int, ...]:
    if state.bids is not None:
        return waiting(state.bids)
    if state.pile == 0:
        return ()
    return (state.player,)


def legal(state: ToyNimState, player: int) -> list[Action]:
    if player not in to_move(state):
        return []
    if state.bids is not None:
        return legal_bids()
    return legal_takes(state)


def apply(state: ToyNimState, player: int, action: Action | str) -> None:
    """Play ``action`` for ``player``; an illegal one raises and changes nothing."""
    act = BY_TEXT.get(str(action))
    if act is None or act not in legal(state, player):
        raise IllegalActionError(f"{shown(str(action))} is not legal for player {player} now")
    if state.bids is not None:
        bid(state, player, act)
    else:
        take(state, player, act)

"""The start of a game: the pile, the hidden cards and who moves first (TOY-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.rng import Rng

from ..catalog import CARD_VALUES, PILE_LEAST, PILE_SPREAD

if TYPE_CHECKING:
    from ..state import ToyNimState


def deal(state: ToyNimState, seed: int | None) -> None:
    """Deal a fresh ``state`` from ``seed``: chance draws the pile, then the two cards,
    then (without bids and a fixed ``start-player``) the first player."""
    rng = Rng(seed or 0)
    state.rng = rng
    state.pile = PILE_LEAST + rng.below(PILE_SPREAD)
    state.cards = [rng.below(CARD_VALUES), rng.below(CARD_VALUES)]
    options = state.game.options
    if options["opening"] == "bid":
        state.bids = [None, None]
    else:
        start = options["start-player"]
        state.player = rng.below(2) if start is None else start

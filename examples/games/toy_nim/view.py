"""What a seat may know: its observation, and a full state sampled from what it knows
(``determinize``, for search bots). The other player's card and a bid not yet
revealed are hidden."""

from __future__ import annotations

from typing import Any

from civtable.core.events import Viewer
from civtable.core.rng import Rng

from .catalog import CARD_VALUES, MAX_BID, PLAYERS
from .state import ToyNimState


def observation(state: ToyNimState, viewer: Viewer) -> dict[str, Any]:
    """``viewer``'s view (``None``: a spectator, who sees no card)."""
    return {
        "pile": state.pile,
        "my_card": None if viewer is None else state.cards[viewer],
        "bidding": state.bids is not None,
        "my_bid": None if state.bids is None or viewer is None else state.bids[viewer],
        "paid": list(state.paid),
        "to_move": list(state.to_move()),
        "turn": state.turn_number,
    }


def determinize(state: ToyNimState, viewer: Viewer, rng: Rng) -> ToyNimState:
    """A silent copy with the other's card, its bid (if made) and the future of chance
    drawn from ``rng``."""
    s = state.clone()
    s.journal = None
    for other in PLAYERS:
        if other == viewer:
            continue
        s.cards[other] = rng.below(CARD_VALUES)
        if s.bids is not None and s.bids[other] is not None:
            s.bids[other] = rng.below(MAX_BID + 1)
    s.rng = Rng(rng.next64())
    return s

"""A position as JSON (``State.to_json``) and back (``Game.read_state``): every field is
checked and a bad one is named (``InvalidStateError``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import InvalidStateError
from civtable.core.reader import Reader
from civtable.core.rng import Rng

from .catalog import HIGH_CARD, MAX_BID
from .state import ToyNimState

if TYPE_CHECKING:
    from .game import ToyNim


def to_json(state: ToyNimState) -> dict[str, Any]:
    return {
        "game": state.game.id,
        "pile": state.pile,
        "cards": list(state.cards),
        "bids": None if state.bids is None else list(state.bids),
        "paid": list(state.paid),
        "player": state.player,
        "last": state.last,
        "turn": state.turn_number,
        "rng": state.rng.state,
    }


def read_state(game: ToyNim, reader: Reader) -> ToyNimState:
    r = reader
    s = ToyNimState(game)
    s.pile = r.count(r.get("pile"), "pile")
    s.cards = [r.integer(c, f"cards[{i}]", 0, HIGH_CARD) for i, c in enumerate(r.seq(r.get("cards"), "cards", 2))]
    bids = r.get("bids")
    s.bids = None if bids is None else [
        None if b is None else r.integer(b, f"bids[{i}]", 0, MAX_BID) for i, b in enumerate(r.seq(bids, "bids", 2))]
    s.paid = [r.integer(c, f"paid[{i}]", 0, MAX_BID) for i, c in enumerate(r.seq(r.get("paid"), "paid", 2))]
    s.player = r.seat(r.get("player"), "player", 2)
    s.last = None if r.get("last") is None else r.seat(r.get("last"), "last", 2)
    s.turn_number = r.integer(r.get("turn"), "turn", 1)
    s.rng = Rng.from_state(r.integer(r.get("rng"), "rng", 0, 2**64 - 1))
    if (s.pile == 0) != (s.last is not None):
        raise InvalidStateError("position field 'last' must name who emptied the pile, and only then")
    if s.bids is not None and (s.pile == 0 or any(s.paid)):
        raise InvalidStateError("position field 'bids' is set after the bidding")
    return s

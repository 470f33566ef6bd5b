"""The items a designer can rate with ``civtable value``: who holds them at the end
(``State.holdings``) and how a game starts with or without one (``Game.give_item``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.errors import OptionError

from .catalog import HIGH_CARD, PLAYERS

if TYPE_CHECKING:
    from .state import ToyNimState

ITEMS = ("high-card",)


def holdings(state: ToyNimState) -> dict[str, list[int]]:
    return {"high-card": [p for p in PLAYERS if state.cards[p] == HIGH_CARD]}


def give(state: ToyNimState, item: str, seat: int | None) -> None:
    """``high-card``: the seat's hidden card is a 2 (removed: nobody's card is)."""
    if item != "high-card":
        raise OptionError(f"{state.game.id} has no item {item!r}; items: {', '.join(ITEMS)}")
    if seat is None:
        state.cards = [min(c, HIGH_CARD - 1) for c in state.cards]
    else:
        state.cards[seat] = HIGH_CARD

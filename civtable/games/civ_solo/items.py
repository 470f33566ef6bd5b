"""Items a designer can give the solo player at the start, for their causal value
(``Game.value_items``, ``Game.give_item``; ``civtable value civ-solo --item ...``).

The engine does not see the player's table: it knows the player's supply only through
what the automa takes or gives, written in the state's ``ledger`` (turn, item, change,
detail), which a simulated player (the growth model) reads to keep its supply. So an
item is given the way the solo rules let a player acquire it and the way the companion
records an acquisition: a ledger entry of turn 0 (before turn 1), exactly as a culture
event card bought in the trade is written (SOLO-5.2, SOLO-8.2: ``card +1``).

The items are the culture event cards, the one thing the solo player owns that the
automa's rules act on and that the rules let him acquire (SOLO-5.2):

- ``culture-event-card``: an ordinary culture event card; it may cancel a loss or a
  culture event (SOLO-4.1.3, SOLO-4.2.3), after its failure roll (SOLO-6.1);
- ``destructive-card``: a culture event card that destroys a figure, a building or a
  great person (SOLO-6.3, SOLO-4.3.5: Defection and the like); it may cancel any event
  (cancel-cards A), including a battle against the capital, or cut a military event.

Tokens, great people, buildings and army figures only soften losses the rules take
anyway (they never decide a battle or the end), and unit cards are re-entered from the
table every time the companion asks for them, so giving one would say nothing the
growth model's rates do not already say.

Taking an item out of the game for everybody (``seat=None``) is not possible: the
culture event deck lies on the player's table, not in the engine, so no position can
forbid it; the growth model plays without the cards at ``model:cards=0`` or
``model:destroyers=0``. Such a call raises ``OptionError`` saying so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.errors import OptionError
from civtable.core.reader import shown

if TYPE_CHECKING:
    from civtable.core.state import State

ITEMS: dict[str, str] = {"culture-event-card": "card", "destructive-card": "destroyer"}
"""Item name -> its ledger item (``serialize.LEDGER_ITEMS``)."""


def value_items() -> tuple[str, ...]:
    return tuple(ITEMS)


def give_item(state: State, item: str, seat: int | None) -> None:
    """SOLO-5.2: the player starts with ``item``, written in the ledger as an acquisition
    before turn 1 (turn 0, change +1), as the trade writes a bought card. Only on a new
    session (before 'start'); draws nothing from the generator."""
    from .state import SoloState

    if not isinstance(item, str) or item not in ITEMS:
        raise OptionError(f"civ-solo has no item {shown(item)}; its items are {', '.join(ITEMS)}")
    if seat is None:
        raise OptionError(f"civ-solo cannot take the {item} out of the game: the culture event deck is on the "
                          f"player's table, not in the engine (play the growth model with "
                          f"model:{'cards' if item == 'culture-event-card' else 'destroyers'}=0 instead)")
    if seat != 0 or isinstance(seat, bool):
        raise OptionError(f"civ-solo has one seat (0), not {shown(seat)}")
    if not isinstance(state, SoloState) or state.turn_no != 0 or state.ask != "start":
        raise OptionError("civ-solo gives items only on a new session, before 'start'")
    state.ledger.append((0, ITEMS[item], 1, None))

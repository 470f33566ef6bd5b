"""The event messages of the game by id (``Game.messages``); the core's own (``move``...)
are added to them. Fields are formatted by ``civtable.core.messages``."""

from __future__ import annotations

from civtable.core.messages import N_

MESSAGES = {
    "pile.grew": N_("The pile grows by one to {pile:count:counter}."),
    "bids.revealed": N_("Bids: {bids}; {first:Player} moves first."),
}

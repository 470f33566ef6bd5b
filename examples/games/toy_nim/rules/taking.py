"""A take (TOY-1): 1 to ``max-take`` counters off the pile; the last counter ends the
game, else the pile may grow by one and the other player moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action

from ..actions import TAKES
from ..catalog import GROWTH_ODDS

if TYPE_CHECKING:
    from ..state import ToyNimState


def legal_takes(state: ToyNimState) -> list[Action]:
    top = min(state.pile, state.game.options["max-take"])
    return [TAKES[n] for n in range(1, top + 1)]


def take(state: ToyNimState, player: int, action: Action) -> None:
    state.emit_move(player, action)
    state.pile -= action.args[0]
    if state.pile == 0:
        state.last = player
        return
    if state.rng.below(GROWTH_ODDS) == 0:
        state.pile += 1
        state.emit("pile.grew", {"pile": state.pile})
    state.player = 1 - player
    state.turn_number += 1

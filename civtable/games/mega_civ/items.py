"""Mega Civilization's items for causal values (``Game.value_items``, ``Game.give_item``):
the Civilization Advances, by the names ``MegaState.holdings`` reports.

Advances are not scarce (MC-12.3: every player may own each one), so an advance has
no supply to take it from:

- given (``seat``): the seat owns the advance from the start, unpaid (cost-basis B
  counts the price paid, 0, as for Anatomy's free advance). Its abilities work from
  the first decision on; when that decision is the first movement of the game
  (nothing moved yet), the movement phase is asked again, so that Military moves
  last. Its on-purchase choices (the credit tokens of Monument and Written Record,
  Anatomy's free advance) are purchase effects and are not made.
- removed (``None``): nobody owns it or can buy it (nor take it as Anatomy's free
  advance): the state's catalogue becomes a copy in which its price is out of
  reach. That copy lives in the state object and its clones; a position written
  with ``to_json`` does not record it.

Neither change draws from the state's generator.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from civtable.core.errors import OptionError

from .rules import run
from .rules.movement import phase_movement
from .state import AUTO, MOVE

if TYPE_CHECKING:
    from .game import MegaCiv
    from .options import Rules
    from .state import MegaState

OUT_OF_REACH = 10**9
"""The cost of a removed advance in the state's catalogue: no hand or treasury reaches it."""


def value_items(rules: Rules) -> tuple[str, ...]:
    """The advances' names in catalogue order (``MegaState.holdings``)."""
    return tuple(a.name for a in rules.catalog.advances)


def advance_of(rules: Rules, item: str) -> int:
    """The index of the advance named ``item`` (its name, or its id)."""
    cat = rules.catalog
    for a in cat.advances:
        if item in (a.name, a.id):
            return a.index
    names = ", ".join(a.name for a in cat.advances)
    raise OptionError(f"mega-civ has no advance {item!r}; the items are the advances: {names}")


def give_item(game: MegaCiv, state: MegaState, item: str, seat: int | None) -> None:
    """``seat`` starts owning the advance ``item`` (unpaid), or with ``None`` nobody ever can
    (``state``: a state of ``game``, checked by ``MegaCiv.give_item``)."""
    if not isinstance(item, str):
        raise OptionError(f"an item is an advance's name, not {type(item).__name__}")
    adv = advance_of(game.rules, item)
    if seat is None:
        remove(state, adv)
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise OptionError(f"there is no seat {seat!r} in this {state.n}-player game (0 to {state.n - 1})")
    give(state, adv, seat)


def give(s: MegaState, adv: int, seat: int) -> None:
    """The seat owns the advance, price paid 0; the first movement is asked again."""
    if adv in s.owned[seat]:
        return
    owned = s.owned[seat]
    i = 0
    while i < len(owned) and owned[i] < adv:
        i += 1
    owned.insert(i, adv)
    s.paid[seat].insert(i, 0)
    _ask_first_movement_again(s)


def remove(s: MegaState, adv: int) -> None:
    """Nobody owns the advance, and its price is out of everybody's reach."""
    for p in range(s.n):
        if adv in s.owned[p]:
            i = s.owned[p].index(adv)
            del s.owned[p][i]
            del s.paid[p][i]
    advances = list(s.cat.advances)
    advances[adv] = dataclasses.replace(advances[adv], cost=OUT_OF_REACH)
    s.cat = dataclasses.replace(s.cat, advances=tuple(advances))
    _ask_first_movement_again(s)


def _ask_first_movement_again(s: MegaState) -> None:
    """MC-3.1: on a new game waiting for its first movement, the movers are asked again
    (the advances decide who moves last); any other state keeps its decision."""
    untouched = (s.turn_no == 1 and s.phase == 3 and s.step == MOVE
                 and not any(any(m) for m in s.moved) and not any(s.ships) and not any(s.docked)
                 and all(not b for b in (s.buffers or {}).values()))
    if not untouched:
        if s.previews is not None:  # the private previews see the change too
            for view in s.previews.values():
                view.owned, view.paid, view.cat = [x[:] for x in s.owned], [x[:] for x in s.paid], s.cat
        return
    s.previews = s.buffers = None
    s.step, s.queue, s.decider, s.target = AUTO, [], -1, -1
    phase_movement(s)
    if s.step == AUTO:
        run(s)

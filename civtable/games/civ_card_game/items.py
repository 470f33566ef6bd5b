"""Items a designer can rate in Civilization: The Card Game (``civtable value``): the
technologies and the wonders, by their card ids, as ``CcgState.holdings`` names them.

``give`` changes a fresh initial state (before the draft) so that a seat starts
owning an item the way the rules make one own it, taken from where it waits:

- a technology (CCG-2.4, CCG-6.5) leaves the technology deck for the seat's
  technologies, as if bought: its one-time effect happens too (Mining, CCG-2.4.2:
  reading A one Hammer per plot owned now, B the bonus at the first collection);
- a wonder (CCG-2.7.1) leaves the play deck and is placed on the seat's first plot
  with a free slot (wonders use the building slots, CCG-2.1.4).

With ``seat`` ``None`` the item leaves its deck and the game: nobody can own it (a
game without that technology ends when the other technologies are bought, CCG-1.1).
Nothing is drawn from the state's generator, so a changed game stays paired with
the unchanged one of the same seed: the decks keep their order, less one card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.errors import OptionError
from civtable.core.reader import shown

from .catalog import HAMMERS, WONDER
from .state import DRAFTING

if TYPE_CHECKING:
    from .game import CivCardGame
    from .state import CcgState


def value_items(game: CivCardGame) -> tuple[str, ...]:
    """The technologies, then the wonders, in card-file order."""
    r = game.rules
    return (*r.tech_ids, *(r.ids[c] for c in r.placeable if r.kind[c] == WONDER))


def give(game: CivCardGame, s: CcgState, item: str, seat: int | None) -> None:
    """``seat`` starts owning ``item`` (or, with ``None``, nobody can): see the module."""
    r = game.rules
    items = value_items(game)
    if item not in items:
        raise OptionError(f"{game.id} has no item {shown(item)}; items are {', '.join(items)}")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.n):
        raise OptionError(f"there is no seat {shown(seat)} in this {s.n}-player game")
    if s.phase != DRAFTING or s.turn_no or s.tech_display:
        raise OptionError(f"{item} can only be given or removed in a new game, before the draft")
    s.legal = None  # the position changes outside apply
    if item in r.tech_ids:
        _technology(s, r.tech_ids.index(item), seat)
    else:
        _wonder(s, r.ids.index(item), seat)


def _technology(s: CcgState, t: int, seat: int | None) -> None:
    """CCG-6.5 / CCG-2.4.2: the technology leaves the deck; the seat owns it as if bought."""
    r = s.rules
    if t not in s.tech_deck:
        raise OptionError(f"technology {r.tech_ids[t]} is no longer in the technology deck")
    s.tech_deck.remove(t)
    if seat is None:
        return
    s.techs[seat] |= 1 << t
    s.changed(seat)
    if r.tech_mining[t]:  # CCG-2.4.2: the one-time bonus, as when bought
        if r.mining_now:
            s.res[seat][HAMMERS] += len(s.plots[seat])
        else:
            s.mining_due[seat] = 1


def _wonder(s: CcgState, c: int, seat: int | None) -> None:
    """CCG-2.7.1 / CCG-2.1.4: the wonder leaves the play deck for a free slot of the seat's plots."""
    r = s.rules
    if c not in s.deck:
        raise OptionError(f"wonder {r.ids[c]} is no longer in the play deck")
    if seat is not None:
        free = [i for i in range(len(s.plots[seat])) if len(s.plots[seat][i]) - 2 < s.slots(seat, i)]
        if not free:
            raise OptionError(f"player {seat} has no free building slot for wonder {r.ids[c]}")
        s.plots[seat][free[0]].append(c)
        s.changed(seat)
    s.deck.remove(c)

"""The items of Catan Deck Building whose causal value a designer measures
(``Game.value_items``, ``Game.give_item``): the seven cards of the supply (CDB-4.5,
CDB-5.4), named by their ids as in the notation: bandit, kdef, koff, harbor, road,
settlement, city.

Giving a card to a seat on a fresh game: one copy is taken from its supply stack and
put on that seat's discard pile, as if he had bought it before his first turn. That is
where the rules put every card a player comes to own (CDB-7.5: a bought card goes onto
the buyer's discard pile; CDB-3.1.2: so does a stolen card that is kept), and it needs
no shuffle: the seat's first reshuffle (CDB-8.5) brings it into his draw pile, so the
state's generator is not touched and the first hands and draws are those of the paired
game with the same seed. The gift costs nothing (no resources, no Desert for a
Bandit, no Settlement for a City): it is the card's own worth that is measured. The
seat's discard pile and what he owns are public, so the opponent knows of the gift.

Removing a card: its whole stack is taken out of the game (the supply count becomes 0),
so nobody can buy it; the copies in the start decks (Roads, Settlements) stay, and a
Settlement that a City purchase returns to the supply (CDB-3.6.4) can be bought again.
Without the City stack nobody can win (CDB-9.1): every game is a draw at the turn cap.
A position with a removed stack has fewer cards than the game's card data, so
``state_from_json`` refuses it (CDB-5.4); the changed state itself plays, clones and
determinizes as any other.
"""

from __future__ import annotations

from civtable.core.errors import OptionError
from civtable.core.reader import shown

from .catalog import BUYABLE, ROLE_IDS
from .rules.base import changed
from .state import MAIN, CatanState

ITEMS: tuple[str, ...] = tuple(ROLE_IDS[c] for c in BUYABLE)
"""The supply cards, in card order."""


def stack_of(item: str) -> int:
    """The card number of a supply card's id; anything else is refused in one sentence."""
    if isinstance(item, str) and item in ITEMS:
        return ROLE_IDS.index(item)
    raise OptionError(f"catan-deckbuilding has no item {shown(item)}; its items are the supply cards: "
                      f"{', '.join(ITEMS)}")


def give_item(s: CatanState, item: str, seat: int | None) -> None:
    """Give ``seat`` one copy of supply card ``item`` on his discard pile, taken from its
    stack (CDB-7.5, as a purchase before the first turn), or with ``seat`` ``None`` take
    the stack out of the game (CDB-5.4 without that stack). ``s`` must be a new game:
    the first turn's main phase, nothing laid down or spent yet."""
    card = stack_of(item)
    s.memo = None
    if seat is not None and (seat.__class__ is not int or not 0 <= seat < 2):
        raise OptionError(f"there is no seat {shown(seat)} in a 2-player game of catan-deckbuilding")
    if s.turn_no != 1 or s.phase != MAIN or any(s.pool) or any(map(any, s.laid)) or s.roads_played:
        raise ValueError("items are given or removed on a new game, before its first action")
    if seat is None:
        s.supply = changed(s.supply, card, -s.supply[card])
        return
    if not s.supply[card]:
        raise OptionError(f"the {item} stack of the supply is empty: there is no {item} to give")
    s.supply = changed(s.supply, card, -1)
    s.disc[seat].append(card)

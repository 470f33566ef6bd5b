"""Actions of Civilization: The Card Game and their notation.

Plots are numbered from 1 in the order a player got them; seats from 0.

    draft plains          take a plot in the set-up draft (CCG-4.3, CCG-4.4)
    place 2               the free population on plot 2 (CCG-4.8)
    discard archers       discard a card (CCG-4.9, CCG-8.1)
    yield food            a population's extra resource (CCG-5.3)
    pop 2 | plot coast | tech writing | build library 3 | cash food_cache
    plot coast spare-commerce   pay a plot from the other resources first (CCG-6.4 "any mix";
                                plain "plot coast" pays from the largest stocks)
    trade food+food+hammers for commerce     3:1 bank trade (bank-trade A; trades that give
                                              back a type they pay with are left out: they only lose)
    trade food for commerce                   3 food for 1 commerce (bank-trade B)
    writing 1 | laws 1    use Writing or Code of Laws on seat 1 (CCG-9.2)
    take food | give food                     Code of Laws resources, chosen (B / C)
    done                  end purchasing, or end a defence
    attack chariot 1 | fight | pass           declare and start combat (CCG-7.0, CCG-7.1)
    siege yes | siege no  use a further Catapult on City Walls (catapult-repeat B)
    bounce chariot        send an attacker back with City Walls / Great Wall (CCG-7.2.2)
    block chariot spearmen                    defend (CCG-7.3)
    lose 2 | gain 1 | destroy library 3       apply damage (CCG-7.5)
    draw 4 | draw 5 astronomy | draw 5 culture | draw 6   (CCG-8.1 to 8.3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.action import Action

if TYPE_CHECKING:
    from .state import CcgState

(DRAFT, PLACE, DISCARD, YIELD, BUY_POP, BUY_PLOT, BUY_TECH, BUILD, CASH, TRADE, WRITING, LAWS,
 TAKE, GIVE, DONE, ATTACK, FIGHT, PASS, SIEGE, BOUNCE, BLOCK, LOSE, GAIN, DESTROY, DRAW) = range(25)


class CcgAction(Action):
    """An action with its dispatch code and integer arguments."""

    __slots__ = ("code", "a", "b", "c")

    def __init__(self, code: int, a: int, b: int, c: int, kind: str, *args: object) -> None:
        super().__init__(kind, *args)
        self.code = code
        self.a = a
        self.b = b
        self.c = c

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, *self.args))


ActionCache = dict[tuple[int, int, int, int], CcgAction]


def act(cache: ActionCache, code: int, a: int, b: int, c: int, kind: str, *args: object) -> CcgAction:
    """The one action object for these arguments (built once per card set, then shared)."""
    key = (code, a, b, c)
    found = cache.get(key)
    if found is None:
        found = cache[key] = CcgAction(code, a, b, c, kind, *args)
    return found


def make(s: CcgState, code: int, a: int, b: int, c: int, kind: str, *args: object) -> CcgAction:
    """The shared action object of this card set (built on first use)."""
    cache = s.rules.cache
    found = cache.get((code, a, b, c))
    return found if found is not None else act(cache, code, a, b, c, kind, *args)

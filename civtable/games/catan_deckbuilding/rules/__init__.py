"""The forward model of Catan Deck Building (TAG's ForwardModel): what happens, given a
state (``state.py``, the data). ``legal(state)`` lists the decider's actions,
``apply(state, action)`` carries one out, ``start(state)`` sets a new game up. The game
keeps it (``CatanDeckBuilding.model``), and so does each state (``CatanState.model``),
whose ``legal_actions`` and ``apply`` call it and nothing else of the rules.

The rules, one module per phase:

- ``main``: the main phase of a turn (CDB-7): play, lay down, buy, end;
- ``attacks``: answering attacks and their effects (CDB-3.1 to CDB-3.3): react,
  counter, steal, discard;
- ``turn``: the end of the turn, draws and reshuffles, winning (CDB-8, CDB-9);
- ``payment``: what a purchase takes from the pool (CDB-7.3 to CDB-7.6);
- ``base``: what they share (the phases and the pool's slots are the state's).

``STEPS[phase]`` is the decision step of a phase (``state.MAIN`` ... ``state.OVER``):
the forward model looks it up there and nowhere else.

The model is an object (``MODEL``, whose methods the module's ``legal``, ``apply`` and
``start`` are): in the compiled build (``setup.py``) the state calls a compiled class's
methods directly, where a call through a module's functions would go through Python's
call machinery, twice a step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from civtable.core.errors import IllegalActionError
from civtable.core.steps import Step

from ..actions import LAY, PLAY_RES
from ..catalog import CITY, KDEF
from ..state import (
    COUNTER,
    DISCARDING,
    LIGHT,
    MAIN,
    MOVE_EVENTS,
    OVER,
    PHASE_NAMES,
    REACT,
    STEAL,
    CatanState,
)
from . import attacks, main
from .base import changed
from .main import CARDS, CODES, GAINS, MaskNumbers
from .main import legal as main_legal
from .main import mask as main_mask
from .main import play as main_play
from .turn import check_win, draw, shuffle

if TYPE_CHECKING:
    from ..actions import CdbAction


def _nothing(s: CatanState, player: int) -> list[CdbAction]:
    return []


def _over(s: CatanState, player: int, action: CdbAction) -> None:
    """CDB-9.1: the game is over; nothing more is played."""
    raise IllegalActionError(s.explain(player, action.text))


STEPS: Final[tuple[Step[Any], ...]] = (  # Any: CatanState is a State by registration
    Step("main", main.legal, main.play, rule="CDB-7.1"),  # type: ignore[arg-type]
    Step("react", attacks.answer_legal, attacks.react_play, rule="CDB-3.2.2"),  # type: ignore[arg-type]
    Step("counter", attacks.answer_legal, attacks.counter_play, rule="CDB-3.2.3"),  # type: ignore[arg-type]
    Step("steal", attacks.steal_legal, attacks.steal_play, rule="CDB-3.1.2"),  # type: ignore[arg-type]
    Step("discard", attacks.discard_legal, attacks.discard_play, rule="CDB-3.3.2"),  # type: ignore[arg-type]
    Step("over", _nothing, _over, rule="CDB-9.1"),  # type: ignore[arg-type]
)
assert tuple(s.name for s in STEPS) == PHASE_NAMES
assert tuple(range(len(STEPS))) == (MAIN, REACT, COUNTER, STEAL, DISCARDING, OVER)

LEGAL: Final = tuple(s.legal for s in STEPS)
PLAY: Final = tuple(s.play for s in STEPS)
"""The steps' functions by phase, for the hot path."""


class ForwardModel:
    """The rules of Catan Deck Building as the state calls them: ``start``, ``legal``,
    ``apply`` (one instance, ``MODEL``)."""

    def start(self, s: CatanState) -> None:
        """CDB-5 and CDB-6: before play (CDB-5.1) each player's own deck (CDB-1.2) is
        shuffled as his draw pile (CDB-5.2, CDB-5.3); 7-card hands (CDB-6.1), a start player
        (CDB-6.2: the option, else at random). The supply is prepared with the play area
        (CDB-4.5, CDB-5.4, CDB-5.5: ``Rules.supply``)."""
        for p in range(2):
            shuffle(s.rng, s.draw[p])
        for p in range(2):
            draw(s, p, s.rules.cards.opening_hand)
        first = s.game.options["start-player"]
        s.current = s.decider = first if first is not None else s.rng.below(2)
        s.emit("turn.started", {"player": s.current, "turn": 1})
        check_win(s, s.current)

    def legal(self, s: CatanState) -> list[CdbAction]:
        """The decider's actions, by the step of the current phase (``STEPS``)."""
        phase = s.phase
        if phase == MAIN:
            return main_legal(s, s.decider)
        return LEGAL[phase](s, s.decider)  # type: ignore[return-value]

    def apply(self, s: CatanState, action: CdbAction) -> None:
        """The decider's ``action`` (``CatanState.apply`` has checked who decides), told
        (the ``move`` event), then carried out by the step of the current phase
        (``STEPS``); a refused one raises before changing anything but the journal, which
        ``CatanState.apply`` takes back. Afterwards, under win-timing A, three Cities in
        the current player's hand win (CDB-9.1): checked after the actions that can bring
        a card into a hand (``CdbAction.gains``), since no other action can give a hand
        its third City."""
        player = s.decider
        phase = s.phase
        i = action.index
        if s.told is not None:  # ``CatanState.emit_move``: it happens at every step
            s.tell(MOVE_EVENTS[player][i])
        # the encoder's shortcut (``CatanState.heavy``): counted before the move, so that a
        # refused one counts too (changing nothing, it only makes the next read a full one)
        stamp = s.stamp = s.stamp + 1
        if phase != MAIN or not LIGHT[i]:
            s.heavy = stamp
        if phase == MAIN:
            # the commonest actions, inlined (``main.play``): CDB-7.2, the card is laid
            # down; CDB-2.2 / CDB-7.3, a resource card puts its resource into the pool;
            # CDB-7.8, a card laid down without effect (a Knight (Defensive) that has
            # blocked, counter-knight C, is the one laid down)
            code = CODES[i]
            if code in (PLAY_RES, LAY):
                card = CARDS[i]
                h = s.hand[player]
                if h[card]:
                    h[card] -= 1
                    s.laid[player][card] += 1
                    if code == PLAY_RES:
                        s.pool[card] += 1
                    elif card == KDEF and s.spent[player]:
                        s.spent = changed(s.spent, player, -1)
                    return
            main_play(s, player, action)
        else:
            PLAY[phase](s, player, action)
        if GAINS[i] and s.rules.win_any_time and s.phase != OVER and s.hand[s.current][CITY] >= s.rules.to_win:
            check_win(s, s.current)


class Numbering:
    """The legal actions as a learning agent's numbers (``Game.action_space``): the mask
    the environments hand out (``CatanDeckBuilding.legal_mask``), made here, compiled,
    from each action's ``index`` (``number[index]``: its number in the space, -1 for an
    action the space leaves out, which no legal list of these options holds)."""

    def __init__(self, number: list[int], size: int) -> None:
        self.number = number
        self.size = size
        self.main = MaskNumbers(number)

    def mask(self, s: CatanState, player: object) -> bytes:
        """1 at the number of each of ``player``'s legal actions, else 0 (``bytes``); in the
        main phase made by ``main.mask`` without the list of actions."""
        buf = bytearray(self.size)
        number = self.number
        if s.phase == MAIN and type(player) is int and player == s.decider:
            main_mask(s, player, self.main, buf)
        else:
            for a in s.legal_actions(player):
                buf[number[a.index]] = 1
        return bytes(buf)


MODEL: Final = ForwardModel()
legal: Final = MODEL.legal
apply: Final = MODEL.apply
start: Final = MODEL.start
"""The forward model's functions (``MODEL``'s methods)."""

__all__ = ["LEGAL", "MODEL", "PLAY", "STEPS", "ForwardModel", "Numbering", "apply", "legal", "start"]

"""The rules of Catan Deck Building, one module per phase, and the one dispatch table.

- ``main``: the main phase of a turn (CDB-7): play, lay down, buy, end;
- ``attacks``: answering attacks and their effects (CDB-3.1 to CDB-3.3): react,
  counter, steal, discard;
- ``turn``: the end of the turn, draws and reshuffles, winning (CDB-8, CDB-9);
- ``payment``: what a purchase takes from the pool (CDB-7.3 to CDB-7.6);
- ``base``: the phases and the pool's slots.

``STEPS[phase]`` is the decision step of a phase (``base.MAIN`` ... ``base.OVER``):
``CatanState.legal_actions`` and ``apply`` look it up there and nowhere else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from civtable.core.errors import IllegalActionError
from civtable.core.steps import Step

from . import attacks, main
from .base import COUNTER, DISCARDING, MAIN, OVER, PHASE_NAMES, REACT, STEAL

if TYPE_CHECKING:
    from ..actions import CdbAction
    from ..state import CatanState


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

__all__ = ["LEGAL", "PLAY", "STEPS"]

"""The one typed dispatch every game uses for its decision steps.

A game's ``rules/`` package has one module per phase; each decision step is a
``Step``: who may do what (``legal``) and what it does (``play``). The state keeps
the current step's key and looks it up in one table (``rules.STEPS``), so that
``legal_actions`` and ``apply`` read the same way in every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from .action import Action
    from .state import State

S = TypeVar("S", bound="State")


@dataclass(frozen=True)
class Step(Generic[S]):
    """One kind of decision: ``legal(state, player)`` lists the actions (canonical
    order), ``play(state, player, action)`` carries one out (``action`` is already
    known to be one of ``legal``'s, or the step checks it and raises
    ``IllegalActionError`` without changing anything). ``rule`` names the rule IDs it
    implements, so that a grep finds the step from the rules."""

    name: str
    legal: Callable[[S, int], list[Action]]
    play: Callable[[S, int, Action], None]
    rule: str = ""

"""Mega Civilization's decision step (``MegaStep``): the core's ``Step`` with what closes
its part of the phase. A module of its own, left out of the compiled build
(``civtable/_compiled.py``): a compiled class derives only from compiled classes, and
``Step`` is the core's Python dataclass; the compiled rules read its fields as those of
any Python object."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from civtable.core.steps import Step


@dataclass(frozen=True)
class MegaStep(Step[Any]):  # Any: MegaState is a State by registration
    """A decision step; ``finish`` closes its part of the phase once its queue is
    empty (None: the step moves the game on by itself)."""

    finish: Callable[[Any], None] | None = None

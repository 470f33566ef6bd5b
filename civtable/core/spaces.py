"""Fixed action spaces and numeric observation encodings, for learning agents.

A game declares, for its options and player count, one ordered list of every action
text that can ever be legal (``ActionSpace``), so that an action is also a number
``0 <= i < size``, the same in every process (the list is built from the game's data,
never from a hash or a random draw). Compound choices stay split into steps, as in
the text notation: the space holds the steps, not their products.

``Encoding`` declares a flat float vector feature by feature (name, size, bounds and
what it means); ``Game.encode`` fills it from ``observation(player)`` only, so nothing
hidden can reach it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .action import Action
from .errors import IllegalActionError
from .reader import shown
from .reference import Table

if TYPE_CHECKING:
    import numpy as np


class ActionSpace:
    """Every action text of one game and player count, in a fixed order."""

    __slots__ = ("_index", "_digest", "texts")

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts: tuple[str, ...] = tuple(texts)
        self._index: dict[str, int] = {}
        for i, t in enumerate(self.texts):
            if not isinstance(t, str) or not t or t != " ".join(t.split()):
                raise ValueError(f"action space entry {i} is not a normalized action text: {t!r}")
            if t in self._index:
                raise ValueError(f"action {t!r} is twice in the action space")
            self._index[t] = i
        self._digest = ""

    @property
    def size(self) -> int:
        return len(self.texts)

    def __len__(self) -> int:
        return len(self.texts)

    def __contains__(self, action: object) -> bool:
        return str(action) in self._index

    def index(self, action: Action | str) -> int:
        """The number of an action (its text is looked up)."""
        text = action.text if isinstance(action, Action) else str(action)
        i = self._index.get(text)
        if i is None:
            raise IllegalActionError(f"{shown(text)} is not in the action space")
        return i

    def text(self, index: Any) -> str:
        """The action text of a number; anything else than ``0 <= index < size`` is refused."""
        try:
            i = int(index)
        except (TypeError, ValueError, OverflowError):
            raise IllegalActionError(f"an action index is a whole number, not {shown(index)}") from None
        if i != index or not 0 <= i < len(self.texts):
            raise IllegalActionError(
                f"action index {shown(index)} is outside the action space (0 to {len(self.texts) - 1})")
        return self.texts[i]

    def mask(self, actions: Iterable[Action]) -> np.ndarray:
        """A 0/1 ``int8`` vector over the space: 1 for each of ``actions``."""
        import numpy as np

        m = np.zeros(len(self.texts), dtype=np.int8)
        index = self._index
        for a in actions:
            i = index.get(a.text)
            if i is None:
                raise IllegalActionError(f"legal action {shown(a.text)} is missing from the action space")
            m[i] = 1
        return m

    @property
    def digest(self) -> str:
        """A short fingerprint of the list (equal spaces, equal digests, in any process)."""
        if not self._digest:
            h = hashlib.sha256("\n".join(self.texts).encode()).hexdigest()
            self._digest = h[:16]
        return self._digest


@dataclass(frozen=True)
class Feature:
    """One named block of an encoding: ``size`` numbers within ``[low, high]``."""

    name: str
    size: int
    text: str
    low: float = 0.0
    high: float = 1.0


class Encoding:
    """The layout of a flat ``float32`` observation vector, feature by feature."""

    __slots__ = ("features", "size", "_slices")

    def __init__(self, features: Sequence[Feature]) -> None:
        self.features: tuple[Feature, ...] = tuple(features)
        self._slices: dict[str, slice] = {}
        at = 0
        for f in self.features:
            if f.name in self._slices:
                raise ValueError(f"feature {f.name!r} is declared twice")
            if f.size < 1 or not f.low <= f.high:
                raise ValueError(f"feature {f.name!r} has size {f.size} and bounds {f.low}..{f.high}")
            self._slices[f.name] = slice(at, at + f.size)
            at += f.size
        self.size = at

    def zeros(self) -> np.ndarray:
        import numpy as np

        return np.zeros(self.size, dtype=np.float32)

    def slot(self, name: str) -> slice:
        """Where feature ``name`` sits in the vector."""
        return self._slices[name]

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The low and high bound of every number of the vector."""
        import numpy as np

        low = np.concatenate([np.full(f.size, f.low, dtype=np.float32) for f in self.features])
        high = np.concatenate([np.full(f.size, f.high, dtype=np.float32) for f in self.features])
        return low, high

    def table(self, title: str = "Observation encoding") -> Table:
        """The features as a reference table (``civtable encoding GAME``, docs)."""
        rows = []
        for f in self.features:
            s = self._slices[f.name]
            rows.append((f"{s.start}-{s.stop - 1}" if f.size > 1 else str(s.start), f.name,
                         str(f.size), f"{f.low:g}..{f.high:g}", f.text))
        return Table(title, ("index", "feature", "size", "range", "meaning"), tuple(rows))

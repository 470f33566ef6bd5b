"""The one validating reader of positions (``state_from_json``) for every game.

Every check names the field by its path (``players[1].hand.ore``) and says what it
must be, in one sentence, as ``InvalidStateError``. The game and the options a
position was saved with are checked before anything else
(``Game.state_from_json``), so a position of another game says which game it is.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NoReturn, TypeVar

from .errors import InvalidStateError

T = TypeVar("T")


def shown(value: Any, limit: int = 60) -> str:
    """A value for an error message, cut short: input is never echoed without limit."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Reader:
    """Reads the fields of one position (a JSON object)."""

    def __init__(self, data: Any, what: str = "position") -> None:
        if not isinstance(data, dict):
            raise InvalidStateError(f"a {what} must be a JSON object, not {type(data).__name__}")
        self.data: dict[str, Any] = data
        self.what = what

    # ------------------------------------------------------------- failures
    def fail(self, path: str, message: str) -> NoReturn:
        raise InvalidStateError(f"{self.what} field {path!r} {message}")

    # ---------------------------------------------------------------- access
    def get(self, key: str, src: Mapping[str, Any] | None = None, path: str = "") -> Any:
        """``src[key]`` (the top level by default); ``path`` is ``src``'s own path."""
        where = self.data if src is None else src
        if key not in where:
            self.fail(f"{path}.{key}" if path else key, "is missing")
        return where[key]

    def optional(self, key: str, default: Any = None, src: Mapping[str, Any] | None = None) -> Any:
        where = self.data if src is None else src
        return where.get(key, default)

    # ----------------------------------------------------------------- types
    def obj(self, value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, f"must be an object, not {shown(value)}")
        return value

    def seq(self, value: Any, path: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            self.fail(path, f"must be a list, not {shown(value)}")
        if length is not None and len(value) != length:
            self.fail(path, f"must have {length} entries, not {len(value)}")
        return value

    def integer(self, value: Any, path: str, lo: int | None = 0, hi: int | None = None) -> int:
        """An integer (never a bool or a float) within ``[lo, hi]``."""
        if (not isinstance(value, int) or isinstance(value, bool)
                or (lo is not None and value < lo) or (hi is not None and value > hi)):
            if lo is not None and hi is not None:
                span = f" from {lo} to {hi}"
            elif lo is not None:
                span = f" of at least {lo}"
            elif hi is not None:
                span = f" of at most {hi}"
            else:
                span = ""
            self.fail(path, f"must be an integer{span}, not {shown(value)}")
        return value

    def count(self, value: Any, path: str) -> int:
        """A non-negative integer."""
        return self.integer(value, path, 0)

    def boolean(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            self.fail(path, f"must be true or false, not {shown(value)}")
        return value

    def text(self, value: Any, path: str) -> str:
        if not isinstance(value, str):
            self.fail(path, f"must be text, not {shown(value)}")
        return value

    def choice(self, value: Any, allowed: Collection[T], path: str) -> T:
        """One of ``allowed`` (compared by value, bools never pass for numbers)."""
        if isinstance(value, bool) and not any(isinstance(a, bool) for a in allowed):
            value = None
        try:
            known = value is not None and value in allowed
        except TypeError:  # a list or an object checked against a set
            known = False
        if not known:
            options = ", ".join(sorted(str(a) for a in allowed))
            self.fail(path, f"must be one of {options}, not {shown(value)}")
        return value  # type: ignore[no-any-return]

    def index(self, value: Any, names: Sequence[str], path: str, what: str = "name") -> int:
        """The position of a name in ``names`` (a card id, an area id...)."""
        if not isinstance(value, str) or value not in names:
            self.fail(path, f"names unknown {what} {shown(value)}")
        return names.index(value)

    def indices(self, value: Any, names: Sequence[str], path: str, what: str = "name") -> list[int]:
        return [self.index(v, names, f"{path}[{i}]", what) for i, v in enumerate(self.seq(value, path))]

    def seat(self, value: Any, path: str, players: int, optional: bool = False) -> int:
        """A seat ``0 .. players-1``; ``None`` gives -1 when ``optional``."""
        if value is None and optional:
            return -1
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
            self.fail(path, f"must be a seat from 0 to {players - 1}, not {shown(value)}")
        return value

    def counts(self, value: Any, keys: Sequence[str], path: str, what: str = "card") -> list[int]:
        """An object of non-negative counts by key, as a list in ``keys`` order."""
        found = self.obj(value, path)
        for k in found:
            if k not in keys:
                self.fail(path, f"names unknown {what} {shown(k)}")
        return [self.count(found.get(k, 0), f"{path}.{k}") for k in keys]

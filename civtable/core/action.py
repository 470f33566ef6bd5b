"""Actions: small immutable values with a readable string form.

An action is identified by its text (``"buy city"``, ``"play road 2"``): the text
is what records store, what ``parse_action`` reads and what ``str()`` returns.
Games build their actions once and hand out the same objects, so the hot path
creates none.
"""

from __future__ import annotations

from typing import Any


class Action:
    """One decision; ``kind`` names what it does, ``args`` its parameters."""

    __slots__ = ("kind", "args", "text", "_hash")

    def __init__(self, kind: str, *args: Any) -> None:
        self.kind = kind
        self.args = args
        self.text = " ".join([kind, *(str(a) for a in args)])
        self._hash = hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Action) -> bool:
        return self.text < other.text

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, *self.args))


def normalize(text: str) -> str:
    """Canonical spacing and case of an action text typed by a person."""
    return " ".join(text.strip().lower().split())

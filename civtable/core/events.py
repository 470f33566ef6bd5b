"""What happened, told to each viewer.

``apply`` records structured events: a message id and JSON-safe arguments
(``Event("calamity.struck", {"calamity": "flood", "victim": 2, "losses": [...]})``),
each public or visible to some seats only. Front ends never print an action or a
state field to say what happened: they render the events a viewer may see
(``State.events(viewer)``), with the game's message templates (``messages.py``),
so that the same log reads in any language and never shows a hidden card.

The journal is a persistent linked list: a clone shares its parent's history and
adding an event to one does not touch the other, so ``clone`` stays O(1) here.
A state whose journal is ``None`` records nothing (search bots' samples).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

Viewer = int | None
"""A seat (0, 1, ...) or ``None`` for a spectator, who sees only public things."""


class Event:
    """One thing that happened. ``to``: the seats that see it (``None``: everybody,
    spectators included); ``exclude``: seats that do not, even when ``to`` is None
    (the public half of a private event: "player 1 drew 2 cards" is shown to the
    others while player 1 is told which cards)."""

    __slots__ = ("id", "args", "to", "exclude")

    def __init__(self, id: str, args: Mapping[str, Any] | None = None,
                 to: tuple[int, ...] | None = None, exclude: tuple[int, ...] = ()) -> None:
        self.id = id
        self.args: Mapping[str, Any] = args if args is not None else {}
        self.to = to
        self.exclude = exclude

    def visible_to(self, viewer: Viewer) -> bool:
        if viewer is None:  # a spectator sees what is told to everybody, public halves included
            return self.to is None
        return (self.to is None or viewer in self.to) and viewer not in self.exclude

    @property
    def public(self) -> bool:
        """Told to everybody (a public half with exclusions counts: spectators see it)."""
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        """What a viewer receives: the id and the arguments, never the audience."""
        return {"id": self.id, "args": dict(self.args)}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.id, dict(self.args), self.to, self.exclude) == (
            other.id, dict(other.args), other.to, other.exclude)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        audience = "" if self.to is None and not self.exclude else f", to={self.to}, exclude={self.exclude}"
        return f"Event({self.id!r}, {dict(self.args)!r}{audience})"


class Journal:
    """A node of the persistent event list; ``ROOT`` is the empty history. A node is
    two references (made on the hot path of ``apply``); its length is counted when
    asked."""

    __slots__ = ("event", "prev")

    def __init__(self, event: Event | None, prev: Journal | None) -> None:
        self.event = event
        self.prev = prev

    def add(self, event: Event) -> Journal:
        return Journal(event, self)

    def __iter__(self) -> Iterator[Event]:
        """The events from the oldest to the newest."""
        found: list[Event] = []
        node: Journal | None = self
        while node is not None and node.event is not None:
            found.append(node.event)
            node = node.prev
        return reversed(found)

    def __len__(self) -> int:
        n = 0
        node: Journal | None = self
        while node is not None and node.event is not None:
            n += 1
            node = node.prev
        return n


ROOT = Journal(None, None)
"""The history of a new or loaded position: nothing has happened yet."""


def visible(journal: Journal | None, viewer: Viewer, since: int = 0) -> list[Event]:
    """The events ``viewer`` may see, from its ``since``-th visible event on.

    ``since`` counts only the viewer's own visible events, so a cursor kept by a
    front end reveals nothing about how many hidden events happened in between.
    """
    if journal is None:
        return []
    seen = [e for e in journal if e.visible_to(viewer)]
    return seen[since:] if since else seen

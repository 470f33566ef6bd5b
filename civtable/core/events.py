"""What happened, told to each viewer.

``apply`` records structured events: a message id and JSON-safe arguments
(``Event("calamity.struck", {"calamity": "flood", "victim": 2, "losses": [...]})``),
each public or visible to some seats only. Front ends never print an action or a
state field to say what happened: they render the events a viewer may see
(``State.events(viewer)``), with the game's message templates (``messages.py``),
so that the same log reads in any language and never shows a hidden card.

The journal is a persistent list (``Journal``): a clone shares its parent's history
and adding an event to one does not touch the other, so ``clone`` stays O(1) here.
A state whose journal is ``None`` records nothing (search bots' samples).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import islice
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

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.id, dict(self.args), self.to, self.exclude))

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
    """A history: the first ``n`` events of a list that histories share.

    It is a persistent value, as a linked list would be, but one object does not
    outlive the next event: ``Journal(event, prev)`` is ``prev`` with ``event`` added,
    made by appending to ``prev``'s list in place when nobody has appended there yet
    (the list's length is ``prev.n``), else to a copy of its first ``prev.n`` events.
    So a clone shares its parent's history in O(1), adding an event to one does not
    touch the other, an older value (``mark = s.journal``) stays what it was, and a
    long game keeps one list of events rather than a node per event (which the
    garbage collector would walk again and again: a third of the time of random play
    with events, measured). ``ROOT`` is the empty history.

    Appending in place is safe between threads: an event goes in by ``list.append``
    (atomic) and is kept there only if it landed at index ``prev.n``; otherwise
    another history got there first and this one takes a copy."""

    __slots__ = ("items", "n")

    def __init__(self, event: Event | None = None, prev: Journal | None = None) -> None:
        if event is None:
            self.items: list[Event] = prev.items if prev is not None else []
            self.n: int = prev.n if prev is not None else 0
            return
        if prev is None:
            self.items = [event]
            self.n = 1
            return
        self.items = appended(prev.items, prev.n, event)
        self.n = prev.n + 1

    def __reduce__(self) -> tuple[Any, ...]:
        return (_history, (self.items[:self.n],))

    def add(self, event: Event) -> Journal:
        return Journal(event, self)

    @property
    def event(self) -> Event | None:
        """The newest event (``None`` for an empty history)."""
        return self.items[self.n - 1] if self.n else None

    def __iter__(self) -> Iterator[Event]:
        """The events from the oldest to the newest."""
        return islice(self.items, self.n)

    def __reversed__(self) -> Iterator[Event]:
        """The events from the newest to the oldest."""
        items = self.items
        return (items[i] for i in range(self.n - 1, -1, -1))

    def since(self, mark: Journal | None) -> list[Event]:
        """The events added after ``mark``, an earlier value of this history (``None``:
        all of them)."""
        start = mark.n if mark is not None and mark.n <= self.n else 0
        return self.items[start:self.n]

    def __len__(self) -> int:
        return self.n


def appended(items: list[Event], n: int, event: Event) -> list[Event]:
    """The list of the history of the first ``n`` of ``items`` with ``event`` added
    (``Journal``'s way): ``items`` itself, appended in place, when nobody has appended there
    yet, else a copy of its first ``n`` (a new list for an empty history, whose list
    ``ROOT`` shares)."""
    if n and len(items) == n:
        items.append(event)
        if items[n] is event:
            return items
        # another history appended first (another thread)
    items = items[:n]
    items.append(event)
    return items


def _history(events: list[Event]) -> Journal:
    """The history of ``events`` (how a pickled one is made again)."""
    j = Journal()
    j.items = events
    j.n = len(events)
    return j


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

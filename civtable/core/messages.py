"""Events in words: message templates and the formatter that fills them.

A game declares its templates as data (``Game.messages``: message id -> template,
each marked with ``N_`` so that translation tools find it). A template is a
``str.format`` string whose fields name the event's arguments, with a spec that
says how to show the value:

- ``{victim:player}`` / ``{victim:Player}`` a seat: "player 2", or "player 2 (you)"
  for the viewer (capitalised at the start of a sentence);
- ``{seats:players}`` a list of seats;
- ``{n:count:card}`` / ``{n:count:city:cities}`` a number with its noun: "1 card", "2 cards";
- ``{card:card}`` (any other word) a term of the game: ``Game.term("card", value)``,
  for a list of values every term, joined;
- ``{text}`` the value as it is.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .events import Event, Viewer


def N_(text: str) -> str:
    """Marks a message template for extraction into translation catalogs."""
    return text


CORE_MESSAGES: Mapping[str, str] = {
    "move": N_("{player:Player}: {action:action}"),
    "game.over": N_("The game is over: {winners:players} won."),
    "game.drawn": N_("The game is over: nobody won."),
}
"""Messages every game shares; a game's own ``messages`` may override them."""


def seat_name(seat: int, viewer: Viewer, names: Sequence[str] | None = None) -> str:
    name = names[seat] if names is not None and 0 <= seat < len(names) else f"player {seat}"
    return f"{name} (you)" if seat == viewer else name


def join(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``; ``nothing`` for none."""
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def count_words(value: Any, noun: str, plural: str = "") -> str:
    n = int(value)
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


class EventFormatter(string.Formatter):
    """Fills a template for one viewer; ``term(kind, value)`` names a game's things."""

    def __init__(self, term: Callable[[str, Any], str], viewer: Viewer,
                 names: Sequence[str] | None = None) -> None:
        self.term = term
        self.viewer = viewer
        self.names = names

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            if isinstance(value, (list, tuple)):
                return join([str(v) for v in value])
            return str(value)
        kind, _, rest = format_spec.partition(":")
        if kind in ("player", "Player"):
            if value is None:
                text = "nobody"
            else:
                text = seat_name(int(value), self.viewer, self.names)
            return text[:1].upper() + text[1:] if kind == "Player" else text
        if kind in ("players", "Players"):
            text = join([seat_name(int(v), self.viewer, self.names) for v in value])
            return text[:1].upper() + text[1:] if kind == "Players" else text
        if kind == "count":
            noun, _, plural = rest.partition(":")
            return count_words(value, noun, plural)
        if isinstance(value, (list, tuple)):
            return join([self.term(kind, v) for v in value])
        return self.term(kind, value)


def render_event(event: Event, templates: Mapping[str, str], term: Callable[[str, Any], str],
                 viewer: Viewer, names: Sequence[str] | None = None) -> str:
    """One event as a sentence for ``viewer``; an unknown id is shown as data (the
    contract-test kit checks that every id a game emits has a template)."""
    template = templates.get(event.id)
    if template is None:
        args = ", ".join(f"{k}={v!r}" for k, v in event.args.items())
        return f"{event.id}({args})"
    try:
        return EventFormatter(term, viewer, names).format(template, **event.args)
    except (KeyError, IndexError, ValueError, TypeError) as e:
        raise ValueError(f"message {event.id!r} cannot be filled from {dict(event.args)!r}: {e}") from None

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
- ``{text}`` the value as it is (a number written the reader's way).

Every template is a message id of the translation catalogs: ``render_event`` takes a
``Translator`` (``civtable.i18n``; English by default), looks the template up in the
reader's language and fills it there, so the same stored event reads in any
language. A translation may add a grammatical case to a seat (``{victim:player:acc}``:
the ``seat acc`` forms of "player {n}") and gives a count's noun in all of its
language's plural forms, in the catalog's order (``{n:count:karta:karty:karet}``).
A term (``Game.term``) that the game built as ``Localized`` is built again in the
reader's language.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from civtable.i18n import ENGLISH, Translator

from .events import Event, Viewer


def N_(text: str) -> str:
    """Marks a message template for extraction into translation catalogs."""
    return text


def NP_(context: str, text: str) -> str:
    """Marks a message with a context (``pgettext``) for extraction; returns the text."""
    return text


SEAT_FORMS: Mapping[str, tuple[str, str]] = {
    "": (NP_("seat", "player {n}"), NP_("seat", "player {n} (you)")),
    "gen": (NP_("seat gen", "player {n}"), NP_("seat gen", "player {n} (you)")),
    "dat": (NP_("seat dat", "player {n}"), NP_("seat dat", "player {n} (you)")),
    "acc": (NP_("seat acc", "player {n}"), NP_("seat acc", "player {n} (you)")),
    "ins": (NP_("seat ins", "player {n}"), NP_("seat ins", "player {n} (you)")),
    "loc": (NP_("seat loc", "player {n}"), NP_("seat loc", "player {n} (you)")),
}
"""A seat's name in each grammatical case a translation may ask for (``{p:player:acc}``);
English and German translations need only the first."""
WORDS = (N_("nobody"), N_("nothing"), NP_("seat", "{name} (you)"))


CORE_MESSAGES: Mapping[str, str] = {
    "move": N_("{player:Player}: {action:action}"),
    "game.over": N_("The game is over: {winners:players} won."),
    "game.drawn": N_("The game is over: nobody won."),
    "talk": N_("{player:Player} says: {text}"),
}
"""Messages every game shares; a game's own ``messages`` may override them."""


def seat_name(seat: int, viewer: Viewer, names: Sequence[str] | None = None, tr: Translator = ENGLISH,
              case: str = "") -> str:
    """"player 2", "player 2 (you)" for the viewer, or the seat's given name; ``case``
    a grammatical case of the translation (``acc``, ``gen``, ...)."""
    context = "seat " + case if case in SEAT_FORMS and case else "seat"
    if names is not None and 0 <= seat < len(names):
        name = names[seat]
        plain = tr.pgettext("seat", SEAT_FORMS[""][0]).format(n=seat)
        if case and not tr.english and name.startswith(plain):
            # the default name in its case: "hráč 1 (greedy)" -> "hráče 1 (greedy)", "Spieler 0 (dich)"
            form = SEAT_FORMS[case][1 if seat == viewer else 0]
            return tr.pgettext(context, form).format(n=seat) + name[len(plain):]
        return tr.pgettext("seat", "{name} (you)").format(name=name) if seat == viewer else name
    plain, yours = SEAT_FORMS.get(case, SEAT_FORMS[""])
    return tr.pgettext(context, yours if seat == viewer else plain).format(n=seat)


def join(words: Sequence[str], tr: Translator = ENGLISH) -> str:
    """``a``, ``a and b``, ``a, b and c``; ``nothing`` for none (in ``tr``'s language)."""
    return tr.join(list(words))


def count_words(value: Any, noun: str, plural: str = "", tr: Translator = ENGLISH,
                more: Sequence[str] = ()) -> str:
    """"1 card", "2 cards": the number and the form of the noun that fits it (a
    translation gives all of its language's forms: ``noun``, ``plural``, ``more``)."""
    n = int(value)
    return f"{tr.number(n)} {tr.plural_form(n, [noun, plural, *more])}"


class EventFormatter(string.Formatter):
    """Fills a template for one viewer; ``term(kind, value)`` names a game's things."""

    def __init__(self, term: Callable[[str, Any], str], viewer: Viewer,
                 names: Sequence[str] | None = None, tr: Translator = ENGLISH) -> None:
        self.term = term
        self.viewer = viewer
        self.names = names
        self.tr = tr

    def word(self, kind: str, value: Any) -> str:
        """A game's term in the reader's language."""
        return str(self.tr.localize(self.term(kind, value)))

    def format_field(self, value: Any, format_spec: str) -> str:
        tr = self.tr
        if not format_spec:
            if isinstance(value, (list, tuple)):
                return join([str(tr.number(v)) for v in value], tr)
            return str(tr.number(value))
        kind, _, rest = format_spec.partition(":")
        if kind in ("player", "Player"):
            if value is None:
                text = tr.gettext("nobody")
            else:
                text = seat_name(int(value), self.viewer, self.names, tr, rest)
            return text[:1].upper() + text[1:] if kind == "Player" else text
        if kind in ("players", "Players"):
            text = join([seat_name(int(v), self.viewer, self.names, tr, rest) for v in value], tr)
            return text[:1].upper() + text[1:] if kind == "Players" else text
        if kind == "count":
            forms = rest.split(":")
            return count_words(value, forms[0], forms[1] if len(forms) > 1 else "", tr, forms[2:])
        if isinstance(value, (list, tuple)):
            return join([self.word(kind, v) for v in value], tr)
        return self.word(kind, value)


def render_event(event: Event, templates: Mapping[str, str], term: Callable[[str, Any], str],
                 viewer: Viewer, names: Sequence[str] | None = None, tr: Translator = ENGLISH) -> str:
    """One event as a sentence for ``viewer`` in ``tr``'s language; an unknown id is
    shown as data (the contract-test kit checks that every id a game emits has a
    template). A translation that cannot be filled falls back to the English template."""
    template = templates.get(event.id)
    if template is None:
        args = ", ".join(f"{k}={v!r}" for k, v in event.args.items())
        return f"{event.id}({args})"
    if not tr.english:
        try:
            return EventFormatter(term, viewer, names, tr).format(tr.gettext(template), **event.args)
        except (KeyError, IndexError, ValueError, TypeError):
            pass  # tests/i18n checks every translation's fields; English is never wrong
    try:
        return EventFormatter(term, viewer, names, tr).format(template, **event.args)
    except (KeyError, IndexError, ValueError, TypeError) as e:
        raise ValueError(f"message {event.id!r} cannot be filled from {dict(event.args)!r}: {e}") from None

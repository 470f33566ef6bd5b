"""Translations: Greek, Czech and German besides English (the source language).

- ``choose(option)`` / ``from_accept_language(header)``: which language a person reads;
- ``translator(code)``: that language's ``Translator`` (messages, plural forms, numbers,
  dates and lists), passed explicitly to whatever renders text;
- ``localizable`` / ``message``: texts built in English that can be built again in
  another language (``tr.localize(text)``);
- ``N_`` / ``NN_`` / ``NP_``: mark a message (with a plural, with a context) for extraction.

See ``docs/i18n.md`` for the catalogs, the glossaries and how a game is translated.
"""

from __future__ import annotations

from .language import DEFAULT, LANGUAGES, choose, from_accept_language, from_environment, known
from .lazy import Localized, LocalizedTuple, error_text, localizable, localize, message
from .translator import ENGLISH, LOCALE_DIR, Translator, translator


def N_(text: str) -> str:
    """Marks a message for extraction into the catalogs; returns it unchanged."""
    return text


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural (``ngettext``) for extraction; returns both forms."""
    return (singular, plural)


def NP_(context: str, text: str) -> str:
    """Marks a message with its context (``pgettext``) for extraction; returns the text."""
    return text


__all__ = [
    "DEFAULT", "ENGLISH", "LANGUAGES", "LOCALE_DIR", "Localized", "LocalizedTuple", "N_", "NN_", "NP_", "Translator",
    "choose", "error_text", "from_accept_language", "from_environment", "known", "localizable", "localize",
    "message", "translator",
]

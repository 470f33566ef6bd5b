"""A ``Translator``: one language's messages (gettext catalogs) and its ways of writing
numbers, dates and lists (Babel, from CLDR).

A translator is immutable and passed explicitly: a server renders the same event for
a Greek and an English player at once, each with their own translator, and nothing
global changes. ``translator(code)`` returns the shared one of a language.

Catalogs live in ``civtable/locale/<lang>/LC_MESSAGES/<domain>.po``: the domain
``civtable`` (the core, the terminal, the command line, the server, the reports) and
one domain per game (its id: ``catan-deckbuilding.po``), so each game's strings are
translated in a file of their own. All the domains of a language are read together;
a compiled ``.mo`` is used when it is at least as new as its ``.po``, else the
``.po`` itself is read (a fresh checkout never shows untranslated text).
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import io
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .language import DEFAULT, LANGUAGES

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
CORE_DOMAIN = "civtable"


def _catalog(path: Path, code: str) -> gettext.GNUTranslations | None:
    """One domain's catalog: the ``.mo`` when it is not older than the ``.po``, else
    the ``.po`` read with Babel and compiled in memory."""
    po = path.with_suffix(".po")
    mo = path.with_suffix(".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if not po.exists():
        return None
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=code)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def domains(code: str, root: Path = LOCALE_DIR) -> list[str]:
    """The catalogs of a language: the games' domains first, ``civtable`` last."""
    folder = root / code / "LC_MESSAGES"
    if not folder.is_dir():
        return []
    names = {p.stem for p in folder.iterdir() if p.suffix in (".po", ".mo")}
    return sorted(names - {CORE_DOMAIN}) + ([CORE_DOMAIN] if CORE_DOMAIN in names else [])


def load_catalogs(code: str, root: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """Every domain of a language chained into one (English: no catalog at all)."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if code == DEFAULT:
        return chain
    first: gettext.NullTranslations | None = None
    for domain in domains(code, root):
        catalog = _catalog(root / code / "LC_MESSAGES" / f"{domain}.po", code)
        if catalog is None:
            continue
        if first is None:
            first = catalog
        else:
            first.add_fallback(catalog)
    return first if first is not None else chain


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


class Translator:
    """One language: ``gettext``/``ngettext``/``pgettext``/``npgettext`` of its catalogs,
    ``plural_index`` (which of a message's plural forms fits ``n``), numbers, dates and
    lists written the language's way, and ``localize`` for a text a game built in
    English that can be built again in this language (``civtable.i18n.lazy``)."""

    def __init__(self, code: str, catalogs: gettext.NullTranslations | None = None) -> None:
        self.code = code if code in LANGUAGES else DEFAULT
        self.name = LANGUAGES[self.code]
        self._catalogs = catalogs if catalogs is not None else gettext.NullTranslations()
        plural = getattr(self._catalogs, "plural", None)
        self._plural: Callable[[int], int] = plural if callable(plural) else _english_plural

    def __repr__(self) -> str:
        return f"Translator({self.code!r})"

    @property
    def english(self) -> bool:
        return self.code == DEFAULT

    # ------------------------------------------------------------ messages
    def gettext(self, message: str) -> str:
        return message if self.english else self._catalogs.gettext(message)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if self.english:
            return singular if n == 1 else plural
        return self._catalogs.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return message if self.english else self._catalogs.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        if self.english:
            return singular if n == 1 else plural
        return self._catalogs.npgettext(context, singular, plural, n)

    def t(self, message: str, **args: Any) -> str:
        """``gettext(message).format(**args)``, numbers written the language's way and
        ``Localized`` arguments localized: ``tr.t("Turn {turn} of {last}", turn=3, last=60)``."""
        text = self.gettext(message)
        if not args:
            return text
        return text.format(**{k: self.number(self.localize(v)) for k, v in args.items()})

    def nt(self, singular: str, plural: str, n: int, **args: Any) -> str:
        """``ngettext`` then ``format`` (``n`` is an argument too): ``tr.nt("{n} card",
        "{n} cards", n)``."""
        text = self.ngettext(singular, plural, n)
        return text.format(**{k: self.number(self.localize(v)) for k, v in {"n": n, **args}.items()})

    def pt(self, context: str, message: str, **args: Any) -> str:
        """``pgettext`` then ``format``."""
        text = self.pgettext(context, message)
        if not args:
            return text
        return text.format(**{k: self.number(self.localize(v)) for k, v in args.items()})

    def plural_index(self, n: int) -> int:
        """Which plural form fits ``n`` (the catalog's ``Plural-Forms``: Czech has three)."""
        return int(self._plural(int(n)))

    def plural_form(self, n: int, forms: Sequence[str]) -> str:
        """The form of ``forms`` (in the catalog's order) that fits ``n``; English makes a
        missing plural with ``s``."""
        if not forms:
            return ""
        if self.english:
            return forms[0] if int(n) == 1 else (forms[1] if len(forms) > 1 and forms[1] else forms[0] + "s")
        return forms[min(self.plural_index(n), len(forms) - 1)]

    # ------------------------------------------------------------ numbers, dates, lists
    def number(self, value: Any) -> Any:
        """An int or float written the language's way (``1.234,5`` in German); English
        keeps Python's own digits (the outputs the tests and records compare); anything
        else unchanged."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or self.english:
            return value
        from babel.numbers import format_decimal

        return format_decimal(value, locale=self.code)

    def percent(self, value: float, digits: int = 1) -> str:
        """``0.523`` -> ``52.3%`` (``52,3 %`` in German)."""
        if self.english:
            return f"{100 * value:.{digits}f}%"
        from babel.numbers import format_percent

        return format_percent(value, format="#,##0." + "0" * digits + "%", locale=self.code) if digits else \
            format_percent(value, locale=self.code)

    def date(self, value: dt.date | dt.datetime | float, form: str = "medium") -> str:
        """A date (or a POSIX timestamp) the language's way: ``25 Nov 2026``, ``25.11.2026``."""
        from babel.dates import format_date

        if isinstance(value, (int, float)):
            value = dt.datetime.fromtimestamp(value, dt.UTC)
        return format_date(value, format=form, locale=self.code)

    def datetime(self, value: dt.datetime | float, form: str = "medium") -> str:
        from babel.dates import format_datetime

        if isinstance(value, (int, float)):
            value = dt.datetime.fromtimestamp(value, dt.UTC)
        return format_datetime(value, format=form, locale=self.code)

    def join(self, words: Sequence[str], empty: str = "nothing") -> str:
        """``a``, ``a and b``, ``a, b and c`` (CLDR's list pattern of the language);
        ``empty`` (translated) for none."""
        if not words:
            return self.gettext(empty)
        if len(words) == 1:
            return str(words[0])
        if self.english:
            return ", ".join(words[:-1]) + " and " + words[-1]
        from babel.lists import format_list

        return format_list([str(w) for w in words], locale=self.code)

    # ------------------------------------------------------------ texts built by games
    def localize(self, text: Any) -> Any:
        """A text a game built in English again in this language, when it can be built
        again (``civtable.i18n.lazy.Localized``); any other value unchanged."""
        again = getattr(text, "in_language", None)
        if again is None or self.english:
            return text
        return again(self)


_lock = threading.Lock()


@functools.cache
def _load(code: str) -> Translator:
    with _lock:
        return Translator(code, load_catalogs(code))


def translator(code: str | None = None) -> Translator:
    """The shared translator of a language (English for ``None`` or a code civtable
    does not speak)."""
    code = code if code in LANGUAGES else DEFAULT
    return _load(code)


ENGLISH = Translator(DEFAULT)
"""The source language: every message as written in the code."""

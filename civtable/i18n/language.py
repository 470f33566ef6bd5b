"""Which language a person reads: ``--lang``, the environment, a browser's
``Accept-Language`` or its cookie. English is the source language; the others have
catalogs in ``civtable/locale``. Choosing never fails: an unknown code falls back
to English, and the caller says so in one line."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

LANGUAGES: dict[str, str] = {"en": "English", "el": "Ελληνικά", "cs": "Čeština", "de": "Deutsch"}
"""The languages civtable speaks, each named in itself (the language menus)."""

DEFAULT = "en"
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The variables read, first one set wins (as the C library reads them)."""


def code_of(value: str) -> str:
    """The two-letter code of a language tag or locale name: ``de_AT.UTF-8`` -> ``de``,
    ``el-GR`` -> ``el``, ``C`` -> ``c``."""
    return re.split(r"[_.@\-]", value.strip(), maxsplit=1)[0].lower()


def known(value: str | None) -> str | None:
    """The language of ``value`` when civtable speaks it, else ``None``."""
    if not value:
        return None
    code = code_of(value)
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first one set);
    English for ``C``/``POSIX`` and for a language civtable does not speak (a locale
    set for every program is no request to civtable, so it is not reported)."""
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = env.get(name)
        if value:
            return known(value) or DEFAULT
    return DEFAULT


def choose(option: str | None, environ: Mapping[str, str] | None = None) -> tuple[str, str | None]:
    """The language of a command: ``--lang`` if given, else the environment, else English.

    Returns the code and, for an unknown ``--lang``, the one line that tells the person
    English is used instead (never an error)."""
    if option is None or not option.strip():
        return from_environment(environ), None
    code = known(option)
    if code is not None:
        return code, None
    choices = ", ".join(LANGUAGES)
    shown = option.strip()[:20]
    return DEFAULT, f"civtable: note: no language {shown!r} (civtable speaks {choices}); English is used"


def from_accept_language(header: str | None) -> str | None:
    """The best language of an HTTP ``Accept-Language`` header that civtable speaks
    (``"el-GR,el;q=0.9,en;q=0.8"`` -> ``el``), or ``None``."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:40]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                q = float(match.group(1))
            except ValueError:
                q = 0.0
        code = known(tag) if tag.strip() != "*" else None
        if code is not None and q > 0:
            ranked.append((-q, i, code))
    return min(ranked)[2] if ranked else None

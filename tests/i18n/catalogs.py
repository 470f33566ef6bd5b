"""Reading the committed catalogs for the tests: the templates (.pot), each language's
.po, the glossaries, and the fields of a brace-format message."""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from civtable.i18n import LOCALE_DIR

LANGS = ("el", "cs", "de")
PENDING: frozenset[str] = frozenset()
"""Games whose own strings are not translated yet: their helper removes its game from
here when its catalogs are in (docs/i18n.md)."""


def domains() -> list[str]:
    """The domains with a committed template."""
    return sorted(p.stem for p in LOCALE_DIR.glob("*.pot"))


@cache
def template(domain: str) -> Catalog:
    with (LOCALE_DIR / f"{domain}.pot").open("rb") as f:
        return read_po(f)


@cache
def catalog(lang: str, domain: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=lang)


def key(message: Any) -> tuple[str | None, str]:
    single = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return (message.context, single)


def fields(text: str) -> dict[str, str]:
    """The named fields of a ``str.format`` text and the kind of each (the spec's first
    word: ``{victim:player:acc}`` -> ``victim: player``)."""
    found: dict[str, str] = {}
    for _literal, name, spec, _conv in string.Formatter().parse(text):
        if name is not None:
            found[name] = (spec or "").partition(":")[0].lower()  # Player or player: the same kind
    return found


@cache
def glossary(domain: str) -> dict[str, Any]:
    path = LOCALE_DIR / "glossary" / f"{domain}.yaml"
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def glossary_domains() -> list[str]:
    return sorted(p.stem for p in (LOCALE_DIR / "glossary").glob("*.yaml"))


def strings(message: Any) -> list[str]:
    value = message.string
    return list(value) if isinstance(value, tuple | list) else [value]


def ids(message: Any) -> list[str]:
    value = message.id
    return list(value) if isinstance(value, tuple | list) else [value]


def root() -> Path:
    return LOCALE_DIR

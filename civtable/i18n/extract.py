"""Babel extractors of civtable's own (``babel.cfg`` names them):

- ``json``: the display names and texts in a game's data files (card names, option
  help): ``[civtable.i18n.extract:json: civtable/games/x/data/cards.json]`` with
  ``keys = name`` (the JSON keys whose string values are messages) and ``context =
  x`` (their ``msgctxt``; empty for none; ``$game``: the file's own ``game`` field). A key may name an object whose string
  values are all messages (``readings``).
- ``python``: Babel's Python extraction plus the string constants passed as
  ``help=``/``description=`` to any call and as the help and description of a
  ``Command(...)``: the command line's help is translated without marking every
  string (``Parser.add_argument`` translates ``help``).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator, Mapping
from typing import IO, Any

Extracted = tuple[int, str, str | tuple[str, ...], list[str]]


def _line_of(text: str, value: str) -> int:
    at = text.find(json.dumps(value, ensure_ascii=False)[1:-1])
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def extract_json(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: Mapping[str, Any]) -> Iterator[Extracted]:
    text = fileobj.read().decode("utf-8")
    data = json.loads(text)
    keys = {k.strip() for k in str(options.get("keys", "name")).split(",") if k.strip()}
    context = str(options.get("context", "")).strip()
    if context.startswith("$") and isinstance(data, dict):  # "$game": the file's own "game" field
        context = str(data.get(context[1:], ""))

    def found(value: str) -> Extracted:
        line = _line_of(text, value)
        if context:
            return (line, "pgettext", (context, value), [])
        return (line, "gettext", value, [])

    def walk(node: Any) -> Iterator[Extracted]:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in keys and isinstance(v, str) and v.strip():
                    yield found(v)
                elif k in keys and isinstance(v, dict):
                    yield from (found(s) for s in v.values() if isinstance(s, str) and s.strip())
                else:
                    yield from walk(v)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v)

    yield from walk(data)


HELP_KEYWORDS = ("help", "description")
COMMAND_ARGS = {"Command": (1, 2)}
"""``Command(name, help, description, ...)``: the positions of its messages."""


def extract_python(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                   options: Mapping[str, Any]) -> Iterator[Extracted]:
    from babel.messages.extract import extract_python as babel_python

    source = fileobj.read()
    fileobj.seek(0)
    python: Any = babel_python  # Babel's own extractor (its stubs disagree on the tuple's order)
    yield from python(fileobj, keywords, comment_tags, options)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        for kw in node.keywords:
            value = kw.value
            if kw.arg in HELP_KEYWORDS and isinstance(value, ast.Constant) and isinstance(value.value, str) \
                    and value.value.strip():
                yield (value.lineno, "gettext", value.value, [])
        name = node.func.id if isinstance(node.func, ast.Name) else (
            node.func.attr if isinstance(node.func, ast.Attribute) else "")
        for i in COMMAND_ARGS.get(name, ()):
            if i < len(node.args):
                arg = node.args[i]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.strip():
                    yield (arg.lineno, "gettext", arg.value, [])

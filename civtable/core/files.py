"""Reading files and JSON safely: a regular file of bounded size, JSON of bounded depth.

Every file civtable reads (records, positions, card and map files) goes through
here, so a FIFO, ``/dev/zero``, a directory, a huge file or JSON nested 100,000
deep is refused with one sentence instead of hanging, exhausting memory or
raising ``RecursionError``.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from .errors import CivtableError

MAX_DEPTH = 100
"""Deepest nesting of lists and objects accepted in any JSON civtable reads."""

MB = 1 << 20
POSITION_LIMIT = 16 * MB
RECORD_LIMIT = 512 * MB
DATA_LIMIT = 16 * MB


def read_text(path: str | Path, what: str, limit: int, error: type[CivtableError] = CivtableError) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes."""
    name = str(path)
    if "\x00" in name:
        raise error(f"a {what} file name cannot contain a NUL character")
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise error(f"no {what} file {name}") from None
    except IsADirectoryError:
        raise error(f"{name} is a directory, not a {what} file") from None
    except OSError as e:
        raise error(f"cannot read {what} file {name}: {e.strerror or e.__class__.__name__}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{name} is a directory, not a {what} file")
        raise error(f"{name} is not a regular file, so it is not read as a {what} file")
    with os.fdopen(fd, "rb") as stream:
        if info.st_size > limit:
            raise error(f"{what} file {name} is {info.st_size // MB} MB, more than the {limit // MB} MB a "
                        f"{what} may have")
        try:
            data = stream.read(limit + 1)
        except OSError as e:
            raise error(f"cannot read {what} file {name}: {e.strerror or e.__class__.__name__}") from None
    if len(data) > limit:
        raise error(f"{what} file {name} is larger than the {limit // MB} MB a {what} may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{what} file {name} is not UTF-8 text") from None


def depth(value: Any) -> int:
    """How deeply lists and objects nest in a JSON value (0 for a scalar)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        x, d = stack.pop()
        if isinstance(x, dict):
            d += 1
            stack.extend((v, d) for v in x.values())
        elif isinstance(x, list):
            d += 1
            stack.extend((v, d) for v in x)
        else:
            continue
        if d > deepest:
            deepest = d
            if deepest > MAX_DEPTH:
                return deepest
    return deepest


def parse_json(text: str, what: str, error: type[CivtableError] = CivtableError) -> Any:
    """JSON text as a value, refused in one sentence when malformed or nested deeper
    than ``MAX_DEPTH``."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise error(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as e:
        raise error(f"{what} is not valid JSON (line {e.lineno}: {e.msg})") from None
    if depth(value) > MAX_DEPTH:
        raise error(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)")
    return value


def read_json(path: str | Path, what: str, limit: int = POSITION_LIMIT,
              error: type[CivtableError] = CivtableError) -> Any:
    """A JSON file (a position, a card file): a bounded regular file of bounded depth."""
    return parse_json(read_text(path, what, limit, error), f"{what} file {path}", error)


def is_path(value: str) -> bool:
    """A file option's value names a file when it has a path separator or a dot; a bare
    word is a data set's name (all that a record or a position may name:
    ``core.records.check_file_options``)."""
    return any(c in value for c in "/\\.")


def data_file(value: str, shipped: dict[str, Path], what: str, error: type[CivtableError] = CivtableError) -> Path:
    """The file a file option stands for: a shipped data set by name (``""``: the
    default one), or a path; a bare word that names no data set is refused, never read
    from the current folder."""
    if value in shipped:
        return shipped[value]
    if not is_path(value):
        names = ", ".join(repr(k) for k in shipped if k) or "none by name (leave the option empty)"
        raise error(f"there is no {what} data set {value[:40]!r}; the game ships {names}; name a {what} file by "
                    f"its path, e.g. ./{value[:40]}.json")
    return Path(value)

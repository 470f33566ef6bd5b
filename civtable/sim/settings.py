"""What ``sweep`` and ``balance`` vary: a rule option (``reshuffle``) or a field of one
of the game's data files (``cards.writing.cost``), over values (``A,B``) or a range
(``8..16:2``).

A data path starts with the game's file option (``cards``, ``tables``, ``map``: the
options a user may point at a file of his own) and walks the file's JSON: a key of
an object, an entry of a list by its ``id`` or ``name`` (an entry may be named
without its list: ``cards.writing`` finds Writing among the technologies), then the
field. Names are compared as the one vocabulary does (``names.fold``: any case,
spaces, hyphens and underscores alike). The file is the one the run would read:
the file given with the option, or the game's own data set. Each point of a run
gets a copy with its values set, written to a temporary folder for the run's
duration; the game's own reader then checks it like any user file, before any game.
"""

from __future__ import annotations

import copy
import inspect
import json
import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from civtable.core.errors import CivtableError
from civtable.core.files import DATA_LIMIT, is_path, read_json
from civtable.core.game import Game, option_key
from civtable.core.registry import game_class

from .names import fold

MAX_POINTS = 1000
"""The most values one range may give (a typo like 1..100000 is refused)."""


@dataclass(frozen=True)
class Setting:
    """One ``PATH=VALUES``: an option, or a field of a data file (``option`` is then the
    file option and ``steps`` the way through its JSON)."""

    path: str
    values: tuple[Any, ...]
    option: str
    steps: tuple[str | int, ...] = ()
    numeric: bool = False
    """The values came from a range (a number line, for plots and the optimiser)."""
    step: float | None = None

    @property
    def data(self) -> bool:
        return bool(self.steps)


def split(text: str, flag: str) -> tuple[str, str]:
    """``PATH=VALUES`` -> (path, values)."""
    path, sep, values = text.partition("=")
    if not sep or not path.strip() or not values.strip():
        raise CivtableError(f"{flag} needs PATH=VALUES (e.g. cards.writing.cost=8..16:2 or reshuffle=A,B), not "
                            f"{text[:60]!r}")
    return path.strip(), values.strip()


def _number(text: str) -> Decimal:
    try:
        found = Decimal(text)
    except InvalidOperation:
        raise CivtableError(f"{text!r} in a range is not a number") from None
    if not found.is_finite():
        raise CivtableError(f"{text!r} in a range is not a finite number")
    return found


def parse_values(text: str) -> tuple[tuple[Any, ...], bool, float | None]:
    """``8..16:2`` (both ends included; ``8..16`` steps by 1) or ``A,B`` or one value:
    the values, whether they are a numeric range, and its step."""
    if ".." in text:
        span, _, step_text = text.partition(":")
        low_text, _, high_text = span.partition("..")
        low, high = _number(low_text.strip()), _number(high_text.strip())
        step = _number(step_text.strip()) if step_text.strip() else Decimal(1)
        if step <= 0 or low > high:
            raise CivtableError(f"the range {text!r} has no values (it needs LOW..HIGH:STEP with LOW <= HIGH and a "
                                "positive STEP)")
        count = int((high - low) / step) + 1
        if count > MAX_POINTS:
            raise CivtableError(f"the range {text!r} has {count} values, more than the {MAX_POINTS} a run may have")
        values = [low + k * step for k in range(count)]
        whole = all(v == v.to_integral_value() for v in values)
        out = tuple(int(v) if whole else float(v) for v in values)
        return out, True, float(step)
    items = [v.strip() for v in text.split(",")]
    if not all(items):
        raise CivtableError(f"the values {text!r} have an empty value")
    return tuple(items), False, None


def shipped_file(cls: type[Game], option: str, value: str) -> Path | None:
    """The game's own data set that a file option's value stands for: ``data/OPTION.json``
    for the default (empty) value, ``data/OPTIONs/VALUE.json`` or ``data/VALUE.json`` for a
    named one (``map=small``: ``data/maps/small.json``)."""
    data = Path(inspect.getfile(cls)).parent / "data"
    names = [f"{option}.json"] if not value else [f"{option}s/{value}.json", f"{value}.json"]
    for name in names:
        if (data / name).is_file():
            return data / name
    return None


def data_file(cls: type[Game], option: str, given: dict[str, Any]) -> Path:
    """The file a file option reads in this run: the user's, or the game's own."""
    value = str(given.get(option, cls.spec(option).default) or "")
    if value and is_path(value):
        return Path(value)
    found = shipped_file(cls, option, value)
    if found is None:
        raise CivtableError(f"{cls.id}: the data set {value or option!r} of option {option} was not found")
    return found


def _entry_name(entry: Any) -> list[str]:
    if not isinstance(entry, dict):
        return []
    return [str(entry[k]) for k in ("id", "name") if isinstance(entry.get(k), str)]


def walk(doc: Any, parts: list[str], where: str) -> tuple[tuple[str | int, ...], Any]:
    """The steps (keys and list indices) to the field ``parts`` names in ``doc``, and the
    field's current value (``None`` for an optional field that an entry of the same list
    has)."""
    steps: list[str | int] = []
    node = doc
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        wanted = fold(part)
        if isinstance(node, dict):
            key = next((k for k in node if fold(str(k)) == wanted), None)
            if key is not None:
                steps.append(key)
                node = node[key]
                continue
            found = [(k, i) for k, v in node.items() if isinstance(v, list)
                     for i, e in enumerate(v) if wanted in (fold(n) for n in _entry_name(e))]
            if last and found:
                raise CivtableError(f"{where} names an entry of the data file, not one value; name one of its fields")
            if last:
                return tuple(steps), _optional(doc, steps, part, where)
            if len(found) != 1:
                what = "no" if not found else "more than one"
                raise CivtableError(f"{where}: {part!r} names {what} field or entry of the data file")
            steps.extend(found[0])
            node = node[found[0][0]][found[0][1]]
            continue
        if isinstance(node, list):
            index = next((i for i, e in enumerate(node) if wanted in (fold(n) for n in _entry_name(e))), None)
            if index is None and part.isdigit() and int(part) < len(node):
                index = int(part)
            if index is None:
                raise CivtableError(f"{where}: {part!r} names no entry of the list")
            steps.append(index)
            node = node[index]
            continue
        raise CivtableError(f"{where}: {part!r} goes into a value that has no fields")
    if isinstance(node, (dict, list)):
        raise CivtableError(f"{where} names a group of fields, not one value; name one of its fields")
    return tuple(steps), node


def _optional(doc: Any, steps: list[str | int], field: str, where: str) -> Any:
    """A field an entry leaves out (its default) may be set when another entry of the
    same list has it."""
    parent: Any = doc
    for s in steps[:-1]:
        parent = parent[s]
    siblings = parent if isinstance(parent, list) and steps and isinstance(steps[-1], int) else []
    for e in siblings:
        if isinstance(e, dict):
            key = next((k for k in e if fold(str(k)) == fold(field)), None)
            if key is not None and not isinstance(e[key], (dict, list)):
                steps.append(key)
                return None
    raise CivtableError(f"{where}: {field!r} names no field of the data file")


def check_value(value: Any, current: Any, where: str) -> Any:
    """A value of the field's kind (a whole number for a whole number...)."""
    kind = type(current) if current is not None else None
    if kind is bool:
        text = str(value).lower()
        if text not in ("true", "false"):
            raise CivtableError(f"{where} is true or false, not {value!r}")
        return text == "true"
    if kind is int or (kind is None and isinstance(value, int)):
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise CivtableError(f"{where} is a whole number, not {value!r}") from None
        if not math.isfinite(number) or not number.is_integer():
            raise CivtableError(f"{where} is a whole number, not {value!r}")
        return int(number)
    if kind is float or (kind is None and isinstance(value, float)):
        try:
            return float(value)
        except (TypeError, ValueError):
            raise CivtableError(f"{where} is a number, not {value!r}") from None
    if isinstance(value, (int, float)) and kind is str:
        return str(value)
    return value if kind is not str else str(value)


def setting(game_id: str, options: dict[str, Any], text: str, flag: str = "--set") -> Setting:
    """One ``--set``/``--vary``: checked against the game's options and data files (one
    sentence when the path names neither, or the values do not fit it)."""
    path, values_text = split(text, flag)
    cls = game_class(game_id)
    parts = [p for p in path.split(".")]
    if not all(parts):
        raise CivtableError(f"{flag} {path!r} has an empty part")
    specs = {s.name: s for s in cls.option_specs if s.name != "players"}
    option = option_key(parts[0])
    files = sorted(s.name for s in specs.values() if s.file)
    if option not in specs:
        data = f"; data files: {', '.join(files)} (e.g. {files[0]}.NAME.FIELD)" if files else ""
        raise CivtableError(f"{path!r} names no option or data field of {game_id}; options: "
                            f"{', '.join(sorted(specs))}{data}")
    values, numeric, step = parse_values(values_text)
    spec = specs[option]
    if len(parts) == 1:
        for v in values:
            spec.parse(str(v))  # a sentence naming the allowed values
        return Setting(path, values, option, (), numeric, step)
    if not spec.file:
        raise CivtableError(f"{path!r}: option {option} of {game_id} is not a data file, so it has no fields; "
                            f"data files: {', '.join(files) or 'none'}")
    file = data_file(cls, option, options)
    doc = read_json(file, "data", DATA_LIMIT)
    steps, current = walk(doc, parts[1:], f"{path}")
    checked = tuple(check_value(v, current, path) for v in values)
    return Setting(path, checked, option, steps, numeric, step)


def check_backend(settings: list[Setting], backend: str, address: str | None) -> None:
    """A data setting's files are written on this machine: a Ray cluster elsewhere
    (``--address``) would not find them."""
    if backend == "ray" and address and any(s.data for s in settings):
        raise CivtableError("a data setting's files are written on this machine, which a Ray cluster at --address "
                            "cannot read; vary data fields with the process pool or a local Ray (no --address)")


def point_options(game_id: str, options: dict[str, Any], settings: list[Setting], point: tuple[Any, ...],
                  folder: Path, index: int) -> dict[str, Any]:
    """The options of one point: its option values, and for each data file its copy with
    the point's values set, written in ``folder``."""
    cls = game_class(game_id)
    out: dict[str, Any] = {}
    docs: dict[str, Any] = {}
    for s, value in zip(settings, point, strict=True):
        if not s.data:
            out[s.option] = value
            continue
        if s.option not in docs:
            docs[s.option] = copy.deepcopy(read_json(data_file(cls, s.option, options), "data", DATA_LIMIT))
        node = docs[s.option]
        for step in s.steps[:-1]:
            node = node[step]
        node[s.steps[-1]] = value
    for option, doc in docs.items():
        path = folder / f"{option}-{index + 1:03d}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        out[option] = str(path)
    return out


def describe(settings: list[Setting], point: tuple[Any, ...]) -> str:
    """``cards.writing.cost=8, reshuffle=B``."""
    return ", ".join(f"{s.path}={v}" for s, v in zip(settings, point, strict=True))

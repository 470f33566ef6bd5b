"""A game's declaration as data: ``data/game.json`` in its package holds its info
(``GameInfo``) and its rule variants and settings (``OptionSpec``), checked on load.

    {"info": {"id": "catan-deckbuilding", "name": ..., "min_players": 2, ...},
     "options": [{"name": "reshuffle", "default": "A", "choices": ["A", "B"],
                  "rule": "CDB-8.5", "help": "...", "readings": {"A": "...", "B": "..."}}, ...]}

The ``players`` option is not declared: the core adds it from the info.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from importlib.resources import files
from typing import Any

from .errors import CivtableError
from .files import DATA_LIMIT, parse_json
from .game import OptionSpec
from .info import GameInfo
from .reader import Reader

OPTION_KEYS = {"name", "default", "help", "choices", "minimum", "maximum", "rule", "readings", "file", "offered"}


@dataclass(frozen=True)
class Declaration:
    info: GameInfo
    options: tuple[OptionSpec, ...]


def read_declaration(data: Any, source: str) -> Declaration:
    """Check a declaration; every error names the field."""
    r = Reader(data, f"game declaration {source}:")
    info_data = r.obj(r.get("info"), "info")
    known = {f.name for f in fields(GameInfo)}
    for key in info_data:
        if key not in known:
            r.fail(f"info.{key}", "is not a field of a game's info")
    try:
        info = GameInfo(**info_data)
    except (TypeError, ValueError) as e:
        raise CivtableError(f"game declaration {source}: info: {e}") from None
    options = []
    seen: set[str] = set()
    for i, raw in enumerate(r.seq(r.get("options"), "options")):
        where = f"options[{i}]"
        o = r.obj(raw, where)
        for key in o:
            if key not in OPTION_KEYS:
                r.fail(f"{where}.{key}", "is not a field of an option")
        name = r.text(r.get("name", o, where), f"{where}.name")
        if name in seen or name == "players":
            r.fail(f"{where}.name", f"declares {name!r} twice (or 'players', which the core adds)")
        seen.add(name)
        readings = r.obj(o.get("readings", {}), f"{where}.readings")
        options.append(OptionSpec(
            name=name, default=o.get("default"), help=r.text(r.get("help", o, where), f"{where}.help"),
            choices=tuple(r.seq(o.get("choices", []), f"{where}.choices")),
            minimum=None if o.get("minimum") is None else r.integer(o["minimum"], f"{where}.minimum", None),
            maximum=None if o.get("maximum") is None else r.integer(o["maximum"], f"{where}.maximum", None),
            rule=r.text(o.get("rule", ""), f"{where}.rule"),
            readings={str(k): r.text(v, f"{where}.readings.{k}") for k, v in readings.items()},
            file=r.boolean(o.get("file", False), f"{where}.file"),
            offered=tuple(r.seq(o.get("offered", []), f"{where}.offered"))))
        spec = options[-1]
        for k, v in enumerate(spec.offered):
            try:
                spec.parse(v)
            except CivtableError as e:
                r.fail(f"{where}.offered[{k}]", str(e))
        if spec.choices and spec.default is not None and spec.default not in spec.choices:
            r.fail(f"{where}.default", f"must be one of the choices {list(spec.choices)}")
    return Declaration(info, tuple(options))


def declaration(package: str) -> Declaration:
    """The declaration of the game in ``package`` (its ``data/game.json``)."""
    path = files(package) / "data" / "game.json"
    text = path.read_text(encoding="utf-8")
    if len(text) > DATA_LIMIT:
        raise CivtableError(f"game declaration {path} is too large")
    return read_declaration(parse_json(text, f"game declaration {path}"), str(path))


def declaration_json(info: GameInfo, options: tuple[OptionSpec, ...]) -> dict[str, Any]:
    """The data of a declaration (for tools that write one)."""
    out_options = []
    for spec in options:
        if spec.name == "players":
            continue
        o: dict[str, Any] = {"name": spec.name, "default": spec.default}
        if spec.choices:
            o["choices"] = list(spec.choices)
        if spec.minimum is not None:
            o["minimum"] = spec.minimum
        if spec.maximum is not None:
            o["maximum"] = spec.maximum
        if spec.rule:
            o["rule"] = spec.rule
        if spec.file:
            o["file"] = True
        if spec.offered:
            o["offered"] = list(spec.offered)
        o["help"] = spec.help
        if spec.readings:
            o["readings"] = dict(spec.readings)
        out_options.append(o)
    info_data = {f.name: getattr(info, f.name) for f in fields(GameInfo)}
    return {"info": info_data, "options": out_options}

"""Where each area of a map is drawn (the browser's map, ``web.py``).

The map data has adjacency but no coordinates, so a schematic layout is computed
once by ``tools/mega_civ/layout_map.py`` (networkx) and stored beside the map as
``data/maps/<map>.layout.json``::

    {"version": 1, "map": "small", "provisional": true,
     "source": "how it was made, from which file", "method": "the algorithm and its settings",
     "width": 1000, "height": 700, "areas": {"kings_vale": [412, 230], ...}}

``areas`` names every area of the map exactly once, each at ``[x, y]`` inside the
``width`` x ``height`` box (SVG units). A layout is data the project invented, so
``provisional`` must be true. A map file given by path may have its layout beside
it (``mymap.layout.json``); without one, its areas are drawn on a grid in file
order. Every layout is checked on load; an error names the field.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from civtable.core.errors import InvalidStateError
from civtable.core.files import DATA_LIMIT, read_json

from ..rules.board import MAPS, SHIPPED_MAPS, Board, load_board

LAYOUT_VERSION = 1
LAYOUT_FIELDS = ("version", "map", "provisional", "source", "method", "width", "height", "areas")
MAX_SIZE = 20000


@dataclass(frozen=True)
class Layout:
    """A checked layout: the box and each area's centre, by area index."""

    width: int
    height: int
    centres: tuple[tuple[float, float], ...]
    source: str
    method: str


def parse_layout(raw: Any, board: Board, source: str = "layout data") -> Layout:
    """Check layout data against its map; every error names the field."""
    def fail(key: str, problem: str) -> InvalidStateError:
        return InvalidStateError(f"layout {source}: field {key!r} {problem}")

    if not isinstance(raw, dict):
        raise InvalidStateError(f"layout {source}: a layout must be a JSON object")
    for key in LAYOUT_FIELDS:
        if key not in raw:
            raise fail(key, "is missing")
    unknown = sorted(set(raw) - set(LAYOUT_FIELDS))
    if unknown:
        raise fail(unknown[0], "is not a field of a layout")
    if raw["version"] != LAYOUT_VERSION or isinstance(raw["version"], bool):
        raise fail("version", f"must be {LAYOUT_VERSION}, not {raw['version']!r}")
    if raw["provisional"] is not True:
        raise fail("provisional", "must be true: a computed layout is not the printed board")
    for key in ("map", "source", "method"):
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise fail(key, "must be a non-empty text")
    size = {}
    for key in ("width", "height"):
        value = raw[key]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIZE:
            raise fail(key, f"must be an integer from 1 to {MAX_SIZE}, not {value!r}")
        size[key] = value
    areas = raw["areas"]
    if not isinstance(areas, dict):
        raise fail("areas", "must be an object of area ids")
    for aid in areas:
        if aid not in board._area_index:
            raise fail(f"areas.{aid}", f"names no area of map {board.name!r}")
    centres = []
    for a in board.areas:
        where = f"areas.{a.id}"
        if a.id not in areas:
            raise fail(where, "is missing: every area of the map has a place")
        xy = areas[a.id]
        if (not isinstance(xy, list) or len(xy) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in xy)):
            raise fail(where, f"must be [x, y] (two numbers), not {json.dumps(xy)[:40]}")
        x, y = float(xy[0]), float(xy[1])
        if not (0 <= x <= size["width"] and 0 <= y <= size["height"]):
            raise fail(where, f"is outside the {size['width']} x {size['height']} box")
        centres.append((x, y))
    return Layout(size["width"], size["height"], tuple(centres), raw["source"], raw["method"])


def grid_layout(board: Board) -> Layout:
    """A plain grid in file order, for a map file that has no layout of its own."""
    columns = max(1, math.ceil(math.sqrt(len(board.areas) * 1.6)))
    step = 90
    centres = tuple((60.0 + step * (i % columns), 60.0 + step * (i // columns)) for i in range(len(board.areas)))
    rows = (len(board.areas) + columns - 1) // columns
    return Layout(step * columns + 30, step * rows + 30, centres, f"a grid for {board.name}", "areas in file order")


def layout_file(map_option: str) -> Path:
    """Where the layout of a map is stored: beside the map file."""
    if map_option in SHIPPED_MAPS:
        return MAPS / f"{map_option}.layout.json"
    return Path(map_option).with_suffix(".layout.json")


@cache
def load_layout(map_option: str) -> Layout:
    """The checked layout of a shipped map or of a map file (a grid when a map file has none)."""
    board = load_board(map_option)
    file = layout_file(map_option)
    if map_option not in SHIPPED_MAPS and not file.is_file():
        return grid_layout(board)
    return parse_layout(read_json(file, "layout", DATA_LIMIT, InvalidStateError), board, str(file))


def dump_layout(data: dict[str, Any]) -> str:
    """Layout data as JSON text, one area a line."""
    head = {k: v for k, v in data.items() if k != "areas"}
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items()]
    areas = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in data["areas"].items())
    return "{\n" + ",\n".join(lines) + ',\n "areas": {\n' + areas + "\n }\n}\n"

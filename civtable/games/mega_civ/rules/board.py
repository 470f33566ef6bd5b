"""The Mega Civilization map: areas, adjacency by land and by water, start areas.

A map file is a JSON object::

    {"name": "...", "source": "...", "completeness": "...",
     "repairs": ["each change made to the source data, one text each", ...],
     "civilizations": [{"id": "minoa", "name": "Minoa"}, ...],
     "areas": [{"id": "knossos", "name": "knossos", "kind": "land",
                "population_limit": 3, "city_site": true, "flood_plain": false,
                "volcano": false, "start_for": ["minoa"],
                "land": [...], "water": [...]}, ...]}

Every area has all of ``id`` (snake_case, unique), ``name``, ``kind`` ("land" or
"water"; open sea areas are water), ``population_limit`` (an integer of at least 0
for land, ``null`` for water), ``city_site``, ``flood_plain``, ``volcano``
(true/false; always false on water), ``start_for`` (ids of the civilizations whose
start area it is; empty on water), ``land`` (ids of the areas adjacent by land:
land areas only, and always empty on water) and ``water`` (ids of the areas reached
by water: the sea areas it borders and its neighbours along the coast, which is the
way ships move, MC-3.5). Optional: ``city_site_on_flood_plain`` (the city site lies
on the flood plain; needs both flags), ``region`` (the civilization whose set-up
region the area belongs to, as drawn by the map's author) and ``provisional: true``
(a value of this area was chosen by the project, not read from a source).

Adjacency is symmetric in both lists. A land area is coastal when it has any water
adjacency. Every civilization listed must have at least one start area.

Areas are indexed 0..N-1 in file order; the rules work on these indices
(``Area.land``/``Area.water`` are tuples of indices) and use ids only at the edges.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from civtable.core.errors import InvalidStateError
from civtable.core.files import DATA_LIMIT, data_file, read_json

MAPS = Path(__file__).parents[1] / "data" / "maps"
SHIPPED_MAPS = ("full", "small")
LAND, WATER = "land", "water"

ID_PATTERN = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*\Z")
MAP_FIELDS = ("name", "source", "completeness", "repairs", "civilizations", "areas")
CIV_FIELDS = ("id", "name")
AREA_FIELDS = ("id", "name", "kind", "population_limit", "city_site", "flood_plain", "volcano",
               "start_for", "land", "water")
OPTIONAL_AREA_FIELDS = ("city_site_on_flood_plain", "region", "provisional")
LAND_ONLY_FLAGS = ("city_site", "flood_plain", "volcano", "city_site_on_flood_plain")


@dataclass(frozen=True, slots=True)
class Area:
    """One area of the map; ``land`` and ``water`` hold neighbour indices in increasing order."""

    index: int
    id: str
    name: str
    kind: str
    population_limit: int | None  # None on water
    start_for: tuple[str, ...]
    land: tuple[int, ...]
    water: tuple[int, ...]
    coastal: bool  # a land area with any water adjacency
    city_site: bool
    flood_plain: bool
    volcano: bool
    city_site_on_flood_plain: bool = False
    region: str | None = None
    provisional: bool = False

    @property
    def is_land(self) -> bool:
        return self.kind == LAND

    @property
    def is_water(self) -> bool:
        return self.kind == WATER


@dataclass(frozen=True, slots=True)
class Civilization:
    id: str
    name: str
    start_areas: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class Board:
    """A checked map. Build it with ``load_board`` or ``parse_board``; never mutate it."""

    areas: tuple[Area, ...]
    civilizations: tuple[Civilization, ...]
    name: str
    source: str
    completeness: str
    repairs: tuple[str, ...]

    # what follows from the areas (found once, ``__post_init__``)
    ids: tuple[str, ...] = field(init=False, repr=False)  # area ids in index order
    _area_index: dict[str, int] = field(init=False, repr=False)
    land_areas: tuple[int, ...] = field(init=False, repr=False)
    _civ_index: dict[str, int] = field(init=False, repr=False)
    water_areas: tuple[int, ...] = field(init=False, repr=False)
    coastal_areas: tuple[int, ...] = field(init=False, repr=False)
    city_sites: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        areas = self.areas
        derived = {
            "ids": tuple(a.id for a in areas), "_area_index": {a.id: a.index for a in areas},
            "_civ_index": {c.id: i for i, c in enumerate(self.civilizations)},
            "land_areas": tuple(a.index for a in areas if a.is_land),
            "water_areas": tuple(a.index for a in areas if a.is_water),
            "coastal_areas": tuple(a.index for a in areas if a.coastal),
            "city_sites": tuple(a.index for a in areas if a.city_site)}
        for key, value in derived.items():
            object.__setattr__(self, key, value)

    def __len__(self) -> int:
        return len(self.areas)

    def index(self, area_id: str) -> int:
        """The index of the area with this id."""
        try:
            return self._area_index[area_id]
        except (KeyError, TypeError):
            raise InvalidStateError(f"unknown area {area_id!r} on map {self.name!r}") from None

    def area(self, key: str | int) -> Area:
        """An area by id or by index."""
        if isinstance(key, int) and not isinstance(key, bool):
            if 0 <= key < len(self.areas):
                return self.areas[key]
            raise InvalidStateError(f"no area number {key} on map {self.name!r} ({len(self.areas)} areas)")
        return self.areas[self.index(str(key))]

    def civilization(self, civ_id: str) -> Civilization:
        try:
            return self.civilizations[self._civ_index[civ_id]]
        except (KeyError, TypeError):
            known = ", ".join(c.id for c in self.civilizations)
            raise InvalidStateError(f"map {self.name!r} has no civilization {civ_id!r}; it has {known}") from None

    def start_areas(self, civ_id: str) -> tuple[int, ...]:
        """The start areas (indices) of a civilization."""
        return self.civilization(civ_id).start_areas

    def adjacent_by_land(self, a: int, b: int) -> bool:
        return b in self.areas[a].land

    def adjacent_by_water(self, a: int, b: int) -> bool:
        return b in self.areas[a].water

    def to_data(self) -> dict[str, Any]:
        """The board as map-file data, neighbour ids sorted (``parse_board`` of it gives an equal board)."""
        ids = [a.id for a in self.areas]
        areas = []
        for a in self.areas:
            entry: dict[str, Any] = {
                "id": a.id, "name": a.name, "kind": a.kind, "population_limit": a.population_limit,
                "city_site": a.city_site, "flood_plain": a.flood_plain, "volcano": a.volcano,
                "start_for": list(a.start_for), "land": sorted(ids[i] for i in a.land),
                "water": sorted(ids[i] for i in a.water),
            }
            if a.is_land:
                entry["city_site_on_flood_plain"] = a.city_site_on_flood_plain
            if a.region is not None:
                entry["region"] = a.region
            if a.provisional:
                entry["provisional"] = True
            areas.append(entry)
        return {
            "name": self.name, "source": self.source, "completeness": self.completeness,
            "repairs": list(self.repairs),
            "civilizations": [{"id": c.id, "name": c.name} for c in self.civilizations],
            "areas": areas,
        }


def dump_map(data: dict[str, Any]) -> str:
    """Map-file data as JSON text: one line per repair, civilization and area, keys in format order."""
    order = {key: i for i, key in enumerate(AREA_FIELDS + OPTIONAL_AREA_FIELDS)}

    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    def block(key: str, items: list[str]) -> str:
        if not items:
            return f" {one(key)}: []"
        return f" {one(key)}: [\n" + ",\n".join(f"  {item}" for item in items) + "\n ]"

    parts = [f" {one(key)}: {one(data[key])}" for key in ("name", "source", "completeness")]
    parts.append(block("repairs", [one(r) for r in data["repairs"]]))
    parts.append(block("civilizations", [one(c) for c in data["civilizations"]]))
    parts.append(block("areas", [one(dict(sorted(a.items(), key=lambda kv: order.get(kv[0], 99))))
                                 for a in data["areas"]]))
    return "{\n" + ",\n".join(parts) + "\n}\n"


class _AreaCheck:
    """Reads one area's fields; every error names the area and the field."""

    def __init__(self, prefix: str, entry: Any, number: int) -> None:
        if not isinstance(entry, dict):
            raise InvalidStateError(f"{prefix}: area number {number} must be an object, not {entry!r}")
        aid = entry.get("id")
        if "id" not in entry:
            raise InvalidStateError(f"{prefix}: area number {number} has no field 'id'")
        if not isinstance(aid, str) or not ID_PATTERN.match(aid):
            raise InvalidStateError(
                f"{prefix}: area number {number} field 'id' must be a snake_case text, not {aid!r}")
        self.entry = entry
        self.where = f"{prefix}: area {aid!r}"
        for key in AREA_FIELDS:
            if key not in entry:
                raise InvalidStateError(f"{self.where} has no field {key!r}")
        unknown = sorted(set(entry) - set(AREA_FIELDS) - set(OPTIONAL_AREA_FIELDS))
        if unknown:
            raise InvalidStateError(f"{self.where} has unknown field {unknown[0]!r}")

    def fail(self, key: str, problem: str) -> InvalidStateError:
        return InvalidStateError(f"{self.where} field {key!r} {problem}")

    def text(self, key: str) -> str:
        value = self.entry[key]
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be a non-empty text, not {value!r}")
        return value

    def flag(self, key: str) -> bool:
        value = self.entry.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {value!r}")
        return value

    def ids(self, key: str) -> list[str]:
        value = self.entry[key]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, f"must be a list of ids, not {value!r}")
        seen: set[str] = set()
        for v in value:
            if v in seen:
                raise self.fail(key, f"lists {v!r} twice")
            seen.add(v)
        return value


def _text(prefix: str, raw: dict[str, Any], key: str) -> str:
    value = raw[key]
    if not isinstance(value, str):
        raise InvalidStateError(f"{prefix}: field {key!r} must be a text, not {value!r}")
    return value


def parse_board(raw: Any, source: str = "map data") -> Board:
    """Check map-file data and build the board; every error names the area and the field."""
    prefix = f"map {source}"
    if not isinstance(raw, dict):
        raise InvalidStateError(f"{prefix}: a map file must be a JSON object")
    for key in MAP_FIELDS:
        if key not in raw:
            raise InvalidStateError(f"{prefix}: the map has no field {key!r}")
    unknown = sorted(set(raw) - set(MAP_FIELDS))
    if unknown:
        raise InvalidStateError(f"{prefix}: the map has unknown field {unknown[0]!r}")
    name, src, completeness = (_text(prefix, raw, k) for k in ("name", "source", "completeness"))
    repairs = raw["repairs"]
    if not isinstance(repairs, list) or not all(isinstance(r, str) for r in repairs):
        raise InvalidStateError(f"{prefix}: field 'repairs' must be a list of texts")

    civs = raw["civilizations"]
    if not isinstance(civs, list):
        raise InvalidStateError(f"{prefix}: field 'civilizations' must be a list")
    civ_ids: list[str] = []
    civ_names: list[str] = []
    for number, c in enumerate(civs, 1):
        if not isinstance(c, dict) or set(c) != set(CIV_FIELDS):
            raise InvalidStateError(f"{prefix}: civilization number {number} must be an object with exactly 'id' and 'name'")
        cid, cname = c["id"], c["name"]
        if not isinstance(cid, str) or not ID_PATTERN.match(cid):
            raise InvalidStateError(f"{prefix}: civilization number {number} field 'id' must be a snake_case text, not {cid!r}")
        if not isinstance(cname, str) or not cname.strip():
            raise InvalidStateError(f"{prefix}: civilization {cid!r} field 'name' must be a non-empty text")
        if cid in civ_ids:
            raise InvalidStateError(f"{prefix}: civilization {cid!r} is listed twice")
        civ_ids.append(cid)
        civ_names.append(cname)
    civ_set = set(civ_ids)

    entries = raw["areas"]
    if not isinstance(entries, list) or not entries:
        raise InvalidStateError(f"{prefix}: field 'areas' must be a non-empty list")
    checks: list[_AreaCheck] = []
    index: dict[str, int] = {}
    for number, entry in enumerate(entries, 1):
        c = _AreaCheck(prefix, entry, number)
        aid = entry["id"]
        if aid in index:
            raise InvalidStateError(f"{prefix}: area {aid!r} field 'id' is used by areas number {index[aid] + 1} and {number}")
        index[aid] = len(checks)
        checks.append(c)

    kinds: list[str] = []
    fields: list[dict[str, Any]] = []
    for c in checks:
        e = c.entry
        kind = e["kind"]
        if kind not in (LAND, WATER):
            raise c.fail("kind", f"must be \"land\" or \"water\", not {kind!r}")
        f: dict[str, Any] = {"name": c.text("name")}
        for key in LAND_ONLY_FLAGS:
            f[key] = c.flag(key)
        f["provisional"] = c.flag("provisional")
        start_for = c.ids("start_for")
        for civ in start_for:
            if civ not in civ_set:
                raise c.fail("start_for", f"names {civ!r}, which is not in the map's 'civilizations'")
        region = e.get("region")
        if region is not None and region not in civ_set:
            raise c.fail("region", f"must be null or a civilization of the map, not {region!r}")
        limit = e["population_limit"]
        if kind == LAND:
            if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
                raise c.fail("population_limit", f"must be an integer of at least 0 on a land area, not {limit!r}")
            if f["city_site_on_flood_plain"] and not (f["city_site"] and f["flood_plain"]):
                raise c.fail("city_site_on_flood_plain", "needs both 'city_site' and 'flood_plain'")
        else:
            if limit is not None:
                raise c.fail("population_limit", f"must be null on a water area, not {limit!r}")
            for key in LAND_ONLY_FLAGS:
                if f[key]:
                    raise c.fail(key, "must be false on a water area")
            if start_for:
                raise c.fail("start_for", "must be empty: a water area cannot be a start area")
            if region is not None:
                raise c.fail("region", "must be absent on a water area")
        kinds.append(kind)
        f.update(kind=kind, limit=limit, start_for=tuple(start_for), region=region)
        fields.append(f)

    neighbours: list[dict[str, list[int]]] = []
    for i, c in enumerate(checks):
        aid = c.entry["id"]
        lists: dict[str, list[int]] = {}
        for key in (LAND, WATER):
            found = []
            for other in c.ids(key):
                if other not in index:
                    raise c.fail(key, f"names unknown area {other!r}")
                if other == aid:
                    raise c.fail(key, "lists the area itself")
                j = index[other]
                if key == LAND and kinds[i] == WATER:
                    raise c.fail(key, f"must be empty on a water area, but lists {other!r}")
                if key == LAND and kinds[j] == WATER:
                    raise c.fail(key, f"lists {other!r}, a water area; land adjacency joins land areas only")
                found.append(j)
            lists[key] = sorted(found)
        neighbours.append(lists)
    for i, c in enumerate(checks):
        aid = c.entry["id"]
        for key in (LAND, WATER):
            for j in neighbours[i][key]:
                if i not in neighbours[j][key]:
                    other = checks[j].entry["id"]
                    raise c.fail(key, f"lists {other!r} but area {other!r} field {key!r} does not list {aid!r}")

    areas = tuple(
        Area(index=i, id=c.entry["id"], name=f["name"], kind=f["kind"], population_limit=f["limit"],
             start_for=f["start_for"], land=tuple(neighbours[i][LAND]), water=tuple(neighbours[i][WATER]),
             coastal=f["kind"] == LAND and bool(neighbours[i][WATER]), city_site=f["city_site"],
             flood_plain=f["flood_plain"], volcano=f["volcano"], city_site_on_flood_plain=f["city_site_on_flood_plain"],
             region=f["region"], provisional=f["provisional"])
        for i, (c, f) in enumerate(zip(checks, fields, strict=True))
    )
    civilizations = []
    for cid, cname in zip(civ_ids, civ_names, strict=True):
        starts = tuple(a.index for a in areas if cid in a.start_for)
        if not starts:
            raise InvalidStateError(f"{prefix}: civilization {cid!r} has no start area (no area lists it in field 'start_for')")
        civilizations.append(Civilization(cid, cname, starts))
    return Board(areas=areas, civilizations=tuple(civilizations), name=name, source=src,
                 completeness=completeness, repairs=tuple(repairs))


def map_file(name_or_path: str | os.PathLike[str]) -> Path:
    """The file of a shipped map ("full", "small"), or the given path. A bare word is
    the name of a shipped map, never a file of the current folder (a saved game may name
    only the game's own data sets: ``core.records.check_file_options``)."""
    if isinstance(name_or_path, str):
        return data_file(name_or_path, {m: MAPS / f"{m}.json" for m in SHIPPED_MAPS}, "map", InvalidStateError)
    return Path(name_or_path)


@cache
def load_board(name_or_path: str | os.PathLike[str] = "full") -> Board:
    """A shipped map by name ("full", "small") or a map file by path (a regular file of
    bounded size and depth, ``core.files``), checked (cached per argument)."""
    file = map_file(name_or_path)
    try:
        raw = read_json(file, "map", DATA_LIMIT, InvalidStateError)
    except InvalidStateError as e:
        if str(e).startswith("no map file"):
            raise InvalidStateError(f"{e}; the shipped maps are {', '.join(SHIPPED_MAPS)}") from None
        raise
    return parse_board(raw, source=str(file))

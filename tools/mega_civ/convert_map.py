"""Convert the hobbyist Mega Civilization map transcription into a civtable map file.

Usage::

    python tools/mega_civ/convert_map.py SRC DEST

SRC is ``mega_civ_map_partial.json`` (``land_areas``, ``open_sea_areas``, ...);
DEST is written in the format of ``civtable.games.mega_civ.rules.board`` and is the
shipped ``data/maps/full.json``. The conversion is deterministic: the same SRC
always gives the same bytes. Every change made to the source data is written to
the map's ``repairs`` list, and every area holding a value the project chose is
marked ``provisional``:

- ids are the author's names in snake_case (apostrophes dropped, other
  separators as ``_``), with a few plain misspellings corrected in the id only
  (``ID_SPELLINGS``); ``name`` keeps the author's spelling;
- a link listed on one side only (by land or by water) is added on the other side;
- a reference to an area that does not exist is dropped;
- a civilization of the author's regions without a start area gets one
  (``CHOSEN_START_AREAS``, else the rule in ``_choose_start``).
"""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path
from typing import Any

from civtable.core.errors import CivtableError
from civtable.games.mega_civ.rules.board import dump_map, parse_board

# Misspelt names whose id is corrected (the name keeps the author's spelling).
ID_SPELLINGS = {
    "agean sea": "aegean_sea",
    "centra mediterranean": "central_mediterranean",
    "mesapotamia": "mesopotamia",
    "western india ocean": "western_indian_ocean",
    "ninveh": "nineveh",
    "massillia": "massilia",
    "aquatainia": "aquitania",
    "apollionia": "apollonia",
    "habappa": "harappa",
    "ujjian": "ujjain",
    "salamais": "salamis",
    "ruhuuna": "ruhuna",
    "brahmaghiri": "brahmagiri",
}

# Start areas the project chose for civilizations the source gives none, with the reason.
CHOSEN_START_AREAS = {
    "maurya": ("pataliputra",
               "the capital of the Maurya empire, in the author's Maurya region; a city site on the "
               "flood plain with population limit 3, like the start areas of the other river "
               "civilizations of the source (babylon, tanis, chanhu-daro)"),
}

COMPLETENESS = (
    "PARTIAL / UNVERIFIED: converted from a hobbyist transcription of the combined West+East "
    "Mega Civilization map; treat every value as provisional until checked against the physical "
    "board. Repairs made by the converter are listed under 'repairs' and the areas they touched "
    "are marked provisional. Known gaps: the rulebook set-up maps (which areas are out of play "
    "for each player count) are images and are not included; black vs white city sites are not "
    "given (only 'city_site_on_flood_plain'); 'region' is the civilization colour the author "
    "assigned to the area (his set-up regions), not an official field."
)


def _gaps(sea_ids: list[str], sea_links: dict[str, list[str]], dropped: Any) -> str:
    """The data gaps the converter can see but not repair, as text for 'completeness'."""
    lonely = [s for s in sea_ids if not any(o in sea_links for o in sea_links[s])]
    text = ""
    if lonely:
        text += (" Sea-to-sea links are only those the author entered; these seas list no "
                 f"neighbouring sea: {', '.join(lonely)}, so ships should follow the coast (MC-3.5).")
    if not dropped:
        text += (" The source's 'dropped_references' is empty although its note says garbage "
                 "adjacency entries were dropped and listed there.")
    return text


def make_id(name: str) -> str:
    """The snake_case id of an author's area or civilization name."""
    if name in ID_SPELLINGS:
        return ID_SPELLINGS[name]
    text = name.lower().replace("'", "")
    return "_".join(part for part in re.split(r"[^a-z0-9]+", text) if part)


def _choose_start(name_of: dict[str, dict[str, Any]], civ: str) -> tuple[str, str]:
    """A start area for ``civ``: its chosen one, else its region's best city site."""
    if civ in CHOSEN_START_AREAS:
        return CHOSEN_START_AREAS[civ]
    region = [a for a in name_of.values() if a.get("region_of_civilization") == civ]
    best = min(region, key=lambda a: (not a["city_site"], -a["population_limit"], a["name"]))
    return best["name"], "the city site with the highest population limit in the author's region"


def convert(src: dict[str, Any], src_name: str = "mega_civ_map_partial.json") -> dict[str, Any]:
    """The map-file data for a transcription in the format of ``mega_civ_map_partial.json``."""
    if not isinstance(src, dict) or not isinstance(src.get("land_areas"), list) \
            or not isinstance(src.get("open_sea_areas"), list):
        raise CivtableError(f"{src_name}: expected an object with 'land_areas' and 'open_sea_areas' lists")
    land = copy.deepcopy(src["land_areas"])
    sea = copy.deepcopy(src["open_sea_areas"])
    for a in sea:
        a.setdefault("adjacent_by_land", [])
    records = land + sea
    name_of = {a["name"]: a for a in records}
    if len(name_of) != len(records):
        raise CivtableError(f"{src_name}: an area name is used twice")
    ids = {name: make_id(name) for name in name_of}
    seen: dict[str, str] = {}
    for name, aid in ids.items():
        if aid in seen:
            raise CivtableError(f"{src_name}: areas {seen[aid]!r} and {name!r} would both get id {aid!r}")
        seen[aid] = name

    repairs: list[str] = []
    provisional: set[str] = set()
    for name in sorted(ID_SPELLINGS):
        if name in name_of:
            repairs.append(f"id: area {name!r} gets id {ids[name]!r} (spelling corrected; "
                           f"'name' keeps the author's spelling)")

    keys = (("adjacent_by_land", "land"), ("adjacent_by_water", "water"))
    # References to areas that do not exist are dropped.
    for a in records:
        for key, kind in keys:
            kept = []
            for other in a[key]:
                if other in name_of:
                    kept.append(other)
                else:
                    repairs.append(f"dropped: area {a['name']!r} listed unknown area {other!r} "
                                   f"by {kind}; the reference is dropped")
                    provisional.add(a["name"])
            a[key] = kept
    # One-way links get their missing direction.
    listed = {tuple(x) for x in src.get("asymmetric_links", []) if isinstance(x, list)}
    for a in records:
        for key, kind in keys:
            for other in a[key]:
                back = name_of[other][key]
                if a["name"] not in back:
                    back.append(a["name"])
                    provisional.add(other)
                    note = "" if (kind, a["name"], other) in listed else " (not in the source's asymmetric_links)"
                    repairs.append(f"link: {a['name']!r} lists {other!r} by {kind} but not the reverse; "
                                   f"added {a['name']!r} to {other!r} by {kind}{note}")

    civs = sorted({a["region_of_civilization"] for a in land})
    starts: dict[str, list[str]] = {civ: [] for civ in civs}
    for a in land:
        if a["start_area"]:
            starts[a["region_of_civilization"]].append(a["name"])
    chosen: dict[str, str] = {}
    for civ in civs:
        if not starts[civ]:
            area, why = _choose_start(name_of, civ)
            chosen[area] = civ
            provisional.add(area)
            repairs.append(f"start area: civilization {civ!r} has no start area in the source; "
                           f"{area!r} chosen ({why})")

    areas = []
    for a in records:
        is_land = "region_of_civilization" in a
        start_for = []
        if is_land and a["start_area"]:
            start_for.append(a["region_of_civilization"])
        if a["name"] in chosen:
            start_for.append(chosen[a["name"]])
        entry: dict[str, Any] = {
            "id": ids[a["name"]], "name": a["name"], "kind": "land" if is_land else "water",
            "population_limit": a["population_limit"] if is_land else None,
            "city_site": bool(is_land and a["city_site"]),
            "flood_plain": bool(is_land and a["flood_plain"]),
            "volcano": bool(is_land and a["volcano"]),
            "start_for": start_for,
            "land": sorted(ids[n] for n in a["adjacent_by_land"]),
            "water": sorted(ids[n] for n in a["adjacent_by_water"]),
        }
        if is_land:
            entry["city_site_on_flood_plain"] = bool(a["city_site_on_flood_plain"])
            entry["region"] = a["region_of_civilization"]
        if a["name"] in provisional:
            entry["provisional"] = True
        areas.append(entry)

    sources = src.get("source", [])
    if isinstance(sources, str):
        sources = [sources]
    source = (f"civtable convert_map from {src_name}, whose sources are: " + "; ".join(sources)
              if sources else f"civtable convert_map from {src_name}")
    return {
        "name": "Mega Civilization (West+East)",
        "source": source,
        "completeness": COMPLETENESS + _gaps(
            [ids[a["name"]] for a in sea],
            {ids[a["name"]]: [ids[n] for n in a["adjacent_by_water"]] for a in sea},
            src.get("dropped_references")),
        "repairs": repairs,
        "civilizations": [{"id": civ, "name": civ.capitalize()} for civ in civs],
        "areas": areas,
    }


def convert_file(src: Path, dest: Path) -> str:
    """Convert ``src`` to ``dest``; returns the text written (checked by the map loader first)."""
    raw = json.loads(src.read_text(encoding="utf-8"))
    data = convert(raw, src.name)
    parse_board(data, source=str(dest))
    text = dump_map(data)
    dest.write_text(text, encoding="utf-8")
    return text


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python tools/mega_civ/convert_map.py SRC DEST", file=sys.stderr)
        return 2
    try:
        convert_file(Path(args[0]), Path(args[1]))
    except (OSError, json.JSONDecodeError, CivtableError) as e:
        print(f"convert_map: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

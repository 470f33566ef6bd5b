"""The Mega Civilization map layer: map files, the loader's checks, the converter.

The map data the rules need (MC-3.1 land movement to an adjacent area, MC-3.2 no
land move across water, MC-3.5 ships along coastal areas, MC-4.1.2 and MC-5.3.2
population limits, MC-5.1 city sites) is not in the rule document ("Data not in
the document"); the shipped maps supply it and the loader checks it.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from civtable.core.errors import InvalidStateError
from civtable.core.files import DATA_LIMIT
from civtable.games.mega_civ.rules.board import (
    MAPS,
    Board,
    dump_map,
    load_board,
    map_file,
    parse_board,
)
from civtable.testing.mutate import GONE, Mutation, changing, setting
from tools.mega_civ.convert_map import convert, convert_file, main

SHARED = Path(__file__).resolve().parents[4] / "shared" / "data"
SOURCE_MAP = SHARED / "mega_civ_map_partial.json"
TOOLS = Path(__file__).resolve().parents[3] / "tools" / "mega_civ"
Data = dict[str, Any]


def shared(name: str) -> Data:
    path = SHARED / name
    if not path.exists():
        pytest.skip(f"shared data file {path} is not present")
    return json.loads(path.read_text(encoding="utf-8"))


def map_data(name: str = "small") -> Data:
    return json.loads(map_file(name).read_text(encoding="utf-8"))


# --- the shipped maps ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["full", "small"])
def test_shipped_map_loads_and_is_cached(name: str) -> None:
    board = load_board(name)
    assert isinstance(board, Board)
    assert load_board(name) is board
    assert map_file(name) == MAPS / f"{name}.json"
    assert len(board) == len(map_data(name)["areas"])


@pytest.mark.parametrize("name", ["full", "small"])
def test_adjacency_is_symmetric_and_well_formed(name: str) -> None:
    """MC-3.1/MC-3.2: land moves join land areas only; every link is listed at both ends."""
    board = load_board(name)
    for a in board.areas:
        assert a.index not in a.land and a.index not in a.water
        assert list(a.land) == sorted(set(a.land)) and list(a.water) == sorted(set(a.water))
        for j in a.land:
            assert a.index in board.areas[j].land
            assert a.is_land and board.areas[j].is_land
        for j in a.water:
            assert a.index in board.areas[j].water
        if a.is_water:
            assert a.population_limit is None and not a.start_for and not a.land
            assert not (a.city_site or a.flood_plain or a.volcano)
        else:
            assert isinstance(a.population_limit, int) and a.population_limit >= 0


@pytest.mark.parametrize("name", ["full", "small"])
def test_indices_lookups_and_derived_sets(name: str) -> None:
    board = load_board(name)
    for i, a in enumerate(board.areas):
        assert a.index == i
        assert board.index(a.id) == i
        assert board.area(a.id) is a and board.area(i) is a
        assert a.coastal == (a.is_land and bool(a.water))  # MC-3.5 coastal areas
        for j in a.land:
            assert board.adjacent_by_land(i, j)
        for j in a.water:
            assert board.adjacent_by_water(i, j)
    assert board.land_areas == tuple(a.index for a in board.areas if a.kind == "land")
    assert board.water_areas == tuple(a.index for a in board.areas if a.kind == "water")
    assert board.coastal_areas == tuple(a.index for a in board.areas if a.coastal)
    assert board.city_sites == tuple(a.index for a in board.areas if a.city_site)
    for civ in board.civilizations:
        assert civ.start_areas and board.start_areas(civ.id) == civ.start_areas
        for i in civ.start_areas:
            assert board.areas[i].is_land and civ.id in board.areas[i].start_for
    with pytest.raises(InvalidStateError, match="unknown area 'atlantis'"):
        board.index("atlantis")
    with pytest.raises(InvalidStateError, match="no area number"):
        board.area(len(board))
    with pytest.raises(InvalidStateError, match="no civilization 'atlantis'"):
        board.start_areas("atlantis")


@pytest.mark.parametrize("name", ["full", "small"])
def test_to_data_round_trips_to_the_file(name: str) -> None:
    board = load_board(name)
    assert board.to_data() == map_data(name)
    assert dump_map(board.to_data()) == map_file(name).read_text(encoding="utf-8")
    again = parse_board(board.to_data(), "copy")
    assert again.areas == board.areas and again.civilizations == board.civilizations


def test_full_map_statistics() -> None:
    board = load_board("full")
    areas = board.areas
    assert len(board.land_areas) == 318 and len(board.water_areas) == 20
    assert len(board.city_sites) == 123
    assert sum(a.flood_plain for a in areas) == 35
    assert sum(a.city_site_on_flood_plain for a in areas) == 16
    assert sum(a.volcano for a in areas) == 9
    assert len(board.coastal_areas) == 183
    limits = [a.population_limit for a in areas if a.is_land]
    assert {n: limits.count(n) for n in range(5)} == {0: 21, 1: 128, 2: 127, 3: 34, 4: 8}
    assert len(board.civilizations) == 18
    assert all(len(c.start_areas) == 1 for c in board.civilizations)
    assert board.area("knossos").start_for == ("minoa",)
    # The author's names are kept; ids are clean.
    assert board.area("aegean_sea").name == "agean sea"
    assert board.area("chanhu_daro").name == "chanhu-daro"
    assert board.area("main").name == "ma'in"


@pytest.mark.parametrize("file", ["mega_civ_setup_and_pieces.json", "mega_civ_ast.json"])
def test_every_civilization_of_the_set_up_data_has_a_start_area(file: str) -> None:
    data = shared(file)
    if "civilizations" in data:
        names = {c["name"] for c in data["civilizations"]}
    else:
        names = {n for blocks in data["starting_civilizations_by_player_count"].values()
                 for civs in blocks.values() for n in civs}
    assert len(names) == 18
    board = load_board("full")
    for name in names:
        assert board.civilization(name.lower()).name == name
        assert board.start_areas(name.lower())


def test_small_map_for_quick_games() -> None:
    board = load_board("small")
    assert 20 <= len(board.land_areas) <= 30 and 3 <= len(board.water_areas) <= 6
    setup = {"hellas", "minoa", "hatti", "assyria", "egypt"}  # the 5-player West set
    civs = {c.id for c in board.civilizations}
    assert setup < civs and len(civs) >= 7
    starts = [i for c in board.civilizations for i in c.start_areas]
    assert len(starts) == len(set(starts)) == len(civs)
    for i in starts:  # no two start areas side by side
        assert not set(board.areas[i].land) & set(starts)
    areas = board.areas
    assert len(board.city_sites) >= 8
    assert any(a.flood_plain and a.city_site_on_flood_plain for a in areas)
    assert any(a.flood_plain and a.city_site and not a.city_site_on_flood_plain for a in areas)
    assert any(a.volcano for a in areas)
    assert any(a.is_land and a.population_limit == 0 for a in areas)
    assert any(a.is_land and not a.land and a.coastal for a in areas)  # islands
    assert len(board.coastal_areas) >= 10 and board.repairs == ()
    # MC-3.2: the two continents are joined by water only.
    north, south = board.index("kings_vale"), board.index("great_delta")
    reached, todo = {north}, [north]
    while todo:
        for j in board.areas[todo.pop()].land:
            if j not in reached:
                reached.add(j)
                todo.append(j)
    assert south not in reached


# --- repairs in the converted map ------------------------------------------------------


def test_each_repair_is_recorded_and_marked_provisional() -> None:
    board = load_board("full")
    provisional = {a.name for a in board.areas if a.provisional}
    assert provisional
    for name in provisional:  # every chosen value is explained by a repair
        assert any(repr(name) in r for r in board.repairs), name
    maurya = board.start_areas("maurya")
    assert [board.areas[i].id for i in maurya] == ["pataliputra"]
    assert board.area("pataliputra").provisional
    assert board.area("pataliputra").region == "maurya"
    assert any(r.startswith("start area: civilization 'maurya'") and "'pataliputra'" in r
               for r in board.repairs)
    assert sum(r.startswith("link: ") for r in board.repairs) == 37


def test_repairs_cover_the_sources_asymmetric_links() -> None:
    src = shared("mega_civ_map_partial.json")
    board = load_board("full")
    ids = {a.name: a.id for a in board.areas}
    assert len(src["asymmetric_links"]) == 37
    for kind, a, b in src["asymmetric_links"]:
        assert any(r.startswith(f"link: {a!r} lists {b!r} by {kind}") for r in board.repairs)
        i, j = board.index(ids[a]), board.index(ids[b])
        links = (board.areas[j].land if kind == "land" else board.areas[j].water)
        assert i in links and board.areas[j].provisional
    starts = {a["region_of_civilization"] for a in src["land_areas"] if a["start_area"]}
    for civ in board.civilizations:
        if civ.id not in starts:
            assert any(r.startswith(f"start area: civilization {civ.id!r}") for r in board.repairs)
    for name, aid in ids.items():  # an id that is not the plain snake_case name is a repair
        if aid != re.sub(r"[ -]+", "_", name.replace("'", "")):
            assert any(r.startswith(f"id: area {name!r} gets id {aid!r}") for r in board.repairs)
    assert sum(r.startswith("id: ") for r in board.repairs) == 13


# --- the converter ---------------------------------------------------------------------


def test_converter_is_deterministic_and_gives_the_shipped_map(tmp_path: Path) -> None:
    src = shared("mega_civ_map_partial.json")
    before = copy.deepcopy(src)
    first, second = convert(src), convert(src)
    assert first == second and src == before  # the source data is not changed
    shipped = map_file("full").read_text(encoding="utf-8")
    assert dump_map(first) == dump_map(second) == shipped
    out = tmp_path / "full.json"
    assert convert_file(SOURCE_MAP, out) == shipped
    assert out.read_text(encoding="utf-8") == shipped


def test_converter_runs_as_a_script(tmp_path: Path) -> None:
    shared("mega_civ_map_partial.json")
    out = tmp_path / "full.json"
    done = subprocess.run(
        [sys.executable, str(TOOLS / "convert_map.py"), str(SOURCE_MAP), str(out)],
        capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == map_file("full").read_text(encoding="utf-8")
    assert main([]) == 2
    assert main([str(tmp_path / "missing.json"), str(out)]) == 2


def _land(name: str, civ: str, land: list[str], water: list[str], start: bool = False) -> Data:
    return {"name": name, "region_of_civilization": civ, "population_limit": 2, "city_site": True,
            "flood_plain": False, "city_site_on_flood_plain": False, "volcano": False,
            "start_area": start, "adjacent_by_land": land, "adjacent_by_water": water}


def test_converter_repairs_a_small_source() -> None:
    src = {
        "source": ["a test"],
        "asymmetric_links": [["land", "old town", "new-town"]],
        "dropped_references": {},
        "land_areas": [
            _land("old town", "ur", ["new-town", "ghost"], ["mare"], start=True),
            _land("new-town", "ur", [], ["mare"]),
            _land("far hill", "elam", ["new-town"], []),
        ],
        "open_sea_areas": [{"name": "mare", "adjacent_by_water": ["old town"]}],
    }
    data = convert(src, "test.json")
    board = parse_board(data, "converted")
    assert [a.id for a in board.areas] == ["old_town", "new_town", "far_hill", "mare"]
    assert [a.name for a in board.areas] == ["old town", "new-town", "far hill", "mare"]
    repairs = "\n".join(board.repairs)
    assert "'old town' listed unknown area 'ghost' by land; the reference is dropped" in repairs
    assert "added 'old town' to 'new-town' by land" in repairs
    assert "added 'far hill' to 'new-town' by land (not in the source's asymmetric_links)" in repairs
    assert "added 'new-town' to 'mare' by water" in repairs
    assert "start area: civilization 'elam'" in repairs and "'far hill' chosen" in repairs
    assert board.start_areas("elam") == (board.index("far_hill"),)
    assert {a.id for a in board.areas if a.provisional} == {"old_town", "new_town", "far_hill", "mare"}
    assert convert(src, "test.json") == data


# --- broken map files ------------------------------------------------------------------


SMALL_AREAS = {a["id"]: i for i, a in enumerate(map_data("small")["areas"])}


def _set(aid: str, key: str, value: Any = GONE) -> Mutation:
    """Write (or, with no value, remove) a field of an area of the small map."""
    return setting("areas", SMALL_AREAS[aid], key, value=value)


def _add(aid: str, key: str, other: str) -> Mutation:
    return changing("areas", SMALL_AREAS[aid], key, by=lambda ids: [*ids, other])


def _remove(aid: str, key: str, other: str) -> Mutation:
    return changing("areas", SMALL_AREAS[aid], key, by=lambda ids: [i for i in ids if i != other])


def _both(*mutations: Mutation) -> Mutation:
    def mutate(d: Data) -> None:
        for m in mutations:
            m(d)
    return mutate


_duplicate_id = _set("north_downs", "id", "nw_hills")


def _extra_civilization(d: Data) -> None:
    d["civilizations"].append({"id": "iberia", "name": "Iberia"})


BROKEN: dict[str, tuple[Mutation, str, str]] = {
    # case: (mutation, area or civilization named, field named)
    "missing field": (_set("kings_vale", "volcano"), "kings_vale", "volcano"),
    "missing adjacency": (_set("middle_sea", "water"), "middle_sea", "water"),
    "flag not a bool": (_set("kings_vale", "city_site", "yes"), "kings_vale", "city_site"),
    "limit not an int": (_set("kings_vale", "population_limit", "3"), "kings_vale", "population_limit"),
    "limit a bool": (_set("kings_vale", "population_limit", True), "kings_vale", "population_limit"),
    "land not a list": (_set("kings_vale", "land", "old_ford"), "kings_vale", "land"),
    "name not a text": (_set("kings_vale", "name", 7), "kings_vale", "name"),
    "bad kind": (_set("kings_vale", "kind", "lake"), "kings_vale", "kind"),
    "id not snake_case": (_set("kings_vale", "id", "Kings Vale"), "Kings Vale", "id"),
    "unknown field": (_set("kings_vale", "floodplain", True), "kings_vale", "floodplain"),
    "provisional not a bool": (_set("kings_vale", "provisional", 1), "kings_vale", "provisional"),
    "duplicate id": (_duplicate_id, "nw_hills", "id"),
    "unknown area by land": (_add("kings_vale", "land", "atlantis"), "kings_vale", "land"),
    "unknown area by water": (_add("middle_sea", "water", "atlantis"), "middle_sea", "water"),
    "listed twice": (_add("kings_vale", "land", "old_ford"), "kings_vale", "land"),
    "asymmetric land": (_remove("old_ford", "land", "kings_vale"), "kings_vale", "land"),
    "asymmetric water": (_remove("middle_sea", "water", "pearl_isle"), "pearl_isle", "water"),
    "land to water by land": (_add("kings_vale", "land", "middle_sea"), "kings_vale", "land"),
    "land to water by land, both ends": (
        _both(_add("kings_vale", "land", "middle_sea"), _add("middle_sea", "land", "kings_vale")),
        "kings_vale", "land"),
    "water with land adjacency": (_add("middle_sea", "land", "kings_vale"), "middle_sea", "land"),
    "self by land": (_add("kings_vale", "land", "kings_vale"), "kings_vale", "land"),
    "self by water": (_add("middle_sea", "water", "middle_sea"), "middle_sea", "water"),
    "water start area": (_set("middle_sea", "start_for", ["rome"]), "middle_sea", "start_for"),
    "unknown civilization": (_set("kings_vale", "start_for", ["atlantis"]), "kings_vale", "start_for"),
    "negative limit": (_set("kings_vale", "population_limit", -1), "kings_vale", "population_limit"),
    "water with a limit": (_set("middle_sea", "population_limit", 2), "middle_sea", "population_limit"),
    "volcano at sea": (_set("middle_sea", "volcano", True), "middle_sea", "volcano"),
    "site on flood plain without flood plain": (
        _set("kings_vale", "city_site_on_flood_plain", True), "kings_vale", "city_site_on_flood_plain"),
    "unknown region": (_set("kings_vale", "region", "atlantis"), "kings_vale", "region"),
    "civilization without start area": (_set("west_cape", "start_for", []), "rome", "start_for"),
    "listed civilization without start area": (_extra_civilization, "iberia", "start_for"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_map_names_the_area_and_field(case: str, tmp_path: Path) -> None:
    mutate, who, key = BROKEN[case]
    data = map_data("small")
    mutate(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InvalidStateError) as err:
        load_board(path)
    message = str(err.value)
    assert repr(who) in message and repr(key) in message, message
    assert str(path) in message and "\n" not in message


@pytest.mark.parametrize(("mutate", "expected"), [
    (lambda d: d.pop("areas"), "the map has no field 'areas'"),
    (lambda d: d.update(areas=[]), "field 'areas' must be a non-empty list"),
    (lambda d: d.update(repairs="none"), "field 'repairs' must be a list of texts"),
    (lambda d: d.update(extra=1), "the map has unknown field 'extra'"),
    (lambda d: d["civilizations"].append(dict(d["civilizations"][0])), "civilization 'assyria' is listed twice"),
    (lambda d: d["areas"].append(3), "area number 30 must be an object"),
    (lambda d: d["areas"][0].pop("id"), "area number 1 has no field 'id'"),
])
def test_broken_map_file_level(mutate: Callable[[Data], Any], expected: str, tmp_path: Path) -> None:
    data = map_data("small")
    mutate(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InvalidStateError, match=expected):
        load_board(path)


def test_unreadable_map_files(tmp_path: Path) -> None:
    with pytest.raises(InvalidStateError, match="no map file .*the shipped maps are full, small"):
        load_board(tmp_path / "nothing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidStateError, match="is not valid JSON"):
        load_board(bad)
    with pytest.raises(InvalidStateError, match="a map file must be a JSON object"):
        parse_board([1, 2])


@pytest.mark.parametrize("kind", ["fifo", "directory", "huge", "deep", "nul"])
def test_a_map_file_is_a_bounded_regular_file(kind: str, tmp_path: Path) -> None:
    """Issue 13: a map file is read through ``core.files``: a FIFO, a directory, a file over
    the size limit, JSON nested too deeply or a name with a NUL byte is refused in one
    sentence (never a hang, a memory blow-up or a traceback)."""
    path = tmp_path / "map.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "huge":
        with open(path, "wb") as f:
            f.truncate(DATA_LIMIT + 1)
    elif kind == "deep":
        path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    expected = {"fifo": "not a regular file", "directory": "is a directory", "huge": "MB",
                "deep": "nested too deeply", "nul": "NUL"}[kind]
    with pytest.raises(InvalidStateError, match=expected) as err:
        load_board(f"{path}\x00" if kind == "nul" else path)
    assert "\n" not in str(err.value)


def test_the_map_option_is_a_file_option() -> None:
    """Issue 13: a saved game may name a shipped map, never a path (core.records refuses it)."""
    from civtable.core.errors import CivtableError
    from civtable.core.records import check_file_options
    from civtable.core.registry import game_class

    cls = game_class("mega-civ")
    assert cls.spec("map").file
    check_file_options(cls, {"map": "small"}, (), "record header")
    with pytest.raises(CivtableError, match="names a file"):
        check_file_options(cls, {"map": "/etc/passwd"}, (), "record header")
    check_file_options(cls, {"map": "/tmp/mine.json"}, ("/tmp/mine.json",), "record header")


def test_a_good_copy_loads_by_path(tmp_path: Path) -> None:
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(map_data("small")), encoding="utf-8")
    board = load_board(str(path))
    assert board.areas == load_board("small").areas


def test_a_bare_word_is_a_shipped_map_never_a_file_of_the_folder(tmp_path, monkeypatch) -> None:
    """Issue 13: a record naming map=passwd must not read ./passwd."""
    import pytest as _pytest

    from civtable.core.errors import InvalidStateError
    from civtable.core.records import Record, RecordError

    (tmp_path / "passwd").write_text("{}")
    monkeypatch.chdir(tmp_path)
    with _pytest.raises(RecordError, match="no map data set .passwd."):
        Record("mega-civ", {"map": "passwd"}, 1, ["random"] * 5).replay()
    with _pytest.raises(InvalidStateError, match="no map data set"):
        from civtable.games.mega_civ.rules.board import map_file

        map_file("passwd")

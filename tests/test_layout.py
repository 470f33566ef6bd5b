"""The layout of the code (issue 25): imports flow one way (no import circle in
civtable/, found by ``tools/import_cycles.py``), every game package has the same floor
plan, and no module is over 600 lines.

The game packages are being moved onto the floor plan in their own branches: their part
is marked as expected to fail (``RESTRUCTURING``), strictly, so that a game that passes
says so and its name is taken out of the set when its branch is merged."""

from __future__ import annotations

import importlib.util
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

import pytest

from civtable.core.registry import GROUP

HERE = Path(__file__).resolve().parent.parent
CIVTABLE = HERE / "civtable"
EXAMPLE = HERE / "examples" / "games" / "toy_nim"

RESTRUCTURING = {"civ_card_game"}
"""The game packages not yet on the floor plan (issue 25: each is moved in its own branch;
the lead takes a name out when its branch is merged)."""
NOT_YET = pytest.mark.xfail(strict=True, reason="the game packages are moved onto the floor plan in "
                            "their own branches (issue 25); take the game out of RESTRUCTURING when its "
                            "branch is merged")

ROOT_MODULES = {"__init__", "game", "state", "options", "catalog", "actions", "serialize", "view", "encode",
                "space", "items", "messages"}
"""The only modules at the root of a game package (docs/new-game.md, "The floor plan")."""
ROOMS = {"rules", "bots", "show"}
DATA = {"data", "strategies"}
"""Data folders (pyproject's package-data patterns name them)."""
COMPILED = (".so", ".pyd")
"""A root module's compiled build sits next to it (``civtable/_compiled.py``)."""

LONGEST = 600
LONG_MODULES: dict[str, str] = {}
"""Modules allowed over ``LONGEST`` lines (path under civtable/ -> why); none today."""


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_cycles", HERE / "tools" / "import_cycles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cycles = _tool()
CIRCLES: list[list[str]] = cycles.circles(cycles.graph(CIVTABLE))


def _game_packages() -> dict[str, Path]:
    """The packages of the installed games (entry points), by folder name."""
    found = {}
    for ep in entry_points(group=GROUP):
        package = ep.value.partition(":")[0].rpartition(".")[0]
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.submodule_search_locations, f"{ep.name}: no package {package}"
        folder = Path(next(iter(spec.submodule_search_locations)))
        found[folder.name] = folder
    return found


GAMES = _game_packages()


def _marked(names: list[str]) -> list[object]:
    return [pytest.param(n, marks=NOT_YET) if n in RESTRUCTURING else n for n in names]


# ------------------------------------------------------------------ imports flow one way
def test_no_import_circle_outside_the_game_packages() -> None:
    games = "civtable.games."
    outside = [c for c in CIRCLES if not all(m.startswith(games) for m in c)]
    assert not outside, "import circles: " + "; ".join(" <-> ".join(c) for c in outside)


@pytest.mark.parametrize("game", _marked(sorted(p.name for p in (CIVTABLE / "games").iterdir()
                                                if (p / "__init__.py").exists())))
def test_no_import_circle_in_a_game_package(game: str) -> None:
    prefix = f"civtable.games.{game}"
    inside = [c for c in CIRCLES if any(m == prefix or m.startswith(prefix + ".") for m in c)]
    assert not inside, "import circles: " + "; ".join(" <-> ".join(c) for c in inside)


def test_no_import_circle_in_the_example_game() -> None:
    assert cycles.circles(cycles.graph(EXAMPLE)) == []


def test_the_tool_finds_a_circle(tmp_path: Path) -> None:
    """A function-level import counts, one under ``if TYPE_CHECKING`` does not."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import c\n"
                              "def f():\n    from .b import g\n")
    (pkg / "b.py").write_text("from .a import f\ndef g(): ...\n")
    (pkg / "c.py").write_text("from .a import f\n")
    assert cycles.circles(cycles.graph(pkg)) == [["pkg.a", "pkg.b"]]


# ------------------------------------------------------------------ the floor plan
def floor_plan_faults(folder: Path) -> list[str]:
    """What in a game package's folder is not on the floor plan: a root file that is not
    one of ``ROOT_MODULES`` (or its compiled build), a folder that is neither a room, a
    data folder nor the one extra room, a room that is missing."""
    faults = []
    extra = []
    for path in sorted(folder.iterdir()):
        name = path.name
        if name == "__pycache__" or name.startswith("."):
            continue
        if path.is_dir():
            if name in DATA or name in ROOMS:
                continue
            if (path / "__init__.py").exists():
                extra.append(name)
            else:
                faults.append(f"folder {name}/ is neither a room, a data folder nor a package")
            continue
        stem = name.partition(".")[0]
        if stem not in ROOT_MODULES or not (name == stem + ".py" or name.endswith(COMPILED)):
            faults.append(f"{name} at the root")
    for room in sorted(ROOMS):
        if not (folder / room / "__init__.py").exists():
            faults.append(f"no room {room}/")
    if len(extra) > 1:
        faults.append(f"more than one extra room: {', '.join(extra)}/")
    return faults


def test_the_installed_games_are_found() -> None:
    assert set(GAMES) >= {"catan_deckbuilding", "civ_card_game", "civ_solo", "mega_civ"}


@pytest.mark.parametrize("game", _marked(sorted(GAMES)))
def test_a_game_package_has_the_floor_plan(game: str) -> None:
    faults = floor_plan_faults(GAMES[game])
    assert not faults, f"{'; '.join(faults)} (the root holds only {', '.join(sorted(ROOT_MODULES))})"


def test_the_example_game_has_the_floor_plan() -> None:
    assert floor_plan_faults(EXAMPLE) == []
    assert sorted(p.stem for p in EXAMPLE.glob("*.py")) == sorted(ROOT_MODULES), "the example has every root module"


def test_the_floor_plan_check_finds_what_is_off_the_plan(tmp_path: Path) -> None:
    for room in ("rules", "bots", "analysis"):
        (tmp_path / room).mkdir()
        (tmp_path / room / "__init__.py").write_text("")
    (tmp_path / "data").mkdir()
    for name in ("game.py", "state.cpython-311-x86_64-linux-gnu.so", "render.py"):
        (tmp_path / name).write_text("")
    assert floor_plan_faults(tmp_path) == ["render.py at the root", "no room show/"]


# ------------------------------------------------------------------ module sizes
def test_no_module_is_over_600_lines() -> None:
    long = {}
    for path in sorted(CIVTABLE.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        key = path.relative_to(CIVTABLE).as_posix()
        if lines > LONGEST and key not in LONG_MODULES:
            long[key] = lines
    assert not long, f"modules over {LONGEST} lines: {long}"
    assert set(LONG_MODULES) <= {p.relative_to(CIVTABLE).as_posix() for p in CIVTABLE.rglob("*.py")}, \
        "an exception names a module that is gone"

"""The layout of the code (issue 25): imports flow one way (no import circle in
civtable/, found by ``tools/import_cycles.py``), every game package has the same floor
plan, and no module is over 600 lines.

Inside a game the imports go one way through its layers (``LAYERS``): the data modules,
then ``state.py`` (the data of a position, ``clone`` and the protocol methods, which reach
the rules through the game's forward model, ``game.model``), ``rules/`` (the forward
model: ``legal``, ``apply`` and the set-up, functions over the state), then what reads a
state (view, serialize, encode, space, items), ``bots/``, an extra room such as
civ-solo's ``analysis/``, ``show/``, and ``game.py`` on top, which keeps the forward model."""

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


LAYERS = {"catalog": 0, "options": 0, "actions": 0, "messages": 0, "state": 1, "rules": 2, "view": 3,
          "serialize": 3, "encode": 3, "space": 3, "items": 3, "bots": 4, "analysis": 5, "show": 6, "game": 7,
          "__init__": 7}
"""A game package's layers, bottom up: a module imports only from its own layer or below."""
LAYER_EXCEPTIONS: dict[tuple[str, str], str] = {}
"""Imports one layer up that make no circle, with their reason."""


# ------------------------------------------------------------------ imports flow one way
def test_no_import_circle_anywhere() -> None:
    assert not CIRCLES, "import circles: " + "; ".join(" <-> ".join(c) for c in CIRCLES)


def _layer(module: str, game: str) -> int:
    head = (module[len(game) + 1:] or "__init__").split(".")[0] if module != game else "__init__"
    assert head in LAYERS, f"{module}: no layer for {head!r} (a module off the floor plan)"
    return LAYERS[head]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_imports_go_down_the_layers_of_a_game(game: str) -> None:
    prefix = f"civtable.games.{game}"
    graph = cycles.graph(CIVTABLE)
    upward = []
    for module, targets in graph.items():
        if module != prefix and not module.startswith(prefix + "."):
            continue
        for target in targets:
            if not target.startswith(prefix + "."):
                continue
            pair = (module.removeprefix("civtable.games."), target.removeprefix("civtable.games."))
            if _layer(target, prefix) > _layer(module, prefix) and pair not in LAYER_EXCEPTIONS:
                upward.append(f"{pair[0]} -> {pair[1]}")
    assert not upward, "imports up the layers: " + "; ".join(upward)


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


@pytest.mark.parametrize("game", sorted(GAMES))
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

"""The optional compiled build: which modules ``setup.py`` compiles with mypyc (the state,
rules and observation encoding of catan-deckbuilding, civ-card-game and Mega Civilization,
the events' journal that every game writes at every step, and the learning environments'
engine), and the switch back to their Python source.

The Python files are the source of these modules and stay next to their builds (C
extensions, ``*.so`` / ``*.pyd``). A build is used only when it was made from the
sources as they are now: ``setup.py`` records the SHA-256 of every source it compiled
(``BUILD_RECORD``), and ``use_build`` compares them at import. Otherwise, or with the
environment variable ``CIVTABLE_PURE`` set (to anything but ``""`` or ``0``), every one
of these modules is imported from its ``.py`` file: all or none, since compiled modules
call each other directly and share their classes.

What the compiled modules may do is mypyc's subset of Python: their classes derive
only from compiled classes (so ``CatanState`` and ``MegaState`` are registered as a ``State`` rather than
derived from it), their annotations are checked at run time (a parameter that takes
anything is annotated ``object``), module constants are ``Final`` (a variable-length
``tuple[int, ...]`` where indexed by a variable), and a method patched at run time is
not seen by compiled callers.

This module must import nothing but the standard library: ``setup.py`` reads
``MODULES`` from it before civtable is installed.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

FIRST: tuple[str, ...] = (
    "civtable/core/events.py",
    "civtable/envs/engine.py",
    "civtable/games/catan_deckbuilding/encode.py",
    "civtable/games/catan_deckbuilding/options.py",
    "civtable/games/catan_deckbuilding/state.py",
    "civtable/games/catan_deckbuilding/rules/__init__.py",
    "civtable/games/catan_deckbuilding/rules/attacks.py",
    "civtable/games/catan_deckbuilding/rules/base.py",
    "civtable/games/catan_deckbuilding/rules/main.py",
    "civtable/games/catan_deckbuilding/rules/payment.py",
    "civtable/games/catan_deckbuilding/rules/turn.py",
    "civtable/games/civ_card_game/encode.py",
    "civtable/games/civ_card_game/options.py",
    "civtable/games/civ_card_game/state.py",
    "civtable/games/civ_card_game/rules/__init__.py",
    "civtable/games/civ_card_game/rules/collect.py",
    "civtable/games/civ_card_game/rules/combat.py",
    "civtable/games/civ_card_game/rules/defense.py",
    "civtable/games/civ_card_game/rules/draw.py",
    "civtable/games/civ_card_game/rules/end.py",
    "civtable/games/civ_card_game/rules/purchase.py",
    "civtable/games/civ_card_game/rules/setup.py",
    "civtable/games/civ_card_game/rules/status.py",
    "civtable/games/civ_card_game/rules/turn.py",
)
"""The compiled modules of the first group (``GROUP``)."""

MEGA_CIV: tuple[str, ...] = tuple(f"civtable/games/mega_civ/{name}.py" for name in (
    "state", "encode", "options", "rules/flow", "rules/movement", "rules/advances", "rules/growth",
    "rules/cards", "rules/conflict", "rules/surplus", "rules/selection", "rules/support", "rules/cities",
    "rules/tax", "rules/ast", "rules/special", "rules/resolution", "rules/population",
))
"""Mega Civilization's state, observation encoding and the rules of the phases random play
spends its time in (each measured: the rarer phases, trade, calamities and the set-up, stay
Python and cost their build time nowhere); a group of its own, built beside the first. The
package ``rules/__init__.py`` stays Python: a compiled package's ``__path__`` is wrong in an
editable install, so that its Python submodules could not be imported."""

GROUP = "civtable._compiled"
"""mypyc's group name: its shared library is ``civtable/_compiled__mypyc.*.so``."""

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = ((GROUP, FIRST), (GROUP + "_mega_civ", MEGA_CIV))
"""mypyc's groups: one shared library each (``<name>__mypyc.*.so``), compiled in parallel
(``setup.py``'s ``build_ext`` runs one compiler per core); calls within a group are direct."""

MODULES: tuple[str, ...] = FIRST + MEGA_CIV
"""Every compiled module, as paths from the project root (what ``mypycify`` takes)."""

BUILD_RECORD = "_compiled.json"
"""The record of a build, in the package directory: ``{"sources": {path: sha256}}``."""

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def module_name(path: str) -> str:
    """``civtable/games/x/rules/__init__.py`` -> ``civtable.games.x.rules``."""
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


NAMES = frozenset(module_name(p) for p in MODULES)


def digest(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def sources(root: str = ROOT) -> dict[str, str]:
    """The SHA-256 of every compiled module's source under ``root``."""
    return {p: digest(os.path.join(root, *p.split("/"))) for p in MODULES}


def built(path: str, root: str = ROOT) -> bool:
    """Whether the module at ``path`` has a C extension beside its source."""
    base = os.path.join(root, *path[:-3].split("/"))  # a package's: <package>/__init__.<suffix>
    return any(os.path.exists(base + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def native(file: str) -> bool:
    """Whether a module whose ``__file__`` is ``file`` runs compiled."""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def use_build(root: str = ROOT) -> tuple[bool, str]:
    """Whether the compiled modules are to be imported, and why not."""
    if os.environ.get("CIVTABLE_PURE", "") not in ("", "0"):
        return False, "CIVTABLE_PURE is set"
    present = [p for p in MODULES if built(p, root)]
    if not present:
        return False, "no compiled build"
    if len(present) < len(MODULES):
        return False, "the build is incomplete (" + ", ".join(sorted(set(MODULES) - set(present))) + " missing)"
    try:
        with open(os.path.join(root, "civtable", BUILD_RECORD), encoding="utf-8") as f:
            recorded = json.load(f)["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return False, f"the build has no record ({BUILD_RECORD})"
    changed = [p for p, h in sources(root).items() if recorded.get(p) != h]
    if changed:
        return False, "changed since the build: " + ", ".join(changed)
    return True, ""


class _Source:
    """A finder that imports the compiled modules from their ``.py`` files."""

    @classmethod
    def find_spec(cls, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in NAMES:
            return None
        base = os.path.join(ROOT, *fullname.split("."))
        if os.path.isdir(base):
            return importlib.util.spec_from_file_location(
                fullname, os.path.join(base, "__init__.py"), submodule_search_locations=[base])
        return importlib.util.spec_from_file_location(fullname, base + ".py")


ACTIVE = False
"""Whether the compiled modules are in use in this process (set by ``choose``)."""
REASON = ""


def choose() -> bool:
    """Decide once, before any of the modules is imported (``civtable/__init__.py``):
    the build, or the Python source for all of them. A stale build is reported as a
    warning (rebuild with ``pip install -e .``); ``CIVTABLE_PURE`` is silent."""
    global ACTIVE, REASON
    if any(name in sys.modules for name in NAMES):  # decided already (or imported by hand)
        return ACTIVE
    ACTIVE, REASON = use_build()
    if not ACTIVE and REASON != "no compiled build":
        if _Source not in sys.meta_path:
            sys.meta_path.insert(0, _Source)
        if REASON.startswith(("changed", "the build")):
            warnings.warn(f"civtable: the compiled modules are not used ({REASON}); "
                          "rebuild them with `pip install -e .`", RuntimeWarning, stacklevel=2)
    return ACTIVE

"""The optional compiled build: the modules listed in ``civtable/_compiled.py`` (the
state and rules of catan-deckbuilding, civ-card-game and Mega Civilization, the events'
journal) compiled with mypyc into C extensions (one per group of ``GROUPS``), beside
their Python source (issue 18: random play at 1.5x OpenSpiel's C++ Hearts driven from
Python, where the Python source plays at 0.5x). Everything else is in ``pyproject.toml``.

``pip install -e .`` (and a wheel build) compiles them when it can; when it cannot
(mypyc missing, the modules not type-checking, no C compiler), it says why and installs
the pure-Python package, which behaves the same. ``CIVTABLE_PURE=1`` at build time skips
the compilation; at run time it makes civtable import the Python source.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def _plan() -> Any:
    """``civtable/_compiled.py``, read on its own (civtable is not installed yet)."""
    spec = importlib.util.spec_from_file_location("_civtable_compiled", os.path.join(HERE, "civtable", "_compiled.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAN = _plan()


def _say(message: str) -> None:
    print(f"civtable: {message}", file=sys.stderr)


def ext_modules() -> list[Any]:
    if os.environ.get("CIVTABLE_PURE", "") not in ("", "0"):
        _say("CIVTABLE_PURE is set: the pure-Python package, nothing compiled")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not available (pip install mypy): the pure-Python package, nothing compiled")
        return []
    cwd = os.getcwd()
    os.chdir(HERE)  # mypycify takes paths from the project root and reads its mypy options
    try:
        return list(mypycify(list(PLAN.MODULES), opt_level="3",
                             separate=[(list(modules), name) for name, modules in PLAN.GROUPS]))
    except (Exception, SystemExit) as e:  # mypyc exits on a type error
        _say(f"mypyc could not compile the modules ({e!r}): the pure-Python package")
        return []
    finally:
        os.chdir(cwd)


class OptionalBuildExt(build_ext):
    """Builds the extensions, then records which sources they were built from (the
    record ``civtable/_compiled.py`` checks); a failed build leaves no record, and the
    package runs from its Python source."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:  # one compiler per core: mypyc's groups are built side by side
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as e:  # no C compiler, missing headers...
            _say(f"the C extensions could not be built ({e}): the pure-Python package")
            return
        record = json.dumps({"sources": PLAN.sources(HERE)}, indent=1, sort_keys=True) + "\n"
        targets = [os.path.join(self.build_lib, "civtable", PLAN.BUILD_RECORD)]
        if self.inplace or getattr(self, "editable_mode", False):
            targets.append(os.path.join(HERE, "civtable", PLAN.BUILD_RECORD))
        for target in targets:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as f:
                f.write(record)
        self._record = targets[0]

    def get_outputs(self) -> list[str]:
        out: list[str] = super().get_outputs()
        record = getattr(self, "_record", None)
        return [*out, record] if record else out


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})

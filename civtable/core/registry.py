"""The games civtable knows, found by the ``civtable.games`` entry-point group.

The core names no game: a game package declares itself in its distribution's
metadata (``[project.entry-points."civtable.games"]`` in ``pyproject.toml``:
``game-id = "package.module:GameClass"``), so a fifth game can live in a package
of its own. Modules are imported only when a game is first asked for.
``register_game`` adds a game at run time (tests, plugins not installed).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGameError
from .game import Game

GROUP = "civtable.games"

_extra: dict[str, str] = {}
_found: dict[str, str] | None = None


def _targets() -> dict[str, str]:
    global _found
    if _found is None:
        _found = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    return {**_found, **_extra}


def game_ids() -> list[str]:
    return sorted(_targets())


def game_class(game_id: str) -> type[Game]:
    targets = _targets()
    target = targets.get(game_id) if isinstance(game_id, str) else None
    if target is None:
        known = ", ".join(sorted(targets)) or "none (is civtable installed? pip install -e .)"
        shown = game_id if isinstance(game_id, str) and len(game_id) <= 60 else str(game_id)[:57] + "..."
        raise UnknownGameError(f"unknown game {shown!r}; known games: {known}")
    module, _, name = target.partition(":")
    cls = getattr(importlib.import_module(module), name)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"entry point {game_id} = {target} is not a civtable Game class")
    return cls


def target_of(game_id: str) -> str:
    """The ``"module:Class"`` a game id stands for (to register it in another process)."""
    game_class(game_id)
    return _targets()[game_id]


def load_game(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` with the given rule variants (``players=`` among them)."""
    return game_class(game_id)(**options)


def register_game(game_id: str, target: str) -> None:
    """Make a game known by id without installing it (plugins under development, test
    games). ``target`` is ``"module:Class"``, imported when the game is first asked for."""
    module, sep, name = target.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"register_game needs a 'module:Class' target, not {target!r}")
    _extra[game_id] = target

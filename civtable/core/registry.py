"""The games civtable knows, imported only when asked for."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGameError
from .game import Game

_GAMES: dict[str, str] = {
    "catan-deckbuilding": "civtable.games.catan_deckbuilding.game:CatanDeckBuilding",
    "civ-card-game": "civtable.games.civ_card_game.game:CivCardGame",
    "civ-solo": "civtable.games.civ_solo.game:CivSolo",
    "mega-civ": "civtable.games.mega_civ.game:MegaCiv",
}


def game_ids() -> list[str]:
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game]:
    target = _GAMES.get(game_id)
    if target is None:
        known = ", ".join(game_ids())
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


def load_game(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` with the given rule variants (``players=`` among them)."""
    return game_class(game_id)(**options)


def register_game(game_id: str, target: str) -> None:
    """Make a game known by id without editing this file (plugins, test games).

    ``target`` is ``"module:Class"``; the module is imported only when the game is
    first asked for, like the built-in games.
    """
    module, sep, name = target.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"register_game needs a 'module:Class' target, not {target!r}")
    _GAMES[game_id] = target

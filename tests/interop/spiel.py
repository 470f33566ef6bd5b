"""Shared by the OpenSpiel tests: the games as OpenSpiel loads them, and random play
through OpenSpiel's API. Skips the module when OpenSpiel is not installed
(``pip install civtable[openspiel]``; ``make test`` installs it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]' (make test installs it)")

from civtable.core.registry import register_game  # noqa: E402
from civtable.interop import openspiel  # noqa: E402

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")
openspiel.register("toy-nim")

SHORT = {
    "catan-deckbuilding": "civtable_catan_deckbuilding(max_turns=30)",
    "civ-card-game": "civtable_civ_card_game(players=3,max_turns=20)",
    "civ-solo": "civtable_civ_solo",
    "mega-civ": "civtable_mega_civ(strict_ast_order=A,last_turn=3)",
    "toy-nim": "civtable_toy_nim(opening=bid)",
}
"""One quick game of each (a few hundred moves at most), simultaneous nodes included
(Mega Civilization with strict-ast-order A, the toy game's opening bid)."""


def load(text: str) -> Any:
    return pyspiel.load_game(text)


def random_joint(state: Any, rng: np.random.RandomState) -> list[int]:
    """A random action for every player with legal actions (0 for the others)."""
    out = []
    for p in range(state.num_players()):
        legal = state.legal_actions(p)
        out.append(int(rng.choice(legal)) if legal else 0)
    return out


def play_random(state: Any, rng: np.random.RandomState, moves: int = 10**6) -> Iterator[Any]:
    """The states of a random game from ``state`` (changed in place), before each move."""
    for _ in range(moves):
        if state.is_terminal():
            return
        yield state
        if state.is_simultaneous_node():
            state.apply_actions(random_joint(state, rng))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))

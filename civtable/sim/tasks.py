"""A batch's games and how they are played, for the process pool (``pool.py``) and Ray
(``rayrun.py``) alike: a game is fixed by its bots and its seed (``Task``), workers
play chunks of game indices (``chunks``, ``play_chunk``) and report each result
(``OnResult``) and how many are done (``Progress``). Both backends import this
module; neither imports the other's (the pool calls Ray only when asked)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from civtable.core.registry import load_game

from .runner import GameResult, play_game

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` whenever games finish."""


OnResult = Callable[[int, GameResult], None]
"""Called with each game's index and result as soon as it is known (in any order)."""


@dataclass(frozen=True)
class Task:
    """One game of a batch: a bot spec per seat and the game's seed."""

    specs: tuple[str, ...]
    seed: int
    give: tuple[str, int | None] | None = None
    """``(item, seat)``: the game starts with ``Game.give_item`` (``civtable value``)."""


def chunks(n: int, workers: int) -> Iterator[range]:
    """Small enough chunks to balance the load and show progress, big enough to be cheap."""
    size = max(1, min(64, math.ceil(n / (workers * 8))))
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def play_chunk(game_id: str, options: dict[str, Any], tasks: list[Task], max_steps: int | None,
                keep_moves: bool) -> list[GameResult]:
    game = load_game(game_id, **options)
    return [play_game(game, list(t.specs), t.seed, max_steps, keep_moves=keep_moves, give=t.give) for t in tasks]

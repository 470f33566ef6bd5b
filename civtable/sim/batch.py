"""Batches of games, in one process or many, with results that do not depend on which.

Game ``i`` of a batch uses seed ``derive_seed(seed, i)`` and fresh agents, so its
outcome is fixed by the master seed and its index; workers get chunks of indices
and the results are put back in index order.
"""

from __future__ import annotations

import math
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from civtable.agents import make_agent
from civtable.core.errors import CivtableError
from civtable.core.registry import game_class, load_game, register_game
from civtable.core.rng import derive_seed

from .runner import GameResult, load_game_for, play_game

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` whenever games finish."""


@dataclass
class BatchResult:
    """Every game of a batch, in index order, and how long the batch took."""

    game: str
    options: dict[str, Any]
    players: list[str]
    games: int
    seed: int
    workers: int
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    max_steps: int | None = None


def _chunks(n: int, workers: int) -> Iterator[range]:
    """Small enough chunks to balance the load and show progress, big enough to be cheap."""
    size = max(1, min(64, math.ceil(n / (workers * 8))))
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def _init_worker(game_id: str, target: str) -> None:
    """Workers leave Ctrl-C to the parent and know the game even under 'spawn'."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    register_game(game_id, target)


def _run_chunk(
    game_id: str,
    options: dict[str, Any],
    specs: list[str],
    seed: int,
    indices: range,
    max_steps: int | None,
    keep_records: bool,
) -> list[GameResult]:
    game = load_game(game_id, **options)
    return [
        play_game(game, specs, derive_seed(seed, i), max_steps, keep_moves=keep_records)
        for i in indices
    ]


def simulate(
    game_id: str,
    options: dict[str, Any],
    agent_specs: list[str],
    games: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    keep_records: bool = False,
    max_steps: int | None = None,
) -> BatchResult:
    """Play ``games`` games of ``game_id`` between the bots ``agent_specs`` (one per seat).

    The results are the same for any number of ``workers``. Bad options or bot
    names raise ``CivtableError`` here, before any worker starts.
    """
    if games < 1:
        raise CivtableError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise CivtableError(f"the number of workers must be at least 1, not {workers}")
    if max_steps is not None and max_steps < 1:
        raise CivtableError(f"the step limit must be at least 1, not {max_steps}")
    game = load_game_for(game_id, options, len(agent_specs))
    for spec in agent_specs:
        make_agent(spec, game)  # fail now on a bad bot name rather than in a worker
    resolved = dict(game.options)
    workers = min(workers, games)
    batch = BatchResult(game_id, resolved, list(agent_specs), games, seed, workers, max_steps=max_steps)
    start = time.perf_counter()
    if workers == 1:
        results = []
        for chunk in _chunks(games, 1):
            results.extend(_run_chunk(game_id, resolved, batch.players, seed, chunk, max_steps, keep_records))
            if progress is not None:
                progress(len(results), games)
    else:
        results = _run_parallel(batch, keep_records, progress)
    batch.results = results
    batch.seconds = time.perf_counter() - start
    return batch


def _run_parallel(batch: BatchResult, keep_records: bool, progress: Progress | None) -> list[GameResult]:
    cls = game_class(batch.game)
    target = f"{cls.__module__}:{cls.__qualname__}"
    slots: list[GameResult | None] = [None] * batch.games
    done = 0
    pool = ProcessPoolExecutor(batch.workers, initializer=_init_worker, initargs=(batch.game, target))
    try:
        pending: dict[Future[list[GameResult]], range] = {
            pool.submit(
                _run_chunk, batch.game, batch.options, batch.players, batch.seed, chunk,
                batch.max_steps, keep_records,
            ): chunk
            for chunk in _chunks(batch.games, batch.workers)
        }
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                chunk = pending.pop(fut)
                for i, result in zip(chunk, fut.result(), strict=True):
                    slots[i] = result
                done += len(chunk)
                if progress is not None:
                    progress(done, batch.games)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return [r for r in slots if r is not None]


def _stop(pool: ProcessPoolExecutor) -> None:
    """After Ctrl-C or a failure, end the workers at once instead of letting them play
    the chunks already queued (the executor has no public way to do this)."""
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)

"""The one process pool behind ``simulate`` and ``ladder``.

A batch is a list of games, each fixed by its bots and its seed; workers get
chunks of game indices and the results are put back in index order, so they do
not depend on the number of workers. Workers leave Ctrl-C to the parent and know
the game even when started with 'spawn'; after a failure or Ctrl-C they are ended
at once instead of playing the chunks already queued.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from civtable.core.errors import CivtableError
from civtable.core.registry import register_game, target_of

from .runner import GameResult
from .tasks import OnResult, Progress, Task, chunks, play_chunk

PR_SET_PDEATHSIG = 1


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) in the middle of a batch: ``results`` holds the games
    finished so far, by task index, for figures marked partial."""

    def __init__(self, results: dict[int, GameResult]) -> None:
        super().__init__()
        self.results = results


def _init_worker(game_id: str, target: str, parent: int) -> None:
    """A worker leaves Ctrl-C to the parent, knows the game under 'spawn', and ends
    when its parent does (even a parent killed with SIGKILL)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    register_game(game_id, target)
    with contextlib.suppress(OSError, AttributeError):  # Linux: the kernel signals us when the parent dies
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(1)


def play_many(game_id: str, options: dict[str, Any], tasks: Sequence[Task], workers: int = 1,
              progress: Progress | None = None, max_steps: int | None = None,
              keep_moves: bool = False, on_result: OnResult | None = None,
              backend: str = "process", address: str | None = None, keep_results: bool = True) -> list[GameResult]:
    """Play every task (in this process when ``workers`` is 1, in a process pool, or on a
    Ray cluster with ``backend="ray"``); results in task order, the same on every backend.
    With ``keep_results=False`` each result is only handed to ``on_result`` (in any
    order) and none is kept: the list returned, and ``Interrupted.results``, are empty."""
    got: dict[int, GameResult] = {}

    def keep(i: int, result: GameResult) -> None:
        if keep_results:
            got[i] = result
        if on_result is not None:
            on_result(i, result)

    try:
        if backend == "ray":
            from .rayrun import play_on_ray

            return play_on_ray(game_id, options, tasks, workers, progress, max_steps, keep_moves, keep, address,
                               keep_results)
        if backend != "process":
            raise CivtableError(f"unknown backend {backend!r}; backends: process, ray")
        return _play_local(game_id, options, tasks, workers, progress, max_steps, keep_moves, keep, keep_results)
    except KeyboardInterrupt:
        raise Interrupted(got) from None


def _play_local(game_id: str, options: dict[str, Any], tasks: Sequence[Task], workers: int,
                progress: Progress | None, max_steps: int | None, keep_moves: bool,
                on_result: OnResult, keep_results: bool = True) -> list[GameResult]:
    total = len(tasks)
    if workers <= 1 or total <= 1:
        results: list[GameResult] = []
        done = 0
        for chunk in chunks(total, 1):
            found = play_chunk(game_id, options, [tasks[i] for i in chunk], max_steps, keep_moves)
            for i, result in zip(chunk, found, strict=True):
                on_result(i, result)
            if keep_results:
                results.extend(found)
            done += len(found)
            if progress is not None:
                progress(done, total)
        return results
    slots: list[GameResult | None] = [None] * total if keep_results else []
    done = 0
    pool = ProcessPoolExecutor(min(workers, total), initializer=_init_worker,
                               initargs=(game_id, target_of(game_id), os.getpid()))
    try:
        pending: dict[Future[list[GameResult]], range] = {
            pool.submit(play_chunk, game_id, options, [tasks[i] for i in chunk], max_steps, keep_moves): chunk
            for chunk in chunks(total, workers)
        }
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                chunk = pending.pop(fut)
                for i, result in zip(chunk, fut.result(), strict=True):
                    if keep_results:
                        slots[i] = result
                    on_result(i, result)
                done += len(chunk)
                if progress is not None:
                    progress(done, total)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return [r for r in slots if r is not None]


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers at once (the executor has no public way to do this)."""
    processes: dict[int, Any] = vars(pool).get("_processes") or {}
    for process in list(processes.values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)

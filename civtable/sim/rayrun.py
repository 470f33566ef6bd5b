"""Batches on a Ray cluster (``--backend ray``): the same chunks of games as the
process pool, shipped to Ray workers; results put back in task order, so the
figures are exactly those of the single-process run for the same seed.

Ray is an optional extra (``pip install -e '.[ray]'``). Without ``--address`` a
local Ray instance is started with ``workers`` CPUs; with it, the command joins
an existing cluster (``ray start --head`` on one machine, ``ray start
--address=HEAD:6379`` on the others, civtable installed on every machine).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from civtable.core.errors import CivtableError
from civtable.core.registry import target_of

from .runner import GameResult
from .tasks import OnResult, Progress, Task, chunks


def _remote_chunk(game_id: str, target: str, options: dict[str, Any], tasks: list[Task], max_steps: int | None,
                  keep_moves: bool) -> list[GameResult]:
    from civtable.core.registry import register_game

    from .tasks import play_chunk

    register_game(game_id, target)
    return play_chunk(game_id, options, tasks, max_steps, keep_moves)


def play_on_ray(game_id: str, options: dict[str, Any], tasks: Sequence[Task], workers: int,
                progress: Progress | None, max_steps: int | None, keep_moves: bool, on_result: OnResult | None,
                address: str | None, keep_results: bool = True) -> list[GameResult]:
    try:
        import ray
    except ImportError:
        raise CivtableError("the ray backend needs Ray: pip install -e '.[ray]'") from None
    started = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, log_to_driver=False, logging_level="ERROR")
            else:
                ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False,
                         logging_level="ERROR")
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise CivtableError(f"cannot reach the Ray cluster{' at ' + address if address else ''}: "
                                f"{str(e).splitlines()[0][:200]}") from None
        started = True
    try:
        remote = ray.remote(_remote_chunk)
        target = target_of(game_id)
        slots: list[GameResult | None] = [None] * len(tasks) if keep_results else []
        pending = {remote.remote(game_id, target, options, [tasks[i] for i in chunk], max_steps, keep_moves): chunk
                   for chunk in chunks(len(tasks), max(1, workers))}
        done = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                chunk = pending.pop(ref)
                for i, result in zip(chunk, ray.get(ref), strict=True):
                    if keep_results:
                        slots[i] = result
                    if on_result is not None:
                        on_result(i, result)
                done += len(chunk)
                if progress is not None:
                    progress(done, len(tasks))
        return [r for r in slots if r is not None]
    except BaseException:
        if started:
            ray.shutdown()
            started = False
        raise
    finally:
        if started:
            ray.shutdown()

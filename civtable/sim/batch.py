"""Batches of games, in one process or many, with results that do not depend on which.

Game ``i`` of a batch uses seed ``derive_seed(seed, i)`` and fresh agents, so its
outcome is fixed by the master seed and its index; workers get chunks of indices
and the results are put back in index order.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from civtable.agents import make_agent
from civtable.core.errors import CivtableError
from civtable.core.game import Game
from civtable.core.rng import derive_seed

from .pool import Interrupted, play_many
from .runner import GameResult, load_game_for
from .tally import Tally
from .tasks import OnResult, Progress, Task


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
    partial: bool = False
    """Interrupted: ``results`` holds only the games finished (``games`` were planned)."""
    tally: Tally | None = None
    """The games as running totals when the batch was played with ``keep_results=False``
    (``results`` is then empty); ``summarise`` reads whichever there is."""


def _counting(tally: Tally, then: OnResult | None) -> OnResult:
    """Each result counted into ``tally``, then handed to ``then``."""

    def on_result(i: int, result: GameResult) -> None:
        tally.add(result)
        if then is not None:
            then(i, result)

    return on_result


def check_batch(game_id: str, options: dict[str, Any], agent_specs: list[str], games: int, workers: int = 1,
                max_steps: int | None = None) -> Game:
    """The game of a batch, after checking everything that could fail in a worker."""
    if games < 1:
        raise CivtableError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise CivtableError(f"the number of workers must be at least 1, not {workers}")
    if max_steps is not None and max_steps < 1:
        raise CivtableError(f"the step limit must be at least 1, not {max_steps}")
    game = load_game_for(game_id, options, len(agent_specs))
    for spec in agent_specs:
        make_agent(spec, game)  # fail now on a bad bot name rather than in a worker
    return game


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
    on_result: OnResult | None = None,
    backend: str = "process",
    address: str | None = None,
    give: tuple[str, int | None] | None = None,
    keep_results: bool = True,
) -> BatchResult:
    """Play ``games`` games of ``game_id`` between the bots ``agent_specs`` (one per seat).

    The results are the same for any number of ``workers``. Bad options or bot
    names raise ``CivtableError`` here, before any worker starts. With
    ``keep_results=False`` no game is kept: each is counted into ``batch.tally`` as
    it ends (and handed to ``on_result``), so that the memory does not grow with the
    number of games; the summary is the same.
    """
    game = check_batch(game_id, options, agent_specs, games, workers, max_steps)
    resolved = dict(game.options)
    workers = min(workers, games)
    batch = BatchResult(game_id, resolved, list(agent_specs), games, seed, workers, max_steps=max_steps)
    start = time.perf_counter()
    specs = tuple(batch.players)
    tasks = [Task(specs, derive_seed(seed, i), give) for i in range(games)]
    if not keep_results:
        batch.tally = tally = Tally(len(specs), specs)
        on_result = _counting(tally, on_result)
    try:
        results = play_many(game_id, resolved, tasks, workers, progress, max_steps, keep_records, on_result,
                            backend=backend, address=address, keep_results=keep_results)
    except Interrupted as e:
        if not (e.results or (batch.tally is not None and batch.tally.games)):
            raise
        results = [e.results[i] for i in sorted(e.results)]
        batch.partial = True
    batch.results = results
    batch.seconds = time.perf_counter() - start
    return batch

"""Simulation on a local Ray instance gives exactly the process pool's results."""

from __future__ import annotations

import pytest

from civtable.core.registry import register_game
from civtable.sim.batch import simulate
from civtable.sim.stats import TIMING_KEYS, summarise

pytest.importorskip("ray", reason="the ray extra is not installed (pip install -e '.[ray]')")
register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


def figures(backend: str, workers: int) -> dict:
    batch = simulate("catan-deckbuilding", {}, ["greedy", "random"], 24, seed=9, workers=workers, backend=backend,
                     keep_records=True)
    summary = {k: v for k, v in summarise(batch).items() if k not in TIMING_KEYS}
    summary["moves"] = [r.moves for r in batch.results]
    return summary


def test_ray_gives_the_process_pools_results() -> None:
    assert figures("ray", 2) == figures("process", 2) == figures("process", 1)

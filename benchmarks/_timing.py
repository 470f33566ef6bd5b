"""What the benchmarks share: rates in CPU time, random play, and measuring another tree
(a git revision's ``civtable``) in a child process.

Only the standard library at the top: ``bench_openspiel.py`` imports this module in
OpenSpiel's own environment too, where ``civtable`` is not installed.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- rates
def run_for(fn: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Calls ``fn`` (which returns how many operations it did) until about ``seconds`` of
    CPU time have passed (``time.process_time``); the operations done and the CPU time."""
    done = 0
    start = time.process_time()
    while True:
        done += fn()
        cpu = time.process_time() - start
        if cpu >= seconds:
            return done, cpu


def timed(fn: Callable[[], int], seconds: float) -> float:
    """Operations per CPU second of ``fn`` (which returns how many it did), run for ~seconds."""
    done, cpu = run_for(fn, seconds)
    return done / cpu


def random_moves(state: Any, pick: Callable[[int], int], limit: int | None = None) -> int:
    """Plays uniformly random legal moves in a ``civtable`` state (the first player to
    move decides; ``pick(n)`` chooses an index below ``n``, e.g. ``Rng.below``) until the
    game is over, or ``limit`` moves; returns how many it made."""
    steps = 0
    while not state.is_terminal() and (limit is None or steps < limit):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[pick(len(legal))])
        steps += 1
    return steps


def random_games(game: Any, seconds: float, silent: bool, pick: Callable[[int], int]) -> float:
    """Random decision steps per CPU second over whole games of ``game`` from fresh seeds
    1, 2, ... (making a new game counts in the time), silent (``state.silence()``, as bots
    play) or with the events recorded."""
    seed = [0]

    def one_game() -> int:
        seed[0] += 1
        s = game.new_state(seed=seed[0])
        if silent:
            s.silence()
        return random_moves(s, pick)

    return timed(one_game, seconds)


def spread(values: list[float]) -> dict[str, float]:
    """Min, median and max."""
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def summary(values: list[float], fmt: str) -> str:
    """``min / median / max``, each formatted with ``fmt``."""
    return " / ".join(format(v, fmt) for v in spread(values).values())


# ---------------------------------------------------------------- another tree
def baseline_tree(rev: str) -> Path:
    """A directory holding the ``civtable`` package of ``rev``: ``rev`` itself when it is
    such a directory, else the revision exported with ``git archive``."""
    if Path(rev, "civtable").is_dir():
        return Path(rev).resolve()
    out = Path(tempfile.mkdtemp(prefix="civtable-baseline-"))
    archive = subprocess.run(["git", "archive", rev, "civtable"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive.stdout, check=True)
    return out


def run_in(tree: Path, script: str, job: dict[str, Any]) -> dict[str, Any]:
    """What ``script --worker JOB`` prints last (a JSON object), run in a child process
    importing ``civtable`` from ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, script, "--worker", json.dumps(job)], env=env, cwd=tree,
                          check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result

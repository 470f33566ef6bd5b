"""Games per second on the process pool and on a local Ray instance (a measurement).

    python benchmarks/bench_ray.py [--games 400]

Plays the same batch of greedy-vs-greedy catan-deckbuilding games with 1 and 2
workers on each backend, checks that every run gives the same figures, and reports
games/s and Ray's overhead per game against the process pool.
"""

from __future__ import annotations

import argparse
import time

from civtable.sim.batch import simulate
from civtable.sim.stats import TIMING_KEYS, summarise


def run(backend: str, workers: int, games: int) -> tuple[float, dict]:
    start = time.perf_counter()
    batch = simulate("catan-deckbuilding", {}, ["greedy", "greedy"], games, seed=5, workers=workers, backend=backend)
    seconds = time.perf_counter() - start
    return seconds, {k: v for k, v in summarise(batch).items() if k not in TIMING_KEYS}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    a = ap.parse_args()
    results = {}
    for backend in ("process", "ray"):
        for workers in (1, 2):
            seconds, figures = run(backend, workers, a.games)
            results[backend, workers] = (seconds, figures)
            print(f"{backend:<8} {workers} worker(s): {a.games / seconds:7.1f} games/s ({seconds:.1f} s, "
                  "Ray's start included)" if backend == "ray" else
                  f"{backend:<8} {workers} worker(s): {a.games / seconds:7.1f} games/s ({seconds:.1f} s)")
    base = results["process", 1][1]
    assert all(f == base for _, f in results.values()), "a backend gave other figures"
    for workers in (1, 2):
        extra = (results["ray", workers][0] - results["process", workers][0]) / a.games
        print(f"Ray's overhead with {workers} worker(s): {1000 * extra:+.1f} ms per game")
    print("every run gave the same figures")


if __name__ == "__main__":
    main()

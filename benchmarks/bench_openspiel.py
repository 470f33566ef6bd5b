"""catan-deckbuilding against OpenSpiel's C++ Hearts driven from Python, on one core.

    python benchmarks/bench_openspiel.py [--rounds 7] [--seconds 2] [--baseline REV] [--json FILE]

A measurement, not a test. OpenSpiel is not a dependency of civtable: it lives in
its own virtual environment, ``benchmarks/.venv-openspiel``, which this script makes
the first time (``python -m venv`` and ``pip install open_spiel``; ``--setup`` only
makes it). Three kinds of worker process answer timed requests, one at a time and
pinned to the same core, so that they never run together and a shared machine slows
all of them alike:

- ``hearts``: OpenSpiel's Hearts (C++) in the OpenSpiel environment;
- ``civtable``: catan-deckbuilding from this tree;
- ``baseline`` (with ``--baseline REV``, a git revision or a directory holding a
  ``civtable`` package): catan-deckbuilding of that revision, for before/after.

Each round asks every worker in turn (the order rotates) for its figures and divides
catan's by Hearts' of the same round; the ratios are reported min/median/max over
the rounds. Times are CPU times (``time.process_time``).

The loops are the same for both games: whole games from fresh seeds (the new game
included in the time), and at each step ``is_terminal``, who moves, the legal actions,
a uniform choice (``legal[int(random() * len(legal))]``, the same generator in both) and
``apply``. Hearts' chance nodes (the deal, the passing direction: uniform) are driven
the same way and not counted: only decisions are. Catan is measured silent (as bots
play it: ``state.silence()``, no events recorded) and with its events recorded.
Clones are of mid-game positions (catan: 60 random steps in; Hearts: after the deal
and 20 moves).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

from _timing import baseline_tree, run_for, spread  # the same directory (only the standard library)

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv-openspiel"
MEASURES = ("steps_silent", "steps_events", "clones")
LABELS = {"steps_silent": "steps/s, silent", "steps_events": "steps/s, events", "clones": "clones/s"}


# ---------------------------------------------------------------- the workers
def _timed(fn: Any, seconds: float) -> dict[str, float]:
    """Run ``fn`` (returning how many operations it did) for about ``seconds`` of CPU."""
    done, cpu = run_for(fn, seconds)
    return {"ops": done, "cpu": cpu, "rate": done / cpu}


class _Positions:
    """Mid-game positions of a game, cloned by the ``clones`` measure."""

    positions: list[Any]

    def clones(self) -> int:
        for s in self.positions:
            s.clone()
        return len(self.positions)


class CatanWorker(_Positions):
    def __init__(self) -> None:
        import random

        import civtable

        self.game = civtable.load_game("catan-deckbuilding")
        self.random = random.Random(1).random
        self.seed = 0
        self.positions = self._midgame(50)

    def _midgame(self, n: int) -> list[Any]:
        rnd = self.random
        out = []
        for seed in range(n):
            s = self.game.new_state(seed=10_000 + seed)
            for _ in range(60):
                if s.is_terminal():
                    break
                p = s.to_move()[0]
                legal = s.legal_actions(p)
                s.apply(p, legal[int(rnd() * len(legal))])
            out.append(s)
        return out

    def steps(self, silent: bool) -> int:
        """One whole game of random decisions; returns the number of decisions."""
        rnd = self.random
        self.seed += 1
        s = self.game.new_state(seed=self.seed)
        if silent:
            s.silence()
        steps = 0
        while not s.is_terminal():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[int(rnd() * len(legal))])
            steps += 1
        return steps

class HeartsWorker(_Positions):
    def __init__(self) -> None:
        import random

        import pyspiel  # type: ignore[import-not-found]

        self.game = pyspiel.load_game("hearts")
        self.random = random.Random(1).random
        self.positions = self._midgame(50)

    def _midgame(self, n: int) -> list[Any]:
        rnd = self.random
        out = []
        for _ in range(n):
            s = self.game.new_initial_state()
            moves = 0
            while s.is_chance_node() or moves < 20:
                if not s.is_chance_node():
                    moves += 1
                legal = s.legal_actions()
                s.apply_action(legal[int(rnd() * len(legal))])
            out.append(s)
        return out

    def steps(self, silent: bool) -> int:
        rnd = self.random
        s = self.game.new_initial_state()
        steps = 0
        while not s.is_terminal():
            p = s.current_player()
            legal = s.legal_actions()
            s.apply_action(legal[int(rnd() * len(legal))])
            if p >= 0:  # a decision (chance nodes: -1)
                steps += 1
        return steps

def worker(kind: str, cpu: int) -> None:
    """Answer ``MEASURE SECONDS`` lines with a JSON line of figures."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {cpu})
    w: CatanWorker | HeartsWorker = HeartsWorker() if kind == "hearts" else CatanWorker()
    print(json.dumps({"ready": kind, "python": platform.python_version()}), flush=True)
    for line in sys.stdin:
        what, seconds = line.split()
        if what == "clones":
            out = _timed(w.clones, float(seconds))
        else:
            silent = what == "steps_silent"
            out = _timed(lambda silent=silent: w.steps(silent), float(seconds))
        print(json.dumps(out), flush=True)


# ---------------------------------------------------------------- the driver
def ensure_venv() -> Path:
    """The OpenSpiel environment's interpreter, made (once) if missing."""
    python = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        print(f"making {VENV} (pip install open_spiel) ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "open_spiel"], check=True)
    return python


class Worker:
    def __init__(self, name: str, python: str, kind: str, cpu: int, path: Path | None = None) -> None:
        env = dict(os.environ)
        if path is not None:
            env["PYTHONPATH"] = str(path)
        self.name = name
        self.proc = subprocess.Popen(
            [python, str(Path(__file__).resolve()), "--worker", kind, "--cpu", str(cpu)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=str(HERE))
        self.hello = self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"worker {self.name} stopped")
        return dict(json.loads(line))

    def ask(self, measure: str, seconds: float) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{measure} {seconds}\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement and worker")
    ap.add_argument("--baseline", help="a git revision (or a directory with a civtable package) to measure too")
    ap.add_argument("--cpu", type=int, help="the core to pin the workers to (default: the last one)")
    ap.add_argument("--measures", default=",".join(MEASURES),
                    help="what to measure, of %(default)s (steps_silent comes first whatever the order)")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--setup", action="store_true", help="only make the OpenSpiel environment")
    ap.add_argument("--worker", choices=("hearts", "civtable"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    cpu = a.cpu if a.cpu is not None else max(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 0
    if a.worker:
        worker(a.worker, cpu)
        return
    python = ensure_venv()
    if a.setup:
        return
    workers = [Worker("hearts", str(python), "hearts", cpu), Worker("civtable", sys.executable, "civtable", cpu)]
    if a.baseline:
        workers.append(Worker("baseline", sys.executable, "civtable", cpu, baseline_tree(a.baseline)))
    measures = [m for m in MEASURES if m in a.measures.split(",")]
    if "steps_silent" not in measures:
        measures.insert(0, "steps_silent")
    rates: dict[str, dict[str, list[float]]] = {w.name: {m: [] for m in measures} for w in workers}
    try:
        for r in range(a.rounds):
            order = workers[r % len(workers):] + workers[:r % len(workers)]
            for m in measures:
                for w in order:
                    if w.name == "hearts" and m == "steps_events":
                        continue  # OpenSpiel records nothing
                    rates[w.name][m].append(w.ask(m, a.seconds)["rate"])
            line = "  ".join(f"{w.name} {rates[w.name]['steps_silent'][-1]:,.0f}" for w in workers)
            print(f"round {r + 1}/{a.rounds}: decision steps/s {line}", file=sys.stderr)
    finally:
        for w in workers:
            w.close()
    hearts = rates["hearts"]
    figures: dict[str, Any] = {
        "python": platform.python_version(), "machine": platform.machine(), "cpu": cpu,
        "rounds": a.rounds, "seconds": a.seconds, "baseline": a.baseline,
        "hearts": {m: spread(v) for m, v in hearts.items() if v},
    }
    print(f"{'':<34}{'min':>12}{'median':>12}{'max':>12}")

    def row(label: str, values: list[float], fmt: str = "{:,.0f}") -> None:
        s = spread(values)
        print(f"{label:<34}" + "".join(f"{fmt.format(s[k]):>12}" for k in ("min", "median", "max")))

    row("hearts decision steps/s", hearts["steps_silent"])
    if "clones" in hearts:
        row("hearts clones/s", hearts["clones"])
    for w in workers[1:]:
        mine = rates[w.name]
        ratios = {m: [c / h for c, h in zip(mine[m], hearts["clones" if m == "clones" else "steps_silent"],
                                             strict=True)] for m in measures}
        figures[w.name] = {m: spread(v) for m, v in mine.items()}
        figures[w.name]["ratio_to_hearts"] = {m: spread(v) for m, v in ratios.items()}
        for m in measures:
            row(f"{w.name} {LABELS[m]}", mine[m])
        for m in measures:
            row(f"{w.name} / hearts, {LABELS[m]}", ratios[m], "{:.2f}")
    if a.baseline:
        for m in measures:
            after = [n / b for n, b in zip(rates["civtable"][m], rates["baseline"][m], strict=True)]
            figures.setdefault("civtable_over_baseline", {})[m] = spread(after)
            row(f"civtable / baseline, {LABELS[m]}", after, "{:.2f}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)


if __name__ == "__main__":
    main()

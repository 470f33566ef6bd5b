"""Memory: bytes per state and peak RSS per game, and RSS over a long ``simulate``.

    python benchmarks/bench_memory.py [--games catan-deckbuilding,civ-card-game,...]
    python benchmarks/bench_memory.py --simulate catan-deckbuilding --players greedy,greedy \\
                                      --count 10000 [--every 500]

A measurement, not a test (Linux: RSS is read from ``/proc``). For each game, in
mid-game positions (a greedy game replayed to half its length, five seeds):

- ``pickle``: bytes of a silent state pickled without what it shares with every
  state of its game (the ``Game``, rule tables, boards, catalogs, action objects:
  whatever existed before it was read from JSON); ``json``: bytes of its compact
  ``to_json``;
- ``clone``: bytes that one more ``clone()`` holds (``tracemalloc``; what a search
  pays per sample, action objects and tables being shared);
- ``from json``: bytes of a state read back with ``state_from_json`` (a position
  loaded on its own);
- ``record``: bytes a finished greedy game holds with every event it recorded;
- ``RSS``: the process's resident memory after importing the game, and its peak
  (``VmHWM``) after playing the games with greedy bots and one search decision
  (``mcts:iterations=20``) in the middle of each, each game measured in a fresh process.

``--simulate`` plays a batch in this process (one core) as ``civtable simulate``
does (each game counted into the batch's running totals as it ends, none kept) and
samples the RSS every ``--every`` games, with the bytes the totals hold: the RSS
should stay flat after the first games. ``--keep`` keeps every game's result, as
``simulate`` did before (and ``compare`` and ``value`` still do, which pair games):
the RSS then grows by what they hold. With ``--drop`` the same games are played one
by one through ``play_game`` and each result is dropped.

``--quick`` (``make bench``): the state sizes of the smaller games with two seeds,
and the RSS over a 2,000-game ``simulate`` of catan-deckbuilding.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import pickle
import platform
import statistics
import subprocess
import sys
import time
import tracemalloc
from typing import Any

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.game import Game
from civtable.core.state import State

GAMES: dict[str, dict[str, Any]] = {
    "catan-deckbuilding": {},
    "civ-card-game/2": {"players": 2},
    "civ-card-game/4": {"players": 4},
    "mega-civ/5-small": {"players": 5, "map": "small"},
    "mega-civ/18-full": {"players": 18, "map": "full"},
    "civ-solo": {},
}
SEEDS = (1, 2, 3, 4, 5)
FEWER_SEEDS = {"mega-civ/18-full": 2}  # a game takes about a minute


def load(name: str) -> Game:
    return civtable.load_game(name.split("/")[0], **GAMES[name])


def bots(game: Game, seed: int) -> list[Any]:
    bot = "greedy" if "greedy" in game.bots() else "random"
    return [make_agent(bot, game, seed=seed * 100 + i) for i in range(game.num_players)]


def seeds(name: str) -> tuple[int, ...]:
    return SEEDS[:FEWER_SEEDS.get(name, len(SEEDS))]


def play(game: Game, seed: int) -> tuple[State, State]:
    """A greedy game of ``seed``: its end, and a silent copy of the start of its middle turn."""
    state = game.new_state(seed=seed)
    agents = bots(game, seed)
    starts: list[State] = [state.clone().silence()]
    turn = state.turn
    while not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, agents[p].act(PlayerView(state, p)))
        if state.turn != turn and not state.is_terminal():
            turn = state.turn
            starts.append(state.clone().silence())
    return state, starts[len(starts) // 2]


SCALARS = (int, float, str, bytes, bool, type(None))


class _Pickler(pickle.Pickler):
    """Pickles what a state holds of its own: an object that existed before the state
    was built (the ``Game``, rule tables, boards, catalogs, shared action objects) is
    written as a reference, as a process that has the game loaded would read it."""

    def __init__(self, out: io.BytesIO, shared: set[int]) -> None:
        super().__init__(out, protocol=5)
        self.shared = shared

    def persistent_id(self, obj: Any) -> str | None:
        if isinstance(obj, Game) or (id(obj) in self.shared and not isinstance(obj, SCALARS)):
            return "shared"
        return None


def pickled(game: Game, data: dict[str, Any]) -> int:
    """Bytes of a state read from ``data``, pickled without what it shares."""
    gc.collect()
    alive = gc.get_objects()  # kept alive while the state is built, so no id is reused
    shared = {id(o) for o in alive}
    state = game.state_from_json(data).silence()
    out = io.BytesIO()
    _Pickler(out, shared).dump(state)
    del alive
    return len(out.getvalue())


def traced(build: Any, count: int = 1) -> tuple[float, Any]:
    """Bytes held by what ``build()`` returns, per call, over ``count`` calls; and the last."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [build() for _ in range(count)]
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / count, kept[-1]


def rss_kib(field: str = "VmRSS") -> int:
    """This process's resident memory now (``VmHWM``: its peak since it started, which
    ``ru_maxrss`` is not on Linux: it keeps the parent's RSS at the fork)."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def state_sizes(name: str) -> dict[str, list[float]]:
    game = load(name)
    rows: dict[str, list[float]] = {"pickle": [], "json": [], "clone": [], "from json": [], "record": []}
    play(game, 0)  # what is built once (tables, caches) is not a state's
    for seed in seeds(name):
        record, (_, state) = traced(lambda seed=seed: play(game, seed))
        data = state.to_json()
        rows["record"].append(record - traced(state.clone, 5)[0])  # the game and its events, not the copy
        rows["pickle"].append(pickled(game, data))
        rows["json"].append(len(json.dumps(data, separators=(",", ":"))))
        rows["clone"].append(traced(state.clone, 50)[0])
        rows["from json"].append(traced(lambda data=data: game.state_from_json(data), 5)[0])
    return rows


def rss_child(name: str) -> dict[str, int]:
    """Run in a fresh process: RSS after import and peak RSS after the games."""
    game = load(name)
    game.new_state(seed=0)
    after_import = rss_kib()
    for seed in seeds(name):
        _, state = play(game, seed)
        movers = state.to_move()
        if movers:
            search = make_agent("mcts:iterations=20", game, seed=seed)
            search.act(PlayerView(state, movers[0]))
    return {"after_import_kib": after_import, "peak_kib": rss_kib("VmHWM")}


def peak_rss(name: str, quick: bool = False) -> dict[str, int]:
    done = subprocess.run([sys.executable, __file__, "--rss-child", name, *(["--quick"] if quick else [])], check=True,
                          capture_output=True, text=True)
    got: dict[str, int] = json.loads(done.stdout.splitlines()[-1])
    return got


def spread(values: list[float]) -> str:
    return "/".join(f"{v:,.0f}" for v in (min(values), statistics.median(values), max(values)))


def deep_size(obj: Any, seen: set[int] | None = None) -> int:
    """Bytes of ``obj`` and everything it holds (each object counted once)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        size += sum(deep_size(v, seen) for v in obj)
    elif hasattr(obj, "__slots__") or hasattr(type(obj), "__mypyc_attrs__"):  # mypyc: setup.py
        names = getattr(obj, "__slots__", None) or type(obj).__mypyc_attrs__  # type: ignore[attr-defined]
        size += sum(deep_size(getattr(obj, k), seen) for k in names
                    if not k.startswith("__") and hasattr(obj, k))
    elif hasattr(obj, "__dict__"):
        size += deep_size(vars(obj), seen)
    return size


def simulate_rss(game_id: str, options: dict[str, Any], players: list[str], count: int, every: int,
                 drop: bool, keep: bool = False) -> None:
    """RSS over ``simulate`` as the command plays it (``keep``: every result kept;
    ``drop``: the same games through ``play_game``, each result dropped once played)."""
    from civtable.core.rng import derive_seed
    from civtable.sim.batch import simulate
    from civtable.sim.runner import load_game_for, play_game
    from civtable.sim.stats import summarise

    how = "results dropped" if drop else "simulate, every result kept" if keep else "simulate"
    print(f"{game_id} {options} {','.join(players)}: {count:,} games in this process ({how}); "
          f"RSS every {every:,} games (MiB)")
    start = time.process_time()
    samples: list[tuple[int, float]] = [(0, rss_kib() / 1024)]
    next_at = [every]

    def progress(done: int, total: int) -> None:
        if done >= next_at[0] or done == total:
            samples.append((done, rss_kib() / 1024))
            print(f"  {done:>7,} games  RSS {samples[-1][1]:7.1f} MiB  "
                  f"{time.process_time() - start:7.0f} s CPU", flush=True)
            while next_at[0] <= done:
                next_at[0] += every

    held = ""
    if drop:
        game = load_game_for(game_id, options, len(players))
        for i in range(count):
            play_game(game, players, derive_seed(1, i), keep_moves=False)
            progress(i + 1, count)
    else:
        batch = simulate(game_id, options, players, count, seed=1, workers=1, progress=progress,
                         keep_results=keep)
        summarise(batch)
    peak = rss_kib("VmHWM") / 1024
    if not drop:
        kept = deep_size(batch.results if keep else batch.tally)
        held = f"; the {'results' if keep else 'totals'} hold {kept / 1024:,.1f} KiB ({kept / count:,.0f} bytes a game)"
    start_at = next(d for d, r in samples if d >= min(count, 1000))
    first = dict(samples)[start_at]
    grown = samples[-1][1] - first
    per_game = grown * 1024 * 1024 / max(1, samples[-1][0] - start_at)
    at = [next((d, r) for d, r in samples if d >= mark) for mark in (1000, 5000, 10000) if mark < count]
    marks = ", ".join(f"{r:.1f} MiB at {d:,}" for d, r in [*at, samples[-1]])
    print(f"RSS {marks} games (+{grown:.1f} MiB from {start_at:,} games, {per_game:,.0f} bytes a game); "
          f"peak {peak:.1f} MiB{held}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated entries of " + ", ".join(GAMES))
    ap.add_argument("--simulate", metavar="GAME", help="instead: RSS over a batch of GAME")
    ap.add_argument("--players", default="greedy,greedy", help="with --simulate: the bots")
    ap.add_argument("--option", action="append", default=[], help="with --simulate: KEY=VALUE")
    ap.add_argument("--count", type=int, default=10000, help="with --simulate: games")
    ap.add_argument("--every", type=int, default=500, help="with --simulate: games between samples")
    ap.add_argument("--drop", action="store_true",
                    help="with --simulate: play the games with play_game, keeping no result")
    ap.add_argument("--keep", action="store_true", help="with --simulate: keep every game's result (as before)")
    ap.add_argument("--quick", action="store_true",
                    help="the smaller games with two seeds, then a 2,000-game simulate of catan-deckbuilding")
    ap.add_argument("--rss-child", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.quick:
        FEWER_SEEDS.update(dict.fromkeys(GAMES, 2))
    if a.rss_child:
        print(json.dumps(rss_child(a.rss_child)))
        return
    if a.simulate:
        options = dict(kv.split("=", 1) for kv in a.option)
        simulate_rss(a.simulate, options, a.players.split(","), a.count, a.every, a.drop, a.keep)
        return
    names = a.games.split(",")
    if a.quick:
        names = [n for n in names if n != "mega-civ/18-full"]
    print(f"python {platform.python_version()}, {platform.machine()}; bytes per mid-game state "
          f"(min/median/max of {len(seeds(names[0]))} seeds), RSS in MiB")
    print(f"{'game':<20} {'pickle':>20} {'json':>20} {'clone':>20} {'from json':>20} {'record':>26}"
          f" {'RSS import':>10} {'peak RSS':>9}")
    for name in names:
        rows = state_sizes(name)
        rss = peak_rss(name, a.quick)
        print(f"{name:<20} " + " ".join(f"{spread(rows[k]):>20}" for k in ("pickle", "json", "clone", "from json"))
              + f" {spread(rows['record']):>26} {rss['after_import_kib'] / 1024:>10.1f} {rss['peak_kib'] / 1024:>9.1f}",
              flush=True)
    if a.quick:
        simulate_rss("catan-deckbuilding", {}, ["greedy", "greedy"], 2000, 500, drop=False)


if __name__ == "__main__":
    main()

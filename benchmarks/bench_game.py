"""Speed and memory of a game's engine on one core (a measurement, not a test).

    python benchmarks/bench_game.py [--game catan-deckbuilding] [--players N] [--seconds 3] [--json FILE]
                                    [--bot SPEC] [--memory-games N] [--cpu K]

Measures, in CPU time (``time.process_time``) with the process pinned to one core:
- random decision steps/s: ``legal_actions`` + a uniform choice + ``apply``, over
  whole games of random play from fresh seeds (new games included in the time),
  silent (``state.silence()``, as bots play) and with the events recorded;
- bot full games/s (all seats the game's greedy bot, played silent as ``simulate``
  does), the CPU time of one bot decision and of making a bot;
- ``clone()``/s and ``determinize()``/s of mid-game positions;
- ``to_json`` + ``state_from_json`` round trips/s;
- memory: bytes per mid-game state (its own objects, not what the game shares) and the
  peak resident set size; with ``--memory-games N``, the resident set after 1,000 and
  after N bot games (``sim.runner.play_game``), which should not grow.

``bench_openspiel.py`` compares catan-deckbuilding with OpenSpiel's Hearts in the same
run; ``bench_search.py`` measures the search bots.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sys
import time
from typing import Any

from _timing import random_games, random_moves, timed

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.sim.runner import play_game

GAME = "catan-deckbuilding"
OPTIONS: dict[str, int] = {}
BOT = "greedy"


def random_steps(seconds: float, silent: bool) -> float:
    return random_games(civtable.load_game(GAME, **OPTIONS), seconds, silent, Rng(1).below)


def bot_games(seconds: float) -> tuple[float, float]:
    game = civtable.load_game(GAME, **OPTIONS)
    seed = [0]
    turns = []

    def one_game() -> int:
        seed[0] += 1
        result = play_game(game, [BOT] * game.num_players, seed[0], keep_moves=False)
        turns.append(result.turns)
        return 1

    rate = timed(one_game, seconds)
    return rate, sum(turns) / len(turns)


def bot_decision_us(seconds: float) -> tuple[float, float]:
    """CPU microseconds per bot decision (over positions of bot games) and per bot made."""
    game = civtable.load_game(GAME, **OPTIONS)
    make_agent(BOT, game, seed=0)  # a strategy file is read once per process
    start = time.process_time()
    for i in range(200):
        make_agent(BOT, game, seed=i)
    making = (time.process_time() - start) / 200 * 1e6
    positions = []
    for seed in range(20):
        s = game.new_state(seed=seed)
        s.silence()
        bots = [make_agent(BOT, game, seed=seed * 7 + i) for i in range(game.num_players)]
        for step in range(300):
            if s.is_terminal():
                break
            p = s.to_move()[0]
            if step % 3 == 0:
                positions.append((s.clone(), p))
            s.apply(p, bots[p].act(PlayerView(s, p)))
    bot = make_agent(BOT, game, seed=1)

    def batch() -> int:
        for s, p in positions:
            bot.act(PlayerView(s, p))
        return len(positions)

    return 1e6 / timed(batch, seconds), making


def midgame_states(n: int = 50) -> list[State]:
    game = civtable.load_game(GAME, **OPTIONS)
    rng = Rng(2)
    states = []
    for seed in range(n):
        s = game.new_state(seed=seed)
        random_moves(s, rng.below, 60)
        states.append(s)
    return states


def clones(seconds: float) -> float:
    states = midgame_states()

    def batch() -> int:
        for s in states:
            s.clone()
        return len(states)

    return timed(batch, seconds)


def determinizes(seconds: float) -> float:
    states = midgame_states()
    rng = Rng(3)

    def batch() -> int:
        for s in states:
            s.determinize(s.to_move()[0] if s.to_move() else 0, rng)
        return len(states)

    return timed(batch, seconds)


def json_round_trips(seconds: float) -> float:
    states = midgame_states()
    game = states[0].game

    def batch() -> int:
        for s in states:
            game.state_from_json(s.to_json())
        return len(states)

    return timed(batch, seconds)


def _own_objects(state: State) -> int:
    """Bytes of the objects a state holds itself: what is reachable from it, leaving out
    what its game holds (rules, cards, maps), its events, and shared atoms."""
    shared: set[int] = set()
    stack: list[Any] = [state.game]
    while stack:
        x = stack.pop()
        if id(x) in shared:
            continue
        shared.add(id(x))
        stack.extend(_children(x))
    seen: set[int] = set()
    total = 0
    stack = [state]
    while stack:
        x = stack.pop()
        if id(x) in seen or id(x) in shared or x is state.journal or isinstance(x, (int, float, str, bool, type(None))):
            continue
        seen.add(id(x))
        total += sys.getsizeof(x)
        stack.extend(c for c in _children(x) if c is not state.journal)
    return total


def _children(x: Any) -> list[Any]:
    if isinstance(x, dict):
        return [*x.keys(), *x.values()]
    if isinstance(x, (list, tuple, set, frozenset)):
        return list(x)
    if isinstance(x, (bytes, bytearray, str, int, float, type, type(None))) or callable(x):
        return []
    out = []
    for cls in type(x).__mro__:
        # a class compiled by mypyc (setup.py) lists its fields in __mypyc_attrs__
        for name in (*cls.__dict__.get("__slots__", ()), *cls.__dict__.get("__mypyc_attrs__", ())):
            if not name.startswith("__") and hasattr(x, name):
                out.append(getattr(x, name))
    if hasattr(x, "__dict__"):
        out.extend(vars(x).values())
    return out


def state_bytes() -> float:
    states = midgame_states(20)
    return sum(_own_objects(s) for s in states) / len(states)


def rss_mb() -> float:
    """The resident set now (Linux), in MB."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return float("nan")


def rss_over_games(games: int) -> tuple[float, float]:
    game = civtable.load_game(GAME, **OPTIONS)
    at_1000 = float("nan")
    for seed in range(games):
        play_game(game, [BOT] * game.num_players, seed, keep_moves=False)
        if seed + 1 == min(1000, games):
            at_1000 = rss_mb()
    return at_1000, rss_mb()


def main() -> None:
    global GAME, BOT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU time per measurement")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--game", default="catan-deckbuilding", help="game id (default %(default)s)")
    ap.add_argument("--players", type=int, help="number of players, for games with a choice")
    ap.add_argument("--bot", help="the bot of the full-game measurement (default: the game's greedy bot, else "
                                  "its first own bot)")
    ap.add_argument("--memory-games", type=int, default=0, metavar="N",
                    help="also play N bot games and report the resident set after 1,000 and after N")
    ap.add_argument("--cpu", type=int, help="the core to run on (default: the last one)")
    a = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {a.cpu if a.cpu is not None else max(os.sched_getaffinity(0))})
    GAME = a.game
    own = sorted(civtable.load_game(GAME).bots())
    BOT = a.bot or ("greedy" if "greedy" in own else (own[0] if own else "random"))
    if a.players:
        OPTIONS["players"] = a.players
    bot_rate, bot_turns = bot_games(a.seconds)
    decision, making = bot_decision_us(a.seconds)
    figures: dict[str, Any] = {
        "game": GAME,
        "players": civtable.load_game(GAME, **OPTIONS).num_players,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "random_steps_per_second_silent": round(random_steps(a.seconds, True)),
        "random_steps_per_second_events": round(random_steps(a.seconds, False)),
        "bot": BOT,
        "bot_games_per_second": round(bot_rate, 1),
        "bot_mean_turns": round(bot_turns, 1),
        "bot_decision_us": round(decision, 1),
        "bot_making_us": round(making, 1),
        "clones_per_second": round(clones(a.seconds)),
        "determinize_per_second": round(determinizes(a.seconds)),
        "json_round_trips_per_second": round(json_round_trips(a.seconds)),
        "bytes_per_state": round(state_bytes()),
    }
    if a.memory_games:
        at_1000, at_end = rss_over_games(a.memory_games)
        figures["rss_mb_after_1000_games"] = round(at_1000, 1)
        figures[f"rss_mb_after_{a.memory_games}_games"] = round(at_end, 1)
    figures["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    width = max(map(len, figures))
    for k, v in figures.items():
        print(f"{k:<{width}}  {v:>12,}" if isinstance(v, (int, float)) else f"{k:<{width}}  {v:>12}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)


if __name__ == "__main__":
    main()

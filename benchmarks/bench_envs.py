"""Throughput of the learning environments against the raw engine and against
PettingZoo's ``connect_four_v3``, in one run, on one core (a measurement, not a test).

    python benchmarks/bench_envs.py [--game catan-deckbuilding ...] [--seconds 3] [--num-envs 64] [--json FILE] [--in-process]

``--game`` may be given several times (``mega-civ:map=small`` passes options); without
it: catan-deckbuilding, civ-card-game and mega-civ on its small map. The loops play
uniformly random legal moves over whole games from fresh seeds:

- raw engine: ``legal_actions`` + a choice + ``apply`` (events recorded: the plain API
  as a user calls it), and its ratio to OpenSpiel's C++ Hearts driven from Python by the
  same loop (``bench_openspiel.py``'s; with the ``openspiel`` extra installed);
- PettingZoo AEC: ``env.last()`` (encoded observation + mask) + a masked sample +
  ``env.step`` -- the very same loop for ``connect_four_v3`` (the reference; its figure
  is measured in this run, and every game's ratio is to it);
- Gymnasium: ``action_masks()`` + a masked choice + ``env.step`` (the other seats played
  by the ``random`` bot inside the step; steps counted for every seat);
- vector: ``vector_env(game, num_envs, opponents="random")``, one masked random number
  per game per call; steps are the learning seat's (``num_envs`` per call, what a
  learner counts), the opponents' moves inside them.

Figures are steps/s of CPU time (``time.process_time``: on a shared machine the figure
of one core), the ratios, and the cost of one ``encode`` and one ``encode_state``. Each
loop runs in a fresh process of its own (``multiprocessing``'s spawn), the references'
too, one after another: a loop's garbage collections then walk its own objects only,
not those that the loops before it left (PettingZoo's, Gymnasium's, the environments'
caches: in one shared process they made catan's plain API 10-15% slower than in a
process of its own, and which loop ran first changed the figures). ``--in-process``
runs them all in this process, as before.
Needs the ``bench`` extra (PettingZoo's classic games need pygame).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from _timing import random_games, random_moves, timed  # the same directory

import civtable
from civtable.core.rng import Rng
from civtable.envs import gymnasium_env, pettingzoo_env, vector_env

DEFAULT_GAMES = ("catan-deckbuilding", "civ-card-game", "mega-civ:map=small")


def parse_game(text: str) -> tuple[str, dict[str, Any]]:
    """``mega-civ:map=small,players=3`` -> ``("mega-civ", {"map": "small", "players": 3})``."""
    game_id, _, rest = text.partition(":")
    options: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, _, value = part.partition("=")
        options[key] = int(value) if value.isdigit() else value
    return game_id, options


def aec_loop(env: Any, seconds: float, numpy_choice: bool = False) -> float:
    """Masked random steps/s through a PettingZoo AEC environment, whole games. The
    sample is one of the mask's nonzero numbers drawn by civtable's generator (about
    1 µs); ``numpy_choice``: by ``np.random.Generator.choice`` of ``np.flatnonzero``,
    the loop of the earlier figures (about 10 µs a step of its own)."""
    rng = np.random.default_rng(1)
    below = Rng(1).below
    seed = [0]

    def one() -> int:
        seed[0] += 1
        env.reset(seed=seed[0])
        n = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            if numpy_choice:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            else:
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[below(len(legal))]))
            n += 1
        return n

    return timed(one, seconds)


def connect_four(seconds: float, numpy_choice: bool = False) -> float:
    from pettingzoo.classic import connect_four_v3

    return aec_loop(connect_four_v3.env(), seconds, numpy_choice)


def hearts(seconds: float) -> float | None:
    """OpenSpiel's C++ Hearts driven from Python: random decisions/s over whole games
    (``bench_openspiel.py``'s loop; chance nodes played, not counted), or ``None``
    without ``open_spiel`` (the ``openspiel`` extra)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    pick = Rng(1).below

    def one() -> int:
        s = game.new_initial_state()
        steps = 0
        while not s.is_terminal():
            p = s.current_player()
            legal = s.legal_actions()
            s.apply_action(legal[pick(len(legal))])
            steps += p >= 0
        return steps

    return timed(one, seconds)


def raw(game_id: str, options: dict[str, Any], seconds: float) -> float:
    """The raw engine's random steps/s, events recorded (``bench_game``'s loop)."""
    return random_games(civtable.load_game(game_id, **options), seconds, False, Rng(1).below)


def aec(game_id: str, options: dict[str, Any], seconds: float, numpy_choice: bool = False) -> float:
    return aec_loop(pettingzoo_env(game_id, seed=1, **options), seconds, numpy_choice)


def gym(game_id: str, options: dict[str, Any], seconds: float) -> float:
    players = options.get("players", civtable.load_game(game_id, **options).num_players)
    opts = {k: v for k, v in options.items() if k != "players"}
    env = gymnasium_env(game_id, opponents=["random"] * (players - 1), players=players, **opts)
    rng = np.random.default_rng(1)
    seed = [0]

    def one() -> int:
        seed[0] += 1
        env.reset(seed=seed[0])
        while True:
            _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            if term or trunc:
                return env.unwrapped.engine.steps

    return timed(one, seconds)


def vector(game_id: str, options: dict[str, Any], seconds: float, num_envs: int) -> float:
    """The learning seat's steps/s through the vector environment (``num_envs`` per call)."""
    players = options.get("players", civtable.load_game(game_id, **options).num_players)
    opts = {k: v for k, v in options.items() if k != "players"}
    env = vector_env(game_id, num_envs, opponents=["random"] * (players - 1), players=players, seed=1, **opts)
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    mask = info["action_mask"]

    def one() -> int:
        nonlocal mask
        for _ in range(10):
            pick = np.argmax(rng.random(mask.shape) * mask, axis=1)
            _, _, _, _, info = env.step(pick)
            mask = info["action_mask"]
        return 10 * num_envs

    return timed(one, seconds)


def encode_cost(game_id: str, options: dict[str, Any], seconds: float) -> tuple[float, float]:
    """Microseconds per ``encode`` of a mid-game observation (its building not counted),
    and per ``encode_state`` along live random games, one call per position for the seat
    to move (what an environment's step costs; an encoder that keeps what it saw last,
    as catan's and the card game's do, is measured on the changes a step makes): the CPU
    time of the same games played with the calls, less that without, per position."""
    game = civtable.load_game(game_id, **options)
    s = game.new_state(seed=3)
    random_moves(s, Rng(3).below, 40)
    p = s.to_move()[0] if s.to_move() else 0
    obs = s.observation(p)
    rate = timed(lambda: [game.encode(obs, p) for _ in range(200)] and 200, seconds)
    encode_state = game.encode_state

    def along(encode: bool) -> tuple[float, int]:
        start, positions = time.process_time(), 0
        for seed in range(11, 11 + games):
            g = game.new_state(seed=seed)
            g.silence()
            pick = Rng(seed).below
            while not g.is_terminal():
                mover = g.to_move()[0]
                if encode:
                    encode_state(g, mover)
                legal = g.legal_actions(mover)
                g.apply(mover, legal[pick(len(legal))])
                positions += 1
        return time.process_time() - start, positions

    games = 1
    while along(False)[0] < seconds / 4 and games < 10_000:  # games enough for ~seconds/4 of play
        games *= 2
    pairs = [(along(True), along(False)) for _ in range(2)]  # twice each, alternating
    with_calls = min(w for (w, _), _ in pairs)
    without = min(wo for _, (wo, _) in pairs)
    return 1e6 / rate, max(with_calls - without, 0.0) / pairs[0][0][1] * 1e6


ISOLATED = True  # each loop in a fresh process (``--in-process``: False)


def run(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` in a fresh process of its own (spawned: nothing inherited from this
    one but the arguments), or here with ``--in-process``."""
    if not ISOLATED:
        return fn(*args)
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(fn, *args).result()


def measure(game_id: str, options: dict[str, Any], seconds: float, num_envs: int, c4: tuple[float, float],
            hearts_rate: float | None, only: str | None = None) -> dict[str, Any]:
    """Every figure of one game (``only="aec"``: the AEC loops alone, for quick checks)."""
    a = run(aec, game_id, options, seconds)
    a_np = run(aec, game_id, options, seconds, True)
    out: dict[str, Any] = {
        "game": game_id, "options": options,
        "pettingzoo_steps_per_s": round(a), "pettingzoo_to_connect_four": round(a / c4[0], 2),
        "pettingzoo_numpy_choice_steps_per_s": round(a_np),
        "pettingzoo_numpy_choice_to_connect_four": round(a_np / c4[1], 2),
    }
    if only == "aec":
        return out
    r = run(raw, game_id, options, seconds)
    g = run(gym, game_id, options, seconds)
    v = run(vector, game_id, options, seconds, num_envs)
    enc, enc_state = run(encode_cost, game_id, options, min(seconds, 1.0))
    out.update({
        "raw_steps_per_s": round(r), "gymnasium_steps_per_s": round(g),
        "vector_steps_per_s": round(v), "num_envs": num_envs,
        "pettingzoo_to_raw": round(a / r, 3), "gymnasium_to_raw": round(g / r, 3),
        "encode_us": round(enc, 2), "encode_state_us": round(enc_state, 2),
        "raw_to_hearts": round(r / hearts_rate, 2) if hearts_rate else None,
    })
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="a game id, with options after ':' (repeatable)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--json")
    ap.add_argument("--only", choices=["aec"], help="only the AEC loops (and connect four's)")
    ap.add_argument("--in-process", action="store_true", help="every loop in this process, one after another")
    args = ap.parse_args()
    global ISOLATED
    ISOLATED = not args.in_process
    c4 = (run(connect_four, args.seconds), run(connect_four, args.seconds, True))
    h = None if args.only else run(hearts, args.seconds)
    out: dict[str, Any] = {"python": platform.python_version(), "machine": platform.processor() or platform.machine(),
                           "each_loop_in_a_fresh_process": ISOLATED,
                           "connect_four_v3_steps_per_s": round(c4[0]),
                           "connect_four_v3_numpy_choice_steps_per_s": round(c4[1]),
                           "openspiel_hearts_steps_per_s": round(h) if h else None, "games": []}
    for text in args.game or DEFAULT_GAMES:
        game_id, options = parse_game(text)
        if args.players is not None:
            options["players"] = args.players
        out["games"].append(measure(game_id, options, args.seconds, args.num_envs, c4, h, args.only))
    print(json.dumps(out, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()

"""civtable's games through OpenSpiel's API (``civtable.interop.openspiel``) against the
plain civtable API, in one run, on one core (a measurement, not a test).

    python benchmarks/bench_openspiel_games.py [--games catan-deckbuilding,civ-card-game] [--seconds 3] [--json FILE]

Needs ``pip install -e '.[openspiel]'``. For each game (default options), in CPU time:

- random decision steps/s over whole games from fresh seeds: civtable's loop
  (``benchmarks/_timing.random_games``, silent as bots play: ``legal_actions``, a choice,
  ``apply``) and OpenSpiel's (``legal_actions()``, a choice, ``apply_action``; at a
  simultaneous node one action per player to move, each counted as a step); the ratio;
- ``clone()`` of a mid-game position (up to 60 random moves in), both ways;
- a sample of the mover's information set: ``determinize`` against
  ``resample_from_infostate`` (which clones the OpenSpiel state around it);
- the seat's views: the text view (``Game.render``) and the encoding, both from
  ``observation(seat)``, against ``information_state_string`` (first call: nothing
  remembered; again: the observer remembers texts by observation) and
  ``information_state_tensor``;
- OpenSpiel's ISMCTS (``openspiel_bots.ismcts_bot``, civtable's heuristic as evaluator):
  simulations/s of one decision of 100 simulations at the mid-game position (sequential
  games only: OpenSpiel's ISMCTS refuses simultaneous dynamics).
"""

from __future__ import annotations

import argparse
import json
import platform
from typing import Any

import pyspiel
from _timing import random_games, timed  # the same directory

import civtable.interop.openspiel as ospiel
from civtable.core.rng import Rng
from civtable.interop.openspiel_bots import ismcts_bot


def spiel_games(game: Any, seconds: float, pick: Any) -> float:
    """OpenSpiel's random decision steps per CPU second, whole games."""

    def one_game() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_simultaneous_node():
                joint = []
                for p in range(state.num_players()):
                    legal = state.legal_actions(p)
                    joint.append(legal[pick(len(legal))] if legal else 0)
                    steps += bool(legal)
                state.apply_actions(joint)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[pick(len(legal))])
                steps += 1
        return steps

    return timed(one_game, seconds)


def mid_game(game: Any, seed: int) -> Any:
    """An OpenSpiel state up to 60 random moves into a game, before its end (sequential
    moves only)."""
    state = game.new_initial_state()
    pick = Rng(seed).below
    for _ in range(60):
        legal = state.legal_actions()
        after = state.child(legal[pick(len(legal))])
        if after.is_terminal() or after.is_simultaneous_node():
            break
        state = after
    return state


def per_call(fn: Any, seconds: float, n: int = 50) -> float:
    """Microseconds per call of ``fn``."""

    def batch() -> int:
        for _ in range(n):
            fn()
        return n

    return 1e6 / timed(batch, seconds)


def measure(game_id: str, seconds: float) -> dict[str, Any]:
    game = ospiel.load(game_id)
    civ = game.civtable_game
    steps_civ = random_games(civ, seconds, True, Rng(1).below)
    steps_spiel = spiel_games(game, seconds, Rng(1).below)
    state = mid_game(game, 3)
    truth = state.civtable_state
    player = truth.to_move()[0]
    plain = truth.clone()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    text_fresh = "information_state_string, first call"
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))

    def fresh_text() -> str:
        observer._texts.clear()  # nothing remembered: the first time an observation is seen
        return observer.string_from(state, player)

    short = min(seconds, 1.0)
    out: dict[str, Any] = {
        "steps_per_s": {"civtable": round(steps_civ), "openspiel": round(steps_spiel),
                        "ratio": round(steps_spiel / steps_civ, 3)},
        "clone_us": {"civtable": per_call(plain.clone, short), "openspiel": per_call(state.clone, short)},
        "sample_us": {"civtable determinize": per_call(lambda: truth.determinize(player, Rng(5)), short),
                      "openspiel resample_from_infostate": per_call(
                          lambda: state.resample_from_infostate(player, sampler), short)},
        "view_us": {"civtable observation + render": per_call(
                        lambda: civ.render(truth.observation(player), player), short),
                    text_fresh: per_call(fresh_text, short),
                    "information_state_string, again": per_call(
                        lambda: state.information_state_string(player), short),
                    "civtable observation + encode": per_call(
                        lambda: civ.encode(truth.observation(player), player), short),
                    "information_state_tensor": per_call(lambda: state.information_state_tensor(player), short)},
    }
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL:
        bot = ismcts_bot(game, simulations=100, seed=1)
        out["ismcts_simulations_per_s"] = round(timed(lambda: (bot.step(state), 100)[1], seconds))
    for group in ("clone_us", "sample_us", "view_us"):
        out[group] = {k: round(v, 1) for k, v in out[group].items()}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="catan-deckbuilding,civ-card-game,civ-solo,mega-civ")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json")
    args = ap.parse_args()
    out: dict[str, Any] = {"python": platform.python_version(), "games": {}}
    for game_id in args.games.split(","):
        out["games"][game_id] = measure(game_id, args.seconds)
        print(game_id, json.dumps(out["games"][game_id], indent=2), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()

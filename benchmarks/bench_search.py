"""Search speed: iterations per second of the search bots, per game (one core).

    python benchmarks/bench_search.py [--games catan-deckbuilding,civ-card-game,mega-civ]
                                      [--bots mcts,ismcts] [--seconds 3] [--json FILE]
    python benchmarks/bench_search.py --play 4 --bots "mcts:iterations=50"   # ms per decision in games
    python benchmarks/bench_search.py --baseline REV [--rounds 5]     # CPU-time ratios against REV
    python benchmarks/bench_search.py --baseline REV --decisions 40   # same decisions as REV?

A measurement, not a test. Each bot decides in the same mid-game positions (a few
random moves into seeded games, where the mover has a choice), with a budget in
iterations; the figure is iterations done per second of decision time. The
rollout policy and depth are the bot's defaults unless the spec says otherwise
(e.g. ``--bots mcts,mcts:rollout=random&depth=60``). Mega Civilization is measured
with 5 players on the small map, through the public API only.

``--baseline REV`` (a git revision, or a directory holding another ``civtable``
package) compares this tree with that one on one core: each round runs the same
decisions once in each tree, in separate processes taking turns (which goes first
alternates), timed in CPU time (``time.process_time``), and prints the rate of
each and their ratio, min/median/max over the rounds; a shared, loaded machine
moves both alike. With ``--decisions N`` it instead makes both trees decide in
the same ``N`` positions with the same seeds and iteration budgets, and lists
every decision that differs: the chosen action, the iterations done, and the
state of the bot's generators afterwards (so that the same random numbers were
drawn).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

from _timing import ROOT, baseline_tree, run_in, summary

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.testing.adapter import choice_positions

GAMES: dict[str, dict[str, Any]] = {
    "catan-deckbuilding": {},
    "civ-card-game": {"players": 2},
    "mega-civ": {"players": 5, "map": "small"},
    "civ-solo": {},
}
DEFAULT_GAMES = ("catan-deckbuilding", "civ-card-game", "mega-civ")


def positions(game_id: str, count: int = 12) -> list[tuple[State, int]]:
    """Mid-game positions with a real choice, from seeded random play."""
    game = civtable.load_game(game_id, **GAMES[game_id])
    return choice_positions(game, count, Rng(11), 20, 60)


def timed_decision(game: Any, spec: str, case: tuple[State, int], seed: int, budget: int) -> tuple[float, int]:
    """The CPU seconds of one decision of a new bot ``spec`` (seeded ``seed``) in ``case``,
    and the iterations it did (fewer than ``budget`` when the search stopped early)."""
    state, p = case
    bot = make_agent(spec, game, seed=seed)
    view = PlayerView(state, p)
    start = time.process_time()
    bot.act(view)
    return time.process_time() - start, getattr(bot, "last_iterations", budget)


def iterations_per_second(game_id: str, spec: str, seconds: float) -> float:
    """Iterations per second of CPU time of ``spec`` (with ``iterations=`` added) over the positions."""
    game = civtable.load_game(game_id, **GAMES[game_id])
    budget = 50
    full = with_budget(spec, budget, game_id)
    done = 0
    elapsed = 0.0
    k = 0
    cases = positions(game_id)
    while elapsed < seconds:
        cpu, iterations = timed_decision(game, full, cases[k % len(cases)], k, budget)
        elapsed += cpu
        done += iterations
        k += 1
    return done / elapsed


def decision_times(game_id: str, spec: str, games: int) -> tuple[float, float, int]:
    """Mean and largest CPU milliseconds per decision of ``spec`` playing ``games`` whole games
    against the game's ``greedy`` bot (seats alternating), counting decisions with a choice."""
    game = civtable.load_game(game_id, **GAMES[game_id])
    times: list[float] = []
    for g in range(games):
        state = game.new_state(seed=1000 + g)
        seat = g % 2
        agents = [make_agent("greedy", game, seed=g * 10 + i) for i in range(game.num_players)]
        agents[seat] = make_agent(spec, game, seed=g)
        while not state.is_terminal():
            p = state.to_move()[0]
            view = PlayerView(state, p)
            if p == seat and len(view.legal_actions) > 1:
                start = time.process_time()
                action = agents[p].act(view)
                times.append(time.process_time() - start)
            else:
                action = agents[p].act(view)
            state.apply(p, action)
    return 1000 * sum(times) / len(times), 1000 * max(times), len(times)


def with_budget(spec: str, iterations: int, game_id: str) -> str:
    """``spec`` with an iteration budget; in Mega Civ the search over single actions unless
    the spec names a portfolio (its default search compares whole turns of strategies,
    whose iterations are not comparable with these)."""
    extra = "&portfolio=none" if game_id == "mega-civ" and "portfolio=" not in spec else ""
    return f"{spec}{'&' if ':' in spec else ':'}iterations={iterations}{extra}"


def work(job: dict[str, Any]) -> dict[str, Any]:
    """One measurement of one tree (run in a child process by ``--baseline``)."""
    game = civtable.load_game(job["game"], **GAMES[job["game"]])
    spec = with_budget(job["spec"], job["budget"], job["game"])
    if job["kind"] == "decide":
        out: list[list[Any]] = []
        for k, (state, p) in enumerate(positions(job["game"], job["count"])):
            bot = make_agent(spec, game, seed=k)
            text = bot.act(PlayerView(state, p)).text
            rollout = getattr(bot, "rollout_agent", None)
            out.append([text, getattr(bot, "last_iterations", 0), bot.rng.state,
                        None if rollout is None else rollout.rng.state])
        return {"decisions": out}
    cases = positions(job["game"])
    iterations = 0
    cpu = 0.0
    for k in range(job["passes"] * len(cases)):
        spent, done = timed_decision(game, spec, cases[k % len(cases)], k, job["budget"])
        cpu += spent
        iterations += done
    return {"iterations": iterations, "cpu": cpu}


def compare_speed(base: Path, games: list[str], bots: list[str], rounds: int, budget: int, passes: int) -> None:
    print(f"iterations/s in CPU time, {rounds} rounds of {passes} x 12 decisions of {budget} iterations "
          f"(min / median / max); baseline {base}")
    for game_id in games:
        for spec in bots:
            job = {"kind": "rate", "game": game_id, "spec": spec, "budget": budget, "passes": passes}
            old: list[float] = []
            new: list[float] = []
            for r in range(rounds):
                order = [(base, old), (ROOT, new)]
                for tree, sink in order if r % 2 == 0 else order[::-1]:
                    got = run_in(tree, __file__, job)
                    sink.append(got["iterations"] / got["cpu"])
            ratios = [n / o for n, o in zip(new, old, strict=True)]
            print(f"{game_id:<20} {spec:<12} baseline {summary(old, ',.0f')}   this tree {summary(new, ',.0f')}"
                  f"   ratio {summary(ratios, '.2f')}")


def compare_decisions(base: Path, games: list[str], bots: list[str], count: int, budget: int) -> int:
    """Prints the decisions that differ between the trees; returns how many."""
    differ = 0
    for game_id in games:
        for spec in bots:
            job = {"kind": "decide", "game": game_id, "spec": spec, "budget": budget, "count": count}
            old = run_in(base, __file__, job)["decisions"]
            new = run_in(ROOT, __file__, job)["decisions"]
            bad = [k for k, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
            differ += len(bad)
            print(f"{game_id:<20} {spec:<12} {len(old) - len(bad)} of {len(old)} decisions the same")
            for k in bad:
                print(f"    position {k}: baseline {old[k]}, this tree {new[k]}")
    return differ


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(DEFAULT_GAMES), help="comma-separated game ids")
    ap.add_argument("--bots", default="mcts,ismcts", help="comma-separated bot specs (use & between parameters)")
    ap.add_argument("--seconds", type=float, default=3.0, help="decision time per measurement")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--play", type=int, default=0, metavar="GAMES",
                    help="instead: play GAMES whole games of each bot against greedy, report ms per decision")
    ap.add_argument("--baseline", metavar="REV", help="compare with a git revision (or a directory) instead")
    ap.add_argument("--rounds", type=int, default=5, help="with --baseline: rounds of the comparison")
    ap.add_argument("--passes", type=int, default=2, help="with --baseline: passes over the 12 positions per round")
    ap.add_argument("--budget", type=int, default=50, help="with --baseline: iterations per decision")
    ap.add_argument("--decisions", type=int, default=0, metavar="N",
                    help="with --baseline: compare the decisions in N positions instead of the speed")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        print(json.dumps(work(json.loads(a.worker))))
        return
    if a.baseline:
        base = baseline_tree(a.baseline)
        games, bots = a.games.split(","), a.bots.split(",")
        if a.decisions:
            sys.exit(1 if compare_decisions(base, games, bots, a.decisions, a.budget) else 0)
        compare_speed(base, games, bots, a.rounds, a.budget, a.passes)
        return
    if a.play:
        print(f"python {platform.python_version()}, {platform.machine()}; CPU ms per decision with a choice, "
              f"{a.play} games against greedy")
        for game_id in a.games.split(","):
            for spec in a.bots.split(","):
                mean, most, count = decision_times(game_id, spec, a.play)
                print(f"{game_id:<20} {spec}  mean {mean:.1f} ms, max {most:.1f} ms over {count} decisions")
        return
    bots = a.bots.split(",")
    rows: list[dict[str, Any]] = []
    print(f"python {platform.python_version()}, {platform.machine()}; iterations per CPU second")
    width = max(len(b) for b in bots)
    for game_id in a.games.split(","):
        for spec in bots:
            rate = iterations_per_second(game_id, spec, a.seconds)
            rows.append({"game": game_id, "options": GAMES[game_id], "bot": spec,
                         "iterations_per_second": round(rate)})
            print(f"{game_id:<20} {spec:<{width}}  {rate:>8,.0f}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"python": platform.python_version(), "rows": rows}, f, indent=2)


if __name__ == "__main__":
    main()

"""Speed of Civilization: The Card Game's engine and greedy bot, as ratios against
Catan Deck Building measured in the same process (one core, CPU time).

    python benchmarks/bench_ccg.py [--rounds 5] [--seconds 2] [--players 2,4]
    python benchmarks/bench_ccg.py --baseline REV [--rounds 5]   # this tree against REV, interleaved
    python benchmarks/bench_ccg.py --ladder 400 --players 2,3,4  # greedy against its old discards

A measurement, not a test. Each round runs one child process per tree (which tree
goes first alternates), and each child measures, in ``time.process_time``:

- random decision steps/s: ``to_move`` + ``legal_actions`` + a uniform choice +
  ``apply`` over whole games from fresh seeds (new games included), the loop of
  ``bench_game.py``, with events recorded (``rec``) and silent (``silent``, as the
  simulator plays bots that read no events); ``catan-deckbuilding`` the same way,
  the reference of the ratios;
- ``legal_actions`` per call, in microseconds: the first call in each of ~2,000
  positions of random games (on fresh clones, so that nothing is cached yet: memory
  not yet in the processor's caches counts), a second call in the same position, and
  the calls of random play (the position ``apply`` just made);
- greedy decisions/s: whole games of greedy bots, silent (as ``simulate`` plays them);
- action objects built: ``Action`` objects constructed during 10 greedy games after
  the first (the card game builds each action once per game object).

``--baseline REV`` (a git revision, or a directory holding another ``civtable``)
runs the same card-game measurements in that tree, in separate processes taking
turns. The reference (``catan-deckbuilding``, measured in its own process in each
round) comes from ``--reference REV``, by default the baseline: a fixed revision,
so that work on catan's code meanwhile does not move the ratios.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import time
from typing import Any

from _timing import ROOT, baseline_tree, random_games, run_in, summary

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.core.action import Action
from civtable.core.rng import Rng

CATAN = "catan-deckbuilding"
CCG = "civ-card-game"


def random_steps(game_id: str, options: dict[str, Any], seconds: float, silent: bool) -> float:
    """Random decision steps per CPU second over whole games (the loop of ``bench_game.py``)."""
    return random_games(civtable.load_game(game_id, **options), seconds, silent, Rng(1).below)


def positions(game_id: str, options: dict[str, Any], count: int = 2000) -> list[Any]:
    """Positions of seeded random games with a player to move (every 7th step)."""
    game = civtable.load_game(game_id, **options)
    rng = Rng(2)
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        seed += 1
        s = game.new_state(seed=seed)
        s.silence()
        k = 0
        while not s.is_terminal() and len(out) < count:
            p = s.to_move()[0]
            if k % 7 == 3:
                out.append(s.clone())
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.below(len(legal))])
            k += 1
    return out


def legal_call_us(game_id: str, options: dict[str, Any], repeats: int = 5) -> tuple[float, float]:
    """Microseconds per ``legal_actions`` call: the first in a position (fresh clones)
    and a second one in the same position."""
    cases = positions(game_id, options)
    movers = [s.to_move()[0] for s in cases]
    first = second = 0.0
    calls = 0
    for _ in range(repeats):
        fresh = [s.clone() for s in cases]
        start = time.process_time()
        for s, p in zip(fresh, movers, strict=True):
            s.legal_actions(p)
        first += time.process_time() - start
        start = time.process_time()
        for s, p in zip(fresh, movers, strict=True):
            s.legal_actions(p)
        second += time.process_time() - start
        calls += len(fresh)
    return first / calls * 1e6, second / calls * 1e6


def legal_in_play_us(game_id: str, options: dict[str, Any], steps: int = 200_000) -> float:
    """Microseconds per ``legal_actions`` call in random play (the position ``apply``
    just made: nothing cached), timed around each call in CPU time (``thread_time``) less the
    cost of the timer itself."""
    game = civtable.load_game(game_id, **options)
    rng = Rng(4)
    clock = time.thread_time
    spent = 0.0
    done = seed = 0
    while done < steps:
        seed += 1
        s = game.new_state(seed=seed)
        s.silence()
        while not s.is_terminal() and done < steps:
            p = s.to_move()[0]
            start = clock()
            legal = s.legal_actions(p)
            spent += clock() - start
            s.apply(p, legal[rng.below(len(legal))])
            done += 1
    start = clock()
    for _ in range(steps):
        clock() - clock()  # noqa: B018 (the timer's own cost)
    timer = clock() - start
    return (spent - timer) / steps * 1e6


def greedy_decisions(game_id: str, options: dict[str, Any], seconds: float) -> float:
    """Greedy-bot decisions per CPU second in silent greedy games (the bot's time only)."""
    game = civtable.load_game(game_id, **options)
    seed = decided = 0
    cpu = 0.0
    while cpu < seconds:
        seed += 1
        s = game.new_state(seed=seed)
        s.silence()
        bots = [make_agent("greedy", game, seed * 7 + i) for i in range(game.num_players)]
        while not s.is_terminal():
            p = s.to_move()[0]
            view = PlayerView(s, p)
            start = time.process_time()
            a = bots[p].act(view)
            cpu += time.process_time() - start
            decided += 1
            s.apply(p, a)
    return decided / cpu


def actions_built(game_id: str, options: dict[str, Any], games: int = 10) -> tuple[int, int]:
    """``Action`` objects constructed during ``games`` greedy games after a first one,
    and the decisions made."""
    game = civtable.load_game(game_id, **options)
    built = [0]
    init = Action.__init__

    def counting(self: Action, kind: str, *args: Any) -> None:
        built[0] += 1
        init(self, kind, *args)

    decided = 0
    for seed in range(games + 1):
        if seed == 1:
            built[0] = 0
            Action.__init__ = counting  # type: ignore[method-assign]
        s = game.new_state(seed=seed)
        s.silence()
        bots = [make_agent("greedy", game, seed * 7 + i) for i in range(game.num_players)]
        while not s.is_terminal():
            p = s.to_move()[0]
            s.apply(p, bots[p].act(PlayerView(s, p)))
            decided += seed >= 1
    Action.__init__ = init  # type: ignore[method-assign]
    return built[0], decided


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    p = wins / games
    d = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return centre - half, centre + half


def discard_ladder(games: int, players: int) -> str:
    """The greedy bot against itself as it was before its discards changed (buildings in
    hand valued above units and resource cards: ``2 + plot yield + culture / 2 +
    happiness / 2 + walls``), one seat each game in turn, seeds 0 to ``games - 1``."""
    from civtable.core.rng import derive_seed
    from civtable.games.civ_card_game.bots.heuristic import HeuristicBot
    from civtable.games.civ_card_game.catalog import BUILDING

    game = civtable.load_game(CCG, players=players)
    cards = game.cards  # type: ignore[attr-defined]

    def old(seed: int) -> HeuristicBot:
        bot = HeuristicBot(seed, cards)
        for i, c in enumerate(cards.cards):
            if c.kind == BUILDING:
                bot.card_value[i] = 2 + sum(c.plot_yield) + c.culture * 0.5 + c.happiness * 0.5 + c.walls
        return bot

    wins = 0.0
    for k in range(games):
        seat = k % players
        s = game.new_state(seed=derive_seed(7, k))
        s.silence()
        bots = [HeuristicBot(derive_seed(8, k * players + i), cards) if i == seat
                else old(derive_seed(8, k * players + i)) for i in range(players)]
        while not s.is_terminal():
            p = s.to_move()[0]
            s.apply(p, bots[p].act(PlayerView(s, p)))
        won = s.winners()
        wins += (1 / len(won)) if seat in won else 0.0
    lo, hi = wilson(wins, games)
    return (f"greedy (new discards) against {players - 1} x greedy (old) in {games} {players}-player games: "
            f"{wins / games:.1%} [{lo:.1%}, {hi:.1%}] (even: {1 / players:.1%})")


def work(job: dict[str, Any]) -> dict[str, Any]:
    """The figures of one game in one tree (run in a child process)."""
    seconds = job["seconds"]
    out: dict[str, Any] = {}
    if job["game"] == CATAN:
        for silent in (False, True):
            out[f"catan_steps_{'silent' if silent else 'rec'}"] = random_steps(CATAN, {}, seconds, silent)
        out["catan_legal_us"], out["catan_legal_again_us"] = legal_call_us(CATAN, {})
        out["catan_legal_play_us"] = legal_in_play_us(CATAN, {})
        out["catan_greedy_per_s"] = greedy_decisions(CATAN, {}, seconds)
        return out
    for silent in (False, True):
        for n in job["players"]:
            out[f"ccg{n}_steps_{'silent' if silent else 'rec'}"] = random_steps(CCG, {"players": n}, seconds, silent)
    out["ccg2_legal_us"], out["ccg2_legal_again_us"] = legal_call_us(CCG, {"players": 2})
    out["ccg2_legal_play_us"] = legal_in_play_us(CCG, {"players": 2})
    for n in job["players"]:
        out[f"ccg{n}_greedy_per_s"] = greedy_decisions(CCG, {"players": n}, seconds)
    built, decided = actions_built(CCG, {"players": 2})
    out["ccg2_actions_built"], out["ccg2_actions_decisions"] = built, decided
    return out


def table(runs: dict[str, list[dict[str, Any]]], players: list[int]) -> list[str]:
    """The figures of each tree (min / median / max over the rounds) and the ratios."""
    lines = []
    names = list(runs)

    def row(label: str, values: dict[str, list[float]], fmt: str) -> None:
        cells = "   ".join(f"{name}: {summary(v, fmt)}" for name, v in values.items())
        lines.append(f"{label:<34} {cells}")

    def col(key: str) -> dict[str, list[float]]:
        return {name: [r[key] for r in runs[name]] for name in names}

    def ratio(key: str, ref: str) -> dict[str, list[float]]:
        return {name: [r[key] / r[ref] for r in runs[name]] for name in names}

    for tag in ("rec", "silent"):
        row(f"catan random steps/s ({tag})", col(f"catan_steps_{tag}"), ",.0f")
        for n in players:
            row(f"ccg {n}p random steps/s ({tag})", col(f"ccg{n}_steps_{tag}"), ",.0f")
            row("  ratio to catan", ratio(f"ccg{n}_steps_{tag}", f"catan_steps_{tag}"), ".3f")
    row("catan legal_actions µs (fresh clone)", col("catan_legal_us"), ".2f")
    row("ccg 2p legal_actions µs (fresh clone)", col("ccg2_legal_us"), ".2f")
    row("  ratio to catan", ratio("ccg2_legal_us", "catan_legal_us"), ".2f")
    row("catan legal_actions µs (in play)", col("catan_legal_play_us"), ".2f")
    row("ccg 2p legal_actions µs (in play)", col("ccg2_legal_play_us"), ".2f")
    row("  ratio to catan", ratio("ccg2_legal_play_us", "catan_legal_play_us"), ".2f")
    row("ccg 2p legal_actions µs (again)", col("ccg2_legal_again_us"), ".2f")
    row("catan greedy decisions/s", col("catan_greedy_per_s"), ",.0f")
    for n in players:
        row(f"ccg {n}p greedy decisions/s", col(f"ccg{n}_greedy_per_s"), ",.0f")
        row("  ratio to catan", ratio(f"ccg{n}_greedy_per_s", "catan_greedy_per_s"), ".3f")
    per = {name: [r["ccg2_actions_built"] / max(1, r["ccg2_actions_decisions"]) for r in runs[name]]
           for name in names}
    row("ccg 2p Action objects per decision", per, ".3f")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="rounds (one child process per tree each)")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per rate")
    ap.add_argument("--players", default="2,4", help="player counts of the card game (comma-separated)")
    ap.add_argument("--baseline", metavar="REV", help="also measure a git revision (or a directory)")
    ap.add_argument("--reference", metavar="REV",
                    help="the tree whose catan-deckbuilding is the reference (default: the baseline, else this tree)")
    ap.add_argument("--json", help="also write every round's figures to this file")
    ap.add_argument("--ladder", type=int, metavar="GAMES",
                    help="instead: the greedy bot against its version before the discard change, GAMES games "
                         "for each player count of --players")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        print(json.dumps(work(json.loads(a.worker))))
        return
    players = [int(x) for x in a.players.split(",")]
    if a.ladder:
        for n in players:
            print(discard_ladder(a.ladder, n))
        return
    trees = {"this tree": ROOT}
    if a.baseline:
        trees = {"baseline": baseline_tree(a.baseline), "this tree": ROOT}
    ref_rev = a.reference or a.baseline
    reference = baseline_tree(ref_rev) if ref_rev else ROOT
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    jobs = [("catan", reference, {"seconds": a.seconds, "game": CATAN})]
    jobs += [(name, tree, {"seconds": a.seconds, "game": CCG, "players": players}) for name, tree in trees.items()]
    for r in range(a.rounds):
        got: dict[str, dict[str, Any]] = {}
        for name, tree, job in jobs if r % 2 == 0 else jobs[::-1]:
            got[name] = run_in(tree, __file__, job)
        for name in trees:  # each tree's figures with the reference of the same round
            runs[name].append({**got["catan"], **got[name]})
    print(f"python {platform.python_version()}, {platform.machine()}; {a.rounds} rounds, CPU time, "
          f"min / median / max; catan-deckbuilding of {ref_rev or 'this tree'}"
          + (f"; baseline {a.baseline}" if a.baseline else ""))
    print("\n".join(table(runs, players)))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(runs, f, indent=2)


if __name__ == "__main__":
    main()

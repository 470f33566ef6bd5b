"""Whole Mega Civilization games with given bots, and what happened in each (issue 17).

    python tools/mega_civ/measure.py --players 5 --bots greedy --games 20 [--map full]
        [--seed 1] [--rotate] [--options k=v,k=v] [--json out.json] [--quiet]

``--bots`` is one bot spec for every seat, or one per seat separated by ``/``
(``ismcts:time=1/strategic/strategic/strategic/strategic``); with ``--rotate`` the
list turns by one seat per game, so a bot plays every seat in turn. Game ``i`` uses
seed ``seed + i`` for the game and ``1000 * (seed + i) + seat`` for each bot.

Per game: turns and why it ended (the AST or the turn cap), token conflicts, attacks
on cities (and how many the attacker won), ships built and ships that sailed (a
ship paid from the treasury may stay in port: it turns 2 treasury tokens back into
stock), tax revolts, cities built and
held at the end, support reductions, advances owned at the end, calamities, moves
that bring a token straight back the way it came this turn, and CPU seconds (bots
and engine apart). Then the averages, the share of games with conflicts and city
attacks, tax revolts per player per 10 turns, and the win rate of every seat
(civilization) and every bot spec with 95% Wilson intervals (a shared win counts
1/k to each of its k winners). One process, one core: run it with ``nice``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.games.mega_civ.state import REDUCE
from civtable.sim.stats import wilson

FIGURES = {"turns": "turns", "conflicts": "confl", "city_attacks": "attacks", "city_wins": "won", "ships": "ships",
           "ships_sailed": "sailed", "tax_revolts": "revolts", "cities_built": "built", "cities_held": "held",
           "reductions": "reduce", "advances": "adv", "calamities": "calam", "back_and_forth": "back"}
"""The counts of a game, with their column heads in the line per game."""


@dataclass
class GameFigures:
    seed: int
    players: list[str]
    civilizations: list[str]
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIGURES, 0))
    """``FIGURES``: how many of each in this game."""
    ended_by_ast: bool = False
    winners: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    cities_by_seat: list[int] = field(default_factory=list)
    ships_by_seat: list[int] = field(default_factory=list)
    attacks_by_seat: list[int] = field(default_factory=list)
    slowest_by_seat: list[float] = field(default_factory=list)
    """The most CPU seconds one decision of each seat's bot took."""
    cpu_bots: float = 0.0
    cpu_engine: float = 0.0
    decisions: int = 0

    def to_json(self) -> dict[str, Any]:
        """The figures as one flat mapping (the counts beside the rest)."""
        out = asdict(self)
        return {**out.pop("counts"), **out}

    def line(self) -> str:
        """The line of this game under ``HEADER``."""
        won = ",".join(f"{self.civilizations[w]}({self.players[w]})" for w in self.winners)
        counts = " ".join(f"{self.counts[k]:>{len(head)}}" for k, head in FIGURES.items() if k != "turns")
        return (f"{self.seed:>4} {self.counts['turns']:>5} {'AST' if self.ended_by_ast else 'cap':<4} {counts} "
                f"{self.cpu_bots + self.cpu_engine:>5.1f}  {won}")


HEADER = f"seed turns end  {' '.join(head for k, head in FIGURES.items() if k != 'turns')}  cpu   winner"


def play(n: int, specs: list[str], seed: int, map_name: str, options: dict[str, Any]) -> GameFigures:
    game = civtable.load_game("mega-civ", players=n, map=map_name, **options)
    bots = [make_agent(specs[p], game, 1000 * seed + p) for p in range(n)]
    clock = time.process_time
    start = clock()
    state = game.new_state(seed=seed)
    f = GameFigures(seed, list(specs), list(state.civ))  # type: ignore[attr-defined]
    f.ships_by_seat = [0] * n
    f.attacks_by_seat = [0] * n
    f.slowest_by_seat = [0.0] * n
    went: dict[tuple[int, int], set[tuple[str, str]]] = {}
    bot_time = 0.0
    while not state.is_terminal():
        p = state.to_move()[0]
        t0 = clock()
        action = bots[p].act(PlayerView(state, p))
        spent = clock() - t0
        bot_time += spent
        if spent > f.slowest_by_seat[p]:
            f.slowest_by_seat[p] = spent
        kind = action.kind
        if kind == "ship":
            f.counts["ships"] += 1
        elif kind == "sail":
            f.counts["ships_sailed"] += 1
            f.ships_by_seat[p] += 1
        elif kind == "city":
            f.counts["cities_built"] += 1
        elif kind == "reduce" and state.step == REDUCE:  # type: ignore[attr-defined]
            f.counts["reductions"] += 1
        elif kind == "move":
            key = (p, state.turn)
            src, dst = action.args[0], action.args[-1]
            seen = went.setdefault(key, set())
            if (dst, src) in seen:
                f.counts["back_and_forth"] += 1
            seen.add((src, dst))
        state.apply(p, action)
        f.decisions += 1
    f.cpu_bots = bot_time
    f.cpu_engine = clock() - start - bot_time
    s: Any = state
    f.counts["turns"] = s.turn
    f.ended_by_ast = any(a >= s.rules.tables.spaces for a in s.ast)
    for e in s.events(None):
        if e.id == "conflict.fought":
            f.counts["conflicts"] += 1
        elif e.id == "city.fell":
            f.counts["city_attacks"] += 1
            f.attacks_by_seat[e.args["attacker"]] += 1
        elif e.id == "city.plundered":
            f.counts["city_wins"] += 1
        elif e.id in ("revolt.city", "revolt.destroyed"):
            f.counts["tax_revolts"] += 1
        elif e.id == "calamity.struck":
            f.counts["calamities"] += 1
    f.cities_by_seat = [len(s.cities_of(p)) for p in range(n)]
    f.counts["cities_held"] = sum(f.cities_by_seat)
    f.counts["advances"] = sum(len(o) for o in s.owned)
    f.winners = s.winners()
    f.vp = [s.vp(p) for p in range(n)]
    return f


def rate(wins: float, games: int) -> str:
    lo, hi = wilson(wins, games)
    return f"{wins / games:5.1%} [{lo:5.1%}, {hi:5.1%}]" if games else "-"


def summary(results: list[GameFigures], n: int) -> dict[str, Any]:
    g = len(results)
    mean = {k: statistics.fmean(r.counts[k] for r in results) for k in FIGURES}
    turns = sum(r.counts["turns"] for r in results)
    by_civ: dict[str, list[float]] = {}
    by_spec: dict[str, list[float]] = {}
    for r in results:
        for p in range(n):
            share = 1 / len(r.winners) if p in r.winners else 0.0
            for key, table in ((r.civilizations[p], by_civ), (r.players[p], by_spec)):
                row = table.setdefault(key, [0.0, 0])
                row[0] += share
                row[1] += 1
    cpu = [r.cpu_bots + r.cpu_engine for r in results]
    return {
        "games": g, "players": n, "mean": mean,
        "min_max": {k: [min(r.counts[k] for r in results), max(r.counts[k] for r in results)] for k in FIGURES},
        "ended_by_ast": sum(r.ended_by_ast for r in results),
        "games_with_conflicts": sum(r.counts["conflicts"] > 0 for r in results),
        "games_with_city_attacks": sum(r.counts["city_attacks"] > 0 for r in results),
        "tax_revolts_per_player_per_10_turns": 10 * sum(r.counts["tax_revolts"] for r in results) / max(1, n * turns),
        "cpu_per_game": statistics.fmean(cpu), "cpu_max": max(cpu),
        "cpu_bots_share": sum(r.cpu_bots for r in results) / max(1e-9, sum(cpu)),
        "cpu_per_turn": sum(cpu) / max(1, turns),
        "civilizations": {c: {"wins": w, "seats": k, "rate": w / k, "interval": wilson(w, k)}
                          for c, (w, k) in by_civ.items()},
        "bots": {b: {"wins": w, "seats": k, "rate": w / k, "interval": wilson(w, k),
                     "slowest_decision": max(r.slowest_by_seat[p] for r in results for p in range(n)
                                             if r.players[p] == b)}
                 for b, (w, k) in by_spec.items()},
        "ships_by_civilization": _by_civ(results, n, "ships_by_seat"),
        "cities_by_civilization": _by_civ(results, n, "cities_by_seat"),
        "attacks_by_civilization": _by_civ(results, n, "attacks_by_seat"),
    }


def _by_civ(results: list[GameFigures], n: int, name: str) -> dict[str, float]:
    out: dict[str, list[float]] = {}
    for r in results:
        for p in range(n):
            out.setdefault(r.civilizations[p], []).append(getattr(r, name)[p])
    return {c: statistics.fmean(v) for c, v in out.items()}


def print_summary(s: dict[str, Any], out: Any = sys.stdout) -> None:
    g = s["games"]
    print(f"\n{g} games, {s['players']} players", file=out)
    for k in FIGURES:
        lo, hi = s["min_max"][k]
        print(f"  {k:<16} {s['mean'][k]:8.1f}   ({lo}-{hi})", file=out)
    print(f"  ended by the AST {s['ended_by_ast']}/{g}; games with conflicts {s['games_with_conflicts']}/{g}, "
          f"with city attacks {s['games_with_city_attacks']}/{g}", file=out)
    print(f"  tax revolts per player per 10 turns {s['tax_revolts_per_player_per_10_turns']:.2f}", file=out)
    print(f"  CPU {s['cpu_per_game']:.1f} s/game (max {s['cpu_max']:.1f}), {s['cpu_per_turn']:.3f} s/turn, "
          f"bots {s['cpu_bots_share']:.0%}", file=out)
    print("  win rate by civilization (95% interval):", file=out)
    for c, row in sorted(s["civilizations"].items(), key=lambda kv: -kv[1]["rate"]):
        ships = s["ships_by_civilization"][c]
        cities = s["cities_by_civilization"][c]
        attacks = s["attacks_by_civilization"][c]
        print(f"    {c:<10} {rate(row['wins'], row['seats'])}  cities {cities:4.1f}  ships sailed {ships:4.1f}  "
              f"city attacks {attacks:4.1f}", file=out)
    if len(s["bots"]) > 1:
        print("  win rate by bot:", file=out)
        for b, row in s["bots"].items():
            print(f"    {b:<30} {rate(row['wins'], row['seats'])}  ({row['seats']} seats, slowest decision "
                  f"{row['slowest_decision']:.2f} s)", file=out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--bots", default="greedy", help="one spec, or one per seat separated by '/'")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--map", default="full")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rotate", action="store_true", help="turn the bot list by one seat per game")
    ap.add_argument("--options", default="", help="game options, k=v,k=v")
    ap.add_argument("--json", help="write every game's figures and the summary to this file")
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    a = ap.parse_args(argv)
    n = a.players
    specs = a.bots.split("/")
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        ap.error(f"--bots names {len(specs)} bots for {n} players")
    options = dict(kv.split("=", 1) for kv in a.options.split(",") if kv)
    results = []
    if not a.quiet:
        print(HEADER)
    for i in range(a.games):
        seats = specs[-(i % n):] + specs[:-(i % n)] if a.rotate and i % n else specs
        f = play(n, seats, a.seed + i, a.map, options)
        results.append(f)
        if not a.quiet:
            print(f.line(), flush=True)
    s = summary(results, n)
    print_summary(s)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as out:
            json.dump({"games": [r.to_json() for r in results], "summary": s, "map": a.map, "bots": specs}, out,
                      indent=1)


if __name__ == "__main__":
    main()

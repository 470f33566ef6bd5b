"""Wall time of the designers' searches (issue 29), against a plain batch in the same run
(a measurement, not a test; the machine may be shared: the load average is printed).

    python benchmarks/bench_design.py [--games 500] [--workers 2] [--trials 20] [--trial-games 200]

- reference: ``simulate`` of ``--games`` civ-card-game games, greedy against greedy;
- a 5-point sweep of Writing's cost (``cards.writing.cost=8..16:2``) at ``--games`` a
  point: its time and its ratio to 5 reference batches (the overhead of the data
  files, the pairing and the figures);
- one balance search (``cards.writing.cost=6..20:2`` toward equal seat win rates,
  ``--trials`` trials of ``--trial-games`` games, the best 3 played again on twice as
  many fresh games): its time and its ratio to the games it plays at the reference speed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from civtable.sim.balance import balance
from civtable.sim.batch import simulate
from civtable.sim.sweep import sweep

GAME, BOTS = "civ-card-game", ["greedy", "greedy"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--trial-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    out: dict[str, object] = {"machine": platform.machine(), "python": platform.python_version(),
                              "cpus": os.cpu_count(), "load_before": os.getloadavg(), "workers": args.workers}

    start = time.perf_counter()
    simulate(GAME, {}, BOTS, args.games, args.seed, workers=args.workers)
    reference = time.perf_counter() - start
    out["reference_seconds"] = round(reference, 2)

    start = time.perf_counter()
    swept = sweep(GAME, {}, BOTS, ["cards.writing.cost=8..16:2"], args.games, args.seed, workers=args.workers)
    seconds = time.perf_counter() - start
    out["sweep"] = {"points": len(swept["labels"]), "games_per_point": args.games, "seconds": round(seconds, 1),
                    "ratio_to_reference": round(seconds / (5 * reference), 2)}

    start = time.perf_counter()
    found = balance(GAME, {}, BOTS, ["cards.writing.cost=6..20:2"], "seat win rates equal", trials=args.trials,
                    games=args.trial_games, seed=args.seed, workers=args.workers)
    seconds = time.perf_counter() - start
    played = len(found["trials"]) * args.trial_games + len(found["confirmed"]) * found["confirm_games"]
    distinct = len({h["label"] for h in found["trials"]}) * args.trial_games + \
        len(found["confirmed"]) * found["confirm_games"]
    out["balance"] = {"trials": len(found["trials"]), "games_per_trial": args.trial_games,
                      "distinct_points": len({h["label"] for h in found["trials"]}),
                      "confirm_games": found["confirm_games"], "games_played": distinct,
                      "seconds": round(seconds, 1),
                      "ratio_to_reference": round(seconds / (distinct / args.games * reference), 2),
                      "best": found["best"]["label"] if found["best"] else None,
                      "trials_if_every_one_were_played": played}
    out["load_after"] = os.getloadavg()
    text = json.dumps(out, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()

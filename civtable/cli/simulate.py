"""``civtable simulate``: many games between bots, with the statistics a designer reads."""

from __future__ import annotations

import argparse
import secrets

from civtable.agents import split_players
from civtable.sim.batch import check_batch, simulate
from civtable.sim.recordset import MANIFEST, RecordSet
from civtable.sim.report import check_output, print_summary, write_json
from civtable.sim.stats import summarise

from .common import game_options, interactive, option_arg, positive, progress_bar


def run(args: argparse.Namespace) -> int:
    specs = split_players(args.players)
    positive(args.games, "--games")
    positive(args.workers, "--workers")
    positive(args.max_steps, "--max-steps")
    options = game_options(args)
    json_path = check_output(args.json, args.force) if args.json else None
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    records = None
    if args.records:
        game = check_batch(args.game, options, specs, args.games, args.workers, args.max_steps)
        records = RecordSet(args.records, args.games, args.force,
                            {"game": game.id, "options": game.options, "players": specs, "games": args.games,
                             "seed": seed})
    progress, stop = progress_bar(not args.quiet and interactive())
    try:
        batch = simulate(
            args.game, options, specs, args.games, seed, workers=args.workers,
            progress=progress, keep_records=records is not None, max_steps=args.max_steps,
            on_result=records.add if records is not None else None,
        )
    except BaseException:
        if records is not None:
            records.abandon()
        raise
    finally:
        stop()
    if records is not None:
        records.finish()
    summary = summarise(batch)
    print_summary(summary)
    if json_path is not None:
        write_json(summary, json_path, force=args.force)
        print(f"Wrote {json_path}")
    if records is not None:
        print(f"Wrote {records.written} records in {records.folder} (listed in {records.folder / MANIFEST})")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("simulate", help="play many games between bots and show the statistics",
                       description="Play many games between bots; show wins with 95% confidence intervals.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", required=True, metavar="BOT,BOT,...", help="one bot per seat")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, help="the master seed (default: random, shown in the report)")
    p.add_argument("--workers", type=int, default=1, help="processes to use (default 1); results do not depend on it")
    p.add_argument("--max-steps", type=int, metavar="N", help="stop a game after N actions (counted as unfinished)")
    option_arg(p)
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--records", metavar="DIR", help="write every game's record in this directory")
    p.add_argument("--force", action="store_true", help="overwrite the --json file and records")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)

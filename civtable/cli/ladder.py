"""``civtable ladder``: bots rated against each other (Elo with intervals)."""

from __future__ import annotations

import argparse
import secrets

from civtable.agents import split_players
from civtable.sim.ladder import ladder
from civtable.sim.report import check_output, print_ladder, write_json

from .common import UsageError, game_options, interactive, option_arg, positive, progress_bar


def run(args: argparse.Namespace) -> int:
    bots = split_players(args.players)
    if len(bots) < 2:
        raise UsageError(f"a ladder needs at least 2 bots in --players, not {len(bots)}")
    if args.games < 2:
        raise UsageError(f"--games must be at least 2, not {args.games}")
    positive(args.workers, "--workers")
    options = game_options(args)
    json_path = check_output(args.json, args.force) if args.json else None
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    progress, stop = progress_bar(not args.quiet and interactive())
    try:
        summary = ladder(args.game, options, bots, args.games, seed, workers=args.workers, progress=progress)
    finally:
        stop()
    print_ladder(summary)
    if json_path is not None:
        write_json(summary, json_path, force=args.force)
        print(f"Wrote {json_path}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("ladder", help="rate bots by playing them against each other (Elo)",
                       description="Play a round robin between bots, seats rotated; show Elo ratings with 95% "
                                   "confidence intervals and the win-rate matrix.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", required=True, metavar="BOT,BOT,...", help="the bots to rate (at least 2)")
    p.add_argument("--games", type=int, default=20,
                   help="games per pair of bots, half in each seating (default 20); in games of more than "
                        "2 seats, rounds of one game per rotation of the bot list")
    p.add_argument("--seed", type=int, help="the master seed (default: random, shown in the report)")
    p.add_argument("--workers", type=int, default=1, help="processes to use (default 1); results do not depend on it")
    option_arg(p)
    p.add_argument("--json", metavar="FILE", help="also write the ratings and matrix as JSON")
    p.add_argument("--force", action="store_true", help="overwrite the --json file")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)

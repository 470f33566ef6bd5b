"""``civtable simulate``: many games between bots, with the statistics a designer reads."""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path

from civtable.agents import split_players
from civtable.core.errors import CivtableError
from civtable.sim.batch import simulate
from civtable.sim.report import check_output, print_summary, write_json
from civtable.sim.stats import summarise

from .common import game_options, interactive, option_arg, positive, progress_bar


def records_dir(path: str, games: int, force: bool) -> Path:
    """Where ``--records`` puts one file per game; refuses to overwrite without --force."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise CivtableError(f"{folder} is a file, not a directory for records")
    if not force and folder.is_dir():
        clash = [folder / record_name(i) for i in range(games) if (folder / record_name(i)).exists()]
        if clash:
            raise CivtableError(f"{clash[0]} already exists; use --force to overwrite records")
    return folder


def record_name(index: int) -> str:
    return f"game-{index + 1:05d}.jsonl"


def run(args: argparse.Namespace) -> int:
    specs = split_players(args.players)
    positive(args.games, "--games")
    positive(args.workers, "--workers")
    positive(args.max_steps, "--max-steps")
    options = game_options(args)
    json_path = check_output(args.json, args.force) if args.json else None
    folder = records_dir(args.records, args.games, args.force) if args.records else None
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    progress, stop = progress_bar(not args.quiet and interactive())
    try:
        batch = simulate(
            args.game, options, specs, args.games, seed, workers=args.workers,
            progress=progress, keep_records=folder is not None, max_steps=args.max_steps,
        )
    finally:
        stop()
    summary = summarise(batch)
    print_summary(summary)
    if json_path is not None:
        write_json(summary, json_path, force=args.force)
        print(f"Wrote {json_path}")
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for i, result in enumerate(batch.results):
            result.record().save(folder / record_name(i), overwrite=args.force)
        print(f"Wrote {len(batch.results)} records in {folder}")
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

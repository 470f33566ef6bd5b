"""``civtable ladder``: bots rated against each other (Elo with intervals)."""

from __future__ import annotations

import argparse

import civtable.cli.common as common  # not `from . import`: that imports cli/__init__, which imports this
from civtable.agents import split_players
from civtable.core.commands import Command
from civtable.i18n import N_
from civtable.sim.ladder import ladder
from civtable.sim.report import check_output, print_ladder


def run(args: argparse.Namespace) -> int:
    bots = split_players(args.players)
    if len(bots) < 2:
        raise common.UsageError(f"a ladder needs at least 2 bots in --players, not {len(bots)}")
    if args.games < 2:
        raise common.UsageError(f"--games must be at least 2, not {args.games}")
    common.positive(args.workers, "--workers")
    options = common.game_options(args)
    json_path = check_output(args.json, args.force) if args.json else None
    progress, stop = common.progress_bar(not args.quiet and common.interactive())
    try:
        summary = ladder(args.game, options, bots, args.games, common.seed_of(args), workers=args.workers,
                         progress=progress, backend=args.backend, address=args.address)
    finally:
        stop()
    tr = common.translator_of(args)
    if summary.get("partial"):
        print(tr.t("Interrupted: the ratings of the {n} games finished (partial)", n=summary["games"]))
    print_ladder(summary, tr=tr)
    common.write_figures(summary, json_path, args.force)
    return 130 if summary.get("partial") else 0


def arguments(p: argparse.ArgumentParser) -> None:
    common.batch_args(p, N_("the bots to rate (at least 2)"),
                      N_("games per pair of bots, half in each seating (default 20); in games of more than 2 seats, "
                         "rounds of one game per rotation of the bot list"), 20,
                      N_("also write the ratings and matrix as JSON"))


COMMAND = Command("ladder", "rate bots by playing them against each other (Elo)",
                  "Play a round robin between bots, seats rotated; show Elo ratings with "
                  "confidence intervals of 95% and the win-rate matrix.", arguments, run)

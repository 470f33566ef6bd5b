"""``civtable simulate``: many games between bots, with the statistics a designer reads."""

from __future__ import annotations

import argparse

import civtable.cli.common as common  # not `from . import`: that imports cli/__init__, which imports this
from civtable.agents import split_players
from civtable.core.commands import Command
from civtable.i18n import N_
from civtable.sim.batch import check_batch, simulate
from civtable.sim.recordset import MANIFEST
from civtable.sim.report import check_output, print_summary
from civtable.sim.stats import summarise


def run(args: argparse.Namespace) -> int:
    specs = split_players(args.players)
    common.positive(args.games, "--games")
    common.positive(args.workers, "--workers")
    common.positive(args.max_steps, "--max-steps")
    options = common.game_options(args)
    json_path = check_output(args.json, args.force) if args.json else None
    report = check_output(args.report, args.force) if args.report else None
    seed = common.seed_of(args)
    game = check_batch(args.game, options, specs, args.games, args.workers, args.max_steps)
    sink = common.exports(args, nested=False)
    on_result = None if sink is None else sink.start("simulate", args.game, dict(game.options), specs, args.games,
                                                     seed)
    progress, stop = common.progress_bar(not args.quiet and common.interactive())
    with common.playing(sink, stop):
        batch = simulate(
            args.game, options, specs, args.games, seed, workers=args.workers,
            progress=progress, keep_records=sink is not None and sink.records is not None, max_steps=args.max_steps,
            on_result=on_result, backend=args.backend, address=args.address,
            keep_results=False,  # counted as they end (batch.tally): the memory does not grow with --games
        )
    if sink is not None:
        sink.end(batch.partial)
        sink.close()
    summary = summarise(batch)
    tr = common.translator_of(args)
    print_summary(summary, tr=tr)
    common.write_figures(summary, json_path, args.force, report, tr)
    if sink is not None and sink.csv is not None:
        print(tr.t("Wrote {file}", file=sink.csv))
    if sink is not None and sink.records is not None:
        print(tr.t("Wrote {n} records in {folder} (listed in {manifest})", n=sink.written, folder=sink.records,
                   manifest=sink.records / MANIFEST))
    return 130 if batch.partial else 0


def arguments(p: argparse.ArgumentParser) -> None:
    common.report_arg(p)
    common.batch_args(p, N_("one bot per seat"), N_("how many games (default 100)"), 100,
                      N_("also write the figures as JSON"))
    p.add_argument("--max-steps", type=int, metavar="N", help="stop a game after N actions (counted as unfinished)")
    p.add_argument("--records", metavar="DIR", help="write every game's record in this directory (with a "
                                                    "manifest.jsonl of those complete)")
    common.export_args(p, records=False)


COMMAND = Command("simulate", "play many games between bots and show the statistics",
                  "Play many games between bots; show wins with confidence intervals (95%).", arguments, run)

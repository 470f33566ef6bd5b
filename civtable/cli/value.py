"""``civtable value``: what an item is worth, by paired games in which a seat is given
it at the start (or it is removed from the game), beside its holders' win rate."""

from __future__ import annotations

import argparse
from typing import Any

from civtable.agents import split_players
from civtable.core.commands import Command
from civtable.sim.report import check_output
from civtable.sim.value import value

from . import common


def pct(x: float | None, signed: bool = False) -> str:
    if x is None:
        return "n/a"
    return f"{100 * x:+.1f}" if signed else f"{100 * x:.1f}%"


def show(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console()
    remove = summary["mode"] == "remove"
    console.print(escape(f"{summary['game']}: {summary['games']} games per treatment on the same seeds (seed "
                         f"{summary['seed']}), bots {','.join(summary['players'])}; mean win rate "
                         f"{pct(summary['mean_win_rate'])}"), highlight=False)
    if summary.get("partial"):
        console.print(escape(f"Interrupted: {len(summary['items'])} of {len(summary['items_planned'])} items "
                             "measured (partial)"), style="bold", highlight=False)
    if remove:
        table = Table(title="Item removed from the game: change of each seat's win rate (points of %, paired; "
                            "* 95% interval excludes 0)", title_justify="left")
        table.add_column("Item")
        for s in range(len(summary["players"])):
            table.add_column(f"seat {s}", justify="right")
        table.add_column("turns", justify="right")
        for r in summary["items"]:
            cells = [_cell(d) for d in r["by_seat"]]
            t = r["turns"]
            cells.append("n/a" if t["diff"] is None else f"{t['diff']:+.2g}" + (" *" if t["significant"] else ""))
            table.add_row(escape(r["item"]), *cells)
    else:
        table = Table(title="Item given at the start: change of the seat's win rate (points of %, paired; * 95% "
                            "interval excludes 0), beside the holders' win rate at the end", title_justify="left")
        for column, justify in (("Item", "left"), ("Value", "right"), ("95% CI", "right"), ("", "left"),
                                ("Holders won", "right"), ("Others won", "right")):
            table.add_column(column, justify=justify)  # type: ignore[arg-type]
        for r in summary["items"]:
            v, o = r["value"], r.get("observed") or {}
            ci = "n/a" if v["ci95"] is None else f"{pct(v['ci95'][0], True)} .. {pct(v['ci95'][1], True)}"
            table.add_row(escape(r["item"]), pct(v["diff"], True), ci, "*" if v["significant"] else "",
                          pct(o.get("win_rate")), pct(o.get("win_rate_without")))
    console.print(table)
    console.print(escape(summary["why"]), highlight=False)


def _cell(d: dict[str, Any]) -> str:
    return "n/a" if d["diff"] is None else pct(d["diff"], True) + (" *" if d["significant"] else "")


def run(args: argparse.Namespace) -> int:
    specs = split_players(args.players)
    common.positive(args.games, "--games")
    common.positive(args.workers, "--workers")
    json_path = check_output(args.json, args.force) if args.json else None
    report = check_output(args.report, args.force) if args.report else None
    seats = None if args.seat is None else [args.seat]
    progress, stop = common.progress_bar(not args.quiet and common.interactive())
    try:
        summary = value(args.game, common.game_options(args), specs, args.item, args.games, common.seed_of(args),
                        seats=seats, remove=args.remove, workers=args.workers, progress=progress,
                        backend=args.backend, address=args.address)
    finally:
        stop()
    show(summary)
    common.write_figures(summary, json_path, args.force, report, common.translator_of(args))
    return 130 if summary["partial"] else 0


def arguments(p: argparse.ArgumentParser) -> None:
    common.report_arg(p)
    common.batch_args(p, "one bot per seat", "games per treatment, the same seeds in each (default 200)", 200,
                      "also write the values as JSON (for 'civtable report')")
    p.add_argument("--item", action="append", required=True, metavar="ITEM",
                   help="an item to value (repeatable): a card, advance... as 'civtable cards GAME' names it")
    p.add_argument("--seat", type=int, help="give the item to this seat only (default: each seat in turn, pooled)")
    p.add_argument("--remove", action="store_true",
                   help="take the item out of the game for everybody instead of giving it to a seat")


COMMAND = Command("value", "what an item is worth, by paired games with and without it",
                  "Play the same games (same seeds, same bots) as they are and with a seat starting with the "
                  "item (or with the item removed from the game), and show the change of the win rate with its "
                  "interval at 95% beside the observational win rate of the item's holders.", arguments, run)

"""``civtable compare``: rule variants on the same seeds, with paired differences."""

from __future__ import annotations

import argparse
from typing import Any

from civtable.agents import split_players
from civtable.core.commands import Command
from civtable.sim.compare import compare
from civtable.sim.report import check_output

from . import common


def variants(items: list[str] | None) -> list[dict[str, str]]:
    """``--variant reshuffle=B,win-timing=B`` (repeatable) as option dictionaries."""
    out = []
    for item in items or ():
        if item.strip() in ("default", ""):
            out.append({})
            continue
        out.append(common.parse_options(item.split(",")))
    return out


def show(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console()
    labels = summary["labels"]
    console.print(escape(f"{summary['game']}: {summary['games']} games per variant on the same seeds "
                         f"(seed {summary['seed']}), bots {','.join(summary['players'])}"), highlight=False)
    if summary.get("partial"):
        console.print(escape(f"Interrupted: the figures of the {summary['games']} games every variant shown "
                             f"finished, of {summary['games_planned']} (partial)"), style="bold", highlight=False)
    for k, lab in enumerate(labels[1:], 1):
        table = Table(title=escape(f"{lab} against {labels[0]} (paired differences; * the 95% interval "
                                   "excludes 0)"), title_justify="left")
        for column, justify in (("Figure", "left"), (labels[0], "right"), (lab, "right"),
                                ("Difference", "right"), ("95% CI", "right"), ("", "left")):
            table.add_column(escape(column), justify=justify)  # type: ignore[arg-type]
        for row in summary["figures"]:
            pct, d = row["rate"], row["differences"][k - 1]
            ci = "n/a" if d["ci95"] is None else f"{fmt(d['ci95'][0], pct, True)} .. {fmt(d['ci95'][1], pct, True)}"
            table.add_row(escape(row["figure"]), fmt(row["values"][0], pct), fmt(row["values"][k], pct),
                          fmt(d["diff"], pct, True), ci, "*" if d["significant"] else "")
        console.print(table)
    console.print(f"{summary['seconds']:.1f} s of games", highlight=False)


def fmt(x: float | None, pct: bool, signed: bool = False) -> str:
    if x is None:
        return "n/a"
    if pct:
        return f"{100 * x:+.1f}%" if signed else f"{100 * x:.1f}%"
    return f"{x:+.3g}" if signed else f"{x:.3g}"


def run(args: argparse.Namespace) -> int:
    specs = split_players(args.players)
    common.positive(args.games, "--games")
    common.positive(args.workers, "--workers")
    found = variants(args.variant)
    if len(found) < 2:
        raise common.UsageError("give at least two --variant (e.g. --variant default --variant reshuffle=B)")
    json_path = check_output(args.json, args.force) if args.json else None
    report = check_output(args.report, args.force) if args.report else None
    progress, stop = common.progress_bar(not args.quiet and common.interactive())
    try:
        summary = compare(args.game, common.game_options(args), found, specs, args.games, common.seed_of(args),
                          workers=args.workers, progress=progress, backend=args.backend, address=args.address)
    finally:
        stop()
    show(summary)
    common.write_figures(summary, json_path, args.force, report, common.translator_of(args))
    return 130 if summary["partial"] else 0


def arguments(p: argparse.ArgumentParser) -> None:
    common.report_arg(p)
    common.batch_args(p, "one bot per seat", "games per variant, the same seeds in each (default 200)", 200,
                      "also write the comparison as JSON")
    p.add_argument("--variant", action="append", metavar="NAME=VALUE[,NAME=VALUE]",
                   help="a rule variant to compare (repeatable, at least 2; 'default' for the defaults); the "
                        "first is the baseline; two card files: --variant cards=a.json --variant cards=b.json")


COMMAND = Command("compare", "compare rule variants on the same seeds (paired differences with intervals)",
                  "Play the same games (same seeds, same bots) under two or more rule variants and show every "
                  "figure per variant with the paired difference against the first and its interval at 95%.",
                  arguments, run)

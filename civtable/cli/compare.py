"""``civtable compare``: rule variants on the same seeds, with paired differences."""

from __future__ import annotations

import argparse
from typing import Any

import civtable.cli.common as common  # not `from . import`: that imports cli/__init__, which imports this
from civtable.agents import split_players
from civtable.core.commands import Command
from civtable.i18n import ENGLISH, N_, Translator
from civtable.sim.compare import compare
from civtable.sim.formats import pvalue


def variants(items: list[str] | None) -> list[dict[str, str]]:
    """``--variant reshuffle=B,win-timing=B`` (repeatable) as option dictionaries."""
    out = []
    for item in items or ():
        if item.strip() in ("default", ""):
            out.append({})
            continue
        out.append(common.parse_options(item.split(",")))
    return out


def show(summary: dict[str, Any], tr: Translator = ENGLISH) -> None:
    """The comparison's tables in the terminal, in ``tr``'s language: per figure each
    variant's value, the paired difference with its interval, the raw and the
    Holm-adjusted p-values, a star for what survives; then the warnings."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from civtable.sim.notes import paired

    console = Console()
    labels = summary["labels"]
    common.paired_header(console, summary, N_("{game}: {n} games per variant on the same seeds (seed {seed}), bots {bots}"),
                         N_("Interrupted: the figures of the {n} games every variant shown finished, of "
                            "{planned} (partial)"), tr)
    na = tr.t("n/a")
    family = summary.get("family", 1)
    checked: list[tuple[str, dict[str, Any]]] = []
    for k, lab in enumerate(labels[1:], 1):
        table = Table(title=escape(tr.t("{variant} against {base} (paired differences, 95% CI; * significant after "
                                        "the Holm adjustment)", variant=lab, base=labels[0])), title_justify="left")
        for column, justify in ((tr.pt("table column", "Figure"), "left"), (tr.pt("table column", "Games"), "right"),
                                (labels[0], "right"), (lab, "right"),
                                (tr.pt("table column", "Difference"), "right"), (tr.pt("table column", "95% CI"), "right"),
                                (tr.pt("table column", "p"), "right"), (tr.pt("table column", "p (Holm)"), "right"),
                                ("", "left")):
            table.add_column(escape(column), justify=justify)  # type: ignore[arg-type]
        for row in summary["figures"]:
            pct, d = row["rate"], row["differences"][k - 1]
            ci = na if d["ci95"] is None else (f"{fmt(d['ci95'][0], pct, True, tr)} .. "
                                               f"{fmt(d['ci95'][1], pct, True, tr)}")
            table.add_row(escape(row["figure"]), str(tr.number(d["n"])), fmt(row["values"][0], pct, tr=tr),
                          fmt(row["values"][k], pct, tr=tr), fmt(d["diff"], pct, True, tr), ci,
                          pvalue(d.get("p"), tr), pvalue(d.get("p_holm"), tr), "*" if d["significant"] else "")
            checked.append((f"{lab}: {row['figure']}", d))
        console.print(table)
    for line in paired(checked, family, tr):
        console.print(escape(line), style="yellow", highlight=False)
    seconds = f"{summary['seconds']:.1f}" if tr.english else str(tr.number(round(summary["seconds"], 1)))
    console.print(tr.t("{seconds} s of games", seconds=seconds), highlight=False)


def fmt(x: float | None, pct: bool, signed: bool = False, tr: Translator = ENGLISH) -> str:
    if x is None:
        return tr.t("n/a")
    if not tr.english:
        sign = ("+" if x >= 0 else "-") if signed else ("-" if x < 0 else "")
        if pct:
            return sign + tr.percent(float(f"{100 * abs(x):.1f}") / 100)
        return sign + str(tr.number(abs(float(f"{x:.3g}"))))
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
    return common.run_figures(args, lambda progress, sink: compare(
        args.game, common.game_options(args), found, specs, args.games, common.seed_of(args), workers=args.workers,
        progress=progress, backend=args.backend, address=args.address, sink=sink), show)


def arguments(p: argparse.ArgumentParser) -> None:
    common.report_arg(p)
    common.batch_args(p, N_("one bot per seat"), N_("games per variant, the same seeds in each (default 200)"), 200,
                      N_("also write the comparison as JSON"))
    p.add_argument("--variant", action="append", metavar="NAME=VALUE[,NAME=VALUE]",
                   help="a rule variant to compare (repeatable, at least 2; 'default' for the defaults); the "
                        "first is the baseline; two card files: --variant cards=a.json --variant cards=b.json")
    common.export_args(p)


COMMAND = Command("compare", "compare rule variants on the same seeds (paired differences with intervals)",
                  "Play the same games (same seeds, same bots) under two or more rule variants and show every "
                  "figure per variant with the paired difference against the first and its interval at 95%.",
                  arguments, run)

"""``civtable sweep``: every figure against a rule option or a field of the game's data,
on the same seeds at every point (``civtable.sim.sweep``)."""

from __future__ import annotations

import argparse
from typing import Any

import civtable.cli.common as common  # not `from . import`: that imports cli/__init__, which imports this
from civtable.agents import split_players
from civtable.core.commands import Command
from civtable.i18n import ENGLISH, N_, Translator


def cell(value: float | None, ci: list[float] | None, rate: bool, star: bool, tr: Translator) -> str:
    """"52.3% (49.1-55.4) *": a point's value, its interval and the star of its difference."""
    from .compare import fmt

    if value is None:
        return tr.t("n/a")
    text = fmt(value, rate, tr=tr)
    if ci:
        text += f" ({fmt(ci[0], rate, tr=tr)}-{fmt(ci[1], rate, tr=tr)})"
    return text + (" *" if star else "")


def show(summary: dict[str, Any], tr: Translator = ENGLISH) -> None:
    """Every figure (rows) at every point (columns) with its 95% interval; * where the
    paired difference from the first point survives the Holm adjustment; the warnings."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from civtable.sim.notes import paired

    console = Console()
    labels = summary["labels"]
    common.paired_header(console, summary, N_("{game}: {n} games per point on the same seeds (seed {seed}), bots {bots}"),
                         N_("Interrupted: the figures of the {n} games every point shown finished, of "
                            "{planned} (partial)"), tr)
    table = Table(title=escape(tr.t("Every figure at every point (95% CI; * differs from the first point after the "
                                    "Holm adjustment)")), title_justify="left")
    table.add_column(escape(tr.pt("table column", "Figure")))
    for lab in labels:
        table.add_column(escape(lab), justify="right")
    checked: list[tuple[str, dict[str, Any]]] = []
    for row in summary["figures"]:
        cells = []
        for k in range(len(labels)):
            d = row["differences"][k - 1] if k else None
            if d is not None:
                checked.append((f"{labels[k]}: {row['figure']}", d))
            cells.append(cell(row["values"][k], row["values_ci95"][k], row["rate"], bool(d and d["significant"]), tr))
        table.add_row(escape(row["figure"]), *cells)
    console.print(table)
    for line in paired(checked, summary.get("family", 1), tr):
        console.print(escape(line), style="yellow", highlight=False)
    seconds = f"{summary['seconds']:.1f}" if tr.english else str(tr.number(round(summary["seconds"], 1)))
    console.print(tr.t("{seconds} s of games", seconds=seconds), highlight=False)


def run(args: argparse.Namespace) -> int:
    from civtable.sim.sweep import sweep

    specs = split_players(args.players)
    common.positive(args.games, "--games")
    common.positive(args.workers, "--workers")
    common.positive(args.max_steps, "--max-steps")
    return common.run_figures(args, lambda progress, sink: sweep(
        args.game, common.game_options(args), specs, args.set or [], args.games, common.seed_of(args),
        workers=args.workers, progress=progress, max_steps=args.max_steps, backend=args.backend,
        address=args.address, sink=sink), show)


def arguments(p: argparse.ArgumentParser) -> None:
    common.grid_args(p, N_("games per point, the same seeds at every point (default 200)"),
                     N_("also write the sweep as JSON (for 'civtable report')"), "--set", "PATH=VALUES",
                     help="what to vary (repeatable: every combination is a point): a rule option (reshuffle=A,B) or a "
                          "field of the game's data (cards.writing.cost=8..16:2, both ends included)")
    common.export_args(p, records=False)


COMMAND = Command("sweep", "every figure against a rule option or a data field, on the same seeds",
                  "Play the same games (same seeds, same bots) at every value of a rule option or of a field of the "
                  "game's data (a card's cost...), and show every figure against it with its interval at 95% and "
                  "its paired difference from the first value.", arguments, run)

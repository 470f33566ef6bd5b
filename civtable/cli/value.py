"""``civtable value``: what an item is worth, by paired games in which a seat is given
it at the start (or it is removed from the game), beside its holders' win rate."""

from __future__ import annotations

import argparse
from typing import Any

import civtable.cli.common as common  # not `from . import`: that imports cli/__init__, which imports this
from civtable.agents import split_players
from civtable.core.commands import Command
from civtable.i18n import ENGLISH, N_, Translator
from civtable.sim.value import value


def pct(x: float | None, signed: bool = False, tr: Translator = ENGLISH) -> str:
    if x is None:
        return tr.t("n/a")
    if not tr.english:
        if signed:
            return ("+" if x >= 0 else "-") + str(tr.number(float(f"{abs(100 * x):.1f}")))
        return tr.percent(float(f"{100 * x:.1f}") / 100)
    return f"{100 * x:+.1f}" if signed else f"{100 * x:.1f}%"


def show(summary: dict[str, Any], tr: Translator = ENGLISH) -> None:
    """The values' table in the terminal, in ``tr``'s language: each item's value with its
    interval, raw and Holm-adjusted p, a star for what survives the adjustment, each
    seat that received it with its base rate, then the warnings."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from civtable.sim.formats import pvalue
    from civtable.sim.notes import paired

    console = Console()
    remove = summary["mode"] == "remove"
    console.print(escape(tr.t("{game}: {n} games per treatment on the same seeds (seed {seed}), bots {bots}; mean win "
                              "rate {rate} (fixed by construction: the winners of a game over its seats)",
                              game=summary["game"], n=summary["games"], seed=str(summary["seed"]),
                              bots=",".join(summary["players"]), rate=pct(summary["mean_win_rate"], tr=tr))),
                  highlight=False)
    if summary.get("partial"):
        console.print(escape(tr.t("Interrupted: {n} of {planned} items measured (partial)", n=len(summary["items"]),
                                  planned=len(summary["items_planned"]))), style="bold", highlight=False)
    na = tr.t("n/a")
    checked: list[tuple[str, dict[str, Any]]] = []
    if remove:
        table = Table(title=escape(tr.t("Item removed from the game: change of each seat's win rate (points of {pct}, "
                                        "paired; * significant after the Holm adjustment)", pct="%")),
                      title_justify="left")
        table.add_column(escape(tr.pt("table column", "Item")))
        for s in range(len(summary["players"])):
            table.add_column(escape(tr.pt("table column", "seat {n}", n=s)), justify="right")
        table.add_column(escape(tr.pt("table column", "turns")), justify="right")
        for r in summary["items"]:
            cells = [_cell(d, tr) for d in r["by_seat"]]
            checked.extend((f"{r['item']}, seat {d['seat']}", d) for d in r["by_seat"])
            t = r["turns"]
            checked.append((f"{r['item']}, turns", t))
            if t["diff"] is None:
                cells.append(na)
            else:
                diff = f"{t['diff']:+.2g}" if tr.english else (("+" if t["diff"] >= 0 else "-") +
                                                               str(tr.number(abs(float(f"{t['diff']:.2g}")))))
                cells.append(diff + (" *" if t["significant"] else ""))
            table.add_row(escape(r["item"]), *cells)
    else:
        table = Table(title=escape(tr.t("Item given at the start: change of the seat's win rate (points of {pct}, "
                                        "paired, 95% CI; * significant after the Holm adjustment), beside the holders' "
                                        "win rate at the end", pct="%")), title_justify="left")
        for column, justify in ((tr.pt("table column", "Item"), "left"), (tr.pt("table column", "Value"), "right"),
                                (tr.pt("table column", "95% CI"), "right"), (tr.pt("table column", "p"), "right"),
                                (tr.pt("table column", "p (Holm)"), "right"), ("", "left"),
                                (tr.pt("table column", "Holders won"), "right"),
                                (tr.pt("table column", "Others won"), "right")):
            table.add_column(escape(column), justify=justify)  # type: ignore[arg-type]
        for r in summary["items"]:
            v, o = r["value"], r.get("observed") or {}
            checked.append((r["item"], v))
            ci = na if v["ci95"] is None else f"{pct(v['ci95'][0], True, tr)} .. {pct(v['ci95'][1], True, tr)}"
            table.add_row(escape(r["item"]), pct(v["diff"], True, tr), ci, pvalue(v.get("p"), tr),
                          pvalue(v.get("p_holm"), tr), "*" if v["significant"] else "",
                          pct(o.get("win_rate"), tr=tr), pct(o.get("win_rate_without"), tr=tr))
    console.print(table)
    if not remove:
        console.print(seats_table(summary, tr))
    for line in paired(checked, summary.get("family", 1), tr):
        console.print(escape(line), style="yellow", highlight=False)
    why = summary["why"]  # WHY of civtable.sim.value, a message
    console.print(escape(tr.gettext(why)), highlight=False)


def seats_table(summary: dict[str, Any], tr: Translator = ENGLISH) -> Any:
    """The seat that received each item: its base win rate (95% CI, over its finished base
    games) and the change (Newcombe's interval; the games whose result changed, of the
    paired games)."""
    from rich.markup import escape
    from rich.table import Table

    na = tr.t("n/a")
    table = Table(title=escape(tr.t("The seats that received each item: base win rate and change (points)")),
                  title_justify="left")
    for column, justify in ((tr.pt("table column", "Item"), "left"), (tr.pt("table column", "Seat"), "right"),
                            (tr.pt("table column", "Base rate"), "right"), (tr.pt("table column", "95% CI"), "right"),
                            (tr.pt("table column", "Change"), "right"), (tr.pt("table column", "95% CI"), "right"),
                            (tr.pt("table column", "Changed/paired"), "right")):
        table.add_column(escape(column), justify=justify)  # type: ignore[arg-type]
    for r in summary["items"]:
        for d in r["by_seat"]:
            base = d.get("base_ci95")
            table.add_row(escape(r["item"]), str(d["seat"]), pct(d.get("base_win_rate"), tr=tr),
                          na if not base else f"{pct(base[0], tr=tr)} - {pct(base[1], tr=tr)}",
                          pct(d["diff"], True, tr),
                          na if not d["ci95"] else f"{pct(d['ci95'][0], True, tr)} .. {pct(d['ci95'][1], True, tr)}",
                          f"{d.get('pairs', 0)}/{d.get('n', 0)}")
    return table


def _cell(d: dict[str, Any], tr: Translator = ENGLISH) -> str:
    return tr.t("n/a") if d["diff"] is None else pct(d["diff"], True, tr) + (" *" if d["significant"] else "")


def run(args: argparse.Namespace) -> int:
    specs = split_players(args.players)
    common.positive(args.games, "--games")
    common.positive(args.workers, "--workers")
    seats = None if args.seat is None else [args.seat]
    return common.run_figures(args, lambda progress, sink: value(
        args.game, common.game_options(args), specs, args.item, args.games, common.seed_of(args), seats=seats,
        remove=args.remove, workers=args.workers, progress=progress, backend=args.backend, address=args.address,
        sink=sink), show)


def arguments(p: argparse.ArgumentParser) -> None:
    common.report_arg(p)
    common.batch_args(p, N_("one bot per seat"), N_("games per treatment, the same seeds in each (default 200)"), 200,
                      N_("also write the values as JSON (for 'civtable report')"))
    p.add_argument("--item", action="append", required=True, metavar="ITEM",
                   help="an item to value (repeatable): a card, advance... as 'civtable cards GAME' names it, in any case")
    p.add_argument("--seat", type=int, help="give the item to this seat only (default: each seat in turn, pooled)")
    p.add_argument("--remove", action="store_true",
                   help="take the item out of the game for everybody instead of giving it to a seat")
    common.export_args(p)


COMMAND = Command("value", "what an item is worth, by paired games with and without it",
                  "Play the same games (same seeds, same bots) as they are and with a seat starting with the "
                  "item (or with the item removed from the game), and show the change of the win rate with its "
                  "interval at 95% beside the observational win rate of the item's holders.", arguments, run)

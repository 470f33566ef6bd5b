"""``civtable balance``: search rule options and data fields toward a target with Optuna,
on paired seeds, and re-measure the best settings on fresh seeds (``civtable.sim.balance``)."""

from __future__ import annotations

import argparse
from typing import Any

import civtable.cli.common as common  # not `from . import`: that imports cli/__init__, which imports this
from civtable.agents import split_players
from civtable.core.commands import Command
from civtable.i18n import ENGLISH, N_, Translator


def show(summary: dict[str, Any], tr: Translator = ENGLISH) -> None:
    """The trials, then the best ones re-measured on fresh seeds, then the answer."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from civtable.sim.searchreport import measured

    from .compare import fmt

    console = Console()
    console.print(escape(tr.t("{game}: balance search toward '{target}', {trials} trials of {n} games on the same "
                              "seeds (seed {seed}), bots {bots}", game=summary["game"],
                              target=summary["target"]["text"], trials=len(summary["trials"]), n=summary["games"],
                              seed=str(summary["seed"]), bots=",".join(summary["players"]))), highlight=False)
    trials = Table(title=escape(tr.t("Trials (objective: 0 meets the target)")), title_justify="left")
    for column, justify in (("#", "right"), (tr.pt("table column", "Settings"), "left"),
                            (tr.pt("table column", "Objective"), "right"), (tr.pt("table column", "Measured"), "left")):
        trials.add_column(escape(column), justify=justify)  # type: ignore[arg-type]
    for h in sorted(summary["trials"], key=lambda h: (h["objective"], h["trial"]))[:15]:
        trials.add_row(str(h["trial"]), escape(h["label"]), fmt(h["objective"], False, tr=tr),
                       escape(measured(h, tr)))
    console.print(trials)
    confirmed = Table(title=escape(tr.t("The best trials played again on {n} fresh games (seed {seed})",
                                        n=summary["confirm_games"], seed=str(summary["confirm_seed"]))),
                      title_justify="left")
    for column, justify in ((tr.pt("table column", "Settings"), "left"),
                            (tr.pt("table column", "Search objective"), "right"),
                            (tr.pt("table column", "Fresh objective"), "right"),
                            (tr.pt("table column", "Measured on fresh games"), "left")):
        confirmed.add_column(escape(column), justify=justify)  # type: ignore[arg-type]
    for c in summary["confirmed"]:
        confirmed.add_row(escape(c["label"]), fmt(c["search_objective"], False, tr=tr),
                          fmt(c["objective"], False, tr=tr), escape(measured(c, tr)))
    console.print(confirmed)
    best = summary.get("best")
    if best is None:
        console.print(escape(tr.t("No answer: the search was interrupted before its best trials were played again.")),
                      style="bold", highlight=False)
        return
    console.print(escape(tr.t("Best settings, as measured on the fresh games: {settings}; {measured}",
                              settings=best["label"], measured=measured(best, tr))), style="bold", highlight=False)
    within = best.get("within")
    if within is not None:
        console.print(escape(tr.t("The whole 95% CI lies within the target.") if within else
                             tr.t("The 95% CI is not wholly within the target: more games, or another "
                                  "range, may be needed.")), style="yellow", highlight=False)
    console.print(escape(tr.t("Optimiser: {name}; a point is reported only from games it was played in, never "
                              "from the search's own numbers.", name=summary["optimiser"])), highlight=False)


def run(args: argparse.Namespace) -> int:
    from civtable.sim.balance import balance

    specs = split_players(args.players)
    common.positive(args.games, "--games")
    common.positive(args.workers, "--workers")
    common.positive(args.confirm_games, "--confirm-games")
    common.positive(args.max_steps, "--max-steps")
    if not args.vary:
        raise common.UsageError("give at least one --vary PATH=RANGE (e.g. --vary cards.writing.cost=6..20:2)")
    return common.run_figures(args, lambda progress, _sink: balance(
        args.game, common.game_options(args), specs, args.vary, args.target, args.trials, args.games,
        common.seed_of(args), confirm_games=args.confirm_games, top=args.top, item=args.item, workers=args.workers,
        max_steps=args.max_steps, backend=args.backend, address=args.address, progress=progress), show)


def arguments(p: argparse.ArgumentParser) -> None:
    common.grid_args(p, N_("games per trial, the same seeds in every trial (default 200)"),
                     N_("also write the search as JSON (for 'civtable report')"), "--vary", "PATH=RANGE",
                     help="a parameter to search (repeatable): a rule option (reshuffle=A,B) or a field of the game's "
                          "data (cards.writing.cost=6..20:2)")
    p.add_argument("--target", required=True, metavar="TEXT",
                   help="what to reach: 'seat win rates equal', 'value of ITEM within +-5 points', 'mean length 20-30 "
                        "turns' or 'mean FIGURE A-B'")
    p.add_argument("--trials", type=int, default=20, help="the optimiser's budget: points tried (default 20)")
    p.add_argument("--top", type=int, default=3, help="the best trials played again on fresh seeds (default 3)")
    p.add_argument("--confirm-games", type=int, metavar="N",
                   help="games of each re-measure, on seeds the search never used (default: twice --games)")
    p.add_argument("--item", metavar="ITEM", help="the item of an 'item value' target (default: the entry varied)")


COMMAND = Command("balance", "search rule options and data fields toward a target (Optuna), re-measured on fresh seeds",
                  "Search the given parameters with Optuna's TPE sampler, every trial on the same seeds, toward a "
                  "target (equal seat win rates, an item's value within a band, a mean game length); then play the "
                  "best settings again on fresh seeds and report them with their intervals from those games only.",
                  arguments, run)

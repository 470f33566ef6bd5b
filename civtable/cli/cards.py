"""``civtable cards``: a game's cards and tables with their numbers (``Game.reference``)."""

from __future__ import annotations

import argparse

from civtable.core.commands import Command

from .common import game_options, load_class, option_arg, print_table, translator_of


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    tr = translator_of(args)
    game = load_class(args.game)(**game_options(args))
    console = Console()
    tables = tr.localize(game.reference())
    changed = ", ".join(f"{k}={v}" for k, v in game.options.items() if v != game.spec(k).default)
    head = tr.nt("{name}: {n} table", "{name}: {n} tables", len(tables), name=game.name)
    console.print(head + (" " + tr.t("(options: {options})", options=changed) if changed else ""))
    for t in tables:
        if args.only and args.only.lower() not in t.title.lower():
            continue
        print_table(console, t)
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME")
    p.add_argument("--only", metavar="WORD", help="only the tables whose title contains WORD")
    option_arg(p)


COMMAND = Command("cards", "a game's cards and tables with their numbers",
                  "Show a game's cards, costs and tables (the rules' numbers, or the project's "
                  "provisional values, marked as such).", arguments, run)

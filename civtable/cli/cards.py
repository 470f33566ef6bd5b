"""``civtable cards``: a game's cards and tables with their numbers (``Game.reference``)."""

from __future__ import annotations

import argparse

from civtable.core.commands import Command

from .common import game_options, load_class, option_arg


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    game = load_class(args.game)(**game_options(args))
    console = Console()
    tables = game.reference()
    console.print(f"{game.name}: {len(tables)} table{'s' if len(tables) != 1 else ''}"
                  + (f" (options: {', '.join(f'{k}={v}' for k, v in game.options.items() if v != game.spec(k).default)})"
                     if any(v != game.spec(k).default for k, v in game.options.items()) else ""))
    for t in tables:
        if args.only and args.only.lower() not in t.title.lower():
            continue
        table = Table(title=escape(t.title), title_justify="left")
        for column in t.columns:
            table.add_column(escape(column))
        for row in t.rows:
            table.add_row(*(escape(cell) for cell in row))
        console.print(table)
        if t.note:
            console.print(escape(t.note), style="dim")
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME")
    p.add_argument("--only", metavar="WORD", help="only the tables whose title contains WORD")
    option_arg(p)


COMMAND = Command("cards", "a game's cards and tables with their numbers",
                  "Show a game's cards, costs and tables (the rules' numbers, or the project's "
                  "provisional values, marked as such).", arguments, run)

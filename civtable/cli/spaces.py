"""``civtable spaces``: a game's fixed action space and observation encoding, as a
learning agent sees them (``Game.action_space``, ``Game.encoding``)."""

from __future__ import annotations

import argparse
from collections import Counter

from civtable.core.commands import Command

from .common import UsageError, game_options, load_class, option_arg, plural, print_table


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    options: dict[str, object] = dict(game_options(args))
    if args.players is not None:
        options["players"] = args.players
    game = load_class(args.game)(**options)
    try:
        space, enc = game.action_space(), game.encoding()
    except NotImplementedError as e:
        raise UsageError(str(e)) from None
    console = Console()
    console.print(escape(f"{game.name}, {plural(game.num_players, 'player')}: {space.size:,} actions (digest "
                         f"{space.digest}), an observation vector of {enc.size:,} numbers"), highlight=False)
    kinds = Counter(t.split()[0] for t in space.texts)
    first = {}
    for i, t in enumerate(space.texts):
        first.setdefault(t.split()[0], i)
    table = Table(title="Actions by kind", title_justify="left")
    for column in ("kind", "count", "first index", "example"):
        table.add_column(column)
    for kind, n in sorted(kinds.items(), key=lambda kv: first[kv[0]]):
        table.add_row(escape(kind), str(n), str(first[kind]), escape(space.texts[first[kind]]))
    console.print(table)
    if args.actions:
        for i, t in enumerate(space.texts):
            console.print(f"{i:6d}  {escape(t)}", highlight=False)
    print_table(console, enc.table())
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", type=int, metavar="N", help="the number of players (default: the game's)")
    p.add_argument("--actions", action="store_true", help="also list every action with its number")
    option_arg(p)


COMMAND = Command("spaces", "a game's action space and observation encoding for learning agents",
                  "Show the fixed, numbered action space of a game (for its options and player count) and the "
                  "observation vector's features, as the PettingZoo and Gymnasium environments use them.",
                  arguments, run)

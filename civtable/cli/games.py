"""``civtable games [GAME]``: the games in a short table, or one game's variants and bots."""

from __future__ import annotations

import argparse
import shutil
import textwrap

from civtable.agents import agent_names
from civtable.core.commands import Command
from civtable.core.errors import CivtableError
from civtable.core.game import Game, OptionSpec
from civtable.core.registry import game_class, game_ids

from .common import load_class


def choices_text(spec: OptionSpec) -> str:
    if spec.choices:
        return " / ".join(str(c) for c in spec.choices)
    if isinstance(spec.default, str):
        return "text"
    lo = "" if spec.minimum is None else str(spec.minimum)
    hi = "" if spec.maximum is None else str(spec.maximum)
    if lo and hi:
        span = f"integer {lo}..{hi}" if lo != hi else f"{lo}"
    elif lo or hi:
        span = f"integer, at least {lo}" if lo else f"integer, at most {hi}"
    else:
        span = "integer"
    return span + (" or none" if spec.default is None else "")


def option_lines(cls: type[Game], readings: bool = False) -> list[str]:
    """The options of a game as indented text: the help of rule variants is long
    prose that reads badly in narrow table columns."""
    width = max(60, min(100, shutil.get_terminal_size((100, 24)).columns)) - 1
    specs = cls.option_specs
    name_w = max(len(s.name) for s in specs)
    variants = [s for s in specs if s.variant]
    settings = [s for s in specs if not s.variant]
    lines: list[str] = []
    for title, group in (("Settings", settings), ("Rule variants (the readings of the rules' ambiguities)", variants)):
        if not group:
            continue
        lines.append(f"{title}, set with --option NAME=VALUE:")
        for spec in group:
            default = "none" if spec.default is None else str(spec.default) or '""'
            rule = f"  [{spec.rule}]" if spec.rule else ""
            lines.append(f"  {spec.name:<{name_w}}  default {default}; {choices_text(spec)}{rule}")
            lines.extend(textwrap.wrap(spec.help, width, initial_indent=" " * 6, subsequent_indent=" " * 6))
            if readings:
                for key, text in spec.readings.items():
                    lines.extend(textwrap.wrap(f"{key}: {text}", width, initial_indent=" " * 8,
                                               subsequent_indent=" " * 10))
    return lines


def show_game(game_id: str) -> int:
    cls = load_class(game_id)
    try:
        bots = ", ".join(["human", *agent_names(cls())])
    except ImportError as e:
        raise CivtableError(f"the bots of {game_id} could not be loaded ({e})") from None
    info = cls.info
    print(f"{cls.id}: {cls.name}")
    print(f"{info.summary[:1].upper()}{info.summary[1:]}.")
    print(f"Players: {info.player_range}. Rules: ../shared/rules/{info.rules} ({info.rule_prefix}- rule IDs).")
    traits = [t for t, on in (("hidden information", info.hidden_information), ("chance", info.chance),
                              ("simultaneous decisions", info.simultaneous),
                              ("decisions in another player's turn", info.reactions)) if on]
    print(f"Has: {', '.join(traits) or 'no hidden information, no chance'}.")
    print(f"Bots: {bots}")
    if info.command_group:
        print(f"Its own commands: civtable {info.command_group} --help")
    print(f"Cards and tables: civtable cards {cls.id}")
    print()
    print("\n".join(option_lines(cls, readings=True)))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.game:
        return show_game(args.game)
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="Games", title_justify="left")
    for column in ("Id", "Players", "Variants", "Game"):
        table.add_column(column)
    for game_id in game_ids():
        try:
            cls = game_class(game_id)
        except ImportError as e:
            table.add_row(escape(game_id), "", "", f"(could not be loaded: {escape(str(e))})")
            continue
        variants = sum(1 for s in cls.option_specs if s.variant)
        table.add_row(escape(game_id), cls.info.player_range, str(variants), escape(cls.name))
    Console().print(table)
    print("One game's rule variants, settings and bots: civtable games GAME")
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", metavar="GAME", help="show this game's details")


COMMAND = Command("games", "list the games; one game's variants and bots",
                  "List the games, or show one game's rule variants, settings and bots.", arguments, run)

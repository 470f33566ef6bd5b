"""What the commands share: the argument parser, option and file helpers, names of seats."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from civtable.core.commands import Command
from civtable.core.errors import CivtableError
from civtable.core.files import POSITION_LIMIT, read_json
from civtable.core.game import Game
from civtable.core.registry import game_class
from civtable.core.state import State
from civtable.sim.report import write_json

PROG = "civtable"


class UsageError(CivtableError):
    """A bad combination of command-line arguments."""


class Parser(argparse.ArgumentParser):
    """argparse, but its errors are one ``civtable: error:`` line like ours."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROG}: error: {message} (see '{self.prog} --help')\n")


def add_command(sub: argparse._SubParsersAction, command: Command) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    """A sub-command from its declaration (the built-in commands and the games' own)."""
    p: argparse.ArgumentParser = sub.add_parser(command.name, help=command.help, description=command.description)
    command.configure(p)
    p.set_defaults(func=command.run)
    return p


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``["opening=bid", "max-take=2"]`` -> ``{"opening": "bid", "max-take": "2"}``."""
    options: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"--option needs NAME=VALUE, not {item[:60]!r}")
        if name in options:
            raise UsageError(f"option {name!r} is given twice")
        options[name] = value.strip()
    return options


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """``--option`` values, with ``--cards FILE`` as ``cards=FILE`` and ``--map`` as ``map=``."""
    options = parse_options(args.option)
    for flag in ("cards", "map"):
        value = vars(args).get(flag)
        if value:
            if flag in options:
                raise UsageError(f"give the {flag} once: --{flag} or --option {flag}=...")
            options[flag] = value
    return options


def option_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="a rule variant or setting (repeatable; see 'civtable games GAME')")
    p.add_argument("--cards", metavar="FILE",
                   help="play with your own card file (the same as --option cards=FILE)")
    p.add_argument("--map", metavar="NAME",
                   help="the map of a map game: a shipped map's name or a map file (the same as --option map=NAME)")


def load_class(game_id: str) -> type[Game]:
    try:
        return game_class(game_id)
    except ImportError as e:
        raise CivtableError(f"game {game_id!r} could not be loaded ({e})") from None


def who(player: int, specs: Sequence[str]) -> str:
    return f"player {player} ({specs[player]})" if player < len(specs) else f"player {player}"


def plural(n: int, noun: str, many: str = "") -> str:
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def fmt_number(x: float) -> str:
    return f"{x:g}"


def result_lines(state: State, specs: Sequence[str]) -> list[str]:
    """Winners and returns, as the end of ``play`` and ``replay`` show them. A one-seat
    game is won or lost (never a draw)."""
    winners = state.winners()
    n = state.num_players
    turns = plural(state.turn, "turn")
    if n == 1:
        head = "You won." if winners else "You lost."
        return [f"Game over after {turns}. {head}"]
    if not winners:
        head = "Draw: no winner."
    elif len(winners) == 1:
        head = f"Winner: {who(winners[0], specs)}."
    else:
        head = "Winners: " + ", ".join(who(p, specs) for p in winners) + "."
    returns = ", ".join(f"{who(p, specs)} {fmt_number(r)}" for p, r in enumerate(state.returns()))
    return [f"Game over after {turns}. {head}", f"Returns: {returns}"]


def read_json_file(path: str, what: str) -> Any:
    """A JSON file named on the command line (bounded size and depth, a regular file)."""
    return read_json(path, what, POSITION_LIMIT)


def os_error_message(e: OSError) -> str:
    reason = e.strerror or e.__class__.__name__
    return f"cannot use {e.filename}: {reason}" if e.filename else f"{reason}"


def positive(value: int | None, flag: str) -> None:
    if value is not None and value < 1:
        raise UsageError(f"{flag} must be at least 1, not {value}")


def progress_bar(enabled: bool) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A rich progress bar on stderr, started at the first finished game (so a bad
    argument never leaves an empty bar behind); returns the callback and a stopper."""
    if not enabled:
        return None, lambda: None
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("eta"), TimeRemainingColumn(), console=Console(stderr=True), transient=True,
    )
    task: list[Any] = []

    def update(done: int, total: int) -> None:
        if not task:
            bar.start()
            task.append(bar.add_task("simulating", total=total))
        bar.update(task[0], completed=done)

    return update, bar.stop


def interactive() -> bool:
    return sys.stderr.isatty()


def batch_args(p: argparse.ArgumentParser, players: str, games: str, default_games: int, json: str) -> None:
    """The arguments of a command that plays many games (simulate, ladder)."""
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", required=True, metavar="BOT,BOT,...", help=players)
    p.add_argument("--games", type=int, default=default_games, help=games)
    p.add_argument("--seed", type=int, help="the master seed (default: random, shown in the report)")
    p.add_argument("--workers", type=int, default=1, help="processes to use (default 1); results do not depend on it")
    p.add_argument("--backend", choices=("process", "ray"), default="process",
                   help="where the games are played: a local process pool (default) or a Ray cluster; the results "
                        "are the same")
    p.add_argument("--address", metavar="HOST:PORT", help="with --backend ray: an existing Ray cluster (default: "
                                                            "a local one is started)")
    option_arg(p)
    p.add_argument("--json", metavar="FILE", help=json)
    p.add_argument("--force", action="store_true", help="overwrite the files written")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")


def seed_of(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else secrets.randbits(32)


def write_figures(summary: dict[str, Any], path: Path | None, force: bool, report: Path | None = None) -> None:
    """``--json`` and ``--report``: the figures written (the paths were checked before the games)."""
    if path is not None:
        write_json(summary, path, force=force)
        print(f"Wrote {path}")
    if report is not None:
        from civtable.sim import htmlreport

        htmlreport.write(summary, report)
        print(f"Wrote {report}")


def report_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--report", metavar="FILE.html", help="also write an HTML report with figures")


def user_files(args: argparse.Namespace, options: dict[str, object]) -> set[str]:
    """The card or map files named again on the command line to resume or replay a game
    that was played with them (a record never makes civtable read a file by itself)."""
    files: set[str] = set()
    for flag in ("cards", "map"):
        value = vars(args).get(flag)
        if value:
            if options.get(flag) != value:
                raise UsageError(f"the record was played with {flag}={options.get(flag)!r}, not {value!r}")
            files.add(value)
    return files

"""What the commands share: the argument parser, option and file helpers, names of seats.

The parser speaks the person's language (``--lang``, ``civtable.i18n``): argument
help, argparse's own headings and errors are translated; a command finds its
translator in ``args.tr``."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from civtable.core.commands import Command
from civtable.core.errors import CivtableError
from civtable.core.files import POSITION_LIMIT, read_json
from civtable.core.game import Game
from civtable.core.reference import Table
from civtable.core.registry import game_class
from civtable.core.state import State
from civtable.i18n import ENGLISH, N_, Translator, message
from civtable.sim.report import write_json

PROG = "civtable"


class UsageError(CivtableError):
    """A bad combination of command-line arguments."""


ARGPARSE_ERRORS = (
    (r"the following arguments are required: (?P<args>.*)", N_("the following arguments are required: {args}")),
    (r"unrecognized arguments: (?P<args>.*)", N_("unrecognized arguments: {args}")),
    (r"argument (?P<arg>[^:]+): invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
     N_("argument {arg}: invalid choice: {value} (choose from {choices})")),
    (r"argument (?P<arg>[^:]+): invalid (?P<type>\w+) value: (?P<value>.*)", N_("argument {arg}: invalid {type} value: {value}")),
    (r"argument (?P<arg>[^:]+): expected one argument", N_("argument {arg}: expected one argument")),
)
"""argparse's own errors (Python's catalogs are not ours), read back and translated."""
ARGPARSE_WORDS = (N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
                  N_("see '{prog} --help'"))


class Parser(argparse.ArgumentParser):
    """argparse, but its errors are one ``civtable: error:`` line like ours, in the
    person's language (``tr``): the help of every argument, argparse's headings and
    errors are translated."""

    def __init__(self, *args: Any, tr: Translator = ENGLISH, **kwargs: Any) -> None:
        self.tr = tr
        super().__init__(*args, **kwargs)
        self._positionals.title = tr.t("positional arguments")
        self._optionals.title = tr.t("options")
        for action in self._actions:
            if action.dest == "help":
                action.help = tr.t("show this help message and exit")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        text = kwargs.get("help")
        if isinstance(text, str) and text and text != argparse.SUPPRESS and hasattr(self, "tr"):
            kwargs["help"] = self.tr.gettext(text)
        return super().add_argument(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> argparse._SubParsersAction:  # type: ignore[type-arg]
        kwargs.setdefault("parser_class", Parser)
        action = super().add_subparsers(**kwargs)
        action.tr = self.tr  # type: ignore[attr-defined]  # add_command's language
        return action

    def _usage(self, text: str) -> str:
        return self.tr.t("usage: ") + text[len("usage: "):] if text.startswith("usage: ") else text

    def format_usage(self) -> str:
        return self._usage(super().format_usage())

    def format_help(self) -> str:
        return self._usage(super().format_help())

    def error(self, message: str) -> NoReturn:
        for pattern, template in ARGPARSE_ERRORS:
            found = re.fullmatch(pattern, message)
            if found:
                message = self.tr.t(template, **found.groupdict())
                break
        see = self.tr.t("see '{prog} --help'", prog=self.prog)
        self.exit(2, f"{PROG}: error: {message} ({see})\n")


def add_command(sub: argparse._SubParsersAction, command: Command) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    """A sub-command from its declaration (the built-in commands and the games' own),
    in the language of the parser it is added to."""
    tr: Translator = getattr(sub, "tr", ENGLISH)
    p: argparse.ArgumentParser = sub.add_parser(command.name, help=tr.gettext(command.help),
                                                description=tr.gettext(command.description), tr=tr)
    command.configure(p)
    p.set_defaults(func=command.run)
    return p


def lang_arg(p: argparse.ArgumentParser) -> None:
    """``--lang``: accepted before or after the command (``main`` reads it first)."""
    p.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS,
                   help="the language to speak: el, cs, de or en (default: LC_ALL, LC_MESSAGES or LANG, else en)")


def translator_of(args: argparse.Namespace) -> Translator:
    """The command's language (``main`` puts it in ``args.tr``)."""
    tr = vars(args).get("tr")
    return tr if isinstance(tr, Translator) else ENGLISH


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``["opening=bid", "max-take=2"]`` -> ``{"opening": "bid", "max-take": "2"}``."""
    options: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(message(N_("--option needs NAME=VALUE, not {item}"), item=repr(item[:60])))
        if name in options:
            raise UsageError(message(N_("option {name} is given twice"), name=repr(name)))
        options[name] = value.strip()
    return options


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """``--option`` values, with ``--cards FILE`` as ``cards=FILE`` and ``--map`` as ``map=``."""
    options = parse_options(args.option)
    for flag in ("cards", "map"):
        value = vars(args).get(flag)
        if value:
            if flag in options:
                raise UsageError(message(N_("give the {flag} once: --{flag} or --option {flag}=..."), flag=flag))
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
        raise CivtableError(message(N_("game {game} could not be loaded ({reason})"), game=repr(game_id),
                                    reason=str(e))) from None


def who(player: int, specs: Sequence[str], tr: Translator = ENGLISH) -> str:
    """"player 1 (greedy)"."""
    if player < len(specs):
        return tr.t("player {n} ({bot})", n=player, bot=specs[player])
    return tr.pt("seat", "player {n}", n=player)


def plural(n: int, noun: str, many: str = "") -> str:
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def fmt_number(x: float) -> str:
    return f"{x:g}"


def result_lines(state: State, specs: Sequence[str], tr: Translator = ENGLISH) -> list[str]:
    """Winners and returns, as the end of ``play`` and ``replay`` show them. A one-seat
    game is won or lost (never a draw)."""
    winners = state.winners()
    n = state.num_players
    over = tr.nt("Game over after {n} turn.", "Game over after {n} turns.", state.turn)
    if n == 1:
        head = tr.t("You won.") if winners else tr.t("You lost.")
        return [f"{over} {head}"]
    if not winners:
        head = tr.t("Draw: no winner.")
    elif len(winners) == 1:
        head = tr.t("Winner: {who}.", who=who(winners[0], specs, tr))
    else:
        head = tr.t("Winners: {who}.", who=", ".join(who(p, specs, tr) for p in winners))
    returns = ", ".join(f"{who(p, specs, tr)} {tr.number(r) if not tr.english else fmt_number(r)}"
                        for p, r in enumerate(state.returns()))
    return [f"{over} {head}", tr.t("Each seat's result (1 won, -1 lost, 0 draw): {returns}", returns=returns)]


def read_json_file(path: str, what: str) -> Any:
    """A JSON file named on the command line (bounded size and depth, a regular file)."""
    return read_json(path, what, POSITION_LIMIT)


def os_error_message(e: OSError, tr: Translator = ENGLISH) -> str:
    reason = e.strerror or e.__class__.__name__
    return tr.t("cannot use {file}: {reason}", file=e.filename, reason=reason) if e.filename else f"{reason}"


def positive(value: int | None, flag: str) -> None:
    if value is not None and value < 1:
        raise UsageError(message(N_("{flag} must be at least 1, not {value}"), flag=flag, value=value))


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
    llm_arg(p)
    p.add_argument("--json", metavar="FILE", help=json)
    p.add_argument("--force", action="store_true", help="overwrite the files written")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")


def seed_of(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else secrets.randbits(32)


def write_figures(summary: dict[str, Any], path: Path | None, force: bool, report: Path | None = None,
                  tr: Translator = ENGLISH) -> None:
    """``--json`` and ``--report``: the figures written (the paths were checked before the
    games); the report in ``tr``'s language."""
    if path is not None:
        write_json(summary, path, force=force)
        print(tr.t("Wrote {file}", file=path))
    if report is not None:
        from civtable.sim import htmlreport

        htmlreport.write(summary, report, tr=tr)
        print(tr.t("Wrote {file}", file=report))


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
                raise UsageError(message(N_("the record was played with {flag}={played}, not {value}"), flag=flag,
                                         played=repr(options.get(flag)), value=repr(value)))
            files.add(value)
    return files


def print_table(console: Any, t: Table) -> None:
    """A reference table (``core.reference.Table``) on a rich console, with its note."""
    from rich.markup import escape
    from rich.table import Table as RichTable

    table = RichTable(title=escape(t.title), title_justify="left")
    for column in t.columns:
        table.add_column(escape(column))
    for row in t.rows:
        table.add_row(*(escape(cell) for cell in row))
    console.print(table)
    if t.note:
        console.print(escape(t.note), style="dim")


def export_args(p: argparse.ArgumentParser, records: bool = True) -> None:
    """``--csv FILE`` (one row per game and seat) and ``--records DIR`` (every game's record)."""
    p.add_argument("--csv", metavar="FILE", help="also write one row per game and seat (seed, variant, item, seat, bot, "
                                                 "civilization, score, rank, won, finished, turns and the game's own "
                                                 "figures) as CSV")
    if records:
        p.add_argument("--records", metavar="DIR", help="write every game's record in this directory (a folder per "
                                                        "batch, each with a manifest.jsonl of those complete)")


def exports(args: argparse.Namespace, nested: bool) -> Any:
    """The ``--csv`` and ``--records`` of a command, checked before any game (``None``: neither)."""
    from civtable.sim.export import Exports

    csv_path, records = vars(args).get("csv"), vars(args).get("records")
    if not csv_path and not records:
        return None
    return Exports(csv_path, records, args.force, nested)


@contextlib.contextmanager
def playing(sink: Any, stop: Callable[[], None]) -> Iterator[None]:
    """Around a batch: a failure or an interruption abandons the exports (no half file is
    left), and the progress bar stops whatever happens."""
    try:
        yield
    except BaseException:
        if sink is not None:
            sink.abandon()
        raise
    finally:
        stop()


def wrote_exports(sink: Any, tr: Translator) -> None:
    if sink is None:
        return
    if sink.csv is not None:
        print(tr.t("Wrote {file}", file=sink.csv))
    if sink.records is not None:
        print(tr.t("Wrote {n} records in {folder}", n=sink.written, folder=sink.records))


def run_figures(args: argparse.Namespace,
                play: Callable[[Callable[[int, int], None] | None, Any], dict[str, Any]],
                show: Callable[[dict[str, Any], Translator], None]) -> int:
    """The end of a command that plays batches and writes figures (compare, value, sweep):
    the output files checked before any game, a progress bar, the table, ``--json``,
    ``--report``, ``--csv`` and ``--records``; 130 when interrupted (the figures are
    then marked partial)."""
    from civtable.sim.report import check_output

    json_path = check_output(args.json, args.force) if args.json else None
    report = check_output(args.report, args.force) if args.report else None
    sink = exports(args, nested=True)
    progress, stop = progress_bar(not args.quiet and interactive())
    with playing(sink, stop):
        summary = play(progress, sink)
    if sink is not None:
        sink.close()
    tr = translator_of(args)
    show(summary, tr)
    write_figures(summary, json_path, args.force, report, tr)
    wrote_exports(sink, tr)
    return 130 if summary["partial"] else 0


def llm_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--llm-url", metavar="URL",
                   help="the OpenAI-compatible endpoint of the llm:MODEL bots (default: the environment variable "
                        "CIVTABLE_LLM_URL, else http://127.0.0.1:8080/v1); the key is read from CIVTABLE_LLM_KEY")


@contextlib.contextmanager
def llm_endpoint(args: argparse.Namespace) -> Iterator[None]:
    """``--llm-url`` for the games of one command (its bots and worker processes read it
    from ``CIVTABLE_LLM_URL``), and every endpoint the ``llm:`` bots of ``--players`` will
    use checked before any game: one that cannot be reached is one sentence (exit 2)."""
    from civtable.agents import parse_spec, split_players
    from civtable.agents.llm import URL_VARIABLE, endpoint, probe

    url = vars(args).get("llm_url")
    players = vars(args).get("players")
    before = os.environ.get(URL_VARIABLE)
    try:
        if url:
            os.environ[URL_VARIABLE] = endpoint(url)
        urls = []
        for spec in split_players(players) if isinstance(players, str) and players.strip() else ():
            name, params = parse_spec(spec)
            if name == "llm":
                urls.append(endpoint(params.get("url")))
        for found in dict.fromkeys(urls):
            probe(found)
        yield
    finally:
        if before is None:
            os.environ.pop(URL_VARIABLE, None)
        else:
            os.environ[URL_VARIABLE] = before


def paired_header(console: Any, summary: dict[str, Any], title: str, interrupted: str, tr: Translator) -> None:
    """The first lines of a comparison on the same seeds (``compare``, ``sweep``): what was
    played, and a bold line when the run was interrupted. ``title`` and ``interrupted`` are
    messages marked with ``N_`` that take ``{game} {n} {seed} {bots}`` and ``{n} {planned}``."""
    from rich.markup import escape

    console.print(escape(tr.t(title, game=summary["game"], n=summary["games"], seed=str(summary["seed"]),
                              bots=",".join(summary["players"]))), highlight=False)
    if summary.get("partial"):
        console.print(escape(tr.t(interrupted, n=summary["games"], planned=summary["games_planned"])),
                      style="bold", highlight=False)


def grid_args(p: argparse.ArgumentParser, games: str, json: str, flag: str, metavar: str, *, help: str) -> None:  # noqa: A002
    """The arguments of a command that plays a grid of settings on the same seeds
    (``sweep``, ``balance``): the report, the batch, what to vary (``flag``, repeatable,
    with its ``help``) and ``--max-steps``."""
    report_arg(p)
    batch_args(p, N_("one bot per seat"), games, 200, json)
    p.add_argument(flag, action="append", metavar=metavar, help=help)
    p.add_argument("--max-steps", type=int, metavar="N", help="stop a game after N actions (counted as unfinished)")

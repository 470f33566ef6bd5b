"""The ``civtable`` command: one module per sub-command, plus each game's own commands.

Every mistake a user can make ends in one sentence on stderr, prefixed
``civtable: error:``, and exit code 2; Ctrl-C exits with 130. Tracebacks are left
for bugs.

``--lang el|cs|de|en`` (before or after the command; else ``LC_ALL``,
``LC_MESSAGES`` or ``LANG``, else English) chooses the language of the help, the
errors and everything a command says; an unknown code is said in one line and
English is used.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Sequence

from civtable import __version__
from civtable.core.errors import CivtableError
from civtable.i18n import ENGLISH, Translator, choose, error_text, translator

from . import (
    actions,
    balance,
    cards,
    compare,
    game_commands,
    games,
    ladder,
    play,
    replay,
    report,
    serve,
    simulate,
    spaces,
    sweep,
    value,
)
from .common import PROG, Parser, add_command, lang_arg, llm_endpoint, os_error_message

COMMANDS = (games, play, simulate, compare, value, sweep, balance, ladder, report, replay, actions, cards, spaces,
            serve)


def build_parser(tr: Translator = ENGLISH) -> Parser:
    parser = Parser(prog=PROG, description=tr.t("Play, simulate and analyse civilization-building tabletop games."),
                    tr=tr)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="show program's version number and exit")
    lang_arg(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in COMMANDS:
        lang_arg(add_command(sub, module.COMMAND))
    game_commands.register(sub)
    return parser


def language_of(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` wherever it is in the command line (the parser is built
    in that language before it reads the rest)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg[len("--lang="):]
    return None


def _terminated(signum: int, frame: object) -> None:
    """SIGTERM ends a command like Ctrl-C: workers are stopped, records closed."""
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit code (0 fine, 2 user error, 130 interrupted)."""
    with contextlib.suppress(ValueError):  # only the main thread may set handlers
        signal.signal(signal.SIGTERM, _terminated)
    words = list(sys.argv[1:] if argv is None else argv)
    code, note = choose(language_of(words))
    if note:
        print(note, file=sys.stderr)
    tr = translator(code)
    try:
        parser = build_parser(tr)
        args = parser.parse_args(words)
        args.tr = tr
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        with llm_endpoint(args):
            return int(args.func(args))
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except KeyboardInterrupt:
        return 130
    except CivtableError as e:
        print(f"{PROG}: error: {error_text(e, tr)}", file=sys.stderr)
        return 2
    except OSError as e:
        if isinstance(e, BrokenPipeError):
            _silence_stdout()
            return 0
        print(f"{PROG}: error: {os_error_message(e, tr)}", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    """After a closed pipe (``civtable games | head``), avoid a second error at exit."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())

"""The ``civtable`` command: one module per sub-command, plus each game's own commands.

Every mistake a user can make ends in one sentence on stderr, prefixed
``civtable: error:``, and exit code 2; Ctrl-C exits with 130. Tracebacks are left
for bugs.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Sequence

from civtable import __version__
from civtable.core.errors import CivtableError

from . import (
    actions,
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
    value,
)
from .common import PROG, Parser, add_command, os_error_message

COMMANDS = (games, play, simulate, compare, value, ladder, report, replay, actions, cards, spaces, serve)


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Play, simulate and analyse civilization-building tabletop games.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in COMMANDS:
        add_command(sub, module.COMMAND)
    game_commands.register(sub)
    return parser


def _terminated(signum: int, frame: object) -> None:
    """SIGTERM ends a command like Ctrl-C: workers are stopped, records closed."""
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit code (0 fine, 2 user error, 130 interrupted)."""
    with contextlib.suppress(ValueError):  # only the main thread may set handlers
        signal.signal(signal.SIGTERM, _terminated)
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        return int(args.func(args))
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except KeyboardInterrupt:
        return 130
    except CivtableError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        if isinstance(e, BrokenPipeError):
            _silence_stdout()
            return 0
        print(f"{PROG}: error: {os_error_message(e)}", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    """After a closed pipe (``civtable games | head``), avoid a second error at exit."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())

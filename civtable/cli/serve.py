"""``civtable serve``: the browser server (lobby, play, spectate, replays)."""

from __future__ import annotations

import argparse
import os

from civtable.core.commands import Command
from civtable.server.limits import Limits

from .common import UsageError, llm_arg


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from civtable.server import create_app
    except ImportError as e:
        raise UsageError(f"the server needs its extras: pip install -e '.[server]' ({e.name} is missing)") from None
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, not {args.port}")
    from civtable.server.errors import ServerError
    from civtable.server.limits import Limits

    db = args.db or os.environ.get("CIVTABLE_DB") or "sqlite:///civtable.db"
    for name in ("bot_ms", "bot_iterations", "max_games", "max_live"):
        if getattr(args, name) < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1, not {getattr(args, name)}")
    if args.create_rate < 0 or args.idle <= 0:
        raise UsageError("--create-rate must be 0 or more and --idle more than 0")
    limits = Limits(bot_ms=args.bot_ms, bot_iterations=args.bot_iterations, creations_per_minute=args.create_rate,
                    max_games=args.max_games, max_live=args.max_live, idle_seconds=args.idle)
    try:
        app = create_app(db, local_bots=args.local_bots, limits=limits)
    except ServerError as e:
        raise UsageError(e.args[0]) from None
    print(f"civtable serving on http://{args.host}:{args.port}/ (database {db.split('@')[-1]}); Ctrl-C stops it",
          flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--db", metavar="URL", help="the database (default sqlite:///civtable.db in this folder)")
    p.add_argument("--local-bots", action="store_true",
                   help="let bot seats be programs (cmd:COMMAND) and strategy files (rules:FILE) of this machine, and "
                        "language models (llm:MODEL); only for a server that nobody untrusted can reach")
    d = Limits()
    llm_arg(p)
    p.add_argument("--bot-ms", type=int, default=d.bot_ms, metavar="MS",
                   help=f"the longest a bot thinks about one decision (default {d.bot_ms}); "
                        "a search bot asking for more is refused")
    p.add_argument("--bot-iterations", type=int, default=d.bot_iterations, metavar="N",
                   help=f"the most iterations a search bot may ask for (default {d.bot_iterations})")
    p.add_argument("--create-rate", type=int, default=d.creations_per_minute, metavar="N",
                   help=f"games one client address may create a minute (default {d.creations_per_minute}; 0: no limit)")
    p.add_argument("--max-games", type=int, default=d.max_games, metavar="N",
                   help=f"games in play at once; more are refused (default {d.max_games})")
    p.add_argument("--max-live", type=int, default=d.max_live, metavar="N",
                   help=f"games kept in memory; the others are read back from the database (default {d.max_live})")
    p.add_argument("--idle", type=float, default=d.idle_seconds, metavar="SECONDS",
                   help=f"a game nobody looked at in this long leaves memory (default {d.idle_seconds:g})")


COMMAND = Command("serve", "play in the browser: lobby, invitations, spectators, replays",
                  "Start the browser server. Games are kept in a database (SQLite by default; any "
                  "SQLAlchemy URL such as postgresql://... with --db).", arguments, run)

"""``civtable serve``: the browser server (lobby, play, spectate, replays)."""

from __future__ import annotations

import argparse
import os

from civtable.core.commands import Command

from .common import UsageError


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from civtable.server import create_app
    except ImportError as e:
        raise UsageError(f"the server needs its extras: pip install -e '.[server]' ({e.name} is missing)") from None
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, not {args.port}")
    db = args.db or os.environ.get("CIVTABLE_DB") or "sqlite:///civtable.db"
    app = create_app(db, local_bots=args.local_bots)
    print(f"civtable serving on http://{args.host}:{args.port}/ (database {db.split('@')[-1]}); Ctrl-C stops it",
          flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--db", metavar="URL", help="the database (default sqlite:///civtable.db in this folder)")
    p.add_argument("--local-bots", action="store_true",
                   help="let bot seats be programs (cmd:COMMAND) and strategy files (rules:FILE) of this machine; "
                        "only for a server that nobody untrusted can reach")


COMMAND = Command("serve", "play in the browser: lobby, invitations, spectators, replays",
                  "Start the browser server. Games are kept in a database (SQLite by default; any "
                  "SQLAlchemy URL such as postgresql://... with --db).", arguments, run)

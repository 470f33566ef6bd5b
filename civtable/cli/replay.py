"""``civtable replay``: a record replayed, told as one viewer saw it (a spectator by default)."""

from __future__ import annotations

import argparse
import sys

from civtable.core.commands import Command
from civtable.core.records import read_record
from civtable.i18n import N_, message

from .common import PROG, UsageError, result_lines, translator_of, user_files, who


def run(args: argparse.Namespace) -> int:
    tr = translator_of(args)
    if args.upto is not None and args.upto < 0:
        raise UsageError(message(N_("--upto must be 0 or more, not {n}"), n=args.upto))
    record = read_record(args.record)
    if record.torn:
        print(f"{PROG}: warning: {record.torn}", file=sys.stderr)
    state = record.replay(args.upto, files=user_files(args, record.options))
    game = state.game
    specs = record.players
    if args.seat is not None and not 0 <= args.seat < state.num_players:
        raise UsageError(message(N_("--as must be a seat from 0 to {last}, not {seat}"), last=state.num_players - 1,
                                 seat=args.seat))
    viewer = args.seat
    total = len(record.moves)
    done = total if args.upto is None else min(args.upto, total)
    options = ", ".join(f"{k}={v}" for k, v in record.options.items()) or tr.t("default options")
    print(tr.t("{game} (seed {seed}, {options}): {seats}", game=record.game, seed=str(record.seed), options=options,
               seats=", ".join(who(p, specs, tr) for p in range(len(specs)))))
    seen = tr.t("a spectator") if viewer is None else who(viewer, specs, tr)
    print(tr.t("Replayed {done} of {total} actions; turn {turn}; shown as {seen} saw it.", done=done, total=total,
               turn=state.turn, seen=seen))
    names = [who(p, specs, tr) for p in range(state.num_players)]
    if args.log:
        for event in state.events(viewer):
            print(game.render_event(event, viewer, names, tr))
    views = range(state.num_players) if args.reveal else [viewer]
    for v in views:
        print(tr.t("--- what a spectator sees ---") if v is None else
              tr.t("--- seen by {who} ---", who=who(v, specs, tr)))
        print(tr.localize(game.render(state.observation(v), v)))
    if state.is_terminal():
        for line in result_lines(state, specs, tr):
            print(line)
    else:
        movers = ", ".join(who(p, specs, tr) for p in state.to_move())
        print(tr.t("To move: {movers}.", movers=movers))
    if done == total and record.result is not None:
        expected = {"returns": [float(r) for r in record.result.get("returns", [])],
                    "winners": list(record.result.get("winners", []))}
        got = {"returns": [float(r) for r in state.returns()], "winners": list(state.winners())}
        if expected != got:
            print(f"{PROG}: warning: the record's result {expected} differs from the replay {got}", file=sys.stderr)
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="RECORD")
    p.add_argument("--upto", type=int, metavar="N", help="stop after the first N actions")
    p.add_argument("--as", dest="seat", type=int, metavar="SEAT",
                   help="show the game as this seat saw it (default: as a spectator)")
    p.add_argument("--reveal", action="store_true", help="show every seat's view of the position")
    p.add_argument("--log", action="store_true", help="tell every event, as the viewer saw it")
    p.add_argument("--cards", metavar="FILE", help="the card file the game was played with, if it was a file")
    p.add_argument("--map", metavar="FILE", help="the map file the game was played with, if it was a file")


COMMAND = Command("replay", "replay a record and show what happened",
                  "Replay a game record; show what happened as one seat (or a spectator) saw "
                  "it, the position and the scores. A record holds the seed, from which every "
                  "hidden card follows: share it only after the game.", arguments, run)

"""``civtable actions``: the legal actions in a saved position."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import civtable.cli.common as common  # not `from . import`: that imports cli/__init__, which imports this
from civtable.core.commands import Command
from civtable.core.errors import CivtableError
from civtable.core.records import check_file_options


def run(args: argparse.Namespace) -> int:
    cls = common.load_class(args.game)
    data = common.read_json_file(args.state, "position")
    if not isinstance(data, dict):
        raise CivtableError(f"position file {args.state} must hold a JSON object")
    saved_game = data.get("game", cls.id)
    if saved_game != cls.id:
        shown = saved_game if isinstance(saved_game, str) else repr(saved_game)
        raise CivtableError(f"{args.state} is a position of {shown[:60]}, not of {cls.id}")
    options = common.game_options(args)
    saved = data.get("options")
    if isinstance(saved, dict):  # a saved position carries its rules; --option may not contradict them
        named = {v for k, v in options.items() if isinstance(v, str)}
        check_file_options(cls, saved, named, f"position file {args.state}")
        options = {**saved, **options}
    game = cls(**options)
    try:
        state = game.state_from_json(data)
    except CivtableError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise CivtableError(f"position file {args.state} is malformed ({e.__class__.__name__})") from None
    if args.player is not None:
        if not 0 <= args.player < state.num_players:
            raise common.UsageError(f"--player must be between 0 and {state.num_players - 1}, not {args.player}")
        players: Sequence[int] = [args.player]
    else:
        players = state.to_move()
    if not players:
        print("The game is over: no player has a legal action.")
        for line in common.result_lines(state, []):
            print(line)
        return 0
    for p in players:
        legal = state.legal_actions(p)
        if not legal:
            movers = ", ".join(str(m) for m in state.to_move()) or "nobody"
            print(f"player {p}: no legal action now (to move: {movers})")
            continue
        print(f"player {p}: {common.plural(len(legal), 'legal action')}")
        width = len(str(len(legal)))
        obs = state.observation(p)
        for i, a in enumerate(legal, 1):
            label = game.action_label(a, obs)
            print(f"  {i:>{width}}. {a}" + (f"  ({label})" if label != a.text else ""))
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME")
    p.add_argument("--state", required=True, metavar="FILE", help="the position, as written by state.to_json()")
    p.add_argument("--player", type=int, metavar="P", help="this player rather than the player(s) to move")
    common.option_arg(p)


COMMAND = Command("actions", "list the legal actions in a position",
                  "List the legal actions in a saved position (state JSON).", arguments, run)

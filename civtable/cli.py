"""The ``civtable`` command: games, play, simulate, ladder, replay, actions, solo.

Every mistake a user can make ends in one sentence on stderr, prefixed
``civtable: error:``, and exit code 2; Ctrl-C exits with 130. Tracebacks are left
for bugs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from civtable import __version__
from civtable.agents import Agent, agent_names, make_agent, parse_spec, split_players
from civtable.agents.base import PlayerView
from civtable.agents.human import HumanAgent, QuitGame, render
from civtable.core.action import Action
from civtable.core.errors import CivtableError
from civtable.core.game import Game, OptionSpec
from civtable.core.records import Record, RecordWriter, read_record
from civtable.core.registry import game_class, game_ids
from civtable.core.rng import derive_seed
from civtable.core.state import State
from civtable.sim.batch import simulate
from civtable.sim.ladder import ladder
from civtable.sim.report import check_output, print_ladder, print_summary, write_json
from civtable.sim.runner import load_game_for, play_out
from civtable.sim.stats import summarise

PROG = "civtable"


class UsageError(CivtableError):
    """A bad combination of command-line arguments."""


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors are one ``civtable: error:`` line like ours."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROG}: error: {message} (see '{self.prog} --help')\n")


# ---------------------------------------------------------------- helpers


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``["opening=bid", "max-take=2"]`` -> ``{"opening": "bid", "max-take": "2"}``."""
    options: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"--option needs NAME=VALUE, not {item!r}")
        if name in options:
            raise UsageError(f"option {name!r} is given twice")
        options[name] = value.strip()
    return options


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """``--option`` values, with ``--cards FILE`` as ``cards=FILE``."""
    options = parse_options(args.option)
    for flag in ("cards", "map"):
        value = getattr(args, flag, None)
        if value:
            if flag in options:
                raise UsageError(f"give the {flag} once: --{flag} or --option {flag}=...")
            options[flag] = value
    return options


def load_class(game_id: str) -> type[Game]:
    try:
        return game_class(game_id)
    except ImportError as e:
        raise CivtableError(f"game {game_id!r} could not be loaded ({e})") from None


def who(player: int, specs: Sequence[str]) -> str:
    return f"player {player} ({specs[player]})" if player < len(specs) else f"player {player}"


def fmt_number(x: float) -> str:
    return f"{x:g}"


def result_lines(state: State, specs: Sequence[str]) -> list[str]:
    """Winners and returns, as the end of ``play`` and ``replay`` show them."""
    winners = state.winners()
    if not winners:
        head = "Draw: no winner."
    elif len(winners) == 1:
        head = f"Winner: {who(winners[0], specs)}."
    else:
        head = "Winners: " + ", ".join(who(p, specs) for p in winners) + "."
    returns = ", ".join(f"{who(p, specs)} {fmt_number(r)}" for p, r in enumerate(state.returns()))
    return [f"Game over after {state.turn} turns. {head}", f"Returns: {returns}"]


def read_json_file(path: str, what: str) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CivtableError(f"no {what} file {path}") from None
    except IsADirectoryError:
        raise CivtableError(f"{path} is a directory, not a {what} file") from None
    except UnicodeDecodeError:
        raise CivtableError(f"{what} file {path} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise CivtableError(f"{what} file {path} is not valid JSON (line {e.lineno}: {e.msg})") from None


def os_error_message(e: OSError) -> str:
    reason = e.strerror or e.__class__.__name__
    return f"cannot use {e.filename}: {reason}" if e.filename else f"{reason}"


def positive(value: int | None, flag: str) -> None:
    if value is not None and value < 1:
        raise UsageError(f"{flag} must be at least 1, not {value}")


# ---------------------------------------------------------------- games


def choices_text(spec: OptionSpec) -> str:
    if spec.choices:
        return " / ".join(str(c) for c in spec.choices)
    if isinstance(spec.default, str):
        return "text"
    lo = "" if spec.minimum is None else str(spec.minimum)
    hi = "" if spec.maximum is None else str(spec.maximum)
    if lo and hi:
        span = f"integer {lo}..{hi}"
    elif lo or hi:
        span = f"integer, at least {lo}" if lo else f"integer, at most {hi}"
    else:
        span = "integer"
    return span + (" or none" if spec.default is None else "")


def player_range(cls: type[Game]) -> str:
    lo, hi = cls.min_players, cls.max_players
    return str(lo) if lo == hi else f"{lo}-{hi}"


def option_lines(game_id: str, cls: type[Game], readings: bool = False) -> list[str]:
    """The options of a game as indented text: the help of rule variants is long
    prose that reads badly in narrow table columns."""
    width = max(60, min(100, shutil.get_terminal_size((100, 24)).columns)) - 1
    lines = [f"{game_id} options (set with --option NAME=VALUE):"]
    if not cls.option_specs:
        return [f"{game_id} has no options."]
    name_w = max(len(s.name) for s in cls.option_specs)
    for spec in cls.option_specs:
        default = "none" if spec.default is None else str(spec.default) or '""'
        rule = f"  [{spec.rule}]" if spec.rule else ""
        lines.append(f"  {spec.name:<{name_w}}  default {default}; {choices_text(spec)}{rule}")
        lines.extend(textwrap.wrap(spec.help, width, initial_indent=" " * 6, subsequent_indent=" " * 6))
        if readings:
            for key, text in spec.readings.items():
                lines.extend(textwrap.wrap(f"{key}: {text}", width, initial_indent=" " * 8,
                                           subsequent_indent=" " * 10))
    return lines


def cmd_games(args: argparse.Namespace) -> int:
    if args.game:
        cls = load_class(args.game)
        try:
            bots = ", ".join(["human", *agent_names(cls())])
        except ImportError as e:
            raise CivtableError(f"the bots of {args.game} could not be loaded ({e})") from None
        print(f"{cls.id}: {cls.name}")
        print(f"Players: {player_range(cls)}")
        print(f"Bots: {bots}")
        print("\n".join(option_lines(cls.id, cls, readings=True)))
        return 0
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="Games", title_justify="left")
    for column in ("Id", "Name", "Players", "Options"):
        table.add_column(column)
    loaded: list[tuple[str, type[Game]]] = []
    for game_id in game_ids():
        try:
            cls = game_class(game_id)
        except ImportError as e:
            table.add_row(escape(game_id), f"(could not be loaded: {escape(str(e))})", "", "")
            continue
        loaded.append((game_id, cls))
        table.add_row(escape(game_id), escape(cls.name), player_range(cls), str(len(cls.option_specs)))
    Console().print(table)
    for game_id, cls in loaded:
        print()
        print("\n".join(option_lines(game_id, cls)))
    print()
    print("One game's details, with its bots and the readings of each variant: civtable games GAME")
    return 0


# ---------------------------------------------------------------- play


def build_agents(specs: Sequence[str], game: Game, seed: int) -> list[Agent]:
    """Bots by spec, plus ``human`` for a person at this terminal."""
    agents: list[Agent] = []
    for seat, spec in enumerate(specs):
        name, params = parse_spec(spec)
        if name == "human":
            if params:
                raise UsageError("the human player takes no parameters")
            agent: Agent = HumanAgent()
            agent.name = "human"
        else:
            agent = make_agent(spec, game, seed=derive_seed(seed, seat))
        agents.append(agent)
    return agents


def start_play(args: argparse.Namespace) -> tuple[State, list[str], list[Agent], int, RecordWriter | None]:
    """A new game, or the game of ``--resume`` replayed up to where it stopped; the
    players are checked before the record file is opened."""
    if args.resume:
        if args.record:
            raise UsageError("a resumed game goes on in its own file; do not give --record with --resume")
        if args.seed is not None or args.option or getattr(args, "cards", None) or getattr(args, "map", None):
            raise UsageError("a resumed game keeps the seed and options of its record; drop --seed and --option")
        record = read_record(args.resume)
        if record.result is not None:
            raise CivtableError(f"{args.resume} holds a finished game; nothing to resume")
        if args.game and args.game != record.game:
            raise UsageError(f"{args.resume} is a game of {record.game}, not {args.game}")
        specs = record.players
        if args.players and split_players(args.players) != specs:
            raise UsageError(f"{args.resume} was played by {','.join(specs)}; a resumed game keeps its players")
        state = record.replay()
        game = state.game
        if len(specs) != game.num_players:
            raise CivtableError(f"{args.resume} names {len(specs)} players for a {game.num_players}-player game")
        seed = record.seed or 0
        agents = build_agents(specs, game, seed)
        writer = RecordWriter.resume(args.resume)
        print(f"Resuming {args.resume} after {len(record.moves)} actions.")
        return state, specs, agents, seed, writer
    if not args.game:
        raise UsageError("play needs a GAME (or --resume FILE)")
    cls = load_class(args.game)
    if args.players:
        specs = split_players(args.players)
    else:
        specs = ["human"] + ["random"] * (cls.min_players - 1)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    game = load_game_for(args.game, game_options(args), len(specs))
    agents = build_agents(specs, game, seed)
    state = game.new_state(seed=seed)
    writer = None
    if args.record:
        if not Path(args.record).exists():
            check_output(args.record)  # a missing directory, said before the game starts
        writer = RecordWriter.create(args.record, Record(game.id, dict(game.options), seed, list(specs)))
    return state, specs, agents, seed, writer


def cmd_play(args: argparse.Namespace) -> int:
    state, specs, agents, seed, writer = start_play(args)
    seats = ", ".join(who(p, specs) for p in range(len(specs)))
    print(f"{state.game.id} (seed {seed}): {seats}.")

    def on_move(player: int, action: Action) -> None:
        if writer is not None:
            writer.add(player, str(action))
        if not isinstance(agents[player], HumanAgent):
            print(f"{who(player, specs)}: {action}")

    try:
        try:
            play_out(state, agents, on_move=on_move)
        except QuitGame:
            if writer is not None:
                path = writer.stream.name
                moves = len(writer.record.moves)
                print(f"Game saved in {path} after {moves} actions; go on with: civtable play --resume {path}")
            else:
                print("Game stopped; it was not saved (play with --record FILE to keep a game).")
            return 0
        if writer is not None:
            writer.finish(state)
    finally:
        if writer is not None:
            writer.close()
    for p, agent in enumerate(agents):
        if isinstance(agent, HumanAgent):
            print(f"--- final position seen by {who(p, specs)} ---")
            print(render(PlayerView(state, p)))
            break
    for line in result_lines(state, specs):
        print(line)
    if writer is not None:
        print(f"Record saved in {writer.stream.name}.")
    return 0


# ---------------------------------------------------------------- simulate


def records_dir(path: str, games: int, force: bool) -> Path:
    """Where ``--records`` puts one file per game; refuses to overwrite without --force."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise CivtableError(f"{folder} is a file, not a directory for records")
    if not force and folder.is_dir():
        clash = [folder / record_name(i) for i in range(games) if (folder / record_name(i)).exists()]
        if clash:
            raise CivtableError(f"{clash[0]} already exists; use --force to overwrite records")
    return folder


def record_name(index: int) -> str:
    return f"game-{index + 1:05d}.jsonl"


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


def cmd_simulate(args: argparse.Namespace) -> int:
    specs = split_players(args.players)
    positive(args.games, "--games")
    positive(args.workers, "--workers")
    positive(args.max_steps, "--max-steps")
    options = game_options(args)
    json_path = check_output(args.json, args.force) if args.json else None
    folder = records_dir(args.records, args.games, args.force) if args.records else None
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    show = not args.quiet and sys.stderr.isatty()
    progress, stop = progress_bar(show)
    try:
        batch = simulate(
            args.game, options, specs, args.games, seed, workers=args.workers,
            progress=progress, keep_records=folder is not None, max_steps=args.max_steps,
        )
    finally:
        stop()
    summary = summarise(batch)
    print_summary(summary)
    if json_path is not None:
        write_json(summary, json_path, force=args.force)
        print(f"Wrote {json_path}")
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for i, result in enumerate(batch.results):
            result.record().save(folder / record_name(i), overwrite=args.force)
        print(f"Wrote {len(batch.results)} records in {folder}")
    return 0


# ---------------------------------------------------------------- ladder


def cmd_ladder(args: argparse.Namespace) -> int:
    bots = split_players(args.players)
    if len(bots) < 2:
        raise UsageError(f"a ladder needs at least 2 bots in --players, not {len(bots)}")
    if args.games < 2:
        raise UsageError(f"--games must be at least 2, not {args.games}")
    positive(args.workers, "--workers")
    options = game_options(args)
    json_path = check_output(args.json, args.force) if args.json else None
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    progress, stop = progress_bar(not args.quiet and sys.stderr.isatty())
    try:
        summary = ladder(args.game, options, bots, args.games, seed, workers=args.workers, progress=progress)
    finally:
        stop()
    print_ladder(summary)
    if json_path is not None:
        write_json(summary, json_path, force=args.force)
        print(f"Wrote {json_path}")
    return 0


# ---------------------------------------------------------------- replay, actions


def print_position(state: State, specs: Sequence[str]) -> None:
    """Each player's view if the game can draw one, else the full position as JSON."""
    if callable(getattr(state.game, "render_observation", None)):
        for p in range(state.num_players):
            print(f"--- seen by {who(p, specs)} ---")
            print(render(PlayerView(state, p)))
    else:
        print(json.dumps(state.to_json(), indent=2, sort_keys=True))


def cmd_replay(args: argparse.Namespace) -> int:
    if args.upto is not None and args.upto < 0:
        raise UsageError(f"--upto must be 0 or more, not {args.upto}")
    record = read_record(args.record)
    state = record.replay(args.upto)
    specs = record.players
    total = len(record.moves)
    done = total if args.upto is None else min(args.upto, total)
    options = ", ".join(f"{k}={v}" for k, v in record.options.items()) or "default options"
    print(f"{record.game} (seed {record.seed}, {options}): " + ", ".join(who(p, specs) for p in range(len(specs))))
    print(f"Replayed {done} of {total} actions; turn {state.turn}.")
    print_position(state, specs)
    if state.is_terminal():
        for line in result_lines(state, specs):
            print(line)
    else:
        movers = ", ".join(who(p, specs) for p in state.to_move())
        print(f"To move: {movers}.")
    if done == total and record.result is not None:
        expected = {"returns": [float(r) for r in record.result.get("returns", [])],
                    "winners": list(record.result.get("winners", []))}
        got = {"returns": [float(r) for r in state.returns()], "winners": list(state.winners())}
        if expected != got:
            print(f"{PROG}: warning: the record's result {expected} differs from the replay {got}", file=sys.stderr)
    return 0


def cmd_actions(args: argparse.Namespace) -> int:
    cls = load_class(args.game)
    data = read_json_file(args.state, "position")
    if not isinstance(data, dict):
        raise CivtableError(f"position file {args.state} must hold a JSON object")
    options = game_options(args)
    saved = data.get("options")
    if isinstance(saved, dict):  # a saved position carries its rules; --option may not contradict them
        options = {**saved, **options}
    game = cls(**options)
    try:
        state = game.state_from_json(data)
    except CivtableError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise CivtableError(f"position file {args.state} is malformed ({e.__class__.__name__}: {e})") from None
    if args.player is not None:
        if not 0 <= args.player < state.num_players:
            raise UsageError(f"--player must be between 0 and {state.num_players - 1}, not {args.player}")
        players: Sequence[int] = [args.player]
    else:
        players = state.to_move()
    if not players:
        print("The game is over: no player has a legal action.")
        for line in result_lines(state, []):
            print(line)
        return 0
    for p in players:
        legal = state.legal_actions(p)
        if not legal:
            movers = ", ".join(str(m) for m in state.to_move()) or "nobody"
            print(f"player {p}: no legal action now (to move: {movers})")
            continue
        print(f"player {p}: {len(legal)} legal action{'s' if len(legal) != 1 else ''}")
        width = len(str(len(legal)))
        for i, a in enumerate(legal, 1):
            print(f"  {i:>{width}}. {a}")
    return 0


# ---------------------------------------------------------------- solo (civ-solo odds)


def _pct2(x: float) -> str:
    return f"{100 * x:.2f}%"


def solo_odds_options(items: Sequence[str] | None) -> dict[str, str]:
    """``-o`` of ``civtable solo``: only the spec ambiguities that change the odds."""
    from civtable.games.civ_solo import odds

    options = parse_options(items)
    for name in options:
        if name not in odds.OPTIONS:
            raise UsageError(f"option {name!r} does not change the solo odds; these do: {', '.join(odds.OPTIONS)}")
    return odds.resolve_options(options)


def solo_compare(text: str | None, options: dict[str, str], given: Sequence[str] | None) -> tuple[str, list[str]]:
    """``--compare NAME=V1,V2`` -> the option and its readings to show side by side."""
    from civtable.games.civ_solo import odds

    if not text:
        return "", []
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name or not values.strip():
        raise UsageError(f"--compare needs NAME=V1,V2, not {text!r}")
    if name not in odds.OPTIONS:
        raise UsageError(f"--compare names {name!r}, which does not change the solo odds; these do: "
                         f"{', '.join(odds.OPTIONS)}")
    if name in parse_options(given):
        raise UsageError(f"option {name!r} is both compared and set with --option")
    readings = [v.strip().upper() for v in values.split(",")]
    choices = odds.OPTIONS[name][1]
    for v in readings:
        if v not in choices:
            raise UsageError(f"option {name} must be one of {', '.join(choices)}, not {v!r}")
    if len(readings) < 2 or len(set(readings)) != len(readings):
        raise UsageError(f"--compare needs at least two different readings of {name}, not {values!r}")
    return name, readings


def solo_rules(options: dict[str, str], skip: str = "") -> str:
    """The readings that differ from the spec's defaults, for a report's header."""
    from civtable.games.civ_solo import odds

    changed = [f"{k}={v}" for k, v in options.items() if k != skip and v != odds.OPTIONS[k][0]]
    return "rules: " + (", ".join(changed) if changed else "default readings")


def cmd_solo_odds(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from civtable.games.civ_solo import odds

    options = solo_odds_options(args.option)
    name, readings = solo_compare(args.compare, options, args.option)
    json_path = check_output(args.json, args.force) if args.json else None
    variants = [{**options, name: r} for r in readings] if name else [options]
    summaries = [odds.summary(v) for v in variants]
    end = int(odds.tables()["last_turn"])
    console = Console()
    labels = [f"{name}={r}" for r in readings] if name else [""]
    print(f"civ-solo historical events (SOLO-3.2-3.5, table SOLO-8.1), exact; {solo_rules(options, name)}")
    print("Each turn's chances for a game that reaches that turn.")
    if not name:
        table = Table(title="Chance per turn (Dice: mean number of event dice)", title_justify="left")
        table.add_column("Turn", justify="right")
        table.add_column("Dice", justify="right")
        for column in ("Event", "Loss 1-2", "Culture 3-4", "Military 5", "Battle 6"):
            table.add_column(column, justify="right")
        rows = {t["turn"]: t for t in summaries[0]["turns"]}
        for turn in range(1, end + 1):
            t = rows.get(turn)
            if t is None:
                table.add_row(str(turn), "not played", "", "", "", "", "")
                continue
            kinds = t["kinds"]
            table.add_row(str(turn), f"{t['expected_dice']['value']:.2f}", _pct2(t["event"]["value"]),
                          *(_pct2(kinds[k]["value"]) for k in odds.EVENT_KINDS))
    else:
        table = Table(title=f"Chance per turn: {name}", title_justify="left")
        table.add_column("Turn", justify="right")
        for what in ("Event", "Battle 6"):
            for label in labels:
                table.add_column(f"{what} {label}", justify="right")
        per = [{t["turn"]: t for t in s["turns"]} for s in summaries]
        for turn in range(1, end + 1):
            cells = []
            for key in ("event", "battle"):
                for rows in per:
                    t = rows.get(turn)
                    if t is None:
                        cells.append("not played")
                    else:
                        cells.append(_pct2((t["event"] if key == "event" else t["kinds"]["battle"])["value"]))
            table.add_row(str(turn), *cells)
    console.print(table)
    totals = Table(title="Whole game", title_justify="left")
    totals.add_column("Figure")
    for label in labels:
        totals.add_column(label or "Value", justify="right")
    totals.add_row("Turns played", *(str(s["last_turn"]) for s in summaries))
    totals.add_row("Expected historical events", *(f"{s['expected_events']['value']:.4f}" for s in summaries))
    totals.add_row("Expected battles fought", *(f"{s['expected_battles']['value']:.4f}" for s in summaries))
    totals.add_row("P(at least one battle)", *(_pct2(s["p_at_least_one_battle"]["value"]) for s in summaries))
    totals.add_row("Failure roll SOLO-6.2",
                   *(f"{_pct2(s['failure_roll']['value'])} ({len(odds.failure_outcomes(v))}/36)"
                     for s, v in zip(summaries, variants, strict=True)))
    console.print(totals)
    if json_path is not None:
        data: dict[str, Any] = summaries[0] if not name else {"compare": name, "variants": dict(zip(readings, summaries,
                                                                                               strict=True))}
        write_json(data, json_path, force=args.force)
        print(f"Wrote {json_path}")
    return 0


def cmd_solo_battle(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from civtable.games.civ_solo import odds

    options = solo_odds_options(args.option)
    units = odds.parse_units(args.units)
    positive(args.games, "--games")
    positive(args.hand, "--hand")
    for flag, value in (("--bonus", args.bonus), ("--cards", args.cards)):
        if value < 0:
            raise UsageError(f"{flag} must be 0 or more, not {value}")
    end = odds.last_turn(options)
    if not 1 <= args.turn <= end:
        raise UsageError(f"--turn must be between 1 and {end}, not {args.turn}")
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    battle = odds.battle_odds(units, args.turn, args.fortified, args.bonus, args.games, seed, options, hand=args.hand)
    military = odds.military_odds(units, args.turn, args.bonus, cards=args.cards, options=options)
    console = Console()
    hand = ", ".join(str(u) for u in units)
    print(f"civ-solo, event rolled in turn {args.turn}; your unit cards: {hand}; {solo_rules(options)}")
    print(f"Capital battle (SOLO-4.4): opponent military level {battle['military_level']}, "
                  f"card limit {battle['card_limit']} (row of turn {battle['row_turn']}); "
                  f"{'opponent' if args.fortified else 'you'} play first; your bonus {args.bonus}; "
                  f"{args.games} games, seed {seed}.")
    print(f"Military event (SOLO-4.3): draw {military['cards_drawn']} cards, need "
                  f"{military['table_strength']} with half your bonus ({military['halved_bonus']['value']:g})"
                  + (f" and {args.cards} culture event card(s)" if args.cards else "") + "; exact.")
    table = Table()
    for column in ("Event", "Chance", "95% CI", "Expected units lost"):
        table.add_column(column, justify="left" if column == "Event" else "right")
    lo, hi = battle["ci95"]
    table.add_row("Win the capital battle", _pct2(battle["win_rate"]), f"{_pct2(lo)} - {_pct2(hi)}", "")
    table.add_row("Pass the military event", _pct2(military["p_pass"]["value"]), "exact",
                  f"{military['expected_units_lost']['value']:.3f}")
    console.print(table)
    print(f"Mean totals in the battle: you {battle['mean_player_total']:.2f}, "
                  f"opponent {battle['mean_opponent_total']:.2f} (the defender wins ties).")
    return 0


SOLO_UNITS_HELP = (
    "your unit cards, comma-separated TYPE:RANK entries, one per card: TYPE is infantry, mounted "
    "(or cavalry), artillery or aircraft; RANK is 1-4 or I-IV; repeat an entry for several cards "
    "('infantry:2,infantry:2,artillery:3') or add xCOUNT ('infantry:2x2,artillery:3x3'). A card's strength "
    "is the common card of its deck at that rank (2/3/4/5 for ranks I-IV); write TYPE:RANK=STRENGTH for "
    "another card, e.g. infantry:1=3"
)



# ---------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Play, simulate and analyse civilization-building tabletop games.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def option_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                       help="a rule variant or setting (repeatable; see 'civtable games GAME')")
        p.add_argument("--cards", metavar="FILE",
                       help="play with your own card file (the same as --option cards=FILE)")
        p.add_argument("--map", metavar="NAME",
                       help="the map of a map game: a shipped map's name or a map file (the same as --option map=NAME)")

    p = sub.add_parser("games", help="list the games, their player counts and variants",
                       description="List the games, or show one game's options and bots.")
    p.add_argument("game", nargs="?", metavar="GAME", help="show this game's details")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", help="play a game in the terminal",
                       description="Play in the terminal against bots or at one keyboard.")
    p.add_argument("game", nargs="?", metavar="GAME")
    p.add_argument("--players", metavar="P,P,...", help="one per seat: human or a bot (default: human, then random)")
    p.add_argument("--seed", type=int, help="the chance seed (default: random, shown at the start)")
    option_arg(p)
    p.add_argument("--record", metavar="FILE", help="write the game record here, move by move")
    p.add_argument("--resume", metavar="FILE", help="go on with the unfinished game of this record")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many games between bots and show the statistics",
                       description="Play many games between bots; show wins with 95% confidence intervals.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", required=True, metavar="BOT,BOT,...", help="one bot per seat")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, help="the master seed (default: random, shown in the report)")
    p.add_argument("--workers", type=int, default=1, help="processes to use (default 1); results do not depend on it")
    p.add_argument("--max-steps", type=int, metavar="N", help="stop a game after N actions (counted as unfinished)")
    option_arg(p)
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--records", metavar="DIR", help="write every game's record in this directory")
    p.add_argument("--force", action="store_true", help="overwrite the --json file and records")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("ladder", help="rate bots by playing them against each other (Elo)",
                       description="Play a round robin between bots, seats rotated; show Elo ratings with 95% "
                                   "confidence intervals and the win-rate matrix.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", required=True, metavar="BOT,BOT,...", help="the bots to rate (at least 2)")
    p.add_argument("--games", type=int, default=20,
                   help="games per pair of bots, half in each seating (default 20); in games of more than "
                        "2 seats, rounds of one game per rotation of the bot list")
    p.add_argument("--seed", type=int, help="the master seed (default: random, shown in the report)")
    p.add_argument("--workers", type=int, default=1, help="processes to use (default 1); results do not depend on it")
    option_arg(p)
    p.add_argument("--json", metavar="FILE", help="also write the ratings and matrix as JSON")
    p.add_argument("--force", action="store_true", help="overwrite the --json file")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("replay", help="replay a record and show the final position",
                       description="Replay a game record; show the position and the scores.")
    p.add_argument("record", metavar="RECORD")
    p.add_argument("--upto", type=int, metavar="N", help="stop after the first N actions")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("actions", help="list the legal actions in a position",
                       description="List the legal actions in a saved position (state JSON).")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--state", required=True, metavar="FILE", help="the position, as written by state.to_json()")
    p.add_argument("--player", type=int, metavar="P", help="this player rather than the player(s) to move")
    option_arg(p)
    p.set_defaults(func=cmd_actions)
    solo = sub.add_parser("solo", help="odds of the civ-solo automa: events per turn, battles",
                          description="The odds of the solo automa of Civilization: The Board Game (civ-solo).")
    solo_sub = solo.add_subparsers(dest="solo_command", metavar="COMMAND", required=True)
    p = solo_sub.add_parser("odds", help="exact chances of historical events per turn, expected battles",
                            description="Exact chances of a historical event and of each kind per turn 1-16, "
                                        "expected events and battles, the SOLO-6.2 failure roll.")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="a rule variant (repeatable), e.g. last-turn=B")
    p.add_argument("--compare", metavar="NAME=V1,V2", help="show readings of one variant side by side, "
                                                           "e.g. last-turn=A,B or one-and-two=A,B")
    p.add_argument("--json", metavar="FILE", help="also write the exact figures as JSON")
    p.add_argument("--force", action="store_true", help="overwrite the --json file")
    p.set_defaults(func=cmd_solo_odds)
    p = solo_sub.add_parser("battle", help="chance to win the capital battle and pass the military event",
                            description="Estimate the chance to win the capital battle (SOLO-4.4, Monte Carlo "
                                        "with 95% CI) and the exact chance to pass the military event "
                                        "(SOLO-4.3) with your unit cards.")
    p.add_argument("--units", required=True, metavar="TYPE:RANK,...", help=SOLO_UNITS_HELP)
    p.add_argument("--turn", type=int, required=True, metavar="N", help="the turn in which the 6 (battle) or 5 "
                   "(military event) was rolled; the SOLO-8.1 row follows option battle-level-turn")
    p.add_argument("--fortified", action="store_true", help="your capital is fortified: the opponent plays first")
    p.add_argument("--bonus", type=int, default=0, help="your combat bonus at its standard value, city defence "
                   "included (halved for the military event; default 0)")
    p.add_argument("--hand", type=int, metavar="N", help="draw N of the unit cards at random as the battle hand "
                   "(default: all of them are the hand)")
    p.add_argument("--cards", type=int, default=0, metavar="K", help="culture event cards played against the "
                   "military event, -2 strength each (SOLO-4.3.5; default 0)")
    p.add_argument("--games", type=int, default=10000, help="battles to simulate (default 10000)")
    p.add_argument("--seed", type=int, help="the seed (default: random, shown in the output)")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="a rule variant (repeatable), e.g. strongest-tie=A")
    p.set_defaults(func=cmd_solo_battle)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit code (0 fine, 2 user error, 130 interrupted)."""
    parser = build_parser()
    try:
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

"""``civtable play``: a game in the terminal, against bots or at one keyboard."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from civtable.agents import Agent, make_agent, parse_spec, split_players
from civtable.agents.human import HotSeat, HumanAgent, QuitGame
from civtable.core.action import Action
from civtable.core.commands import Command
from civtable.core.errors import CivtableError
from civtable.core.game import Game
from civtable.core.records import Record, RecordWriter, read_record
from civtable.core.rng import derive_seed
from civtable.core.state import State
from civtable.i18n import ENGLISH, N_, Translator, message
from civtable.sim.report import check_output
from civtable.sim.runner import load_game_for, play_out, resume

from .common import (
    PROG,
    UsageError,
    game_options,
    llm_arg,
    load_class,
    option_arg,
    result_lines,
    translator_of,
    user_files,
    who,
)


def seat_names(specs: Sequence[str], tr: Translator = ENGLISH, labels: Sequence[str] | None = None) -> list[str]:
    """Seats as messages name them: "player 1 (greedy)" for a bot, "player 0" for a
    person (who reads "player 0 (you)" on his own screen); with what each seat plays
    (``Game.seat_labels``: "player 1 Minoa (greedy)"), as the game's own screen names them."""
    return [labelled(tr.pt("seat", "player {n}", n=p) if parse_spec(s)[0] == "human" else who(p, specs, tr), p,
                     labels, tr) for p, s in enumerate(specs)]


def labelled(name: str, seat: int, labels: Sequence[str] | None, tr: Translator = ENGLISH) -> str:
    """``name`` ("player 1 (greedy)") with what the seat plays after its number ("player 1 Minoa (greedy)")."""
    plain = tr.pt("seat", "player {n}", n=seat)
    if labels is None or seat >= len(labels) or not name.startswith(plain):
        return name
    return f"{plain} {labels[seat]}{name[len(plain):]}"


def build_agents(specs: Sequence[str], game: Game, seed: int, tr: Translator = ENGLISH) -> list[Agent]:
    """Bots by spec, plus ``human`` for a person at this terminal (who reads ``tr``'s language)."""
    agents: list[Agent] = []
    names = seat_names(specs, tr, game.seat_labels(tr))
    people = sum(1 for spec in specs if parse_spec(spec)[0] == "human")
    table = HotSeat(names, tr) if people > 1 else None  # several people at one terminal
    for seat, spec in enumerate(specs):
        name, params = parse_spec(spec)
        if name == "human":
            if params:
                raise UsageError(message(N_("the human player takes no parameters")))
            agent: Agent = HumanAgent(names=names, tr=tr, hotseat=table)
            agent.name = "human"
        else:
            agent = make_agent(spec, game, seed=derive_seed(seed, seat))
        agents.append(agent)
    return agents


def start_play(args: argparse.Namespace) -> tuple[State, list[str], list[Agent], int, RecordWriter | None]:
    """A new game, or the game of ``--resume`` replayed up to where it stopped; the
    players are checked before the record file is opened."""
    tr = translator_of(args)
    if args.resume:
        if args.record:
            raise UsageError(message(N_("a resumed game goes on in its own file; do not give --record with --resume")))
        if args.seed is not None or args.option:
            raise UsageError(message(N_("a resumed game keeps the seed and options of its record; drop --seed and "
                                        "--option")))
        record = read_record(args.resume)
        files = user_files(args, record.options)
        if record.torn:
            print(f"{PROG}: warning: " + tr.t("{problem}; the game goes on from the line before",
                                              problem=record.torn), file=sys.stderr)
        if record.result is not None:
            raise CivtableError(message(N_("{file} holds a finished game; nothing to resume"), file=args.resume))
        if args.game and args.game != record.game:
            raise UsageError(message(N_("{file} is a game of {game}, not {wanted}"), file=args.resume, game=record.game,
                                     wanted=args.game))
        specs = record.players
        if args.players and split_players(args.players) != specs:
            raise UsageError(message(N_("{file} was played by {players}; a resumed game keeps its players"),
                                     file=args.resume, players=",".join(specs)))
        game = record.load_game(files)
        if len(specs) != game.num_players:
            raise CivtableError(message(N_("{file} names {n} players for a {m}-player game"), file=args.resume,
                                        n=len(specs), m=game.num_players))
        seed = record.seed or 0
        agents = build_agents(specs, game, seed, tr)
        state, differ = resume(record, agents, sorted(files))
        writer = RecordWriter.resume(args.resume)
        print(tr.t("Resuming {file} after {n} actions.", file=args.resume, n=len(record.moves)))
        if differ:
            print(f"{PROG}: warning: " + tr.t("the bots now choose differently {n} time(s) in the recorded part "
                                              "(a time budget?); the game goes on from the record", n=differ),
                  file=sys.stderr)
        return state, specs, agents, seed, writer
    if not args.game:
        raise UsageError(message(N_("play needs a GAME (or --resume FILE)")))
    cls = load_class(args.game)
    if args.players:
        specs = split_players(args.players)
    else:
        specs = ["human"] + ["random"] * (cls.info.default_players - 1)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    game = load_game_for(args.game, game_options(args), len(specs))
    agents = build_agents(specs, game, seed, tr)
    state = game.new_state(seed=seed)
    writer = None
    if args.record:
        if not Path(args.record).exists():
            check_output(args.record)  # a missing directory, said before the game starts
        writer = RecordWriter.create(args.record, Record(game.id, dict(game.options), seed, list(specs)))
    return state, specs, agents, seed, writer


def saved_message(writer: RecordWriter | None, tr: Translator = ENGLISH) -> str:
    if writer is None:
        return tr.t("Game stopped; it was not saved (play with --record FILE to keep a game).")
    path = writer.path
    return tr.t("Game saved in {file} after {n} actions; go on with: civtable play --resume {file}", file=path,
                n=len(writer.record.moves))


def run(args: argparse.Namespace) -> int:
    tr = translator_of(args)
    state, specs, agents, seed, writer = start_play(args)
    seats = ", ".join(labelled(who(p, specs, tr), p, state.game.seat_labels(tr), tr) for p in range(len(specs)))
    humans = [p for p, a in enumerate(agents) if isinstance(a, HumanAgent)]
    # the seed gives every card to come and every hidden hand: shown to people only once the game is over
    if humans:
        print(tr.t("{name} ({id}): {seats}.", name=state.game.name, id=state.game.id, seats=seats))
    else:
        print(tr.t("{name} ({id}, seed {seed}): {seats}.", name=state.game.name, id=state.game.id, seed=str(seed),
                   seats=seats))
    game = state.game
    names = seat_names(specs, tr, game.seat_labels(tr))
    told = [0]

    def on_move(player: int, action: Action) -> None:
        if writer is not None:
            writer.add(player, str(action))
            for agent in agents:
                while agent.notes:
                    writer.note(*agent.notes.pop(0))
        if not humans:  # bots only: the game is told as a spectator sees it
            for event in state.events(None, told[0]):
                told[0] += 1
                print(game.render_event(event, None, names, tr))

    try:
        try:
            play_out(state, agents, on_move=on_move)
        except (QuitGame, KeyboardInterrupt):
            print()
            print(saved_message(writer, tr))
            return 0
        for agent in agents:
            agent.end(state.returns(), state.winners())
        if writer is not None:
            writer.finish(state)
    finally:
        if writer is not None:
            writer.close()
    viewer = humans[0] if humans else None
    if humans:
        agent = agents[humans[0]]
        assert isinstance(agent, HumanAgent)
        agent.tell_events(state, humans[0])
    if viewer is None:
        print(tr.t("--- final position ---"))
    else:
        print(tr.t("--- final position seen by {who} ---", who=who(viewer, specs, tr)))
    print(tr.localize(game.render(state.observation(viewer), viewer)))
    for line in result_lines(state, specs, tr):
        print(line)
    if humans:
        print(tr.t("The game's seed was {seed}.", seed=str(seed)))
    if writer is not None:
        print(tr.t("Record saved in {file}.", file=writer.path))
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", metavar="GAME")
    p.add_argument("--players", metavar="P,P,...", help="one per seat: human or a bot (default: human, then random)")
    p.add_argument("--seed", type=int, help="the chance seed (default: random; shown when the game is over, kept in the record)")
    option_arg(p)
    llm_arg(p)
    p.add_argument("--record", metavar="FILE", help="write the game record here, move by move")
    p.add_argument("--resume", metavar="FILE", help="go on with the unfinished game of this record")


COMMAND = Command("play", "play a game in the terminal",
                  "Play in the terminal against bots or at one keyboard.", arguments, run)

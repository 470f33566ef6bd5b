"""Playing one game between agents: the loop every front end shares.

The loop always asks the first player of ``to_move()`` and re-reads it after every
action, so simultaneous steps, reactions and ordinary turns need no special case.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from civtable.agents import Agent, PlayerView, make_agent
from civtable.core.action import Action
from civtable.core.errors import CivtableError, RecordError
from civtable.core.game import Game, option_key
from civtable.core.records import Record
from civtable.core.registry import game_class
from civtable.core.rng import derive_seed
from civtable.core.state import State

MoveHook = Callable[[int, Action], None]
"""Called after each action is applied, with the player who chose it."""


@dataclass(slots=True)
class GameResult:
    """The outcome of one game; ``moves`` is ``None`` when they were not kept, and
    ``stats`` holds the game's own figures (``State.game_stats``) of a finished game."""

    seed: int
    returns: list[float]
    winners: list[int]
    turns: int
    steps: int
    moves: list[tuple[int, str]] | None = None
    finished: bool = True
    first_player: int | None = None
    game: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    holdings: dict[str, list[int]] = field(default_factory=dict)
    trajectory: list[list[float]] | None = None
    """Each player's score at the start of every turn (``State.scores``), when the game has one."""
    notes: list[tuple[int, str]] = field(default_factory=list)
    """What the bots' record should keep beside the moves (``Agent.notes``)."""
    bot_stats: list[dict[str, float]] = field(default_factory=list)
    """What each seat's bot counted (``Agent.stats``: a language model's requests, illegal
    replies, tokens...), one dict per seat (empty for most bots)."""
    scores: list[float] | None = None
    """Each player's final score (``State.scores``), when the game has one."""

    def record(self) -> Record:
        """The game as a record (with its result line), to save or replay."""
        if self.moves is None:
            raise ValueError("this result kept no moves; play it with keep_moves=True")
        result = {"returns": self.returns, "winners": self.winners, "turns": self.turns}
        return Record(
            self.game, dict(self.options), self.seed, list(self.players), list(self.moves),
            result=result if self.finished else None, notes=list(self.notes),
        )


def first_mover(state: State) -> int | None:
    """The seat that decides first, when one seat alone does (for first-player advantage)."""
    movers = state.to_move()
    return movers[0] if len(movers) == 1 else None


def game_stats(state: State) -> dict[str, float]:
    """The finished game's own figures as plain floats, checked; an unfinished game
    (stopped by the step limit) reports none, since its figures would be partial."""
    if not state.is_terminal():
        return {}
    stats = state.game_stats()
    if not isinstance(stats, dict):
        raise TypeError(f"{state.game.id}: game_stats() must return a dict, not {type(stats).__name__}")
    checked: dict[str, float] = {}
    for key, value in stats.items():
        if not isinstance(key, str) or not key:
            raise TypeError(f"{state.game.id}: game_stats() keys must be non-empty strings, not {key!r}")
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
            raise ValueError(f"{state.game.id}: game_stats()[{key!r}] must be a finite number, not {value!r}")
        checked[key] = float(value)
    return checked


def civilizations(state: State) -> list[str] | None:
    """The civilization each seat plays, where a game's seats are civilizations: read
    from what a spectator sees (``observation(None)``: ``players[i]["civilization"]``,
    the public contract), so no game needs a hook; ``None`` for other games. Read by
    the reports and ``--csv`` from a game's initial state, never during a game (the
    bots play without building observations)."""
    try:
        obs = state.observation(None)
    except (CivtableError, ValueError, TypeError, KeyError):
        return None
    players = obs.get("players") if isinstance(obs, dict) else None
    if not isinstance(players, list) or len(players) != state.num_players:
        return None
    found = [p.get("civilization") if isinstance(p, dict) else None for p in players]
    return [str(c) for c in found] if all(isinstance(c, str) and c for c in found) else None


def holdings(state: State) -> dict[str, list[int]]:
    """The finished game's items and their holders (``State.holdings``), checked."""
    if not state.is_terminal():
        return {}
    found = state.holdings()
    out: dict[str, list[int]] = {}
    for item, seats in found.items():
        if not isinstance(item, str) or not isinstance(seats, list) or not all(isinstance(x, int) for x in seats):
            raise TypeError(f"{state.game.id}: holdings() must map item names to lists of seats")
        out[item] = sorted(set(seats))
    return out


def play_out(
    state: State,
    agents: Sequence[Agent],
    max_steps: int | None = None,
    on_move: MoveHook | None = None,
) -> int:
    """Play ``state`` forward until the end (or ``max_steps`` actions); returns the steps taken."""
    steps = 0
    while max_steps is None or steps < max_steps:
        movers = state.to_move()
        if not movers:
            break
        p = movers[0]
        agent = agents[p]
        action = agent.act(PlayerView(state, p))
        state.apply(p, action)
        said = agent.talk()
        if said:  # a public message with the move (a language model's words with a trade offer)
            state.emit("talk", {"player": p, "text": said})
        steps += 1
        if on_move is not None:
            on_move(p, action)
    return steps


def resume(record: Record, agents: Sequence[Agent], files: Sequence[str] = ()) -> tuple[State, int]:
    """The state of an unfinished record, with every bot's own state (its generator and
    memory) rebuilt as it was: each bot is asked again for each decision it made, so
    that the resumed game goes on exactly as the uninterrupted one would have. Returns
    the state and the number of decisions a bot now makes differently from the record
    (a bot with a time budget may); the record's actions are played in any case."""
    game = record.load_game(files)
    state = game.new_state(seed=record.seed)
    differ = 0
    for ply, (player, text) in enumerate(record.moves, 1):
        try:
            action = game.parse_action(state, text, player)
        except CivtableError as e:
            raise RecordError(f"record action {ply} ({text[:60]!r} by player {player}): {e}") from None
        agent = agents[player] if 0 <= player < len(agents) else None
        if agent is not None and agent.replayable and agent.act(PlayerView(state, player)).text != action.text:
            differ += 1
        state.apply(player, action)
    return state, differ


def play_game(
    game: Game,
    agent_specs: list[str],
    seed: int,
    max_steps: int | None = None,
    *,
    keep_moves: bool = True,
    give: tuple[str, int | None] | None = None,
) -> GameResult:
    """One game between bots; seat ``i``'s bot gets seed ``derive_seed(seed, i)``.

    Fresh agents are built for every game, so a game's outcome depends on its seed
    alone: that is what makes batches reproducible whatever the number of workers.
    ``give``: ``(item, seat)`` changes the initial state with ``Game.give_item``.
    """
    agents = [make_agent(spec, game, seed=derive_seed(seed, seat)) for seat, spec in enumerate(agent_specs)]
    state = game.new_state(seed=seed)
    if not any(a.reads_events for a in agents):
        state.silence()  # nobody is told what happened: events would only cost time
    if give is not None:
        game.give_item(state, *give)
    first = first_mover(state)
    moves: list[tuple[int, str]] | None = [] if keep_moves else None
    first_scores = state.scores()
    trajectory = None if first_scores is None else [list(first_scores)]
    turn = [state.turn]

    def hook(player: int, action: Action) -> None:
        if moves is not None:
            moves.append((player, str(action)))
        if trajectory is not None and state.turn != turn[0]:
            turn[0] = state.turn
            now = state.scores()
            if now is not None:
                trajectory.append(list(now))

    try:
        steps = play_out(state, agents, max_steps, hook if moves is not None or trajectory is not None else None)
    finally:
        for agent in agents:
            agent.end(state.returns(), state.winners())
    return GameResult(
        seed=seed,
        returns=list(state.returns()),
        winners=list(state.winners()),
        turns=state.turn,
        steps=steps,
        moves=moves,
        finished=state.is_terminal(),
        first_player=first,
        game=game.id,
        options=dict(game.options),
        players=list(agent_specs),
        stats=game_stats(state),
        holdings=holdings(state),
        trajectory=trajectory,
        scores=None if first_scores is None else [float(x) for x in state.scores() or ()],
        notes=sorted((ply, text) for agent in agents for ply, text in agent.notes),
        bot_stats=[agent.stats() for agent in agents],
    )


def seat_civilizations(game: Game, seed: int) -> list[str] | None:
    """The seats' civilizations at the start of the game of ``seed`` (``civilizations``)."""
    return civilizations(game.new_state(seed=seed))


def load_game_for(game_id: str, options: dict[str, Any], players: int) -> Game:
    """The game set up for ``players`` seats: fills the ``players`` option when the game
    has one and it was not given, and refuses a seat count the game is not set for."""
    try:
        cls = game_class(game_id)
    except ImportError as e:
        raise CivtableError(f"game {game_id!r} could not be loaded ({e})") from None
    span = f"{cls.min_players}" if cls.min_players == cls.max_players else f"{cls.min_players} to {cls.max_players}"
    if not cls.min_players <= players <= cls.max_players:
        raise CivtableError(f"{game_id} is played by {span} players, but {players} were named")
    given = {option_key(k) for k in options}
    opts = dict(options)
    if "players" not in given and any(s.name == "players" for s in cls.option_specs):
        opts["players"] = players
    game = cls(**opts)
    if game.num_players != players:
        raise CivtableError(
            f"{game_id} is set for {game.num_players} players (option players), but {players} were named"
        )
    return game

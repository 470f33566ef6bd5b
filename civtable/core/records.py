"""Game records as JSON Lines: a header, then one line per action.

    {"type": "header", "game": "catan-deckbuilding", "options": {...}, "seed": 7,
     "players": ["greedy", "random"], "engine": "civtable 0.1.0"}
    {"type": "action", "ply": 1, "player": 0, "action": "play ore"}
    ...
    {"type": "result", "returns": [1, -1], "winners": [0], "turns": 31}

A record is written line by line while a game is played, so a session that is
closed at any point can be resumed from the file. Replaying the header's seed
and the actions reproduces the same state.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .errors import CivtableError, RecordError
from .game import Game
from .registry import load_game
from .state import State


def engine_version() -> str:
    from civtable import __version__

    return f"civtable {__version__}"


@dataclass
class Record:
    """A game: who played, with which rules and seed, and every action."""

    game: str
    options: dict[str, Any]
    seed: int | None
    players: list[str]
    moves: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    engine: str = field(default_factory=engine_version)

    def header(self) -> dict[str, Any]:
        return {
            "type": "header",
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "engine": self.engine,
        }

    def lines(self) -> Iterable[str]:
        yield json.dumps(self.header(), sort_keys=True)
        for ply, (player, action) in enumerate(self.moves, 1):
            yield json.dumps({"type": "action", "ply": ply, "player": player, "action": action})
        if self.result is not None:
            yield json.dumps({"type": "result", **self.result}, sort_keys=True)

    def dumps(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def save(self, path: str | Path, overwrite: bool = False) -> None:
        """Write the record; an existing file is kept unless ``overwrite``."""
        path = Path(path)
        if path.exists() and not overwrite:
            raise RecordError(f"{path} already exists; choose another file name")
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.dumps(), encoding="utf-8")
        os.replace(tmp, path)

    def load_game(self) -> Game:
        try:
            return load_game(self.game, **self.options)
        except CivtableError as e:
            raise RecordError(f"record header: {e}") from None

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all by default)."""
        game = self.load_game()
        state = game.new_state(seed=self.seed)
        moves = self.moves if upto is None else self.moves[:upto]
        for ply, (player, text) in enumerate(moves, 1):
            try:
                action = game.parse_action(state, text, player)
                state.apply(player, action)
            except CivtableError as e:
                raise RecordError(f"record action {ply} ({text!r} by player {player}): {e}") from None
        return state

    @staticmethod
    def from_state_result(state: State) -> dict[str, Any]:
        return {"returns": state.returns(), "winners": state.winners(), "turns": state.turn}


def parse_record(text: str, source: str = "record") -> Record:
    """Read a record; a corrupt line raises ``RecordError`` naming it."""
    record: Record | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise RecordError(f"{source} line {number} is not valid JSON (truncated or corrupt?)") from None
        if not isinstance(data, dict) or "type" not in data:
            raise RecordError(f"{source} line {number} has no 'type' field")
        kind = data["type"]
        if record is None:
            if kind != "header":
                raise RecordError(f"{source} line {number}: a record must start with a header line")
            try:
                game = data["game"]
                options = data.get("options", {})
                seed = data.get("seed")
                players = data.get("players", [])
                if not isinstance(game, str) or not isinstance(options, dict):
                    raise TypeError
                if seed is not None and not isinstance(seed, int):
                    raise TypeError
                if not isinstance(players, list):
                    raise TypeError
            except (KeyError, TypeError):
                raise RecordError(f"{source} line {number}: the header needs 'game' (text), 'options' (object), 'seed' (integer) and 'players' (list)") from None
            record = Record(game, options, seed, [str(p) for p in players], engine=str(data.get("engine", "")))
        elif kind == "action":
            player, action = data.get("player"), data.get("action")
            if not isinstance(player, int) or isinstance(player, bool) or not isinstance(action, str):
                raise RecordError(f"{source} line {number}: an action line needs 'player' (integer) and 'action' (text)")
            record.moves.append((player, action))
        elif kind == "result":
            record.result = {k: v for k, v in data.items() if k != "type"}
        else:
            raise RecordError(f"{source} line {number}: unknown line type {kind!r}")
    if record is None:
        raise RecordError(f"{source} is empty: no header line")
    return record


def read_record(path: str | Path) -> Record:
    path = Path(path)
    if path.is_dir():
        raise RecordError(f"{path} is a directory, not a record file")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"no record file {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"cannot read record {path}: {e.__class__.__name__}") from None
    return parse_record(text, source=str(path))


class RecordWriter:
    """Appends a record line by line, flushed, so a game can be resumed after any move."""

    def __init__(self, record: Record, stream: IO[str]) -> None:
        self.record = record
        self.stream = stream

    @classmethod
    def create(cls, path: str | Path, record: Record) -> RecordWriter:
        path = Path(path)
        try:
            stream = path.open("x", encoding="utf-8")
        except FileExistsError:
            raise RecordError(f"{path} already exists; choose another file name or resume it") from None
        writer = cls(record, stream)
        for line in record.lines():
            writer._write(line)
        return writer

    @classmethod
    def resume(cls, path: str | Path) -> RecordWriter:
        record = read_record(path)
        if record.result is not None:
            raise RecordError(f"{path} holds a finished game; nothing to resume")
        return cls(record, Path(path).open("a", encoding="utf-8"))

    def _write(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.stream.flush()

    def add(self, player: int, action: str) -> None:
        self.record.moves.append((player, action))
        ply = len(self.record.moves)
        self._write(json.dumps({"type": "action", "ply": ply, "player": player, "action": action}))

    def finish(self, state: State) -> None:
        self.record.result = Record.from_state_result(state)
        self._write(json.dumps({"type": "result", **self.record.result}, sort_keys=True))

    def close(self) -> None:
        self.stream.close()

"""Game records as JSON Lines: a header, then one line per action.

    {"type": "header", "game": "catan-deckbuilding", "options": {...}, "seed": 7,
     "players": ["greedy", "random"], "engine": "civtable 0.1.0"}
    {"type": "action", "ply": 1, "player": 0, "action": "play ore"}
    ...
    {"type": "result", "returns": [1, -1], "winners": [0], "turns": 31}

A record is written line by line while a game is played, each line whole and
flushed (and synced to disk at the end of a game and when play stops), so a
session that is closed at any point can be resumed from the file. A record whose
last line was torn (a crash or a full disk in the middle of a write) is read up
to its last complete line, and says so; resuming it cuts the torn line off first.
Replaying the header's seed and the actions reproduces the same state.

A record holds the seed, from which every hidden card follows: it is a
full-information file, to be shared only after the game.
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .._version import __version__
from .errors import CivtableError, RecordError
from .files import RECORD_LIMIT, is_path, parse_json, read_text
from .game import Game
from .reader import shown
from .registry import game_class
from .state import State


def engine_version() -> str:
    return f"civtable {__version__}"


@dataclass
class Record:
    """A game: who played, with which rules and seed, and every action. ``torn`` says
    why the last line of the file it was read from was left out, if it was."""

    game: str
    options: dict[str, Any]
    seed: int | None
    players: list[str]
    moves: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    engine: str = field(default_factory=engine_version)
    torn: str | None = None
    notes: list[tuple[int, str]] = field(default_factory=list)
    """What happened beside the moves (a bot that failed and was replaced): (ply, text)."""

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
        notes = sorted(self.notes)
        k = 0
        for ply, (player, action) in enumerate(self.moves, 1):
            while k < len(notes) and notes[k][0] < ply:
                yield note_line(*notes[k])
                k += 1
            yield action_line(ply, player, action)
        for note in notes[k:]:
            yield note_line(*note)
        if self.result is not None:
            yield json.dumps({"type": "result", **self.result}, sort_keys=True)

    def dumps(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def save(self, path: str | Path, overwrite: bool = False) -> None:
        """Write the record; an existing file is kept unless ``overwrite``, and a
        failed write leaves neither a half-written file nor a temporary one."""
        path = Path(path)
        if path.exists() and not overwrite:
            raise RecordError(f"{path} already exists; choose another file name")
        tmp = path.with_name(path.name + ".tmp")
        try:
            with tmp.open("w", encoding="utf-8") as stream:
                stream.write(self.dumps())
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(tmp, path)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise RecordError(f"cannot write record {path}: {e.strerror or e.__class__.__name__}") from None

    def load_game(self, files: Collection[str] = ()) -> Game:
        """The game of the header. An option that names a file (a card or map file)
        must name one of the game's own data sets, or a file in ``files`` (those the
        user named on the command line): a record never makes civtable read a path
        taken from inside it."""
        try:
            cls = game_class(self.game)
            check_file_options(cls, self.options, files, "record header")
            return cls(**self.options)
        except CivtableError as e:
            raise RecordError(f"record header: {e}") from None
        except ImportError as e:
            raise RecordError(f"record header: game {self.game!r} could not be loaded ({e})") from None

    def replay(self, upto: int | None = None, files: Collection[str] = ()) -> State:
        """The state after the first ``upto`` actions (all by default)."""
        game = self.load_game(files)
        state = game.new_state(seed=self.seed)
        moves = self.moves if upto is None else self.moves[:upto]
        for ply, (player, text) in enumerate(moves, 1):
            try:
                action = game.parse_action(state, text, player)
                state.apply(player, action)
            except CivtableError as e:
                raise RecordError(f"record action {ply} ({shown(text)} by player {player}): {e}") from None
        return state

    @staticmethod
    def from_state_result(state: State) -> dict[str, Any]:
        return {"returns": state.returns(), "winners": state.winners(), "turns": state.turn}


def check_file_options(cls: type[Game], options: dict[str, Any], files: Collection[str], where: str) -> None:
    """Refuse a file option of a saved game that is neither a data-set name nor a file
    the user named himself."""
    for spec in cls.option_specs:
        if not spec.file:
            continue
        value = options.get(spec.name)
        if not value or not isinstance(value, str) or value in files:
            continue
        if is_path(value) or "\x00" in value:
            raise CivtableError(
                f"{where}: option {spec.name}={shown(value)} names a file; a saved game may only name the "
                f"game's own data sets (give the file on the command line to use it)")


def note_line(ply: int, text: str) -> str:
    return json.dumps({"type": "note", "ply": ply, "text": text})


def action_line(ply: int, player: int, action: str) -> str:
    return json.dumps({"type": "action", "ply": ply, "player": player, "action": action})


def _line(text: str, source: str, number: int) -> dict[str, Any]:
    data = parse_json(text, f"{source} line {number}", RecordError)
    if not isinstance(data, dict) or "type" not in data:
        raise RecordError(f"{source} line {number} has no 'type' field")
    return data


def _header(data: dict[str, Any], source: str, number: int) -> Record:
    game, options = data.get("game"), data.get("options", {})
    seed, players = data.get("seed"), data.get("players", [])
    if (not isinstance(game, str) or not isinstance(options, dict)
            or (seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)))
            or not isinstance(players, list) or not all(isinstance(p, str) for p in players)):
        raise RecordError(f"{source} line {number}: the header needs 'game' (text), 'options' (object), "
                          "'seed' (integer) and 'players' (a list of bot names)")
    return Record(game, options, seed, list(players), engine=str(data.get("engine", ""))[:100])


def _result(data: dict[str, Any], source: str, number: int, players: int) -> dict[str, Any]:
    returns, winners, turns = data.get("returns"), data.get("winners"), data.get("turns")
    ok = (isinstance(returns, list) and all(isinstance(r, (int, float)) and not isinstance(r, bool)
                                            and -1e9 < r < 1e9 for r in returns)
          and isinstance(winners, list) and all(isinstance(w, int) and not isinstance(w, bool)
                                                and 0 <= w < max(players, 1) for w in winners)
          and (turns is None or (isinstance(turns, int) and not isinstance(turns, bool) and 0 <= turns < 10**9)))
    if not ok:
        raise RecordError(f"{source} line {number}: a result line needs 'returns' (numbers), 'winners' (seats) "
                          "and 'turns' (a count)")
    return {k: v for k, v in data.items() if k != "type"}


def parse_record(text: str, source: str = "record") -> Record:
    """Read a record; a corrupt line raises ``RecordError`` naming it. A last line that
    was torn (no newline at its end, and not valid JSON) is left out, and the record's
    ``torn`` says so."""
    lines = text.split("\n")
    torn: str | None = None
    if lines and lines[-1] == "":
        lines.pop()
    elif len(lines) > 1 and not text.endswith("\n"):
        try:
            _line(lines[-1], source, len(lines))
        except RecordError:
            torn = f"{source}: line {len(lines)}, its last line, was cut off (a crash or a full disk?) and is left out"
            lines.pop()
    record: Record | None = None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        data = _line(line, source, number)
        kind = data["type"]
        if record is None:
            if kind != "header":
                raise RecordError(f"{source} line {number}: a record must start with a header line")
            record = _header(data, source, number)
        elif record.result is not None:
            raise RecordError(f"{source} line {number}: nothing may follow the result line")
        elif kind == "action":
            player, action = data.get("player"), data.get("action")
            if not isinstance(player, int) or isinstance(player, bool) or not isinstance(action, str) \
                    or not 0 <= player < 1000:
                raise RecordError(f"{source} line {number}: an action line needs 'player' (a seat) and "
                                  "'action' (text)")
            record.moves.append((player, action))
        elif kind == "result":
            record.result = _result(data, source, number, len(record.players))
        elif kind == "note":
            at, said = data.get("ply"), data.get("text")
            if not isinstance(at, int) or isinstance(at, bool) or not isinstance(said, str):
                raise RecordError(f"{source} line {number}: a note line needs 'ply' (a number) and 'text'")
            record.notes.append((at, said[:1000]))
        else:
            raise RecordError(f"{source} line {number}: unknown line type {shown(kind)}")
    if record is None:
        raise RecordError(f"{source} is empty: no header line")
    record.torn = torn
    return record


def read_record(path: str | Path) -> Record:
    return parse_record(read_text(path, "record", RECORD_LIMIT, RecordError), source=str(path))


class RecordWriter:
    """Appends a record line by line, flushed, so a game can be resumed after any move."""

    def __init__(self, record: Record, stream: IO[str], path: Path) -> None:
        self.record = record
        self.stream = stream
        self.path = path

    @classmethod
    def create(cls, path: str | Path, record: Record) -> RecordWriter:
        path = Path(path)
        try:
            stream = path.open("x", encoding="utf-8")
        except FileExistsError:
            raise RecordError(f"{path} already exists; choose another file name or resume it") from None
        except OSError as e:
            raise RecordError(f"cannot write record {path}: {e.strerror or e.__class__.__name__}") from None
        writer = cls(record, stream, path)
        try:
            for line in record.lines():
                writer._write(line)
            writer.sync()
        except RecordError:
            stream.close()
            path.unlink(missing_ok=True)  # nothing of the game is lost: it has not started
            raise
        return writer

    @classmethod
    def resume(cls, path: str | Path) -> RecordWriter:
        """Go on writing a record; a torn last line is cut off first (so the next line
        does not glue onto it), and a last line without its newline gets one."""
        path = Path(path)
        text = read_text(path, "record", RECORD_LIMIT, RecordError)
        record = parse_record(text, source=str(path))
        if record.result is not None:
            raise RecordError(f"{path} holds a finished game; nothing to resume")
        try:
            if record.torn is not None:
                keep = text[: text.rstrip("\n").rfind("\n") + 1] if "\n" in text else ""
                os.truncate(path, len(keep.encode("utf-8")))
            elif text and not text.endswith("\n"):
                with path.open("a", encoding="utf-8") as stream:
                    stream.write("\n")
            stream = path.open("a", encoding="utf-8")
        except OSError as e:
            raise RecordError(f"cannot write record {path}: {e.strerror or e.__class__.__name__}") from None
        return cls(record, stream, path)

    def _write(self, line: str) -> None:
        try:
            self.stream.write(line + "\n")
            self.stream.flush()
        except OSError as e:
            raise RecordError(f"cannot write record {self.path}: {e.strerror or e.__class__.__name__} "
                              f"(the record holds the game up to the last complete line)") from None

    def sync(self) -> None:
        """Flush and push the record to the disk (at the end of a game, when play stops)."""
        try:
            self.stream.flush()
            os.fsync(self.stream.fileno())
        except OSError as e:
            raise RecordError(f"cannot write record {self.path}: {e.strerror or e.__class__.__name__}") from None

    def note(self, ply: int, text: str) -> None:
        self.record.notes.append((ply, text))
        self._write(note_line(ply, text))

    def add(self, player: int, action: str) -> None:
        self.record.moves.append((player, action))
        self._write(action_line(len(self.record.moves), player, action))

    def finish(self, state: State) -> None:
        self.record.result = Record.from_state_result(state)
        self._write(json.dumps({"type": "result", **self.record.result}, sort_keys=True))
        self.sync()

    def close(self) -> None:
        if self.stream.closed:
            return
        try:
            self.sync()
        finally:
            self.stream.close()

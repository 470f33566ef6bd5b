"""Records written move by move: a session stopped at any point resumes from its file."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.core.errors import RecordError
from civtable.core.records import Record, RecordWriter, read_record
from civtable.core.registry import load_game, register_game
from civtable.sim.runner import play_game

register_game("toy-nim", "tests.toygame:ToyNim")


def test_record_written_move_by_move_can_be_resumed(tmp_path: Path) -> None:
    game = load_game("toy-nim", **{"max-take": 2})
    full = play_game(game, ["greedy", "random"], 7).record()
    final = full.replay()
    half = len(full.moves) // 2
    path = tmp_path / "game.jsonl"
    writer = RecordWriter.create(path, Record(full.game, full.options, full.seed, full.players))
    for p, text in full.moves[:half]:
        writer.add(p, text)
    writer.close()  # the session stops here
    with pytest.raises(RecordError, match="already exists"):
        RecordWriter.create(path, full)  # an existing record is not overwritten
    writer = RecordWriter.resume(path)
    state = writer.record.replay()
    for p, text in full.moves[half:]:
        state.apply(p, game.parse_action(state, text, p))
        writer.add(p, text)
    writer.finish(state)
    writer.close()
    loaded = read_record(path)
    assert loaded.moves == full.moves
    assert loaded.result is not None and loaded.result["winners"] == final.winners()
    assert loaded.replay().to_json() == final.to_json()
    with pytest.raises(RecordError, match="finished"):
        RecordWriter.resume(path)  # a finished game is not resumed


def test_another_seed_gives_another_game() -> None:
    game = load_game("toy-nim")
    a = play_game(game, ["random", "random"], 1).moves
    b = play_game(game, ["random", "random"], 2).moves
    assert a != b

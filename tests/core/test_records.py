"""Records written move by move: a session stopped at any point resumes from its file."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.core.errors import RecordError
from civtable.core.records import Record, RecordWriter, read_record
from civtable.core.registry import load_game, register_game
from civtable.sim.runner import play_game

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


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


def _game_record(tmp_path: Path) -> tuple[Record, Path]:
    game = load_game("toy-nim", **{"max-take": 2})
    full = play_game(game, ["greedy", "random"], 9).record()
    path = tmp_path / "g.jsonl"
    path.write_text("".join(line + "\n" for line in list(full.lines())[:-1]), encoding="utf-8")  # no result
    return full, path


def test_a_torn_last_line_is_left_out_and_resume_cuts_it_off(tmp_path: Path) -> None:
    full, path = _game_record(tmp_path)
    whole = path.read_text(encoding="utf-8")
    path.write_text(whole + '{"type": "action", "ply": 99, "pla', encoding="utf-8")  # a crash mid-write
    record = read_record(path)
    assert record.moves == full.moves and record.torn is not None and "was cut off" in record.torn
    writer = RecordWriter.resume(path)
    assert path.read_text(encoding="utf-8") == whole  # the torn line is gone before anything is added
    state = writer.record.replay()
    writer.finish(state)
    writer.close()
    again = read_record(path)
    assert again.torn is None and again.moves == full.moves and again.result is not None


def test_a_last_line_without_its_newline_gets_one_before_the_next(tmp_path: Path) -> None:
    full, path = _game_record(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n"), encoding="utf-8")
    assert read_record(path).moves == full.moves and read_record(path).torn is None
    writer = RecordWriter.resume(path)
    writer.finish(writer.record.replay())
    writer.close()
    assert read_record(path).moves == full.moves


def test_a_full_disk_is_named_and_leaves_no_empty_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import io

    class FullDisk(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    path = tmp_path / "new.jsonl"
    real_open = Path.open

    def open_full(self: Path, mode: str = "r", *args: object, **kwargs: object) -> object:
        real_open(self, mode, *args, **kwargs).close()  # the file is created, as on a full disk
        return FullDisk()

    monkeypatch.setattr(Path, "open", open_full)
    with pytest.raises(RecordError, match=rf"{path.name}.*No space left"):
        RecordWriter.create(path, Record("toy-nim", {}, 1, ["random", "random"]))
    monkeypatch.undo()
    assert not path.exists()


@pytest.mark.parametrize(("text", "words"), [
    ('{"type": "header", "game": "toy-nim", "options": {}, "seed": 1, "players": []}\n'
     + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    ('{"type": "header", "game": "toy-nim", "options": {}, "seed": 1, "players": ["a", "b"]}\n'
     '{"type": "result", "returns": ["x"], "winners": [0], "turns": 3}\n', "result line"),
    ('{"type": "header", "game": "toy-nim", "options": {}, "seed": 1, "players": ["a", "b"]}\n'
     '{"type": "result", "returns": [1, -1], "winners": [7], "turns": 3}\n', "result line"),
    ('{"type": "header", "game": "toy-nim", "options": {}, "seed": true, "players": []}\n', "header"),
    ('{"type": "header", "game": "toy-nim", "options": {}, "seed": 1, "players": [1]}\n', "header"),
])
def test_bad_records_are_one_sentence(text: str, words: str) -> None:
    from civtable.core.records import parse_record

    with pytest.raises(RecordError, match=words):
        parse_record(text, "r.jsonl")


def test_a_record_cannot_make_civtable_read_a_file_named_inside_it() -> None:
    record = Record("catan-deckbuilding", {"cards": "/etc/passwd"}, 1, ["random", "random"])
    with pytest.raises(RecordError, match="names a file"):
        record.replay()

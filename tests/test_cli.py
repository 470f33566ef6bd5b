"""The command line, through ``civtable.cli.main`` (mostly on the toy game)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import civtable.cli as cli
from civtable.cli import main
from civtable.core.records import read_record
from civtable.core.registry import load_game, register_game

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error(err: str) -> str:
    """A user error is one line, prefixed, without a traceback."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("civtable: error: "), err
    assert "Traceback" not in err
    return lines[0]


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


@pytest.fixture
def position(tmp_path: Path) -> Path:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(load_game("toy-nim").new_state(seed=3).to_json()))
    return path


@pytest.fixture
def finished_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "done.jsonl"
    code, _, _ = run(capsys, "simulate", "toy-nim", "--players", "greedy,random", "--games", "1",
                     "--seed", "3", "--records", str(tmp_path / "recs"), "-q")
    assert code == 0
    (tmp_path / "recs" / "game-00001.jsonl").rename(path)
    return path


# ---------------------------------------------------------------- games


def test_games_is_a_short_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "toy-nim" in out and "Toy Nim" in out and "catan-deckbuilding" in out
    assert "max-take" not in out  # the variants are on 'civtable games GAME'
    assert len(out.splitlines()) < 25 and "civtable games GAME" in out


def test_games_one_game_shows_bots_and_readings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "toy-nim")
    assert code == 0
    assert "Bots: human, cmd, greedy, ismcts, llm, mcts, random" in out
    assert "max-take" in out and "chance / bid" in out and "TOY-2" in out
    assert "how the first player is chosen" in out
    assert "bid: simultaneous bids" in out
    assert "Players: 2." in out and "1 players" not in out


def test_cards_shows_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "toy-nim")
    assert code == 0 and "Scores" in out and "last take" in out
    code, out, _ = run(capsys, "cards", "catan-deckbuilding")
    assert code == 0 and "Knight (Offensive)" in out and "Settlement" in out
    code, _, err = run(capsys, "cards", "no-such-game")
    assert code == 2 and "unknown game" in one_error(err)


def test_a_games_own_commands_come_from_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solo", "--help")
    assert code == 0 and "odds" in out and "battle" in out


# ---------------------------------------------------------------- simulate


def test_simulate_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "toy-nim", "--players", "greedy,random", "--games", "30",
                         "--seed", "1")
    assert code == 0, err
    for text in ("Seat", "Win rate", "95% CI", "greedy", "random", "Draws:", "Game length over 30 finished games",
                 "games/s", "Wins over 30 finished games", "First player won"):
        assert text in out
    assert "toy-nim: 30 games, seed 1" in out


def test_simulate_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "out.json"
    code, _, err = run(capsys, "simulate", "toy-nim", "--players", "greedy,random", "--games", "20",
                       "--seed", "4", "--workers", "2", "--json", str(path), "-o", "opening=bid")
    assert code == 0, err
    data = json.loads(path.read_text())
    for key in ("game", "options", "games", "seed", "players", "per_player", "per_bot", "draws",
                "turns", "steps", "games_per_second", "seconds", "workers"):
        assert key in data
    assert data["options"]["opening"] == "bid"
    assert data["games"] == 20 and data["seed"] == 4 and data["workers"] == 2
    assert [r["bot"] for r in data["per_player"]] == ["greedy", "random"]


def test_simulate_json_does_not_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "out.json"
    path.write_text("precious\n")
    args = ["simulate", "toy-nim", "--players", "greedy,random", "--games", "5", "--json", str(path)]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert "already exists" in one_error(err) and "--force" in err
    assert path.read_text() == "precious\n"
    assert out == ""  # refused before playing
    code, _, _ = run(capsys, *args, "--force")
    assert code == 0
    assert json.loads(path.read_text())["games"] == 5


def test_simulate_same_seed_same_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.json"
        run(capsys, "simulate", "toy-nim", "--players", "random,greedy", "--games", "40", "--seed", "8",
            "--workers", workers, "--json", str(path))
        data = json.loads(path.read_text())
        figures.append({k: v for k, v in data.items() if k not in ("seconds", "games_per_second", "workers")})
    assert figures[0] == figures[1]


def test_simulate_records_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "recs"
    code, out, _ = run(capsys, "simulate", "toy-nim", "--players", "greedy,random", "--games", "3",
                       "--seed", "2", "--records", str(folder))
    assert code == 0 and "Wrote 3 records" in out
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-00001.jsonl", "game-00002.jsonl", "game-00003.jsonl", "manifest.jsonl"]
    manifest = [json.loads(line) for line in (folder / "manifest.jsonl").read_text().splitlines()]
    assert manifest[0]["type"] == "batch" and manifest[-1] == {"type": "complete", "records": 3}
    assert sorted(m["file"] for m in manifest if m["type"] == "record") == [f.name for f in files[:3]]
    record = read_record(files[0])
    assert record.replay().is_terminal()
    code, _, err = run(capsys, "simulate", "toy-nim", "--players", "greedy,random", "--games", "3",
                       "--records", str(folder))
    assert code == 2 and "already exists" in one_error(err)


def test_simulate_step_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "toy-nim", "--players", "random,random", "--games", "5",
                       "--seed", "1", "--max-steps", "1")
    assert code == 0 and "5 games, seed 1 (0 finished, 5 unfinished)" in out
    assert "5 of 5 games were stopped by the step limit: they are left out of every rate" in " ".join(out.split())


# ---------------------------------------------------------------- user errors


BAD_SIMULATE = [
    (["simulate", "no-such-game", "--players", "random,random"], "unknown game 'no-such-game'"),
    (["simulate", "toy-nim", "--players", "random,nobot"], "unknown bot 'nobot'"),
    (["simulate", "toy-nim", "--players", "random:depth=3,random"], "has no parameter"),
    (["simulate", "toy-nim", "--players", "random,random", "-o", "colour=red"], "valid options: max-take"),
    (["simulate", "toy-nim", "--players", "random,random", "-o", "max-take=9"], "at most 5"),
    (["simulate", "toy-nim", "--players", "random,random", "-o", "opening=auction"], "must be one of"),
    (["simulate", "toy-nim", "--players", "random,random", "-o", "opening"], "NAME=VALUE"),
    (["simulate", "toy-nim", "--players", "random,random,random"], "2 players"),
    (["simulate", "toy-nim", "--players", "random,,random"], "empty bot name"),
    (["simulate", "toy-nim", "--players", "random,random", "--games", "0"], "--games must be at least 1"),
    (["simulate", "toy-nim", "--players", "random,random", "--workers", "0"], "--workers must be at least 1"),
    (["simulate", "toy-nim", "--players", "random,random", "--games", "many"], "invalid int value"),
    (["simulate", "toy-nim"], "--players"),
    (["simulate", "toy-nim", "--players", "random,random", "--json", "/no/such/dir/x.json"], "does not exist"),
    (["frobnicate"], "invalid choice"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_SIMULATE)
def test_bad_input_is_one_sentence(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in one_error(err)


def test_json_path_that_is_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "toy-nim", "--players", "random,random", "--json", str(tmp_path))
    assert code == 2 and "is a directory" in one_error(err)


def test_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text('{"type": "header", "game": "toy-nim", "options": {}, "seed": 1, "players": []}\n{"type": "act')
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text('{"type": "header", "game": "toy-nim", "options": {}, "seed": 1, "players": ["a", "b"]}\n'
                     '{"type": "action", "ply": 1, "player": 0, "action": "take 5"}\n')
    unknown = tmp_path / "unknown.jsonl"
    unknown.write_text('{"type": "header", "game": "chess", "options": {}, "seed": 1, "players": []}\n')
    not_json = tmp_path / "pos.json"
    not_json.write_text("{pile: 3")
    bad_pos = tmp_path / "bad.json"
    bad_pos.write_text('{"pile": 3}')
    array = tmp_path / "array.json"
    array.write_text("[1, 2]")
    cases = [
        (["replay", str(tmp_path / "missing.jsonl")], "no record file"),
        (["replay", str(wrong)], "record action 1"),
        (["replay", str(unknown)], "unknown game 'chess'"),
        (["replay", str(tmp_path)], "is a directory, not a record file"),
        (["actions", "toy-nim", "--state", str(tmp_path / "missing.json")], "no position file"),
        (["actions", "toy-nim", "--state", str(not_json)], "not valid JSON"),
        (["actions", "toy-nim", "--state", str(bad_pos)], "'cards'"),
        (["actions", "toy-nim", "--state", str(array)], "JSON object"),
        (["actions", "toy-nim", "--state", str(tmp_path)], "is a directory"),
        (["actions", "nogame", "--state", str(bad_pos)], "unknown game"),
    ]
    for argv, message in cases:
        code, _, err = run(capsys, *argv)
        assert code == 2, argv
        assert message in one_error(err), argv
    code, out, err = run(capsys, "replay", str(corrupt))  # a torn last line: the rest is replayed
    assert code == 0 and "line 2, its last line, was cut off" in err and "Replayed 0 of 0" in out


def test_keyboard_interrupt_exits_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.simulate, "simulate", interrupted)
    code, _, err = run(capsys, "simulate", "toy-nim", "--players", "random,random")
    assert code == 130 and err == ""


def test_version_and_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and "civtable" in out
    code, _, err = run(capsys)
    assert code == 2 and "simulate" in err


# ---------------------------------------------------------------- replay, actions


def test_replay(finished_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(finished_record))
    assert code == 0
    assert "Game over" in out and "Each seat's result (1 won, -1 lost, 0 draw):" in out and "what a spectator sees" in out
    code, out, _ = run(capsys, "replay", str(finished_record), "--as", "1", "--log")
    assert code == 0 and "seen by player 1 (random)" in out and "Player 0 (greedy): take" in out
    code, _, err = run(capsys, "replay", str(finished_record), "--as", "2")
    assert code == 2 and "--as" in one_error(err)
    code, out, _ = run(capsys, "replay", str(finished_record), "--upto", "1")
    assert code == 0 and "Replayed 1 of" in out and "To move:" in out
    code, _, err = run(capsys, "replay", str(finished_record), "--upto", "-1")
    assert code == 2 and "--upto" in one_error(err)


def test_actions(position: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "actions", "toy-nim", "--state", str(position))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("3 legal actions")
    assert lines[1:] == ["  1. take 1", "  2. take 2", "  3. take 3"]
    code, out, _ = run(capsys, "actions", "toy-nim", "--state", str(position), "-o", "max-take=2")
    assert out.splitlines()[1:] == ["  1. take 1", "  2. take 2"]
    mover = load_game("toy-nim").new_state(seed=3).to_move()[0]
    code, out, _ = run(capsys, "actions", "toy-nim", "--state", str(position), "--player", str(1 - mover))
    assert code == 0 and "no legal action now" in out
    code, _, err = run(capsys, "actions", "toy-nim", "--state", str(position), "--player", "5")
    assert code == 2 and "--player" in one_error(err)


def test_actions_of_a_simultaneous_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bid.json"
    path.write_text(json.dumps(load_game("toy-nim", opening="bid").new_state(seed=1).to_json()))
    code, out, _ = run(capsys, "actions", "toy-nim", "--state", str(path))
    assert code == 0 and "player 0: 3 legal actions" in out and "player 1: 3 legal actions" in out


# ---------------------------------------------------------------- play


def test_play_typo_move_eof_then_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    feed(monkeypatch, "tkae 1\n7\ntake 1\n")  # a typo, a number out of range, a move, then EOF
    code, out, err = run(capsys, "play", "toy-nim", "--players", "human,greedy", "--seed", "5",
                         "--record", str(path))
    assert code == 0, err
    assert "'tkae 1' is not a legal action for player 0 now" in out and "Did you mean 'take 1'?" in out
    assert "There is no entry 7" in out
    assert "Player 1 (greedy): take 3" in out
    assert "Pile:" in out and "1. take 1" in out  # the game's own rendering, then the numbered actions
    assert "Game saved in" in out and "--resume" in out
    record = read_record(path)
    assert record.result is None
    assert (0, "take 1") in record.moves
    played = len(record.moves)

    feed(monkeypatch, "1\n" * 20)
    code, out, err = run(capsys, "play", "--resume", str(path))
    assert code == 0, err
    assert f"Resuming {path} after {played} actions" in out
    assert "Game over" in out and "Record saved" in out
    record = read_record(path)
    assert record.result is not None and len(record.moves) > played
    state = record.replay()
    assert state.is_terminal() and state.winners() == record.result["winners"]

    code, _, err = run(capsys, "play", "--resume", str(path))
    assert code == 2 and "finished game" in one_error(err)


def test_play_quit_and_help(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    feed(monkeypatch, "\nhelp\nquit\n")
    code, out, _ = run(capsys, "play", "toy-nim", "--players", "human,random", "--seed", "2",
                       "--record", str(path))
    assert code == 0 and "Game saved" in out and "Type an entry's number" in out
    assert read_record(path).players == ["human", "random"]
    feed(monkeypatch, "quit\n")
    code, out, _ = run(capsys, "play", "toy-nim", "--players", "human,random", "--seed", "2")
    assert code == 0 and "not saved" in out


def test_play_simultaneous_hot_seat(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    feed(monkeypatch, "bid 2\n\nbid 1\n" + "\n1\n" * 30)  # Enter at each "pass the keyboard" screen
    code, out, _ = run(capsys, "play", "toy-nim", "--players", "human,human", "--seed", "1", "-o", "opening=bid")
    assert code == 0
    assert "player 0> " in out and "player 1> " in out and "Game over" in out
    assert "=== Pass the keyboard to player 1 ===" in out
    assert "Player 0 (you): bid 2" in out and "Player 0 (human) (you)" not in out
    # each seat's bid stays hidden from the other until both are in
    assert "Player 1: bid" not in out.split("player 1> ")[0]


def test_play_bots_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy-nim", "--players", "greedy,random", "--seed", "1")
    assert code == 0 and "Player 0 (greedy): take 3" in out and "Game over" in out


def test_play_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    feed(monkeypatch, "")
    existing = tmp_path / "exists.jsonl"
    existing.write_text("x")
    cases = [
        (["play"], "needs a GAME"),
        (["play", "nogame"], "unknown game"),
        (["play", "toy-nim", "--players", "human,nobot"], "unknown bot"),
        (["play", "toy-nim", "--players", "human:x=1,random"], "no parameters"),
        (["play", "toy-nim", "--record", str(existing)], "already exists"),
        (["play", "toy-nim", "--record", str(tmp_path / "no" / "dir.jsonl")], "does not exist"),
        (["play", "--resume", str(tmp_path / "missing.jsonl")], "no record file"),
        (["play", "--resume", str(existing)], "not valid JSON"),
    ]
    for argv, message in cases:
        code, _, err = run(capsys, *argv)
        assert code == 2, argv
        assert message in one_error(err), argv
    assert existing.read_text() == "x"


def test_resume_refuses_other_players(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    feed(monkeypatch, "quit\n")
    run(capsys, "play", "toy-nim", "--players", "human,random", "--seed", "2", "--record", str(path))
    for argv, message in [
        (["--players", "human,greedy"], "keeps its players"),
        (["--seed", "3"], "keeps the seed"),
        (["--record", str(tmp_path / "other.jsonl")], "its own file"),
    ]:
        code, _, err = run(capsys, "play", "--resume", str(path), *argv)
        assert code == 2 and message in one_error(err)
    feed(monkeypatch, "quit\n")
    code, _, _ = run(capsys, "play", "toy-nim", "--resume", str(path), "--players", "human,random")
    assert code == 0


# ---------------------------------------------------------------- the real game, once it exists


def catan_with_bots() -> None:
    pytest.importorskip("civtable.games.catan_deckbuilding.game")
    from civtable.agents import agent_names

    try:
        names = agent_names(load_game("catan-deckbuilding"))
    except ImportError as e:
        pytest.skip(f"catan-deckbuilding bots do not import yet: {e}")
    if "greedy" not in names:
        pytest.skip("catan-deckbuilding has no greedy bot yet")


def test_simulate_catan(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    catan_with_bots()
    path = tmp_path / "cdb.json"
    code, out, err = run(capsys, "simulate", "catan-deckbuilding", "--players", "greedy,random",
                         "--games", "4", "--seed", "1", "--json", str(path))
    assert code == 0, err
    assert "greedy" in out and "95% CI" in out
    data = json.loads(path.read_text())
    assert data["games"] == 4
    assert sum(r["wins"] for r in data["per_player"]) + data["draws"] + data["unfinished"] == 4


def test_play_catan_scripted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    catan_with_bots()
    path = tmp_path / "cdb.jsonl"
    feed(monkeypatch, "not an action\n" + "1\n" * 5)
    code, out, err = run(capsys, "play", "catan-deckbuilding", "--players", "human,greedy", "--seed", "1",
                         "--record", str(path))
    assert code == 0, err
    assert "is not a legal action for player 0 now" in out
    record = read_record(path)
    assert record.game == "catan-deckbuilding"
    record.replay()  # what was written replays
    feed(monkeypatch, "1\n" * 3)
    code, _, err = run(capsys, "play", "--resume", str(path))
    assert code == 0, err


def test_ctrl_c_in_play_saves_and_says_how_to_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from civtable.agents.human import HumanAgent

    def interrupted(self: HumanAgent, prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(HumanAgent, "read", interrupted)
    path = tmp_path / "g.jsonl"
    code, out, _ = run(capsys, "play", "toy-nim", "--players", "human,random", "--seed", "2", "--record", str(path))
    assert code == 0 and "Game saved in" in out and f"civtable play --resume {path}" in out
    assert read_record(path).result is None


def test_a_position_of_another_game_says_which_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "catan.json"
    path.write_text(json.dumps(load_game("catan-deckbuilding").new_state(seed=1).to_json()))
    code, _, err = run(capsys, "actions", "civ-card-game", "--state", str(path))
    assert code == 2 and "is a position of catan-deckbuilding, not of civ-card-game" in one_error(err)

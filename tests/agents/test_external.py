"""Any program as a bot (cmd:...): the protocol, and bots that misbehave."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from civtable.core.registry import load_game
from civtable.sim.runner import play_game

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable

# small bots, each misbehaving in one way (the answer to 'act' is the tail of the loop)
HEAD = """import json, sys, time
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "act":
"""
BOTS = {
    "good": 'print(json.dumps({"type": "action", "id": m["id"], "index": 0}), flush=True)',
    "crash": "sys.exit(3)",
    "hang": "time.sleep(60)",
    "garbage": 'print("hello?", flush=True)',
    "illegal": 'print(json.dumps({"type": "action", "id": m["id"], "action": "fly to the moon"}), flush=True)',
    "chatty": 'print(json.dumps({"type": "log", "text": "thinking"}), flush=True); '
              'print(json.dumps({"type": "whatever"}), flush=True); '
              'print(json.dumps({"type": "action", "id": m["id"], "action": m["legal"][-1]["text"]}), flush=True)',
}


@pytest.fixture(autouse=True)
def bot_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for kind, body in BOTS.items():
        (tmp_path / f"{kind}.py").write_text(HEAD + "        " + body + "\n")
    monkeypatch.chdir(tmp_path)


def spec(kind: str) -> str:
    return f"cmd:{PY} {kind}.py"


def play(kind: str, steps: int = 60) -> object:
    game = load_game("catan-deckbuilding", **{"start-player": 0})
    return play_game(game, [spec(kind), "random"], 3, max_steps=steps)


def test_a_good_bot_plays_through_the_protocol() -> None:
    result = play("good")
    assert result.steps == 60 and result.notes == []
    assert result.moves[0][0] == 0


def test_unknown_messages_and_logs_are_ignored() -> None:
    result = play("chatty")
    assert result.notes == [] and result.steps == 60


@pytest.mark.parametrize(("kind", "words"), [
    ("crash", "the bot process ended"),
    ("garbage", "not a JSON message"),
    ("illegal", "'fly to the moon' is not a legal action now"),
])
def test_a_misbehaving_bot_is_replaced_and_the_record_says_why(kind: str, words: str) -> None:
    result = play(kind)
    assert result.steps == 60, "the game went on"
    texts = [t for _, t in result.notes]
    assert any(words in t for t in texts), texts
    assert any("replaced by the fallback bot" in t for t in texts)
    record = result.record()
    assert '"type": "note"' in record.dumps()
    assert record.replay().to_json() is not None  # the record still replays


def test_a_bot_past_its_time_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    from civtable.agents import external

    monkeypatch.setattr(external.ExternalAgent, "__init__", _quick(external.ExternalAgent.__init__))
    result = play("hang", steps=12)
    assert any("no answer in time" in t for _, t in result.notes)


def _quick(init):  # type: ignore[no-untyped-def]
    def wrapped(self, game, command, seed=0, time_ms=5000):  # type: ignore[no-untyped-def]
        init(self, game, command, seed=seed, time_ms=300)

    return wrapped


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_example_bot() -> None:
    game = load_game("catan-deckbuilding")
    result = play_game(game, [f"cmd:node {ROOT / 'examples/bots/random.js'}", "greedy"], 5, max_steps=80)
    assert result.steps == 80 and result.notes == []


def test_the_python_example_bot_samples_its_information_set() -> None:
    game = load_game("catan-deckbuilding")
    result = play_game(game, [f"cmd:{PY} {ROOT / 'examples/bots/sampler.py'}", "random"], 5, max_steps=30)
    assert result.steps == 30 and result.notes == []

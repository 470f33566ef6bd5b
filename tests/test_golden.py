"""Records written by an earlier engine replay to the same final positions.

The records under ``tests/golden/`` were played by seeded bots on the engine of
2026-11-25 (before the contract refactoring, ``tools/make_golden.py``); each must
still replay move by move, and end in exactly the position saved beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.core.records import read_record
from civtable.testing.checks import first_difference

GOLDEN = Path(__file__).resolve().parent / "golden"
INDEX = json.loads((GOLDEN / "index.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", INDEX, ids=[e["record"] for e in INDEX])
def test_golden_record_replays_to_the_same_position(entry: dict) -> None:
    record = read_record(GOLDEN / entry["record"])
    assert len(record.moves) == entry["moves"]
    final = record.replay()
    want = json.loads((GOLDEN / entry["record"].replace(".jsonl", ".final.json")).read_text(encoding="utf-8"))
    got = final.to_json()
    assert got == want, first_difference(want, got)
    assert final.turn == entry["turn"]
    assert final.winners() == entry["winners"]
    if record.result is not None:
        assert record.result["winners"] == entry["winners"]

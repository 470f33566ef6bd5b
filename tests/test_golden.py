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

ADDED: dict[str, set[str]] = {
    # Mega Civ positions keep the last revealed simultaneous choices (what the viewers were
    # told when a simultaneous step was committed), so that a position read back shows what
    # the original showed; the key is left out when there is nothing revealed.
    "mega-civ": {"disclosed",
                 # this turn's closed deals and calamities with what they did (issue 27: told on the page afterwards)
                 "traded", "struck"},
}
"""Position keys added since the golden records were written: the old fields must be the
same, and only these may be new."""

NEW_OPTIONS: dict[str, dict[str, object]] = {
    # Mega Civ's trade card and advance files as options (issue 29): a position states
    # every option, these at their defaults in the golden games.
    "mega-civ": {"cards": "", "advances": ""},
}
"""Options added since the golden records were written, with the value they must have."""


@pytest.mark.parametrize("entry", INDEX, ids=[e["record"] for e in INDEX])
def test_golden_record_replays_to_the_same_position(entry: dict) -> None:
    record = read_record(GOLDEN / entry["record"])
    assert len(record.moves) == entry["moves"]
    final = record.replay()
    want = json.loads((GOLDEN / entry["record"].replace(".jsonl", ".final.json")).read_text(encoding="utf-8"))
    got = final.to_json()
    added = {k: got.pop(k) for k in ADDED.get(record.game, set()) if k in got and k not in want}
    for name, value in NEW_OPTIONS.get(record.game, {}).items():
        if name not in want["options"]:
            assert got["options"].pop(name) == value
    assert got == want, first_difference(want, got)
    assert all(v for v in added.values()), "an added key is left out when empty"
    assert final.turn == entry["turn"]
    assert final.winners() == entry["winners"]
    if record.result is not None:
        assert record.result["winners"] == entry["winners"]

"""The ``cards`` option: a card file read through ``civtable.core.files`` (a regular
file of bounded size, JSON of bounded depth) and checked field by field (issue 13:
a file named inside a record or a position never reaches the folder, a FIFO or
``/dev/zero`` never hangs, a broken file is refused in one sentence naming the field)."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from civtable.core.errors import InvalidStateError
from civtable.games.catan_deckbuilding.catalog import DATA, parse_cards
from civtable.testing.mutate import Mutation, removing, setting

from ._cdb_helpers import game, legal, play, position

BASE: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: Any, name: str = "cards.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def refused_file(value: str, words: str) -> None:
    with pytest.raises(InvalidStateError, match=words) as err:
        game(cards=value)
    assert "\n" not in str(err.value)


def test_a_card_file_of_ones_own_is_played_by_its_numbers(tmp_path: Path) -> None:
    """CDB-3.7.1 changed in a card file: a City for 2 Ore and 2 Grain."""
    data = copy.deepcopy(BASE)
    data["cards"][13]["cost"]["ore"] = 2
    g = game(cards=write(tmp_path, data))
    s = position(g, hands=[{"ore": 2, "grain": 2, "settlement": 1}, None])
    play(s, 0, "play ore", "play ore", "play grain", "play grain")
    assert "buy city" in legal(s, 0)
    assert "buy city" not in legal(position(game(), hands=[{"ore": 2, "grain": 2, "settlement": 1}, None]), 0)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    refused_file(str(fifo), "not a regular file")


@pytest.mark.parametrize(("value", "words"), [
    ("/dev/zero", "not a regular file"),
    ("/no/such/cards.json", "no card file"),
    ("cards\x00.json", "NUL"),
    ("standard", "no card data set 'standard'"),
])
def test_a_card_file_that_cannot_be_read_is_refused_in_one_sentence(value: str, words: str) -> None:
    refused_file(value, words)


def test_a_folder_deep_json_and_junk_are_refused(tmp_path: Path) -> None:
    refused_file(str(tmp_path), "is a directory")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    refused_file(str(deep), "nested too deeply")
    junk = tmp_path / "junk.json"
    junk.write_text("{cards: ore}", encoding="utf-8")
    refused_file(str(junk), "not valid JSON")


BROKEN: list[tuple[Mutation, str]] = [
    (setting("cards", value=None), "'cards' must be a list"),
    (setting("cards", 7, value="bandit"), r"'cards\[7\]' must be an object"),
    (setting("cards", 7, "cost", value=[1]), r"'cards\[7\].cost' must be an object"),
    (removing("cards", 9, "supply"), r"'cards\[9\].supply' is missing"),
    (setting("cards", 13, "cost", "ore", value=-1), r"'cards\[13\].cost.ore'"),
    (setting("cards", 13, "cost", "gold", value=1), "names 'gold', which cannot be paid"),
    (setting("cards", 3, "name", value=7), r"'cards\[3\].name' must be"),
    (setting("start_deck", "ore", value=10**9), "'start_deck.ore'"),
    (setting("start_deck", "gold", value=1), "start_deck"),
    (setting("supply_pre_revision", "ore", value=1), "not a supply card"),
    (setting("draw", value=3), "'draw' must be an object"),
    (removing("draw", "refill_to"), "'draw.refill_to' is missing"),
    (setting("cities_to_win", value=0), "'cities_to_win'"),
    (removing("opening_hand"), "'opening_hand' is missing"),
]


@pytest.mark.parametrize(("mutate", "words"), BROKEN, ids=[w for _, w in BROKEN])
def test_a_broken_card_file_is_refused_naming_the_field(mutate: Mutation, words: str) -> None:
    data = copy.deepcopy(BASE)
    mutate(data)
    with pytest.raises(InvalidStateError, match=words) as err:
        parse_cards(data, "mine.json")
    assert str(err.value).startswith("card file mine.json")

"""Card files of Civilization: The Card Game (``cards=FILE``): a copy of the shipped
file plays the same game; a malformed file is an ``InvalidStateError`` naming the file,
the card and the field; a file that is not a bounded regular file of bounded depth is
refused unread (issue 13)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from civtable.core.errors import InvalidStateError
from civtable.core.registry import load_game
from civtable.games.civ_card_game.catalog import DATA
from civtable.testing.mutate import removing, setting

GAME_ID = "civ-card-game"
Data = dict[str, Any]


def card_data() -> Data:
    return json.loads(DATA.read_text(encoding="utf-8"))


def _entry(raw: Data, section: str, card_id: str) -> Data:
    for e in raw[section]:
        if e["id"] == card_id:
            return e
    raise AssertionError(f"no {card_id!r} in {section}")


def _edit(section: str, card_id: str, **fields: Any) -> Callable[[Data], None]:
    def mutate(raw: Data) -> None:
        _entry(raw, section, card_id).update(fields)

    return mutate


def _effect(section: str, card_id: str, key: str, value: Any) -> Callable[[Data], None]:
    def mutate(raw: Data) -> None:
        _entry(raw, section, card_id).setdefault("effects", {})[key] = value

    return mutate


def _drop_field(section: str, card_id: str, key: str) -> Callable[[Data], None]:
    def mutate(raw: Data) -> None:
        del _entry(raw, section, card_id)[key]

    return mutate


def _duplicate(section: str, card_id: str, into: str) -> Callable[[Data], None]:
    def mutate(raw: Data) -> None:
        twin = copy.deepcopy(_entry(raw, section, card_id))
        raw[into].append(twin)

    return mutate


def _rename_wonder_to(card_id: str) -> Callable[[Data], None]:
    def mutate(raw: Data) -> None:
        raw["wonders"][0]["id"] = card_id

    return mutate


BAD_CARD_FILES: list[tuple[str, Callable[[Data], None], tuple[str, ...]]] = [
    # unknown effects
    ("building-unknown-effect", _effect("buildings", "library", "teleport", 1), ("library", "effect", "teleport")),
    ("wonder-unknown-effect", _effect("wonders", "pyramids", "flight", True), ("pyramids", "effect", "flight")),
    ("tech-unknown-effect", _effect("technologies", "writing", "steal_wonder", True),
     ("writing", "effect", "steal_wonder")),
    # negative or wrongly typed numbers
    ("building-negative-cost", _edit("buildings", "library", cost=-1), ("library", "cost")),
    ("wonder-negative-cost", _edit("wonders", "pyramids", cost=-5), ("pyramids", "cost")),
    ("tech-negative-cost", _edit("technologies", "writing", cost=-3), ("writing", "cost")),
    ("tech-cost-text", _edit("technologies", "astronomy", cost="ten"), ("astronomy", "cost")),
    ("building-missing-cost", _drop_field("buildings", "granary", "cost"), ("granary", "cost")),
    ("unit-count-zero", _edit("units", "archers", count=0), ("archers", "count")),
    ("plot-count-negative", _edit("plots", "grassland", count=-1), ("grassland", "count")),
    ("building-culture-bool", _edit("buildings", "monastery", culture=True), ("monastery", "culture")),
    ("negative-discount", _effect("buildings", "library", "discount", {"technology": -1}),
     ("library", "discount")),
    ("negative-walls", _effect("buildings", "city_walls", "walls", -1), ("city_walls", "walls")),
    ("negative-damage", _edit("units", "swordsmen", damage={"building": -1}), ("swordsmen", "damage")),
    ("unknown-damage", _edit("units", "chariot", damage={"wonder": 1}), ("chariot", "damage")),
    ("flag-not-bool", _edit("units", "chariot", attack="yes"), ("chariot", "attack")),
    # yields
    ("plot-without-yield", _edit("plots", "grassland", **{"yield": {}}), ("grassland", "yield")),
    ("plot-unknown-resource", _edit("plots", "hills", **{"yield": {"gold": 2}}), ("hills", "yield", "gold")),
    ("plot-negative-yield", _edit("plots", "coast", **{"yield": {"commerce": -2}}), ("coast", "yield")),
    # military units
    ("unit-blocks-unknown-unit", _edit("units", "spearmen", blocks=["chariot", "dragon"]), ("spearmen", "blocks")),
    ("unit-blocks-a-building", _edit("units", "axemen", blocks=["library"]), ("axemen", "blocks")),
    ("unit-blocks-text", _edit("units", "archers", blocks="everything"), ("archers", "blocks")),
    ("defender-blocks-nothing", _edit("units", "spearmen", blocks=[]), ("spearmen", "blocks")),
    # technologies naming buildings
    ("building-yield-unknown-building", _effect("technologies", "pottery", "building_yield",
                                                {"building": "silo", "food": 1}), ("pottery", "building_yield")),
    # sections and ids
    *[(f"missing-section-{sec}", removing(sec), (sec,))
      for sec in ("plots", "technologies", "buildings", "wonders", "units")],
    ("empty-section", setting("units", value=[]), ("units",)),
    ("duplicate-building-id", _duplicate("buildings", "library", "buildings"), ("library", "twice")),
    ("wonder-with-a-building-id", _rename_wonder_to("granary"), ("granary", "twice")),
    ("plot-and-tech-same-id", _duplicate("plots", "coast", "technologies"), ("coast",)),
    ("entry-without-id", lambda raw: raw["buildings"][0].pop("id"), ("buildings", "id")),
    ("entry-not-an-object", lambda raw: raw["wonders"].append("colossus"), ("wonders",)),
    ("unknown-number", setting("numbers", "hand_limit", value=7), ("hand_limit",)),
    ("negative-number", setting("numbers", "population_bank", value=-1), ("population_bank",)),
]


def write_cards(tmp_path: Path, raw: Any, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(raw, indent=1), encoding="utf-8")
    return path


def test_a_copy_of_the_card_file_plays_the_same_game(tmp_path: Path) -> None:
    path = write_cards(tmp_path, card_data())
    mine = load_game(GAME_ID, players=3, cards=str(path))
    shipped = load_game(GAME_ID, players=3)
    a, b = mine.new_state(seed=4).to_json(), shipped.new_state(seed=4).to_json()
    assert a.pop("options")["cards"] == str(path)
    b.pop("options")
    assert a == b


@pytest.mark.parametrize(("mutate", "words"), [c[1:] for c in BAD_CARD_FILES], ids=[c[0] for c in BAD_CARD_FILES])
def test_malformed_card_file_names_the_card_and_field(
    tmp_path: Path, mutate: Callable[[Data], None], words: tuple[str, ...]
) -> None:
    raw = card_data()
    mutate(raw)
    assert raw != card_data(), "the mutation changed nothing"
    path = write_cards(tmp_path, raw, "broken-cards.json")
    with pytest.raises(InvalidStateError) as err:
        load_game(GAME_ID, cards=str(path))
    message = str(err.value)
    assert "broken-cards.json" in message, f"the file is not named in {message!r}"
    for word in words:
        assert word in message, f"{word!r} not named in {message!r}"


@pytest.mark.parametrize("text", ["{", "[]", "", "\"cards\""])
def test_card_file_that_is_not_a_card_object(tmp_path: Path, text: str) -> None:
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidStateError, match="cards.json"):
        load_game(GAME_ID, cards=str(path))


def test_missing_card_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidStateError, match="no card file"):
        load_game(GAME_ID, cards=str(tmp_path / "nowhere.json"))


@pytest.mark.parametrize(("name", "words"), [("/dev/zero", "not a regular file"), (".", "directory"),
                                             ("cards\x00.json", "NUL")])
def test_a_card_file_is_a_bounded_regular_file(name: str, words: str) -> None:
    """Issue 13: the cards option is read through ``civtable.core.files``: a device,
    a directory or a name with a NUL byte is refused in one sentence (never read)."""
    with pytest.raises(InvalidStateError, match=words):
        load_game(GAME_ID, cards=name)


def test_a_card_file_nested_too_deeply_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(InvalidStateError, match="nested too deeply"):
        load_game(GAME_ID, cards=str(path))

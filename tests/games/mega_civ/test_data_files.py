"""Mega Civ's own data files as options (issue 29, item 4): a trade card file
(``cards=FILE``: the commodities, the calamities and their losses) and an advance file
(``advances=FILE``) replace the package's, so that ``sweep`` and ``balance`` can vary a
calamity's losses or an advance's cost; a broken file is one sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.core.errors import CivtableError
from civtable.core.registry import load_game
from civtable.games.mega_civ.catalog import DATA
from civtable.sim.settings import setting


def changed(tmp_path: Path, name: str, edit: object) -> str:
    doc = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    edit(doc)  # type: ignore[operator]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_a_card_file_changes_a_calamitys_losses(tmp_path: Path) -> None:
    def harder(doc: dict) -> None:  # type: ignore[type-arg]
        next(c for c in doc["calamities"] if c["id"] == "tempest")["params"]["points"] = 7

    game = load_game("mega-civ", map="small", cards=changed(tmp_path, "cards", harder))
    tempest = next(c for c in game.rules.catalog.cards if c.id == "tempest")
    assert tempest.params["points"] == 7
    plain = next(c for c in load_game("mega-civ", map="small").rules.catalog.cards if c.id == "tempest")
    assert plain.params["points"] == 2


def test_an_advance_file_changes_a_price(tmp_path: Path) -> None:
    def dearer(doc: dict) -> None:  # type: ignore[type-arg]
        next(a for a in doc["advances"] if a["id"] == "pottery")["cost"] = 95

    game = load_game("mega-civ", map="small", advances=changed(tmp_path, "advances", dearer))
    assert next(a for a in game.rules.catalog.advances if a.id == "pottery").cost == 95
    state = game.new_state(seed=3)
    assert state.cat.advances[next(a.index for a in state.cat.advances if a.id == "pottery")].cost == 95


@pytest.mark.parametrize(("path", "steps"), [
    ("cards.tempest.params.points", ("calamities", "tempest", "params", "points")),
    ("cards.Civil War.params.keep_points", ("calamities", "civil-war", "params", "keep_points")),
    ("advances.Drama and Poetry.cost", ("advances", "drama-and-poetry", "cost")),
])
def test_sweep_reaches_calamities_and_advances_by_any_spelling(path: str, steps: tuple[str, ...]) -> None:
    found = setting("mega-civ", {"map": "small"}, f"{path}=1,2", "--set")
    assert found.option == path.split(".")[0] and len(found.steps) == len(steps)


def test_a_broken_file_is_one_sentence(tmp_path: Path) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text('{"commodities": 3}', encoding="utf-8")
    with pytest.raises(CivtableError) as err:
        load_game("mega-civ", map="small", cards=str(bad))
    assert "\n" not in str(err.value) and "cards.json" in str(err.value)

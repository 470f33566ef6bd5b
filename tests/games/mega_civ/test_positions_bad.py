"""Broken positions and map files of Mega Civilization.

``state_from_json`` rejects a broken position with an ``InvalidStateError`` naming
the field (DESIGN.md, "Positions"); a broken map file given as ``map=PATH`` is an
``InvalidStateError`` naming the area.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from civtable.core.errors import InvalidStateError
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.games.mega_civ.board import load_board

GAME_ID = "mega-civ"
Data = dict[str, Any]
OPTIONS = {"players": 5, "map": "small", "last-turn": 20}


@cache
def game(**extra: Any) -> Any:
    return load_game(GAME_ID, **{**OPTIONS, **extra})


@cache
def _position(min_turn: int, want_city: bool) -> str:
    """A position reached by random play (as JSON text, to copy freely): a movement
    step of turn ``min_turn`` or later, with a city on the map if asked."""
    g = game()
    for seed in range(200):
        s = g.new_state(seed=seed)
        rng = Rng(seed)
        while s.to_move():
            data = s.to_json()
            if data["turn"] >= min_turn and data["step"] == "move" and (data["city"] or not want_city):
                return json.dumps(data)
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            # mostly land moves and "done": random ships empty the map
            land = [a for a in legal if a.kind in ("move", "done", "city", "grow", "reduce", "revolt")]
            pool = land if land and rng.below(10) else legal
            s.apply(p, pool[rng.below(len(pool))])
    raise AssertionError("no position found")


def position(want_city: bool = False) -> Data:
    return json.loads(_position(3, want_city))


@cache
def water_area() -> str:
    return next(a.id for a in load_board("small").areas if a.is_water)


@cache
def land_area() -> str:
    return next(a.id for a in load_board("small").areas if a.is_land)


def _set(*path: Any, value: Any) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def _delete(*path: Any) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        target = d
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate


def _add_tokens(area: Callable[[], str], k: int = 1, p: int = 0, from_stock: bool = False) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        tokens = d["players"][p]["tokens"]
        a = area()
        tokens[a] = tokens.get(a, 0) + k
        if from_stock:
            d["players"][p]["stock"] -= k

    return mutate


def _city_too_many(d: Data) -> None:
    """A city on the map that is not taken from the stock."""
    free = next(a.id for a in load_board("small").areas if a.is_land and a.id not in d["city"])
    d["city"][free] = 0


def _ship_made(d: Data) -> None:
    d["players"][1]["ships_in_stock"] += 0
    d["players"][1]["ships"].append(land_area())


BAD: dict[str, tuple[Callable[[Data], Any], str]] = {
    # missing fields
    "no rng": (_delete("rng"), "rng"),
    "no turn": (_delete("turn"), "turn"),
    "no phase": (_delete("phase"), "phase"),
    "no step": (_delete("step"), "step"),
    "no decider": (_delete("decider"), "decider"),
    "no queue": (_delete("queue"), "queue"),
    "no city": (_delete("city"), "city"),
    "no players": (_delete("players"), "players"),
    "no tokens": (_delete("players", 2, "tokens"), "players[2].tokens"),
    "no stock": (_delete("players", 0, "stock"), "players[0].stock"),
    "no treasury": (_delete("players", 1, "treasury"), "players[1].treasury"),
    "no cities_in_stock": (_delete("players", 3, "cities_in_stock"), "players[3].cities_in_stock"),
    "no ships_in_stock": (_delete("players", 4, "ships_in_stock"), "players[4].ships_in_stock"),
    "no ast": (_delete("players", 0, "ast"), "players[0].ast"),
    "no civilization": (_delete("players", 0, "civilization"), "players[0].civilization"),
    # wrong types and ranges
    "players not a list": (_set("players", value={}), "players"),
    "a player too few": (lambda d: d["players"].pop(), "players"),
    "player not an object": (_set("players", 1, value=[]), "players[1]"),
    "turn 0": (_set("turn", value=0), "turn"),
    "phase 14": (_set("phase", value=14), "phase"),
    "phase text": (_set("phase", value="tax"), "phase"),
    "stock negative": (_set("players", 0, "stock", value=-1), "players[0].stock"),
    "stock bool": (_set("players", 0, "stock", value=True), "players[0].stock"),
    "ast 0": (_set("players", 0, "ast", value=0), "players[0].ast"),
    "rng negative": (_set("rng", value=-1), "rng"),
    "rng text": (_set("rng", value="seed"), "rng"),
    "decider out of range": (_set("decider", value=5), "decider"),
    "queue not a list": (_set("queue", value=3), "queue"),
    "queue seat out of range": (_set("queue", value=[9]), "queue"),
    "wrong civilization": (_set("players", 0, "civilization", value="atlantis"), "players[0].civilization"),
    "city owner out of range": (lambda d: d["city"].update({land_area(): 7}), "city"),
    "negative tokens": (lambda d: d["players"][0]["tokens"].update({land_area(): -1}), "players[0].tokens"),
    # unknown areas
    "unknown token area": (lambda d: d["players"][0]["tokens"].update({"atlantis": 1}), "players[0].tokens"),
    "unknown city area": (lambda d: d["city"].update({"atlantis": 0}), "city"),
    "unknown moved area": (lambda d: d["players"][1]["moved"].update({"atlantis": 1}), "players[1].moved"),
    "unknown ship area": (lambda d: d["players"][1]["ships"].append("atlantis"), "players[1].ships"),
    "unknown exempt area": (_set("exempt", value=["atlantis"]), "exempt"),
    "tokens not a map": (_set("players", 0, "tokens", value=[1, 2]), "players[0].tokens"),
    # pieces created or lost
    "tokens created": (_add_tokens(land_area, 1), "player 0"),
    "tokens lost": (lambda d: d["players"][2].update(stock=d["players"][2]["stock"] - 1), "player 2"),
    "treasury created": (lambda d: d["players"][3].update(treasury=d["players"][3]["treasury"] + 2), "player 3"),
    "a city too many": (_city_too_many, "player 0"),
    "a city piece lost": (lambda d: d["players"][4].update(cities_in_stock=d["players"][4]["cities_in_stock"] - 1), "player 4"),
    "cities_in_stock over 9": (_set("players", 0, "cities_in_stock", value=10), "players[0].cities_in_stock"),
    "a ship made": (_ship_made, "player 1"),
    "ships_in_stock over 4": (_set("players", 0, "ships_in_stock", value=5), "players[0].ships_in_stock"),
    # tokens on water
    "tokens on water": (_add_tokens(water_area, 2, from_stock=True), "players[0].tokens"),
    # bad step
    "unknown step": (_set("step", value="haggle"), "step"),
    "step of another phase": (_set("step", value="trade"), "step"),
    "step auto": (_set("step", value="auto"), "step"),
    "step number": (_set("step", value=2), "step"),
    "decider not first in queue": (lambda d: d.update(queue=list(reversed(d["queue"])) if len(d["queue"]) > 1 else [4, 3]), "decider"),
    "winners in a running game": (_set("winners", value=[0]), "winners"),
    "over with a queue": (lambda d: d.update(step="over"), "queue"),
    # option mismatch
    "option mismatch": (_set("options", "surplus-scope", value="A"), "surplus-scope"),
    "player count mismatch": (_set("options", "players", value=6), "players"),
    "map mismatch": (_set("options", "map", value="full"), "map"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_broken_position_names_the_field(case: str) -> None:
    mutate, field = BAD[case]
    data = position(want_city=case in ("a city too many", "city owner out of range"))
    good = copy.deepcopy(data)
    game().state_from_json(copy.deepcopy(good))  # the unbroken position loads
    mutate(data)
    kept = copy.deepcopy(data)
    with pytest.raises(InvalidStateError) as e:
        game().state_from_json(data)
    assert field in str(e.value), f"{case}: message does not name {field!r}: {e.value}"
    assert data == kept, "state_from_json changed its input"


@pytest.mark.parametrize("data", [None, [], "position", 3])
def test_a_position_must_be_an_object(data: Any) -> None:
    with pytest.raises(InvalidStateError):
        game().state_from_json(data)


def test_a_city_position_loads_and_a_moved_city_token_count_is_checked() -> None:
    data = position(want_city=True)
    s = game().state_from_json(data)
    assert s.to_json() == data
    area = next(iter(data["city"]))
    owner = data["city"][area]
    data["city"][area] = (owner + 1) % 5  # a city changes hands: one too many, one too few
    with pytest.raises(InvalidStateError, match="cities"):
        game().state_from_json(data)


# ------------------------------------------------------------------ map files
def _map_data() -> Data:
    return load_board("small").to_data()


def _area(d: Data, kind: str = "land") -> Data:
    return next(a for a in d["areas"] if a["kind"] == kind and (kind == "water" or a["land"]))


def _break_limit(d: Data) -> str:
    a = _area(d)
    a["population_limit"] = -2
    return a["id"]


def _break_neighbour(d: Data) -> str:
    a = _area(d)
    a["land"].append("atlantis")
    return a["id"]


def _break_symmetry(d: Data) -> str:
    a = _area(d)
    other = a["land"][0]
    a["land"].remove(other)
    return a["id"]  # ``other`` still lists it; the message names one of the two


def _break_water_land(d: Data) -> str:
    w = _area(d, "water")
    w["land"] = [_area(d)["id"]]
    return w["id"]


def _break_kind(d: Data) -> str:
    a = _area(d)
    a["kind"] = "swamp"
    return a["id"]


def _break_missing_field(d: Data) -> str:
    a = _area(d)
    del a["city_site"]
    return a["id"]


def _break_water_limit(d: Data) -> str:
    w = _area(d, "water")
    w["population_limit"] = 3
    return w["id"]


MAP_BREAKS: dict[str, Callable[[Data], str]] = {
    "negative limit": _break_limit,
    "unknown neighbour": _break_neighbour,
    "one-sided adjacency": _break_symmetry,
    "water with land neighbours": _break_water_land,
    "unknown kind": _break_kind,
    "missing field": _break_missing_field,
    "water with a limit": _break_water_limit,
}


@pytest.mark.parametrize("case", sorted(MAP_BREAKS))
def test_a_broken_map_file_names_the_area(case: str, tmp_path: Path) -> None:
    data = _map_data()
    area = MAP_BREAKS[case](data)
    path = tmp_path / f"{case.replace(' ', '_')}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InvalidStateError) as e:
        load_game(GAME_ID, players=5, map=str(path))
    message = str(e.value)
    if case == "one-sided adjacency":
        assert "area" in message and ("'" in message), message
    else:
        assert repr(area) in message, f"{case}: message does not name area {area!r}: {message}"


def test_a_good_map_file_loads_by_path(tmp_path: Path) -> None:
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(_map_data()), encoding="utf-8")
    g = load_game(GAME_ID, players=5, map=str(path), **{"last-turn": 2})
    s = g.new_state(seed=3)
    assert s.to_move()

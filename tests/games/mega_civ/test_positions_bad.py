"""Broken positions, map files and card data of Mega Civilization.

``state_from_json`` rejects a broken position with an ``InvalidStateError`` naming
the field (DESIGN.md, "Positions") and leaves its input unchanged; a broken map file
given as ``map=PATH`` is an ``InvalidStateError`` naming the area; a broken entry of
the card data (``parse_catalog``) one naming the entry.
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
from civtable.games.mega_civ.catalog import DATA, load_catalog, parse_catalog
from civtable.games.mega_civ.rules.board import load_board
from civtable.testing.mutate import removing, setting

from ._mc_helpers import position_json

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


def _docked_late(d: Data) -> None:
    """A ship still on the map in phase 5 (ships leave it at the end of the conflicts)."""
    pd = d["players"][0]
    pd["ships_in_stock"] -= 1
    pd["docked_ships"].append(land_area())
    d["phase"], d["step"] = 5, "build"


BAD: dict[str, tuple[Callable[[Data], Any], str]] = {
    # missing fields
    "no rng": (removing("rng"), "rng"),
    "no turn": (removing("turn"), "turn"),
    "no phase": (removing("phase"), "phase"),
    "no step": (removing("step"), "step"),
    "no decider": (removing("decider"), "decider"),
    "no queue": (removing("queue"), "queue"),
    "no city": (removing("city"), "city"),
    "no players": (removing("players"), "players"),
    "no tokens": (removing("players", 2, "tokens"), "players[2].tokens"),
    "no stock": (removing("players", 0, "stock"), "players[0].stock"),
    "no treasury": (removing("players", 1, "treasury"), "players[1].treasury"),
    "no cities_in_stock": (removing("players", 3, "cities_in_stock"), "players[3].cities_in_stock"),
    "no ships_in_stock": (removing("players", 4, "ships_in_stock"), "players[4].ships_in_stock"),
    "no ast": (removing("players", 0, "ast"), "players[0].ast"),
    "no civilization": (removing("players", 0, "civilization"), "players[0].civilization"),
    # wrong types and ranges
    "players not a list": (setting("players", value={}), "players"),
    "a player too few": (lambda d: d["players"].pop(), "players"),
    "player not an object": (setting("players", 1, value=[]), "players[1]"),
    "turn 0": (setting("turn", value=0), "turn"),
    "phase 14": (setting("phase", value=14), "phase"),
    "phase text": (setting("phase", value="tax"), "phase"),
    "stock negative": (setting("players", 0, "stock", value=-1), "players[0].stock"),
    "stock bool": (setting("players", 0, "stock", value=True), "players[0].stock"),
    "ast 0": (setting("players", 0, "ast", value=0), "players[0].ast"),
    "rng negative": (setting("rng", value=-1), "rng"),
    "rng text": (setting("rng", value="seed"), "rng"),
    "decider out of range": (setting("decider", value=5), "decider"),
    "queue not a list": (setting("queue", value=3), "queue"),
    "queue seat out of range": (setting("queue", value=[9]), "queue"),
    "wrong civilization": (setting("players", 0, "civilization", value="atlantis"), "players[0].civilization"),
    "city owner out of range": (lambda d: d["city"].update({land_area(): 7}), "city"),
    "negative tokens": (lambda d: d["players"][0]["tokens"].update({land_area(): -1}), "players[0].tokens"),
    # unknown areas
    "unknown token area": (lambda d: d["players"][0]["tokens"].update({"atlantis": 1}), "players[0].tokens"),
    "unknown city area": (lambda d: d["city"].update({"atlantis": 0}), "city"),
    "unknown moved area": (lambda d: d["players"][1]["moved"].update({"atlantis": 1}), "players[1].moved"),
    "unknown ship area": (lambda d: d["players"][1]["ships"].append("atlantis"), "players[1].ships"),
    "unknown exempt area": (setting("exempt", value=["atlantis"]), "exempt"),
    # issue 13: these raised TypeError / ValueError instead of naming the field
    "exempt a number": (setting("exempt", value=1.5), "'exempt'"),
    "exempt area a number": (setting("exempt", value=[1.5]), "exempt[0]"),
    "pending calamity without its card": (setting("calamities_pending", value=[[1]]), "calamities_pending[0]"),
    "pending calamity a number": (setting("calamities_pending", value=[1]), "calamities_pending[0]"),
    "pending calamity of a float seat": (setting("calamities_pending", value=[[1.5, "flood"]]), "calamities_pending[0]"),
    "tokens not a map": (setting("players", 0, "tokens", value=[1, 2]), "players[0].tokens"),
    # pieces created or lost
    "tokens created": (_add_tokens(land_area, 1), "player 0"),
    "tokens lost": (lambda d: d["players"][2].update(stock=d["players"][2]["stock"] - 1), "player 2"),
    "treasury created": (lambda d: d["players"][3].update(treasury=d["players"][3]["treasury"] + 2), "player 3"),
    "a city too many": (_city_too_many, "player 0"),
    "a city piece lost": (lambda d: d["players"][4].update(cities_in_stock=d["players"][4]["cities_in_stock"] - 1), "player 4"),
    "cities_in_stock over 9": (setting("players", 0, "cities_in_stock", value=10), "players[0].cities_in_stock"),
    "a ship made": (_ship_made, "player 1"),
    "ships_in_stock over 4": (setting("players", 0, "ships_in_stock", value=5), "players[0].ships_in_stock"),
    "a docked ship made": (lambda d: d["players"][1]["docked_ships"].append(land_area()), "player 1"),
    "docked ships not a list": (setting("players", 2, "docked_ships", value="kings_vale"), "players[2].docked_ships"),
    "unknown docked ship area": (lambda d: d["players"][1]["docked_ships"].append("atlantis"), "players[1].docked_ships"),
    "docked ship after phase 4": (_docked_late, "players[0].docked_ships"),
    # tokens on water
    "tokens on water": (_add_tokens(water_area, 2, from_stock=True), "players[0].tokens"),
    # bad step
    "unknown step": (setting("step", value="haggle"), "step"),
    "step of another phase": (setting("step", value="trade"), "step"),
    "step auto": (setting("step", value="auto"), "step"),
    "step number": (setting("step", value=2), "step"),
    "decider not first in queue": (lambda d: d.update(queue=list(reversed(d["queue"])) if len(d["queue"]) > 1 else [4, 3]), "decider"),
    "winners in a running game": (setting("winners", value=[0]), "winners"),
    "over with a queue": (lambda d: d.update(step="over"), "queue"),
    # option mismatch
    "option mismatch": (setting("options", "surplus-scope", value="A"), "surplus-scope"),
    "player count mismatch": (setting("options", "players", value=6), "players"),
    "map mismatch": (setting("options", "map", value="full"), "map"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_broken_position_names_the_field(case: str) -> None:
    mutate, field = BAD[case]
    refused(position(want_city=case in ("a city too many", "city owner out of range")), mutate, field, case)


def refused(data: Data, mutate: Callable[[Data], Any], field: str, case: str) -> None:
    """The unbroken position loads; broken by ``mutate``, it is refused naming ``field``
    and the loader leaves its input as it was."""
    game().state_from_json(copy.deepcopy(data))
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


# ------------------------------------------------------------------ part 2: cards, trade, tasks, payments
# hand-built positions (tests/games/mega_civ/_mc_helpers.py): seats HELLAS=0, MINOA=1
def _trade_position() -> Data:
    """Phase 7: Minoa offers two ochre and a hidden treachery (declared ochre); Hellas answers."""
    return position_json(game(), phase=7, step="trade", decider=0, queue=[0], target=0,
                         players={1: {"hand": ["ochre", "ochre", "wine", "treachery", "flood"]},
                                  0: {"hand": ["wool", "wool", "oil", "papyrus"]}},
                         deal={"from": 1, "cards": ["ochre", "ochre", "treachery", "ochre"], "stage": 1, "counters": {}})


def _task_position() -> Data:
    """Phase 9: Hellas reduces one of his two cities (Superstition)."""
    return position_json(game(), phase=9, step="task", decider=0, city={"kings_vale": 0, "old_ford": 0},
                         players={0: {"tokens": {"kings_vale": 2}}},
                         tasks=[["reduce", 0, 0, 1, "superstition", None]])


def _pay_position() -> Data:
    """Phase 12: Hellas pays for Mysticism (50): three wine (45) turned in, 5 to go."""
    return position_json(game(), phase=12, step="buy", decider=0, target=3,
                         players={0: {"tokens": {"kings_vale": 2}, "treasury": 10, "hand": ["wine", "wine", "wine", "ochre"]}},
                         pay={"advance": "mysticism", "price": 50, "paid": 45, "cards": ["wine", "wine", "wine"]})


def _move_card(src: str, dst: str, card: str) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        d["stacks"][src].remove(card)
        d["stacks"][dst].append(card)

    return mutate


def _to_discards(stack: str, card: str, into: str) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        d["stacks"][stack].remove(card)
        d.setdefault("discards", {}).setdefault(into, []).append(card)

    return mutate


def _task(index: int, value: Any) -> Callable[[Data], None]:
    return lambda d: d["tasks"][0].__setitem__(index, value)


CARD_BAD: dict[str, tuple[Callable[[], Data], Callable[[Data], Any], str]] = {
    # the cards do not add up (stacks + discards + hands = the game's cards)
    "a card lost": (_trade_position, lambda d: d["stacks"]["3"].remove("fish"), "'fish'"),
    "a card made in a stack": (_trade_position, lambda d: d["stacks"]["9"].append("gold"), "'gold'"),
    "a card made in a hand": (_trade_position, lambda d: d["players"][2]["hand"].append("tin"), "'tin'"),
    "a card made in the discards": (_trade_position, lambda d: d.update(discards={"8": ["marble"]}), "'marble'"),
    "an East card in a West game": (_trade_position, lambda d: d["stacks"]["1"].append("flax"), "'flax'"),
    # unknown ids
    "unknown card in a hand": (_trade_position, lambda d: d["players"][0]["hand"].append("unobtainium"), "players[0].hand"),
    "unknown card in a stack": (_trade_position, lambda d: d["stacks"]["3"].append("unobtainium"), "stacks"),
    "unknown card in the discards": (_trade_position, lambda d: d.update(discards={"2": ["unobtainium"]}), "discards"),
    "a hand not a list": (_trade_position, lambda d: d["players"][3].update(hand="fish"), "players[3].hand"),
    # wrong stack
    "a card in the wrong stack": (_trade_position, _move_card("3", "4", "fish"), "stacks"),
    "a card in the wrong discards": (_trade_position, _to_discards("3", "fish", "4"), "discards"),
    "Water in a stack": (_trade_position, lambda d: d["stacks"]["1"].append("water"), "stacks"),
    "a stack 10": (_trade_position, lambda d: d["stacks"].update({"10": []}), "stacks"),
    # a deal offering cards the player does not hold
    "deal: a shown card not held": (_trade_position, lambda d: d["deal"].update(cards=["gold", "ochre", "wine", "gold"]), "deal"),
    "deal: the hidden card not held": (_trade_position, lambda d: d["deal"].update(cards=["ochre", "ochre", "gold", "ochre"]), "deal"),
    "deal: a counter not held": (_trade_position, lambda d: d["deal"].update(
        stage=2, counters={"0": ["wool", "wool", "gold", "wool"]}), "deal"),
    "deal: a calamity shown": (_trade_position, lambda d: d["deal"].update(cards=["treachery", "ochre", "wine", "ochre"]), "deal"),
    "deal: a non-tradable calamity hidden": (_trade_position, lambda d: d["deal"].update(cards=["ochre", "ochre", "flood", "ochre"]), "deal"),
    "deal: three cards": (_trade_position, lambda d: d["deal"].update(cards=["ochre", "ochre", "wine"]), "deal"),
    "deal: a hidden card without its declaration": (_trade_position, lambda d: d["deal"].update(
        cards=["ochre", "ochre", "treachery", "ochre", "wine"]), "deal.cards"),
    "deal: over trade-max-cards": (_trade_position, lambda d: d["deal"].update(
        cards=["ochre", "ochre", "wine", "wine", "treachery", "ochre", "wine", "wine", "wine", "wine"]), "trade-max-cards"),
    "deal: a card offered twice": (_trade_position, lambda d: d["deal"].update(
        cards=["ochre", "ochre", "wine", "wine", "wine", "wine"]), "deal.cards"),
    "deal: a hidden card declared as a calamity": (_trade_position, lambda d: d["deal"].update(
        cards=["ochre", "ochre", "treachery", "treachery"]), "deal.cards"),
    "deal: a posted counter of two cards": (_trade_position, lambda d: d["deal"].update(
        stage=2, counters={"0": ["wool", "wool"]}), "deal.counters.0"),
    "deal: a posted offer of two cards": (_trade_position, lambda d: d["deal"].update(cards=["ochre", "ochre"]),
                                          "deal.cards"),
    "deal: a hidden card declared as a card of no stack of the game": (_trade_position, lambda d: d["deal"].update(
        cards=["ochre", "ochre", "wine", "silk"]), "deal.cards"),
    "deal: stage 2 not the proposer's decision": (_trade_position, lambda d: d["deal"].update(
        stage=2, counters={"0": ["wool", "wool", "oil", "wool"]}), "deal"),
    "deal: stage 0 with counters": (_trade_position, lambda d: d["deal"].update(
        stage=0, counters={"0": ["wool", "wool", "oil", "wool"]}), "deal"),
    "deal: stage 3": (_trade_position, lambda d: d["deal"].update(stage=3), "deal.stage"),
    "deal: no counters": (_trade_position, lambda d: d["deal"].pop("counters"), "deal"),
    "deal: proposer out of range": (_trade_position, lambda d: d["deal"].update({"from": 5}), "deal"),
    "deal: outside the trade": (_trade_position, lambda d: d.update(phase=3, step="move", decider=0), "deal"),
    # bad tasks
    "task: unknown kind": (_task_position, _task(0, "explode"), "tasks"),
    "task: five entries": (_task_position, lambda d: d["tasks"][0].pop(), "tasks"),
    "task: chooser out of range": (_task_position, _task(1, 5), "tasks"),
    "task: negative count": (_task_position, _task(3, -1), "tasks"),
    "task: unknown calamity": (_task_position, _task(4, "unobtainium"), "tasks"),
    "task: a word for its areas": (_task_position, _task(5, "garbage"), "tasks"),
    "task: an area out of range": (_task_position, _task(5, [999]), "tasks"),
    "task: not a list": (_task_position, lambda d: d.update(tasks=[{"kind": "reduce"}]), "tasks"),
    # bad payments
    "pay: unknown advance": (_pay_position, lambda d: d["pay"].update(advance="flying"), "pay.advance"),
    "pay: a card not held": (_pay_position, lambda d: d["pay"].update(cards=["gold"]), "pay.cards"),
    "pay: more cards than held": (_pay_position, lambda d: d["pay"].update(cards=["wine"] * 4), "pay.cards"),
    "pay: unknown card": (_pay_position, lambda d: d["pay"].update(cards=["unobtainium"]), "pay.cards"),
    "pay: negative price": (_pay_position, lambda d: d["pay"].update(price=-5), "pay.price"),
    "pay: paid not a number": (_pay_position, lambda d: d["pay"].update(paid="45"), "pay.paid"),
    "pay: no cards": (_pay_position, lambda d: d["pay"].pop("cards"), "pay"),
    "pay: an owned advance": (_pay_position, lambda d: d["players"][0].update(advances=["mysticism"], paid=[50]), "pay"),
    "pay: outside a purchase": (_pay_position, lambda d: d.update(phase=3, step="move"), "pay"),
}


@pytest.mark.parametrize("case", sorted(CARD_BAD))
def test_broken_card_position_names_the_field(case: str) -> None:
    make, mutate, field = CARD_BAD[case]
    refused(make(), mutate, field, case)


# ------------------------------------------------------------------ data files
def _raw_cards() -> Data:
    return json.loads((DATA / "cards.json").read_text(encoding="utf-8"))


def _raw_advances() -> Data:
    return json.loads((DATA / "advances.json").read_text(encoding="utf-8"))


def _entry(d: Data, group: str, entry_id: str) -> Data:
    return next(e for e in d[group] if e["id"] == entry_id)


def _adv_purchase(a: Data) -> None:
    _entry(a, "advances", "cartography")["params"]["purchases"][0]["stack"] = 0


DATA_BREAKS: dict[str, tuple[Callable[[Data, Data], Any], str]] = {
    "a commodity in stack 12": (lambda c, a: _entry(c, "commodities", "ochre").update(stack=12), "commodity 'ochre'"),
    "a commodity without a face value": (lambda c, a: _entry(c, "commodities", "gold").pop("face_value"), "commodity 'gold'"),
    "a calamity in stack 12": (lambda c, a: _entry(c, "calamities", "tempest").update(stack=12), "calamity 'tempest'"),
    "an unknown advance in a modifier": (lambda c, a: _entry(c, "calamities", "famine")["modifiers"][0].update(
        advance="alchemy"), "calamity 'famine'"),
    "an unknown effect kind": (lambda c, a: _entry(c, "calamities", "flood")["params"].update(kind="meteor"), "calamity 'flood'"),
    "a modifier role": (lambda c, a: _entry(c, "calamities", "famine")["modifiers"][0].update(role="bystander"),
                        "calamity 'famine'"),
    "an unknown immune advance": (lambda c, a: _entry(c, "calamities", "piracy").update(immune_as_secondary=["alchemy"]),
                                  "calamity 'piracy'"),
    "a repeated card id": (lambda c, a: _entry(c, "calamities", "tempest").update(id="gold"), "'gold'"),
    "an unknown commodity in a stack": (lambda c, a: c["composition"]["5"]["West"]["1"]["commodities"].update(mud=3),
                                        "composition 5 West stack 1"),
    "a commodity in another stack": (lambda c, a: c["composition"]["5"]["West"]["2"]["commodities"].update(ochre=1),
                                     "composition 5 West stack 2"),
    "more cards than printed": (lambda c, a: c["composition"]["5"]["West"]["9"]["commodities"].update(gold=6),
                                "composition 5 West stack 9"),
    "a calamity in another stack": (lambda c, a: c["composition"]["9"]["East"]["3"]["calamities"].append("tempest"),
                                    "composition 9 East stack 3"),
    "a stack missing": (lambda c, a: c["composition"]["7"]["West"].pop("5"), "composition 7 West"),
    "a purchase from stack 10": (lambda c, a: c["purchases"][0].update(stack=10), "purchase"),
    "an advance's purchase from stack 0": (lambda c, a: _adv_purchase(a), "advance 'cartography'"),
    "a hand limit without cards": (lambda c, a: c["hand_limits"][0].pop("cards"), "hand_limits"),
}


@pytest.mark.parametrize("case", sorted(DATA_BREAKS))
def test_a_broken_card_data_entry_is_named(case: str) -> None:
    """``parse_catalog`` on a copy of data/cards.json and data/advances.json with one
    broken entry: an InvalidStateError naming the entry; the copies are not changed."""
    cards, advances = _raw_cards(), _raw_advances()
    parse_catalog(copy.deepcopy(cards), copy.deepcopy(advances))  # the unbroken data loads
    mutate, entry = DATA_BREAKS[case]
    mutate(cards, advances)
    kept = copy.deepcopy((cards, advances))
    with pytest.raises(InvalidStateError) as e:
        parse_catalog(cards, advances, "test")
    assert entry in str(e.value), f"{case}: message does not name {entry!r}: {e.value}"
    assert (cards, advances) == kept


def test_a_broken_card_data_file_is_named_by_load_catalog(tmp_path: Path) -> None:
    cards = _raw_cards()
    _entry(cards, "commodities", "ochre")["stack"] = 12
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    with pytest.raises(InvalidStateError, match="cards.json/advances.json: commodity 'ochre' stack must be 1 to 9, not 12"):
        load_catalog(str(path))
    path.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidStateError, match="not valid JSON"):
        load_catalog(str(path))

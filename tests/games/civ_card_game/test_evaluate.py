"""The search bots' evaluation of card-game positions (``bots/evaluate.py``): fitted
weights from data, production and holdings count, values are zero-sum in [-1, 1]."""

from __future__ import annotations

import json

from civtable.games.civ_card_game.bots.evaluate import DATA, FEATURES, features

from ._ccg_helpers import position

PLOTS = ["grassland", "hills", "coast", "forest"]


def value(p0: dict, p1: dict | None = None, current: int = 1) -> float:
    """Player 0's value; by default player 1 is to move (so 0 is judged between turns)."""
    s = position(players=[{"plots": PLOTS, **p0}, {"plots": PLOTS, **(p1 or {})}], current=current)
    v = s.evaluate(0)
    assert -1 < v < 1
    assert abs(v + s.evaluate(1)) < 1e-9  # two players: one's chance is the other's loss
    return v


def test_weights_are_data_marked_as_fitted():
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert data["fitted"] is True and data["how"]
    assert tuple(data["features"]) == FEATURES
    assert len(data["base"]) == len(data["progress"]) == len(FEATURES)


def test_equal_positions_differ_only_by_who_moves():
    assert abs(value({}, {}) + value({}, {}, current=0)) < 1e-9


def test_production_counts_before_it_scores():
    """Same points: a fifth plot, a Forge or a Market is worth more than nothing."""
    base = value({})
    assert value({"plots": [*PLOTS, "gold"]}) > base
    assert value({"plots": [("grassland", 0), ("hills", 0, ["forge"]), "coast", "forest"]}) > base
    assert value({"plots": ["grassland", "hills", ("coast", 0, ["market"]), "forest"]}) > base


def test_resources_and_points_count():
    base = value({})
    assert value({"resources": {"commerce": 8}}) > base
    assert value({"technologies": ["pottery"]}) > base
    assert value({"plots": [("grassland", 2), "hills", "coast", "forest"]}) > base


def test_features_of_a_hand_built_position():
    s = position(players=[{"plots": [("grassland", 2, ["granary"]), "hills", "coast", "forest"],
                           "resources": {"commerce": 5}, "hand": {"pyramids": 1, "chariot": 2}}])
    f = dict(zip(FEATURES, features(s, 0), strict=True))
    assert f["vp"] == f["population"] == 2 and f["plots"] == 4
    # grassland 2 doubled by the granary + 2 population; forest and hills 3 hammers; coast and forest 3 commerce
    assert (f["food_per_turn"], f["hammers_per_turn"], f["commerce_per_turn"]) == (6, 3, 3)
    assert (f["wonders_in_hand"], f["attackers_in_hand"], f["commerce"]) == (1, 2, 5)
    assert f["to_move"] == 1 and features(s, 1)[FEATURES.index("to_move")] == 0

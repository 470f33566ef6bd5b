"""Broken positions: ``state_from_json`` rejects them with an ``InvalidStateError``
naming the field (DESIGN.md, "Positions"), and builds nothing on the way."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from civtable.core.errors import InvalidStateError
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.testing.mutate import Mutation, changing, removing, setting

GAME_ID = "catan-deckbuilding"
Data = dict[str, Any]


@cache
def game() -> Any:
    return load_game(GAME_ID)


@cache
def _position_in(phase: str) -> str:
    """A position reached by random play in ``phase`` (as JSON text, to copy freely)."""
    g = game()
    for seed in range(200):
        s = g.new_state(seed=seed)
        rng = Rng(seed)
        for step in range(2000):
            movers = s.to_move()
            if not movers:
                break
            if s.to_json()["phase"] == phase and (phase != "main" or step >= 40):
                return json.dumps(s.to_json())
            legal = s.legal_actions(movers[0])
            s.apply(movers[0], legal[rng.below(len(legal))])
    raise AssertionError(f"no position in phase {phase!r} found")


def position(phase: str = "main") -> Data:
    return json.loads(_position_in(phase))


def _players(d: Data, p: int = 0) -> Data:
    return d["players"][p]


def _add_to_hand(card: str, n: int, p: int = 0) -> Mutation:
    return changing("players", p, "hand", card, by=lambda k: k + n)


def _lose_draw_card(d: Data) -> None:
    for p in (0, 1):
        if _players(d, p)["draw"]:
            _players(d, p)["draw"].pop()
            return
    raise AssertionError("no draw pile to take a card from")


def _decider_other(d: Data) -> None:
    d["decider"] = 1 - d["decider"]


def _main_with_attack(d: Data) -> None:
    d["attack"] = "koff"


def _steal_without_card(d: Data) -> None:
    # the stolen card goes back to the victim's hand so that no card is lost
    victim = d["victim"]
    _players(d, victim)["hand"][d["stolen"]] += 1
    d["stolen"] = None


def _pool_without_laid(d: Data) -> None:
    laid = _players(d, d["current"])["laid"]["ore"]
    d["pool"]["ore"] = laid + 1


MISSING = ["rng", "turn", "current", "phase", "decider", "supply", "pool", "players"]
MISSING_PLAYER = ["hand", "draw", "discard", "laid"]

# (case id, phase of the base position, mutation, words the message must contain)
CASES: list[tuple[str, str, Mutation, tuple[str, ...]]] = [
    *[(f"missing-{k}", "main", removing(k), (k,)) for k in MISSING],
    *[(f"missing-players[1].{k}", "main", removing("players", 1, k), (f"players[1].{k}",))
      for k in MISSING_PLAYER],
    # wrong types
    ("rng-text", "main", setting("rng", value="12"), ("rng",)),
    ("rng-negative", "main", setting("rng", value=-1), ("rng",)),
    ("rng-too-big", "main", setting("rng", value=2**64), ("rng",)),
    ("rng-bool", "main", setting("rng", value=True), ("rng",)),
    ("turn-text", "main", setting("turn", value="3"), ("turn",)),
    ("turn-bool", "main", setting("turn", value=True), ("turn",)),
    ("turn-zero", "main", setting("turn", value=0), ("turn",)),
    ("current-3", "main", setting("current", value=3), ("current",)),
    ("current-text", "main", setting("current", value="0"), ("current",)),
    ("decider-bool", "main", setting("decider", value=False), ("decider",)),
    # issue 13: a float seat is no seat (it used to reach the rules and fail there)
    ("decider-float", "main", setting("decider", value=0.0), ("decider",)),
    ("current-float", "main", setting("current", value=1.0), ("current",)),
    ("attacker-float", "react", setting("attacker", value=0.0), ("attacker",)),
    ("winner-float", "main", setting("winner", value=0.0), ("winner",)),
    ("supply-list", "main", setting("supply", value=[3, 3, 3]), ("supply",)),
    ("pool-number", "main", setting("pool", value=0), ("pool",)),
    ("players-object", "main", setting("players", value={"0": {}, "1": {}}), ("players",)),
    ("players-three", "main", lambda d: d["players"].append(copy.deepcopy(d["players"][0])), ("players",)),
    ("player-text", "main", setting("players", 1, value="alice"), ("players[1]",)),
    ("hand-list", "main", setting("players", 0, "hand", value=["ore"]), ("players[0].hand",)),
    ("draw-text", "main", setting("players", 0, "draw", value="ore"), ("players[0].draw",)),
    ("discard-object", "main", setting("players", 1, "discard", value={"ore": 1}), ("players[1].discard",)),
    ("hand-count-float", "main", setting("players", 0, "hand", "ore", value=1.5), ("players[0].hand.ore",)),
    ("hand-count-bool", "main", setting("players", 0, "hand", "ore", value=True), ("players[0].hand.ore",)),
    ("hand-count-null", "main", setting("players", 0, "hand", "ore", value=None), ("players[0].hand.ore",)),
    ("reserved-text", "main", setting("players", 0, "reserved_knights", value="1"), ("players[0].reserved_knights",)),
    ("left-text", "main", setting("left", value="2"), ("left",)),
    ("roads-played-float", "main", setting("roads_played", value=0.5), ("roads_played",)),
    ("winner-seat-5", "main", setting("winner", value=5), ("winner",)),
    ("attacker-text", "react", setting("attacker", value="me"), ("attacker",)),
    ("options-text", "main", setting("options", value="A"), ("options",)),
    ("not-an-object", "main", lambda d: d.clear() or d.update({"players": []}), ("rng",)),
    ("other-game", "main", setting("game", value="chess"), ("chess", "catan-deckbuilding")),
    # unknown cards
    ("unknown-hand-card", "main", setting("players", 0, "hand", "dragon", value=1), ("players[0].hand", "dragon")),
    ("unknown-laid-card", "main", setting("players", 1, "laid", "dragon", value=0), ("players[1].laid", "dragon")),
    ("unknown-draw-card", "main", lambda d: _players(d)["draw"].append("dragon"), ("players[0].draw", "dragon")),
    ("unknown-discard-card", "main", lambda d: _players(d, 1)["discard"].append(7), ("players[1].discard", "7")),
    ("non-supply-card-in-supply", "main", setting("supply", "ore", value=1), ("supply", "ore")),
    ("unknown-pool-key", "main", setting("pool", "sea", value=1), ("pool", "sea")),
    ("unknown-attack-card", "react", setting("attack", value="dragon"), ("attack", "dragon")),
    ("unknown-stolen-card", "steal", setting("stolen", value="gold"), ("stolen", "gold")),
    # negative counts
    ("negative-hand", "main", setting("players", 0, "hand", "ore", value=-1), ("players[0].hand.ore",)),
    ("negative-laid", "main", setting("players", 1, "laid", "road", value=-2), ("players[1].laid.road",)),
    ("negative-supply", "main", setting("supply", "city", value=-1), ("supply.city",)),
    ("negative-pool", "main", setting("pool", "choice-other", value=-1), ("pool.choice-other",)),
    ("negative-reserved", "main", setting("players", 1, "reserved_knights", value=-1), ("players[1].reserved_knights",)),
    ("negative-left", "discard", setting("left", value=-1), ("left",)),
    ("negative-turn", "main", setting("turn", value=-4), ("turn",)),
    # conservation: a card created or lost (CDB-5.2, CDB-5.4)
    ("card-created-in-hand", "main", _add_to_hand("ore", 1), ("ore",)),
    ("city-created-in-hand", "main", _add_to_hand("city", 3, p=1), ("city",)),
    ("card-created-in-supply", "main", lambda d: d["supply"].update(harbor=d["supply"]["harbor"] + 1), ("harbor",)),
    ("card-lost", "main", _lose_draw_card, ("card",)),
    ("knight-created-reserved", "main", lambda d: _players(d, 1).update(reserved_knights=_players(d, 1)["reserved_knights"] + 1), ("kdef",)),
    # phases
    ("bad-phase", "main", setting("phase", value="lunch"), ("phase", "lunch")),
    ("phase-number", "main", setting("phase", value=0), ("phase",)),
    ("winner-but-not-over", "main", setting("winner", value=0), ("winner",)),
    ("main-attack-set", "main", _main_with_attack, ("attack",)),
    ("pool-without-laid-cards", "main", _pool_without_laid, ("pool.ore",)),
    ("react-without-attack", "react", setting("attack", value=None), ("attack",)),
    ("react-same-seats", "react", lambda d: d.update(victim=d["attacker"]), ("victim",)),
    ("steal-without-stolen-card", "steal", _steal_without_card, ("stolen",)),
    ("discard-nothing-left", "discard", setting("left", value=0), ("left",)),
    # decider inconsistent with the phase
    ("main-decider", "main", _decider_other, ("decider",)),
    ("react-decider", "react", _decider_other, ("decider",)),
    ("steal-decider", "steal", _decider_other, ("decider",)),
    ("discard-decider", "discard", _decider_other, ("decider",)),
    # options the position was saved with differ from the game's
    ("options-supply-total", "main", setting("options", "supply-total", value="B"), ("supply-total",)),
    ("options-max-turns", "main", setting("options", "max-turns", value=60), ("max-turns",)),
    ("options-win-timing", "main", setting("options", "win-timing", value="B"), ("win-timing",)),
]


def test_the_base_positions_are_valid() -> None:
    g = game()
    for phase in ("main", "react", "counter", "steal", "discard"):
        data = position(phase)
        assert g.state_from_json(data).to_json() == data


@pytest.mark.parametrize(("phase", "mutate", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_broken_position_is_rejected_naming_the_field(
    phase: str, mutate: Mutation, words: tuple[str, ...]
) -> None:
    g = game()
    options_before = dict(g.options)
    good = position(phase)
    data = copy.deepcopy(good)
    mutate(data)
    assert json.dumps(data) != json.dumps(good), "the mutation changed nothing"
    given = copy.deepcopy(data)
    with pytest.raises(InvalidStateError) as err:
        g.state_from_json(data)
    message = str(err.value)
    assert message and message[0] != " "
    for word in words:
        assert word in message, f"{word!r} not named in {message!r}"
    # nothing half-built: the input and the game are untouched, and loading goes on working
    assert data == given
    assert g.options == options_before
    assert g.state_from_json(copy.deepcopy(good)).to_json() == good


@pytest.mark.parametrize("data", [None, [], "position", 7])
def test_a_position_must_be_an_object(data: Any) -> None:
    with pytest.raises(InvalidStateError, match="object"):
        game().state_from_json(data)


def test_options_saved_with_the_position_must_match() -> None:
    """The same position is accepted by a game with the saved options."""
    data = position("main")
    data["options"]["supply-total"] = "B"
    with pytest.raises(InvalidStateError, match="supply-total"):
        game().state_from_json(data)
    g54 = load_game(GAME_ID, **{"supply-total": "B"})
    # the 43-card position is not a 54-card one: conservation names a card
    with pytest.raises(InvalidStateError, match="card"):
        g54.state_from_json(data)
    s = g54.new_state(seed=1)
    assert g54.state_from_json(s.to_json()).to_json() == s.to_json()
    with pytest.raises(InvalidStateError, match="supply-total"):
        game().state_from_json(s.to_json())


# Positions that no game can reach but that the loader accepts today. Each is
# inconsistent in the sense of DESIGN.md ("Bad or inconsistent JSON gets a clear
# error naming the field").
UNREACHABLE: list[tuple[str, str, Mutation, tuple[str, ...]]] = [
    # CDB-9.1 / max-turns: a game ends by a win or at the turn cap, nothing else
    ("over-without-winner-before-the-cap", "main", setting("phase", value="over"), ("phase",)),
    # CDB-9.1: the winner shows three Cities in his hand
    ("winner-without-three-cities", "main",
     lambda d: d.update(phase="over", winner=d["current"]), ("winner",)),
    # CDB-3.3.2: a Knight (Offensive) makes the opponent discard 2 cards
    ("discard-more-than-two", "discard", setting("left", value=5), ("left",)),
]


@pytest.mark.parametrize(("phase", "mutate", "words"), [c[1:] for c in UNREACHABLE],
                         ids=[c[0] for c in UNREACHABLE])
def test_unreachable_position_is_rejected(
    phase: str, mutate: Mutation, words: tuple[str, ...]
) -> None:
    data = position(phase)
    mutate(data)
    with pytest.raises(InvalidStateError) as err:
        game().state_from_json(data)
    for word in words:
        assert word in str(err.value)

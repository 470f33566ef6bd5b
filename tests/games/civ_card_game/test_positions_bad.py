"""Broken positions and card files of Civilization: The Card Game.

``state_from_json`` rejects a broken position with an ``InvalidStateError`` naming
the field (DESIGN.md, "Positions"), and builds nothing on the way; a malformed
card file (``cards=FILE``) is an ``InvalidStateError`` naming the card and field.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from civtable.core.errors import InvalidStateError
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.games.civ_card_game.state import PHASE_NAMES
from civtable.testing.mutate import removing, setting

from ._ccg_helpers import position_json

GAME_ID = "civ-card-game"
Data = dict[str, Any]


@cache
def game(players: int = 2) -> Any:
    return load_game(GAME_ID, players=players)


WANTED: dict[str, Callable[[Data], bool]] = {
    "destroy-building": lambda d: d["damage"] != d["damage"][::-1],  # damages whose order shows
}
"""What a position of a step must hold besides its step, for the mutations of its cases."""


@cache
def _position_in(phase: str, players: int = 2, min_turn: int = 0) -> str:
    """A position reached by random play in ``phase`` (as JSON text, to copy freely)."""
    wanted = WANTED.get(phase, lambda d: True)
    g = game(players)
    for seed in range(300):
        s = g.new_state(seed=seed)
        rng = Rng(seed)
        while True:
            data = s.to_json()
            if data["phase"] == phase and data["turn"] >= min_turn and wanted(data):
                return json.dumps(data)
            movers = s.to_move()
            if not movers:
                break
            legal = s.legal_actions(movers[0])
            s.apply(movers[0], legal[rng.below(len(legal))])
    raise AssertionError(f"no position in phase {phase!r} found")


def position(phase: str = "purchase", players: int = 2) -> Data:
    return json.loads(_position_in(phase, players, 3 if phase == "purchase" else 0))


def _add_to_hand(card: str, n: int = 1, p: int = 0) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        hand = d["players"][p]["hand"]
        hand[card] = hand.get(card, 0) + n

    return mutate


def _lose_deck_card(d: Data) -> None:
    d["deck"].pop()


def _move_deck_card_to_hand_twice(d: Data) -> None:
    """The top deck card shows up in a hand but stays in the deck."""
    card = d["deck"][-1]
    _add_to_hand(card, 1, 1)(d)


def _plot_created(d: Data) -> None:
    d["players"][1]["plots"].append({"plot": "gold", "population": 0, "cards": []})


def _plot_lost(d: Data) -> None:
    d["plot_deck"].pop()


def _plot_in_display_and_deck(d: Data) -> None:
    d["plot_deck"].append(d["plot_display"][0])


def _tech_bought_twice(d: Data) -> None:
    d["players"][0]["technologies"].append(d["tech_display"][0])


def _tech_lost(d: Data) -> None:
    d["tech_deck"].pop()


def _tech_in_deck_twice(d: Data) -> None:
    d["tech_deck"].append(d["tech_display"][0])


def _population_created(d: Data) -> None:
    d["players"][0]["plots"][0]["population"] += 1


def _population_lost(d: Data) -> None:
    d["population_bank"] -= 1


def _placed_unit(d: Data) -> None:
    d["players"][0]["plots"][0]["cards"].append("archers")


def _unknown_placed(d: Data) -> None:
    d["players"][1]["plots"][0]["cards"].append("dragon")


def _bad_first(key: str, value: Any) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        d[key][0] = value

    return mutate


def _unknown_player_tech(d: Data) -> None:
    d["players"][1]["technologies"].append("fire")


def _winner_not_over(d: Data) -> None:
    d["winners"] = [0]


def _bad_attack(value: Any) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        d["attacks"][0] = value

    return mutate


def _attack_unknown_unit(d: Data) -> None:
    d["attacks"][0][0] = "dragon"


def _attack_not_a_unit(d: Data) -> None:
    d["attacks"][0][0] = "library"


def _attack_defender_seat(d: Data) -> None:
    d["attacks"][0][1] = 7


def _over_with_queue(d: Data) -> None:
    d["queue"] = [0]


MISSING = ["rng", "turn", "dealer", "current", "phase", "decider", "population_bank", "plot_deck",
           "plot_display", "tech_deck", "tech_display", "deck", "discard", "players"]
MISSING_PLAYER = ["resources", "hand", "plots", "technologies"]

# (case id, phase of the base position, mutation, words the message must contain)
CASES: list[tuple[str, str, Callable[[Data], None], tuple[str, ...]]] = [
    *[(f"missing-{k}", "purchase", removing(k), (k,)) for k in MISSING],
    *[(f"missing-players[1].{k}", "purchase", removing("players", 1, k), (f"players[1].{k}",))
      for k in MISSING_PLAYER],
    # wrong types and values of the top-level numbers
    *[(f"{field}-{value!r}", "purchase", setting(field, value=value), (field,))
      for field, values in (("rng", ("12", -1, 2**64, True)), ("turn", ("3", True, 10**6, 0)))
      for value in values],
    ("dealer-seat-2", "purchase", setting("dealer", value=2), ("dealer",)),
    ("current-text", "purchase", setting("current", value="0"), ("current",)),
    ("decider-float", "purchase", setting("decider", value=1.0), ("decider",)),
    ("population-bank-text", "purchase", setting("population_bank", value="77"), ("population_bank",)),
    ("plot-deck-text", "purchase", setting("plot_deck", value="grassland"), ("plot_deck",)),
    ("tech-display-object", "purchase", setting("tech_display", value={"writing": 1}), ("tech_display",)),
    ("deck-object", "purchase", setting("deck", value={"archers": 1}), ("deck",)),
    ("discard-number", "purchase", setting("discard", value=3), ("discard",)),
    ("draft-text", "draft", setting("draft", value="plains"), ("draft",)),
    ("queue-text", "purchase", setting("queue", value="none"), ("queue",)),
    ("queue-entry-text", "discard", setting("queue", value=["me"]), ("queue[0]",)),
    ("left-text", "discard", setting("left", value="2"), ("left",)),
    ("target-seat-5", "purchase", setting("target", value=5), ("target",)),
    ("end-after-2", "purchase", setting("end_after", value=2), ("end_after",)),
    ("winners-text", "over", setting("winners", value="0"), ("winners",)),
    ("winners-seat-9", "over", setting("winners", value=[9]), ("winners",)),
    ("players-object", "purchase", setting("players", value={"0": {}, "1": {}}), ("players",)),
    ("players-three", "purchase", lambda d: d["players"].append(copy.deepcopy(d["players"][0])), ("players",)),
    ("player-text", "purchase", setting("players", 1, value="alice"), ("players[1]",)),
    ("resources-list", "purchase", setting("players", 0, "resources", value=[1, 2, 3]), ("players[0].resources",)),
    ("resources-gold", "purchase", setting("players", 0, "resources", "gold", value=1), ("players[0].resources",)),
    ("resources-float", "purchase", setting("players", 1, "resources", "food", value=1.5), ("players[1].resources.food",)),
    ("resources-bool", "purchase", setting("players", 1, "resources", "hammers", value=True), ("players[1].resources.hammers",)),
    ("hand-list", "purchase", setting("players", 0, "hand", value=["archers"]), ("players[0].hand",)),
    ("hand-count-text", "purchase", setting("players", 0, "hand", "archers", value="1"), ("players[0].hand.archers",)),
    ("hand-count-null", "purchase", setting("players", 1, "hand", "archers", value=None), ("players[1].hand.archers",)),
    ("plots-object", "purchase", setting("players", 0, "plots", value={}), ("players[0].plots",)),
    ("plot-entry-text", "purchase", setting("players", 0, "plots", 0, value="grassland"), ("players[0].plots[0]",)),
    ("plot-population-text", "purchase", setting("players", 0, "plots", 1, "population", value="1"),
     ("players[0].plots[1].population",)),
    ("plot-cards-text", "purchase", setting("players", 1, "plots", 0, "cards", value="library"),
     ("players[1].plots[0].cards",)),
    ("technologies-text", "purchase", setting("players", 1, "technologies", value="writing"), ("players[1].technologies",)),
    ("mining-due-2", "purchase", setting("players", 0, "mining_due", value=2), ("players[0].mining_due",)),
    ("used-9", "purchase", setting("players", 1, "used", value=9), ("players[1].used",)),
    ("attacks-entry-short", "defend", _bad_attack(["archers", 0]), ("attacks[0]",)),
    ("attacks-bad-status", "defend", lambda d: d["attacks"][0].__setitem__(2, "asleep"), ("attacks[0]",)),
    ("attacks-defender-seat", "defend", _attack_defender_seat, ("attacks[0][1]",)),
    ("blocks-entry-text", "defend", setting("blocks", value=["x"]), ("blocks[0]",)),
    ("damage-entry-short", "defend", setting("damage", value=[[0, 1]]), ("damage[0]",)),
    ("options-text", "purchase", setting("options", value="A"), ("options",)),
    ("other-game", "purchase", setting("game", value="chess"), ("game",)),
    ("not-an-object-inside", "purchase", lambda d: d.clear() or d.update({"players": []}), ("rng",)),
    # unknown card, plot and technology ids
    ("unknown-hand-card", "purchase", setting("players", 0, "hand", "dragon", value=1), ("players[0].hand", "dragon")),
    ("unknown-deck-card", "purchase", _bad_first("deck", "dragon"), ("deck[0]", "dragon")),
    ("unknown-discard-card", "purchase", lambda d: d["discard"].append(7), ("discard", "7")),
    ("unknown-placed-card", "purchase", _unknown_placed, ("players[1].plots[0].cards", "dragon")),
    ("unit-placed-on-plot", "purchase", _placed_unit, ("players[0].plots[0].cards", "archers")),
    ("unknown-plot", "purchase", setting("players", 0, "plots", 0, "plot", value="atlantis"),
     ("players[0].plots[0].plot", "atlantis")),
    ("unknown-plot-deck", "purchase", _bad_first("plot_deck", "atlantis"), ("plot_deck[0]", "atlantis")),
    ("unknown-plot-display", "purchase", _bad_first("plot_display", "atlantis"), ("plot_display[0]", "atlantis")),
    ("unknown-draft-plot", "draft", _bad_first("draft", "atlantis"), ("draft[0]", "atlantis")),
    ("unknown-tech-deck", "purchase", _bad_first("tech_deck", "fire"), ("tech_deck[0]", "fire")),
    ("unknown-tech-display", "purchase", _bad_first("tech_display", "fire"), ("tech_display[0]", "fire")),
    ("unknown-player-tech", "purchase", _unknown_player_tech, ("players[1].technologies", "fire")),
    ("unknown-attack-unit", "defend", _attack_unknown_unit, ("attacks[0][0]", "dragon")),
    ("attack-with-a-building", "defend", _attack_not_a_unit, ("attacks[0]", "library")),
    # negative counts
    ("negative-hand", "purchase", setting("players", 0, "hand", "archers", value=-1), ("players[0].hand.archers",)),
    ("negative-resource", "purchase", setting("players", 1, "resources", "commerce", value=-2),
     ("players[1].resources.commerce",)),
    ("negative-population", "purchase", setting("players", 0, "plots", 0, "population", value=-1),
     ("players[0].plots[0].population",)),
    ("negative-bank", "purchase", setting("population_bank", value=-1), ("population_bank",)),
    ("negative-turn", "purchase", setting("turn", value=-3), ("turn",)),
    ("negative-left", "discard", setting("left", value=-1), ("left",)),
    ("negative-damage", "defend", setting("damage", value=[[0, -1, 0]]), ("damage[0][1]",)),
    # conservation: a card, plot, technology or population created or lost
    ("card-created-in-hand", "purchase", _add_to_hand("archers", 1), ("archers",)),
    ("wonder-created-in-hand", "purchase", _add_to_hand("pyramids", 1, 1), ("pyramids",)),
    ("card-lost", "purchase", _lose_deck_card, ("card",)),
    ("card-in-deck-and-hand", "purchase", _move_deck_card_to_hand_twice, ("card",)),
    ("plot-created", "purchase", _plot_created, ("gold", "plot")),
    ("plot-lost", "purchase", _plot_lost, ("plot",)),
    ("plot-in-display-and-deck", "purchase", _plot_in_display_and_deck, ("plot",)),
    ("tech-bought-and-displayed", "purchase", _tech_bought_twice, ("technology",)),
    ("tech-twice-in-deck", "purchase", _tech_in_deck_twice, ("technology",)),
    ("tech-lost", "purchase", _tech_lost, ("technology",)),
    ("population-created", "purchase", _population_created, ("population",)),
    ("population-lost", "purchase", _population_lost, ("population",)),
    ("population-gain-phase-without-theft", "purchase", setting("phase", value="gain-population"), ("population",)),
    # phases
    ("bad-phase", "purchase", setting("phase", value="lunch"), ("phase", "lunch")),
    ("phase-number", "purchase", setting("phase", value=5), ("phase",)),
    ("phase-null", "purchase", setting("phase", value=None), ("phase",)),
    ("draft-without-draft-row", "purchase", setting("phase", value="draft"), ("phase",)),
    ("winners-but-not-over", "purchase", _winner_not_over, ("winners",)),
    ("over-with-a-queue", "over", _over_with_queue, ("over", "queue")),
    # options the position was saved with differ from the game's
    ("options-players", "purchase", setting("options", "players", value=3), ("players",)),
    ("options-bank-trade", "purchase", setting("options", "bank-trade", value="B"), ("bank-trade",)),
    ("options-max-turns", "purchase", setting("options", "max-turns", value=60), ("max-turns",)),
    ("options-game-end", "purchase", setting("options", "game-end-timing", value="C"), ("game-end-timing",)),
]

BASE_PHASES = ("purchase", "draft", "discard", "defend", "collect", "over")


def test_the_base_positions_are_valid() -> None:
    g = game()
    for phase in BASE_PHASES:
        data = position(phase)
        assert data["phase"] == phase
        assert g.state_from_json(data).to_json() == data
    assert position("defend")["attacks"], "the defend position has no attack"


def _refusal(g: Any, data: Data) -> str:
    """The loader's sentence refusing ``data``."""
    try:
        g.state_from_json(data)
    except InvalidStateError as e:
        return str(e)
    raise AssertionError("the broken position was accepted")


def _rejects(g: Any, good: Data, mutate: Callable[[Data], None], words: tuple[str, ...]) -> None:
    """``mutate`` breaks ``good``: refused naming ``words`` ("a|b": either), nothing
    half-built (the input and the game untouched, loading goes on working)."""
    options = dict(g.options)
    data = copy.deepcopy(good)
    mutate(data)
    given = json.dumps(data, sort_keys=True)
    assert given != json.dumps(good, sort_keys=True), "the mutation changed nothing"
    message = _refusal(g, data)
    missing = [w for w in words if not any(x in message for x in w.split("|"))]
    assert not missing and message == message.strip(), f"{missing} not named in {message!r}"
    assert json.dumps(data, sort_keys=True) == given and g.options == options
    assert g.state_from_json(copy.deepcopy(good)).to_json() == good


@pytest.mark.parametrize(("phase", "mutate", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_broken_position_is_rejected_naming_the_field(
    phase: str, mutate: Callable[[Data], None], words: tuple[str, ...]
) -> None:
    _rejects(game(), position(phase), mutate, words)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (_add_to_hand("chariot", 1, 2), ("chariot",)),
        (_population_created, ("population",)),
        (_tech_bought_twice, ("technology",)),
        (setting("players", 2, "hand", "archers", value=-1), ("players[2].hand.archers",)),
        (setting("current", value=4), ("current",)),
        (setting("options", "players", value=2), ("players",)),
    ],
    ids=["card-created", "population-created", "tech-twice", "negative-hand", "current-seat", "options-players"],
)
def test_broken_position_with_more_players(players: int, mutate: Callable[[Data], None],
                                          words: tuple[str, ...]) -> None:
    _rejects(game(players), position("purchase", players), mutate, words)


def test_players_must_match_the_player_count() -> None:
    data = position("purchase", 3)
    del data["options"]
    with pytest.raises(InvalidStateError, match="players"):
        game(2).state_from_json(data)


def test_a_position_is_an_object_saved_with_the_same_options() -> None:
    """Not an object, or saved with another reading of a rule: refused, naming it;
    a game with the saved options reads the same position."""
    for data in (None, [], "position", 7):
        with pytest.raises(InvalidStateError, match="object"):
            game().state_from_json(data)
    other = load_game(GAME_ID, players=2, **{"bank-trade": "B"})
    for saved in (dict(position("purchase"), options={**position("purchase")["options"], "bank-trade": "B"}),
                  other.new_state(seed=1).to_json()):
        with pytest.raises(InvalidStateError, match="bank-trade"):
            game().state_from_json(saved)
        assert other.state_from_json(saved).to_json() == saved


# Positions that the loader accepts today (or fails on with another exception)
# although they are inconsistent in the sense of DESIGN.md ("Bad or inconsistent
# JSON gets a clear error naming the field"). Each was an engine bug, now fixed; they stay as regression tests.
def _collect_queue_missing(d: Data) -> None:
    del d["queue"]


def _purchase_by_the_other_player(d: Data) -> None:
    d["decider"] = 1 - d["current"]


def _tech_listed_twice_by_one_player(d: Data) -> None:
    """The same technology twice in one player's list; it is in no other zone."""
    tech = d["tech_display"].pop()
    d["players"][0]["technologies"] += [tech, tech]


def _bank_on_a_plot(d: Data) -> None:
    """The population bank and player 1's first plot swap their populations."""
    plot = d["players"][1]["plots"][0]
    d["population_bank"], plot["population"] = plot["population"], d["population_bank"]


def _damage_reversed(d: Data) -> None:
    d["damage"].reverse()


INCONSISTENT: list[tuple[str, str, Callable[[Data], None], tuple[str, ...], str]] = [
    ("collect-without-queue", "collect", _collect_queue_missing, ("queue",),
     "fixed engine bug: a collect-step position without 'queue' raises IndexError in legal_actions, "
     "not InvalidStateError"),
    ("collect-queue-names-no-plot", "collect", setting("queue", value=[[9, 1]]), ("queue",),
     "fixed engine bug: a collect-step 'queue' entry naming plot 10 raises IndexError, not InvalidStateError"),
    ("collect-queue-entry-a-number", "collect", setting("queue", value=[1]), ("queue",),
     "fixed engine bug: a collect-step 'queue' of numbers raises TypeError, not InvalidStateError"),
    ("fought-text", "purchase", setting("fought", value="no"), ("fought",),
     "fixed engine bug: 'fought' is read with bool(), so the text \"no\" is accepted as true"),
    ("tech-listed-twice-by-one-player", "purchase", _tech_listed_twice_by_one_player,
     ("technolog",),
     "fixed engine bug: a technology listed twice in one player's 'technologies' is merged silently"),
    ("purchase-decided-by-the-other-player", "purchase", _purchase_by_the_other_player, ("decider|current",),
     "fixed engine bug: a purchase step whose 'decider' is not 'current' is accepted; that player "
     "then buys during another player's turn"),
    ("defend-without-attacks", "purchase", setting("phase", value="defend"), ("phase|attacks",),
     "fixed engine bug: phase 'defend' with no attack is accepted ('done' is always legal)"),
    ("lose-population-without-damage", "purchase", setting("phase", value="lose-population"), ("phase|damage",),
     "fixed engine bug: phase 'lose-population' with no 'damage' is accepted"),
    # found by the fuzz kit (issue 13): each loaded, then broke an invariant in play
    ("draft-population-from-the-bank", "draft", _bank_on_a_plot, ("players[1].plots", "population"),
     "a draft with the bank's population on a plot loaded; the free population then made the bank negative"),
    ("draft-seat-left-out", "draft", removing("queue", 1), ("queue",),
     "a draft skipping a seat loaded; the next draft row then replaced the plot left over (a plot lost)"),
    ("lose-population-with-none-to-take", "lose-population", setting("damage", 0, 1, value=0), ("damage[0]",),
     "a lose-population step with no population to take loaded; the damage then went negative"),
    ("damage-out-of-order", "destroy-building", _damage_reversed, ("damage",),
     "a destroy-building step whose first damage has no building loaded; the damage then went negative"),
]


@pytest.mark.parametrize(
    ("phase", "mutate", "words"),
    [pytest.param(*c[1:4], id=c[0]) for c in INCONSISTENT],
)
def test_inconsistent_position_is_rejected(phase: str, mutate: Callable[[Data], None],
                                          words: tuple[str, ...]) -> None:
    _rejects(game(), position(phase), mutate, words)


# Issue 13: a Code of Laws step that asks for more resources than the victim holds
# loaded, and then the player to move had no legal action (a deadlock).
THEFT: dict[str, Any] = {"players": [{"technologies": ["code_of_laws"], "used": 2},
                                     {"resources": {"food": 1, "commerce": 1}}],
                         "queue": [PHASE_NAMES.index("purchase"), 0], "target": 1}


def _both(*mutations: Callable[[Data], None]) -> Callable[[Data], None]:
    def mutate(d: Data) -> None:
        for m in mutations:
            m(d)

    return mutate


BROKEN_THEFTS = [
    (setting("left", value=3), ("left", "holds 2")),  # the deadlock
    (setting("players", 1, "resources", "commerce", value=0), ("left", "holds 1")),
    (_both(setting("players", 1, "resources", "food", value=9), setting("left", value=4)), ("left", "takes 3")),
    (setting("target", value=0), ("target",)),
]


@pytest.mark.parametrize(("reading", "step", "decider"), [("B", "take-resources", 0), ("C", "give-resources", 1)])
def test_a_theft_asking_more_than_the_victim_holds_is_refused(reading: str, step: str, decider: int) -> None:
    """CCG-9.2 (code-of-laws-choice B, C): ``left`` is at most what Code of Laws takes
    and what the victim holds, and the victim is not the thief; the good position plays
    on to the thief's purchases."""
    g = load_game(GAME_ID, **{"code-of-laws-choice": reading})
    good = position_json(g, **THEFT, phase=step, decider=decider, left=2)
    s = g.state_from_json(copy.deepcopy(good))
    while s.to_json()["phase"] == step:
        s.apply(decider, s.legal_actions(decider)[0])
    assert s.to_json()["phase"] == "purchase" and s.to_move() == (0,)
    for mutate, words in BROKEN_THEFTS:
        _rejects(g, good, mutate, words)

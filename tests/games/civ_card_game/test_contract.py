"""Civilization: The Card Game on the contract-test kit (``civtable.testing``): random
games of 2 to 4 players over every rule variant (each ambiguity of
``rules/civ_card_game.md`` is sampled, with the dealer and the turn cap), played at
random or by the greedy bot, from new games and from positions in the middle of the
rarer steps (Catapults, bounces, Code of Laws choices, damage); plus the game's own
invariants: every card, plot, technology and population is somewhere, once, nothing
is negative, and a finished game's winners follow the points (CCG-1.2, CCG-1.3).

The counts are made here from ``to_json()`` and the card file, independently of the
engine's own checks.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

from hypothesis import strategies as st

from civtable.agents import PlayerView, make_agent
from civtable.core.game import Game
from civtable.core.registry import game_class
from civtable.core.state import State
from civtable.games.civ_card_game.catalog import DATA
from civtable.testing import ContractSuite, GameAdapter
from civtable.testing.adapter import Scenario

GAME_ID = "civ-card-game"
GAME_CLS = game_class(GAME_ID)
AMBIGUITIES = tuple(s for s in GAME_CLS.option_specs if s.choices)
"""Every ambiguity (an option with readings; purchase-limits and block-ratio have one)."""


@st.composite
def game_options(draw: st.DrawFn, max_turns: st.SearchStrategy[int]) -> dict[str, Any]:
    opts: dict[str, Any] = {s.name: draw(st.sampled_from(s.choices)) for s in AMBIGUITIES}
    opts["players"] = draw(st.sampled_from((2, 3, 4)))
    opts["dealer"] = draw(st.sampled_from((None, 0, 1, 2, 3)))
    opts["max-turns"] = draw(max_turns)
    return opts


OPTIONS = game_options(st.sampled_from((400, 60, 30, 4, 1)))
END_OPTIONS = game_options(st.integers(1, 6))


# ------------------------------------------------------------ the card file
@cache
def card_file() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@cache
def play_card_counts() -> dict[str, int]:
    """Every play-deck card (buildings, wonders, units, resource cards) and its count."""
    raw = card_file()
    out: dict[str, int] = {}
    for section in ("buildings", "units", "resource_cards"):
        for e in raw.get(section, []):
            out[e["id"]] = e.get("count", 1)
    for e in raw["wonders"]:  # each wonder is unique (CCG-2.7)
        out[e["id"]] = 1
    return out


@cache
def plot_counts() -> dict[str, int]:
    return {e["id"]: e.get("count", 1) for e in card_file()["plots"]}


@cache
def wonder_ids() -> frozenset[str]:
    return frozenset(e["id"] for e in card_file()["wonders"])


# ------------------------------------------------------------ invariants
def everything_is_conserved(state: State) -> None:
    """Every play-deck card, plot, technology and population is somewhere, once."""
    data = state.to_json()
    where = f"turn {data['turn']}, phase {data['phase']}"
    # play deck: deck, discard pile, hands, cards placed on plots, attacking units in play
    cards: Counter[str] = Counter(data["deck"]) + Counter(data["discard"])
    for pd in data["players"]:
        cards.update(pd["hand"])
        for pl in pd["plots"]:
            cards.update(pl["cards"])
    cards.update(unit for unit, _, status in data["attacks"] if status == "active")
    assert dict(cards) == play_card_counts(), f"play-deck cards not conserved ({where})"
    # plots: plot deck, display, draft row and the players' plots
    plots: Counter[str] = Counter(data["plot_deck"]) + Counter(data["plot_display"]) + Counter(data["draft"])
    for pd in data["players"]:
        plots.update(pl["plot"] for pl in pd["plots"])
    assert dict(plots) == plot_counts(), f"plots not conserved ({where})"
    # technologies: each exactly once
    techs: Counter[str] = Counter(data["tech_deck"]) + Counter(data["tech_display"])
    for pd in data["players"]:
        techs.update(pd["technologies"])
    assert set(techs) == {e["id"] for e in card_file()["technologies"]} and set(techs.values()) == {1}, \
        f"technologies not conserved ({where})"
    # population: on plots and in the bank (+1 between the two plots of a theft, CCG-7.5)
    pops = data["population_bank"] + sum(pl["population"] for pd in data["players"] for pl in pd["plots"])
    if data["phase"] == "gain-population":
        pops += 1
    assert pops == card_file()["numbers"]["population_bank"], f"{pops} populations in all ({where})"


def nothing_negative(state: State) -> None:
    data = state.to_json()
    assert data["population_bank"] >= 0 and data["left"] >= 0
    for p, pd in enumerate(data["players"]):
        assert all(v >= 0 for v in pd["resources"].values()), f"players[{p}].resources negative"
        assert all(v >= 0 for v in pd["hand"].values()), f"players[{p}].hand negative"
        assert all(pl["population"] >= 0 for pl in pd["plots"]), f"players[{p}] has a negative population"
    assert all(pop >= 0 and b >= 0 for _, pop, b in data["damage"]), "negative damage"


def winners_follow_the_points(state: State) -> None:
    """CCG-1.2 / 1.3: most VP, then technologies, then population; a tie after both
    is shared (final-tie A) or nobody's (B); the observation shows the same points."""
    if not state.is_terminal():
        return
    data = state.to_json()
    keys = []
    for pd in data["players"]:
        pops = sum(pl["population"] for pl in pd["plots"])
        wonders = sum(1 for pl in pd["plots"] for c in pl["cards"] if c in wonder_ids())
        keys.append((pops + wonders + len(pd["technologies"]), len(pd["technologies"]), pops))
    top = [p for p, k in enumerate(keys) if k == max(keys)]
    shared = state.game.options["final-tie"] == "A"
    assert state.winners() == (top if len(top) == 1 or shared else []), f"winners {state.winners()}, points {keys}"
    assert [v["vp"] for v in state.observation(None)["players"]] == [k[0] for k in keys]


# ------------------------------------------------------------ rare steps
RARE = ("siege", "bounce", "redeclare", "take-resources", "give-resources", "gain-population",
        "destroy-building", "lose-population", "draw", "steal-window")


@cache
def _starts(game: Game) -> tuple[State, ...]:
    """The first position of each rarer step met in a few mixed greedy/random games."""
    found: dict[str, State] = {}
    n = game.num_players
    for seed in range(4):
        bots = [make_agent("greedy" if (seed + i) % 2 else "random", game, seed=seed * 7 + i) for i in range(n)]
        s = game.new_state(seed=seed)
        for _ in range(2500):
            if s.is_terminal():
                break
            phase = s.to_json()["phase"] if len(found) < len(RARE) else ""
            if phase in RARE and phase not in found:
                found[phase] = s.clone()
            p = s.to_move()[0]
            s.apply(p, bots[p].act(PlayerView(s, p)))
    return tuple(found[k] for k in sorted(found))


def starts(game: Game) -> tuple[State, ...]:
    return _starts(game)


EXAMPLES = (
    Scenario({"players": 2}, 11, 300, ("greedy", "greedy"), 1),
    Scenario({"players": 3, "step-order": "B", "bounce": "B", "catapult-repeat": "B", "code-of-laws-choice": "B",
              "steal-timing": "B", "mining": "B", "bank-trade": "B"}, 5, 300, ("greedy", "random", "greedy"), 2),
    Scenario({"players": 4, "adjacency": "B", "code-of-laws-choice": "C", "extra-draw-optional": "A",
              "status-tie": "B", "resource-carryover": "B", "deck-exhaustion": "B"}, 7, 300,
             ("random", "greedy", "greedy", "random"), 3),
)


class TestContract(ContractSuite):
    adapter = GameAdapter(GAME_ID, options=OPTIONS, end_options=END_OPTIONS, end_steps=6000,
                          bots=("greedy",), invariants=(everything_is_conserved, nothing_negative,
                                                        winners_follow_the_points),
                          starts=starts, max_steps=300, scale=0.4,
                          junk=("pop 0", "pop 99", "tech fire", "build library 0", "attack chariot 9",
                                "trade food for food", "discard dragon", "draw 99", "lose 0", "gain 99",
                                "block chariot", "writing 9", "laws -1", "siege maybe", "yield gold"),
                          examples=EXAMPLES)

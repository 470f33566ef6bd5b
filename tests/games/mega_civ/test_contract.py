"""Mega Civilization on the contract-test kit (``civtable.testing``).

Random games on the small map over every rule variant (5 to 7 players, strict or
simultaneous order), played at random or by the greedy bot, from new games, from
positions in the middle of rare steps (a growth choice, a revolt, a free card,
special abilities, a calamity with secondary victims, Advanced Military,
Provincial Empire) and from positions reached by greedy play deep in a game (cards,
trade, calamities, advances). The game's own invariants: every token, city, ship and
trade card conserved and nothing negative (in every preview of a simultaneous step
too), no unit on water, and a finished game won by the most victory points.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from hypothesis import strategies as st

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import InvalidStateError
from civtable.core.game import Game
from civtable.core.registry import game_class
from civtable.core.state import State
from civtable.games.mega_civ.state import MegaState
from civtable.testing import ContractSuite, GameAdapter
from civtable.testing.adapter import Scenario

from ._invariants import cards_are_conserved, pieces_are_conserved, the_most_points_win
from ._mc_helpers import ASSYRIA, HATTI, HELLAS, MINOA, game, run_from

GAME_CLS = game_class("mega-civ")
VARIANTS = tuple(s for s in GAME_CLS.option_specs if s.choices)


def options(last_turn: st.SearchStrategy[int]) -> st.SearchStrategy[dict[str, Any]]:
    """Every rule variant, 5 to 7 players, the small map, a short game."""
    return st.fixed_dictionaries({
        **{s.name: st.sampled_from(s.choices) for s in VARIANTS},
        "players": st.sampled_from((5, 5, 6, 7)),
        "map": st.just("small"),
        "last-turn": last_turn,
        "trade-max-cards": st.sampled_from((3, 4, 5)),
        "trade-rounds": st.integers(0, 2),
    })


OPTIONS = options(st.integers(2, 12))
END_OPTIONS = options(st.integers(1, 2))


# ------------------------------------------------------------ starting positions
RARE: tuple[Callable[[Game], MegaState], ...] = (
    # a growth choice (short stock), an optional revolt, the Wonder's free card
    lambda g: run_from(g, phase=2, players={HELLAS: {"tokens": {"kings_vale": 3, "ash_plains": 1}, "treasury": 50}}),
    lambda g: run_from(g, phase=1, city={"kings_vale": HELLAS},
                       players={HELLAS: {"treasury": 54}, HATTI: {"tokens": {"upper_river": 1}}}),
    lambda g: run_from(g, phase=6, city={"kings_vale": HELLAS},
                       players={HELLAS: {"tokens": {"kings_vale": 2}, "advances": ["wonder-of-the-world"],
                                         "treasury": 20}}),
    # special abilities: Trade Routes, Politics, Coinage; Provincial Empire
    lambda g: run_from(g, phase=10, city={"kings_vale": HELLAS},
                       players={HELLAS: {"tokens": {"kings_vale": 2}, "advances": ["trade-routes", "politics", "coinage"],
                                         "hand": ["wine", "ochre"]}}),
    lambda g: run_from(g, phase=10, players={HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["provincial-empire"]},
                                             HATTI: {"tokens": {"ash_plains": 1}, "hand": ["iron", "wine"]}}),
    # Famine: losses by token and by city, then secondary victims
    lambda g: run_from(g, phase=9, city={"kings_vale": HELLAS},
                       players={HELLAS: {"tokens": {"nw_hills": 1, "north_downs": 2}, "hand": ["famine"]},
                                MINOA: {"tokens": {"pearl_isle": 2}}, HATTI: {"tokens": {"high_moor": 2}},
                                ASSYRIA: {"tokens": {"twin_rivers": 2}}}),
    # Advanced Military in a conflict, with Naval Warfare ships and barbarians (issue 13)
    lambda g: run_from(g, phase=4, players={HELLAS: {"tokens": {"kings_vale": 3, "old_ford": 2},
                                                     "advances": ["advanced-military"]},
                                            HATTI: {"tokens": {"kings_vale": 4}}}),
)


@cache
def deep(options: tuple[tuple[str, Any], ...], seed: int) -> str | None:
    """A position reached by greedy play in turn 4 or later, in phases 6 to 12 (cards,
    trade, calamities, abilities, advances), as JSON; None if the game ended first."""
    g = game(**dict(options))
    s = g.new_state(seed=seed)
    bots = [make_agent("greedy", g, seed=seed + i) for i in range(g.num_players)]
    for _ in range(3000):
        if s.is_terminal():
            return None
        if s.turn >= 4 and 6 <= s.phase <= 12 and s.to_json()["step"] != "auto":
            return json.dumps(s.to_json())
        movers = s.to_move()
        p = movers[seed % len(movers)]
        s.apply(p, bots[p].act(PlayerView(s, p)))
    return None


def starts(g: Game) -> Sequence[State]:
    out: list[State] = []
    for build in RARE:
        try:
            out.append(build(g))
        except (InvalidStateError, AssertionError):
            continue  # a card of the West set in an East game, a seat the player count lacks
    for seed in (1, 2):
        found = deep(tuple(sorted(g.options.items())), seed)
        if found is not None:
            out.append(g.state_from_json(json.loads(found)))
    return out


EXAMPLE = {**{s.name: s.default for s in VARIANTS}, "players": 5, "map": "small", "last-turn": 3}


class TestContract(ContractSuite):
    adapter = GameAdapter(
        "mega-civ", options=OPTIONS, end_options=END_OPTIONS, end_steps=3000, bots=("greedy",),
        invariants=(pieces_are_conserved, cards_are_conserved, the_most_points_win), starts=starts,
        max_steps=200, scale=0.5,
        junk=("move kings_vale kings_vale", "city atlantis", "offer gold gold gold as gold", "sail 1 2 3",
              "buy alchemy", "pay 99999", "accept 99", "victim -1"),
        examples=(Scenario(EXAMPLE, 11, 200, ("greedy", "random", "greedy", "random", "greedy"), 7),))

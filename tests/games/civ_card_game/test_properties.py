"""Game-specific properties of Civilization: The Card Game over random games (the
contract checks every game keeps are the kit's, ``test_contract.py``): how the game
ends (CCG-1.1 game-end-timing, the turn cap) for every reading."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from civtable.testing import walk
from civtable.testing.adapter import Scenario

from . import test_contract
from .test_contract import game_options

ADAPTER = test_contract.TestContract.adapter
POLICIES = ("random", "greedy")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=game_options(st.integers(1, 40) | st.sampled_from((90, 150))),
    seed=st.integers(0, 2**64 - 1),
    policies=st.lists(st.sampled_from(POLICIES), min_size=4, max_size=4),
    choice_seed=st.integers(0, 2**32 - 1),
)
def test_ccg_1_1_the_game_ends_by_the_last_technology_or_the_turn_cap(
    options: dict[str, Any], seed: int, policies: list[str], choice_seed: int
) -> None:
    """CCG-1.1: the game ends when the last technology is bought: at once (A), at the
    end of that turn (B) or of the round (C, the dealer's turn); else at the turn cap."""
    n = options["players"]
    max_turns = options["max-turns"]
    timing = options["game-end-timing"]
    scn = Scenario(options, seed, (max_turns + 2) * 600, tuple(policies[:n]), choice_seed)
    s = None
    last_bought: tuple[int, int] | None = None  # (turn, player) when no technology was left
    for s in walk(ADAPTER, scn):
        if s.is_terminal():
            break
        data = s.to_json()
        assert data["turn"] <= max_turns
        if not data["tech_deck"] and not data["tech_display"]:
            assert timing != "A", "all technologies bought, the game goes on"
            if last_bought is None:
                last_bought = (data["turn"], data["current"])
            assert data["turn"] == last_bought[0] or timing == "C"
    assert s is not None and s.is_terminal(), f"not over after {scn.steps} steps ({s!r})"
    data = s.to_json()
    techs_left = len(data["tech_deck"]) + len(data["tech_display"])
    event("ended by the last technology" if techs_left == 0 else "ended at the turn cap")
    assert data["turn"] == max_turns or techs_left == 0, f"ended at turn {data['turn']} of {max_turns}"
    if last_bought is not None:
        turn, player = last_bought
        if timing == "B":
            assert (data["turn"], data["current"]) == (turn, player), "game-end-timing B: that turn ends the game"
        else:  # C: the end of the round, the dealer's turn (or the turn cap before it)
            assert data["turn"] - turn < n
            assert data["current"] == data["dealer"] or data["turn"] == max_turns

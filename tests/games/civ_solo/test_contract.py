"""civ-solo on the contract-test kit (``civtable.testing``): random sessions over every
rule variant, played at random or by the growth model with random rates, from new games
and from positions in the middle of the automa's rarer steps; plus the game's own
invariants (nothing negative, debts of the reading in force, cards conserved in a battle)."""

from __future__ import annotations

from functools import cache
from itertools import islice
from typing import Any

from hypothesis import strategies as st

from civtable.core.game import Game
from civtable.core.registry import game_class
from civtable.core.state import State
from civtable.games.civ_solo.state import SoloState
from civtable.testing import ContractSuite, GameAdapter
from civtable.testing.adapter import Scenario

from ._solo_helpers import bot_game

GAME_CLS = game_class("civ-solo")
VARIANTS = tuple(s for s in GAME_CLS.option_specs if s.choices and s.name not in ("players",))
OPTIONS = st.fixed_dictionaries({s.name: st.sampled_from(s.choices) for s in VARIANTS})
BOTS = ("model", "model:units=2&destroyers=0.5&cards=1&buy=1&fortified=5&hand=6&win=0",
        "model:units=0&hand=0&upgrade=0&win=0.5")
RARE_ASKS = ("play", "tie", "give", "destroy", "units", "hand", "cancel", "bonus", "limit", "fortified", "buy",
             "gained:culture", "gained:tokens", "gained:resources", "people", "buildings", "armies")


def negatives(data: Any, path: str = "") -> list[str]:
    """Every negative number in a position but the ledger's changes (a loss is negative)."""
    found: list[str] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k not in ("ledger", "rng"):
                found += negatives(v, f"{path}.{k}")
    elif isinstance(data, list):
        for i, v in enumerate(data):
            found += negatives(v, f"{path}[{i}]")
    elif isinstance(data, int) and not isinstance(data, bool) and data < 0:
        found.append(path)
    return found


def nothing_negative(state: State) -> None:
    data = state.to_json()
    bad = negatives(data)
    assert not bad, f"negative counts at {bad}"


def debts_follow_the_reading(state: State) -> None:
    """SOLO-4.1.5 debt-type: A debts by kind (no shared 'tokens' debt); B one shared debt."""
    assert isinstance(state, SoloState)
    if state.rules.debt_type == "A":
        assert state.debt["tokens"] == 0, state.debt
    else:
        assert all(v == 0 for k, v in state.debt.items() if k != "tokens"), state.debt


def battle_cards_are_conserved(state: State) -> None:
    """In a battle under way every card is in a hand or deck, on a front or lost: the
    player's as entered, the opponent's as drawn (SOLO-4.4.5)."""
    assert isinstance(state, SoloState)
    b, meta = state.battle, state.bmeta
    if b is None or meta is None:
        return
    on = b.fronts
    mine = len(b.player_hand) + sum(f.player is not None for f in on) + len(b.player_losses)
    theirs = len(b.opponent_deck) + sum(f.opponent is not None for f in on) + len(b.opponent_losses)
    assert mine == len(meta["hand"]), f"{mine} of the player's {len(meta['hand'])} battle cards are accounted for"
    assert theirs == min(meta["limit"], meta["pool"]), f"the opponent's deck of {meta['limit']} holds {theirs}"


def turns_and_results(state: State) -> None:
    """The counter stays on the track (SOLO-3.1), the pool grows by one die a turn
    (SOLO-3.2); a finished solo game is won or lost, never drawn, and its figures agree."""
    assert isinstance(state, SoloState)
    assert 0 <= state.turn_no <= state.final_turn + 1, state.turn_no
    assert 1 <= state.pool <= state.turn_no + 1, (state.pool, state.turn_no)
    assert (state.outcome is None) == (not state.is_terminal())
    if state.event is not None:
        assert state.event["turn"] == state.turn_no
    if state.is_terminal():
        assert state.returns() in ([1.0], [-1.0]) and state.winners() == ([0] if state.outcome == "won" else [])
        stats = state.game_stats()
        assert stats["survived"] == 1.0 - stats["lost_battle"]
        assert stats["won"] + stats["lost_battle"] + stats["lost_time"] == 1.0


@cache
def _starts(game: Game) -> tuple[State, ...]:
    """Positions in the middle of the rarer steps (a battle, a trade payment, a debt...),
    reached by the growth model on a few seeds."""
    found: dict[str, State] = {}
    for seed in range(6):
        for s in islice(bot_game(game, BOTS[seed % len(BOTS)], seed), 600):
            assert isinstance(s, SoloState)
            if s.ask in RARE_ASKS and s.ask not in found:
                found[s.ask] = s.clone()
        if len(found) >= 8:
            break
    return tuple(found[k] for k in sorted(found))


def starts(game: Game) -> tuple[State, ...]:
    return _starts(game)


EXAMPLES = (
    Scenario({}, 11, 200, ("model",), 1),
    Scenario({"dice": "table", "strongest-tie": "A", "debt-type": "B", "loss-choice": "B", "loss-none": "B"},
             5, 250, ("model",), 2),
)


class TestContract(ContractSuite):
    adapter = GameAdapter("civ-solo", options=OPTIONS, end_options=OPTIONS, end_steps=4000, bots=BOTS,
                          invariants=(nothing_negative, debts_follow_the_reading, battle_cards_are_conserved,
                                      turns_and_results),
                          starts=starts, max_steps=250, scale=1.0,
                          junk=("culture -1", "unit tank 1 1", "unit infantry 5 5", "give culture-event-card 1",
                                "gained culture -2", "die 7", "fortified maybe", "lose front 9", "buy castle",
                                "play infantry 9 new"),
                          examples=EXAMPLES)

"""The end: the last take scores, each hidden card adds its points, a paid bid is lost;
the higher score wins, equal scores draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalog import LAST_TAKE_POINTS, PLAYERS

if TYPE_CHECKING:
    from ..state import ToyNimState


def is_terminal(state: ToyNimState) -> bool:
    return state.pile == 0


def scores(state: ToyNimState) -> list[float]:
    return [state.cards[p] - state.paid[p] + (LAST_TAKE_POINTS if state.last == p else 0) for p in PLAYERS]


def winners(state: ToyNimState) -> list[int]:
    if not is_terminal(state):
        return []
    s = scores(state)
    return [] if s[0] == s[1] else [0 if s[0] > s[1] else 1]


def returns(state: ToyNimState) -> list[float]:
    w = winners(state)
    return [0.0, 0.0] if not w else [1.0 if p in w else -1.0 for p in PLAYERS]


def game_stats(state: ToyNimState) -> dict[str, float]:
    """The share of the points scored (cards and last take) that came from the last
    take, and, when someone won, the winning margin."""
    stats = {"last_take_share": LAST_TAKE_POINTS / (LAST_TAKE_POINTS + sum(state.cards))}
    s = scores(state)
    if s[0] != s[1]:
        stats["winning_margin"] = abs(s[0] - s[1])
    return stats

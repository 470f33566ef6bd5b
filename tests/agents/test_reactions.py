"""Search bots deciding a reaction during another player's turn (``tiny-react``):
the reacting player is the one ``to_move`` names while the turn is player 0's, and
his answer depends on his own hidden card, which he sees and the mover does not."""

from __future__ import annotations

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import load_game

from . import tinygames  # noqa: F401  (registers the tiny games)


@pytest.mark.parametrize("bot", ["mcts", "ismcts"])
@pytest.mark.parametrize("shield", [0, 1])
def test_the_reacting_player_answers_by_his_own_card(bot: str, shield: int) -> None:
    """With the shield, block (he wins); without it, allow (-0.5 beats -1)."""
    g = load_game("tiny-react")
    for seed in range(4):
        s = g.new_state(seed=seed)
        s.f = {**s.f, "shield": shield}
        s.apply(0, "attack")
        assert s.to_move() == (1,)  # player 1 decides in player 0's turn
        choice = make_agent(f"{bot}:iterations=80", g, seed=seed).act(PlayerView(s, 1)).text
        assert choice == ("block" if shield else "allow")
        s.apply(1, choice)
        assert s.to_move() == (0,)  # and the turn goes back to player 0
        s.apply(0, "end")
        assert s.is_terminal()


@pytest.mark.parametrize("bot", ["mcts", "ismcts"])
def test_the_mover_does_not_see_the_reactors_card(bot: str) -> None:
    """Player 0's decision is the same whatever player 1 holds (fair play): the two
    states differ only in the hidden card, so the same seed gives the same action."""
    g = load_game("tiny-react")
    picks = set()
    for shield in (0, 1):
        s = g.new_state(seed=3)
        s.f = {**s.f, "shield": shield}
        picks.add(make_agent(f"{bot}:iterations=60", g, seed=9).act(PlayerView(s, 0)).text)
    assert len(picks) == 1

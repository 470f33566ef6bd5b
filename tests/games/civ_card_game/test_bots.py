"""The bots of Civilization: The Card Game: they see only observations, the greedy
(heuristic) bot beats the random one, and games of 3 and 4 greedy bots finish."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import load_game
from civtable.core.rng import Rng, derive_seed
from civtable.testing.adapter import decisions

GAME_ID = "civ-card-game"


def play(g: Any, specs: tuple[str, ...], seed: int) -> Any:
    """A whole game of these bots; its last position."""
    agents = [make_agent(spec, g, seed=derive_seed(seed, i)) for i, spec in enumerate(specs)]
    walk = list(decisions(g, seed, agents, max_steps=10**6))
    last = walk[-1][1]  # the live state: after the last decision, the end
    assert last.is_terminal()
    return last


def sampled_states(g: Any, count: int) -> Iterator[Any]:
    """Positions of mixed greedy and random games at many points, in every phase.
    The live state is yielded (it changes after the caller's check)."""
    n = g.num_players
    for seed in range(count):
        specs = tuple("greedy" if (seed + i) % 2 else "random" for i in range(n))
        agents = [make_agent(spec, g, seed=seed * 10 + i) for i, spec in enumerate(specs)]
        for step, s, _, _ in decisions(g, seed, agents, max_steps=21 + Rng(seed).below(600)):
            if step % 11 == 1:
                yield s


# ------------------------------------------------------ observations only
@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3, "step-order": "B", "code-of-laws-choice": "C", "steal-timing": "B"},
        {"players": 4, "adjacency": "B", "bounce": "B", "catapult-repeat": "B", "extra-draw-optional": "B"},
    ],
    ids=["2p", "3p-variants", "4p-variants"],
)
def test_bots_decide_on_the_observation_alone(options: dict[str, Any]) -> None:
    """Same observation, different hidden cards (another determinization): the same
    action from a bot with the same seed."""
    g = load_game(GAME_ID, **options)
    differ = 0
    phases = set()
    k = 0
    for k, s in enumerate(sampled_states(g, 12), 1):
        p = s.to_move()[0]
        before = s.to_json()
        d = s.determinize(p, Rng(1000 + k))
        assert d.observation(p) == s.observation(p)
        assert d.legal_actions(p) == s.legal_actions(p)
        other = d.to_json()
        hidden = ("deck", "plot_deck", "tech_deck")
        if any(other[key] != before[key] for key in hidden) or other["players"] != before["players"]:
            differ += 1
        phases.add(before["phase"])
        for spec in ("greedy", "heuristic", "random"):
            true_choice = make_agent(spec, g, seed=3).act(PlayerView(s, p))
            other_choice = make_agent(spec, g, seed=3).act(PlayerView(d, p))
            assert true_choice == other_choice, f"{spec} looked at hidden cards in {s!r}"
            assert true_choice in s.legal_actions(p)
        assert s.to_json() == before, "a bot changed the true state"
    assert k > 100
    assert differ > k * 3 // 4, "the determinizations hardly differ: the test proves little"
    assert {"purchase", "discard", "defend", "collect"} <= phases


# -------------------------------------------------------------- strength
def test_greedy_beats_random_in_two_player_games() -> None:
    """CCG-1.2: the greedy bot has the most victory points against the random bot in
    at least 18 of 20 games (seats alternate, seeds fixed)."""
    g = load_game(GAME_ID, players=2)
    wins = 0
    results = []
    for seed in range(20):
        seat = seed % 2
        specs = ("greedy", "random") if seat == 0 else ("random", "greedy")
        s = play(g, specs, seed)
        assert s.is_terminal()
        results.append((seat, s.winners(), s.turn))
        if s.winners() == [seat]:
            wins += 1
            assert s.returns()[seat] == 1 and s.returns()[1 - seat] == -1
    assert wins >= 18, f"greedy won only {wins} of 20 games: {results}"


@pytest.mark.parametrize("players", [3, 4])
def test_games_of_greedy_bots_finish(players: int) -> None:
    g = load_game(GAME_ID, players=players)
    max_turns = g.options["max-turns"]
    for seed in range(3):
        s = play(g, ("greedy",) * players, seed)
        assert s.is_terminal() and s.to_move() == ()
        data = s.to_json()
        assert data["turn"] <= max_turns
        assert not data["tech_deck"] and not data["tech_display"], "greedy bots did not buy every technology"
        assert s.winners(), "no winner"
        vps = [s.vp(p) for p in range(players)]
        assert all(vps[w] == max(vps) for w in s.winners())
        returns = s.returns()
        assert len(returns) == players
        assert sorted(set(returns)) == ([-1.0, 1.0] if len(s.winners()) < players else [1.0])


def test_greedy_plays_the_same_game_with_the_same_seed() -> None:
    g = load_game(GAME_ID, players=3)
    a = play(g, ("greedy", "random", "greedy"), 11)
    b = play(g, ("greedy", "random", "greedy"), 11)
    assert a.to_json() == b.to_json()

"""The search bots' fast paths (issue 18) change nothing they decide.

``data/search_decisions.json`` holds the decisions of ``mcts`` and ``ismcts`` in
fixed positions of each game, recorded with the code before the fast paths
(commit e7e670f; for the card game with the one decision change its greedy bot got
on its own since, 0e13cb4's value of a building in hand, applied to that code; for
catan-deckbuilding again after issue 26 put its action table, the canonical order of
its legal actions, in the menus' order, which changes the random play that finds the
positions and the order in which a search tries moves): the
chosen action, the iterations done and the state of the bot's generators
afterwards, so that the same random numbers were drawn. Rebuild it only for a
change meant to alter the decisions (a game's bot or ``evaluate``):
``python tests/agents/test_search_speed.py`` prints it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.agents import mcts as mcts_module
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.testing.adapter import choice_positions

RECORD = Path(__file__).parent / "data" / "search_decisions.json"
CASES: dict[str, tuple[dict[str, Any], tuple[str, ...], int]] = {
    # game: (options, bot specs, positions)
    "catan-deckbuilding": ({}, ("mcts:iterations=30", "ismcts:iterations=30",
                                "mcts:iterations=30&rollout=random&depth=40"), 16),
    "civ-card-game": ({"players": 2}, ("mcts:iterations=30", "ismcts:iterations=30",
                                       "mcts:iterations=30&rollout=random&depth=40"), 12),
    "civ-solo": ({}, ("mcts:iterations=30",), 8),
}


def positions(game_id: str, count: int) -> list[tuple[State, int]]:
    """Mid-game positions with a choice, from seeded random play."""
    game = load_game(game_id, **CASES[game_id][0])
    return choice_positions(game, count, Rng(7), 10, 70)


def search_decisions(game_id: str) -> dict[str, list[list[Any]]]:
    options, specs, count = CASES[game_id]
    game = load_game(game_id, **options)
    cases = positions(game_id, count)
    out: dict[str, list[list[Any]]] = {}
    for spec in specs:
        rows: list[list[Any]] = []
        for k, (state, p) in enumerate(cases):
            bot = make_agent(spec, game, seed=k)
            text = bot.act(PlayerView(state, p)).text
            rollout = bot.rollout_agent  # type: ignore[attr-defined]
            rows.append([text, bot.last_iterations, bot.rng.state,  # type: ignore[attr-defined]
                         None if rollout is None else rollout.rng.state])
        out[spec] = rows
    return out


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_search_decides_as_before_the_fast_paths(game_id: str) -> None:
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))[game_id]
    got = search_decisions(game_id)
    for spec, rows in recorded.items():
        for k, (old, new) in enumerate(zip(rows, got[spec], strict=True)):
            assert new == old, f"{game_id} {spec} position {k}: recorded {old}, now {new}"


def test_a_view_shares_the_legal_actions_it_is_given() -> None:
    game = load_game("catan-deckbuilding")
    state = game.new_state(seed=3)
    p = state.to_move()[0]
    legal = state.legal_actions(p)
    view = PlayerView(state, p, legal)
    assert view.legal_actions is legal
    assert [a.text for a in PlayerView(state, p).legal_actions] == [a.text for a in legal]


class CountingView(PlayerView):
    """A ``PlayerView`` that counts how many are built, and how many were handed
    their legal actions."""

    built = 0
    given = 0

    def __init__(self, state: State, player: int, legal: list[Any] | None = None) -> None:
        CountingView.built += 1
        CountingView.given += legal is not None
        super().__init__(state, player, legal)


def test_random_rollouts_build_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """A random rollout asks the state for its legal actions and builds no
    ``PlayerView``; a bot's rollout builds one per step with a choice, handing it the
    legal actions already built (so that they are not built twice)."""
    monkeypatch.setattr(mcts_module, "PlayerView", CountingView)
    game = load_game("catan-deckbuilding")
    state, p = positions("catan-deckbuilding", 1)[0]
    CountingView.built = CountingView.given = 0
    make_agent("mcts:iterations=20&rollout=random&depth=30", game, seed=1).act(PlayerView(state, p))
    assert CountingView.built == 0

    make_agent("mcts:iterations=20&depth=30", game, seed=1).act(PlayerView(state, p))
    assert CountingView.built > 20
    assert CountingView.given == CountingView.built


def dump(record: dict[str, dict[str, list[list[Any]]]]) -> str:
    """The record as JSON with one decision a line."""
    games = []
    for game_id, specs in record.items():
        blocks = [f"  {json.dumps(spec)}: [\n" + ",\n".join(f"   {json.dumps(row)}" for row in rows) + "\n  ]"
                  for spec, rows in specs.items()]
        games.append(f" {json.dumps(game_id)}: {{\n" + ",\n".join(blocks) + "\n }")
    return "{\n" + ",\n".join(games) + "\n}\n"


if __name__ == "__main__":
    sys.stdout.write(dump({g: search_decisions(g) for g in CASES}))

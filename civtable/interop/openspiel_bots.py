"""civtable's bots in OpenSpiel, and OpenSpiel's search on civtable's games.

- ``CivtableBot``: any civtable bot (``"greedy"``, ``"ismcts:iterations=200"``...) as a
  ``pyspiel.Bot``, for ``evaluate_bots`` and OpenSpiel's tournaments. It is shown what
  a civtable seat is shown (``PlayerView``: its observation, its legal actions and
  samples of its information set), never the whole state OpenSpiel hands it.
- ``CivtableEvaluator``: an evaluator for OpenSpiel's MCTS and ISMCTS from civtable's
  heuristic (``State.evaluate``), instead of random rollouts to the end of games of
  hundreds of moves.
- ``ismcts_bot``: OpenSpiel's (Python) ISMCTS with that evaluator, ready for
  ``evaluate_bots`` (OpenSpiel's Python ``ISMCTSBot`` has no ``restart_at``, which
  ``evaluate_bots`` calls).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type stubs
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from civtable.agents.base import PlayerView
from civtable.agents.registry import make_agent

from .openspiel import CivtableGame, CivtableState


class CivtableBot(pyspiel.Bot):  # type: ignore[misc]
    """The civtable bot ``spec`` playing seat ``player_id`` of ``game`` (a game loaded
    through ``civtable.interop.openspiel``). Its samples come from its own generator
    (seeded with ``seed``); it reads no events (OpenSpiel's states keep none)."""

    def __init__(self, game: CivtableGame, player_id: int, spec: str = "greedy", seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._player = player_id
        self._space = game.space
        self.agent = make_agent(spec, game.civtable_game, seed)

    def player_id(self) -> int:
        return self._player

    def restart_at(self, state: CivtableState) -> None:
        pass

    def inform_action(self, state: CivtableState, player_id: int, action: int) -> None:
        pass

    def inform_actions(self, state: CivtableState, actions: list[int]) -> None:
        pass

    def provides_policy(self) -> bool:
        return False

    def step(self, state: CivtableState) -> int:
        view = PlayerView(state.civtable_state, self._player)
        return self._space.index(self.agent.act(view))


class CivtableEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """A position's value for OpenSpiel's MCTS and ISMCTS: its returns when it is over,
    else civtable's heuristic ``evaluate(p)`` in [-1, 1] for every player; uniform priors.
    ISMCTS evaluates its samples, so the heuristic sees only what a sample holds."""

    def evaluate(self, state: CivtableState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        s = state.civtable_state
        return np.array([s.evaluate(p) for p in range(s.num_players)])

    def prior(self, state: CivtableState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class _ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS with the ``restart_at`` that ``evaluate_bots`` calls."""

    def restart_at(self, state: Any) -> None:
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


def ismcts_bot(game: CivtableGame, simulations: int = 100, seed: int = 0, uct_c: float = 2.0) -> pyspiel.Bot:
    """OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``) with
    ``CivtableEvaluator``: ``simulations`` samples of the information set per decision,
    each played down its tree with UCT (``uct_c``) and valued by civtable's heuristic."""
    return _ISMCTSBot(game, CivtableEvaluator(), uct_c, simulations, random_state=np.random.RandomState(seed))

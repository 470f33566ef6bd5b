"""The bots of Civilization: The Card Game, by the names ``Game.bots`` gives them:

- ``greedy`` (alias ``heuristic``): ``heuristic.HeuristicBot``, victory points per
  resource spent, reading the seat's cheap view (``view.SeatView``);
- ``rules:FILE``: ``strategy.RulesBot``, the greedy bot following a strategy file
  (YAML or JSON, ``strategies/`` of the game);

and ``evaluate``, the fitted evaluation of a position the search bots use
(``CcgState.evaluate``).
"""

from __future__ import annotations

from civtable.agents.base import Agent, AgentFactory, check_params
from civtable.core.game import Game

from .heuristic import HeuristicBot


def _heuristic(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("greedy", params, set())
    return HeuristicBot(seed, game.cards)  # type: ignore[attr-defined]


def _rules(game: Game, seed: int, params: dict[str, str]) -> Agent:
    from .strategy import make_rules_bot  # the strategy files' bot (strategy.py, which reads YAML)

    return make_rules_bot(game, seed, params)


FACTORIES: dict[str, AgentFactory] = {"greedy": _heuristic, "heuristic": _heuristic, "rules": _rules}

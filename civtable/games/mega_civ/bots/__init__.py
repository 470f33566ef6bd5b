"""The bots of Mega Civilization (``MegaCiv.bots``): the planning bot (``strategic.py``)
with its built-in strategy or a strategy file (``strategy.py``), and the earlier
heuristic bot (``simple.py``)."""

from __future__ import annotations

from civtable.agents.base import Agent, AgentFactory, check_params
from civtable.core.errors import AgentError
from civtable.core.game import Game

from .simple import HeuristicBot


def _simple(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("simple", params, set())
    rules = game.rules  # type: ignore[attr-defined]
    return HeuristicBot(seed, rules.board, rules.tables.numbers["city_on_site"], rules.catalog)


def _strategic(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("strategic", params, set())
    from .strategic import StrategicBot
    from .strategy import load_strategy

    return StrategicBot(seed, game.rules, load_strategy("strategic"))  # type: ignore[attr-defined]


def _rules(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("rules", params, {"", "file"})
    path = params.get("file") or params.get("")
    if not path:
        raise AgentError("bot 'rules' needs a strategy file: rules:FILE.yaml")
    from .strategic import StrategicBot
    from .strategy import load_strategy

    return StrategicBot(seed, game.rules, load_strategy(path))  # type: ignore[attr-defined]


FACTORIES: dict[str, AgentFactory] = {"greedy": _strategic, "strategic": _strategic, "heuristic": _strategic,
                                      "rules": _rules, "simple": _simple}
"""``greedy`` (the default opponent), ``strategic`` and ``heuristic`` are the planning bot
(``strategic.py``) with its built-in strategy; ``rules:FILE`` the same bot with the
strategy of FILE (``strategy.py``); ``simple`` the earlier greedy bot (kept to compare)."""

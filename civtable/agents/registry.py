"""Bots by name: the generic ones here, plus each game's own (``Game.bots()``)."""

from __future__ import annotations

from civtable.core.errors import AgentError
from civtable.core.game import Game

from .base import Agent, AgentFactory, check_params, parse_spec
from .external import make_external
from .ismcts import make_ismcts
from .mcts import make_mcts
from .random_agent import RandomAgent


def _random(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("random", params, set())
    return RandomAgent(seed)


GENERIC: dict[str, AgentFactory] = {"random": _random, "mcts": make_mcts, "ismcts": make_ismcts,
                                    "cmd": make_external}


def _factories(game: Game) -> dict[str, AgentFactory]:
    found = dict(GENERIC)
    found.update(game.bots())
    return found


def agent_names(game: Game) -> list[str]:
    """The bot names usable in ``game`` (``human`` is added by the command line)."""
    return sorted(_factories(game))


def make_agent(spec: str, game: Game, seed: int = 0) -> Agent:
    """A bot from its command-line spec, e.g. ``"greedy"`` or ``"rules:my.yaml"``."""
    name, params = parse_spec(spec)
    factory = _factories(game).get(name)
    if factory is None:
        known = ", ".join(agent_names(game))
        raise AgentError(f"unknown bot {name!r} for {game.id}; known bots: {known}")
    agent = factory(game, seed, params)
    agent.name = spec
    return agent

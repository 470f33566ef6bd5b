"""Bots by name: the generic ones here, plus each game's own (``Game.bots()``).

The search bots (``mcts``, ``ismcts`` and their portfolio search) build other bots by
name, their rollout bots and strategies: they get this registry as an argument
(``BOTS``, a ``base.Bots``) and never import it, and the registry imports them only
when one is built, so that imports run one way (registry -> search -> base)."""

from __future__ import annotations

from civtable.core.errors import AgentError
from civtable.core.game import Game

from .base import Agent, AgentFactory, Bots, check_params, parse_spec
from .external import make_external
from .random_agent import RandomAgent
from .strategy_files import with_line


def _random(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("random", params, set())
    return RandomAgent(seed)


def _mcts(game: Game, seed: int, params: dict[str, str]) -> Agent:
    from .mcts import make_mcts

    return make_mcts(game, seed, params, BOTS)


def _ismcts(game: Game, seed: int, params: dict[str, str]) -> Agent:
    from .ismcts import make_ismcts

    return make_ismcts(game, seed, params, BOTS)


def _llm(game: Game, seed: int, params: dict[str, str]) -> Agent:
    from .llm import make_llm

    return make_llm(game, seed, params, BOTS)


GENERIC: dict[str, AgentFactory] = {"random": _random, "mcts": _mcts, "ismcts": _ismcts,
                                    "cmd": make_external, "llm": _llm}


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
    try:
        agent = factory(game, seed, params)
    except AgentError as e:  # a strategy file's error: the line it points at (strategy_files.with_line)
        if not any(params.values()):
            raise
        raise AgentError(with_line(str(e))) from None
    agent.name = spec
    return agent


BOTS = Bots(names=agent_names, make=make_agent)
"""This registry as the search bots see it."""

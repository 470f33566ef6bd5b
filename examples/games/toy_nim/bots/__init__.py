"""The game's own bots by name (``Game.bots``); the generic ones (``random``, ``mcts``,
``ismcts``...) are added by ``civtable.agents``."""

from __future__ import annotations

from collections.abc import Mapping

from civtable.agents.base import AgentFactory

from .greedy import TakeMost

BOTS: Mapping[str, AgentFactory] = {
    "greedy": lambda game, seed, params: TakeMost(seed),
}

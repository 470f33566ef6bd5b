"""Game-independent bots and the bot registry."""

from .base import Agent, PlayerView, parse_spec, split_players
from .registry import agent_names, make_agent

__all__ = ["Agent", "PlayerView", "agent_names", "make_agent", "parse_spec", "split_players"]

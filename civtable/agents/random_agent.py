"""The uniformly random bot, the baseline of every ladder."""

from __future__ import annotations

from civtable.core.action import Action

from .base import Agent, PlayerView


class RandomAgent(Agent):
    name = "random"

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        return legal[self.rng.below(len(legal))]

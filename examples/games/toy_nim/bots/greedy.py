"""The ``greedy`` bot: always takes (or bids) as many as it may."""

from __future__ import annotations

from civtable.agents.base import Agent, PlayerView
from civtable.core.action import Action


class TakeMost(Agent):
    name = "greedy"

    def act(self, view: PlayerView) -> Action:
        return view.legal_actions[-1]

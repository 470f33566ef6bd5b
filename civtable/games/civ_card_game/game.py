"""Civilization: The Card Game as a civtable game."""

from __future__ import annotations

from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.game import Game

from .cards import load_cards
from .options import OPTIONS
from .rules import Rules
from .state import CcgState


class CivCardGame(Game):
    """Civilization: The Card Game (Firaxis, 2006), for 2 to 4 players."""

    id = "civ-card-game"
    name = "Civilization: The Card Game"
    min_players = 2
    max_players = 4
    option_specs = OPTIONS
    search_defaults = {"turns": "2", "depth": "0"}
    """Rollouts to the start of the bot's own turn after next (the opponents' turns
    played), where ``evaluate``'s weights were fitted: a fixed number of steps ends
    mid-turn, at points where resources held and about to be spent look alike."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cards = load_cards(self.options["cards"] or None)
        self.rules = Rules(self.options, self.cards)

    def new_state(self, seed: int | None = None) -> CcgState:
        return CcgState.initial(self, self.rules, 0 if seed is None else seed)

    def state_from_json(self, data: dict[str, Any]) -> CcgState:
        from .serialize import state_from_json

        return state_from_json(self, data)

    def agents(self) -> dict[str, AgentFactory]:
        from .bots import FACTORIES

        return dict(FACTORIES)

    def render_observation(self, obs: dict[str, Any], player: int) -> str:
        from .render import render

        return render(obs, player, self.rules)

"""Catan Deck Building as a civtable game."""

from __future__ import annotations

from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.game import Game

from .cards import load_cards
from .options import OPTIONS
from .serialize import state_from_json
from .state import CatanState, Rules


class CatanDeckBuilding(Game):
    """Siedler von Catan: Deck Building, for exactly two players (CDB-1.1)."""

    id = "catan-deckbuilding"
    name = "Catan Deck Building"
    min_players = 2
    max_players = 2
    option_specs = OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cards = load_cards(self.options["cards"] or None)
        self.rules = Rules(self.options, self.cards)

    def new_state(self, seed: int | None = None) -> CatanState:
        return CatanState.initial(self, self.rules, 0 if seed is None else seed)

    def state_from_json(self, data: dict[str, Any]) -> CatanState:
        return state_from_json(self, self.rules, data)

    def agents(self) -> dict[str, AgentFactory]:
        from .bots import FACTORIES

        return dict(FACTORIES)

    def render_observation(self, obs: dict[str, Any], player: int) -> str:
        from .render import render

        return render(obs, player)

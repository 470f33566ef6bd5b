"""Civilization: The Card Game as a civtable game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.info import GameInfo
from civtable.core.reader import Reader
from civtable.core.reference import Table

from .cards import load_cards
from .options import OPTIONS
from .rules import Rules
from .state import CcgState


class CivCardGame(Game):
    """Civilization: The Card Game (Firaxis, 2006), for 2 to 4 players."""

    info = GameInfo(
        id="civ-card-game", name="Civilization: The Card Game", min_players=2, max_players=4, default_players=2,
        simultaneous=False, reactions=True, hidden_information=True, chance=True,
        rules="civ_card_game.md", rule_prefix="CCG", language="en", players_rule="CCG-4.9",
        summary="Civilization: The Card Game: grow population, buildings and wonders; attack and steal")
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

    def read_state(self, reader: Reader) -> CcgState:
        from .serialize import state_from_json

        return state_from_json(self, reader.data)

    def bots(self) -> Mapping[str, AgentFactory]:
        from .bots import FACTORIES

        return FACTORIES

    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        from .render import render

        return render(obs, viewer, self.rules)

    def reference(self) -> Sequence[Table]:
        rows = tuple((c.name, c.id, c.kind) for c in self.cards.cards) if hasattr(self.cards, "cards") else ()
        return (Table("Cards", ("Card", "Id", "Kind"), rows, "the project's provisional card set"),)

"""Mega Civilization as a civtable game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.info import GameInfo
from civtable.core.reader import Reader
from civtable.core.reference import Table

from .board import load_board
from .options import OPTIONS, Rules
from .state import MegaState
from .tables import load_tables


class MegaCiv(Game):
    """Mega Civilization: the map, population, cities, trade cards, trade, calamities,
    Civilization Advances, the AST and the score."""

    info = GameInfo(
        id="mega-civ", name="Mega Civilization", min_players=5, max_players=18, default_players=5,
        simultaneous=True, reactions=True, hidden_information=True, chance=True,
        rules="mega_civilization.md", rule_prefix="MC", language="el", players_rule="MC-12.4",
        summary="Mega Civilization: 5-18 civilizations on a map race along the AST with cities, trade and advances")
    option_specs = OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        board = load_board(self.options["map"])
        self.rules = Rules(self.options, board, load_tables(), self.num_players)

    def new_state(self, seed: int | None = None) -> MegaState:
        return MegaState.initial(self, 0 if seed is None else seed)

    def read_state(self, reader: Reader) -> MegaState:
        from .serialize import read_state

        return read_state(self, reader)

    def bots(self) -> Mapping[str, AgentFactory]:
        from .bots import FACTORIES

        return FACTORIES

    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        from .render import render

        return render(obs, viewer)

    def reference(self) -> Sequence[Table]:
        cat = self.rules.catalog
        rows = tuple((a.name, str(a.cost)) for a in cat.advances)
        return (Table("Civilization advances", ("Advance", "Cost"), rows),)

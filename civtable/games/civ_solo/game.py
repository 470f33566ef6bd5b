"""The solo automa as a civtable game: one seat, the person (or a growth model)
answering the companion's questions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.commands import Command
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.info import GameInfo
from civtable.core.reader import Reader
from civtable.core.reference import Table

from .options import OPTIONS
from .state import SoloState
from .tables import load_tables


class CivSolo(Game):
    """Solo rules v0.4 (SOLO-1 to SOLO-8) for Civilization: The Board Game (FFG 2010)."""

    info = GameInfo(
        id="civ-solo", name="Civilization: The Board Game, solo automa v0.4", min_players=1, max_players=1,
        default_players=1, simultaneous=False, reactions=False, hidden_information=True, chance=True,
        rules="civ_boardgame_solo.md", rule_prefix="SOLO", language="cs", players_rule="SOLO-1.1",
        command_group="solo",
        summary="the solo automa for Sid Meier's Civilization: The Board Game, as a companion or a simulator")
    option_specs = OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.tables = load_tables(self.options["tables"])

    def new_state(self, seed: int | None = None) -> SoloState:
        return SoloState.initial(self, 0 if seed is None else seed)

    def read_state(self, reader: Reader) -> SoloState:
        from .serialize import state_from_json

        return state_from_json(self, reader.data)

    def bots(self) -> Mapping[str, AgentFactory]:
        from .bots import FACTORIES

        return FACTORIES

    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        from .render import render

        return render(obs)

    def reference(self) -> Sequence[Table]:
        return ()

    @classmethod
    def commands(cls) -> Sequence[Command]:
        from .commands import COMMANDS

        return COMMANDS

    def interpret(self, obs: dict[str, Any], line: str) -> str | None:
        from .moves import interpret

        roll = obs.get("roll")
        return interpret(obs.get("ask"), roll["purpose"] if roll else None, line) or None

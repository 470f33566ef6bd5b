"""Civilization: The Card Game as a civtable game: its info, options, messages and the
hooks of the contract, each delegating to the module that does the work."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.reader import Reader
from civtable.core.reference import Table

from . import render
from .catalog import load_cards
from .messages import MESSAGES
from .options import DECLARED, OPTIONS, Rules
from .rules.setup import initial
from .state import CcgState
from .words import Names


class CivCardGame(Game):
    """Civilization: The Card Game (Firaxis, 2006), for 2 to 4 players."""

    info = DECLARED.info
    option_specs = OPTIONS
    messages = MESSAGES
    search_defaults = {"turns": "2", "depth": "0"}
    """Rollouts to the start of the bot's own turn after next (the opponents' turns
    played), where ``evaluate``'s weights were fitted: a fixed number of steps ends
    mid-turn, at points where resources held and about to be spent look alike."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cards = load_cards(self.options["cards"] or None)
        self.rules = Rules(self.options, self.cards)
        self.names = Names(self.cards)

    def new_state(self, seed: int | None = None) -> CcgState:
        return initial(self, 0 if seed is None else seed)

    def read_state(self, reader: Reader) -> CcgState:
        from .serialize import read_state

        return read_state(self, reader)

    def bots(self) -> Mapping[str, AgentFactory]:
        from .bots import FACTORIES

        return FACTORIES

    # ------------------------------------------------------------ showing the game
    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return render.screen(obs, viewer, self.names)

    def reference(self) -> Sequence[Table]:
        from .reference import tables

        return tables(self.cards)

    def term(self, kind: str, value: Any) -> str:
        return self.names.term(kind, value)

    def action_label(self, action: Any, obs: dict[str, Any]) -> str:
        return render.label(action.text, obs, self.names)

    def action_path(self, action: Any, obs: dict[str, Any]) -> tuple[str, ...]:
        return render.path(action.text, obs, self.names)

    def html(self, obs: dict[str, Any], viewer: Viewer) -> str:
        from .web import html

        return html(obs, viewer, self.names)

    def action_target(self, action: Any, obs: dict[str, Any]) -> str | None:
        from .web import action_target

        return action_target(action.text, obs)

    def help(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return render.help_text(obs, viewer, self.names)

    def interpret(self, obs: dict[str, Any], line: str) -> str | None:
        return self.names.interpret(line)

"""The solo automa as a civtable game: one seat, the person (or a growth model)
answering the companion's questions."""

from __future__ import annotations

from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.action import Action
from civtable.core.game import Game

from .options import OPTIONS
from .state import SoloState
from .tables import load_tables


class CivSolo(Game):
    """Solo rules v0.4 (SOLO-1 to SOLO-8) for Civilization: The Board Game (FFG 2010)."""

    id = "civ-solo"
    name = "Civilization: The Board Game, solo automa v0.4"
    min_players = 1
    max_players = 1
    option_specs = OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.tables = load_tables(self.options["tables"])

    def new_state(self, seed: int | None = None) -> SoloState:
        return SoloState.initial(self, 0 if seed is None else seed)

    def state_from_json(self, data: dict[str, Any]) -> SoloState:
        from .serialize import state_from_json

        return state_from_json(self, data)

    def agents(self) -> dict[str, AgentFactory]:
        from .bots import FACTORIES

        return dict(FACTORIES)

    def render_observation(self, obs: dict[str, Any], player: int) -> str:
        from .render import render

        return render(obs)

    # hooks of the terminal player (civtable.agents.human): a companion's questions
    # are answered with numbers, and a wrong answer is explained, not just refused
    def interpret_input(self, obs: dict[str, Any], line: str) -> str:
        from .moves import interpret

        roll = obs.get("roll")
        return interpret(obs.get("ask"), roll["purpose"] if roll else None, line)

    def explain_action(self, obs: dict[str, Any], text: str) -> str | None:
        from .moves import explain
        from .serialize import state_from_observation

        try:
            state = state_from_observation(self, obs)
        except Exception:  # an explanation is a courtesy; the generic message remains
            return None
        return explain(state, text)

    def describe_actions(self, obs: dict[str, Any], legal: list[Action]) -> list[str] | None:
        from .render import describe_actions

        return describe_actions(obs, legal)

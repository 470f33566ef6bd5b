"""The solo automa as a civtable game: one seat, the person (or a growth model)
answering the companion's questions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from civtable.agents.base import AgentFactory
from civtable.core.action import Action
from civtable.core.commands import Command
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.reader import Reader
from civtable.core.reference import Table
from civtable.core.rng import Rng
from civtable.core.state import State

from . import rules as model
from .bots.growth import FACTORIES
from .catalog import load_tables
from .messages import MESSAGES
from .options import DECLARED, OPTIONS, Rules
from .serialize import read_state as read_position
from .serialize import state_to_json
from .show import render as screen
from .show import web
from .show.confirm import action_warning
from .show.explain import explain
from .show.questions import question
from .show.reference import reference
from .show.words import term
from .state import SoloState
from .view import determinize, observation

if TYPE_CHECKING:
    import numpy as np

    from civtable.core.spaces import ActionSpace, Encoding

    from .encode import SoloEncoder


class CivSolo(Game):
    """Solo rules v0.4 (SOLO-1 to SOLO-8) for Civilization: The Board Game (FFG 2010):
    the info, options and tables as data, the hooks delegating to the modules."""

    info, option_specs, messages = DECLARED.info, OPTIONS, MESSAGES

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.tables = load_tables(self.options["tables"])  # SOLO-8.1, SOLO-8.2 (option tables)
        self.rules = Rules(self.options)
        self.model = model
        """The forward model (``rules/``): ``legal``, ``apply`` and ``start``."""
        self._space: ActionSpace | None = None
        self._encoder: SoloEncoder | None = None

    def new_state(self, seed: int | None = None) -> SoloState:
        return self.model.start(self, 0 if seed is None else seed)

    def read_state(self, reader: Reader) -> SoloState:
        return read_position(self, reader)

    def bots(self) -> Mapping[str, AgentFactory]:
        return FACTORIES

    # ------------------------------------------------------------ the state's views (SoloState delegates here)
    def observe(self, state: SoloState, viewer: Viewer) -> dict[str, Any]:
        """``SoloState.observation`` (``view.py``)."""
        return observation(state, viewer)

    def determinize_state(self, state: SoloState, viewer: Viewer, rng: Rng) -> SoloState:
        """``SoloState.determinize`` (``view.py``)."""
        return determinize(state, viewer, rng)

    def state_json(self, state: SoloState) -> dict[str, Any]:
        """``SoloState.to_json`` (``serialize.py``)."""
        return state_to_json(state)

    def question(self, state: SoloState) -> str:
        """``SoloState.question``: the waiting question in words (``show/questions.py``)."""
        return question(state)

    def explain_refusal(self, state: SoloState, player: int, text: str) -> str:
        """``SoloState.explain``: why ``text`` is not a legal answer (``show/explain.py``)."""
        return explain(state, player, text)

    # ------------------------------------------------------------ showing the game
    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return screen.render(obs, viewer)

    def reference(self) -> Sequence[Table]:
        return reference(self.tables)

    def term(self, kind: str, value: Any) -> str:
        return term(self.tables, kind, value)

    def action_label(self, action: Action, obs: dict[str, Any]) -> str:
        return screen.action_label(self.tables, action, obs)

    def action_path(self, action: Action, obs: dict[str, Any]) -> tuple[str, ...]:
        return screen.action_path(self.tables, action, obs)

    def html(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return web.html(self.tables, obs, viewer)

    def action_target(self, action: Action, obs: dict[str, Any]) -> str | None:
        return web.action_target(self.tables, action, obs)

    def move_mark(self, action: Action, actor: int, obs: dict[str, Any]) -> str | None:
        return web.move_mark(action, obs)

    def action_warning(self, action: Action, obs: dict[str, Any]) -> str | None:
        return action_warning(self.tables, action, obs)

    def help(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return screen.help_text(obs, viewer)

    def interpret(self, obs: dict[str, Any], line: str) -> str | None:
        return screen.interpret(obs, line)

    # ------------------------------------------------------------ learning agents
    def action_space(self) -> ActionSpace:
        """Every answer that can be legal under these options and tables (``space.py``)."""
        if self._space is None:
            from .space import build_space

            self._space = build_space(self)
        return self._space

    def _encoder_(self) -> SoloEncoder:
        if self._encoder is None:
            from .encode import SoloEncoder

            self._encoder = SoloEncoder(self)
        return self._encoder

    def encoding(self) -> Encoding:
        return self._encoder_().encoding

    def encode(self, obs: dict[str, Any], viewer: int) -> np.ndarray:
        """The observation as numbers (``encode.py``); the game has one seat."""
        return self._encoder_().encode(obs)

    # ------------------------------------------------------------ designers
    def value_items(self) -> Sequence[str]:
        from .items import value_items

        return value_items()

    def give_item(self, state: State, item: str, seat: int | None) -> None:
        from .items import give_item

        give_item(state, item, seat)

    @classmethod
    def commands(cls) -> Sequence[Command]:
        from .show.commands import COMMANDS

        return COMMANDS

"""The facade the registry loads (``"<package>.game:ToyNim"``): what the game is (its
info and options, declared in ``data/game.json``, and its messages), its states, and
everything a front end asks of it. It imports every room; nothing imports it at run
time. It keeps the forward model (``model``: the ``rules`` package), which the state
calls for what happens, and the state reaches its view, serialization and items through
the small methods at the end, on the game it holds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.reader import Reader
from civtable.core.reference import Table
from civtable.core.rng import Rng
from civtable.core.spaces import ActionSpace, Encoding
from civtable.core.state import State

from . import rules
from .bots import BOTS
from .encode import ENCODING
from .encode import encode as encode_observation
from .items import ITEMS, give, holdings
from .messages import MESSAGES
from .options import INFO, OPTION_SPECS
from .serialize import read_state as read_position
from .serialize import to_json
from .show.reference import tables
from .show.render import render as render_screen
from .space import action_space as all_actions
from .state import ToyNimState
from .view import determinize, observation


class ToyNim(Game):
    info = INFO
    messages = MESSAGES
    option_specs = OPTION_SPECS
    model = rules
    """The forward model: the rules the state calls (``rules/__init__.py``)."""

    def new_state(self, seed: int | None = None) -> ToyNimState:
        s = ToyNimState(self)
        self.model.start(s, seed)
        return s

    def read_state(self, reader: Reader) -> ToyNimState:
        return read_position(self, reader)

    def bots(self) -> Mapping[str, AgentFactory]:
        return BOTS

    # ------------------------------------------------------------ showing it
    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return render_screen(obs, viewer)

    def reference(self) -> Sequence[Table]:
        return tables()

    # ------------------------------------------------------------ learning agents
    def action_space(self) -> ActionSpace:
        if not hasattr(self, "_space"):
            self._space = all_actions()
        return self._space

    def encoding(self) -> Encoding:
        return ENCODING

    def encode(self, obs: dict[str, Any], viewer: int) -> Any:
        return encode_observation(obs, viewer)

    # ------------------------------------------------------------ designers
    def value_items(self) -> Sequence[str]:
        return ITEMS

    def give_item(self, state: State, item: str, seat: int | None) -> None:
        assert isinstance(state, ToyNimState)
        give(state, item, seat)

    # ------------------------------------------------------------ for the state
    def observe(self, state: ToyNimState, viewer: Viewer) -> dict[str, Any]:
        return observation(state, viewer)

    def determinize_state(self, state: ToyNimState, viewer: Viewer, rng: Rng) -> ToyNimState:
        return determinize(state, viewer, rng)

    def state_json(self, state: ToyNimState) -> dict[str, Any]:
        return to_json(state)

    def holdings_of(self, state: ToyNimState) -> dict[str, list[int]]:
        return holdings(state)

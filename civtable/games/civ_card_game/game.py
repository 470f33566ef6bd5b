"""Civilization: The Card Game as a civtable game: its info, options, messages and the
hooks of the contract, each delegating to the module that does the work. The state's
cold methods (observation, seat view, determinization, JSON, reasons of refusals, the
evaluation) come here too (``observe``, ``seat_view``, ``determinized``, ``state_json``,
``explain_refusal``, ``evaluate``), so that ``state.py`` imports only the data; its
``legal_actions`` and ``apply`` call the forward model, the ``rules`` package, which
the game keeps as ``model``: imports flow one way, data -> state -> rules ->
view/serialize -> bots -> show -> game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from civtable.agents.base import AgentFactory
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.reader import Reader
from civtable.core.reference import Table
from civtable.core.rng import Rng

from . import rules as model
from . import view
from .bots import FACTORIES
from .bots.evaluate import evaluate
from .catalog import load_cards
from .messages import MESSAGES
from .options import DECLARED, OPTIONS, Rules
from .serialize import read_state, state_to_json
from .show import render
from .show.explain import explain
from .show.words import Names
from .state import CcgState

if TYPE_CHECKING:
    import numpy as np

    from civtable.core.spaces import ActionSpace, Encoding
    from civtable.core.state import State

    from .space import Encoder


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
        self.model = model
        """The forward model (``rules/``): ``legal``, ``apply`` and ``start``."""
        self.names = Names(self.cards)
        self._space: ActionSpace | None = None
        self._encoder: Encoder | None = None

    def new_state(self, seed: int | None = None) -> CcgState:  # type: ignore[override]
        return self.model.start(self, 0 if seed is None else seed)

    def read_state(self, reader: Reader) -> CcgState:  # type: ignore[override]
        return read_state(self, reader)

    def bots(self) -> Mapping[str, AgentFactory]:
        return FACTORIES

    # ------------------------------------------------------------ the state's cold methods
    def observe(self, state: CcgState, viewer: Viewer) -> dict[str, Any]:
        """``CcgState.observation``: what ``viewer`` sees (``view.observation``)."""
        return view.observation(state, viewer)

    def seat_view(self, state: CcgState, player: int) -> view.SeatView:
        """``CcgState.seat_view``: the bots' cheap view of what ``player`` sees (``view.SeatView``)."""
        return view.SeatView(state, player)

    def determinized(self, state: CcgState, viewer: Viewer, rng: Rng) -> CcgState:
        """``CcgState.determinize``: what ``viewer`` cannot see dealt anew (``view.determinize``)."""
        return view.determinize(state, viewer, rng)

    def state_json(self, state: CcgState) -> dict[str, Any]:
        """``CcgState.to_json`` (``serialize.state_to_json``)."""
        return state_to_json(state)

    def explain_refusal(self, state: CcgState, player: int, text: str) -> str:
        """``CcgState.explain``: why ``text`` is not legal for ``player`` now (``show.explain``)."""
        return explain(state, player, text)

    def evaluate(self, state: CcgState, player: int) -> float:
        """``CcgState.evaluate``: the fitted win chance as ``2 P - 1`` (``bots/evaluate.py``)."""
        return evaluate(state, player)

    # ------------------------------------------------------------ showing the game
    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return render.screen(obs, viewer, self.names)

    def reference(self) -> Sequence[Table]:
        from .show.reference import tables

        return tables(self.cards)

    def term(self, kind: str, value: Any) -> str:
        return self.names.term(kind, value)

    def action_label(self, action: Any, obs: dict[str, Any]) -> str:
        return render.label(action.text, obs, self.names)

    def action_path(self, action: Any, obs: dict[str, Any]) -> tuple[str, ...]:
        return render.path(action.text, obs, self.names)

    def html(self, obs: dict[str, Any], viewer: Viewer) -> str:
        from .show.web import html

        return html(obs, viewer, self.names)

    def action_target(self, action: Any, obs: dict[str, Any]) -> str | None:
        from .show.web import action_target

        return action_target(action.text, obs)

    def action_warning(self, action: Any, obs: dict[str, Any]) -> str | None:
        """Resources left at the end of the purchases, an attack taken that could be
        blocked, a wonder discarded, Astronomy's card left (``show/moves.py``)."""
        from .show.moves import action_warning

        return action_warning(action, obs, self.rules, self.names)

    def move_mark(self, action: Any, actor: int, obs: dict[str, Any]) -> str | None:
        """The plot, plots, technologies, resource, player, attacker or discard pile a move
        changed (``show/moves.py``)."""
        from .show.moves import move_mark

        return move_mark(action, actor, obs, self.names)

    def help(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return render.help_text(obs, viewer, self.names)

    def interpret(self, obs: dict[str, Any], line: str) -> str | None:
        """Display names as ids ("build City Walls 2"); a thing named alone as the move a
        click on it makes ("writing" buys Writing, "food" is a yield: ``words.bare``)."""
        from .show.words import bare

        return bare(obs, line, self.names) or self.names.interpret(line)

    # ------------------------------------------------------------ learning agents
    def action_space(self) -> ActionSpace:
        """Every action text of these options and player count (``space.py``), built once."""
        if self._space is None:
            from .space import build_space

            self._space = build_space(self)
        return self._space

    def _encoding(self) -> Encoder:
        if self._encoder is None:
            from .space import Encoder

            self._encoder = Encoder(self)
        return self._encoder

    def encoding(self) -> Encoding:
        return self._encoding().encoding

    def encode(self, obs: dict[str, Any], viewer: int) -> np.ndarray:
        return self._encoding().encode(obs, viewer)

    def encode_state(self, state: State, viewer: int) -> np.ndarray:
        """``encode(state.observation(viewer), viewer)`` read from the state's lists
        (``Encoder.encode_state``, compiled)."""
        return self._encoding().encode_state(state, viewer)  # type: ignore[arg-type]

    # ------------------------------------------------------------ designers
    def value_items(self) -> Sequence[str]:
        """The technologies and the wonders (``items.py``), as ``CcgState.holdings`` names them."""
        from .items import value_items

        return value_items(self)

    def give_item(self, state: State, item: str, seat: int | None) -> None:
        from .items import give

        give(self, state, item, seat)  # type: ignore[arg-type]

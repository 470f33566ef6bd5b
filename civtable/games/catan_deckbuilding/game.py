"""Catan Deck Building as a civtable game: its info, options and messages, and the
hooks of the contract, each delegating to the module that does the work. The state's
own contract methods that need what a player knows, positions or words
(``observation``, ``seat_view``, ``determinize``, ``to_json``, ``explain``) come here
too (``observe`` ...): ``state.py`` imports none of ``view``, ``serialize``, ``show``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from civtable.agents.base import AgentFactory
from civtable.core.action import Action
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.reader import Reader
from civtable.core.reference import Table
from civtable.core.rng import Rng
from civtable.core.spaces import ActionSpace, Encoding

from . import items, serialize, view
from .actions import ACTIONS, BY_TEXT
from .catalog import load_cards
from .encode import Encoder
from .messages import MESSAGES
from .options import DECLARED, OPTIONS, Rules
from .rules import MODEL, ForwardModel, Numbering
from .show import moves, reference, render, web, words
from .show.explain import explain
from .space import build_space
from .state import CatanState

if TYPE_CHECKING:
    import numpy as np

    from civtable.core.state import State


class CatanDeckBuilding(Game):
    """Siedler von Catan: Deck Building, for exactly two players (CDB-1.1)."""

    info = DECLARED.info
    option_specs = OPTIONS
    messages = MESSAGES

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cards = load_cards(self.options["cards"] or None)
        self.rules = Rules(self.options, self.cards)
        self.model: ForwardModel = MODEL
        """The forward model (``rules/``): what happens; every state keeps it too."""
        self.variants = tuple(f"{s.name}={self.options[s.name]}" for s in self.option_specs
                              if s.variant and self.options[s.name] != s.default)
        self._space: ActionSpace | None = None
        self._encoder: Encoder | None = None
        self._numbering: Numbering | None = None

    # ------------------------------------------------------------ states
    def new_state(self, seed: int | None = None) -> CatanState:
        return CatanState.initial(self, self.rules, 0 if seed is None else seed)

    def read_state(self, reader: Reader) -> CatanState:
        return serialize.read_state(self, self.rules, reader)

    def bots(self) -> Mapping[str, AgentFactory]:
        from .bots.learned import FACTORIES as LEARNED
        from .bots.planner import FACTORIES

        return {**FACTORIES, **LEARNED}

    # ------------------------------------------------------------ the state's contract, delegated
    def observe(self, state: CatanState, viewer: Any) -> dict[str, Any]:
        """``CatanState.observation`` (``view.observation``)."""
        return view.observation(state, viewer)

    seat_view = staticmethod(view.SeatView)
    """``CatanState.seat_view``: ``view.SeatView(state, player)``, the class itself (no
    call in between: a bot asks for it at every decision)."""

    def determinize(self, state: CatanState, player: Any, rng: Rng) -> CatanState:
        """``CatanState.determinize`` (``view.determinize``)."""
        return view.determinize(state, player, rng)

    def state_json(self, state: CatanState) -> dict[str, Any]:
        """``CatanState.to_json`` (``serialize.state_to_json``)."""
        return serialize.state_to_json(state)

    def explain_refusal(self, state: CatanState, player: Any, text: Any) -> str:
        """``CatanState.explain`` (``show/explain.py``)."""
        return explain(state, player, text)

    # ------------------------------------------------------------ showing the game
    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return render.render(obs, viewer, self.rules, self.variants)

    def reference(self) -> Sequence[Table]:
        return reference.reference(self.cards)

    def term(self, kind: str, value: Any) -> str:
        return words.term(kind, value, self.rules)

    def action_label(self, action: Action, obs: dict[str, Any]) -> str:
        return render.action_label(action, obs, self.rules)

    def action_path(self, action: Action, obs: dict[str, Any]) -> tuple[str, ...]:
        return render.action_path(action, obs, self.rules)

    def html(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return web.html(obs, viewer, self.rules, self.variants)

    def action_target(self, action: Action, obs: dict[str, Any]) -> str | None:
        return web.action_target(action, obs)

    def action_warning(self, action: Action, obs: dict[str, Any]) -> str | None:
        """Unspent resources or nothing played at the turn's end, a City out of the hand,
        a Settlement or City laid down without effect (``show/moves.py``)."""
        return moves.action_warning(action, obs, self.rules)

    def move_mark(self, action: Action, actor: int, obs: dict[str, Any]) -> str | None:
        """The supply stack, laid-down card, discard pile or attack a move changed (``show/moves.py``)."""
        return moves.move_mark(action, actor, obs)

    def help(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return render.help_text(obs, viewer, self.rules)

    def interpret(self, obs: dict[str, Any], line: str) -> str | None:
        return words.interpret(obs, line, self.cards)

    # ------------------------------------------------------------ learning agents
    def action_space(self) -> ActionSpace:
        """Every action text that can be legal under these options (``space.py``)."""
        if self._space is None:
            self._space = build_space(self.rules)
        return self._space

    def numbered_actions(self) -> Sequence[Action]:
        """The action object of every number of ``action_space`` (the environments' step)."""
        return [BY_TEXT[t] for t in self.action_space().texts]

    @property
    def legal_mask(self) -> Callable[[State, int], bytes]:
        """The environments' mask of a seat's legal actions, ``bytes`` by number
        (``rules.Numbering``, compiled): ``(state, seat) -> bytes``."""
        if self._numbering is None:
            space = self.action_space()
            number = [space.texts.index(a.text) if a.text in space else -1 for a in ACTIONS]
            self._numbering = Numbering(number, space.size)
        return self._numbering.mask  # type: ignore[return-value]  # a CatanState is a State

    def encoding(self) -> Encoding:
        """The observation vector's layout (``encode.py``)."""
        return self._encoder_of().encoding

    def encode(self, obs: dict[str, Any], viewer: int) -> np.ndarray:
        return self._encoder_of().encode(obs, viewer)

    def encode_state(self, state: State, viewer: int) -> np.ndarray:
        return self._encoder_of().encode_state(state, viewer)  # type: ignore[arg-type]

    def encode_states(self, states: Sequence[State], viewers: Sequence[int]) -> np.ndarray:
        return self._encoder_of().encode_states(states, viewers)  # type: ignore[arg-type]

    def _encoder_of(self) -> Encoder:
        if self._encoder is None:
            self._encoder = Encoder(self.rules)
            # the environments call the compiled method itself, with no call in between
            self.encode_state = self._encoder.encode_state  # type: ignore[method-assign,assignment]
        return self._encoder

    # ------------------------------------------------------------ designers
    def value_items(self) -> Sequence[str]:
        """The supply cards (``items.py``)."""
        return items.ITEMS

    def give_item(self, state: State, item: str, seat: int | None) -> None:
        """A supply card onto ``seat``'s discard pile, or its stack out of the game (``items.py``)."""
        items.give_item(state, item, seat)  # type: ignore[arg-type]

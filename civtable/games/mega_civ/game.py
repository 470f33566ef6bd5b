"""Mega Civilization as a civtable game: its info, options, messages and the hooks of
the contract. It keeps the forward model (the ``rules`` package) as ``model``, which
the state calls for its legal actions, its moves and its victory points: imports flow
one way, data -> state -> rules -> view/serialize -> bots -> show -> game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.action import Action
from civtable.core.errors import OptionError
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.reader import Reader
from civtable.core.reference import Table
from civtable.core.rng import Rng
from civtable.core.spaces import ActionSpace, Encoding
from civtable.core.state import State
from civtable.i18n import ENGLISH, Translator

from . import rules as model
from . import serialize, view
from .bots import evaluate
from .messages import MESSAGES
from .options import DECLARED, OPTIONS, Rules
from .rules.board import load_board
from .rules.tables import load_tables
from .show import explain
from .show.words import Words
from .state import MegaState


class MegaCiv(Game):
    """Mega Civilization: the map, population, cities, trade cards, trade, calamities,
    Civilization Advances, the AST and the score."""

    info = DECLARED.info
    option_specs = OPTIONS
    messages = MESSAGES
    menu_by_first_word = True
    """Menus open by the area first, then what to do there (issue 27), in the terminal and the page."""
    search_defaults = {"portfolio": "greedy+rules:aggressive+rules:peaceful+rules:advances+rules:lean",
                       "iterations": "6", "turns": "2", "compare": "buy"}
    """``ismcts`` and ``mcts`` compare whole turns of these strategies (``agents/portfolio.py``,
    issue 17): a turn is a hundred token moves, too many to compare one by one; the
    purchases of advances (MC-12, a dozen choices) are compared action by action;
    ``portfolio=none`` gives the search over single actions."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        board = load_board(self.options["map"])
        self.rules = Rules(self.options, board, load_tables(), self.num_players)
        self.model = model
        """The forward model (``rules/``): ``legal``, ``apply``, ``start``, ``vp`` and the rest."""

    # ------------------------------------------------------------ positions
    def new_state(self, seed: int | None = None) -> MegaState:
        """MC-0.1: a new game (the civilizations set up, the stacks shuffled)."""
        return self.model.start(self, 0 if seed is None else seed)

    def read_state(self, reader: Reader) -> MegaState:
        """A saved position, every field checked (``serialize.py``)."""
        return serialize.read_state(self, reader)

    # ------------------------------------------------------------ what a state asks of its game
    # (``MegaState`` reaches the modules that import it through its game object)
    def observe(self, state: MegaState, viewer: Viewer) -> dict[str, Any]:
        """``state.observation(viewer)`` (``view.py``)."""
        return view.observation(state, viewer)

    def sample(self, state: MegaState, viewer: Viewer, rng: Rng) -> MegaState:
        """``state.determinize(viewer, rng)`` (``view.py``)."""
        return view.determinize(state, viewer, rng)

    def state_json(self, state: MegaState) -> dict[str, Any]:
        """``state.to_json()`` (``serialize.py``)."""
        return serialize.state_to_json(state)

    def explain_refusal(self, state: MegaState, player: int, text: str) -> str:
        """``state.explain(player, text)``: why the action is not legal (``show/explain.py``)."""
        return explain.explain(state, player, text)

    def explain_step(self, state: MegaState, player: int, text: str) -> str:
        """Why ``text`` is not one of the decider's actions in ``state``, where he decides
        (``show/explain.py``)."""
        return explain.explain_step(state, player, text)

    def evaluate_state(self, state: MegaState, player: int) -> float:
        """``state.evaluate(player)`` (``bots/evaluate.py``)."""
        return evaluate.evaluate(state, player)

    # ------------------------------------------------------------ showing the game
    @cached_property
    def words(self) -> Words:
        """Display names and actions in words (``show/words.py``)."""
        return Words(self.rules)

    def term(self, kind: str, value: Any) -> str:
        return self.words.term(kind, value)

    def public_text(self, action: Action, actor: int, viewer: Viewer) -> str:
        """A trade offer's hidden cards and a card given are not told to the others."""
        return view.public_text(action.text)

    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        from .show.render import Screen

        return Screen(self, obs, viewer).render()

    def action_label(self, action: Action, obs: dict[str, Any]) -> str:
        from .show.render import label

        return label(self, action, obs)

    def action_path(self, action: Action, obs: dict[str, Any]) -> tuple[str, ...]:
        from .show.render import path

        return path(self, action, obs)

    def html(self, obs: dict[str, Any], viewer: Viewer) -> str:
        """The map as a zoomable SVG and the panels beside it (``show/web.py``)."""
        from .show.web import Page

        return Page(self, obs, viewer).html()

    def action_target(self, action: Action, obs: dict[str, Any]) -> str | None:
        """The area, card, stack, advance, player or counter-offer an action acts on."""
        from .show.web import action_target

        return action_target(action, obs)

    def action_then(self, action: Action, obs: dict[str, Any]) -> str | None:
        """The area a move, a ship or a Diaspora goes to (``show/web.py``)."""
        from .show.web import action_then

        return action_then(action, obs)

    def action_repeat(self, action: Action, obs: dict[str, Any]) -> int:
        """How many tokens ``move A B`` may move one after the other (``show/web.py``)."""
        from .show.web import action_repeat

        return action_repeat(self, action, obs)

    def action_warning(self, action: Action, obs: dict[str, Any]) -> str | None:
        """Tokens left above the limit, a city not built, a refused payment, cards over the
        hand limit while an advance is affordable (``show/confirm.py``)."""
        from .show.confirm import action_warning

        return action_warning(self, action, obs)

    def move_mark(self, action: Action, actor: int, obs: dict[str, Any]) -> str | None:
        """The area, advance, stack or player row another player's move changed (``show/confirm.py``)."""
        from .show.confirm import move_mark

        return move_mark(action, actor, obs)

    def seat_labels(self, tr: Translator = ENGLISH) -> tuple[str, ...]:
        """MC-0.4: the civilization each seat plays, as the player count, the side and the map give them."""
        return tuple(self.words.civ(c, tr) for c in self.rules.civilizations)

    def help(self, obs: dict[str, Any], viewer: Viewer) -> str:
        from .show.render import help_text

        return help_text(self, obs, viewer)

    def interpret(self, obs: dict[str, Any], line: str) -> str | None:
        """Display names typed with spaces ("grow Kings Vale", "buy Drama and Poetry") as ids."""
        return self.words.to_ids(line)

    def bots(self) -> Mapping[str, AgentFactory]:
        """The game's own bots (``bots/``): greedy, also known as heuristic."""
        from .bots import FACTORIES

        return FACTORIES

    def reference(self) -> Sequence[Table]:
        from .show.reference import reference_tables

        return reference_tables(self)

    # ------------------------------------------------------------ learning agents
    def action_space(self) -> ActionSpace:
        """Every action text of this map, player count and rule variants (``space.py``),
        built once per game object."""
        space: ActionSpace | None = self.__dict__.get("_space")
        if space is None:
            from .space import build_space

            space = self.__dict__["_space"] = build_space(self.rules, self.num_players)
        return space

    @cached_property
    def _encoder(self) -> Any:
        from .encode import Encoder

        return Encoder(self.rules, self.num_players)

    def encoding(self) -> Encoding:
        """The observation vector's features (``encode.py``)."""
        encoding: Encoding = self._encoder.encoding
        return encoding

    def encode(self, obs: dict[str, Any], viewer: int) -> Any:
        """``observation(viewer)`` as a float32 vector, the viewer's things first (``encode.py``)."""
        return self._encoder.encode(obs, viewer)

    @cached_property
    def _state_encoder(self) -> Any:
        from .encode import StateEncoder

        return StateEncoder(self._encoder)

    def encode_state(self, state: State, viewer: int) -> Any:
        """``encode(state.observation(viewer), viewer)`` read straight from the state's lists
        (``encode.py``): the same numbers, without building the observation."""
        return self._state_encoder.encode(state, viewer)

    # ------------------------------------------------------------ designers
    def value_items(self) -> Sequence[str]:
        """The Civilization Advances by name, as ``MegaState.holdings`` names them (``items.py``)."""
        from .items import value_items

        return value_items(self.rules)

    def give_item(self, state: State, item: str, seat: int | None) -> None:
        """``seat`` starts owning the advance ``item`` unpaid, or (None) nobody can ever own it (``items.py``)."""
        from .items import give_item

        if not isinstance(state, MegaState) or state.game is not self:
            raise OptionError("give_item needs a state of this Mega Civilization game object")
        give_item(self, state, item, seat)

"""Games: what every game provides to the front ends (the contract), its rule
variants (options) and the factory of states.

A game subclasses ``Game``, declares its ``info`` (``GameInfo``), its
``option_specs`` (the named rule variants; the ``players`` option is added here
from ``info``) and its ``messages`` (event templates), and implements the abstract
methods. Front ends (the terminal, the server, the RL environments, the bot
protocol) use only what is declared here; nothing is found with ``getattr``.
Everything shown to a viewer is built from that viewer's observation, its events
and public action texts: the methods below that take an observation cannot leak
what the observation does not hold.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from civtable.i18n import ENGLISH, Translator, message

from .action import Action, normalize
from .errors import IllegalActionError, InvalidStateError, OptionError
from .events import Event, Viewer
from .info import GameInfo
from .messages import CORE_MESSAGES, N_, render_event
from .reader import Reader, shown

if TYPE_CHECKING:
    import numpy as np

    from civtable.agents.base import AgentFactory

    from .commands import Command
    from .reference import Table
    from .spaces import ActionSpace, Encoding
    from .state import State


def option_key(name: str) -> str:
    """Options are spelled with hyphens; Python keywords may use underscores."""
    return name.replace("_", "-").lower()


@dataclass(frozen=True)
class OptionSpec:
    """A named rule variant or setting of a game.

    ``choices`` lists the allowed values (the readings A, B, ... of an ambiguity);
    when it is empty the value is text if ``default`` is text, else an integer
    between ``minimum`` and ``maximum`` (``None`` allowed only when ``default`` is).
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    rule: str = ""
    readings: dict[str, str] = field(default_factory=dict)
    file: bool = False
    """The value may name a file (a card or map file): records and positions may only
    name the game's own data sets in it (``core.records.check_file_options``)."""
    offered: tuple[Any, ...] = ()
    """The values the lobby offers for an option that takes more than a list of choices (a
    file option's own data sets, a number such as the last turn): such an option chooses
    the table (the map, the length), shown before the rule variants."""

    def parse(self, value: Any) -> Any:
        """Check a value (as given in Python or typed on the command line)."""
        if value is None or (isinstance(value, str) and value.lower() in ("none", "random")):
            if self.default is None:
                return None
            raise OptionError(f"option {self.name!r} needs a value")
        if self.choices:
            for c in self.choices:
                if str(c).lower() == str(value).lower():
                    return c
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {shown(value)}")
        if isinstance(self.default, str):
            return str(value)
        try:
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValueError
            if isinstance(value, str) and len(value) > 20:
                raise ValueError
            number = int(value)
        except (TypeError, ValueError):
            raise OptionError(f"option {self.name!r} must be an integer, not {shown(value)}") from None
        if self.minimum is not None and number < self.minimum:
            raise OptionError(f"option {self.name!r} must be at least {self.minimum}, not {number}")
        if self.maximum is not None and number > self.maximum:
            raise OptionError(f"option {self.name!r} must be at most {self.maximum}, not {number}")
        return number

    @property
    def variant(self) -> bool:
        """A rule variant with named readings (A, B, ...), as opposed to a setting."""
        return bool(self.choices) and all(isinstance(c, str) for c in self.choices) and len(self.choices) > 1


def players_spec(info: GameInfo) -> OptionSpec:
    """The ``players`` option every game has, from its declared player counts."""
    if info.min_players == info.max_players:
        text = message(N_("number of players (the game is for exactly {n})"), n=info.min_players)
    else:
        text = message(N_("number of players ({range})"), range=info.player_range)
    return OptionSpec("players", info.default_players, text, minimum=info.min_players,
                      maximum=info.max_players, rule=info.players_rule)


class Game(ABC):
    """A game with its options fixed: the factory of states and everything a front
    end needs to show it.

    Class attributes a game declares: ``info``, ``option_specs`` (without
    ``players``), ``messages`` and optionally ``search_defaults``. ``id``, ``name``,
    ``min_players`` and ``max_players`` are copied from ``info``.
    """

    info: ClassVar[GameInfo]
    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    messages: ClassVar[Mapping[str, str]] = {}
    """Event message templates by id (see ``core.messages``); ``CORE_MESSAGES`` are added."""
    search_defaults: ClassVar[dict[str, str]] = {}
    """Spec parameters of the search bots (``mcts``, ``ismcts``) that this game sets by
    default, e.g. ``{"turns": "2"}`` where a fixed number of rollout steps cuts turns
    at incomparable points; a bot's own spec overrides them."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is None:
            return
        cls.id, cls.name = info.id, info.name
        cls.min_players, cls.max_players = info.min_players, info.max_players
        own = tuple(s for s in cls.option_specs if s.name != "players")
        cls.option_specs = (players_spec(info), *own)
        cls.messages = {**CORE_MESSAGES, **cls.__dict__.get("messages", {})}

    def __init__(self, **options: Any) -> None:
        specs = {s.name: s for s in self.option_specs}
        values: dict[str, Any] = {s.name: s.default for s in self.option_specs}
        for raw, value in options.items():
            key = option_key(raw)
            if key not in specs:
                valid = ", ".join(sorted(specs)) or "none"
                raise OptionError(f"unknown option {shown(raw)} for {self.id}; valid options: {valid}")
            values[key] = specs[key].parse(value)
        self.options: dict[str, Any] = values
        self.num_players: int = values["players"]

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.spec(k).default}
        return f"load_game({self.id!r}{''.join(f', {k}={v!r}' for k, v in changed.items())})"

    @classmethod
    def spec(cls, name: str) -> OptionSpec:
        for s in cls.option_specs:
            if s.name == name:
                return s
        raise OptionError(f"unknown option {shown(name)} for {cls.id}")

    # ------------------------------------------------------------ states
    @abstractmethod
    def new_state(self, seed: int | None = None) -> State:
        """The initial state; chance is drawn from a generator seeded with ``seed``."""

    def state_from_json(self, data: Any) -> State:
        """Rebuild a state from ``State.to_json()``. Which game and options the position
        was saved with is checked first; bad data raises ``InvalidStateError`` naming
        the field."""
        reader = Reader(data)
        game_id = data.get("game", self.id)  # hand-built positions may leave it out
        if game_id != self.id:
            if isinstance(game_id, str) and game_id:
                raise InvalidStateError(f"this is a position of {shown(game_id)}, not of {self.id}")
            raise InvalidStateError(f"position field 'game' must be {self.id!r}, not {shown(game_id)}")
        saved = data.get("options")
        if saved is not None:
            reader.obj(saved, "options")
            for k, v in saved.items():
                if k in self.options and self.options[k] != v:
                    raise InvalidStateError(
                        f"the position was saved with option {k}={shown(v)} but the game has "
                        f"{k}={self.options[k]!r}")
        return self.read_state(reader)

    @abstractmethod
    def read_state(self, reader: Reader) -> State:
        """The game's part of ``state_from_json``: every field checked with ``reader``."""

    # ------------------------------------------------------------ bots
    @abstractmethod
    def bots(self) -> Mapping[str, AgentFactory]:
        """The game's own bots by name (the generic ones are added by ``civtable.agents``)."""

    # ------------------------------------------------------------ showing a game
    @abstractmethod
    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        """The terminal screen of an observation (what ``viewer`` sees), plain text."""

    @abstractmethod
    def reference(self) -> Sequence[Table]:
        """The card and rules reference (``civtable cards GAME``)."""

    def term(self, kind: str, value: Any) -> str:
        """The display name of a game thing in messages: ``term("card", "koff")`` ->
        "Knight (Offensive)". ``kind`` is a message field's spec (``{card:card}``).
        A translated game returns it ``Localized`` (``civtable.i18n``), so that
        ``term_in`` and ``render_event`` give it in the reader's language."""
        return str(value)

    def term_in(self, tr: Translator, kind: str, value: Any) -> str:
        """``term`` in ``tr``'s language."""
        return str(tr.localize(self.term(kind, value)))

    def render_event(self, event: Event, viewer: Viewer, names: Sequence[str] | None = None,
                     tr: Translator = ENGLISH) -> str:
        """One event as a sentence for ``viewer`` in ``tr``'s language (seat names
        default to "player N"): a replay reads in any language, and two players of
        one game each read their own."""
        return render_event(event, self.messages, self.term, viewer, names, tr)

    def public_text(self, action: Action, actor: int, viewer: Viewer) -> str:
        """What ``viewer`` is told of ``actor``'s action: its text, or for an action
        with a hidden part (a face-down card in a trade offer) the text without it."""
        return action.text

    def action_label(self, action: Action, obs: dict[str, Any]) -> str:
        """An action in words for a menu ("buy City (1 Ore, 1 Grain, 1 Settlement)")."""
        return action.text

    menu_by_first_word: bool = False
    """Whether the terminal's and the page's menus open by the first word of the actions'
    paths even when the whole list is short (Mega Civ: first the area, then what to do
    there). Default: a short list is shown whole."""

    def action_path(self, action: Action, obs: dict[str, Any]) -> tuple[str, ...]:
        """Where an action sits in a long menu, from the first choice to the last
        ("Thebes", "move 1 token to Athens"): a terminal or a browser shows the first
        level, then the actions under the chosen entry. Default: a flat menu."""
        return (self.action_label(action, obs),)

    def html(self, obs: dict[str, Any], viewer: Viewer) -> str:
        """The game drawn for a web page (an HTML fragment, from the observation only).
        Things a viewer can act on carry ``data-target="..."`` (``action_target``), so
        that a click offers the legal actions on them. Default: the terminal screen."""
        from html import escape

        return f'<pre class="screen">{escape(self.render(obs, viewer))}</pre>'

    def action_target(self, action: Action, obs: dict[str, Any]) -> str | None:
        """The thing an action acts on in ``html`` (``"hand:ore"``, ``"area:thebes"``),
        or ``None`` for an action that is offered in the page's action bar."""
        return None

    def action_then(self, action: Action, obs: dict[str, Any]) -> str | None:
        """The second thing an action acts on in ``html``, after its ``action_target``: a
        move's destination (``"area:athens"`` for a move from ``"area:thebes"``), or
        ``None``. A page lets the player click the target, then this (or drag from one
        to the other); the actions on the same two things are offered together. Default:
        none (one click, or the menu)."""
        return None

    def action_repeat(self, action: Action, obs: dict[str, Any]) -> int:
        """How many times in a row ``action`` may be played from here, each time legal
        (one token moved at a time from an area holding several), so that a page can ask
        "how many?" once and play it that often. It reads the viewer's observation only.
        Default: 1 (no question)."""
        return 1

    def move_mark(self, action: Action, actor: int, obs: dict[str, Any]) -> str | None:
        """What ``actor``'s move changed on the shared board, as a ``data-target`` of
        ``html`` that means the same thing to every viewer (a supply stack, a map area:
        never "my hand"), so that the other players' pages highlight it; ``obs`` is the
        spectator's observation before the move. Only asked for a move everybody was told
        in full. Default: nothing to highlight."""
        return None

    def seat_labels(self, tr: Translator = ENGLISH) -> Sequence[str] | None:
        """What each seat plays in this game object (its options, its player count), for the
        lobby (Mega Civ: the civilizations the player count brings); None: nothing to say."""
        return None

    def action_warning(self, action: Action, obs: dict[str, Any]) -> str | None:
        """Why ``action`` deserves a second thought before it is played (it loses pieces, or
        ends the player's turn with something still to do), in one sentence, or ``None``.
        The terminal and the browser ask for a confirmation when there is one. It reads
        the viewer's observation only. Default: nothing to confirm."""
        return None

    def help(self, obs: dict[str, Any], viewer: Viewer) -> str:
        """What the decision in front of ``viewer`` is about and how to write its
        actions; shown by the terminal's ``help``."""
        return ""

    def interpret(self, obs: dict[str, Any], line: str) -> str | None:
        """A person's shorthand as an action text (a bare number answering "how
        many?"), or ``None`` when the line is to be read as it is."""
        return None

    # ------------------------------------------------------------ learning agents
    def action_space(self) -> ActionSpace:
        """Every action text that can be legal in this game (its options and player
        count), in a fixed order: action ``i`` of a learning agent is
        ``action_space().text(i)``. Built once per game object."""
        raise NotImplementedError(f"{self.id} declares no action space")

    def encoding(self) -> Encoding:
        """The layout of ``encode``'s vector, feature by feature."""
        raise NotImplementedError(f"{self.id} declares no observation encoding")

    def encode(self, obs: dict[str, Any], viewer: int) -> np.ndarray:
        """``observation(viewer)`` as the fixed-size ``float32`` vector of ``encoding()``,
        seen from ``viewer`` (its own things first), built from ``obs`` alone."""
        raise NotImplementedError(f"{self.id} declares no observation encoding")

    def encode_state(self, state: State, viewer: int) -> np.ndarray:
        """``encode(state.observation(viewer), viewer)``: what the environments call at every
        step. A game may read the vector straight from the state's own lists instead of
        building the observation first; it must give the very same numbers (the
        contract-test kit compares the two on random positions, so the fast way can neither
        diverge nor show what the observation hides)."""
        return self.encode(state.observation(viewer), viewer)

    def encode_states(self, states: Sequence[State], viewers: Sequence[int]) -> np.ndarray:
        """``encode_state`` of many positions, one row each (``(len(states), size)``,
        ``float32``): the vector environment's batch. A game may encode them together."""
        import numpy as np

        out = np.empty((len(states), self.encoding().size), dtype=np.float32)
        for i, (state, viewer) in enumerate(zip(states, viewers, strict=True)):
            out[i] = self.encode_state(state, viewer)
        return out

    legal_mask: Callable[[State, int], bytes] | None = None
    """The environments' fast path, optional: ``legal_mask(state, seat)`` is the seat's mask
    as ``bytes`` (1 at each legal number of ``action_space``), made by the game's own
    rules, with ``numbered_actions`` the action object of every number; ``None``: the
    environments make the mask from ``legal_actions`` by one lookup per legal action
    (``tests/envs/test_fast_paths.py`` compares the two)."""

    def numbered_actions(self) -> Sequence[Action]:
        """The action object of every number of ``action_space`` (with ``legal_mask``)."""
        raise NotImplementedError(f"{self.id} numbers no actions")

    # ------------------------------------------------------------ designers
    def value_items(self) -> Sequence[str]:
        """The items ``civtable value`` can rate (cards, advances...): names as in
        ``State.holdings``. Empty: the game has none."""
        return ()

    def give_item(self, state: State, item: str, seat: int | None) -> None:
        """Change a fresh initial ``state`` for an item's causal value: ``seat`` starts
        with ``item`` (the rule document's way to own it: in the deck, bought...), or,
        with ``seat`` ``None``, the item is taken out of the game for everybody. The
        change draws nothing from the state's generator, so games stay paired by seed.
        An item the game does not have raises ``OptionError`` naming the valid ones."""
        raise OptionError(f"{self.id} has no items to give or remove")

    @classmethod
    def commands(cls) -> Sequence[Command]:
        """The game's own command-line commands (under ``info.command_group``)."""
        return ()

    # ------------------------------------------------------------ notation
    def parse_action(self, state: State, text: str, player: int | None = None) -> Action:
        """Read an action's text back; it must be legal for ``player`` now, else the
        ``IllegalActionError`` says why (``State.explain``)."""
        if not isinstance(text, str):
            raise TypeError(f"an action is read from text, not from {type(text).__name__}")
        wanted = normalize(text)
        movers = state.to_move()
        if player is None:
            if not movers:
                raise IllegalActionError(message(N_("the game is over: no action is legal")))
            candidates: Sequence[int] = movers
        else:
            if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.num_players:
                raise IllegalActionError(message(N_("there is no player {player} in this {n}-player game"),
                                                 player=shown(player), n=self.num_players))
            candidates = (player,)
        for p in candidates:
            for a in state.legal_actions(p):
                if a.text == wanted:
                    return a
        raise IllegalActionError(state.explain(candidates[0], wanted))

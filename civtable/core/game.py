"""Games: rule variants (options) and the factory of states."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .action import Action, normalize
from .errors import IllegalActionError, OptionError

if TYPE_CHECKING:
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
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        if isinstance(self.default, str):
            return str(value)
        try:
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValueError
            number = int(value)
        except (TypeError, ValueError):
            raise OptionError(f"option {self.name!r} must be an integer, not {value!r}") from None
        if self.minimum is not None and number < self.minimum:
            raise OptionError(f"option {self.name!r} must be at least {self.minimum}, not {number}")
        if self.maximum is not None and number > self.maximum:
            raise OptionError(f"option {self.name!r} must be at most {self.maximum}, not {number}")
        return number


class Game(ABC):
    """A game with its options fixed: the factory of initial states.

    Subclasses set the class attributes and implement ``new_state`` and
    ``state_from_json``; actions are parsed against a state's legal actions.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    search_defaults: ClassVar[dict[str, str]] = {}
    """Spec parameters of the search bots (``mcts``, ``ismcts``) that this game sets by
    default, e.g. ``{"turns": "2"}`` where a fixed number of rollout steps cuts turns
    at incomparable points; a bot's own spec overrides them."""

    def __init__(self, **options: Any) -> None:
        specs = {s.name: s for s in self.option_specs}
        values: dict[str, Any] = {s.name: s.default for s in self.option_specs}
        for raw, value in options.items():
            key = option_key(raw)
            if key not in specs:
                valid = ", ".join(sorted(specs)) or "none"
                raise OptionError(f"unknown option {raw!r} for {self.id}; valid options: {valid}")
            values[key] = specs[key].parse(value)
        self.options: dict[str, Any] = values
        players = values.get("players", self.min_players)
        self.num_players: int = players if isinstance(players, int) else self.min_players

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.spec(k).default}
        return f"load_game({self.id!r}{''.join(f', {k}={v!r}' for k, v in changed.items())})"

    @classmethod
    def spec(cls, name: str) -> OptionSpec:
        for s in cls.option_specs:
            if s.name == name:
                return s
        raise OptionError(f"unknown option {name!r} for {cls.id}")

    @abstractmethod
    def new_state(self, seed: int | None = None) -> State:
        """The initial state; chance is drawn from a generator seeded with ``seed``."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> State:
        """Rebuild a state from ``State.to_json()``; bad data raises ``InvalidStateError``."""

    def parse_action(self, state: State, text: str, player: int | None = None) -> Action:
        """Read an action's text back; it must be legal for ``player`` now."""
        wanted = normalize(text)
        movers = state.to_move()
        if player is None:
            if not movers:
                raise IllegalActionError("the game is over: no action is legal")
            candidates = movers
        else:
            candidates = (player,)
        for p in candidates:
            for a in state.legal_actions(p):
                if a.text == wanted:
                    return a
        who = f"player {player}" if player is not None else "the player to move"
        raise IllegalActionError(f"{text.strip()!r} is not a legal action for {who} now")

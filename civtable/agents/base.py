"""Bots: what they may see, and how they are named on the command line.

A bot gets a ``PlayerView``: its own observation, its legal actions and
``determinize`` (a sampled full state consistent with that observation, for
search). It never gets the true state, so it cannot read hidden cards or the
future of the shuffle by accident.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from civtable.core.errors import AgentError
from civtable.core.rng import Rng

if TYPE_CHECKING:
    from civtable.core.action import Action
    from civtable.core.events import Event
    from civtable.core.game import Game
    from civtable.core.state import State


class PlayerView:
    """What one player may know now."""

    __slots__ = ("_state", "player", "game", "_obs", "_legal", "_seat")

    def __init__(self, state: State, player: int, legal: list[Action] | None = None) -> None:
        """``legal``: ``state.legal_actions(player)`` when the caller has it already (a
        search's rollout), so that it is not built twice; it is shared, not copied."""
        self._state = state
        self.player = player
        self.game = state.game
        self._obs: dict[str, Any] | None = None
        self._legal = legal
        self._seat: Any = None

    @property
    def observation(self) -> dict[str, Any]:
        if self._obs is None:
            self._obs = self._state.observation(self.player)
        return self._obs

    @property
    def seat(self) -> Any:
        """The game's cheap view of what this player may see (``State.seat_view``), or
        ``None`` when the game has none; built once per decision."""
        if self._seat is None:
            self._seat = self._state.seat_view(self.player)
        return self._seat

    @property
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._state.legal_actions(self.player)
        return self._legal

    @property
    def turn(self) -> int:
        """The number of the current turn (public in every game)."""
        return self._state.turn

    def determinize(self, rng: Rng) -> State:
        """A full state sampled from this player's information set."""
        return self._state.determinize(self.player, rng)

    def events(self, since: int = 0) -> list[Event]:
        """What this player may know happened, from its ``since``-th event on."""
        return self._state.events(self.player, since)

    def explain(self, text: str) -> str:
        """Why ``text`` is not a legal action of this player now."""
        return self._state.explain(self.player, text)


class Agent(ABC):
    """A bot. ``act`` is called whenever its player is among ``to_move()``.

    ``replayable``: the bot's decisions follow from its seed and what it was shown,
    so a resumed game rebuilds its state (generator, memory) by asking it again for
    every decision it made before the interruption (``sim.runner.resume``).
    ``reads_events``: the agent reads ``PlayerView.events``; when no agent of a game
    does, the simulator plays it without recording events (they cost time)."""

    name: str = "agent"
    replayable: bool = True
    reads_events: bool = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.notes: list[tuple[int, str]] = []
        """What happened to this bot that the game's record should keep (ply, text)."""

    def end(self, returns: list[float], winners: list[int]) -> None:  # noqa: B027 (most bots need nothing)
        """The game is over (an external bot is told, and its process ends)."""

    @abstractmethod
    def act(self, view: PlayerView) -> Action: ...

    def stats(self) -> dict[str, float]:
        """What the bot counted over the game for the batch figures (a language model's
        requests, illegal replies, tokens...): names to numbers, summed over games."""
        return {}

    def talk(self) -> str | None:
        """A public message the bot adds to the action it just chose, said once (a
        language model's words with a trade offer); the runner tells every player."""
        return None

    def __repr__(self) -> str:
        return f"<{self.__class__.__name__} {self.name}>"


AgentFactory = Callable[["Game", int, dict[str, str]], Agent]
"""Builds a bot for ``game`` from a seed and the ``key=value`` parameters of its spec."""


@dataclass(frozen=True)
class Bots:
    """The bot registry as a search bot sees it: the bot names of a game and a bot from its
    spec (``names(game)``, ``make(spec, game, seed)``). The registry (``registry.py``) hands
    it to the search bots it builds, for their rollout bots and a portfolio's strategies, so
    that the search modules never import the registry that imports them."""

    names: Callable[[Game], list[str]]
    make: Callable[[str, Game, int], Agent]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iterations=400,c=1.4"`` -> ``("mcts", {"iterations": "400", "c": "1.4"})``;
    ``"rules:my.yaml"`` -> ``("rules", {"": "my.yaml"})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if name.strip().lower() == "cmd":  # a command line, taken as it is
        return "cmd", {"": rest.strip()}
    if rest:
        for part in rest.split(";") if ";" in rest else [rest]:
            if "=" in part:
                for kv in part.split("&") if "&" in part else [part]:
                    k, _, v = kv.partition("=")
                    params[k.strip()] = v.strip()
            else:
                params[""] = part.strip()
    if not name:
        raise AgentError(f"empty bot name in {spec!r}")
    return name.lower(), params


def split_players(text: str) -> list[str]:
    """Split ``--players`` on commas that separate bots (``mcts:iterations=4,random``)."""
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise AgentError(f"empty bot name in --players {text!r}")
        if out and "=" in part and ":" not in part:
            # a further key=value of the previous bot: "mcts:iterations=4,c=1.4"
            out[-1] = out[-1] + "&" + part
        else:
            out.append(part)
    return out


def number_param(params: dict[str, str], key: str, default: float, minimum: float = 0,
                 maximum: float = math.inf, integer: bool = False) -> float:
    """A bot parameter within ``[minimum, maximum]``, an integer when ``integer``; the
    error names the parameter and what it must be."""
    value = params.get(key)
    if value is None:
        return default
    kind = "an integer" if integer else "a number"
    try:
        number = int(value) if integer else float(value)
    except ValueError:
        raise AgentError(f"bot parameter {key!r} must be {kind}, not {value[:40]!r}") from None
    if not math.isfinite(number) or number < minimum or number > maximum:
        bounds = f"of at least {minimum:g}" if maximum == math.inf else f"from {minimum:g} to {maximum:g}"
        raise AgentError(f"bot parameter {key!r} must be {kind} {bounds}, not {value[:40]!r}")
    return number


def int_param(params: dict[str, str], key: str, default: int, minimum: int = 0) -> int:
    return int(number_param(params, key, default, minimum, integer=True))


def check_params(name: str, params: dict[str, str], allowed: set[str]) -> None:
    unknown = sorted(set(params) - allowed)
    if unknown:
        valid = ", ".join(sorted(k for k in allowed if k)) or "none"
        raise AgentError(f"bot {name!r} has no parameter {unknown[0]!r}; valid: {valid}")

"""The state protocol every game implements (see DESIGN.md, "The contracts")."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .action import Action
    from .game import Game
    from .rng import Rng


class State(ABC):
    """A position of a game, with everything needed to go on from it.

    Players are numbered from 0. ``to_move()`` lists who must decide now: one
    player for ordinary steps, several for simultaneous ones, a defender for a
    reaction during another player's turn, none at the end. Chance is resolved
    inside ``apply`` with the state's own seeded generator.
    """

    game: Game

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The players who must decide now, in ascending order."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """``player``'s legal actions, in a canonical (sorted) order; empty if none."""

    @abstractmethod
    def apply(self, player: int, action: Action | str) -> None:
        """Play ``action`` for ``player``; an illegal one raises ``IllegalActionError``
        and leaves the state as it was."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """One number per player: +1 win, -1 loss, 0 draw or unfinished."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning players; empty for a draw or an unfinished game."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """A JSON-safe view with what ``player`` may know and nothing else."""

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> State:
        """A full state consistent with ``observation(player)``, hidden parts sampled."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-safe data; ``game.state_from_json`` reads it back."""

    @property
    @abstractmethod
    def turn(self) -> int:
        """The number of the current turn (1 for the first), for game-length statistics."""

    def evaluate(self, player: int) -> float:
        """A heuristic value in [-1, 1] of a non-terminal position for search cut-offs."""
        return 0.0

    def game_stats(self) -> dict[str, float]:
        """Figures of a finished game that the simulator averages (e.g. the share of victory points by source); keys are short snake_case names; values are numbers."""
        return {}

    def holdings(self) -> dict[str, list[int]]:
        """What each player holds at the end of a finished game that a designer wants
        rated (e.g. advances bought): item name -> the seats holding it. The simulator
        reports, per item, how often it was held and how often its holders won."""
        return {}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game.id == other.game.id and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

"""The state protocol every game implements (see DESIGN.md, "The contracts")."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from .events import ROOT, Event, Journal, Viewer, visible
from .reader import shown

if TYPE_CHECKING:
    from .action import Action
    from .game import Game
    from .rng import Rng


class SeatView(Protocol):
    """What a game's cheap view keeps (``State.seat_view``)."""

    def snapshot(self) -> dict[str, Any]:
        """Everything the view can tell, as plain data (for the fair-play check)."""
        ...


class State(ABC):
    """A position of a game, with everything needed to go on from it.

    Players are numbered from 0. ``to_move()`` lists who must decide now: one
    player for ordinary steps, several for simultaneous ones, a defender for a
    reaction during another player's turn, none at the end. Chance is resolved
    inside ``apply`` with the state's own seeded generator.

    ``journal`` holds what happened (``events``); a game's ``new_state`` and
    ``state_from_json`` start it at ``ROOT``, ``clone`` copies the reference, and
    ``determinize`` returns a silent state (``None``: nothing is recorded), since
    a search bot's samples are never shown to anyone.
    """

    __slots__ = ("journal",)

    game: Game
    journal: Journal | None

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
        saying why and leaves the state as it was. Records what happened as events,
        starting with the ``move`` event (``emit_move``)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """One number per player: +1 win, -1 loss, 0 draw or unfinished."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning players; empty for a draw or an unfinished game."""

    @abstractmethod
    def observation(self, viewer: Viewer) -> dict[str, Any]:
        """A JSON-safe view with what ``viewer`` may know and nothing else
        (``None``: a spectator, who sees only what is public)."""

    @abstractmethod
    def determinize(self, viewer: Viewer, rng: Rng) -> State:
        """A full state consistent with ``observation(viewer)``, hidden parts sampled;
        it records no events (``journal`` is ``None``)."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-safe data; ``game.state_from_json`` reads it back.
        What happened before (the events) is not part of a position."""

    @property
    @abstractmethod
    def turn(self) -> int:
        """The number of the current turn (1 for the first), for game-length statistics."""

    def explain(self, player: int, text: str) -> str:
        """Why ``text`` is not a legal action of ``player`` now, in one sentence (what
        is missing to pay, which phase it belongs to, which card it needs). It may
        say only what ``player`` may know. Games override it for their common cases."""
        wanted = " ".join(str(text).split())
        if self.is_terminal():
            return "the game is over: no action is legal"
        if player not in self.to_move():
            return f"{shown(wanted)} is not legal: player {player} has nothing to decide now"
        return f"{shown(wanted)} is not a legal action for player {player} now (type 'help' for the list)"

    # ------------------------------------------------------------ events
    def events(self, viewer: Viewer, since: int = 0) -> list[Event]:
        """What ``viewer`` may know happened, oldest first, from its ``since``-th event
        (``len(state.events(viewer))`` is the cursor for the next call)."""
        return visible(self.journal, viewer, since)

    def emit(self, id: str, args: Mapping[str, Any] | None = None,
             to: tuple[int, ...] | None = None, exclude: tuple[int, ...] = ()) -> None:
        """Record an event (nothing when the state is silent)."""
        j = self.journal
        if j is not None:
            self.journal = Journal(Event(id, args, to, exclude), j)

    def emit_move(self, player: int, action: Action, private: bool = False) -> None:
        """The ``move`` event of an applied action: the whole text for the player, the
        game's public text (``Game.public_text``) for everybody else. ``private``: the
        others are told nothing (a simultaneous choice, revealed later by the game)."""
        j = self.journal
        if j is None:
            return
        if private:
            self.journal = Journal(Event("move", {"player": player, "action": action.text}, (player,)), j)
            return
        public = self.game.public_text(action, player, None)
        if public == action.text:
            self.journal = Journal(Event("move", {"player": player, "action": public}), j)
            return
        j = Journal(Event("move", {"player": player, "action": action.text}, (player,)), j)
        self.journal = Journal(Event("move", {"player": player, "action": public}, None, (player,)), j)

    def silence(self) -> State:
        """Stop recording events (for search samples); returns the state."""
        self.journal = None
        return self

    def listen(self) -> State:
        """Record events from now on (a silent state starts an empty history)."""
        if self.journal is None:
            self.journal = ROOT
        return self

    # ------------------------------------------------------------ bots
    def seat_view(self, player: int) -> SeatView | None:
        """A cheap view of what ``player`` may see, for the game's bots and rollouts: it
        reads the position in place and computes only what a bot asks, where
        ``observation`` builds a whole dict. ``None``: the game has none (bots read the
        observation). The kit checks that its ``snapshot()`` is the same in every sample
        of the player's information set."""
        return None

    # ------------------------------------------------------------ analysis
    def evaluate(self, player: int) -> float:
        """A heuristic value in [-1, 1] of a non-terminal position for search cut-offs."""
        return 0.0

    def scores(self) -> list[float] | None:
        """Each player's score now (victory points, cities...), for the simulator's curves
        of the score over the turns; ``None`` for a game without a running score."""
        return None

    def game_stats(self) -> dict[str, float]:
        """Figures of a finished game that the simulator averages (e.g. the share of victory points by source); keys are short snake_case names; values are numbers that cannot be negative (counts, shares, points: the simulator cuts their intervals at 0)."""
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

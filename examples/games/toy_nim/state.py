"""A position of Toy Nim: the pile, the hidden cards, the bids, whose turn it is and the
generator of chance.

The state holds the data; what happens is the rules', reached through the forward model
the game keeps (``self.game.model``, the ``rules`` package): ``to_move``,
``legal_actions``, ``apply`` and the results. The other parts of the contract
(``observation``, ``determinize``, ``to_json``, ``holdings``) are reached through the
game too (``self.game``, the facade in ``game.py``), so that this module imports
nothing to its right (rules, view, serialize, items, bots, show, game)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from civtable.core.action import Action
from civtable.core.events import ROOT, Viewer
from civtable.core.rng import Rng
from civtable.core.state import State

if TYPE_CHECKING:
    from .game import ToyNim


class ToyNimState(State):
    __slots__ = ("game", "pile", "cards", "bids", "paid", "player", "last", "turn_number", "rng")

    game: ToyNim

    def __init__(self, game: ToyNim) -> None:
        self.game = game
        self.journal = ROOT
        self.pile = 0
        self.cards: list[int] = [0, 0]
        self.bids: list[int | None] | None = None
        """Each player's bid while the players bid (``None``: not yet), else ``None``."""
        self.paid = [0, 0]
        self.player = 0
        self.last: int | None = None
        """Who took the last counter (the game is over)."""
        self.turn_number = 1
        self.rng = Rng(0)

    @property
    def turn(self) -> int:
        return self.turn_number

    # ------------------------------------------------------------ the forward model
    def to_move(self) -> tuple[int, ...]:
        return self.game.model.to_move(self)

    def legal_actions(self, player: int) -> list[Action]:
        return self.game.model.legal(self, player)

    def apply(self, player: int, action: Action | str) -> None:
        self.game.model.apply(self, player, action)

    def is_terminal(self) -> bool:
        return self.game.model.is_terminal(self)

    def scores(self) -> list[float]:
        return self.game.model.scores(self)

    def winners(self) -> list[int]:
        return self.game.model.winners(self)

    def returns(self) -> list[float]:
        return self.game.model.returns(self)

    def game_stats(self) -> dict[str, float]:
        return self.game.model.game_stats(self)

    # ------------------------------------------------------------ through the game
    def holdings(self) -> dict[str, list[int]]:
        return self.game.holdings_of(self)

    def observation(self, viewer: Viewer) -> dict[str, Any]:
        return self.game.observe(self, viewer)

    def determinize(self, viewer: Viewer, rng: Rng) -> ToyNimState:
        return self.game.determinize_state(self, viewer, rng)

    def to_json(self) -> dict[str, Any]:
        return self.game.state_json(self)

    # ------------------------------------------------------------ copies
    def clone(self) -> ToyNimState:
        s = copy.copy(self)  # the numbers and the shared game; the lists copied below
        s.cards, s.paid = list(self.cards), list(self.paid)
        s.bids = None if self.bids is None else list(self.bids)
        s.rng = self.rng.clone()
        return s

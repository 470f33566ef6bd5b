"""The forward model of Toy Nim: everything the state asks of the rules, which the game
keeps as ``game.model`` (the state calls ``self.game.model.apply(self, player, action)``
and never imports the rules): the deal (``start``, from ``setup``), who moves
(``to_move``), the legal actions (``legal``) and an action played (``apply``), the turn
phase by phase (``turn``: the ``bidding``, then the ``taking``), and the results
(``end``). The rules take the state as an argument; they may import ``state.py``, which
stands below them."""

from .end import game_stats, is_terminal, returns, scores, winners
from .setup import deal as start
from .turn import apply, legal, to_move

__all__ = ["apply", "game_stats", "is_terminal", "legal", "returns", "scores", "start", "to_move", "winners"]

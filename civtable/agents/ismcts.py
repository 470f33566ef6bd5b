"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).

One tree for the bot's information set: every iteration samples a determinization
with ``view.determinize``, and the tree follows the actions of all players
(opponents' moves included), keyed by action text. A child's UCB1 uses its
availability count (how many times it was legal when its parent was visited)
instead of the parent's visits, so actions legal only in some samples are not
under-explored. Parameters as for ``mcts`` (see ``mcts.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .mcts import MctsAgent, build

if TYPE_CHECKING:
    from civtable.core.game import Game

    from .base import Agent, Bots


class IsmctsAgent(MctsAgent):
    name = "ismcts"
    use_availability = True


def make_ismcts(game: Game, seed: int, params: dict[str, str], bots: Bots) -> Agent:
    """The ``ismcts`` bot of a spec; ``bots``: the registry, for the rollout bot and strategies."""
    return build(IsmctsAgent, "ismcts", game, seed, params, bots)

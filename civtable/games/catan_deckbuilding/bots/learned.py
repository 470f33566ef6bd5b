"""``learned``: the policy trained by ``examples/train_learned.py`` (behaviour cloning of
``greedy``, then PPO against it), played in NumPy from the weights shipped in the game's
``data/learned.npz`` (``civtable.agents.learned``: no PyTorch at play time). The file is
checked against the game's encoding and action space when the bot is made; a file made
for another layout is refused with a sentence naming the mismatch. How strong it is:
docs/bots.md.
"""

from __future__ import annotations

from importlib.resources import files

from civtable.agents.base import Agent, AgentFactory, check_params
from civtable.agents.learned import LearnedBot, Policy, load_policy
from civtable.core.game import Game

WEIGHTS = "learned.npz"
"""The weights file in the game's ``data/`` folder."""


_CACHE: dict[tuple[str, int], Policy] = {}
"""The loaded weights by the spaces they were checked against (a game of other options,
with another space, is checked anew)."""


def _load(game: Game) -> Policy:
    path = files("civtable.games.catan_deckbuilding").joinpath("data").joinpath(WEIGHTS)
    key = (game.action_space().digest, game.encoding().size)
    policy = _CACHE.get(key)
    if policy is None:
        policy = _CACHE[key] = load_policy(str(path), game)
    return policy


def _learned(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("learned", params, set())
    return LearnedBot(seed, game, _load(game))


FACTORIES: dict[str, AgentFactory] = {"learned": _learned}

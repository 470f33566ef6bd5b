"""What every environment does when it is made: the game with its options (refusing one
that cannot learn), the render mode, PettingZoo's name and spaces. The game being played
is ``engine.py``'s (compiled)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.errors import OptionError
from civtable.core.game import Game
from civtable.core.registry import load_game

if TYPE_CHECKING:
    from .engine import Engine


def make_game(game_id: str, players: int | None, options: dict[str, Any]) -> Game:
    """The game with its options; ``players`` (when given) is the ``players`` option."""
    opts = dict(options)
    if players is not None:
        if "players" in opts and opts["players"] != players:
            raise OptionError(f"players={players} and the option players={opts['players']} disagree")
        opts["players"] = players
    game = load_game(game_id, **opts)
    if game.info.reported_result:
        raise OptionError(f"{game.id} has no learning environment: its result is what a person reports of the "
                          "physical game, which no rule checks, so a learner's claim would be its reward "
                          "(docs/envs.md)")
    game.action_space()  # a game without a declared space or encoding fails here,
    game.encoding()  # not in the middle of a training run
    return game


def check_render_mode(render_mode: str | None) -> None:
    """Every environment renders a spectator's terminal screen (``"ansi"``) or nothing."""
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")


def env_name(game: Game, kind: str = "") -> str:
    """PettingZoo's name of an environment of ``game`` (``civtable_catan_deckbuilding_v0``)."""
    return f"civtable_{game.id.replace('-', '_')}{'_' + kind if kind else ''}_v0"


def agent_spaces(engine: Engine, size: int) -> tuple[Any, Any]:
    """PettingZoo's observation space (the vector and a mask of ``size`` numbers) and
    action space (``Discrete(size)``), the same for every agent."""
    from gymnasium import spaces

    observation = spaces.Dict({
        "observation": spaces.Box(engine.low, engine.high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
    })
    return observation, spaces.Discrete(size)

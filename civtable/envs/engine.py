"""What every environment shares: one game, one state, the numbers of its actions,
and the encoding of what a seat may see (``Game.action_space``, ``Game.encode``).

Nothing here reads a state directly for an agent: an agent's vector is
``game.encode(state.observation(seat), seat)`` and its mask is built from
``state.legal_actions(seat)``, so an environment shows exactly what the game's
observation shows.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from civtable.core.errors import IllegalActionError, OptionError
from civtable.core.game import Game
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.core.state import State


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


class Engine:
    """A game being played by an environment: its state and the seat-relative views."""

    def __init__(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.space = game.action_space()
        self.enc = game.encoding()
        low, high = self.enc.bounds()
        self.low, self.high = low, high
        self._seeds = Rng(seed if seed is not None else 0)
        self.game_seed = self._seeds.next64()
        self.state: State = game.new_state(seed=self.game_seed)
        self.steps = 0
        self._cache: dict[tuple[str, int], np.ndarray] = {}
        self._zeros = np.zeros(self.space.size, dtype=np.int8)

    def reset(self, seed: int | None) -> None:
        """A new game: with ``seed``, the game of that seed (as ``civtable play --seed``);
        without, the next seed of this environment's own sequence."""
        if seed is not None:
            seed = int(seed)
            self._seeds = Rng(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.next64()
        self.game_seed = game_seed
        self.state = self.game.new_state(seed=game_seed)
        self.steps = 0
        self._cache.clear()

    def mover(self) -> int | None:
        movers = self.state.to_move()
        return movers[0] if movers else None

    def observe(self, seat: int) -> np.ndarray:
        """The seat's vector (computed once per position; a copy is handed out)."""
        key = ("obs", seat)
        v = self._cache.get(key)
        if v is None:
            v = self._cache[key] = self.game.encode(self.state.observation(seat), seat)
        return v.copy()

    def mask(self, seat: int) -> np.ndarray:
        """The seat's legal numbers (computed once per position; a copy is handed out)."""
        key = ("mask", seat)
        m = self._cache.get(key)
        if m is None:
            if seat not in self.state.to_move():
                m = self._zeros
            else:
                m = self.space.mask(self.state.legal_actions(seat))
            self._cache[key] = m
        return m.copy()

    def action(self, seat: int, index: Any) -> str:
        """The legal action with number ``index`` for ``seat``, or ``IllegalActionError``."""
        if isinstance(index, np.ndarray) and index.shape == ():
            index = index.item()
        if isinstance(index, np.integer):
            index = int(index)
        text = self.space.text(index)
        for a in self.state.legal_actions(seat):
            if a.text == text:
                return text
        raise IllegalActionError(f"action {index} ({text}) is not legal for player {seat} now "
                                 f"(it is masked out)")

    def apply(self, seat: int, text: str) -> None:
        self.state.apply(seat, text)
        self.steps += 1
        self._cache.clear()

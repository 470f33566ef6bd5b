"""PettingZoo's parallel environment for every civtable game: every agent gives an action
at every step.

The seats to move (``state.to_move()``: one in a turn-based step, several in a
simultaneous one, the defender of a reaction) act with a number of the game's action
space; every other agent plays ``wait``, one more number (``size``, the last of the
space), which is the only legal action of a seat that is not to move (its mask has that
one entry). A simultaneous step is played in one ``step``: every mover's action is
checked before any is applied, and the game's observation never shows a seat's pending
hidden choice to another, so the order of the movers does not matter.

Observations and masks are those of the AEC environment (``aec.py``) with the ``wait``
entry added; rewards come at the end (the game's ``returns()``), ``max_steps`` truncates.
An action that is not legal for its agent (a number outside the space, masked out, a
mover that waits, a seat not to move that acts) raises ``IllegalActionError`` and
changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from civtable.core.errors import IllegalActionError

from .engine import Engine
from .making import agent_spaces, check_render_mode, env_name, make_game


class CivtableParallel(ParallelEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "is_parallelizable": True, "render_fps": 1}

    def __init__(self, game_id: str, players: int | None = None, seed: int | None = None,
                 max_steps: int | None = None, render_mode: str | None = None, **options: Any) -> None:
        check_render_mode(render_mode)
        game = make_game(game_id, players, options)
        self.metadata = {**self.metadata, "name": env_name(game, "parallel")}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.engine = Engine(game, seed)
        self.wait = self.engine.space.size
        """The number of ``wait``: the action of a seat that is not to move."""
        self.possible_agents = [f"player_{i}" for i in range(game.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.wait + 1
        obs_space, act_space = agent_spaces(self.engine, size)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self.agents: list[str] = []
        self._waiting = np.zeros(size, dtype=np.int8)
        self._waiting[self.wait] = 1

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.engine.reset(seed)
        self.engine.state.silence()
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        if not self.agents:
            raise IllegalActionError("the episode is over: call reset()")
        state = self.engine.state
        movers = state.to_move()
        chosen: list[tuple[int, str]] = []
        for agent in self.agents:  # every action checked before any is applied
            seat = self._seat[agent]
            if agent not in actions:
                raise IllegalActionError(f"no action for {agent}: every agent acts at every step (wait: {self.wait})")
            number = _number(actions[agent])
            if seat in movers:
                if number == self.wait:
                    raise IllegalActionError(f"{agent} is to move: it cannot wait ({self.wait})")
                chosen.append((seat, self.engine.action(seat, number)))
            elif number != self.wait:
                raise IllegalActionError(f"{agent} is not to move: its only action is wait ({self.wait}), "
                                         f"not {number}")
        for seat, text in chosen:
            self.engine.apply(seat, text)
        state = self.engine.state
        done = state.is_terminal()
        cut = not done and self.max_steps is not None and self.engine.steps >= self.max_steps
        returns = state.returns() if done else None
        rewards = {a: float(returns[self._seat[a]]) if returns is not None else 0.0 for a in self.agents}
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, cut)
        observations, infos = self._observations(), self._infos()
        if done or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The terminal screen of a spectator (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.engine.game.render(self.engine.state.observation(None), None)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------ inside
    def _mask(self, seat: int) -> np.ndarray:
        if seat not in self.engine.state.to_move() or self.engine.state.is_terminal():
            return self._waiting.copy()
        return np.append(self.engine.mask(seat), np.int8(0))

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: {"observation": self.engine.observe(self._seat[a]), "action_mask": self._mask(self._seat[a])}
                for a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        return {a: {"action_mask": self._mask(self._seat[a])} for a in self.agents}


def _number(action: Any) -> Any:
    if isinstance(action, np.ndarray) and action.shape == ():
        return action.item()
    if isinstance(action, np.integer):
        return int(action)
    return action

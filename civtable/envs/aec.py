"""PettingZoo's AEC environment for every civtable game.

Agents are ``player_0`` ... ``player_{n-1}``; the agent selected is the first seat in
``state.to_move()``. A simultaneous step (several seats to move) is played one seat
at a time, and the game's observation never shows a seat's pending hidden choice to
another, so no agent sees what another chose before choosing. A reaction in another
player's turn simply selects the reacting seat.

Each observation is ``{"observation": float32 vector, "action_mask": int8 vector}``
(the same spaces for every agent); the mask is also in ``infos[agent]["action_mask"]``.
Rewards come at the end: the game's ``returns()`` (+1 win, -1 loss, 0 draw).
An action number outside the space, or masked out, raises ``IllegalActionError``
and changes nothing. ``max_steps`` truncates a game (every agent ``truncated``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .engine import ENDED, TRUNCATED, Engine
from .making import agent_spaces, check_render_mode, env_name, make_game


class CivtableAEC(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game_id: str, players: int | None = None, seed: int | None = None,
                 max_steps: int | None = None, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        check_render_mode(render_mode)
        game = make_game(game_id, players, options)
        self.metadata = {**self.metadata, "name": env_name(game)}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self._limit = -1 if max_steps is None else max_steps
        self.engine = Engine(game, seed)
        n = game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.engine.space.size
        obs_space, act_space = agent_spaces(self.engine, size)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._started = False

    # ------------------------------------------------------------ the AEC API
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.engine.reset(seed)
        self.engine.state.silence()  # the agents get vectors, not events
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        engine = self.engine
        mask = engine.mask  # every seat not to move: the zeros
        self.infos: dict[str, dict[str, Any]] = {a: {"action_mask": mask(i)} for i, a in enumerate(self.agents)}
        engine.bind(self.possible_agents, self._seat, self._cumulative_rewards, self.terminations,
                    self.truncations, self.infos)  # read and shown by the engine (``Engine.last_of``, ``show``)
        self._ended = False
        self._started = True
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        engine = self.engine
        return {"observation": engine.observe(seat), "action_mask": engine.mask(seat)}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last`` (the selected agent's observation, cumulative reward,
        termination, truncation and info), without its indirections."""
        if observe:
            return self.engine.last_of(self.agent_selection)  # type: ignore[no-any-return]
        agent = self.agent_selection
        return None, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], \
            self.infos[agent]

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """PettingZoo's ``agent_iter``: the selected agent while any agent is left, at most
        ``max_iter`` times (a generator rather than its iterator class)."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._ended and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        engine = self.engine
        # ``play`` (raises for a bad or masked-out number, changing nothing), then the seat
        # to move, its mask made; while the game goes on every reward is 0: ``rewards`` and
        # ``_cumulative_rewards`` hold zeros until the end, and nobody's changes
        nxt = engine.step_of(agent, action, self._limit)
        if type(nxt) is str:  # the one agent to move, its mask in its info
            self.agent_selection = nxt
            return
        if nxt == ENDED:
            returns = engine.state.returns()
            self._ended = True
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            self._cumulative_rewards[agent] = 0.0
            self._select()
            self._accumulate_rewards()
            return
        if nxt == TRUNCATED:
            self._ended = True
            for a in self.agents:
                self.truncations[a] = True
            self._select()
            return
        movers = engine.state.to_move()  # nobody, or several seats
        if movers:
            self.agent_selection = self.possible_agents[movers[0]]
            engine.show(movers)
        else:
            self._select()

    def _select(self) -> None:
        """The next agent: the first seat to move; at the end, each agent in turn (for
        its last observation and its dead step)."""
        movers = self.engine.state.to_move()
        if movers and not self._ended:
            self.agent_selection = self.possible_agents[movers[0]]
        else:
            movers = ()
            live = [a for a in self.agents if a in self.terminations]
            self.agent_selection = live[0] if live else self.possible_agents[0]
        self.engine.show(movers)

    def render(self) -> str | None:
        """The terminal screen of a spectator (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        state = self.engine.state
        return self.engine.game.render(state.observation(None), None)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------ helpers for people
    def action_text(self, index: int) -> str:
        """The action text of a number (for logs and debugging)."""
        return self.engine.space.text(index)

    @property
    def state_object(self) -> Any:
        """The civtable state being played (for analysis; an agent must not read it)."""
        return self.engine.state

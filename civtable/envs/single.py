"""Gymnasium's single-agent environment: one seat learns, civtable bots play the others.

``observation``: the seat's float32 vector (``Game.encode``); ``action``: a number of
the game's action space (``Discrete``); ``action_masks()``: the legal numbers, as
sb3-contrib's ``MaskablePPO`` asks; ``info["action_mask"]`` holds the same vector.
The reward is the game's return for the seat at the end (+1 win, -1 loss, 0 draw);
with ``shaping=k`` each step also pays ``k`` times the change of the seat's lead in
``State.scores()`` (its score minus the best other score), a dense signal for games
whose result comes after hundreds of decisions (off by default).

An action number that is not legal now (outside the space or masked out) changes
nothing in the game. With ``illegal="penalty"`` (the default, what Gymnasium's checker
and unmasked learners expect) the step's reward is ``illegal_reward`` (-1),
``info["illegal"]`` says why, and after ``illegal_limit`` (100) illegal numbers in a row
the episode is truncated; ``illegal="truncate"`` truncates at the first one;
``illegal="raise"`` raises ``IllegalActionError``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from civtable.agents import make_agent
from civtable.agents.base import Agent, PlayerView
from civtable.core.errors import IllegalActionError, OptionError
from civtable.core.game import Game
from civtable.core.rng import derive_seed

from .engine import Engine
from .making import check_render_mode, make_game

OpponentFactory = Callable[[Game, int], Agent]
"""An opponent given as code: called with the game and a seed at every reset."""


class CivtableGym(gym.Env):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game_id: str, opponents: Sequence[str | OpponentFactory] | str = ("greedy",), seat: int = 0,
                 seed: int | None = None, illegal: str = "penalty", illegal_reward: float = -1.0,
                 illegal_limit: int = 100, shaping: float = 0.0, max_steps: int | None = None, render_mode: str | None = None, **options: Any) -> None:
        if illegal not in ("penalty", "truncate", "raise"):
            raise ValueError(f"illegal must be 'penalty', 'truncate' or 'raise', not {illegal!r}")
        check_render_mode(render_mode)
        opponents = [opponents] if isinstance(opponents, str) else list(opponents)
        players = options.pop("players", None)
        if players is None:
            players = len(opponents) + 1
        elif len(opponents) == 1 and players > 2:
            opponents = opponents * (players - 1)
        if len(opponents) != players - 1:
            raise OptionError(f"{players} players need {players - 1} opponents, not {len(opponents)}")
        game = make_game(game_id, players, options)
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionError(f"seat must be 0 to {players - 1}, not {seat!r}")
        for spec in opponents:
            if not callable(spec):
                make_agent(spec, game, seed=0)  # a bad spec fails now, with the agent's own sentence
        self.game = game
        self.seat = seat
        self.opponents = opponents
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.illegal_limit = illegal_limit
        self.shaping = float(shaping)
        self._lead = 0.0
        self._illegal_run = 0
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.engine = Engine(game, seed)
        self.observation_space = spaces.Box(self.engine.low, self.engine.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.engine.space.size)
        self._bots: list[Agent | None] = []

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.engine.reset(seed)
        self._illegal_run = 0
        self._lead = 0.0
        specs = iter(self.opponents)
        bots: list[Agent | None] = []
        for p in range(self.game.num_players):  # seeded as in `civtable simulate`
            bots.append(None if p == self.seat else
                        self._opponent(next(specs), derive_seed(self.engine.game_seed, p)))
        self._bots = bots
        if not any(b is not None and b.reads_events for b in bots):
            self.engine.state.silence()  # nobody reads the events
        self._play_bots()
        self._lead = self._score_lead()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.engine.state
        if state.is_terminal() or self.seat not in state.to_move():
            raise IllegalActionError("the episode is over: call reset()")
        try:
            text = self.engine.action(self.seat, action)
        except IllegalActionError as e:
            if self.illegal == "raise":
                raise
            self._illegal_run += 1
            info = self._info()
            info["illegal"] = str(e)
            stop = self.illegal == "truncate" or self._illegal_run >= self.illegal_limit
            return self._obs(), self.illegal_reward, False, stop, info
        reward, terminated, truncated = self.advance(text)
        return self._obs(), reward, terminated, truncated, self._info()

    def advance(self, text: str) -> tuple[float, bool, bool]:
        """``step`` of a legal action text without the observation: the seat's move, the
        bots' moves until the seat decides again or the game ends; the reward,
        terminated and truncated (the vector environment encodes its rows together)."""
        self._illegal_run = 0
        self.engine.apply(self.seat, text)
        self._play_bots()
        state = self.engine.state
        terminated = state.is_terminal()
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        if self.shaping:
            lead = self._score_lead()
            reward += self.shaping * (lead - self._lead)
            self._lead = lead
        truncated = (not terminated and self.max_steps is not None and self.engine.steps >= self.max_steps)
        return reward, terminated, truncated

    def action_masks(self) -> np.ndarray:
        """The legal action numbers as booleans (sb3-contrib's ``MaskablePPO``)."""
        return self.engine.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.game.render(self.engine.state.observation(self.seat), self.seat)

    # ------------------------------------------------------------ inside
    def _opponent(self, spec: str | OpponentFactory, seed: int) -> Agent:
        """The bot of a spec string, or of a callable ``(game, seed) -> Agent`` (a league's
        past policy, ``civtable.agents.learned``)."""
        if callable(spec):
            return spec(self.game, seed)
        return make_agent(spec, self.game, seed=seed)

    def _play_bots(self) -> None:
        """The bots' moves until the learning seat must decide or the game ends."""
        state = self.engine.state
        while True:
            movers = state.to_move()
            if not movers or self.seat in movers and len(movers) == 1:
                return
            if self.max_steps is not None and self.engine.steps >= self.max_steps:
                return
            p = next((m for m in movers if m != self.seat), None)
            if p is None:
                return
            bot = self._bots[p]
            assert bot is not None
            action = bot.act(PlayerView(state, p))
            self.engine.apply(p, action.text)

    def _score_lead(self) -> float:
        if not self.shaping:
            return 0.0
        scores = self.engine.state.scores()
        if scores is None:
            return 0.0
        others = [x for p, x in enumerate(scores) if p != self.seat]
        return float(scores[self.seat] - (max(others) if others else 0.0))

    def _obs(self) -> np.ndarray:
        """A copy of the engine's read-only vector: Gymnasium wants new data at every call
        (its checker refuses arrays shared between calls) and writable arrays."""
        return self.engine.observe(self.seat).copy()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.engine.mask(self.seat).copy()}

"""Many games stepped per call: a Gymnasium vector environment, and its adapter for
Stable-Baselines3 (``VecEnv``, with ``action_masks`` for sb3-contrib's MaskablePPO).

Each of the ``num_envs`` games is a one-seat-learns game (``single.CivtableGym``: the
learning seat against bots given by spec strings), seeded from the vector's seed and
its index. ``step(actions)`` takes one number per game and gives NumPy arrays:
observations ``(num_envs, n)`` float32, rewards, terminations, truncations, and in
``infos["action_mask"]`` the masks ``(num_envs, size)``. A game that ends is reset in
the same step (Gymnasium's ``SAME_STEP`` autoreset): its row holds the new game's first
observation, and ``infos["final_obs"]`` / ``infos["final_info"]`` the last ones of the
game that ended (the rows where ``infos["_final_obs"]`` is true). An illegal number in
any row raises ``IllegalActionError`` before any game moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from civtable.core.errors import IllegalActionError
from civtable.core.rng import derive_seed

from .single import CivtableGym


class CivtableVector(VectorEnv):  # type: ignore[misc]
    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game_id: str, num_envs: int, opponents: Sequence[str] | str = ("greedy",), seat: int = 0,
                 seed: int | None = None, max_steps: int | None = None, **options: Any) -> None:
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        self.base_seed = seed if seed is not None else 0
        self.envs = [CivtableGym(game_id, opponents=opponents, seat=seat, seed=derive_seed(self.base_seed, i),
                                 illegal="raise", max_steps=max_steps, **dict(options)) for i in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.size = int(first.action_space.n)
        self._obs = np.zeros((num_envs, *first.observation_space.shape), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.size), dtype=np.int8)
        self._games = [0] * num_envs  # games started per row: the seed of the next one
        self.game = first.game
        self._seats = [env.seat for env in self.envs]

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Every game anew: with ``seed`` (one for all, derived per row, or one per row) the
        games of those seeds; without, the next games of each row's own sequence."""
        if isinstance(seed, list | tuple) and len(seed) != self.num_envs:
            raise ValueError(f"reset needs {self.num_envs} seeds or one, not {len(seed)}")
        for i, env in enumerate(self.envs):
            row_seed = seed[i] if isinstance(seed, list | tuple) else (
                derive_seed(seed, i) if seed is not None else None)
            obs, info = env.reset(seed=row_seed)
            self._games[i] = 1
            self._obs[i] = obs
            self._masks[i] = info["action_mask"]
        return self._obs.copy(), {"action_mask": self._masks.copy()}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step needs {self.num_envs} actions (one per game), not an array of shape "
                             f"{actions.shape}")
        texts = []
        for i, a in enumerate(actions.tolist()):  # every row checked before any game moves
            if not isinstance(a, int) or not 0 <= a < self.size or not self._masks[i, a]:
                raise IllegalActionError(f"game {i}: action {a} is not legal now (it is masked out)")
            texts.append(self.envs[i].engine.action(self.envs[i].seat, a))
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=bool)
        truncated = np.zeros(self.num_envs, dtype=bool)
        ended = np.zeros(self.num_envs, dtype=bool)
        final_obs = np.empty(self.num_envs, dtype=object)
        final_info = np.empty(self.num_envs, dtype=object)
        for i, env in enumerate(self.envs):
            reward, term, trunc = env.advance(texts[i])
            rewards[i], terminated[i], truncated[i] = reward, term, trunc
            if term or trunc:
                ended[i] = True
                final_obs[i], final_info[i] = env._obs(), env._info()
                env.reset()  # the row's next game (its own seed sequence)
                self._games[i] += 1
            self._masks[i] = env.engine.mask(env.seat)
        # one call encodes every row (``Game.encode_states``, read from the states)
        self._obs[:] = self.game.encode_states([env.engine.state for env in self.envs], self._seats)
        infos: dict[str, Any] = {"action_mask": self._masks.copy()}
        if ended.any():
            infos.update({"final_obs": final_obs, "_final_obs": ended, "final_info": final_info,
                          "_final_info": ended})
        return self._obs.copy(), rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        """The legal numbers of every game, ``(num_envs, size)`` booleans."""
        return self._masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()


def sb3_vec_env(vector: CivtableVector) -> Any:
    """The vector environment as Stable-Baselines3's ``VecEnv`` (``dones`` and
    ``infos[i]["terminal_observation"]`` its way); MaskablePPO reads the masks through
    ``env_method("action_masks")``."""
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv

    class CivtableSB3(VecEnv):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__(vector.num_envs, vector.single_observation_space, vector.single_action_space)
            self.vector = vector
            self._actions: np.ndarray | None = None

        def reset(self) -> np.ndarray:
            obs, _ = vector.reset(seed=vector.base_seed)
            return obs

        def step_async(self, actions: np.ndarray) -> None:
            self._actions = actions

        def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
            assert self._actions is not None
            obs, rewards, term, trunc, infos = vector.step(self._actions)
            out: list[dict[str, Any]] = []
            for i in range(vector.num_envs):
                row: dict[str, Any] = {"TimeLimit.truncated": bool(trunc[i] and not term[i])}
                if infos.get("_final_obs") is not None and infos["_final_obs"][i]:
                    row["terminal_observation"] = infos["final_obs"][i]
                out.append(row)
            return obs, rewards.astype(np.float32), term | trunc, out

        def close(self) -> None:
            vector.close()

        def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
            rows = self._get_indices(indices)
            if method_name == "action_masks":
                masks = vector.action_masks()
                return [masks[i] for i in rows]
            return [getattr(vector.envs[i], method_name)(*args, **kwargs) for i in rows]

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            return [getattr(vector.envs[i], attr_name) for i in self._get_indices(indices)]

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            for i in self._get_indices(indices):
                setattr(vector.envs[i], attr_name, value)

        def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
            return [False for _ in self._get_indices(indices)]

        def seed(self, seed: int | None = None) -> list[int | None]:
            vector.base_seed = seed or 0
            return [seed] * vector.num_envs

    return CivtableSB3()


__all__ = ["CivtableVector", "sb3_vec_env"]

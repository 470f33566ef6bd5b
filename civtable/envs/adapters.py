"""Thin adapters for the libraries' action-mask conventions.

- **sb3-contrib** (``MaskablePPO``): ``gymnasium_env`` as it is; the mask comes from
  its ``action_masks()`` method.
- **RLlib** (action-masking RL modules): ``RLlibMasked`` turns the observation into
  ``{"observations": vector, "action_mask": vector}``, the keys RLlib's masking example
  models read (``rllib_env`` builds it).
- **Tianshou** (``tianshou.env.PettingZooEnv``): ``pettingzoo_env`` as it is; Tianshou reads
  ``obs["observation"]`` and ``obs["action_mask"]`` and needs the same spaces for every
  agent, which every civtable environment has. ``tianshou_obs`` gives one observation
  in Tianshou's ``{"agent_id", "obs", "mask"}`` form for code that builds batches itself.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces


class RLlibMasked(gym.ObservationWrapper):  # type: ignore[misc]
    """A ``gymnasium_env`` whose observations carry the action mask, as RLlib expects."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        n = env.action_space.n
        self.observation_space = spaces.Dict({
            "action_mask": spaces.Box(0.0, 1.0, shape=(n,), dtype=np.float32),
            "observations": env.observation_space,
        })

    def observation(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        mask = self.env.unwrapped.action_masks().astype(np.float32)
        return {"action_mask": mask, "observations": observation}


def tianshou_obs(agent: str, observation: dict[str, np.ndarray]) -> dict[str, Any]:
    """An AEC observation in Tianshou's form (``mask`` as booleans)."""
    return {"agent_id": agent, "obs": observation["observation"],
            "mask": observation["action_mask"].astype(bool)}

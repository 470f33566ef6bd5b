"""Environments for learning agents, the same entry points for every game:

    env = pettingzoo_env("catan-deckbuilding", players=2, seed=1)   # PettingZoo AEC
    env = gymnasium_env("civ-card-game", opponents=["greedy"] * 2)  # one seat learns

Both use the game's fixed action space (``Game.action_space``) and observation
encoding (``Game.encode``); ``docs/envs.md`` documents them, with the adapters for
RLlib's and Tianshou's action-mask conventions (``adapters.py``). PettingZoo and
Gymnasium are imported only when an environment is made (``pip install civtable[rl]``).
For language models, ``civtable.envs.text_env.TextEnv`` is TextArena's loop (the seat's
view as a string in, an action as a string out; ``docs/llm.md``) and needs neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def pettingzoo_env(game_id: str, players: int | None = None, seed: int | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment of ``game_id`` (``max_steps``, ``render_mode`` and the
    game's options as keywords)."""
    from .aec import CivtableAEC

    return CivtableAEC(game_id, players=players, seed=seed, **options)


def parallel_env(game_id: str, players: int | None = None, seed: int | None = None, **options: Any) -> Any:
    """A PettingZoo parallel environment of ``game_id``: every agent acts at every step, a
    seat not to move with ``wait`` (``max_steps``, ``render_mode`` and the game's options
    as keywords)."""
    from .parallel import CivtableParallel

    return CivtableParallel(game_id, players=players, seed=seed, **options)


def gymnasium_env(game_id: str, opponents: Sequence[str] | str = ("greedy",), seat: int = 0,
                  seed: int | None = None, **options: Any) -> Any:
    """A Gymnasium environment in which ``seat`` learns against bots given by spec strings
    (``illegal``, ``illegal_reward``, ``max_steps``, ``render_mode`` and the game's options
    as keywords)."""
    from .single import CivtableGym

    return CivtableGym(game_id, opponents=opponents, seat=seat, seed=seed, **options)


def vector_env(game_id: str, num_envs: int, opponents: Sequence[str] | str = ("greedy",), seat: int = 0,
               seed: int | None = None, **options: Any) -> Any:
    """A Gymnasium vector environment of ``num_envs`` games of ``game_id`` in which ``seat``
    learns against bots (``max_steps`` and the game's options as keywords); NumPy arrays
    in and out, masks in ``infos["action_mask"]`` and ``action_masks()``."""
    from .vector import CivtableVector

    return CivtableVector(game_id, num_envs, opponents=opponents, seat=seat, seed=seed, **options)


def rllib_env(game_id: str, opponents: Sequence[str] | str = ("greedy",), seat: int = 0,
              seed: int | None = None, **options: Any) -> Any:
    """``gymnasium_env`` with RLlib's masked observation: a Dict of ``observations`` and
    ``action_mask``."""
    from .adapters import RLlibMasked

    return RLlibMasked(gymnasium_env(game_id, opponents, seat, seed, **options))


__all__ = ["gymnasium_env", "parallel_env", "pettingzoo_env", "rllib_env", "vector_env"]

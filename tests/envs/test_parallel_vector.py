"""The parallel and vectorised environments (issue 28, item 2): PettingZoo's
``parallel_api_test`` on every game, a simultaneous step played in one call without
showing one seat's choice to the other, ``wait`` for the seats not to move, illegal
actions refused with nothing changed; the vector environment's shapes, masks, same-step
autoreset, determinism and refusals, and its Stable-Baselines3 adapter."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import parallel_api_test  # noqa: E402

from civtable.core.errors import IllegalActionError  # noqa: E402
from civtable.core.registry import register_game  # noqa: E402
from civtable.envs import parallel_env, vector_env  # noqa: E402

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")

CASES = [("toy-nim", {"opening": "bid"}), ("catan-deckbuilding", {}), ("civ-card-game", {"players": 3}),
         ("mega-civ", {"map": "small"})]


@pytest.mark.parametrize(("game", "options"), CASES, ids=[c[0] for c in CASES])
def test_parallel_api_test(game: str, options: dict[str, object]) -> None:
    parallel_api_test(parallel_env(game, seed=1, **options), num_cycles=200)


def masked(obs: dict[str, dict[str, np.ndarray]], rng: np.random.Generator) -> dict[str, int]:
    return {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}


def test_a_simultaneous_step_is_one_call_and_hides_each_choice() -> None:
    """Toy Nim's bids: both seats act in the first step; seat 1's observation after the
    step does not depend on seat 0's bid beyond what the game reveals (the higher bid)."""
    env = parallel_env("toy-nim", seed=4, opening="bid")
    obs, _ = env.reset(seed=4)
    assert all(o["action_mask"][env.wait] == 0 for o in obs.values())  # both are to move: nobody waits
    bid = env.engine.space.index
    env.step({"player_0": bid("bid 1"), "player_1": bid("bid 2")})
    assert list(env.engine.state.to_move()) == [1]  # the higher bid moves first
    after, *_ = env.step({"player_0": env.wait, "player_1": bid("take 1")})
    assert after["player_1"]["action_mask"][env.wait] == 1 and after["player_1"]["action_mask"].sum() == 1


def test_illegal_parallel_actions_change_nothing() -> None:
    env = parallel_env("catan-deckbuilding", seed=2, **{"start-player": 0})
    obs, _ = env.reset(seed=2)
    before = env.engine.state.to_json()
    legal = int(np.flatnonzero(obs["player_0"]["action_mask"])[0])
    for actions, words in [({"player_0": env.wait, "player_1": env.wait}, "cannot wait"),
                           ({"player_0": legal, "player_1": legal}, "not to move"),
                           ({"player_0": legal}, "every agent acts"),
                           ({"player_0": 10_000, "player_1": env.wait}, "outside the action space")]:
        with pytest.raises(IllegalActionError, match=words):
            env.step(actions)
        assert env.engine.state.to_json() == before


def test_a_parallel_game_is_the_same_game_for_the_same_seed() -> None:
    runs = []
    for _ in range(2):
        env = parallel_env("civ-card-game", players=3, seed=5)
        obs, _ = env.reset(seed=5)
        rng = np.random.default_rng(3)
        trail = []
        while env.agents:
            obs, rewards, term, trunc, _ = env.step(masked(obs, rng))
            trail.append(sorted(rewards.items()))
        runs.append((trail, env.engine.state.to_json()))
    assert runs[0] == runs[1] and runs[0][0][-1] != runs[0][0][0]


def test_the_vector_env_steps_many_games_with_numpy_arrays_and_resets_in_the_same_step() -> None:
    v = vector_env("catan-deckbuilding", 4, opponents=["random"], seed=1, max_steps=60)
    obs, info = v.reset(seed=3)
    assert obs.shape == (4, v.single_observation_space.shape[0]) and obs.dtype == np.float32
    assert info["action_mask"].shape == (4, v.size) and np.array_equal(v.action_masks(), info["action_mask"] > 0)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rewards, term, trunc, info = v.step(actions)
        assert obs.shape[0] == rewards.shape[0] == term.shape[0] == 4
        if "_final_obs" in info:
            rows = np.flatnonzero(info["_final_obs"])
            ended += len(rows)
            assert all((term | trunc)[rows]) and all(info["final_obs"][i].shape == obs[i].shape for i in rows)
            assert all(info["action_mask"][i].sum() > 0 for i in rows)  # the next game's first mask
        assert all(m.sum() > 0 for m in info["action_mask"])
    assert ended > 0


def test_the_vector_env_is_deterministic_and_refuses_a_masked_number_before_any_game_moves() -> None:
    def trail() -> list[float]:
        v = vector_env("civ-card-game", 3, opponents=["greedy"], seed=9)
        _obs, info = v.reset(seed=9)
        rng = np.random.default_rng(1)
        out = []
        for _ in range(80):
            obs, r, _t, _u, info = v.step(np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]]))
            out.append(float(obs.sum()) + float(r.sum()))
        return out

    assert trail() == trail()
    v = vector_env("catan-deckbuilding", 2, opponents=["random"], seed=1)
    _obs, info = v.reset(seed=1)
    good = int(np.flatnonzero(info["action_mask"][0])[0])
    bad = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    before = [e.engine.state.to_json() for e in v.envs]
    with pytest.raises(IllegalActionError, match="game 1"):
        v.step(np.array([good, bad]))
    assert [e.engine.state.to_json() for e in v.envs] == before
    with pytest.raises(ValueError, match="2 actions"):
        v.step(np.array([good]))
    with pytest.raises(ValueError, match="num_envs"):
        vector_env("catan-deckbuilding", 0)


def test_the_stable_baselines3_adapter_gives_masks_and_terminal_observations() -> None:
    pytest.importorskip("stable_baselines3")
    from civtable.envs.vector import sb3_vec_env

    venv = sb3_vec_env(vector_env("catan-deckbuilding", 3, opponents=["random"], seed=2, max_steps=40))
    obs = venv.reset()
    assert obs.shape[0] == 3
    rng = np.random.default_rng(0)
    seen_end = False
    for _ in range(200):
        masks = venv.env_method("action_masks")
        obs, rewards, dones, infos = venv.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
        for i in np.flatnonzero(dones):
            seen_end = True
            assert "terminal_observation" in infos[i]
    assert seen_end

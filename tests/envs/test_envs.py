"""The environments of every game (issue 15 items 3-4): PettingZoo's own test kit
(``api_test``, ``seed_test``), Gymnasium's ``check_env``, masks, illegal numbers, the
adapters, and that an agent's vector and mask do not change when only what it cannot
see changes."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from civtable.core.errors import IllegalActionError, OptionError  # noqa: E402
from civtable.core.registry import game_ids, register_game, target_of  # noqa: E402
from civtable.core.rng import Rng  # noqa: E402
from civtable.envs import gymnasium_env, pettingzoo_env, rllib_env  # noqa: E402
from civtable.envs.adapters import tianshou_obs  # noqa: E402

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")

CASES = [
    ("toy-nim", 2, {}),
    ("toy-nim", 2, {"opening": "bid"}),
    ("catan-deckbuilding", 2, {}),
    ("civ-card-game", 2, {}),
    ("civ-card-game", 4, {}),
    ("mega-civ", 5, {"map": "small"}),
]
CYCLES = {"mega-civ": 150}


def declared(game_id: str) -> bool:
    from civtable.core.registry import load_game

    try:
        load_game(game_id).action_space()
    except NotImplementedError:
        return False
    return True


def case_id(case: tuple[str, int, dict[str, object]]) -> str:
    g, n, o = case
    return f"{g}-{n}" + "".join(f"-{k}={v}" for k, v in o.items())


@pytest.fixture(params=CASES, ids=case_id)
def case(request: pytest.FixtureRequest) -> tuple[str, int, dict[str, object]]:
    g = request.param[0]
    if not declared(g):
        pytest.skip(f"{g} declares no action space yet")
    return request.param


def test_every_game_declares_an_action_space_and_an_encoding() -> None:
    shipped = [g for g in game_ids() if target_of(g).startswith("civtable.games.")]
    assert len(shipped) == 4, shipped
    missing = [g for g in shipped if not declared(g)]
    assert not missing, f"no action space: {missing}"


def test_pettingzoo_api_test(case: tuple[str, int, dict[str, object]]) -> None:
    g, n, o = case
    env = pettingzoo_env(g, players=n, seed=3, **o)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=CYCLES.get(g, 400))


def test_pettingzoo_seed_test(case: tuple[str, int, dict[str, object]]) -> None:
    g, n, o = case
    seed_test(lambda: pettingzoo_env(g, players=n, **o), num_cycles=CYCLES.get(g, 200))


def test_gymnasium_check_env(case: tuple[str, int, dict[str, object]]) -> None:
    g, n, o = case
    env = gymnasium_env(g, opponents=["random"] * (n - 1), seat=n - 1, **o)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


def play_masked(env, seed: int, limit: int = 3000) -> tuple[list[int], float]:  # type: ignore[no-untyped-def]
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen, total = [], 0.0
    for _ in range(limit):
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        assert env.observation_space.contains(obs)
        a = int(rng.choice(np.flatnonzero(mask)))
        chosen.append(a)
        obs, reward, term, trunc, info = env.step(a)
        total += reward
        if term or trunc:
            break
    return chosen, total


def test_a_whole_game_through_the_gymnasium_env_ends_with_the_game_result(
        case: tuple[str, int, dict[str, object]]) -> None:
    g, n, o = case
    env = gymnasium_env(g, opponents=["greedy"] * (n - 1), **o)
    chosen, total = play_masked(env, 5)
    state = env.unwrapped.engine.state
    assert state.is_terminal()
    assert total == state.returns()[0]
    again, total2 = play_masked(gymnasium_env(g, opponents=["greedy"] * (n - 1), **o), 5)
    assert (again, total2) == (chosen, total), "the same seed played another game"


def test_illegal_numbers_are_refused_or_penalised_and_change_nothing() -> None:
    env = gymnasium_env("toy-nim", opponents="greedy", illegal="raise", **{"max-take": 2})
    env.reset(seed=1)
    before = env.unwrapped.engine.state.to_json()
    mask = env.action_masks()
    masked = int(np.flatnonzero(~mask)[0])
    for bad in (masked, -1, env.action_space.n, 1.5, "2"):
        with pytest.raises(IllegalActionError):
            env.step(bad)
    assert env.unwrapped.engine.state.to_json() == before
    pen = gymnasium_env("toy-nim", opponents="greedy", illegal_limit=3, **{"max-take": 2})
    pen.reset(seed=1)
    for k in range(3):
        obs, reward, term, trunc, info = pen.step(masked)
        assert (reward, term, trunc) == (-1.0, False, k == 2) and "masked out" in info["illegal"]
        assert pen.unwrapped.engine.state.to_json() == before
    cut = gymnasium_env("toy-nim", opponents="greedy", illegal="truncate", **{"max-take": 2})
    cut.reset(seed=1)
    assert cut.step(masked)[1:4] == (-1.0, False, True)
    aec = pettingzoo_env("toy-nim", seed=1)
    aec.reset(seed=1)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        aec.step(99)


def test_bad_environment_arguments_say_what_is_wrong() -> None:
    with pytest.raises(OptionError, match="3 players need 2 opponents"):
        gymnasium_env("toy-nim", opponents=["greedy"] * 3, players=3)
    with pytest.raises(OptionError, match="seat"):
        gymnasium_env("toy-nim", seat=5)
    with pytest.raises(ValueError, match="illegal"):
        gymnasium_env("toy-nim", illegal="ignore")


def test_the_mask_sits_in_the_observation_and_in_the_info() -> None:
    env = pettingzoo_env("toy-nim", seed=2)
    env.reset(seed=2)
    obs, _, _, _, info = env.last()
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert obs["action_mask"].sum() == len(env.unwrapped.engine.state.legal_actions(0 if env.agent_selection == "player_0" else 1))
    other = next(a for a in env.agents if a != env.agent_selection)
    assert env.observe(other)["action_mask"].sum() == 0 and env.infos[other]["action_mask"].sum() == 0


def test_simultaneous_bids_are_asked_one_seat_at_a_time_without_showing_the_first() -> None:
    """Toy Nim's opening bids are simultaneous: player 0 bids first, and player 1's
    vector does not depend on that bid."""
    seen = []
    for bid in (0, 2):
        env = pettingzoo_env("toy-nim", seed=4, opening="bid")
        env.reset(seed=4)
        assert env.agent_selection == "player_0"
        env.step(env.unwrapped.engine.space.index(f"bid {bid}"))
        assert env.agent_selection == "player_1"
        seen.append(env.observe("player_1")["observation"])
    assert np.array_equal(seen[0], seen[1])


def test_an_agents_vector_does_not_change_with_what_it_cannot_see(case: tuple[str, int, dict[str, object]]) -> None:
    g, n, o = case
    env = pettingzoo_env(g, players=n, seed=7, **o)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    for step in range(120):
        agent = env.agent_selection
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        engine = env.unwrapped.engine
        seat = int(agent.split("_")[1])
        for k in range(2):
            sample = engine.state.determinize(seat, Rng(step * 10 + k))
            vec = engine.game.encode(sample.observation(seat), seat)
            assert np.array_equal(vec, obs["observation"]), f"step {step}: the vector saw hidden information"
            mask = engine.space.mask(sample.legal_actions(seat))
            assert np.array_equal(mask, obs["action_mask"])
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_the_rllib_and_tianshou_adapters_carry_the_mask() -> None:
    env = rllib_env("toy-nim", opponents="greedy")
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert np.array_equal(obs["action_mask"].astype(bool), env.unwrapped.action_masks())
    aec = pettingzoo_env("toy-nim", seed=3)
    aec.reset(seed=3)
    o = tianshou_obs(aec.agent_selection, aec.observe(aec.agent_selection))
    assert o["mask"].dtype == bool and o["mask"].any() and o["obs"].shape == (aec.unwrapped.engine.enc.size,)


def test_shaping_pays_the_change_of_the_seats_lead_in_score() -> None:
    """With shaping, the rewards of an episode add up to the result plus k times the
    final lead (the lead starts where the first decision finds it)."""
    env = gymnasium_env("toy-nim", opponents="random", shaping=0.5)
    obs, info = env.reset(seed=9)
    state = env.unwrapped.engine.state
    start = state.scores()[0] - state.scores()[1]
    total = 0.0
    rng = np.random.default_rng(9)
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
        if term or trunc:
            break
    s = env.unwrapped.engine.state.scores()
    assert total == pytest.approx(state.returns()[0] + 0.5 * ((s[0] - s[1]) - start))


def test_a_game_whose_result_is_a_persons_report_has_no_environment() -> None:
    """Issue 28, item 1: civ-solo's result is what the person reports of the physical board
    ("won" is legal from turn 1): a learner's claim would be its reward, so every
    environment refuses the game with one sentence."""
    from civtable.envs import parallel_env, vector_env

    for make in (lambda: pettingzoo_env("civ-solo"), lambda: gymnasium_env("civ-solo", opponents=[]),
                 lambda: parallel_env("civ-solo"), lambda: vector_env("civ-solo", 2, opponents=[])):
        with pytest.raises(OptionError, match="no learning environment: its result is what a person reports"):
            make()

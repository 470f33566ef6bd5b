"""The text environment (civtable.envs.text_env): TextArena's loop over the same view as
``llm:MODEL``, whole games of every game, refusals with the engine's reason, and bots in
the other seats."""

from __future__ import annotations

import re

import pytest

from civtable.agents import PlayerView
from civtable.agents.llm.prompt import prompt_messages
from civtable.core.errors import OptionError
from civtable.core.rng import Rng
from civtable.envs.text_env import TextEnv, observation_text

LISTED = re.compile(r"^(\d+)\. ", re.MULTILINE)
GAMES = [("catan-deckbuilding", {}, {1: "greedy"}), ("civ-card-game", {"players": 3}, {2: "random"}),
         ("civ-solo", {}, {}), ("mega-civ", {"players": 5, "map": "small", "last-turn": 3, "game-end": "B"},
                                {1: "greedy", 2: "greedy", 3: "greedy"})]


@pytest.mark.parametrize(("game_id", "options", "opponents"), GAMES, ids=[g for g, _, _ in GAMES])
def test_whole_games_through_observation_strings_and_action_strings(game_id: str, options: dict[str, object],
                                                                    opponents: dict[int, str]) -> None:
    env = TextEnv(game_id, opponents=opponents, seed=3, **options)
    env.reset(seed=5)
    rng = Rng(1)
    seen: set[int] = set()
    done = False
    while not done:
        player, observation = env.get_observation()
        assert player not in opponents
        seen.add(player)
        numbers = LISTED.findall(observation)
        assert numbers, observation[-500:]
        done, info = env.step(numbers[rng.below(len(numbers))])
        assert "illegal" not in info
    rewards, info = env.close()
    assert info["finished"] and set(rewards) == set(range(env.game.num_players))
    assert seen == set(range(env.game.num_players)) - set(opponents)


def test_the_observation_is_the_models_prompt() -> None:
    env = TextEnv("catan-deckbuilding", opponents={1: "greedy"})
    env.reset(seed=2)
    player, observation = env.get_observation()
    state = env.state
    assert state is not None
    system, user = (m["content"] for m in prompt_messages(PlayerView(state, player), state.events(player)))
    assert observation == f"{system}\n\n{user}" == observation_text(state, player)


def test_an_illegal_action_is_answered_with_the_reason_then_the_fallback_plays() -> None:
    env = TextEnv("catan-deckbuilding", opponents={1: "greedy"}, error_allowance=2)
    env.reset(seed=2)
    state = env.state
    assert state is not None
    player, _ = env.get_observation()
    reason = state.explain(player, "fly to the moon").rstrip(".")
    done, info = env.step("fly to the moon")
    assert not done and info == {"player": player, "illegal": reason}
    _, again = env.get_observation()
    assert f"\n\nYour last action was refused: {reason}.\n\nNothing happened" in again or \
        f"\n\nYour last action was refused: {reason}.\n\nWhat happened" in again
    env.step("99")
    done, info = env.step("fly to the moon")
    assert "fallback" in info and info["action"] == info["fallback"], "after the allowance the fallback bot moved"
    _, after = env.get_observation()
    assert "Your last action was refused" not in after
    assert env.close()[1]["illegal"] == 3


def test_bad_settings_are_one_sentence() -> None:
    with pytest.raises(OptionError, match="opponents names seat 5; the seats are 0 to 1"):
        TextEnv("catan-deckbuilding", opponents={5: "greedy"})
    with pytest.raises(OptionError, match="every seat is a bot"):
        TextEnv("catan-deckbuilding", opponents={0: "greedy", 1: "greedy"})
    env = TextEnv("catan-deckbuilding")
    with pytest.raises(OptionError, match=r"call reset\(\) first"):
        env.get_observation()
    with pytest.raises(OptionError, match="for 2 players, not 3"):
        env.reset(num_players=3)

"""The environments' fast paths give what the plain ones give (issue 28 item 3): the
mask made by lookup and its legal action objects, and civ-card-game's vector read from
the state (``Encoder.encode_state``) equal to ``encode`` of the observation, hidden
information changed or not."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from civtable.core.errors import IllegalActionError  # noqa: E402
from civtable.core.registry import load_game  # noqa: E402
from civtable.core.rng import Rng  # noqa: E402
from civtable.envs.engine import Engine  # noqa: E402
from civtable.games.catan_deckbuilding.state import MAIN  # noqa: E402


@pytest.mark.parametrize("game_id,options", [("catan-deckbuilding", {}), ("civ-card-game", {"players": 3}),
                                             ("mega-civ", {"map": "small"})])
def test_the_mask_and_the_numbers_follow_the_legal_actions(game_id: str, options: dict[str, object]) -> None:
    game = load_game(game_id, **options)
    engine = Engine(game, seed=5)
    pick = Rng(5).below
    for _ in range(150):
        state = engine.state
        if state.is_terminal():
            break
        movers = state.to_move()
        for seat in range(game.num_players):
            mask = engine.mask(seat)
            expected = game.action_space().mask(state.legal_actions(seat)) if seat in movers else \
                np.zeros(game.action_space().size, dtype=np.int8)
            assert mask.dtype == np.int8 and np.array_equal(mask, expected)
            with pytest.raises(ValueError, match="read-only"):
                mask[:] = 1  # handed out read-only: nobody's change reaches another caller
            assert np.array_equal(engine.mask(seat), expected)
        seat = movers[0]
        numbers = np.flatnonzero(engine.mask(seat))
        masked = np.flatnonzero(engine.mask(seat) == 0)
        if len(masked):
            with pytest.raises(IllegalActionError, match="masked out"):
                engine.action(seat, int(masked[0]))
        legal = state.legal_actions(seat)
        chosen = numbers[pick(len(numbers))]
        for number in (chosen, int(chosen), np.array(chosen)):
            action = engine.action(seat, number)
            assert action.text == game.action_space().text(int(chosen)) and action in legal
        engine.apply(seat, action)


def test_the_card_games_vector_read_from_the_state_is_the_observations() -> None:
    for players in (2, 4):
        game = load_game("civ-card-game", players=players)
        game.encoding()
        encoder = game._encoding()
        state = game.new_state(seed=players)
        pick = Rng(players).below
        checked = 0
        while not state.is_terminal():
            for seat in range(players):
                v = encoder.encode_state(state, seat)
                assert v.dtype == np.float32
                assert np.array_equal(v, game.encode(state.observation(seat), seat)), f"seat {seat}, {checked}"
                if checked % 7 == 0:  # another hand, another deck order: the same vector
                    sample = state.determinize(seat, Rng(checked))
                    assert np.array_equal(encoder.encode_state(sample, seat), v)
                checked += 1
            mover = state.to_move()[0]
            actions = state.legal_actions(mover)
            state.apply(mover, actions[pick(len(actions))])
        assert checked > 100


@pytest.mark.parametrize("game_id,options", [("catan-deckbuilding", {}), ("civ-card-game", {"players": 3}),
                                             ("mega-civ", {"map": "small"})])
def test_every_agents_info_holds_its_own_mask_at_every_step(game_id: str, options: dict[str, object]) -> None:
    """The AEC env changes the infos in place and makes masks only for the seats to move:
    at every step each agent's info still holds exactly its mask (the legal numbers of a
    seat to move, else zeros), the same array as its observation's."""
    pytest.importorskip("pettingzoo")
    from civtable.envs import pettingzoo_env

    env = pettingzoo_env(game_id, seed=3, **options)
    space = env.unwrapped.engine.space
    rng = Rng(3)
    for game_seed in (3, 4):
        env.reset(seed=game_seed)
        for steps, _agent in enumerate(env.agent_iter(400)):
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                assert not info["action_mask"].any()
                env.step(None)
                continue
            state = env.unwrapped.engine.state
            movers = state.to_move()
            for i, name in enumerate(env.possible_agents):
                expected = space.mask(state.legal_actions(i)) if i in movers else np.zeros(space.size, np.int8)
                assert np.array_equal(env.infos[name]["action_mask"], expected), f"step {steps}, {name}"
            assert info["action_mask"] is obs["action_mask"]
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))


def test_a_refused_number_changes_nothing_on_the_games_own_mask() -> None:
    """catan's mask is its compiled rules' (``legal_mask``): a masked-out number, one outside
    the space or no number at all is refused with a sentence, and the game is unchanged."""
    pytest.importorskip("pettingzoo")
    from civtable.envs import pettingzoo_env

    env = pettingzoo_env("catan-deckbuilding", seed=8)
    env.reset(seed=8)
    obs, *_ = env.last()
    before = env.unwrapped.engine.state.to_json()
    masked = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for bad in (masked, -1, len(obs["action_mask"]), 1.5, "2", None):
        with pytest.raises(IllegalActionError):
            env.step(bad)
        assert env.unwrapped.engine.state.to_json() == before
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(np.int64(legal))  # a NumPy number is a number
    assert env.unwrapped.engine.steps == 1


@pytest.mark.parametrize("options", [{}, {"counter-knight": "C", "road-grouping": "B"},
                                     {"road-sea": "B", "win-timing": "B"}])
def test_catans_main_phase_mask_is_its_legal_list(options: dict[str, str]) -> None:
    """CDB-7.1: catan's mask in the main phase is made without the list of actions
    (``rules.main.mask``): along random games under rule variants, it marks exactly the
    numbers of ``legal_actions`` at every position, for the decider and for the other seat."""
    game = load_game("catan-deckbuilding", **options)
    space = game.action_space()
    mask_of = game.legal_mask
    assert mask_of is not None
    rng = Rng(21)
    main_positions = 0
    for seed in range(40):
        state = game.new_state(seed=seed).silence()
        while not state.is_terminal():
            seat = state.to_move()[0]
            for p in (0, 1):
                got = np.frombuffer(mask_of(state, p), dtype=np.int8)
                expected = space.mask(state.legal_actions(p)) if p == seat else np.zeros(space.size, np.int8)
                assert np.array_equal(got, expected), (seed, state.turn, p, state.legal_actions(p))
            main_positions += state.phase == MAIN
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    assert main_positions > 5000


def test_the_engine_steps_without_an_aec_environment_bound() -> None:
    """``Engine.advance`` plays and makes the next mover's mask whether or not an AEC
    environment is bound to show it (``Engine.bind``)."""
    game = load_game("catan-deckbuilding")
    engine = Engine(game, seed=3)
    for _ in range(60):
        seat = engine.state.to_move()[0]
        number = int(np.flatnonzero(engine.mask(seat))[0])
        nxt = engine.advance(seat, number, -1)
        if nxt < 0:
            break
        assert nxt == engine.state.to_move()[0]
        assert np.array_equal(engine.mask(nxt), game.action_space().mask(engine.state.legal_actions(nxt)))
    assert engine.steps > 0

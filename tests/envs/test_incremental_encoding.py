"""catan-deckbuilding's incremental encoding (issue 28 item 3): ``encode_state`` rewrites only
what changed since the encoder's last vectors, so after every step of many random games, in
any order of positions (both seats, clones of earlier positions, a new game, two games
interleaved, samples of a seat's information set) it must equal the fresh vector
``encode(observation(seat), seat)``, and be handed out read-only."""

from __future__ import annotations

import numpy as np
import pytest

from civtable.core.registry import load_game
from civtable.core.rng import Rng


def fresh(game: object, state: object, seat: int) -> np.ndarray:
    v: np.ndarray = game.encode(state.observation(seat), seat)  # type: ignore[attr-defined]
    return v


def same(game: object, state: object, seat: int, where: str) -> None:
    v = game.encode_state(state, seat)  # type: ignore[attr-defined]
    w = fresh(game, state, seat)
    assert v.dtype == np.float32 and v.shape == w.shape
    diff = np.flatnonzero(v != w)
    assert not len(diff), f"{where}: seat {seat} differs at numbers {diff[:8].tolist()}"


@pytest.mark.parametrize("options", [{}, {"discard-visibility": "B"}, {"supply-total": "B", "max-turns": 20}])
def test_the_incremental_vector_is_the_fresh_one_after_every_step(options: dict[str, object]) -> None:
    game = load_game("catan-deckbuilding", **options)
    rng = Rng(7)
    checked = 0
    for n in range(6):
        state = game.new_state(seed=100 + n)  # a new game on the same encoder: its records go on
        earlier = []
        steps = 0
        while not state.is_terminal() and steps < 600:
            seat = state.to_move()[0]
            same(game, state, seat, f"game {n} step {steps}")  # the mover, as the environments ask
            if steps % 5 == 0:
                same(game, state, 1 - seat, f"game {n} step {steps}, the other seat")
            if steps % 37 == 0:
                earlier.append(state.clone())
            if steps % 41 == 0 and earlier:  # back to an earlier position, then on again
                old = earlier[rng.below(len(earlier))]
                same(game, old, rng.below(2), f"game {n} step {steps}, a clone of an earlier position")
            if steps % 53 == 0:  # another deck order and other hands: the viewer's vector stays
                sample = state.determinize(seat, Rng(steps))
                assert np.array_equal(game.encode_state(sample, seat), fresh(game, state, seat))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            steps += 1
            checked += 1
        for seat in (0, 1):
            same(game, state, seat, f"game {n}, its last position")
    assert checked > 500


def test_two_games_interleaved_on_one_encoder() -> None:
    game = load_game("catan-deckbuilding")
    states = [game.new_state(seed=1), game.new_state(seed=2)]
    rng = Rng(3)
    for step in range(800):
        state = states[step % 2]
        if state.is_terminal():
            continue
        seat = state.to_move()[0]
        same(game, state, seat, f"step {step}")
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])


def test_the_vector_is_read_only_and_kept_while_nothing_changes() -> None:
    game = load_game("catan-deckbuilding")
    state = game.new_state(seed=4)
    v = game.encode_state(state, 0)
    with pytest.raises(ValueError, match="read-only"):
        v[0] = 1.0
    assert game.encode_state(state, 0) is v  # nothing changed: the same array
    seat = state.to_move()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    w = game.encode_state(state, 0)
    assert np.array_equal(v, fresh(game, game.new_state(seed=4), 0))  # the old one never changes
    assert np.array_equal(w, fresh(game, state, 0))


def test_only_light_moves_read_only_their_players_hand_and_a_hand_made_change_is_read_in_full() -> None:
    """After ``LIGHT`` moves alone (``CatanState.heavy``), the encoder reads the current
    player's hand and the table only: a light move changes nothing else. A position changed
    by hand (a test's position, no move applied since the last read) is read in full."""
    from civtable.games.catan_deckbuilding.catalog import ORE
    from civtable.games.catan_deckbuilding.state import LIGHT, MAIN

    game = load_game("catan-deckbuilding")
    rng = Rng(9)
    light = 0
    for seed in range(20):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            seat = state.to_move()[0]
            same(game, state, seat, f"seed {seed}")
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            was = state.phase == MAIN and LIGHT[action.index]
            before = state.clone()
            state.apply(seat, action)
            if was:  # nothing but the mover's hand, laid-down cards, pool and turn counters moved
                light += 1
                assert state.heavy < state.stamp
                assert (state.draw, state.disc, state.supply, state.reserved, state.hand[1 - seat]) == \
                    (before.draw, before.disc, before.supply, before.reserved, before.hand[1 - seat])
            else:
                assert state.heavy == state.stamp
    assert light > 1000
    state = game.new_state(seed=3)
    seat = state.to_move()[0]
    same(game, state, 1 - seat, "before the hand-made change")
    state.disc[1 - seat].append(ORE)  # by hand, not by a move
    state.draw[seat].append(ORE)
    for viewer in (0, 1):
        same(game, state, viewer, "after the hand-made change")


def test_the_aec_environments_observations_are_the_fresh_vectors() -> None:
    pytest.importorskip("pettingzoo")
    from civtable.envs import pettingzoo_env

    env = pettingzoo_env("catan-deckbuilding", seed=2)
    rng = Rng(2)
    for game_seed in (5, 6):
        env.reset(seed=game_seed)
        kept = []
        for steps, agent in enumerate(env.agent_iter()):
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = int(agent.split("_")[1])
            state = env.state_object
            assert np.array_equal(obs["observation"], fresh(env.engine.game, state, seat))
            assert info["action_mask"] is obs["action_mask"]
            if steps % 50 == 0:
                kept.append((obs["observation"], state.clone(), seat))
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))
            if steps > 1500:
                break
        for v, old, seat in kept:  # what was handed out earlier has not changed since
            assert np.array_equal(v, fresh(env.engine.game, old, seat))

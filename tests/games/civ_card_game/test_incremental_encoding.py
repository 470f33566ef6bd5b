"""The card game's incremental encoding (issue 28 item 3): ``encode_state`` keeps in the state,
per viewer, the vector it made last and what it was made from (``encode.Memo``), and writes
again only the parts whose sources changed. So after every step of whole random games, in any
order of positions (every seat, clones of earlier positions, samples of ``determinize``, two
games interleaved, a position changed outside ``apply``), it must equal the fresh vector
``encode(observation(seat), seat)`` bit for bit, be handed out read-only, and not change when
what the viewer cannot see changes in the very state it remembers."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from civtable.core.rng import Rng

from . import _ccg_helpers as h


def fresh(game: Any, state: Any, seat: int) -> np.ndarray:
    v: np.ndarray = game.encode(state.observation(seat), seat)
    return v


def same(game: Any, state: Any, seat: int, where: str) -> np.ndarray:
    v: np.ndarray = game.encode_state(state, seat)
    w = fresh(game, state, seat)
    assert v.dtype == np.float32 and v.shape == w.shape
    diff = np.flatnonzero(v.view(np.uint32) != w.view(np.uint32))  # bit for bit
    assert not len(diff), (f"{where}: seat {seat} differs at numbers {diff[:8].tolist()}: "
                           f"{v[diff[:8]].tolist()} instead of {w[diff[:8]].tolist()}")
    return v


@pytest.mark.parametrize("players,options", [
    (2, {}),
    (3, {"status-tie": "B", "slot-count": "B", "catapult-repeat": "B"}),
    (4, {"code-of-laws-choice": "B", "unit-list": "B", "game-end-timing": "C"}),
    (2, {"code-of-laws-choice": "C", "bounce": "B", "multi-yield": "B", "max-turns": 30}),
])
def test_the_incremental_vector_is_the_fresh_one_after_every_step(players: int, options: dict[str, Any]) -> None:
    game = h.game(players, **options)
    rng = Rng(11 + players)
    checked = 0
    phases: set[str] = set()
    for n in range(3):
        state = game.new_state(seed=200 + n)
        earlier: list[Any] = []
        steps = 0
        while not state.is_terminal() and steps < 2500:
            seat = state.to_move()[0]
            same(game, state, seat, f"game {n} step {steps}")  # the mover, as the environments ask
            if steps % 3 == 0:
                other = (seat + 1 + rng.below(players - 1)) % players
                same(game, state, other, f"game {n} step {steps}, another seat")
            if steps % 29 == 0:
                earlier.append(state.clone())
            if steps % 31 == 0 and earlier:  # back to an earlier position (a clone), then on again
                old = earlier[rng.below(len(earlier))]
                same(game, old, rng.below(players), f"game {n} step {steps}, an earlier position")
            if steps % 43 == 0:  # another deck order and other hands: the viewer's vector stays
                sample = state.determinize(seat, Rng(steps))
                assert np.array_equal(game.encode_state(sample, seat), fresh(game, state, seat))
            phases.add(state.to_json()["phase"])
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            steps += 1
            checked += 1
        for seat in range(players):
            same(game, state, seat, f"game {n}, its last position")
        for seat, old in enumerate(earlier[:players]):  # the clones went on with their own memos
            same(game, old, seat, f"game {n}, a clone kept")
    assert checked > 300
    assert {"draft", "purchase", "discard"} <= phases
    if options.get("multi-yield") != "B":  # reading B yields without a choice
        assert "collect" in phases


def test_combat_and_the_choices_inside_it_are_followed() -> None:
    """Games until the combat steps (declare, defend, lose population...) were met many times."""
    game = h.game(2, **{"catapult-repeat": "B", "code-of-laws-choice": "B"})
    rng = Rng(5)
    seen: dict[str, int] = {}
    for n in range(25):
        state = game.new_state(seed=400 + n)
        while not state.is_terminal():
            seat = state.to_move()[0]
            phase = state.to_json()["phase"]
            seen[phase] = seen.get(phase, 0) + 1
            same(game, state, seat, f"game {n} {phase}")
            same(game, state, 1 - seat, f"game {n} {phase}, the other seat")
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        if all(seen.get(p, 0) >= 3 for p in ("declare", "defend", "lose-population")):
            break
    assert all(seen.get(p, 0) >= 3 for p in ("declare", "defend", "lose-population")), seen


def test_two_games_interleaved_and_a_change_outside_apply() -> None:
    game = h.game(3)
    states = [game.new_state(seed=1), game.new_state(seed=2)]
    same(game, states[1], 0, "a new game")
    game.give_item(states[1], game.value_items()[0], 0)  # a technology given before the draft
    same(game, states[1], 0, "a technology given")
    rng = Rng(3)
    step = 0
    while step < 1200 and not all(st.is_terminal() for st in states):
        state = states[step % 2]
        step += 1
        if state.is_terminal():
            continue
        seat = state.to_move()[0]
        for viewer in (seat, (seat + 1) % 3):  # the mover and the next seat, each on its own memo
            same(game, state, viewer, f"step {step}")
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])


def test_hidden_information_changed_in_the_remembered_state_changes_nothing() -> None:
    """Another seat's hand (the same size, other cards) and the order of every deck changed
    in place, in the very state whose memo made the last vector: the vector does not change
    (and a memo that read a hidden number would have written it)."""
    game = h.game(2)
    rng = Rng(9)
    checked = 0
    for n in range(4):
        state = game.new_state(seed=50 + n)
        steps = 0
        while not state.is_terminal():
            seat = state.to_move()[0]
            before = same(game, state, seat, f"game {n} step {steps}").copy()
            other = 1 - seat
            hand = state.hand[other]
            held = [c for c, k in enumerate(hand) for _ in range(k)]
            if held:  # one card of the other hand swapped for a card of the deck
                out = held[rng.below(len(held))]
                if state.deck:
                    j = rng.below(len(state.deck))
                    hand[out] -= 1
                    hand[state.deck[j]] += 1
                    state.deck[j] = out
                for pile in (state.deck, state.tech_deck, state.plot_deck):
                    rng.shuffle(pile)
                state.legal = None
                after = same(game, state, seat, f"game {n} step {steps}, hidden cards changed")
                assert np.array_equal(after, before)
                checked += 1
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            steps += 1
    assert checked > 100


def test_the_vector_is_read_only_and_kept_while_nothing_changes() -> None:
    game = h.game(2)
    state = game.new_state(seed=4)
    v = game.encode_state(state, 0)
    with pytest.raises(ValueError, match="read-only"):
        v[0] = 1.0
    assert game.encode_state(state, 0) is v  # nothing changed: the same array
    w1 = game.encode_state(state, 1)
    assert w1 is not v and game.encode_state(state, 1) is w1
    seat = state.to_move()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    w = game.encode_state(state, 0)
    assert w is not v
    assert np.array_equal(v, fresh(game, game.new_state(seed=4), 0))  # the old one never changes
    assert np.array_equal(w, fresh(game, state, 0))
    assert state.clone().memo is None  # a clone starts without


def test_a_position_edited_by_hand_is_followed() -> None:
    """What the rules never do, the memo follows all the same: a plot of another type at the
    same number, a plot and a technology taken away, the decks emptied."""
    game = h.game(2)
    rng = Rng(8)
    state = game.new_state(seed=8)
    while state.turn_no < 6 and not state.is_terminal():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    for seat in (0, 1):
        same(game, state, seat, "before")
    plots = state.plots[0]
    plots[0][0] = (plots[0][0] + 1) % len(game.rules.cards.plots)
    state.changed(0)
    for seat in (0, 1):
        same(game, state, seat, "a plot of another type")
    plots.pop()
    state.techs[1] = 0
    state.changed(0)
    state.changed(1)
    for seat in (0, 1):
        same(game, state, seat, "a plot and the technologies taken away")
    state.deck.clear()
    state.tech_deck.clear()
    state.plot_deck.clear()
    for seat in (0, 1):
        same(game, state, seat, "the decks emptied")


@pytest.mark.parametrize("viewer", [-1, 2, 5])
def test_a_seat_out_of_range_is_refused(viewer: int) -> None:
    game = h.game(2)
    state = game.new_state(seed=4)
    with pytest.raises(ValueError, match="viewer must be a seat from 0 to 1"):
        game.encode_state(state, viewer)


def test_the_aec_environments_observations_are_the_fresh_vectors_and_stay_so() -> None:
    """Through PettingZoo's loop (the agents' own view): every observation is the fresh vector
    of its position, read-only, and what was handed out earlier still is its own position's."""
    pytest.importorskip("pettingzoo")
    from civtable.envs import pettingzoo_env

    env = pettingzoo_env("civ-card-game", seed=2)
    game = env.engine.game
    pick = Rng(2).below
    handed: list[tuple[np.ndarray, Any, int]] = []
    for game_seed in (5, 6):
        env.reset(seed=game_seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            vector = obs["observation"]
            assert not vector.flags.writeable
            assert np.array_equal(vector, fresh(game, env.state_object, seat))
            if pick(40) == 0:
                handed.append((vector, env.state_object.clone(), seat))
            numbers = obs["action_mask"].nonzero()[0]
            env.step(int(numbers[pick(len(numbers))]))
    assert len(handed) > 5
    assert all(np.array_equal(v, fresh(game, old, seat)) for v, old, seat in handed)

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

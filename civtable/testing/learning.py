"""Checks of what learning agents use: the fixed action space and the observation
encoding (``Game.action_space``, ``Game.encoding``, ``Game.encode``).

- the space is built once per game object, and the same for the same options;
- every legal action of every visited position is in the space, and the mask marks
  exactly the legal actions; numbers outside the space are refused;
- the space is the same list in another process (under another hash seed);
- the encoding has its declared size, is finite and within its declared bounds, does
  not change the observation it reads, and does not change when what the viewer may
  not see changes (a sample of the viewer's information set is encoded the same).
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from civtable.core.errors import IllegalActionError
from civtable.core.game import Game
from civtable.core.registry import target_of
from civtable.core.rng import Rng
from civtable.core.spaces import ActionSpace
from civtable.core.state import State


def check_space_built_once(make: Callable[[], Game]) -> ActionSpace:
    """The action space of a game made by ``make`` is built once per game object, and
    another game of the same options has the same space (its texts and digest);
    returns it."""
    g = make()
    space = g.action_space()
    assert g.action_space() is space, "action_space() must be built once per game object"
    again = make().action_space()
    assert again.texts == space.texts and again.digest == space.digest, "the same options gave another space"
    return space


def check_action_space(state: State) -> None:
    """Every mover's legal actions are in the space and the mask marks exactly them."""
    import numpy as np

    space = state.game.action_space()
    assert state.game.action_space() is space, "action_space() must be built once per game object"
    for p in state.to_move():
        legal = state.legal_actions(p)
        mask = space.mask(legal)  # raises for a legal action missing from the space
        assert mask.dtype == np.int8 and mask.shape == (space.size,)
        assert int(mask.sum()) == len(legal), "two legal actions share one index"
        for a in legal:
            i = space.index(a)
            assert space.text(i) == a.text, f"index {i} reads back as {space.text(i)!r}, not {a.text!r}"
    for bad in (-1, space.size, 1.5, "3", None):
        try:
            space.text(bad)
        except IllegalActionError:
            continue
        raise AssertionError(f"action index {bad!r} was accepted")


def encoded(game: Game, obs: dict[str, Any], viewer: int) -> Any:
    """``encode`` checked: its shape, type, bounds, and that it leaves ``obs`` alone."""
    import numpy as np

    enc = game.encoding()
    kept = copy.deepcopy(obs)
    v = game.encode(obs, viewer)
    assert obs == kept, "encode() changed the observation it read"
    assert isinstance(v, np.ndarray) and v.dtype == np.float32, "encode() must return a float32 array"
    assert v.shape == (enc.size,), f"encode() gave shape {v.shape}, the encoding declares {enc.size}"
    assert np.isfinite(v).all(), "encode() gave a number that is not finite"
    low, high = enc.bounds()
    out = np.nonzero((v < low) | (v > high))[0]
    if len(out):
        i = int(out[0])
        name = next(f.name for f in enc.features if enc.slot(f.name).start <= i < enc.slot(f.name).stop)
        raise AssertionError(f"encode(): number {i} ({name}) is {v[i]}, outside {low[i]}..{high[i]}")
    return v


def check_encoding(state: State, seed: int) -> None:
    """Every seat's encoding is valid, and equal in samples of its information set; the
    environments' way (``Game.encode_state`` and ``encode_states``, read from the state)
    gives the very same numbers as ``encode`` of the observation, in the samples too."""
    import numpy as np

    game = state.game
    for p in range(state.num_players):
        v = encoded(game, state.observation(p), p)
        check_encode_state(state, p, v)
        for k in range(2):
            other = state.determinize(p, Rng(seed + k))
            w = encoded(game, other.observation(p), p)
            assert np.array_equal(v, w), (
                f"player {p}'s encoding changed when only what he cannot see changed "
                f"(numbers {np.nonzero(v != w)[0][:8].tolist()})")
            check_encode_state(other, p, v)


def check_encode_state(state: State, viewer: int, expected: Any) -> None:
    """``encode_state(state, viewer)`` and a batch of ``encode_states`` equal ``expected``
    (``encode`` of the viewer's observation) number for number, as ``float32``."""
    import numpy as np

    game = state.game
    v = game.encode_state(state, viewer)
    assert isinstance(v, np.ndarray) and v.dtype == np.float32 and v.shape == expected.shape, (
        f"encode_state() gave {type(v).__name__} {getattr(v, 'dtype', '')} {getattr(v, 'shape', '')}")
    diff = np.nonzero(v != expected)[0]
    assert not len(diff), (f"player {viewer}: encode_state() differs from encode(observation) at numbers "
                           f"{diff[:8].tolist()} ({v[diff[:4]].tolist()} against {expected[diff[:4]].tolist()})")
    batch = game.encode_states([state, state], [viewer, viewer])
    assert batch.dtype == np.float32 and batch.shape == (2, *expected.shape), "encode_states() gave another shape"
    assert np.array_equal(batch[0], expected) and np.array_equal(batch[1], expected), (
        f"player {viewer}: encode_states() differs from encode(observation)")


SCRIPT = r"""
import json, sys
from civtable.core.registry import load_game, register_game
game_id, target, options = json.loads(sys.argv[1])
register_game(game_id, target)
g = load_game(game_id, **options)
s = g.action_space()
print(json.dumps([s.size, s.digest, g.encoding().size]))
"""


def check_space_elsewhere(game: Game) -> None:
    """The action space and the encoding size are the same in processes with other hash seeds."""
    here = [game.action_space().size, game.action_space().digest, game.encoding().size]
    for hash_seed in ("1", "77"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", SCRIPT,
                               json.dumps([game.id, target_of(game.id), game.options])],
                              env=env, capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        assert json.loads(done.stdout) == here, f"PYTHONHASHSEED={hash_seed} built another action space"


def check_rewards(state: State) -> None:
    """The result of a finished game is one a learner may be paid by (issue 28): one return
    per seat within [-1, 1]; every winner gets more than every other seat, and a game
    without a winner (a draw, or a game nobody could win) pays nobody a positive return;
    with several seats the returns are never all positive (collapsing together must not
    pay like winning). A game whose result is a person's report (``reported_result``)
    has no learning environment at all (``civtable.envs`` refuses it)."""
    game = state.game
    if game.info.reported_result:
        from civtable.core.errors import OptionError

        try:
            from civtable.envs.making import make_game
        except ImportError:  # the learning extras are not installed
            return
        try:
            make_game(game.id, None, dict(game.options))
        except OptionError:
            return
        raise AssertionError(f"{game.id}: its result is a person's report, yet an environment was made for it")
    if not state.is_terminal():
        return
    returns = list(state.returns())
    winners = state.winners()
    n = state.num_players
    assert len(returns) == n and all(-1.0 <= r <= 1.0 for r in returns), f"returns {returns}"
    others = [returns[p] for p in range(n) if p not in winners]
    for w in winners:
        assert all(returns[w] > r for r in others), f"winner {w} is not paid more than the others: {returns}"
    if not winners:
        assert all(r <= 0 for r in returns), f"nobody won, yet somebody is paid: {returns}"
    if n > 1:
        assert not all(r > 0 for r in returns), f"every seat is paid as a winner: {returns}"

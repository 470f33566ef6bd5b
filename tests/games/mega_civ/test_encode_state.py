"""``MegaCiv.encode_state`` (``encode.py``'s ``StateEncoder``, read straight from the state) gives the very
numbers of ``encode(observation(viewer), viewer)`` for every viewer of every position of
random games and of games of the ``greedy`` bot (simultaneous steps, trade deals, payments,
calamities and tasks among them: random play seldom gets past the movement phase),
and the legal actions a state keeps for ``apply`` (``MegaState.offered``) never let an
action through that the position does not allow (issue 28, item 3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError
from civtable.games.mega_civ.game import MegaCiv
from civtable.games.mega_civ.state import BUY, MOVE, MegaState

GAMES: list[tuple[dict[str, Any], str, int, int]] = [  # options, bots, seeds, the most steps of a game
    ({"map": "small"}, "random", 12, 1500),
    ({"map": "small"}, "greedy", 1, 700),
    ({"map": "small", "strict-ast-order": "A"}, "greedy", 1, 500),  # simultaneous steps: previews
    ({"players": 6, "cost-basis": "B"}, "greedy", 1, 400),
]


def differences(game: MegaCiv, s: MegaState, viewer: int) -> list[str]:
    """The features where the two encodings of one viewer differ."""
    want = game.encode(s.observation(viewer), viewer)
    got = game.encode_state(s, viewer)
    assert got.dtype == np.float32 and got.shape == want.shape
    bad = np.flatnonzero(want != got)
    features = game.encoding().features
    enc = game._encoder
    return [f"{f.name}[{i - enc.s[f.name].start}]: {want[i]} != {got[i]}" for i in bad[:5] for f in features
            if enc.s[f.name].start <= i < enc.s[f.name].stop]


def test_encode_state_equals_encode_of_the_observation_in_random_games() -> None:
    seen: Counter[str] = Counter()
    for options, bots, seeds, most in GAMES:
        game = MegaCiv(**options)
        for seed in range(seeds):
            agents = [make_agent(bots, game, seed=seed * 100 + i) for i in range(game.num_players)]
            s = game.new_state(seed=seed)
            for _ in range(most):
                if s.is_terminal():
                    break
                seen.update(k for k, on in (("previews", s.previews is not None), ("deal", s.deal is not None),
                                            ("pay", s.pay is not None), ("tasks", bool(s.tasks)),
                                            ("pending", bool(s.calq)), ("buy", s.step == BUY)) if on)
                for viewer in range(s.n):
                    assert not differences(game, s, viewer), (options, seed, s, viewer, differences(game, s, viewer))
                p = s.to_move()[0]
                s.apply(p, agents[p].act(PlayerView(s, p)))
            seen["games"] += 1
    # the rarer blocks were met, so their fast paths were compared too
    assert all(seen[k] for k in ("previews", "deal", "pay", "tasks", "pending", "buy")), seen


def test_an_action_listed_in_another_position_is_refused() -> None:
    """``apply`` checks an action against the list ``legal_actions`` made in this
    position; an action object listed before the last move is checked anew: ``move A B``
    is legal as many times as A has unmoved tokens, then refused."""
    game = MegaCiv(map="small")
    s = game.new_state(seed=3)
    while True:  # the first choices, and ``done`` in the movement phase, until a player can move by land
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        moves = [a for a in legal if a.kind == "move"]
        if moves:
            break
        s.apply(p, legal[-1] if s.step == MOVE else legal[0])
    first = moves[0]
    area = game.rules.board.index(first.args[0])
    unmoved = s.tokens[p][area] - s.moved[p][area]
    assert unmoved >= 1
    for _ in range(unmoved):
        s.apply(p, first)
    assert s.tokens[p][area] == s.moved[p][area] and s.to_move() == (p,)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(p, first)
    assert s.to_json() == before


def test_the_list_handed_out_is_a_copy() -> None:
    """Changing the list ``legal_actions`` returned changes nothing the state checks."""
    game = MegaCiv(map="small")
    s = game.new_state(seed=5)
    p = s.to_move()[0]
    legal = s.legal_actions(p)
    kept = list(legal)
    legal.clear()
    s.apply(p, kept[0])  # still legal: the state kept its own list
    p = s.to_move()[0]
    before = s.to_json()
    bogus = game.rules.act("victim", 0)
    s.legal_actions(p).append(bogus)
    with pytest.raises(IllegalActionError):
        s.apply(p, bogus)
    assert s.to_json() == before

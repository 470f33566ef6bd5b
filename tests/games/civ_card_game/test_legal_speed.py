"""The faster legal actions of issue 18 (second round): the purchase and combat steps give
the very action objects, in the same order, that the code before gave
(``_legal_ref.py``, computed from the position with nothing kept), in every decision of
games under several rule variants; the values kept between calls (``derived``, updated
in place when a technology is bought or a card placed, and the statuses) are those
computed afresh; ``legal_actions`` hands out a new list each call."""

from __future__ import annotations

import random
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import load_game
from civtable.games.civ_card_game.state import holders

from . import _legal_ref as ref

VARIANTS = [
    {},
    {"players": 3, "bank-trade": "B", "step-order": "B", "status-tie": "B"},
    {"players": 4, "slot-count": "B", "adjacency": "B", "bounce": "B"},
    {"players": 4, "step-order": "B", "status-tie": "B"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_purchase_and_combat_actions_are_those_of_the_code_before(options: dict[str, Any]) -> None:
    g: Any = load_game("civ-card-game", **options)
    checked = 0
    for seed in range(4):
        s = g.new_state(seed=seed)
        bots = [make_agent("greedy" if (seed + i) % 3 else "random", g, seed=seed * 7 + i)
                for i in range(g.num_players)]
        while s.to_move():
            p = s.to_move()[0]
            for q in range(s.n):  # what is kept is what would be computed afresh
                if s.derived[q] is not None:
                    assert s.derived[q] == ref.derive(s, q), (seed, q)
            if s.held is not None:
                assert s.held == ref.statuses(s), seed
            reference = ref.REFERENCE.get(s.phase)
            legal = s.legal_actions(p)
            if reference is not None:
                want = reference(s, p)
                assert [id(a) for a in legal] == [id(a) for a in want], ([a.text for a in legal],
                                                                         [a.text for a in want])
                checked += 1
            s.apply(p, bots[p].act(PlayerView(s, p)))
    assert checked > 200


def test_legal_actions_is_a_new_list_each_call() -> None:
    g: Any = load_game("civ-card-game", players=2)
    s = g.new_state(seed=3)
    rng = random.Random(3)
    for _ in range(400):
        p = s.to_move()[0]
        first = s.legal_actions(p)
        second = s.legal_actions(p)
        assert first == second and first is not second
        first.clear()  # the caller's to change
        assert s.legal_actions(p) == second
        s.apply(p, rng.choice(second))


def test_holders_of_a_status() -> None:
    """CCG-3.3 / CCG-3.5: the highest value at least the threshold; a tie shared (status-tie
    B) or held by nobody (A); against the code before on random values."""
    rng = random.Random(11)

    class Tie:
        def __init__(self, shared: bool) -> None:
            self.rules = type("R", (), {"status_tie_shares": shared})()

    for _ in range(2000):
        values = [rng.randrange(5) for _ in range(rng.randrange(2, 5))]
        threshold = rng.randrange(4)
        shared = rng.random() < 0.5
        assert holders(values, threshold, shared) == tuple(ref.status_holders(Tie(shared), values, threshold))
    assert holders([3, 1], 3, False) == (0,) and holders([3, 3], 2, False) == () and holders([3, 3], 2, True) == (0, 1)
    assert holders([1, 2], 3, True) == ()

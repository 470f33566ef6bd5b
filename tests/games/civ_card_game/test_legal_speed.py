"""The faster legal actions of issue 18 (second round): the purchase and combat steps give
the same actions, in the same order, as the code before them (its lists in every decision
of these games, recorded as digests in ``data/legal_before.json`` before it was replaced;
the purchase step's kinds of action have come in the menus' order since issue 26, so its
lists are put back in the order of the record by kind first, ``recorded_order``);
the values kept between calls (``derived``, updated in place when a technology is bought
or a card placed, and the statuses) are those computed afresh; ``legal_actions`` hands
out a new list each call."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import load_game
from civtable.games.civ_card_game.state import DECLARE, MAIN, REDECLARE, holders

BEFORE = json.loads((Path(__file__).parent / "data" / "legal_before.json").read_text(encoding="utf-8"))
STEPS = (MAIN, DECLARE, REDECLARE)  # the purchase and combat steps whose lists were rewritten
RECORDED = {"pop": 0, "plot": 1, "tech": 2, "build": 3, "cash": 4, "trade": 5, "writing": 6, "laws": 6, "attack": 7,
            "done": 8, "fight": 8}
"""The order of the purchase step's kinds of action when the record was made."""


def recorded_order(phase: int, actions: list[Any]) -> list[Any]:
    """``actions`` in the order of the record: the purchase step's by kind (a stable sort:
    the order within a kind is the code's), the other steps' as they are."""
    return sorted(actions, key=lambda a: RECORDED[a.kind]) if phase == MAIN else actions

VARIANTS = [
    {},
    {"players": 3, "bank-trade": "B", "step-order": "B", "status-tie": "B"},
    {"players": 4, "slot-count": "B", "adjacency": "B", "bounce": "B"},
    {"players": 4, "step-order": "B", "status-tie": "B"},
]


def _name(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


@pytest.mark.parametrize("options", VARIANTS, ids=_name)
def test_purchase_and_combat_actions_are_those_of_the_code_before(options: dict[str, Any]) -> None:
    g: Any = load_game("civ-card-game", **options)
    for seed in range(4):
        s = g.new_state(seed=seed)
        bots = [make_agent("greedy" if (seed + i) % 3 else "random", g, seed=seed * 7 + i)
                for i in range(g.num_players)]
        digest, checked = hashlib.sha256(), 0
        while s.to_move():
            p = s.to_move()[0]
            fresh = s.clone()  # what is kept is what would be computed afresh
            fresh.derived, fresh.held = [None] * s.n, None
            for q in range(s.n):
                if s.derived[q] is not None:
                    assert s.derived[q] == fresh.derive(q), (seed, q)
            if s.held is not None:
                assert s.held == fresh.statuses(), seed
            legal = recorded_order(s.phase, s.legal_actions(p))  # the bots choose from the record's order
            if s.phase in STEPS:
                digest.update(("|".join(a.text for a in legal) + "\n").encode())
                checked += 1
            s.apply(p, bots[p].act(PlayerView(s, p, legal)))
        assert {"decisions": checked, "sha256": digest.hexdigest()} == BEFORE[f"{_name(options)} seed={seed}"]


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


def _holders_before(values: list[int], threshold: int, shared: bool) -> tuple[int, ...]:
    top = max(values)
    if top < threshold:
        return ()
    best = tuple(i for i, v in enumerate(values) if v == top)
    return best if shared or len(best) == 1 else ()


def test_holders_of_a_status() -> None:
    """CCG-3.3 / CCG-3.5: the highest value at least the threshold; a tie shared (status-tie
    B) or held by nobody (A); against the rule written out on random values."""
    rng = random.Random(11)
    for _ in range(2000):
        values = [rng.randrange(5) for _ in range(rng.randrange(2, 5))]
        threshold = rng.randrange(4)
        shared = rng.random() < 0.5
        assert holders(values, threshold, shared) == _holders_before(values, threshold, shared)
    assert holders([3, 1], 3, False) == (0,) and holders([3, 3], 2, False) == () and holders([3, 3], 2, True) == (0, 1)
    assert holders([1, 2], 3, True) == ()

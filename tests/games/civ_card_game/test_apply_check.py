"""``apply`` checks an action of the purchase step against the actions of its own code
only (a speed-up, CCG-6): it must accept and refuse exactly what the whole list
``legal_actions`` accepts and refuses, and a refused action changes nothing."""

from __future__ import annotations

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError
from civtable.core.registry import load_game
from civtable.games.civ_card_game.actions import CcgAction
from civtable.games.civ_card_game.phases import MAIN
from civtable.games.civ_card_game.rules import legal_one as _legal_one


def purchase_positions(options: dict[str, object], games: int = 3):
    """Purchase-step positions from greedy-vs-random games (greedy buys a lot, random
    reaches odd corners), with the acting player."""
    g = load_game("civ-card-game", **options)
    for seed in range(games):
        s = g.new_state(seed=seed)
        bots = [make_agent("greedy" if (seed + i) % 2 else "random", g, seed=seed * 5 + i)
                for i in range(g.num_players)]
        while s.to_move():
            p = s.to_move()[0]
            if s.phase == MAIN:
                yield s, p
            s.apply(p, bots[p].act(PlayerView(s, p)))


@pytest.mark.parametrize("options", [{}, {"players": 3, "bank-trade": "B", "step-order": "B"},
                                     {"players": 4, "slot-count": "B"}])
def test_the_quick_check_agrees_with_the_whole_list(options: dict[str, object]) -> None:
    checked = refused = 0
    for k, (s, p) in enumerate(purchase_positions(options)):
        legal = s.legal_actions(p)
        legal_ids = {id(a) for a in legal}
        legal_texts = {a.text: a for a in legal}
        # every action object this card set has built so far, legal here or not
        for a in list(s.rules.cache.values()):
            found = _legal_one(s, p, a)
            if id(a) in legal_ids:
                assert found is a, f"{a} is legal but was refused in {s!r}"
            else:
                # refused, unless an equal legal action (the same text) stands for it
                assert found is legal_texts.get(a.text), f"{a} is not legal but was accepted in {s!r}"
                if found is None and k % 7 == 0:
                    before = s.to_json()
                    with pytest.raises(IllegalActionError):
                        s.apply(p, a)
                    assert s.to_json() == before
                    refused += 1
            checked += 1
    assert checked > 1000 and refused > 100


def test_text_and_foreign_actions_still_go_through_the_whole_list() -> None:
    for s, p in purchase_positions({}, games=1):
        for a in s.legal_actions(p):
            assert _legal_one(s, p, a.text) is a
            assert _legal_one(s, p, a.text.upper()) is a
            # an equal action that is not this card set's object: matched by its text
            twin = CcgAction(a.code, a.a, a.b, a.c, a.kind, *a.args)
            assert _legal_one(s, p, twin) is a

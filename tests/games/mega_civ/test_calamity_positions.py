"""Positions holding calamities where none can be (MC-8.2, MC-9.1.1): rejected with a sentence."""

from __future__ import annotations

import copy

import pytest

from civtable.core.errors import InvalidStateError

from ._mc_helpers import game, position_json


def test_mc_9_1_1_no_calamity_in_hand_after_the_reveal() -> None:
    """MC-9.1.1: every calamity held is revealed in phase 9, so a hand in phase 12 holds none."""
    g = game()
    data = position_json(g, players={0: {"tokens": {"smoke_isle": 1}, "hand": ["famine", "ochre"]}},
                         phase=12, step="buy", decider=0)
    kept = copy.deepcopy(data)
    with pytest.raises(InvalidStateError, match="famine"):
        g.state_from_json(data)
    assert data == kept


def test_mc_8_2_hand_over_the_calamity_limit_after_selection() -> None:
    """MC-8.2: after phase 8's selection nobody outside the discard step holds more than the limit."""
    g = game()
    data = position_json(g, players={0: {"tokens": {"smoke_isle": 1},
                                         "hand": ["famine", "flood", "civil-war"]},
                                     1: {"tokens": {"upper_river": 1}, "hand": ["ochre"]}},
                         phase=8, step="discard", decider=1, queue=[1])
    with pytest.raises(InvalidStateError, match="over the limit"):
        g.state_from_json(data)

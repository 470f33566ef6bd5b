"""The contract-test kit: the checks every game must pass, over random games.

A game plugs in with a short adapter (``GameAdapter``: its option strategy, its
bots, its conservation checks) and a subclass of ``ContractSuite`` in its tests.
Needs the test extras (``pip install -e '.[dev]'``: pytest and hypothesis).
"""

from .adapter import GameAdapter, Scenario, Walker, scenarios, steps, walk
from .checks import (
    check_clone,
    check_determinize,
    check_events,
    check_illegal,
    check_json,
    check_notation,
    check_observations,
    check_shares_nothing,
    check_turn,
    check_web,
    viewers,
)
from .leaks import check_channels
from .suite import ContractSuite

__all__ = [
    "ContractSuite",
    "GameAdapter",
    "Scenario",
    "Walker",
    "check_channels",
    "check_clone",
    "check_determinize",
    "check_events",
    "check_illegal",
    "check_json",
    "check_notation",
    "check_observations",
    "check_shares_nothing",
    "check_turn",
    "check_web",
    "scenarios",
    "steps",
    "viewers",
    "walk",
]

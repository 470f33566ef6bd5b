"""Helpers of the calamity tests: phase 9 on a hand-built position (the modules stop
the game before phase 10 with the fixture ``stop_after_calamities``, conftest.py)."""

from __future__ import annotations

from typing import Any

from civtable.core.game import Game
from civtable.games.mega_civ.state import OVER, TASK, MegaState

from . import _mc_helpers as mc
from ._mc_helpers import game, run_from
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA

# the 9-player game on the full map (minor calamities): seats and AST order
CARTHAGE, ROME, IBERIA, CELT = 5, 6, 7, 8
AST_ORDER_9 = [MINOA, ASSYRIA, CELT, CARTHAGE, HATTI, ROME, IBERIA, HELLAS, EGYPT]

# Minoa pays 5 into her treasury, so Assyria is the Beneficiary of a calamity striking
# Hellas (MC-0.9: all hold 9 cities in stock, Assyria is the first in AST order of those
# with the most tokens in stock)
ASSYRIA_BENEFITS = {MINOA: {"treasury": 5}}




def nine(**options: Any) -> Game:
    """A 9-player game on the full map: the player counts that use minor calamities."""
    return game(players=9, map="full", **options)


def resolve(g: Game | None = None, **kw: Any) -> MegaState:
    """Phase 9 starts on this position (``run_from``): it stops at the first choice."""
    return run_from(g, phase=9, **kw)


def play(s: MegaState, seat: int, *actions: str) -> None:
    for a in actions:
        s.apply(seat, a)


def asks(s: MegaState, seat: int) -> list[str]:
    """The choices of the task ``seat`` must decide now (sorted)."""
    assert s.step == TASK and s.to_move() == (seat,)
    return sorted(mc.texts(s, seat))


def resolved(s: MegaState) -> None:
    """Every calamity is resolved and nothing was made or lost on the way."""
    assert (s.phase, s.step, s.tasks, s.calq) == (10, OVER, [], [])
    mc.conserved(s)


def points(s: MegaState, p: int) -> int:
    """Unit points on the map: a token 1, a city 5."""
    return s.tokens_on_map(p) + 5 * len(s.cities_of(p))


def hand(s: MegaState, p: int) -> list[str]:
    return sorted(s.cat.cards[c].id for c in s.hands[p])


# victims of calamities used by several tests
TYRANNY_VICTIM = {"tokens": {"north_downs": 2, "nw_hills": 1, "ash_plains": 2, "pearl_isle": 2}, "hand": ["tyranny"]}
BARBARIAN_VICTIM = {"tokens": {"high_moor": 2}, "hand": ["barbarian-hordes"]}
BARBARIAN_CITIES = {"north_downs": HELLAS, "kings_vale": HELLAS, "ash_plains": HELLAS}

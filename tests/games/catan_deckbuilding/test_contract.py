"""Catan Deck Building on the contract-test kit (``civtable.testing``): random games
over every rule variant (each ambiguity of ``rules/catan_deckbuilding.md`` is sampled,
with the start player and the turn cap), played at random or by the greedy bot, from
new games and from hand-built positions in the rarer steps (an attack answered, a
reflection, a stolen card, a Knight's discards, a win by a Harbor's draw, trades);
plus the game's own invariants (``_cdb_helpers.INVARIANTS``): no card created or lost
(CDB-5.2, CDB-5.4, CDB-7.4), nothing negative, results as CDB-9.1 says, and the
canonical order of the legal actions.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from civtable.core.game import Game
from civtable.core.registry import game_class
from civtable.core.state import State
from civtable.testing import ContractSuite, GameAdapter

from ._cdb_helpers import GAME_ID, INVARIANTS, position

GAME_CLS = game_class(GAME_ID)
AMBIGUITIES = tuple(s for s in GAME_CLS.option_specs if len(s.choices) > 1)
"""Every ambiguity with more than one reading (``exceptions`` has only A)."""


@st.composite
def game_options(draw: st.DrawFn, max_turns: st.SearchStrategy[int]) -> dict[str, Any]:
    opts: dict[str, Any] = {s.name: draw(st.sampled_from(s.choices)) for s in AMBIGUITIES}
    opts["start-player"] = draw(st.sampled_from((None, 0, 1)))
    opts["max-turns"] = draw(max_turns)
    return opts


OPTIONS = game_options(st.sampled_from((300, 60, 20, 3, 1)))
END_OPTIONS = game_options(st.integers(1, 12))


def starts(game: Game) -> list[State]:
    """Positions in the middle of the rarer steps, valid under every variant."""
    return [
        # CDB-3.2.2: a Bandit to answer, both players holding Knights (Defensive)
        position(game, hands=[{"kdef": 1, "ore": 2, "city": 1}, {"kdef": 2, "grain": 1, "sea": 1}],
                 laid=[{"bandit": 1}, None], phase="react", decider=1, attack="bandit", attacker=0, victim=1),
        # CDB-3.2.3: a reflected Knight (Offensive), the attacker may counter-reflect
        position(game, hands=[{"kdef": 2, "wool": 1, "road": 2}, {"ore": 1, "brick": 2, "harbor": 1}],
                 laid=[{"koff": 1}, None], reserved=(0, 1), phase="counter", decider=0, attack="koff",
                 attacker=0, victim=1),
        # CDB-3.1.2: the Bandit took an Ore; keep or return it
        position(game, hands=[{"wool": 1, "settlement": 1}, {"grain": 2, "city": 1}],
                 laid=[{"bandit": 1}, None], phase="steal", decider=0, attack="bandit", attacker=0, victim=1,
                 stolen="ore"),
        # CDB-3.3.2: two cards to discard, from a hand with a blocked Knight's neighbours
        position(game, hands=[{"ore": 1}, {"kdef": 1, "city": 1, "sea": 2, "road": 1}],
                 laid=[{"koff": 1}, None], phase="discard", decider=1, attack="koff", attacker=0, victim=1,
                 left=2),
        # CDB-9.1: two Cities in hand and a Harbor; a City on top of the draw pile
        position(game, hands=[{"city": 2, "harbor": 1, "sea": 2, "road": 1}, None],
                 draws=[["ore", "grain", "city"], None]),
        # CDB-7.6: a pool that pays for a City only with trades or resources of choice
        position(game, hands=[{"settlement": 2, "road": 3, "desert": 1}, None],
                 laid=[{"ore": 2, "grain": 2, "wool": 2, "brick": 1, "settlement": 1}, None],
                 pool={"ore": 2, "grain": 2, "wool": 2, "brick": 1, "choice-settlement": 2}),
    ]


ADAPTER = GameAdapter(GAME_ID, options=OPTIONS, end_options=END_OPTIONS, end_steps=3000,
                      bots=("greedy",), invariants=INVARIANTS, starts=starts, max_steps=300)


class TestContract(ContractSuite):
    adapter = ADAPTER

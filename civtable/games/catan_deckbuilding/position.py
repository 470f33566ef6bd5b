"""Build a position by hand: for tests, puzzles and analysis.

    state = build_position(game, current=0,
                           hands=[{"settlement": 1, "lumber": 1, "brick": 1, "road": 1}, {}],
                           draws=[["ore", "city"], None])

Zones not given are filled so that no card is created or lost: a player's
draw pile gets the rest of his start deck (in a fixed order, top last), and
the supply holds whatever is left of the game's cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from civtable.core.errors import InvalidStateError

from .catalog import N_CARDS, ROLE_IDS
from .rules.base import POOL_KEYS

if TYPE_CHECKING:
    from .game import CatanDeckBuilding
    from .state import CatanState

Counts = Mapping[str, int]


def _vec(counts: Counts | None) -> list[int]:
    out = [0] * N_CARDS
    for k, n in (counts or {}).items():
        if k not in ROLE_IDS:
            raise InvalidStateError(f"unknown card {k!r}")
        out[ROLE_IDS.index(k)] += n
    return out


def build_position(
    game: CatanDeckBuilding,
    *,
    current: int = 0,
    hands: Sequence[Counts | None] = (None, None),
    draws: Sequence[Sequence[str] | None] = (None, None),
    discards: Sequence[Sequence[str] | None] = (None, None),
    laid: Sequence[Counts | None] = (None, None),
    reserved: Sequence[int] = (0, 0),
    pool: Mapping[str, int] | None = None,
    supply: Counts | None = None,
    turn: int = 1,
    seed: int = 0,
    **fields: Any,
) -> CatanState:
    """A main-phase position (other phases via ``fields``, e.g. ``phase="react"``)."""
    rules = game.rules
    players = []
    placed = [0] * N_CARDS
    for p in range(2):
        hand = _vec(hands[p])
        lay = _vec(laid[p])
        disc = list(discards[p] or [])
        drawn = draws[p]
        zone = [hand[c] + lay[c] for c in range(N_CARDS)]
        for c in disc:
            zone[ROLE_IDS.index(c)] += 1
        if reserved[p]:
            zone[ROLE_IDS.index("kdef")] += reserved[p]
        if drawn is None:
            rest = [max(0, rules.cards.start_deck[c] - zone[c]) for c in range(N_CARDS)]
            drawn = [ROLE_IDS[c] for c in range(N_CARDS) for _ in range(rest[c])]
        for c in drawn:
            zone[ROLE_IDS.index(c)] += 1
        placed = [a + b for a, b in zip(placed, zone, strict=True)]
        players.append({
            "hand": dict(zip(ROLE_IDS, hand, strict=True)),
            "draw": list(drawn),
            "discard": disc,
            "laid": dict(zip(ROLE_IDS, lay, strict=True)),
            "reserved_knights": reserved[p],
        })
    if supply is None:
        total = [2 * rules.cards.start_deck[c] + rules.supply[c] for c in range(N_CARDS)]
        left = [total[c] - placed[c] for c in range(N_CARDS)]
        supply = {ROLE_IDS[c]: left[c] for c in range(7, N_CARDS)}
    data: dict[str, Any] = {
        "rng": seed,
        "turn": turn,
        "current": current,
        "phase": "main",
        "decider": current,
        "supply": dict(supply),
        "pool": {k: (pool or {}).get(k, 0) for k in POOL_KEYS},
        "players": players,
    }
    data.update(fields)
    return cast("CatanState", game.state_from_json(data))

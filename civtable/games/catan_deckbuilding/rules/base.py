"""What every phase module of the rules shares: the phases (who decides what) and the
slots of the pool of resources laid down in the current turn."""

from __future__ import annotations

from typing import Final

from ..catalog import ROLE_IDS

# phases: who decides what (the index of the phase's Step in ``rules.STEPS``)
MAIN: Final = 0
REACT: Final = 1
COUNTER: Final = 2
STEAL: Final = 3
DISCARDING: Final = 4
OVER: Final = 5
PHASE_NAMES: Final[tuple[str, ...]] = ("main", "react", "counter", "steal", "discard", "over")

# pool slots: the five resources, then resources of choice from Settlements, then
# from Cities and Roads (kept apart for settlement-for-city=B, CDB-3.6.4)
WILD_S: Final = 5
WILD_O: Final = 6
POOL_SIZE: Final = 7
POOL_KEYS: Final[tuple[str, ...]] = (*ROLE_IDS[:5], "choice-settlement", "choice-other")


def changed(values: tuple[int, ...], i: int, by: int) -> tuple[int, ...]:
    """``values`` with entry ``i`` changed by ``by``: the state keeps the supply and the
    Knights reserved and spent as tuples, which ``clone`` shares (they change seldom)."""
    out = list(values)
    out[i] += by
    return tuple(out)


def counts_of(values: list[int] | tuple[int, ...]) -> dict[str, int]:
    """The non-zero counts of a list indexed by card, for event arguments."""
    return {ROLE_IDS[c]: n for c, n in enumerate(values) if n}


def all_counts(values: list[int]) -> dict[str, int]:
    """Every card's count (zeros included), in card order: hands and piles in positions
    and observations."""
    return {ROLE_IDS[c]: values[c] for c in range(len(ROLE_IDS))}


def pile_counts(pile: list[int]) -> dict[str, int]:
    """A pile as every card's count, in card order."""
    out = [0] * len(ROLE_IDS)
    for c in pile:
        out[c] += 1
    return all_counts(out)

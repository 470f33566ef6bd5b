"""What every phase module of the rules shares: the tuples of the state changed, counts
told in events and positions. (The phases and the pool's slots are the state's:
``state.py``.)"""

from __future__ import annotations

from ..catalog import ROLE_IDS


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

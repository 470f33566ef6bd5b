"""The seeded generator every state owns.

A SplitMix64 generator: its whole state is one integer, so cloning a game state
copies one int, ``to_json`` stores one number, and the sequence is the same on
every machine and Python version (unlike ``random.Random``'s internals, which we
do not want to depend on for saved positions).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a good 64-bit hash of an integer."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *path: int) -> int:
    """A seed for a sub-stream (game ``i`` of a batch, seat ``j``...), stable everywhere."""
    z = seed & _MASK
    for p in path:
        z = mix64((z + _GOLDEN * (p + 1)) & _MASK)
    return z


class Rng:
    """A small deterministic random generator (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = mix64(seed & _MASK)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        r = cls.__new__(cls)
        r.state = state & _MASK
        return r

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An integer in ``[0, n)``; ``n`` must be positive (``next64`` inlined: a random
        player calls it at every step)."""
        if n <= 0:
            raise ValueError("Rng.below needs a positive bound")
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, in place (``next64`` inlined)."""
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def fork(self) -> Rng:
        """An independent generator, advancing this one by one step."""
        return Rng(self.next64())

"""A tiny, serialisable pseudo-random generator (SplitMix64).

Game states carry their randomness as plain data so a game is reproducible
from ``(game, config, seed, moves)`` and a state survives a JSON round trip
bit-exactly.  ``random.Random`` keeps 625 words of state; SplitMix64 keeps one
64-bit integer, which we store as a 16-digit hex string so JavaScript's
``JSON.parse`` (53-bit integers) can never corrupt it.

>>> rng = Rng.from_seed(7)
>>> rng.below(6) in range(6)
True
>>> Rng.load(rng.dump()).next_u64() == rng.next_u64()
True
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

__all__ = ["Rng"]

T = TypeVar("T")
_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
#: 2**-53: a 53-bit integer times this is a float in [0, 1)
_UNIT = 1.0 / (1 << 53)


class Rng:
    """SplitMix64 generator; ``dump()``/``load()`` convert to plain data."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """A generator for a user-facing seed (any integer)."""
        rng = cls(seed * 0x2545F4914F6CDD1D + 0x1234567)
        rng.next_u64()  # decorrelate neighbouring seeds
        return rng

    @classmethod
    def load(cls, text: str) -> "Rng":
        """Rebuild from :meth:`dump` output; raises ``ValueError`` on garbage."""
        if not isinstance(text, str) or len(text) != 16:
            raise ValueError("rng state must be a 16-digit hex string")
        return cls(int(text, 16))

    def dump(self) -> str:
        return f"{self.state:016x}"

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def between(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]`` (both inclusive)."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` (53 bits)."""
        return (self.next_u64() >> 11) * _UNIT

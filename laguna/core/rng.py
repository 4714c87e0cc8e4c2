"""Seeded chance kept inside a game state.

A tiny counter-based generator (SplitMix64) instead of the `random` module: its whole state is one
integer, so copying a game state is cheap, and the same seed gives the same draws on every Python
version and platform, which exact replay of game records depends on.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

_KNOWN_LIMITS = 512
_LIMITS = [0] + [((1 << 64) // n) * n for n in range(1, _KNOWN_LIMITS)]
"""For each bound n, the draws below which `randrange(n)` takes a draw (the largest multiple of n
that fits), worked out once for the bounds a shuffle meets."""

MAX_SEED = 2**63 - 1
"""The largest seed of a game: seeds run from 0 to 2**63 - 1, the values of a signed 64-bit integer
(the table server's seed column) that are not negative. Records, the command line and the server keep
to this range."""


class Rng:
    """A SplitMix64 generator.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.randrange(6) for _ in range(5)] == [b.randrange(6) for _ in range(5)]
    True
    """

    __slots__ = ("_state", "draws")

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK
        self.draws = 0

    def next_u64(self) -> int:
        """Return the next 64 random bits."""
        self._state = (self._state + _GOLDEN) & _MASK
        self.draws += 1
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, seq: Sequence[T]) -> T:
        """Return a uniform element of a non-empty sequence."""
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates), drawing exactly as ``randrange(i + 1)`` would for each i.

        The draws are written out here rather than called: searching bots re-deal the hidden cards
        every iteration, and three calls per card were a fifth of a search's time in Burano.
        """
        state = self._state
        drawn = 0
        limits = _LIMITS
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _KNOWN_LIMITS else ((1 << 64) // n) * n
            while True:
                state = (state + _GOLDEN) & _MASK
                drawn += 1
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            seq[i], seq[j] = seq[j], seq[i]
        self._state = state
        self.draws += drawn

    def spawn(self) -> Rng:
        """Return an independent generator seeded from this one (for bots and determinization)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        twin = Rng(0)
        twin._state = self._state
        twin.draws = self.draws
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other._state == self._state

    def __hash__(self) -> int:
        return hash(self._state)

    def __repr__(self) -> str:
        return f"Rng(state={self._state:#x}, draws={self.draws})"

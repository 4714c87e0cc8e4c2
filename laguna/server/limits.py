"""Bounds on what one visitor can make the table do: a rate limit (a token bucket per user or address,
so that a runaway script cannot flood a table or the server), locks per visitor that exist only while
they are held, and the throttle of failed attempts (its counts are kept in the database)."""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Hashable
from dataclasses import dataclass, field
from datetime import timedelta

BUCKETS = 100_000
"""Buckets a limiter keeps, the most recently used: a key forgotten starts again with a full bucket,
which is no more than a visitor new to the limiter gets."""


@dataclass
class RateLimiter:
    """`rate` requests a second on average per key, bursts of up to `burst`. Times are passed in
    (seconds). At most `BUCKETS` keys are kept, so no stream of new keys makes it grow.

    >>> limiter = RateLimiter(rate=1.0, burst=2)
    >>> [limiter.allow("a", 0.0) for _ in range(3)]
    [True, True, False]
    """

    rate: float
    burst: int
    _buckets: OrderedDict[Hashable, tuple[float, float]] = field(default_factory=OrderedDict)

    def allow(self, key: Hashable, now: float) -> bool:
        tokens, since = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - since) * self.rate)
        allowed = tokens >= 1
        self._buckets[key] = (tokens - 1 if allowed else tokens, now)
        if len(self._buckets) > BUCKETS:
            self._buckets.popitem(last=False)
        return allowed

    def __len__(self) -> int:
        return len(self._buckets)


class KeyedLocks:
    """An asyncio lock per key, kept only while someone holds or waits for it (call from one event loop)."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    @contextlib.asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


@dataclass(frozen=True)
class Throttle:
    """Failed attempts tolerated per key before it is locked: `free` failures, then each further one
    locks the key for `first_lock`, doubled at every failure up to `longest_lock`. The failures are
    forgotten `forget` after the latest one (at least the longest lock, so that a lock never outlasts
    the count that set it).

    >>> throttle = Throttle(free=2, first_lock=timedelta(minutes=1), longest_lock=timedelta(minutes=3),
    ...                     forget=timedelta(hours=1))
    >>> [throttle.lock(failures) for failures in (1, 2, 3, 4)]  # doctest: +NORMALIZE_WHITESPACE
    [None, datetime.timedelta(seconds=60), datetime.timedelta(seconds=120), datetime.timedelta(seconds=180)]
    """

    free: int
    first_lock: timedelta
    longest_lock: timedelta
    forget: timedelta

    def __post_init__(self) -> None:
        if self.free < 1 or not timedelta(0) < self.first_lock <= self.longest_lock <= self.forget:
            raise ValueError(f"a throttle needs 0 < first lock <= longest lock <= forget: {self}")

    def lock(self, failures: int) -> timedelta | None:
        """How long a key is locked once it has `failures` failures (None: not locked)."""
        if failures < self.free:
            return None
        doublings = failures - self.free
        if doublings >= 32:
            return self.longest_lock
        lock: timedelta = self.first_lock * 2**doublings
        return min(lock, self.longest_lock)

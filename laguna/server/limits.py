"""A rate limit on decisions: a token bucket per user, so that a runaway script cannot flood a table."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RateLimiter:
    """`rate` decisions a second on average, bursts of up to `burst`. Times are passed in (seconds)."""

    rate: float
    burst: int
    _buckets: dict[int, tuple[float, float]] = field(default_factory=dict)

    def allow(self, user_id: int, now: float) -> bool:
        tokens, since = self._buckets.get(user_id, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - since) * self.rate)
        if tokens < 1:
            self._buckets[user_id] = (tokens, now)
            return False
        self._buckets[user_id] = (tokens - 1, now)
        return True

"""The end of a game as data: scores with the score-sheet breakdown, tie-breakers and ranks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's line of the score sheet.

    ``breakdown`` lists ``(category, points)`` in score-sheet order; ``tiebreakers`` are the values
    the rulebook compares, in order, when scores tie (higher is better).
    """

    seat: int
    score: int
    rank: int
    breakdown: tuple[tuple[str, int], ...] = ()
    tiebreakers: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "score": self.score,
            "rank": self.rank,
            "breakdown": [[name, points] for name, points in self.breakdown],
            "tiebreakers": [[name, value] for name, value in self.tiebreakers],
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores and ranks; ``rating`` is the solo rating tier where the rulebook has a table."""

    results: tuple[SeatResult, ...]
    rating: str | None = None
    ended_by: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(r.score for r in self.results)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked first (several when the rulebook lets them share the victory)."""
        return tuple(r.seat for r in self.results if r.rank == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "rating": self.rating,
            "ended_by": self.ended_by,
            "results": [r.to_json() for r in self.results],
        }


def rank(keys: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Competition ranks (1 = best) from per-seat keys compared lexicographically, higher first.

    Seats with equal keys share a rank, as when tied players "share the victory".

    >>> rank([(10, 2), (12, 0), (10, 2), (10, 3)])
    (3, 1, 3, 2)
    """
    return tuple(1 + sum(1 for other in keys if tuple(other) > tuple(key)) for key in keys)

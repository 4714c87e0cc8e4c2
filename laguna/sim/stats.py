"""Summary statistics of many games: wins per seat, mean scores with confidence intervals, lengths.

Only the standard library is used. The 95% confidence interval of a mean is Student's t interval,
``mean ± t(0.975, n-1) · s / √n``, with `s` the sample standard deviation. The t quantile comes from
the usual printed table for 1–30 degrees of freedom; above 30 it comes from the Cornish–Fisher
expansion of t around the normal quantile, which is within 0.001 of the exact value there (and the
interval is a normal approximation anyway once n is that large).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

_T_975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom."""

_Z_975 = statistics.NormalDist().inv_cdf(0.975)


def t_critical(df: int) -> float:
    """The 0.975 quantile of Student's t with `df` degrees of freedom (half-width factor of a 95% CI).

    >>> t_critical(1), t_critical(30)
    (12.706, 2.042)
    >>> round(t_critical(1000), 3)
    1.962
    """
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= len(_T_975):
        return _T_975[df - 1]
    z = _Z_975
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and the half-width of its 95% confidence interval (``None`` below two values)."""

    mean: float
    half_width: float | None
    n: int

    @property
    def low(self) -> float | None:
        return None if self.half_width is None else self.mean - self.half_width

    @property
    def high(self) -> float | None:
        return None if self.half_width is None else self.mean + self.half_width

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "half_width": self.half_width, "low": self.low, "high": self.high, "n": self.n}

    def __str__(self) -> str:
        if self.half_width is None:
            return f"{self.mean:.2f}"
        return f"{self.mean:.2f} ± {self.half_width:.2f}"


def mean_ci(values: Sequence[float]) -> Interval:
    """The mean of `values` with the half-width of its 95% t confidence interval.

    >>> str(mean_ci([2, 4, 4, 4, 5, 5, 7, 9]))
    '5.00 ± 1.79'
    """
    if not values:
        raise ValueError("the mean of no values is undefined")
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return Interval(mean, None, n)
    half = t_critical(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return Interval(mean, half, n)


@dataclass(frozen=True, slots=True)
class Spread:
    """Mean, least and greatest of a quantity (game length in decisions or rounds)."""

    mean: float
    minimum: float
    maximum: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if not values:
            raise ValueError("the spread of no values is undefined")
        return cls(statistics.fmean(values), min(values), max(values))

    def __str__(self) -> str:
        return f"{self.mean:.1f} (min {self.minimum:g}, max {self.maximum:g})"


@dataclass(frozen=True, slots=True)
class GameStats:
    """What a summary needs of one finished game, small enough to send between processes."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    decisions: int
    rounds: int | None = None
    rating: str | None = None

    @classmethod
    def from_result(cls, result: Mapping[str, Any], decisions: int, rounds: int | None = None) -> GameStats:
        """Read an outcome as `Outcome.to_json` writes it (the ``result`` of a record)."""
        by_seat = sorted(result["results"], key=lambda r: r["seat"])
        return cls(
            scores=tuple(int(r["score"]) for r in by_seat),
            ranks=tuple(int(r["rank"]) for r in by_seat),
            decisions=decisions,
            rounds=rounds,
            rating=result.get("rating"),
        )


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat over all games. ``wins`` counts every game where the seat ranked first (a shared
    victory is a win for each sharer); ``win_share`` splits a k-way shared victory into 1/k each, so
    the shares of all seats add up to the number of games."""

    seat: int
    bot: str
    wins: int
    win_share: float
    score: Interval
    min_score: int
    max_score: int


@dataclass(frozen=True, slots=True)
class Summary:
    game: str
    players: int
    games: int
    seats: tuple[SeatSummary, ...]
    decisions: Spread
    rounds: Spread | None
    ratings: tuple[tuple[str, int], ...] = ()
    """Solo ratings and how often each was reached, most frequent first."""


def summarize(game: str, bots: Sequence[str], games: Iterable[GameStats]) -> Summary:
    """Aggregate per-game facts into the summary table's data."""
    played = list(games)
    if not played:
        raise ValueError("a summary needs at least one game")
    players = len(bots)
    wins = [0] * players
    shares = [0.0] * players
    for stats in played:
        if len(stats.scores) != players:
            raise ValueError(f"a game of {len(stats.scores)} seats in a summary of {players}")
        winners = [seat for seat, r in enumerate(stats.ranks) if r == 1]
        for seat in winners:
            wins[seat] += 1
            shares[seat] += 1 / len(winners)
    seats = []
    for seat in range(players):
        scores = [stats.scores[seat] for stats in played]
        seats.append(SeatSummary(seat, bots[seat], wins[seat], shares[seat], mean_ci(scores), min(scores), max(scores)))
    rounds = [stats.rounds for stats in played]
    ratings = Counter(stats.rating for stats in played if stats.rating is not None)
    return Summary(
        game=game,
        players=players,
        games=len(played),
        seats=tuple(seats),
        decisions=Spread.of([stats.decisions for stats in played]),
        rounds=Spread.of([r for r in rounds if r is not None]) if None not in rounds else None,
        ratings=tuple(ratings.most_common()),
    )

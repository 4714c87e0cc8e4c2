"""Summary statistics checked against numbers worked out by hand."""

from __future__ import annotations

import math

import pytest

from laguna.core import Outcome, SeatResult
from laguna.sim.stats import GameStats, Spread, mean_ci, summarize, t_critical


def test_t_table_values() -> None:
    assert t_critical(1) == 12.706
    assert t_critical(2) == 4.303
    assert t_critical(7) == 2.365
    assert t_critical(30) == 2.042


@pytest.mark.parametrize(
    ("df", "exact"),
    [(31, 2.0395), (40, 2.0211), (60, 2.0003), (120, 1.9799), (1000, 1.9623), (10**6, 1.9600)],
)
def test_t_above_the_table_is_within_a_thousandth(df: int, exact: float) -> None:
    assert t_critical(df) == pytest.approx(exact, abs=1e-3)


def test_t_needs_a_degree_of_freedom() -> None:
    with pytest.raises(ValueError, match="degree of freedom"):
        t_critical(0)


def test_mean_ci_of_eight_values() -> None:
    # mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32; s² = 32/7; se = s/√8; t(7) = 2.365.
    interval = mean_ci([2, 4, 4, 4, 5, 5, 7, 9])
    assert interval.mean == 5
    assert interval.n == 8
    assert interval.half_width == pytest.approx(2.365 * math.sqrt(32 / 7) / math.sqrt(8))
    assert interval.half_width == pytest.approx(1.78777, abs=1e-5)
    assert interval.low == pytest.approx(5 - 1.78777, abs=1e-5)
    assert interval.high == pytest.approx(5 + 1.78777, abs=1e-5)
    assert str(interval) == "5.00 ± 1.79"


def test_mean_ci_of_three_values() -> None:
    # mean 2, s = 1, se = 1/√3 = 0.57735, t(2) = 4.303 → 2.48434.
    assert mean_ci([1, 2, 3]).half_width == pytest.approx(2.48434, abs=1e-5)


def test_mean_ci_of_one_value_has_no_interval() -> None:
    interval = mean_ci([7])
    assert (interval.mean, interval.half_width, interval.low) == (7, None, None)
    assert str(interval) == "7.00"
    with pytest.raises(ValueError):
        mean_ci([])


def test_spread() -> None:
    spread = Spread.of([100, 120, 140])
    assert (spread.mean, spread.minimum, spread.maximum) == (120, 100, 140)


GAMES = [
    GameStats(scores=(10, 5, 1), ranks=(1, 2, 3), decisions=100, rounds=10),
    GameStats(scores=(8, 8, 2), ranks=(1, 1, 3), decisions=120, rounds=12),
    GameStats(scores=(3, 6, 6), ranks=(3, 1, 1), decisions=140, rounds=14),
]


def test_wins_count_each_sharer_and_shares_split_ties() -> None:
    summary = summarize("g", ["random", "random", "random"], GAMES)
    assert summary.games == 3
    assert [s.wins for s in summary.seats] == [2, 2, 1]
    assert [s.win_share for s in summary.seats] == pytest.approx([1.5, 1.0, 0.5])
    assert sum(s.win_share for s in summary.seats) == pytest.approx(summary.games)


def test_scores_per_seat() -> None:
    seat = summarize("g", ["a", "b", "c"], GAMES).seats[0]
    # Seat 0 scored 10, 8, 3: mean 7, squared deviations 9+1+16 = 26, s² = 13, t(2) = 4.303.
    assert seat.bot == "a"
    assert seat.score.mean == pytest.approx(7)
    assert seat.score.half_width == pytest.approx(4.303 * math.sqrt(13) / math.sqrt(3))
    assert (seat.min_score, seat.max_score) == (3, 10)


def test_game_length_and_rounds() -> None:
    summary = summarize("g", ["a", "b", "c"], GAMES)
    assert (summary.decisions.mean, summary.decisions.minimum, summary.decisions.maximum) == (120, 100, 140)
    assert summary.rounds is not None and summary.rounds.mean == 12
    without = [*GAMES[:2], GameStats(scores=(1, 2, 3), ranks=(3, 2, 1), decisions=5)]
    assert summarize("g", ["a", "b", "c"], without).rounds is None


def test_solo_ratings_are_counted() -> None:
    games = [
        GameStats((70,), (1,), 50, rating="Not bad"),
        GameStats((50,), (1,), 50, rating="So-so"),
        GameStats((65,), (1,), 50, rating="Not bad"),
    ]
    summary = summarize("g", ["random"], games)
    assert summary.ratings == (("Not bad", 2), ("So-so", 1))
    assert summary.seats[0].wins == 3


def test_game_stats_from_an_outcome() -> None:
    outcome = Outcome(
        (SeatResult(1, 12, 1), SeatResult(0, 9, 2)),
        rating=None,
        ended_by="five houses",
    )
    stats = GameStats.from_result(outcome.to_json(), decisions=33, rounds=4)
    assert stats == GameStats(scores=(9, 12), ranks=(2, 1), decisions=33, rounds=4, rating=None)


def test_summaries_refuse_bad_input() -> None:
    with pytest.raises(ValueError):
        summarize("g", ["a"], [])
    with pytest.raises(ValueError, match="seats"):
        summarize("g", ["a", "b"], GAMES)

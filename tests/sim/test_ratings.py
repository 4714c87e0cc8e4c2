"""Wilson intervals match published values; ratings order bots by results and tighten with more games."""

from __future__ import annotations

import math

import pytest

from laguna.sim.ratings import (
    RatedGame,
    bradley_terry,
    bradley_terry_fit,
    head_to_head,
    openskill_ratings,
    pairwise,
    wilson,
)


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I, method 3.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_intervals_match_the_published_table(successes: int, trials: int, low: float, high: float) -> None:
    interval = wilson(successes, trials)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)
    assert interval.rate == successes / trials


def test_wilson_is_symmetric_and_stays_within_zero_and_one() -> None:
    a, b = wilson(3, 10), wilson(7, 10)
    assert a.low == pytest.approx(1 - b.high)
    assert a.high == pytest.approx(1 - b.low)
    top = wilson(10, 10)
    assert top.high == 1.0
    assert 0.6 < top.low < 1
    assert wilson(0, 0).to_json()["rate"] is None
    with pytest.raises(ValueError):
        wilson(4, 3)


def _duel(winner_first: bool, group: int) -> RatedGame:
    return RatedGame(("a", "b"), (1, 2) if winner_first else (2, 1), group)


def _always_a(games: int) -> list[RatedGame]:
    """`a` wins every game, from either seat (deal-matched pairs)."""
    return [
        RatedGame(("a", "b") if i % 2 == 0 else ("b", "a"), (1, 2) if i % 2 == 0 else (2, 1), i // 2)
        for i in range(games)
    ]


def test_a_bot_that_always_wins_is_rated_higher_by_both_ratings() -> None:
    games = _always_a(20)
    elo = bradley_terry(["a", "b"], games, resamples=50, seed=1)
    skill = openskill_ratings(["a", "b"], games)
    assert elo["a"].elo > 0 > elo["b"].elo
    assert elo["a"].low > elo["b"].high
    assert skill["a"].mu > skill["b"].mu
    assert skill["a"].ordinal > skill["b"].ordinal
    # The prior draws keep a perfect record finite: 400·log10(2n + 1) Elo between the two.
    assert elo["a"].elo - elo["b"].elo == pytest.approx(400 * math.log10(2 * 20 + 1))


def test_intervals_shrink_with_more_games() -> None:
    def mixed(count: int) -> list[RatedGame]:
        return [_duel(i % 3 != 0, i // 2) for i in range(count)]

    few = bradley_terry(["a", "b"], mixed(30), resamples=100, seed=2)
    many = bradley_terry(["a", "b"], mixed(300), resamples=100, seed=2)
    assert many["a"].high - many["a"].low < (few["a"].high - few["a"].low) / 2
    assert many["a"].standard_error < few["a"].standard_error
    assert openskill_ratings(["a", "b"], mixed(300))["a"].sigma < openskill_ratings(["a", "b"], mixed(30))["a"].sigma


def test_bradley_terry_recovers_the_odds_of_a_long_record() -> None:
    # 2:1 odds is 400·log10(2) ≈ 120 Elo between the bots, ±60 around the field average.
    games = [_duel(i % 3 != 0, i // 3) for i in range(3000)]
    elo = bradley_terry(["a", "b"], games, resamples=20, seed=0)
    assert elo["a"].elo == pytest.approx(200 * math.log10(2), abs=0.5)
    assert elo["a"].low < elo["a"].elo < elo["a"].high


def test_the_bootstrap_is_a_function_of_its_seed() -> None:
    games = [_duel(i % 3 != 0 and i % 7 != 0, i // 2) for i in range(40)]
    assert bradley_terry(["a", "b"], games, seed=5) == bradley_terry(["a", "b"], games, seed=5)
    one, other = bradley_terry(["a", "b"], games, seed=5), bradley_terry(["a", "b"], games, seed=6)
    assert (one["a"].bootstrap_low, one["a"].bootstrap_high) != (other["a"].bootstrap_low, other["a"].bootstrap_high)


def test_shared_places_are_half_a_win_each_way() -> None:
    tie = RatedGame(("a", "b", "c"), (1, 1, 3))
    assert pairwise(tie) == [("a", "b", 0.5), ("a", "c", 1.0), ("b", "c", 1.0)]
    games = [tie] * 10
    elo = bradley_terry(["a", "b", "c"], games, resamples=10)
    assert elo["a"].elo == pytest.approx(elo["b"].elo)
    assert elo["c"].elo < elo["a"].elo
    skill = openskill_ratings(["a", "b", "c"], games)
    assert skill["a"].mu == pytest.approx(skill["b"].mu, abs=1e-6)
    assert skill["c"].mu < skill["a"].mu
    table = head_to_head(["a", "b", "c"], games)
    assert table["a"]["b"].rate == 0.5
    assert table["a"]["c"].rate == 1.0
    assert table["c"]["a"].trials == 10


def test_all_draws_rate_everyone_equal() -> None:
    games = [RatedGame(("a", "b"), (1, 1), i) for i in range(10)]
    assert bradley_terry_fit([[0, 5], [5, 0]]) == pytest.approx([0, 0])
    elo = bradley_terry(["a", "b"], games, resamples=10)
    assert elo["a"].elo == pytest.approx(0, abs=1e-9)
    skill = openskill_ratings(["a", "b"], games)
    assert skill["a"].mu == pytest.approx(skill["b"].mu, abs=1e-6)


def test_a_bot_in_two_seats_of_a_game_is_rated_once_per_seat() -> None:
    # Four seats, two bots: a holds two seats and always takes the top two places.
    games = [RatedGame(("a", "b", "a", "b"), (1, 3, 2, 4), i) for i in range(10)]
    assert [p for p in pairwise(games[0]) if p[0] == p[1]] == []
    skill = openskill_ratings(["a", "b"], games)
    assert skill["a"].mu > 25 > skill["b"].mu
    assert skill["a"].sigma < 25 / 3
    assert head_to_head(["a", "b"], games)["a"]["b"].trials == 40


def test_openskill_reads_games_in_order() -> None:
    wins_then_losses = [_duel(True, i) for i in range(10)] + [_duel(False, 10 + i) for i in range(10)]
    losses_then_wins = wins_then_losses[10:] + wins_then_losses[:10]
    first = openskill_ratings(["a", "b"], wins_then_losses)
    second = openskill_ratings(["a", "b"], losses_then_wins)
    assert first["a"].mu != second["a"].mu
    assert first == openskill_ratings(["a", "b"], wins_then_losses)

"""Strength estimates from finished games: Wilson intervals, OpenSkill ratings and a Bradley–Terry fit.

Two ratings are given because they answer different questions. OpenSkill (Plackett–Luce) is an online
Bayesian rating: it reads the games once, in index order, and its ``mu ± 1.96·sigma`` is the spread of
its belief after them. Bots do not learn between games, so the model's drift term ``tau`` is zero and
sigma only shrinks. The Bradley–Terry fit is the maximum-likelihood answer to "how likely is A to
finish ahead of B", on the Elo scale (400 points = 10:1 odds), independent of the order of the games;
its 95% interval comes from a seeded bootstrap that resamples whole deal groups (the games that share a
seed), because games of one group are not independent of each other.

A game's ranks come from its outcome: equal ranks are a shared place (a tie), which counts as half a
win each way in head-to-head figures and as a shared rank in OpenSkill.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import NormalDist
from typing import Any

from openskill.models import PlackettLuce

from laguna.core import Rng

Z_95 = NormalDist().inv_cdf(0.975)
"""The two-sided 95% normal quantile, 1.959963…"""

ELO = 400 / math.log(10)
"""Elo points per unit of natural-log strength: a 400-point gap is 10:1 odds."""


@dataclass(frozen=True, slots=True)
class Proportion:
    """A rate with its Wilson 95% interval: `successes` of `trials` (successes may be fractional
    when shared victories are split)."""

    successes: float
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else math.nan

    def to_json(self) -> dict[str, Any]:
        rate = self.rate if self.trials else None
        return {"successes": self.successes, "trials": self.trials, "rate": rate, "low": self.low, "high": self.high}

    def __str__(self) -> str:
        if not self.trials:
            return "–"
        return f"{100 * self.rate:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def wilson(successes: float, trials: int, z: float = Z_95) -> Proportion:
    """The Wilson score interval of a proportion: unlike ``p ± z·√(p(1-p)/n)`` it stays inside [0, 1]
    and keeps its coverage near 0% and 100%, where strong bots against weak ones live.

    >>> p = wilson(8, 10)
    >>> round(p.low, 4), round(p.high, 4)
    (0.4902, 0.9433)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials")
    if trials == 0:
        return Proportion(successes, 0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Proportion(successes, trials, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class RatedGame:
    """What a rating needs of one game: the bot in each seat, each seat's rank (1 = best; equal
    ranks share a place) and the deal group it belongs to (games that share a seed)."""

    lineup: tuple[str, ...]
    ranks: tuple[int, ...]
    group: int = 0


def pairwise(game: RatedGame) -> list[tuple[str, str, float]]:
    """Every pair of seats held by different bots as ``(a, b, a's points)``: 1 if a ranked ahead,
    0 if behind, 1/2 for a shared place."""
    found = []
    for s, t in combinations(range(len(game.lineup)), 2):
        a, b = game.lineup[s], game.lineup[t]
        if a == b:
            continue
        ra, rb = game.ranks[s], game.ranks[t]
        found.append((a, b, 1.0 if ra < rb else 0.0 if ra > rb else 0.5))
    return found


# ------------------------------------------------------------------ OpenSkill


@dataclass(frozen=True, slots=True)
class SkillRating:
    """An OpenSkill rating: ``mu`` and ``sigma`` on the model's scale (a new bot is 25 ± 8.33)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3·sigma``: the conservative figure OpenSkill ranks by."""
        return self.mu - 3 * self.sigma

    @property
    def low(self) -> float:
        return self.mu - Z_95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z_95 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal, "low": self.low, "high": self.high}


def openskill_ratings(bots: Sequence[str], games: Sequence[RatedGame]) -> dict[str, SkillRating]:
    """Plackett–Luce ratings after the games, read in the order given.

    A bot that holds several seats of one game (more seats than bots) enters each seat as its own
    team with its current rating; its new rating adds up the changes of its seats, as if it had
    played those placings one after the other.
    """
    model = PlackettLuce(tau=0.0)
    current = {bot: (model.mu, model.sigma) for bot in bots}
    for game in games:
        teams = [[model.rating(mu=current[bot][0], sigma=current[bot][1])] for bot in game.lineup]
        rated = model.rate(teams, ranks=[float(r) for r in game.ranks])
        change: dict[str, tuple[float, float]] = {}
        for bot, [after] in zip(game.lineup, rated, strict=True):
            mu, sigma = current[bot]
            d_mu, d_var = change.get(bot, (0.0, 0.0))
            change[bot] = (d_mu + after.mu - mu, d_var + sigma * sigma - after.sigma * after.sigma)
        for bot, (d_mu, d_var) in change.items():
            mu, sigma = current[bot]
            # Several seats' variance cuts cannot remove more than a tenth of the variance left.
            variance = max(sigma * sigma - d_var, sigma * sigma / 10)
            current[bot] = (mu + d_mu, math.sqrt(variance))
    return {bot: SkillRating(mu, sigma) for bot, (mu, sigma) in current.items()}


# ------------------------------------------------------------------ Bradley–Terry

PRIOR_GAMES = 1.0
"""Virtual drawn games added between every two bots: without them a bot that won every comparison
would have an infinite maximum-likelihood rating. One draw moves a gap of n straight wins from
infinity to ``400·log10(2n+1)`` Elo, and matters little once pairs have met dozens of times."""


Matrix = list[list[float]]


def _points(bots: Sequence[str], games: Sequence[RatedGame]) -> Matrix:
    """``points[i][j]``: what bot i scored against bot j in head-to-head comparisons."""
    index = {bot: i for i, bot in enumerate(bots)}
    points = [[0.0] * len(bots) for _ in bots]
    for game in games:
        for a, b, p in pairwise(game):
            points[index[a]][index[b]] += p
            points[index[b]][index[a]] += 1 - p
    return points


def bradley_terry_fit(points: Matrix, prior: float = PRIOR_GAMES) -> list[float]:
    """Maximum-likelihood Bradley–Terry ratings in Elo points, centred on 0, from a head-to-head
    points matrix (Hunter's minorise–maximise iteration; converges for any matrix once the prior
    draws connect every pair).

    >>> [round(r) for r in bradley_terry_fit([[0, 9], [1, 0]], prior=0)]
    [191, -191]
    """
    n = len(points)
    wins = [[points[i][j] + (prior / 2 if i != j else 0.0) for j in range(n)] for i in range(n)]
    played = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    total = [sum(row) for row in wins]
    strength = [1.0] * n
    for _ in range(10_000):
        new = []
        for i in range(n):
            denominator = sum(played[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i and played[i][j])
            new.append(total[i] / denominator if denominator else strength[i])
        # Fix the scale: geometric mean 1 (ratings centred on 0).
        centre = math.exp(sum(math.log(max(s, 1e-300)) for s in new) / n)
        new = [max(s, 1e-300) / centre for s in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if done:
            break
    return [ELO * math.log(s) for s in strength]


def standard_errors(points: Matrix, ratings: Sequence[float], prior: float = PRIOR_GAMES) -> list[float]:
    """Standard errors (Elo points) of centred Bradley–Terry ratings from the curvature of the
    log-likelihood at the fit: the diagonal of the pseudo-inverse of its Laplacian-shaped information
    matrix ``I[i][i] = Σ n·p·(1-p)``, ``I[i][j] = -n·p·(1-p)``."""
    import numpy as np  # noqa: PLC0415  (slow to import; only this needs it)

    n = len(points)
    theta = [r / ELO for r in ratings]
    information = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if i != j:
                games = points[i][j] + points[j][i] + prior
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                information[i, j] = -games * p * (1 - p)
        information[i, i] = -information[i].sum()
    # Pseudo-inverse of a connected Laplacian: invert it with the constant direction filled in.
    ones = np.full((n, n), 1 / n)
    covariance = np.linalg.inv(information + ones) - ones
    return [ELO * math.sqrt(max(float(covariance[i, i]), 0.0)) for i in range(n)]


@dataclass(frozen=True, slots=True)
class EloRating:
    """A Bradley–Terry rating in Elo points (field average 0) and its 95% interval.

    The interval is the bootstrap percentile interval, widened where needed to hold
    ``elo ± 1.96·standard_error``: a bootstrap cannot vary a record without a single loss, and would
    then claim a rating known exactly.
    """

    elo: float
    low: float
    high: float
    standard_error: float
    bootstrap_low: float
    bootstrap_high: float

    def to_json(self) -> dict[str, Any]:
        return {
            "elo": self.elo,
            "low": self.low,
            "high": self.high,
            "standard_error": self.standard_error,
            "bootstrap_low": self.bootstrap_low,
            "bootstrap_high": self.bootstrap_high,
        }


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between order statistics (the usual "type 7" percentile)."""
    position = q * (len(sorted_values) - 1)
    below = math.floor(position)
    above = min(below + 1, len(sorted_values) - 1)
    return sorted_values[below] + (position - below) * (sorted_values[above] - sorted_values[below])


def bradley_terry(
    bots: Sequence[str], games: Sequence[RatedGame], *, resamples: int = 200, seed: int = 0
) -> dict[str, EloRating]:
    """Bradley–Terry Elo ratings of the bots with 95% intervals.

    Each bootstrap resample draws as many deal groups as there are, with replacement, using a
    generator seeded by `seed`, so the intervals are a function of the games and the seed alone.
    """
    groups: dict[int, list[RatedGame]] = {}
    for game in games:
        groups.setdefault(game.group, []).append(game)
    group_points = [_points(bots, members) for _, members in sorted(groups.items())]
    n = len(bots)
    observed = _points(bots, games)
    fitted = bradley_terry_fit(observed)
    errors = standard_errors(observed, fitted)
    samples: list[list[float]] = [[] for _ in bots]
    rng = Rng(seed)
    for _ in range(resamples if group_points else 0):
        counts = [0] * len(group_points)
        for _ in group_points:
            counts[rng.randrange(len(group_points))] += 1
        points = [[0.0] * n for _ in bots]
        for count, matrix in zip(counts, group_points, strict=True):
            if count:
                for i in range(n):
                    row, source = points[i], matrix[i]
                    for j in range(n):
                        row[j] += count * source[j]
        for i, elo in enumerate(bradley_terry_fit(points)):
            samples[i].append(elo)
    ratings = {}
    for i, bot in enumerate(bots):
        ordered = sorted(samples[i])
        elo = fitted[i]
        if ordered:
            boot_low, boot_high = _percentile(ordered, 0.025), _percentile(ordered, 0.975)
        else:
            boot_low = boot_high = elo
        half = Z_95 * errors[i]
        ratings[bot] = EloRating(
            elo, min(boot_low, elo - half), max(boot_high, elo + half), errors[i], boot_low, boot_high
        )
    return ratings


def head_to_head(bots: Sequence[str], games: Sequence[RatedGame]) -> dict[str, dict[str, Proportion]]:
    """For each ordered pair of different bots, the share of their comparisons the first won
    (finishing ahead of the other; a shared place is half), with its Wilson interval."""
    points = _points(bots, games)
    table: dict[str, dict[str, Proportion]] = {}
    for i, a in enumerate(bots):
        table[a] = {}
        for j, b in enumerate(bots):
            if i != j:
                trials = round(points[i][j] + points[j][i])
                table[a][b] = wilson(min(points[i][j], trials), trials)
    return table


def ratings_json(ratings: Mapping[str, SkillRating | EloRating]) -> dict[str, Any]:
    return {bot: rating.to_json() for bot, rating in ratings.items()}

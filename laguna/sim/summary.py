"""A tournament's summary: each bot's wins and scores, each seat's, head-to-head results and both
ratings, computed in game order so it is the same however the games ran."""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from laguna.sim.ratings import (
    EloRating,
    Proportion,
    RatedGame,
    SkillRating,
    bradley_terry,
    head_to_head,
    openskill_ratings,
    ratings_json,
    wilson,
)
from laguna.sim.seating import Seating, cycle_length
from laguna.sim.stats import GameStats, Interval, Spread, mean_ci

RESAMPLES = 200
"""Bootstrap resamples behind the Bradley–Terry intervals: enough for stable 2.5% and 97.5% points."""


def _quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return (values[0], values[0], values[0])
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (q1, q2, q3)


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot over all its seats. ``win`` splits a k-way shared victory into 1/k (so the win rates
    of the seats of a game add up to 1); ``wins`` counts every first place, shared or not."""

    bot: str
    seats_played: int
    wins: int
    win: Proportion
    score: Interval
    scores: tuple[int, ...] = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        q1, median, q3 = _quartiles(self.scores)
        return {
            "seats_played": self.seats_played,
            "wins": self.wins,
            "win_rate": self.win.to_json(),
            "score": self.score.to_json(),
            "score_min": min(self.scores),
            "score_q1": q1,
            "score_median": median,
            "score_q3": q3,
            "score_max": max(self.scores),
        }


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat over all games, whoever sat in it: the first-player advantage, or its absence."""

    seat: int
    win: Proportion
    score: Interval

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "win_rate": self.win.to_json(), "score": self.score.to_json()}


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any]
    cycle: int
    per_bot: tuple[BotSummary, ...]
    seats: tuple[SeatStats, ...]
    head_to_head: dict[str, dict[str, Proportion]]
    openskill: dict[str, SkillRating]
    bradley_terry: dict[str, EloRating]
    decisions: Spread
    rounds: Spread | None
    resamples: int

    @property
    def balanced(self) -> bool:
        """Whether every bot sat in every seat equally often (whole cycles were played)."""
        return self.games % self.cycle == 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "seating": {
                "cycle": self.cycle,
                "deal_group": self.players,
                "balanced": self.balanced,
            },
            "per_bot": {b.bot: b.to_json() for b in self.per_bot},
            "seats": [s.to_json() for s in self.seats],
            "head_to_head": {a: {b: p.to_json() for b, p in row.items()} for a, row in self.head_to_head.items()},
            "ratings": {
                "openskill": {"model": "PlackettLuce", "tau": 0.0, "bots": ratings_json(self.openskill)},
                "bradley_terry": {
                    "scale": "Elo, field average 0",
                    "bootstrap_resamples": self.resamples,
                    "bootstrap_seed": self.seed,
                    "bots": ratings_json(self.bradley_terry),
                },
            },
            "decisions": {"mean": self.decisions.mean, "min": self.decisions.minimum, "max": self.decisions.maximum},
            "rounds": None
            if self.rounds is None
            else {"mean": self.rounds.mean, "min": self.rounds.minimum, "max": self.rounds.maximum},
        }


def summarize_tournament(
    game: str,
    bots: Sequence[str],
    seatings: Sequence[Seating],
    results: Sequence[GameStats],
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    resamples: int = RESAMPLES,
) -> TournamentSummary:
    """Everything the report shows, computed in game order (so it is the same however games ran)."""
    if not results or len(results) != len(seatings):
        raise ValueError("a summary needs one result per seating, and at least one")
    players = len(seatings[0].lineup)
    scores: dict[str, list[int]] = {bot: [] for bot in bots}
    shares = dict.fromkeys(bots, 0.0)
    firsts = dict.fromkeys(bots, 0)
    seat_shares = [0.0] * players
    seat_scores: list[list[int]] = [[] for _ in range(players)]
    rated = []
    for seating, stats in zip(seatings, results, strict=True):
        winners = [seat for seat, r in enumerate(stats.ranks) if r == 1]
        for seat, bot in enumerate(seating.lineup):
            scores[bot].append(stats.scores[seat])
            seat_scores[seat].append(stats.scores[seat])
            if seat in winners:
                shares[bot] += 1 / len(winners)
                firsts[bot] += 1
                seat_shares[seat] += 1 / len(winners)
        rated.append(RatedGame(seating.lineup, stats.ranks, seating.group))
    per_bot = tuple(
        BotSummary(
            bot,
            len(scores[bot]),
            firsts[bot],
            wilson(min(shares[bot], len(scores[bot])), len(scores[bot])),
            mean_ci(scores[bot]),
            tuple(scores[bot]),
        )
        for bot in bots
    )
    games = len(results)
    seats = tuple(
        SeatStats(seat, wilson(min(seat_shares[seat], games), games), mean_ci(seat_scores[seat]))
        for seat in range(players)
    )
    rounds = [stats.rounds for stats in results]
    return TournamentSummary(
        game=game,
        players=players,
        bots=tuple(bots),
        games=games,
        seed=seed,
        options=dict(options or {}),
        cycle=cycle_length(bots, players),
        per_bot=per_bot,
        seats=seats,
        head_to_head=head_to_head(bots, rated),
        openskill=openskill_ratings(bots, rated),
        bradley_terry=bradley_terry(bots, rated, resamples=resamples, seed=seed),
        decisions=Spread.of([stats.decisions for stats in results]),
        rounds=Spread.of([r for r in rounds if r is not None]) if None not in rounds else None,
        resamples=resamples,
    )

"""Solo evaluation: one bot plays a game's solo mode many times; its scores and the rulebook's ratings.

The rating tiers are the rulebook's table for the solo game (``So-so`` … ``Masterpiece!``), lowest
first. A game reaches a tier when its score is at least the tier's floor, so every game reaches the
lowest tier and the shares fall from 100% as the tiers climb.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from laguna.core import LagunaError, get_game
from laguna.core.messages import N_, msg
from laguna.core.registry import AnyGame
from laguna.sim.backends import Backend, LocalBackend
from laguna.sim.simulate import Progress, check_setup, collect_games, game_seed, play_task
from laguna.sim.stats import GameStats, Interval, Spread, mean_ci
from laguna.sim.tournament import bot_names, output_dir, write_json


@dataclass(frozen=True, slots=True)
class Tier:
    """A line of the solo rating table: its title and the least score that earns it (``None`` for
    the lowest tier, which every score earns)."""

    title: str
    floor: int | None


def solo_tiers(game: AnyGame) -> tuple[Tier, ...]:
    """The game's solo rating table (`Game.solo_ratings`), lowest tier first; empty when it has none."""
    return tuple(Tier(title, floor) for floor, title in game.solo_ratings)


@dataclass(frozen=True, slots=True)
class TierCount:
    tier: Tier
    reached: int
    """Games whose rating is this tier or a higher one."""
    exactly: int
    """Games whose rating is this tier."""


@dataclass(frozen=True, slots=True)
class Bin:
    low: int
    high: int
    count: int


def histogram(values: Sequence[int], bins: int = 12) -> list[Bin]:
    """Whole-number bins of equal width covering the values, about `bins` of them.

    >>> [(b.low, b.high, b.count) for b in histogram([1, 2, 2, 9], bins=3)]
    [(0, 2, 3), (3, 5, 0), (6, 8, 0), (9, 11, 1)]
    """
    least, most = min(values), max(values)
    width = max(1, math.ceil((most - least + 1) / bins))
    start = (least // width) * width
    found = []
    low = start
    while low <= most:
        high = low + width - 1
        found.append(Bin(low, high, sum(1 for v in values if low <= v <= high)))
        low += width
    return found


@dataclass(frozen=True, slots=True)
class SoloSummary:
    game: str
    bot: str
    games: int
    seed: int
    options: dict[str, Any]
    scores: tuple[int, ...]
    score: Interval
    median: float
    quartiles: tuple[float, float]
    minimum: int
    maximum: int
    histogram: tuple[Bin, ...]
    tiers: tuple[TierCount, ...]
    decisions: Spread

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "score": {
                **self.score.to_json(),
                "median": self.median,
                "q1": self.quartiles[0],
                "q3": self.quartiles[1],
                "min": self.minimum,
                "max": self.maximum,
            },
            "histogram": [{"low": b.low, "high": b.high, "count": b.count} for b in self.histogram],
            "tiers": [
                {
                    "title": t.tier.title,
                    "floor": t.tier.floor,
                    "reached": t.reached,
                    "reached_share": t.reached / self.games,
                    "exactly": t.exactly,
                }
                for t in self.tiers
            ],
            "decisions": {"mean": self.decisions.mean, "min": self.decisions.minimum, "max": self.decisions.maximum},
        }


def summarize_solo(
    game: AnyGame,
    bot: str,
    results: Sequence[GameStats],
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> SoloSummary:
    if not results:
        raise ValueError("a summary needs at least one game")
    scores = [stats.scores[0] for stats in results]
    tiers = solo_tiers(game)
    titles = [t.title for t in tiers]
    levels = []
    for stats in results if tiers else ():
        if stats.rating not in titles:
            raise LagunaError(
                msg(
                    "{game} rated a solo game {rating}, which is not in its rating table",
                    game=game.id,
                    rating=repr(stats.rating),
                )
            )
        levels.append(titles.index(stats.rating))
    if len(scores) >= 2:
        q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive")
    else:
        q1 = median = q3 = float(scores[0])
    return SoloSummary(
        game=game.id,
        bot=bot,
        games=len(results),
        seed=seed,
        options=dict(options or {}),
        scores=tuple(scores),
        score=mean_ci(scores),
        median=median,
        quartiles=(q1, q3),
        minimum=min(scores),
        maximum=max(scores),
        histogram=tuple(histogram(scores)),
        tiers=tuple(
            TierCount(tier, sum(1 for lv in levels if lv >= k), sum(1 for lv in levels if lv == k))
            for k, tier in enumerate(tiers)
        ),
        decisions=Spread.of([stats.decisions for stats in results]),
    )


def check_solo(game_id: str, bot: str, games: int, options: Mapping[str, Any]) -> tuple[AnyGame, str, dict[str, Any]]:
    """Refuse a game without a solo mode, a bad bot, count or option before any game is played."""
    game = get_game(game_id)
    game.check_players(1, N_("{game} has no solo mode (it is for {least}–{most} players); try laguna tournament"))
    [name] = bot_names([bot])
    typed = check_setup(game.id, 1, [name], options, games=games)
    return game, name, typed


def solo(
    game_id: str,
    bot: str,
    games: int,
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    backend: Backend | None = None,
    out_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> SoloSummary:
    """Play `games` solo games (game i with ``game_seed(seed, i)``) and summarise them; with
    `out_dir`, write ``games.jsonl`` and ``summary.json`` there."""
    game, name, typed = check_solo(game_id, bot, games, options or {})
    tasks = [(game.id, (name,), typed, game_seed(seed, index)) for index in range(games)]
    runner = backend if backend is not None else LocalBackend()
    folder = output_dir(out_dir) if out_dir is not None else None
    results = collect_games(runner, play_task, tasks, folder / "games.jsonl" if folder else None, progress)
    summary = summarize_solo(game, name, results, seed=seed, options=typed)
    if folder is not None:
        write_json(folder / "summary.json", summary.to_json())
    return summary

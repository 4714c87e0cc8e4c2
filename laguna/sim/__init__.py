"""Simulation: many seeded games between bots, their statistics, and speed measurements."""

from laguna.sim.bench import BenchResult, bench
from laguna.sim.simulate import game_seed, play_game, play_match, simulate
from laguna.sim.stats import GameStats, Interval, SeatSummary, Spread, Summary, mean_ci, summarize, t_critical

__all__ = [
    "BenchResult",
    "GameStats",
    "Interval",
    "SeatSummary",
    "Spread",
    "Summary",
    "bench",
    "game_seed",
    "mean_ci",
    "play_game",
    "play_match",
    "simulate",
    "summarize",
    "t_critical",
]

"""Simulation: many seeded games between bots, tournaments with ratings, solo evaluation, and speed
measurements."""

from laguna.sim.backends import Backend, LocalBackend, RayBackend, make_backend
from laguna.sim.bench import BenchResult, bench
from laguna.sim.ratings import EloRating, Proportion, RatedGame, SkillRating, bradley_terry, openskill_ratings, wilson
from laguna.sim.seating import Seating, schedule
from laguna.sim.simulate import game_seed, play_game, play_match, simulate
from laguna.sim.solo import SoloSummary, Tier, solo, solo_tiers
from laguna.sim.stats import GameStats, Interval, SeatSummary, Spread, Summary, mean_ci, summarize, t_critical
from laguna.sim.summary import TournamentSummary
from laguna.sim.tournament import TournamentResult, tournament

__all__ = [
    "Backend",
    "BenchResult",
    "EloRating",
    "GameStats",
    "Interval",
    "LocalBackend",
    "Proportion",
    "RatedGame",
    "RayBackend",
    "SeatSummary",
    "Seating",
    "SkillRating",
    "SoloSummary",
    "Spread",
    "Summary",
    "Tier",
    "TournamentResult",
    "TournamentSummary",
    "bench",
    "bradley_terry",
    "game_seed",
    "make_backend",
    "mean_ci",
    "openskill_ratings",
    "play_game",
    "play_match",
    "schedule",
    "simulate",
    "solo",
    "solo_tiers",
    "summarize",
    "t_critical",
    "tournament",
    "wilson",
]

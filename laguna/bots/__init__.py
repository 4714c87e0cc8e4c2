"""Bots: players written against the game protocol only, so one bot plays every game."""

from laguna.bots.base import BOT_NAMES, BOTS, EXPERT_SECONDS, LEVELS, Bot, Level, bot_seed, make_bot
from laguna.bots.greedy import GreedyBot
from laguna.bots.ismcts import IsmctsBot
from laguna.bots.learned import HEURISTIC, Evaluation, LearnedEvaluation
from laguna.bots.random_bot import RandomBot

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "EXPERT_SECONDS",
    "HEURISTIC",
    "LEVELS",
    "Bot",
    "Evaluation",
    "GreedyBot",
    "IsmctsBot",
    "LearnedEvaluation",
    "Level",
    "RandomBot",
    "bot_seed",
    "make_bot",
]

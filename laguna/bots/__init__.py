"""Bots: players written against the game protocol only, so one bot plays every game."""

from laguna.bots.base import BOTS, Bot, bot_seed, make_bot
from laguna.bots.random_bot import RandomBot

__all__ = ["BOTS", "Bot", "RandomBot", "bot_seed", "make_bot"]

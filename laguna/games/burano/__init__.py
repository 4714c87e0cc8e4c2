"""Burano (Yu-Chen Tseng and Eros Lin, EmperorS4, 2015) for 2–4 players: the rules engine (rulebook:
burano.en.txt)."""

from laguna.games.burano.game import GAME, Burano
from laguna.games.burano.position import Phase
from laguna.games.burano.state import BuranoState

__all__ = ["GAME", "Burano", "BuranoState", "Phase"]

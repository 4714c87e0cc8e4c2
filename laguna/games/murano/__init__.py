"""Murano (Inka and Markus Brand, Lookout Games, 2014) for 2–4 players: the rules engine (rules page:
murano.yucata.en.txt, with the online version's rule options)."""

from laguna.games.murano.game import GAME, Murano
from laguna.games.murano.position import Phase
from laguna.games.murano.state import MuranoState

__all__ = ["GAME", "Murano", "MuranoState", "Phase"]

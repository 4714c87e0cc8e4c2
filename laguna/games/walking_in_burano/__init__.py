"""Walking in Burano: the rules engine (rulebook: walking-in-burano.en.txt and the Russian edition)."""

from laguna.games.walking_in_burano.game import GAME, WalkingInBurano
from laguna.games.walking_in_burano.position import Phase
from laguna.games.walking_in_burano.state import WalkingInBuranoState

__all__ = ["GAME", "Phase", "WalkingInBurano", "WalkingInBuranoState"]

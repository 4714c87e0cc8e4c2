"""Walking in Burano Roll & Write: the rules engine (rulebook: walking-in-burano-roll-and-write.en.txt)."""

from laguna.games.burano_roll_and_write.game import GAME, WalkingInBuranoRollAndWrite
from laguna.games.burano_roll_and_write.position import Phase
from laguna.games.burano_roll_and_write.state import RollAndWriteState

__all__ = ["GAME", "Phase", "RollAndWriteState", "WalkingInBuranoRollAndWrite"]

"""The ten characters A–J that a player may invite (rulebook: Character Invitation & Scoring)."""

from __future__ import annotations

import enum


class Character(enum.Enum):
    """A character by its letter; the value is the letter used in the action notation."""

    FEMALE_TOURIST = "A"
    PHOTOGRAPHER = "B"
    BACKPACKER = "C"
    POLICEMAN = "D"
    SANTA_CLAUS = "E"
    FLORIST = "F"
    FISHERMAN = "G"
    PAINTER = "H"
    TAILOR = "I"
    MALE_TOURIST = "J"

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").title()

    @property
    def designates_floor(self) -> bool:
        """Florist, Fisherman and Painter score "a designated floor (1st, 2nd, or 3rd floor)"."""
        return self in (Character.FLORIST, Character.FISHERMAN, Character.PAINTER)


CHARACTERS = tuple(Character)

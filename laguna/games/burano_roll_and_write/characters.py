"""The ten characters A–J that a player may invite (rulebook: Character Invitation & Scoring)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

from laguna.core.messages import N_


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

    __hash__ = object.__hash__
    """By identity, as a member is equal only to itself: a search hashes invitations by the thousand."""

    @property
    def title(self) -> str:
        """The character's name, in English (``msg(title)`` translates it)."""
        return _TITLES[self]

    @property
    def designates_floor(self) -> bool:
        """Florist, Fisherman and Painter score "a designated floor (1st, 2nd, or 3rd floor)"."""
        return self in (Character.FLORIST, Character.FISHERMAN, Character.PAINTER)


_TITLES: Final[Mapping[Character, str]] = {
    Character.FEMALE_TOURIST: N_("Female Tourist"),
    Character.PHOTOGRAPHER: N_("Photographer"),
    Character.BACKPACKER: N_("Backpacker"),
    Character.POLICEMAN: N_("Policeman"),
    Character.SANTA_CLAUS: N_("Santa Claus"),
    Character.FLORIST: N_("Florist"),
    Character.FISHERMAN: N_("Fisherman"),
    Character.PAINTER: N_("Painter"),
    Character.TAILOR: N_("Tailor"),
    Character.MALE_TOURIST: N_("Male Tourist"),
}

CHARACTERS = tuple(Character)

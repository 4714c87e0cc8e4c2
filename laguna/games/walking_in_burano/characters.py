"""The 26 character cards (rulebook: Components; Game Setup step 3; Visit from Characters).

Tourists may visit a player again and again; an inhabitant visits each player at most once.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

from laguna.core.messages import N_


class Character(enum.Enum):
    """The eleven character types, in the rulebook's order. The value is the action notation."""

    WOMAN = "woman"
    MAN = "man"
    GIRL = "girl"
    BOY = "boy"
    MAYOR = "mayor"
    POLICEMAN = "policeman"
    SANTA_CLAUS = "santa-claus"
    SHOP_OWNER = "shop-owner"
    TAILOR = "tailor"
    FLORIST = "florist"
    GARDENER = "gardener"

    @property
    def is_tourist(self) -> bool:
        return self in TOURISTS

    @property
    def is_beginner_removed(self) -> bool:
        """Marked * in the rulebook: left out by the beginners' optional rule."""
        return self in (Character.SHOP_OWNER, Character.FLORIST, Character.GARDENER)

    @property
    def title(self) -> str:
        """The name on the card, in English (``msg(title)`` translates it)."""
        return _TITLES[self]


_TITLES: Final[Mapping[Character, str]] = {
    Character.WOMAN: N_("Woman"),
    Character.MAN: N_("Man"),
    Character.GIRL: N_("Girl"),
    Character.BOY: N_("Boy"),
    Character.MAYOR: N_("Mayor"),
    Character.POLICEMAN: N_("Policeman"),
    Character.SANTA_CLAUS: N_("Santa Claus"),
    Character.SHOP_OWNER: N_("Shop Owner"),
    Character.TAILOR: N_("Tailor"),
    Character.FLORIST: N_("Florist"),
    Character.GARDENER: N_("Gardener"),
}


TOURISTS = (Character.WOMAN, Character.MAN, Character.GIRL, Character.BOY)
INHABITANTS = tuple(c for c in Character if c not in TOURISTS)
CHARACTERS = tuple(Character)


def pile_sizes(players: int, solo: bool, beginner: bool) -> dict[Character, int]:
    """Character piles after setup.

    Four players use all cards (3 of each tourist, 2 of each inhabitant); three players remove one of
    each tourist; two players and the solo game also remove one of each inhabitant (Game Setup 3;
    Solo Game Setup: "similar to a base game with 2 players").
    """
    tourists = 3 if players == 4 else 2
    inhabitants = 1 if players <= 2 or solo else 2
    sizes = {c: (tourists if c.is_tourist else inhabitants) for c in CHARACTERS}
    if beginner:
        for character in CHARACTERS:
            if character.is_beginner_removed:
                sizes[character] = 0
    return sizes

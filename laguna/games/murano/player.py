"""What each player owns in Murano: gold, the score, gondoliers, bought tiles (shops and palaces face
down), character cards (secret), special building cards, and glass beads."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from laguna.core.game import copy_counter
from laguna.games.murano.components import Bead

STARTING_GOLD = 5
STARTING_VP = 5
"""Setup: a gondolier goes on space 5 of the victory point track."""
STARTING_GONDOLIERS = 5


@dataclass(slots=True)
class Player:
    gold: int = STARTING_GOLD
    gondoliers: int = STARTING_GONDOLIERS
    """Gondoliers in front of the player, not yet placed on a gondola."""
    factories: int = 0
    specials: int = 0
    shops: list[str] = field(default_factory=list)
    """Shop tiles bought and not built, face down."""
    palaces: list[str] = field(default_factory=list)
    characters: list[str] = field(default_factory=list)
    special_cards: list[str] = field(default_factory=list)
    beads: Counter[Bead] = field(default_factory=Counter)
    markers: int = 0
    """Markers placed on built shops and glass factories."""
    vp: Counter[str] = field(default_factory=lambda: Counter({"start": STARTING_VP}))

    def copy(self) -> Player:
        return Player(
            self.gold, self.gondoliers, self.factories, self.specials, list(self.shops), list(self.palaces),
            list(self.characters), list(self.special_cards), copy_counter(self.beads), self.markers,
            copy_counter(self.vp),
        )  # fmt: skip

    def score(self) -> int:
        return self.vp.total()

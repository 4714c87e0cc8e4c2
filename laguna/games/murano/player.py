"""What each player owns in Murano: gold, the score, gondoliers, bought tiles (shops and palaces face
down), character cards (secret), special building cards, and glass beads."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from laguna.games.murano.components import Bead

_new: Final = object.__new__
_new_counter: Final = Counter.__new__
_fill: Final = dict.update
"""How a copy is made: a player without `__init__`, and counters filled as plain dictionaries."""

STARTING_GOLD = 5
STARTING_VP = 5
"""Setup: a gondolier goes on space 5 of the victory point track."""
STARTING_GONDOLIERS = 5


@dataclass(slots=True)
class Player:
    """One player's holdings. Its lists are replaced, never changed in place: copies share them."""

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
        """A twin, its fields set directly (search copies every player of every position). The lists are
        shared: the rules replace them, never change them in place; the counters are copied."""
        twin = _new(Player)
        twin.gold = self.gold
        twin.gondoliers = self.gondoliers
        twin.factories = self.factories
        twin.specials = self.specials
        twin.shops = self.shops
        twin.palaces = self.palaces
        twin.characters = self.characters
        twin.special_cards = self.special_cards
        twin.beads = beads = _new_counter(Counter)
        _fill(beads, self.beads)
        twin.markers = self.markers
        twin.vp = vp = _new_counter(Counter)
        _fill(vp, self.vp)
        return twin

    def score(self) -> int:
        return self.vp.total()

"""What each player owns in Burano: the player board (schedule ring, pyramid, preparation area, roof
spaces, privilege and moves tracks), cubes, coins, fish cards, building cards and the score."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from laguna.core.game import copy_counter
from laguna.games.burano.components import Colour, RoofTile
from laguna.games.burano.pyramid import SLOTS
from laguna.games.burano.ring import Ring

STARTING_COINS = 3
STARTING_PRIVILEGE = 1
"""Setup: one lettered worker goes to space 1 of the privilege track."""


@dataclass(slots=True)
class Player:
    """One player's possessions. `vp` is the scoring track, kept by source for the score sheet."""

    ring: Ring
    boat: str
    reserve: Counter[Colour]
    coins: int = STARTING_COINS
    privilege: int = STARTING_PRIVILEGE
    moves: int = 0
    pyramid: list[Colour | None] = field(default_factory=lambda: [None] * SLOTS)
    cursor: int = 0
    """Pyramid construction: the next slot to decide (14 once the pyramid is complete)."""
    preparation: list[Colour] = field(default_factory=list)
    roofs: list[RoofTile] = field(default_factory=list)
    hand_public: Counter[str] = field(default_factory=Counter)
    """Fish cards in hand that every player saw taken from the face-up fish supply."""
    hand_secret: Counter[str] = field(default_factory=Counter)
    """Fish cards in hand drawn from the fish deck: only their owner knows them."""
    sold: Counter[str] = field(default_factory=Counter)
    cards: list[str] = field(default_factory=list)
    vp: Counter[str] = field(default_factory=Counter)
    centre_seen: bool = True
    """Whether every player has seen the pyramid's centre cube (b5) this season: false while the four
    second-level cubes have covered it since the pyramids were revealed."""

    def copy(self) -> Player:
        """A copy sharing the fish cards and the scoring track, which change seldom: `own_fish` and
        `gain` replace them before a change."""
        return Player(
            self.ring, self.boat, copy_counter(self.reserve), self.coins, self.privilege, self.moves,
            list(self.pyramid), self.cursor, list(self.preparation), list(self.roofs), self.hand_public,
            self.hand_secret, self.sold, list(self.cards), self.vp, self.centre_seen,
        )  # fmt: skip

    def gain(self, category: str, points: int) -> None:
        """Move the scoring track on by `points` in `category`, in a new counter (copies share it)."""
        vp = copy_counter(self.vp)
        vp[category] += points
        self.vp = vp

    def own_fish(self) -> None:
        """Fish card counters of the player's own, to change: copies of the player share them."""
        self.hand_public = copy_counter(self.hand_public)
        self.hand_secret = copy_counter(self.hand_secret)
        self.sold = copy_counter(self.sold)

    def hand(self) -> Counter[str]:
        return self.hand_public + self.hand_secret

    def hand_size(self) -> int:
        return self.hand_public.total() + self.hand_secret.total()

    def pyramid_cubes(self) -> int:
        return sum(1 for cube in self.pyramid if cube is not None)

    def score(self) -> int:
        return self.vp.total()

"""The schedule ring and its time wheel (rulebook: Setup - Player 2-4, Fishing step 3, Lace Making).

The ring is 12 houses, three per ring piece, in clockwise order. The time wheel's three arrows point
at three consecutive empty houses; sector 1 is the next house clockwise, sector 9 the last. Workers
leave from sector 1 upwards and the wheel turns one sector per worker, and withdrawn workers come
back to the lowest-numbered empty sector, so the workers on the ring always fill sectors 1..n. Two
numbers describe the ring at any moment: where the arrows point and how many workers are on it.

>>> from laguna.games.burano.components import Colour, House, HouseSymbol
>>> houses = tuple(House(c, HouseSymbol.COIN) for c in Colour) * 2
>>> ring = Ring(houses, arrows=0, workers=9)
>>> [c.value for c in ring.arrow_colours()]
['pink', 'blue', 'yellow']
>>> ring.visible(HouseSymbol.COIN)
3
>>> ring.dispatch(2).workers, ring.dispatch(2).arrows
(7, 2)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from laguna.games.burano.components import Colour, House, HouseSymbol

HOUSES = 12
ARROWS = 3
SECTORS = HOUSES - ARROWS
"""Nine sectors: the most workers a ring holds, since the arrows always point at empty houses."""


@dataclass(frozen=True, slots=True)
class Ring:
    """A schedule ring: its houses, the house the first arrow points at, and the workers on it."""

    houses: tuple[House, ...]
    arrows: int
    workers: int

    def arrow_colours(self) -> tuple[Colour, ...]:
        """The colours of the three arrow-pointed houses, clockwise."""
        return tuple(self.houses[(self.arrows + k) % HOUSES].colour for k in range(ARROWS))

    def covered(self) -> tuple[House, ...]:
        """The houses under workers: sectors 1..workers."""
        return tuple(self.houses[(self.arrows + ARROWS + k) % HOUSES] for k in range(self.workers))

    def uncovered(self) -> tuple[House, ...]:
        start = self.arrows + ARROWS + self.workers
        return tuple(self.houses[(start + k) % HOUSES] for k in range(HOUSES - self.workers))

    def visible(self, symbol: HouseSymbol) -> int:
        """How many uncovered houses show `symbol` (coins for earning, fountains for a roof)."""
        return sum(1 for house in self.uncovered() if house.symbol is symbol)

    def covered_colours(self) -> Counter[Colour]:
        """The unrevealed house symbols by colour: what the clean-up refills cubes by."""
        return Counter(house.colour for house in self.covered())

    @property
    def empty_sectors(self) -> int:
        return SECTORS - self.workers

    def dispatch(self, count: int) -> Ring:
        """Send `count` workers from sectors 1.. and turn the wheel as many sectors clockwise."""
        assert 0 <= count < self.workers, "at least one worker always stays on the schedule ring"
        return Ring(self.houses, (self.arrows + count) % HOUSES, self.workers - count)

    def withdraw(self) -> Ring:
        """A worker comes back to the lowest-numbered empty sector."""
        assert self.workers < SECTORS, "no empty sector"
        return Ring(self.houses, self.arrows, self.workers + 1)


def starting_ring(houses: tuple[House, ...], letter_piece: int) -> Ring:
    """Setup: the three workers of the seat's lettered piece leave, and the arrows point at its houses."""
    return Ring(houses, 3 * letter_piece, SECTORS)

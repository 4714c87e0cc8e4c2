"""The ring of 18 action spaces and the eight ships (rules: A turn, Carry out an action, Pass, and the
Lighthouse).

Spaces are indexed 0–17 in the direction the ships sail (counter-clockwise), so a ship only ever moves
to a higher index, modulo 18. A space holds at most one ship, except that the Lighthouse can bring the
red ship onto an occupied space. `occupied[i]` counts the ships on space i; `red` is the red ship's
space.

>>> ring = Ring((1, 1, 0, 1) + (0,) * 14, red=0)
>>> ring.blockers(0), ring.reach(1)
((1, 0), (2,))
>>> Ring((2, 0, 1, 0) + (0,) * 14, red=0).blockers(0)
(2, 0, 0)
>>> ring.behind(2)
1
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SPACES = 18


@dataclass(frozen=True, slots=True)
class Ring:
    occupied: tuple[int, ...]
    red: int

    def blockers(self, space: int) -> tuple[int, ...]:
        """The spaces of the ships that must sail on, front first (a space with two ships twice), before
        a ship can come to `space`: the ships on it, and every ship in their way until enough empty
        spaces lie ahead for all of them (only as many as needed)."""
        return _blockers(self.occupied, space)

    def reach(self, space: int) -> tuple[int, ...]:
        """The empty spaces a ship on `space` can sail to: onward until the next occupied space."""
        return _reach(self.occupied, space)

    def behind(self, space: int) -> int:
        """The space of the nearest ship clockwise of `space` (behind it), which can sail onto it."""
        index = (space - 1) % SPACES
        while not self.occupied[index]:
            index = (index - 1) % SPACES
        return index

    def first_occupied_ahead(self, space: int) -> int:
        """The first occupied space the ship on `space` meets sailing on (the Lighthouse's target)."""
        index = (space + 1) % SPACES
        while not self.occupied[index]:
            index = (index + 1) % SPACES
        return index

    def sail(self, start: int, end: int, red: bool) -> Ring:
        """Move one ship (the red one if `red`) from `start` to `end`."""
        return _sailed(self.occupied, end if red else self.red, start, end)


# The ring's answers hang on where the ships stand alone, and the same rings come back often in a game
# and in the positions a search tries: each is worked out once (rings are immutable, so shared).


@lru_cache(maxsize=8192)
def _blockers(occupied: tuple[int, ...], space: int) -> tuple[int, ...]:
    """`Ring.blockers` of the ring whose ships stand as in `occupied`."""
    pending = occupied[space]
    moving = [space] * pending
    index = space
    while pending:
        index = (index + 1) % SPACES
        if occupied[index]:
            moving.extend([index] * occupied[index])
            pending += occupied[index] - 1
        else:
            pending -= 1
    return tuple(sorted(moving, key=lambda s: (s - space) % SPACES, reverse=True))


@lru_cache(maxsize=8192)
def _reach(occupied: tuple[int, ...], space: int) -> tuple[int, ...]:
    """`Ring.reach` of the ring whose ships stand as in `occupied`."""
    spaces: list[int] = []
    index = (space + 1) % SPACES
    while not occupied[index] and index != space:
        spaces.append(index)
        index = (index + 1) % SPACES
    return tuple(spaces)


@lru_cache(maxsize=8192)
def _sailed(occupied: tuple[int, ...], red: int, start: int, end: int) -> Ring:
    """The ring after a ship sails from `start` to `end`, the red ship then on `red`."""
    moved = list(occupied)
    moved[start] -= 1
    moved[end] += 1
    return Ring(tuple(moved), red)


def cost_of(ships_moved: int) -> int:
    """Gold for moving this many ships in one turn: the first free, each next 1 more (0, 1, 2, …).

    The rules' example: two ships block Build; moving them and then the ship onto Build costs
    0 + 1 + 2 = 3 gold.

    >>> cost_of(1), cost_of(3)
    (0, 3)
    """
    return ships_moved * (ships_moved - 1) // 2


@lru_cache(maxsize=4096)
def ship_costs(occupied: tuple[int, ...]) -> tuple[int, ...]:
    """The gold it costs to carry out the action of each space, for ships standing as in `occupied`
    (a pure function of the ring, so it is remembered: the same ring comes back often)."""
    costs = []
    for space in range(SPACES):
        pending = occupied[space]
        moving = pending
        index = space
        while pending:
            index = (index + 1) % SPACES
            ships = occupied[index]
            moving += ships
            pending += ships - 1 if ships else -1
        costs.append(moving * (moving + 1) // 2 if moving else 0)
    return tuple(costs)

"""The houses of the main island: where a cube may be built and where a roof tile may go (rulebook:
Build A House step 2, Roof Houses step 1).

Each square holds a stack: cubes on floors 1–3, each floor's cube possibly covered by half of a roof
tile. The uncovered half of a roof tile is a rooftop block, where the next floor's cube is built. A
roof never goes on the 3rd floor, so no stack is taller than three floors.

"Corner to corner" is read as the eight squares around a pit: a pit may be built in when any of them
already holds a cube (the pictures of the rulebook are lost; docs/rules/burano.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from laguna.games.burano.components import Colour, MainIsland, RoofTile, Square

TOP_FLOOR: Final = 3


@dataclass(frozen=True, slots=True)
class Stack:
    """The cubes of one square, floor 1 first, and the roof halves over them, floor 1 first."""

    cubes: tuple[Colour, ...]
    roofs: tuple[Colour, ...] = ()

    @property
    def floor(self) -> int:
        """The floor of the highest cube (0: an empty pit)."""
        return len(self.cubes)

    @property
    def roofed(self) -> bool:
        return bool(self.cubes) and len(self.roofs) == len(self.cubes)

    @property
    def rooftop(self) -> Colour | None:
        """The colour of the rooftop block a cube could be built on, if the top is a roof."""
        return self.roofs[-1] if self.roofed else None

    def built(self, colour: Colour) -> Stack:
        return Stack((*self.cubes, colour), self.roofs)

    def roofed_with(self, half: Colour) -> Stack:
        return Stack(self.cubes, (*self.roofs, half))


@dataclass(frozen=True, slots=True)
class RoofPlacement:
    """A roof tile across two squares, `first` under the tile's first colour."""

    tile: RoofTile
    first: Square
    second: Square
    floor: int


def _eight_around(square: Square) -> Iterator[Square]:
    row, column = square
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                yield row + dr, column + dc


_AROUND: dict[int, tuple[MainIsland, dict[Square, tuple[Square, ...]]]] = {}
"""The pits among the eight squares around each square of a main island, found once per island (by its
identity; the entry keeps the island to check it)."""
AROUND_CACHE: Final = 1_000


def _pits_around(island: MainIsland, square: Square) -> tuple[Square, ...]:
    entry = _AROUND.get(id(island))
    if entry is None or entry[0] is not island:
        if len(_AROUND) > AROUND_CACHE:
            _AROUND.clear()
        entry = _AROUND[id(island)] = (island, {})
    around = entry[1]
    pits = around.get(square)
    if pits is None:
        pits = around[square] = tuple(near for near in _eight_around(square) if near in island.pits)
    return pits


def build_sites(island: MainIsland, stacks: Mapping[Square, Stack]) -> list[Square]:
    """Squares where a cube can be built, in row-major order: empty pits touching a cube corner to
    corner or edge to edge, and free rooftop blocks."""
    sites = set()
    for square, stack in stacks.items():
        if stack.roofed:
            sites.add(square)
        for near in _pits_around(island, square):
            if near not in stacks:
                sites.add(near)
    return sorted(sites)


RoofPair = tuple[Square, Square, Colour, Colour]
"""Two squares side by side (the second right of or below the first) whose top cubes, on the same
floor below the 3rd, are uncovered, with those cubes' colours."""


def roof_pairs(stacks: Mapping[Square, Stack]) -> list[RoofPair]:
    """The pairs of squares a roof tile of some colours could cover (`roof_sites` picks those that
    match a tile), found once for all the tiles a player holds."""
    pairs = []
    for square, stack in stacks.items():
        if stack.roofed or stack.floor >= TOP_FLOOR:
            continue
        row, column = square
        for near in ((row, column + 1), (row + 1, column)):
            other = stacks.get(near)
            if other is None or other.roofed or other.floor != stack.floor:
                continue
            pairs.append((square, near, stack.cubes[-1], other.cubes[-1]))
    return pairs


def roof_sites(pairs: list[RoofPair], tile: RoofTile, any_cube: frozenset[Colour]) -> list[tuple[Square, Square]]:
    """Where `tile` may go among the `roof_pairs`: pairs (under the first colour, under the second
    colour) of squares side by side in a row or a column, whose top cubes are uncovered, on the same
    floor below the 3rd, and match the tile's colours (a half whose colour is in `any_cube` goes on a
    cube of any colour)."""
    first, second = tile.colours
    sites = []
    for square, near, here, there in pairs:
        if _fits(first, here, any_cube) and _fits(second, there, any_cube):
            sites.append((square, near))
        if first != second and _fits(first, there, any_cube) and _fits(second, here, any_cube):
            sites.append((near, square))
    sites.sort()
    return sites


def _fits(half: Colour, cube: Colour, any_cube: frozenset[Colour]) -> bool:
    return half is cube or half in any_cube

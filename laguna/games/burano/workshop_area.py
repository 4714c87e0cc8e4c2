"""The lace workshop area: the six workshops in play and the squares they cover (rulebook: 3. SETUP, step 3).

Four players use the six 4-square workshops, two or three players the six 3-square ones. A first game
lays them out as the data file shows; experienced players assemble the area themselves, under three
restrictions: no tile outside the grid, no overlap, and 4 blanks left (10 with 3-square workshops).
`random_area` plays that assembly for them: each tile at a random place and a random quarter turn, its
coin squares turning with it. A tile is printed on one side only, so it is never mirrored.

The assembly is a randomized backtracking search that fills the grid from the top-left: the first
open square either becomes a blank or is covered by a turned tile whose first square it is. Any open
region whose size is not a multiple of the tile size must hold blanks, so a branch that would need
more blanks than are left is cut at once; the search is complete, so it always finds an area.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from laguna.core.errors import OptionsError
from laguna.core.rng import Rng
from laguna.games.burano.components import Colour, Components, Square, Workshop

Placement = tuple[tuple[Square, ...], frozenset[Square]]
"""Where one tile lies: its squares and its coin squares."""


@dataclass(frozen=True, slots=True)
class WorkshopArea:
    """The assembled workshop area: which workshop covers each square, and the squares' colours, coins
    and neighbours. Blank squares appear in none of the mappings."""

    rows: int
    columns: int
    workshops: tuple[Workshop, ...]
    """The six workshops in play."""
    squares: Mapping[Square, int]
    """Each workshop square → the index of its workshop in `workshops`."""
    colours: Mapping[Square, Colour]
    coins: frozenset[Square]
    neighbours: Mapping[Square, tuple[Square, ...]]
    """Each workshop square → its orthogonal neighbours that are workshop squares, across workshop
    borders too (unions and lace making adjacency ignore them), sorted."""

    def squares_of(self, index: int) -> tuple[Square, ...]:
        """The squares of ``workshops[index]``, sorted."""
        return tuple(square for square, owner in self.squares.items() if owner == index)


def workshop_size(players: int) -> int:
    """The workshops in play: 4 squares for 4 players, 3 squares for 2 or 3 players (setup step 3)."""
    if players == 4:
        return 4
    if players in (2, 3):
        return 3
    raise OptionsError(f"Burano is for 2 to 4 players, not {players}")


def first_game_area(components: Components, players: int) -> WorkshopArea:
    """The layout the rulebook suggests for a first play: every workshop where the data file puts it."""
    workshops = components.workshops_of_size(workshop_size(players))
    placements = [(w.squares, w.coins) for w in workshops]
    return _area(components.workshop_rows, components.workshop_columns, workshops, placements)


def random_area(components: Components, players: int, rng: Rng) -> WorkshopArea:
    """An area assembled as experienced players do: every workshop of the right size at a random place
    and quarter turn inside the grid, none overlapping, the stated blanks left. Same seed, same area."""
    rows, columns = components.workshop_rows, components.workshop_columns
    workshops = components.workshops_of_size(workshop_size(players))
    fitting = _fitting(rows, columns, workshops)
    cells = rows * columns
    blanks = cells - sum(w.size for w in workshops)
    budget = _FIRST_BUDGET
    while True:
        found = _assemble(
            fitting, rows=rows, columns=columns, size=workshops[0].size, blanks=blanks, rng=rng, budget=budget
        )
        if found is not None:
            break
        budget *= 2
    placements = [
        (_squares_of_mask(found[index][0], columns), frozenset(_squares_of_mask(found[index][1], columns)))
        for index in range(len(workshops))
    ]
    return _area(rows, columns, workshops, placements)


_FIRST_BUDGET = 100
"""Search steps of the first try; each new try doubles it (see `_assemble`)."""

_Fitting = tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
"""Workshop index → grid cell → the (squares, coins) bit masks of its quarter turns whose first square
(top row, leftmost) is that cell and that stay inside the grid. Cell ``row * columns + column``."""


def _assemble(
    fitting: _Fitting, *, rows: int, columns: int, size: int, blanks: int, rng: Rng, budget: int
) -> dict[int, tuple[int, int]] | None:
    """Workshop index → (squares, coins) masks of a random area, or None if `budget` steps found none.

    A randomized search has rare runs that wander long in a dead part of the tree; giving up after a
    budget and trying afresh with a doubled budget keeps every assembly fast, and as the budget grows
    without bound the search stays complete.
    """
    full = (1 << rows * columns) - 1
    first_column = sum(1 << row * columns for row in range(rows))
    no_first = full & ~first_column
    no_last = full & ~(first_column << (columns - 1))
    placed: dict[int, tuple[int, int]] = {}
    steps = budget

    def fits(open_cells: int, blanks_left: int) -> bool:
        """Whether the open regions can still take the remaining tiles with the blanks left: a region
        of n cells holds at most n // size tiles, so at least n % size of its cells stay blank."""
        needed = 0
        while open_cells:
            region = open_cells & -open_cells
            while True:
                grown = (
                    region | (region << 1) & no_first | (region >> 1) & no_last | region << columns | region >> columns
                ) & open_cells
                if grown == region:
                    break
                region = grown
            needed += region.bit_count() % size
            open_cells &= ~region
        return needed <= blanks_left

    def search(open_cells: int, remaining: tuple[int, ...], blanks_left: int) -> bool | None:
        """Fill the first open cell with a blank or a tile; None once the steps run out."""
        nonlocal steps
        if not remaining:
            return True
        steps -= 1
        if steps < 0:
            return None
        cell = (open_cells & -open_cells).bit_length() - 1
        options = [
            (index, squares, coins)
            for index in remaining
            for squares, coins in fitting[index][cell]
            if squares & ~open_cells == 0
        ]
        rng.shuffle(options)
        blank_at = len(options) if rng.randrange(open_cells.bit_count()) >= blanks_left else 0
        if blanks_left:
            options.insert(blank_at, (-1, 1 << cell, 0))
        for index, squares, coins in options:
            rest = open_cells & ~squares
            if index < 0:
                done = fits(rest, blanks_left - 1) and search(rest, remaining, blanks_left - 1)
            else:
                others = tuple(other for other in remaining if other != index)
                done = fits(rest, blanks_left) and search(rest, others, blanks_left)
            if done is None:
                return None
            if done:
                if index >= 0:
                    placed[index] = (squares, coins)
                return True
        return False

    return placed if search(full, tuple(range(len(fitting))), blanks) else None


@functools.cache
def _fitting(rows: int, columns: int, workshops: tuple[Workshop, ...]) -> _Fitting:
    """Every way each workshop can lie in the grid, by its first cell; a tile is turned, never flipped."""
    table = []
    for workshop in workshops:
        turns: list[tuple[tuple[Square, ...], tuple[Square, ...]]] = []
        squares, coins = list(workshop.squares), list(workshop.coins)
        for _ in range(4):
            anchor = min(squares)
            turn = (
                tuple(sorted((r - anchor[0], c - anchor[1]) for r, c in squares)),
                tuple(sorted((r - anchor[0], c - anchor[1]) for r, c in coins)),
            )
            if turn not in turns:
                turns.append(turn)
            squares = [(c, -r) for r, c in squares]
            coins = [(c, -r) for r, c in coins]
        by_cell = []
        for row in range(rows):
            for column in range(columns):
                here = []
                for offsets, coin_offsets in turns:
                    placed = [(row + dr, column + dc) for dr, dc in offsets]
                    if all(0 <= r < rows and 0 <= c < columns for r, c in placed):
                        coin_cells = [(row + dr, column + dc) for dr, dc in coin_offsets]
                        here.append((_mask(placed, columns), _mask(coin_cells, columns)))
                by_cell.append(tuple(here))
        table.append(tuple(by_cell))
    return tuple(table)


def _mask(squares: Sequence[Square], columns: int) -> int:
    return sum(1 << (row * columns + column) for row, column in squares)


def _squares_of_mask(mask: int, columns: int) -> tuple[Square, ...]:
    return tuple(divmod(cell, columns) for cell in range(mask.bit_length()) if mask >> cell & 1)


def _area(rows: int, columns: int, workshops: tuple[Workshop, ...], placements: Sequence[Placement]) -> WorkshopArea:
    """The area with ``workshops[i]`` lying as ``placements[i]`` says."""
    owner = {square: index for index, (squares, _) in enumerate(placements) for square in squares}
    ordered = dict(sorted(owner.items()))
    neighbours = {
        (row, column): tuple(
            step
            for step in sorted(((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)))
            if step in owner
        )
        for row, column in ordered
    }
    return WorkshopArea(
        rows=rows,
        columns=columns,
        workshops=workshops,
        squares=ordered,
        colours={square: workshops[index].colour for square, index in ordered.items()},
        coins=frozenset(coin for _, coins in placements for coin in coins),
        neighbours=neighbours,
    )

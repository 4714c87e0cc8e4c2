"""The lace workshop area: the six workshops in play and the squares they cover (rulebook: 3. SETUP, step 3).

Four players use the six 4-square workshops, two or three players the six 3-square ones. A first game
lays them out as the data file shows; experienced players assemble the area themselves, under three
restrictions: no tile outside the grid, no overlap, and 4 blanks left (10 with 3-square workshops).
`random_area` plays that assembly for them: each tile at a random place and a random quarter turn, its
coin squares turning with it. A tile is printed on one side only, so it is never mirrored.

The assembly is a randomized backtracking search that fills the grid from the top-left: the first
open square either becomes a blank or is covered by a turned tile whose first square it is. Part of
any open region must stay blank when its size is not a multiple of the tile size, or when it has
exactly one tile's size and shape no remaining tile takes, so a branch that would need more blanks
than are left is cut at once. Short tries with a growing step budget keep it fast; it always finds an
area, since the first-game layout proves one exists.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from laguna.core.errors import OptionsError
from laguna.core.messages import msg
from laguna.core.rng import Rng
from laguna.games.burano.components import Colour, Components, Square, Workshop

_Placement = tuple[tuple[Square, ...], frozenset[Square]]
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
    """Each workshop square → its orthogonal neighbours that are workshop squares, sorted. Workshop
    borders do not matter: lace making and unions count any orthogonal neighbour."""

    def squares_of(self, index: int) -> tuple[Square, ...]:
        """The squares of ``workshops[index]``, sorted."""
        return tuple(square for square, owner in self.squares.items() if owner == index)

    def squares_in_order(self) -> tuple[tuple[Square, Colour], ...]:
        """Every workshop square with its colour, sorted: sorted once per area (`_IN_ORDER`), as the
        lace making action lists its squares at every step of a search."""
        entry = _IN_ORDER.get(id(self))
        if entry is None or entry[0] is not self:
            if len(_IN_ORDER) > IN_ORDER_CACHE:
                _IN_ORDER.clear()
            entry = _IN_ORDER[id(self)] = (self, tuple(sorted(self.colours.items())))
        return entry[1]


_IN_ORDER: dict[int, tuple[WorkshopArea, tuple[tuple[Square, Colour], ...]]] = {}
"""Each area's squares in order, by the area's identity (the entry keeps the area to check it)."""
IN_ORDER_CACHE: Final = 10_000


def workshop_size(players: int) -> int:
    """The workshops in play: 4 squares for 4 players, 3 squares for 2 or 3 players (setup step 3)."""
    if players == 4:
        return 4
    if players in (2, 3):
        return 3
    raise OptionsError(msg("Burano is for 2 to 4 players, not {players}", players=players))


def first_game_area(components: Components, players: int) -> WorkshopArea:
    """The layout the rulebook suggests for a first play: every workshop where the data file puts it."""
    workshops = components.workshops_of_size(workshop_size(players))
    placements = [(w.squares, w.coins) for w in workshops]
    return _area(components.workshop_rows, components.workshop_columns, workshops, placements)


def random_area(components: Components, players: int, rng: Rng) -> WorkshopArea:
    """An area assembled as experienced players do: every workshop of the right size at a random place
    and quarter turn inside the grid, none overlapping, the stated blanks left. Same seed, same area."""
    workshops = components.workshops_of_size(workshop_size(players))
    grid = _grid(components.workshop_rows, components.workshop_columns, workshops)
    budget = 2 * (len(workshops) + grid.blanks)  # twice the decisions of a run without a step back
    while (found := _assemble(grid, rng, budget)) is None:
        budget += budget // 4
    columns = grid.columns
    placements = [
        (_squares_of_mask(squares, columns), frozenset(_squares_of_mask(coins, columns)))
        for squares, coins in (found[index] for index in range(len(workshops)))
    ]
    return _area(grid.rows, columns, workshops, placements)


@dataclass(frozen=True, slots=True)
class _Grid:
    """The workshop grid as bit masks (cell ``row * columns + column``) and every way each workshop of
    one size can lie in it."""

    rows: int
    columns: int
    size: int
    blanks: int
    full: int
    no_first_column: int
    no_last_column: int
    fitting: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """Workshop index → cell → (squares, coins) masks of its quarter turns whose first square (top row,
    leftmost) is that cell and that stay inside the grid."""
    shapes: tuple[frozenset[int], ...]
    """Workshop index → the masks of every way it can lie in the grid."""


@functools.cache
def _grid(rows: int, columns: int, workshops: tuple[Workshop, ...]) -> _Grid:
    """Precompute the placements of the workshops; a tile is turned, never flipped."""
    fitting = []
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
        fitting.append(tuple(by_cell))
    full = (1 << rows * columns) - 1
    first_column = _mask([(row, 0) for row in range(rows)], columns)
    return _Grid(
        rows=rows,
        columns=columns,
        size=workshops[0].size,
        blanks=rows * columns - sum(w.size for w in workshops),
        full=full,
        no_first_column=full & ~first_column,
        no_last_column=full & ~(first_column << (columns - 1)),
        fitting=tuple(fitting),
        shapes=tuple(frozenset(squares for here in by_cell for squares, _ in here) for by_cell in fitting),
    )


def _assemble(grid: _Grid, rng: Rng, budget: int) -> dict[int, tuple[int, int]] | None:
    """Workshop index → (squares, coins) masks of a random area, or None if `budget` steps found none.

    Each step places one tile or one blank. A randomized search has rare runs that wander long in a
    dead part of the tree; giving up after a small budget and trying afresh with a slowly growing one
    keeps every assembly fast, and as the budget grows without bound the search stays complete.
    """
    size, columns, fitting, shapes = grid.size, grid.columns, grid.fitting, grid.shapes
    no_first, no_last = grid.no_first_column, grid.no_last_column
    placed: dict[int, tuple[int, int]] = {}
    steps = budget

    def fits(open_cells: int, remaining: tuple[int, ...], blanks_left: int) -> bool:
        """Whether the open regions can still take the remaining tiles with the blanks left. A region
        of n cells holds at most n // size tiles, so n % size of its cells stay blank; a region of
        exactly one tile's size that no remaining tile fits stays blank whole."""
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
            cells = region.bit_count()
            if cells != size:
                needed += cells % size
            elif not any(region in shapes[index] for index in remaining):
                needed += size
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
        low = open_cells & -open_cells
        cell = low.bit_length() - 1
        blank_first = rng.randrange(open_cells.bit_count()) < blanks_left
        if blank_first and (done := blank(open_cells & ~low, remaining, blanks_left - 1)) is not False:
            return done
        options = [
            (index, squares, coins)
            for index in remaining
            for squares, coins in fitting[index][cell]
            if squares & ~open_cells == 0
        ]
        while options:  # in random order, drawing only as many as needed
            pick = rng.randrange(len(options))
            (index, squares, coins), options[pick] = options[pick], options[-1]
            options.pop()
            rest = open_cells & ~squares
            others = tuple(other for other in remaining if other != index)
            if not fits(rest, others, blanks_left):
                continue
            done = search(rest, others, blanks_left)
            if done:
                placed[index] = (squares, coins)
            if done is not False:
                return done
        return False if blank_first else blank(open_cells & ~low, remaining, blanks_left - 1)

    def blank(rest: int, remaining: tuple[int, ...], blanks_left: int) -> bool | None:
        """Leave the first open cell blank."""
        if blanks_left < 0 or not fits(rest, remaining, blanks_left):
            return False
        return search(rest, remaining, blanks_left)

    return placed if search(grid.full, tuple(range(len(fitting))), grid.blanks) else None


def _mask(squares: Sequence[Square], columns: int) -> int:
    return sum(1 << (row * columns + column) for row, column in squares)


def _squares_of_mask(mask: int, columns: int) -> tuple[Square, ...]:
    return tuple(divmod(cell, columns) for cell in range(mask.bit_length()) if mask >> cell & 1)


def _area(rows: int, columns: int, workshops: tuple[Workshop, ...], placements: Sequence[_Placement]) -> WorkshopArea:
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

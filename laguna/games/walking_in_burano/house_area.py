"""The 5×3 house area and the golden placing rules (rulebook: Golden Placing Rules, Placement Examples).

Cells are numbered ``(floor - 1) * 5 + (column - 1)``; a layout is a 15-bit mask. Each player owns two
double-sided scaffold cards that may be moved and flipped freely as long as no golden rule breaks. The
engine does not ask the player to move scaffolds: a floor card may be placed exactly when *some*
arrangement of the two scaffolds makes the result obey the golden rules, and the arrangement shown is
the smallest such one. Scaffolds score nothing and a house with a scaffold is not complete, so only the
existence of an arrangement matters to the rules.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from laguna.core.messages import Message, msg

COLUMNS = 5
FLOORS = 3
CELLS = COLUMNS * FLOORS
SCAFFOLDS = 2
FULL = (1 << CELLS) - 1
_ROW = (1 << COLUMNS) - 1
_FIRST_COLUMN = sum(1 << (f * COLUMNS) for f in range(FLOORS))
_LAST_COLUMN = _FIRST_COLUMN << (COLUMNS - 1)
_FLOOR_2 = _ROW << COLUMNS
_FLOOR_3 = _ROW << (2 * COLUMNS)
_SCAFFOLD_FLOORS = _ROW | _FLOOR_2  # a scaffold shows a 1st- or a 2nd-floor side


def cell(floor: int, column: int) -> int:
    """The cell index of a floor (1–3) and column (1–5)."""
    return (floor - 1) * COLUMNS + (column - 1)


def floor_of(index: int) -> int:
    return index // COLUMNS + 1


def column_of(index: int) -> int:
    return index % COLUMNS + 1


def _neighbours(mask: int) -> int:
    right = (mask << 1) & ~_FIRST_COLUMN
    left = (mask >> 1) & ~_LAST_COLUMN
    return (right | left | (mask << COLUMNS) | (mask >> COLUMNS)) & FULL


def is_connected(mask: int) -> bool:
    """Golden rule 3 read as a whole: every card and scaffold in the area forms one orthogonal group."""
    if mask == 0:
        return True
    reached = mask & -mask
    while True:
        grown = (reached | _neighbours(reached)) & mask
        if grown == reached:
            return reached == mask
        reached = grown


def is_supported(mask: int) -> bool:
    """Golden rule 2: whatever stands on a floor above the first has something below it."""
    return ((mask & _FLOOR_2) >> COLUMNS) & ~mask == 0 and ((mask & _FLOOR_3) >> COLUMNS) & ~mask == 0


def is_valid(mask: int) -> bool:
    return is_supported(mask) and is_connected(mask)


def _bits(mask: int) -> list[int]:
    return [i for i in range(CELLS) if mask >> i & 1]


@cache
def scaffold_arrangement(cards: int) -> tuple[int, ...] | None:
    """The smallest set of scaffold cells that makes the cards obey golden rules 2 and 3.

    ``None`` when no arrangement of the two scaffolds can.
    """
    free = _bits(_SCAFFOLD_FLOORS & ~cards)
    for count in range(SCAFFOLDS + 1):
        for chosen in combinations(free, count):
            layout = cards
            for index in chosen:
                layout |= 1 << index
            if is_valid(layout):
                return chosen
    return None


@cache
def placeable_cells(cards: int) -> int:
    """Mask of the empty cells where a floor card may go now under the golden rules.

    A card goes on the floor printed on its back (rule 1) in one of the five columns (rule 4); the
    result must have an arrangement of the scaffolds that supports and connects everything (rules 2
    and 3; a scaffold may be replaced by a floor card and moved elsewhere, Placement Example 2).
    """
    result = 0
    for index in range(CELLS):
        if not cards >> index & 1 and scaffold_arrangement(cards | 1 << index) is not None:
            result |= 1 << index
    return result


def explain_placement(cards: int, index: int) -> Message:
    """Which golden rule forbids a floor card at `index` (only for a cell `placeable_cells` excludes)."""
    floor, column = floor_of(index), column_of(index)
    if cards >> index & 1:
        return msg(
            "house {column} already has a floor card on floor {floor} (a placed card never moves)",
            column=column,
            floor=floor,
        )
    below = [cell(f, column) for f in range(1, floor)]
    missing = [i for i in below if not cards >> i & 1]
    if len(missing) > SCAFFOLDS:
        return msg(
            "golden rule 2: floor {floor} of house {column} needs floor cards or scaffolds below it",
            floor=floor,
            column=column,
        )
    return msg(
        "golden rules 2 and 3: no arrangement of your two scaffolds lets a card on floor {floor} of "
        "house {column} stand on something and touch the rest of your house area",
        floor=floor,
        column=column,
    )

"""The cube pyramid: a 3×3 base, a 2×2 second level and one top cube (rulebook: Cube Pyramid
Construction, Pick Up A House, Privilege for cubes).

Slots are named ``b1``–``b9`` (the base, row by row), ``m1``–``m4`` (the second level, row by row)
and ``t`` (the top). A cube of the second level rests on the 2×2 base cubes under it, the top on all
four of the second level. A cube is free when no cube rests on it.

>>> pyramid = [None] * SLOTS
>>> for slot in range(9):
...     pyramid[slot] = "x"
>>> [SLOT_NAMES[s] for s in free_slots(pyramid)][:3]
['b1', 'b2', 'b3']
>>> pyramid[MIDDLE[0]] = "x"
>>> len(free_slots(pyramid)), [SLOT_NAMES[s] for s in open_slots(pyramid)][:2]
(6, ['m2', 'm3'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

BASE: Final = tuple(range(9))
MIDDLE: Final = tuple(range(9, 13))
TOP: Final = 13
SLOTS: Final = 14
LAYERS: Final = (BASE, MIDDLE, (TOP,))
SLOT_NAMES: Final = (*(f"b{i}" for i in range(1, 10)), *(f"m{i}" for i in range(1, 5)), "t")
SLOT_BY_NAME: Final = {name: i for i, name in enumerate(SLOT_NAMES)}

SUPPORTS: Final[tuple[tuple[int, ...], ...]] = (
    *(() for _ in BASE),
    (0, 1, 3, 4),
    (1, 2, 4, 5),
    (3, 4, 6, 7),
    (4, 5, 7, 8),
    MIDDLE,
)
"""The slots a cube in each slot rests on."""

ABOVE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(upper for upper in range(SLOTS) if slot in SUPPORTS[upper]) for slot in range(SLOTS)
)
"""The slots whose cubes would rest on each slot."""


_BY_FILL: dict[tuple[bool, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""The free and the open slots (`free_slots`, `open_slots`) of each pattern of filled slots met so far
(at most 2**14): they read only which slots hold a cube."""


def _by_fill(pyramid: Sequence[Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    filled = tuple([cube is not None for cube in pyramid])
    known = _BY_FILL.get(filled)
    if known is None:
        free = tuple(s for s in range(SLOTS) if filled[s] and not any(filled[u] for u in ABOVE[s]))
        empty = tuple(s for s in range(SLOTS) if not filled[s] and all(filled[below] for below in SUPPORTS[s]))
        known = _BY_FILL[filled] = (free, empty)
    return known


def free_slots(pyramid: Sequence[Any]) -> tuple[int, ...]:
    """The slots holding a free cube: one that no other cube rests on."""
    return _by_fill(pyramid)[0]


def open_slots(pyramid: Sequence[Any]) -> tuple[int, ...]:
    """Empty slots a cube can be stacked into: the base, or on top of a complete 2×2 (Privilege for cubes)."""
    return _by_fill(pyramid)[1]


def layer_targets(cubes: int) -> tuple[int, int, int]:
    """How many of `cubes` (at most 14) go into each layer: the base first when a player is short."""
    base = min(9, cubes)
    middle = min(4, cubes - base)
    return base, middle, cubes - base - middle


def layer_of(slot: int) -> int:
    return 0 if slot < 9 else 1 if slot < TOP else 2


CENTRE: Final = 4
"""The base's centre slot b5: every second-level cube rests on it, and the base rings it."""


def centre_covered(pyramid: Sequence[Any]) -> bool:
    """Whether the centre cube is out of sight: there, with all four second-level cubes over it."""
    return pyramid[CENTRE] is not None and all(pyramid[s] is not None for s in MIDDLE)

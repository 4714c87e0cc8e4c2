"""A player's schedule ring with its time wheel on Burano's web board (rulebook: Setup - Player 2-4,
Fishing step 3, Lace Making): the twelve houses clockwise from the top and the wheel's sectors.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from laguna.games.burano.ring import ARROWS, HOUSES
from laguna.web.boards.burano.drawing import (
    Piece,
    _html,
)
from laguna.web.boards.burano.words import (
    _,
    escape,
)

_RING = tuple(
    (round(82 * math.sin(math.radians(k * 360 / HOUSES))), round(-82 * math.cos(math.radians(k * 360 / HOUSES))))
    for k in range(HOUSES)
)
"""Where each house of the schedule ring is drawn, clockwise from the top."""


_WHEEL = tuple((round(x * 0.62), round(y * 0.62)) for x, y in _RING)
"""Where the time wheel shows each house's sector number or arrow, inside the ring."""


@functools.lru_cache(maxsize=1024)
def _ring(
    number: int, ring: tuple[tuple[tuple[str, str], ...], int, int], visible: tuple[Any, Any], language: str
) -> Piece:
    """The schedule ring (its houses' colours and symbols, the arrows' turn, the workers on it), its
    twelve houses where they lie, and the time wheel over it: three arrows at the empty houses it points
    at, then sectors 1–9 clockwise, workers filling sectors 1..n; and the coins and fountains in sight."""
    houses, arrows, workers = ring
    coins, fountains = visible
    parts, pointed = [], []
    for index, (colour, symbol) in enumerate(houses):
        offset = (index - arrows) % HOUSES
        sector = offset - ARROWS + 1
        x, y = _RING[index]
        parts.append(f'<use href="#bu-rh-{colour}-{symbol}" x="{x - 16}" y="{y - 18}" width="32" height="34"/>')
        if 1 <= sector <= workers:
            parts.append(
                f'<use href="#bu-man" class="bu-p{number} bu-onring" x="{x - 7}" y="{y + 1}" width="14" height="16"/>'
            )
        ix, iy = _WHEEL[index]
        if offset < ARROWS:
            pointed.append(_(colour))
            parts.append(f'<use href="#bu-arrow-{index}" x="{ix - 10}" y="{iy - 10}" width="20" height="20"/>')
        else:
            parts.append(f'<text class="bu-sector" x="{ix}" y="{iy + 4}">{sector}</text>')
    words = _(
        "schedule ring: %(workers)s workers on it, %(empty)s empty sectors; visible %(coins)s coins and "
        "%(fountains)s fountains; the arrows point at %(arrows)s"
    ) % {
        "workers": workers,
        "empty": HOUSES - ARROWS - workers,
        "coins": coins,
        "fountains": fountains,
        "arrows": ", ".join(pointed),
    }
    return _html(
        f"s{number}-ring",
        words,
        '<svg viewBox="-110 -110 220 220" aria-hidden="true"><circle r="104" class="bu-ring-base"/>'
        f'<circle r="60" class="bu-wheel"/>{"".join(parts)}'
        f'<text class="bu-axis bu-small" x="0" y="4">{escape(_("time wheel"))}</text></svg>',
        "div",
        "bu-ring",
    )

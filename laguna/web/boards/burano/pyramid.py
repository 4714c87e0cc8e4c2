"""A player's cube pyramid on Burano's web board (rulebook: Cube Pyramid Construction): its slots in
three layers, each cube's mark where the upper layer leaves it uncovered.
"""

from __future__ import annotations

import functools

from laguna.games.burano.pyramid import SLOT_NAMES, free_slots
from laguna.web.boards.burano.decisions import (
    Hit,
)
from laguna.web.boards.burano.drawing import (
    Piece,
    _block,
    _hit,
    _marked_block,
    _piece,
)
from laguna.web.boards.burano.words import (
    _,
    cube,
)

_BASE, _MIDDLE, _TOP = 60, 50, 40


def _slot_box(slot: int) -> tuple[float, float, float]:
    """Where a pyramid slot is drawn, seen from above: its corner and size."""
    pad = 8
    if slot < 9:
        return pad + (slot % 3) * 62, pad + (slot // 3) * 62, _BASE
    if slot < 13:
        k = slot - 9
        return pad + 61 + (k % 2) * 62 - _MIDDLE / 2, pad + 61 + (k // 2) * 62 - _MIDDLE / 2, _MIDDLE
    return pad + 92 - _TOP / 2, pad + 92 - _TOP / 2, _TOP


@functools.lru_cache(maxsize=1024)
def _pyramid(
    number: int, pyramid: tuple[str | None, ...] | None, decided: int, hits: tuple[Hit, ...], language: str
) -> tuple[Piece, ...]:
    """The cube pyramid seen from above, the base first so the upper layers lie over it, each base
    cube's mark toward its uncovered edge. While another seat builds in secret, the slots it has
    decided are drawn face down."""
    free = set(free_slots(list(pyramid))) if pyramid is not None else set()
    words = {
        "secret": _("decided in secret"),
        "hidden": _("a covered cube, face down"),
        None: _("empty"),
        "free": " (" + _("free") + ")",
        "slot": _("pyramid slot %(slot)s: %(what)s"),
    }
    drawn = []
    for slot, name in enumerate(SLOT_NAMES):
        x, y, size = _slot_box(slot)
        shown = ("secret" if slot < decided else None) if pyramid is None else pyramid[slot]
        c = cube("hidden" if shown == "secret" else shown)
        h = hits[slot]
        parts = []
        if slot >= 9 and c is not None:
            parts.append(f'<rect class="bu-shadow" x="{x + 4}" y="{y + 5}" width="{size}" height="{size}" rx="5"/>')
        if c is not None and slot < 9:
            gx, gy = x + size / 2 + ((slot % 3) - 1) * 16, y + size / 2 + 6 + ((slot // 3) - 1) * 16
            parts.append(_marked_block(c, x, y, size, glyph=(gx, gy)))
        elif c is not None or slot < 9 or h is not None:
            parts.append(_block(c, x, y, size))
        parts.append(_hit(h, x, y, size, size, rx=5))
        if shown in ("secret", "hidden") or c is None:
            what = words[shown if shown in ("secret", "hidden") else None]
        else:
            what = c["name"] + (words["free"] if slot in free else "")
        drawn.append(_piece(f"s{number}-slot-{name}", words["slot"] % {"slot": name, "what": what}, "".join(parts)))
    return tuple(drawn)

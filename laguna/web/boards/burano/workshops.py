"""The lace workshops of Burano's web board (rulebook: Lace Making): the workshop area as a grid of
squares with their lace makers, each square pressed to place or withdraw one.
"""

from __future__ import annotations

import functools
from typing import Any

from markupsafe import Markup

from laguna.web.boards.burano.decisions import (
    Hit,
    _Decisions,
)
from laguna.web.boards.burano.drawing import (
    CELL,
    Piece,
    _hit,
    _piece,
    _token,
)
from laguna.web.boards.burano.main_island import (
    _at,
    _square,
)
from laguna.web.boards.burano.words import (
    _,
    _player,
    _said,
    cube,
)

WORKSHOP_MARGIN = (40, 36)


def _workshops(view: dict[str, Any], decisions: _Decisions, language: str) -> dict[str, Any]:
    """The workshop area, row 1 on top: each square in its workshop's colour, its coin and its lace
    maker, and a thick line where one workshop ends."""
    area = view["workshops"]
    squares: dict[str, Any] = area.get("squares", {})
    drawn = []
    for name, square in squares.items():
        h = decisions.hit("workshops", f"workshop:{name}")
        worker = square.get("worker")
        drawn.append(_workshop(name, (str(square["colour"]), bool(square.get("coin")), worker), h, language))
    layout = tuple((name, "workshop" in square, square.get("workshop")) for name, square in squares.items())
    return {
        "workshop_frame": _workshop_frame(int(area["columns"]), int(area["rows"]), language),
        "workshop_pieces": drawn,
        "workshop_edges": _workshop_edges(layout),
        "workshop_buttons": decisions.buttons("workshops"),
    }


@functools.lru_cache(maxsize=64)
def _workshop_frame(columns: int, rows: int, language: str) -> Markup:
    """The workshop area's map up to its pieces: the ground, the squares' letters and numbers."""
    left, top = WORKSHOP_MARGIN
    width, height = left + columns * CELL + 12, top + rows * CELL + 12
    letters = "".join(
        f'<text class="bu-axis" x="{left + c * CELL + 50}" y="26">{chr(ord("a") + c)}</text>' for c in range(columns)
    )
    numbers = "".join(f'<text class="bu-axis" x="17" y="{top + r * CELL + 56}">{r + 1}</text>' for r in range(rows))
    return Markup(
        f'<svg class="bu-map" viewBox="0 0 {width} {height}" role="group" aria-label="{_said("The workshop area")}">\n'
        f'<rect width="{width}" height="{height}" rx="12" class="bu-ws-ground"/>\n{letters}\n{numbers}\n'
    )


@functools.lru_cache(maxsize=64)
def _workshop_edges(layout: tuple[tuple[str, bool, Any], ...]) -> Markup:
    """A thick line wherever a workshop ends, by the squares' workshops."""
    left, top = WORKSHOP_MARGIN
    squares = {name: ({"workshop": shop} if known else {}) for name, known, shop in layout}
    edges = []
    for name, square in squares.items():
        column, row = _at(name)
        x, y = left + column * CELL, top + row * CELL
        shop = square.get("workshop")
        for other, line in (
            (_square(row, column + 1), (x + CELL, y, x + CELL, y + CELL)),
            (_square(row + 1, column), (x, y + CELL, x + CELL, y + CELL)),
            (_square(row, column - 1) if column else "", (x, y, x, y + CELL)),
            (_square(row - 1, column) if row else "", (x, y, x + CELL, y)),
        ):
            if (squares.get(other) or {}).get("workshop", -1) != shop:
                edges.append(line)
    return Markup("".join(f'<line class="bu-shop-edge" x1="{a}" y1="{b}" x2="{c}" y2="{d}"/>' for a, b, c, d in edges))


@functools.lru_cache(maxsize=2048)
def _workshop(name: str, square: tuple[str, bool, Any], h: Hit, language: str) -> Piece:
    """A square of the workshop area: its workshop's colour, its coin and its lace maker."""
    colour, coin, worker = square
    column, row = _at(name)
    left, top = WORKSHOP_MARGIN
    x, y = left + column * CELL, top + row * CELL
    c = cube(colour)
    assert c is not None
    parts = [
        f'<use href="#bu-lace" class="bu-f-{c["colour"]}" x="{x}" y="{y}" width="100" height="100"/>'
        f'<text class="bu-mark" x="{x + 20}" y="{y + 24}">{c["mark"]}</text>'
    ]
    words = _("workshop square %(square)s, %(colour)s") % {"square": name, "colour": c["name"]}
    if coin:
        parts.append(f'<use href="#bu-coin" x="{x + 70}" y="{y + 8}" width="22" height="22"/>')
        words += ", " + _("with a coin")
    if worker is not None:
        parts.append(_token(int(worker), x + 30, y + 28, 40, woman=True))
        words += ": " + _("lace maker of %(player)s") % {"player": _player(int(worker))}
    parts.append(_hit(h, x + 3, y + 3, 94, 94))
    return _piece(f"ws-{name}", words, "".join(parts))

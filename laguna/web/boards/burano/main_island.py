"""The main island of Burano's web board (rulebook: Building Houses, Roof Tiles): a map of house pits
with their coloured houses and roof tiles, each square pressed to build or roof on it.
"""

from __future__ import annotations

import functools
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _escape

from laguna import i18n
from laguna.web.boards.burano.decisions import (
    Hit,
    _Decisions,
)
from laguna.web.boards.burano.drawing import (
    CELL,
    GABLE,
    STOREY,
    Piece,
    _hit,
    _piece,
)
from laguna.web.boards.burano.words import (
    _,
    _said,
    cube,
    tile,
)

ISLAND_MARGIN = (40, 64)


def _square(row: int, column: int) -> str:
    return f"{chr(ord('a') + column)}{row + 1}"


def _at(name: str) -> tuple[int, int]:
    """A square's column and row (from 0)."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def _main_island(view: dict[str, Any], decisions: _Decisions, language: str) -> dict[str, Any]:
    """The main island as a map, row 1 on top: each pit with its house floor by floor from the ground,
    the roof over each roofed floor, and the roof tiles joining two squares."""
    island = view["main_island"]
    rows, columns = int(island["rows"]), int(island["columns"])
    left, top = ISLAND_MARGIN
    houses: dict[str, Any] = island.get("houses", {})
    fountain = str(island.get("fountain") or "")
    gables: dict[tuple[str, int], float] = {}
    drawn: list[Piece] = []
    for name, x, y in _pit_places(tuple(island.get("pits", [])), rows, columns):
        stack = houses.get(name) or {}
        h = decisions.hit("island", f"island:{name}")
        house = tuple(stack.get("cubes", ())), tuple(stack.get("roofs", ())), name == fountain
        piece, raised = _pit(name, (x, y), house, h, language)
        drawn.append(piece)
        for floor, height in raised:
            gables[(name, floor)] = height
    for roof in island.get("roof_tiles", []):
        first, second, floor = str(roof["first"]), str(roof["second"]), int(roof["floor"])
        (c1, r1), (c2, r2) = _at(first), _at(second)
        if r1 == r2:
            bx, by = left + max(c1, c2) * CELL, gables.get((first, floor), top + r1 * CELL + 50)
        else:
            bx, by = left + c1 * CELL + 86, top + max(r1, r2) * CELL
        drawn.append(_roof_joint((first, second, floor, str(roof["tile"])), (bx, by), language))
    return {
        "island_frame": _island_frame(rows, columns, fountain, language),
        "island_pieces": drawn,
        "removed": (_removed(tuple(str(t) for t in view.get("removed_roofs", [])), language),),
    }


@functools.lru_cache(maxsize=64)
def _island_frame(rows: int, columns: int, fountain: str, language: str) -> Markup:
    """The main island's map up to its pieces: the water, the sand, the squares' letters and numbers and
    the fountain."""
    left, top = ISLAND_MARGIN
    width, height = left + columns * CELL + 16, top + rows * CELL + 16
    letters = "".join(
        f'<text class="bu-axis" x="{left + c * CELL + 50}" y="48">{chr(ord("a") + c)}</text>' for c in range(columns)
    )
    numbers = "".join(f'<text class="bu-axis" x="17" y="{top + r * CELL + 56}">{r + 1}</text>' for r in range(rows))
    shown = ""
    if fountain:
        x = left + _at(fountain)[0] * CELL + 50
        shown = (
            f'<g aria-hidden="true"><use href="#bu-fountain" x="{x + 22}" y="2" width="26" height="26"/>'
            f'<text class="bu-axis bu-small" x="{x + 35}" y="38">{_said("fountain")}</text></g>'
        )
    return Markup(
        f'<svg class="bu-map" viewBox="0 0 {width} {height}" role="group" '
        f'aria-label="{_said("Main island: house pits, houses and roofs")}">\n'
        f'<rect width="{width}" height="{height}" fill="url(#bu-waves)" rx="14"/>\n'
        f'<rect x="30" y="54" width="{width - 36}" height="{height - 60}" rx="18" class="bu-sand"/>\n'
        f"{letters}\n{numbers}\n{shown}\n"
    )


@functools.lru_cache(maxsize=64)
def _pit_places(pits: tuple[str, ...], rows: int, columns: int) -> tuple[tuple[str, int, int], ...]:
    """The house pits of the main island, row by row, each with where it is drawn."""
    left, top = ISLAND_MARGIN
    present = set(pits)
    return tuple(
        (name, left + column * CELL, top + row * CELL)
        for row in range(rows)
        for column in range(columns)
        if (name := _square(row, column)) in present
    )


@functools.lru_cache(maxsize=4096)
def _pit(
    name: str, at: tuple[int, int], house: tuple[tuple[Any, ...], tuple[Any, ...], bool], h: Hit, language: str
) -> tuple[Piece, tuple[tuple[int, float], ...]]:
    """A square of the main island at `at`, its house (its floors' colours, their roofs' colours, and
    whether it lies below the fountain), and where the gable of each roofed floor is."""
    x, y = at
    cubes, roofs, below_fountain = house
    parts = [f'<use href="#bu-pit" x="{x}" y="{y}" width="100" height="100"/>']
    words, gables = [], []
    bottom = y + 97
    for k, colour in enumerate(cubes):
        bottom -= STOREY
        c = cube(str(colour))
        assert c is not None
        parts.append(
            f'<use href="#bu-storey" class="bu-f-{c["colour"]}" x="{x + 12}" y="{bottom}" '
            f'width="76" height="{STOREY}"/>'
            f'<text class="bu-mark bu-m17" x="{x + 50}" y="{bottom + 19}">{c["mark"]}</text>'
        )
        storey = _("floor %(number)s: %(colour)s") % {"number": k + 1, "colour": c["name"]}
        roof = cube(str(roofs[k])) if k < len(roofs) and roofs[k] else None
        if roof is not None:
            gables.append((k + 1, bottom - GABLE / 2))
            parts.append(
                f'<path class="bu-gable bu-f-{roof["colour"]}" d="M{x + 6} {bottom} L{x + 18} {bottom - GABLE} '
                f'H{x + 82} L{x + 94} {bottom} Z"/>'
                f'<text class="bu-mark bu-m10" x="{x + 50}" y="{bottom - 1.5}">{roof["mark"]}</text>'
            )
            storey += ", " + _("roofed %(colour)s") % {"colour": roof["name"]}
            bottom -= GABLE
        words.append(storey)
    parts.append(_hit(h, x + 3, y + 3, 94, 94))
    title = _("square %(square)s") % {"square": name}
    if below_fountain:
        title += " (" + _("below the fountain") + ")"
    title += ": " + ("; ".join(words) if words else _("an empty house pit"))
    return _piece(f"sq-{name}", title, "".join(parts)), tuple(gables)


@functools.lru_cache(maxsize=1024)
def _roof_joint(roof: tuple[str, str, int, str], at: tuple[float, float], language: str) -> Piece:
    """A roof tile (its two squares, its floor, the tile) laid over two squares, drawn at `at`."""
    first, second, floor, text = roof
    bx, by = at
    laid = tile(text)
    roof_words = _("roof tile on %(first)s and %(second)s, floor %(floor)s: %(tile)s") % {
        "first": first,
        "second": second,
        "floor": floor,
        "tile": laid["words"],
    }
    return _piece(
        f"roof-{first}-{second}",
        roof_words,
        f'<circle class="bu-joint" cx="{bx}" cy="{by}" r="13"/>'
        f'<use href="#bu-k-{laid["kind"]}" x="{bx - 9}" y="{by - 9}" width="18" height="18"/>',
    )


@functools.lru_cache(maxsize=256)
def _removed(removed: tuple[str, ...], language: str) -> Piece:
    """The roof tiles out of the game."""
    shown = ""
    if removed:
        chips = []
        for text in removed:
            laid = tile(text)
            first, second = laid["halves"]
            chips.append(
                f'<span class="bu-chip" title="{_escape(laid["words"])}">{_escape(i18n.view_text(laid["kind"]))} '
                f"{_escape(first['mark']) if first else ''}{_escape(second['mark']) if second else ''}</span> "
            )
        shown = f"{_said('Roof tiles out of the game:')} {''.join(chips)}"
    return (
        "removed-roofs",
        '<div class="bu-removed" data-piece="removed-roofs"',
        f' aria-label="{_said("Roof tiles out of the game")}">{shown}</div>',
    )

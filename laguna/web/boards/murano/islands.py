"""The islands of Murano's web board (rulebook: Islands, Building): each island as a map of its spaces
with the tiles built on them and the gondolas around it, and the cards drawn.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from laguna import i18n
from laguna.i18n import N_
from laguna.web.boards.murano.decisions import (
    Decision,
    _act,
    _choices,
    _Decisions,
    _mark,
)
from laguna.web.boards.murano.pictures import (
    _drawn_tile,
    gondola_svg,
    held_svg,
    tile_svg,
)
from laguna.web.boards.murano.words import (
    _cell_words,
    _gondola_words,
    _said,
    capital,
    tile_name,
    tile_words,
)


def _tile_of(tile: str) -> dict[str, Any]:
    """A bought building tile by its notation (factory, shop-red, palace-2, special), as drawn."""
    kind, _, detail = tile.partition("-")
    return {
        "id": tile,
        "kind": kind,
        "colour": detail if kind == "shop" else None,
        "colour_mark": capital(detail) if kind == "shop" else None,
        "crests": int(detail) if kind == "palace" and detail.isdigit() else 0,
        "svg": held_svg(tile),
        "name": tile_name(tile),
    }


Drawing = tuple[str, str | None, str | None, int, tuple[str, ...]]
"""A tile as the arguments of `tile_svg`: kind, colour, owner's colour, crests, customers."""


NO_TILE: Drawing = ("", None, None, 0, ())


def _island(island: dict[str, Any], colours: dict[int, str], decisions: _Decisions) -> dict[str, Any]:
    """An island as a grid of its spaces (water where there is none), its gondolas and its decisions.
    A space is (id, paved, its tile drawn, built, its decisions); a gondola (colour, the seat of its
    gondolier, that seat's colour, scored, its decisions)."""
    at = {(int(s["row"]), int(s["column"])): s for s in island.get("spaces", [])}
    rows = max((row for row, _ in at), default=0)
    columns = max((column for _, column in at), default=0)
    take = decisions.take
    on_cells, on_gondolas = "cell" in decisions.kinds, "gondola" in decisions.kinds
    grid: list[list[tuple[str, bool, Drawing, bool, list[Decision]] | None]] = []
    for row in range(1, rows + 1):
        line: list[tuple[str, bool, Drawing, bool, list[Decision]] | None] = []
        for column in range(1, columns + 1):
            space = at.get((row, column))
            if space is None:
                line.append(None)
                continue
            tile = space.get("tile")
            drawing = NO_TILE if tile is None else _drawn_tile(_tile_value(tile), colours)
            here = take("cell", space["id"]) if on_cells else []
            line.append((str(space["id"]), bool(space.get("street")), drawing, tile is not None, here))
        grid.append(line)
    gondolas = []
    for gondola in island.get("gondolas", []):
        colour = str(gondola.get("colour", "?"))
        seat = gondola.get("seat")
        seat_colour = colours.get(int(seat), "?") if seat is not None else None
        scored = bool(gondola.get("scored"))
        here = take("gondola", island["id"], colour) if on_gondolas else []
        for decision in here:
            decision["svg"] = gondola_svg(colour, seat_colour, scored)
        gondolas.append((colour, seat, seat_colour, scored, here))
    return {
        "id": island["id"],
        "name": str(island.get("name", island["id"])),
        "columns": columns,
        "rows": grid,
        "gondolas": gondolas,
        "decisions": take("island", island["id"]),
    }


@functools.lru_cache(maxsize=1024)
def _cell_inner(drawing: Drawing, number: str) -> Markup:
    """What an island space shows: its tile, if any, and its number."""
    return (tile_svg(*drawing) if drawing[0] else Markup("")) + Markup('<span class="mu-cellno">%s</span>') % number


def _seen(view: dict[str, Any], decisions: _Decisions) -> list[dict[str, Any]] | None:
    """The tiles of the stack a buyer paid to look through, each kind once with how many there are,
    and the decision to take one."""
    seen = view.get("seen")
    if seen is None:
        return None
    looking = str(view.get("looking") or "")
    kinds: dict[str, int] = {}
    for item in seen:
        kinds[str(item)] = kinds.get(str(item), 0) + 1
    seen_tiles = []
    for item, count in kinds.items():
        tile = _tile_of(f"{looking}-{item}")
        here = decisions.take("seen", item)
        for decision in here:
            decision["tile_svg"], decision["count"] = tile["svg"], count
        seen_tiles.append({"tile": tile, "count": count, "decisions": here})
    return seen_tiles


def _street(view: dict[str, Any]) -> dict[str, Any] | None:
    """The street tile drawn and waiting to be laid, with its customers."""
    if view.get("street") is None:
        return None
    customers = tuple(str(c) for c in view.get("street_customers") or [])
    return {
        "id": view["street"],
        "customers": [(c, capital(c)) for c in customers],
        "svg": tile_svg("street", customers=customers),
        "words": tile_words("street", customers=customers),
    }


def _drawn(view: dict[str, Any], decisions: _Decisions) -> dict[str, Any] | None:
    """The character or special building cards drawn: each card for the seat who drew them, else
    their backs."""
    drawn = view.get("drawn")
    if not drawn:
        return None
    if not isinstance(drawn, list):
        return {"count": int(drawn), "cards": None, "special": view.get("phase") == "choose a special building card"}
    characters = view.get("cards") or {}
    titles = view.get("special_cards") or {}
    return {
        "count": len(drawn),
        "special": any(card in titles for card in drawn),
        "cards": [
            {
                "id": card,
                "key": f"drawn-{index}",
                "special": card in titles,
                "text": i18n.view_text(titles[card] if card in titles else characters.get(card, "")),
                "decisions": decisions.take("drawn", card),
            }
            for index, card in enumerate(drawn)
        ],
    }


WATER = '<div class="mu-water"></div>'


@pass_context
def draw_islands(context: Context, model: dict[str, Any]) -> Markup:
    """The islands: their spaces with the tiles built on them, their gondolas, their decisions."""
    changed = context.get("changed", ())
    seat_name = context["seat_name"]
    language = i18n.current()
    viewer = model["viewer"]
    you = None
    out = []
    for island in model["islands"]:
        ident, name = escape(island["id"]), island["name"]
        named = escape(name)
        out.append(
            f'\n<div class="island mu-island" data-island="{ident}" role="group" aria-label="{named}">\n'
            f'<h4>{named}{_choices(island["decisions"])}</h4>\n<div class="mu-map mu-cols-{island["columns"]}">'
        )
        for row in island["rows"]:
            for cell in row:
                if cell is None:
                    out.append(WATER)
                    continue
                space, street, drawing, built, here = cell
                glow = built and f"cell-{space}" in changed
                out.append(
                    _cell_html(
                        language, name, space, street=street, drawing=drawing, built=built, glow=glow, chosen=bool(here)
                    )
                )
                if here:
                    out.extend(_act(d) for d in here if d["kind"] == "place")
                    out.extend(_act(d, d["tile"]) for d in here if d["kind"] == "build")
                    out.append("\n</div>")
        out.append('\n</div>\n<div class="gondolas mu-gondolas">')
        for colour, seat, seat_colour, scored, here in island["gondolas"]:
            if seat is None and not here:
                out.append(
                    _gondola_html(language, island["id"], colour, seat=None, scored=scored, glow=False, chosen=False)
                )
                continue
            key = f"gondola-{island['id']}-{colour}"
            glow = key in changed
            out.append(
                _gondola_html(language, island["id"], colour, seat=seat_colour, scored=scored, glow=glow, chosen=True)
            )
            if seat is not None:
                if seat == viewer:
                    you = you or _said(N_("you"))
                    out.append(f" ({you})")
                else:
                    out.append(f" ({escape(seat_name(seat))})")
            out.append('">')
            out.append("".join(map(_act, here)) if here else gondola_svg(colour, seat_colour, scored))
            out.append("</div>")
        out.append("\n</div>\n</div>")
    return Markup("".join(out))


@functools.lru_cache(maxsize=4096)
def _cell_html(
    language: str, island: str, space: str, *, street: bool, drawing: Drawing, built: bool, glow: bool, chosen: bool
) -> str:
    """An island space, in `language`: whole if no decision goes there (`chosen`), else up to its
    decisions. Only a built space is a piece."""
    number = space.rpartition(".")[2]
    css = f"cell mu-cell {'paved' if street else 'brown'}{' built' if built else ''}"
    words = escape(_cell_words(language, island, number, street, drawing))
    inner = _cell_inner(drawing, number)
    if not built and not chosen:
        return f'<div class="{css}" data-cell="{escape(space)}" role="img" aria-label="{words}">{inner}</div>'
    mark = f"{_mark(f'cell-{space}', glow)} " if built else ""
    head = f'<div class="{css}" data-cell="{escape(space)}" {mark}role="group" aria-label="{words}">{inner}'
    return head if chosen else head + "\n</div>"


@functools.lru_cache(maxsize=1024)
def _gondola_html(
    language: str, island: str, colour: str, *, seat: str | None, scored: bool, glow: bool, chosen: bool
) -> str:
    """A gondola, in `language`: a free one no decision goes to whole, else up to the end of its words
    (the caller adds who placed its gondolier and its decisions)."""
    words = escape(_gondola_words(language, colour, seat, scored))
    if not chosen:
        svg = gondola_svg(colour, seat, scored)
        return (
            f'<div class="gondola mu-gondola" data-gondola="{escape(colour)}" role="img"'
            f' aria-label="{words}">{svg}</div>'
        )
    mark = f"{_mark(f'gondola-{island}-{colour}', glow)} " if seat is not None else ""
    return f'\n<div class="gondola mu-gondola" data-gondola="{escape(colour)}" {mark}role="group" aria-label="{words}'


def _tile_value(tile: dict[str, Any]) -> Hashable:
    """A built tile as what its drawing shows."""
    kind = tile.get("kind")
    if kind == "street":
        return ("street", *tile.get("customers", []))
    if kind == "palace":
        return ("palace", tile.get("crests"))
    return (kind, tile.get("owner"), tile.get("colour"))

"""The lagoon of Burano's web board (rulebook: Fishing, Trading, Earning): the neighbouring islands with
their workers and docks, the ports with their ships, the sailing routes and the boats.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _escape

from laguna import i18n
from laguna.web.boards.burano.decisions import (
    Hit,
    _Decisions,
)
from laguna.web.boards.burano.drawing import (
    Piece,
    _block,
    _hit,
    _piece,
    _token,
)
from laguna.web.boards.burano.words import (
    _,
    _player,
    _said,
    cube,
    escape,
)

WATERS = (660, 540)


_LAGOON_MAP = (("A", "F", "B"), ("left", "", "right"), ("C", "E", "D"))
"""The neighbouring islands and ports as they lie on the lagoon map, row by row: the islands above and
below the main island (the empty middle), the ports on its two sides."""
_WATER_SPOTS = {
    name: (110 + 220 * column, 90 + 180 * row)
    for row, names in enumerate(_LAGOON_MAP)
    for column, name in enumerate(names)
    if name
}
"""Where each of them lies: the middle of its cell of the map."""


def _waters(view: dict[str, Any], decisions: _Decisions, boat: str | None, language: str) -> dict[str, Any]:
    """The lagoon: the neighbouring islands with their dock houses and workers, the ports with their
    merchant ships, the sailing routes between them, and the fishing boats."""
    boats: dict[str, list[int]] = defaultdict(list)
    for seat in view.get("seats", []):
        boats[str(seat.get("boat"))].append(int(seat["seat"]))

    def spots(name: str, *extra: str) -> tuple[str, ...]:
        return (f"water:{name}", *extra, *(("boat",) if name == boat else ()))

    drawn = []
    ships: dict[str, Any] = view.get("ships") or {}
    for name, names in (view.get("ports") or {}).items():
        about = tuple(
            (ship, tuple(sorted((ships.get(ship) or {}).get("demand", {}).items())), (ships.get(ship) or {}).get("vp"))
            for ship in names
        )
        h = decisions.hit("waters", *spots(name, *(f"ship:{s}" for s in names)))
        drawn.append(_port(name, about, h, language))
    for name, island in (view.get("islands") or {}).items():
        docks_hit = decisions.hit("waters", f"docks:{name}")
        h = decisions.hit("waters", *spots(name))
        drawn.append(_isle(name, tuple(island.get("workers", [])), h, docks_hit is None, language))
        drawn.append(_docks(name, tuple(island.get("docks", [])), docks_hit, language))
    for place, seats in boats.items():
        drawn.extend(_boat(place, k, seat, language) for k, seat in enumerate(seats))
    routes = tuple((a, b) for a, b in view.get("routes", []))
    return {
        "waters_frame": _waters_frame(routes, language),
        "waters_pieces": drawn,
        "waters_buttons": decisions.buttons("waters"),
    }


@functools.lru_cache(maxsize=64)
def _waters_frame(routes: tuple[tuple[Any, Any], ...], language: str) -> Markup:
    """The lagoon's map up to its pieces: the water, the main island and the sailing routes."""
    drawn = []
    for a, b in routes:
        (x1, y1), (x2, y2) = _WATER_SPOTS.get(a, (0, 0)), _WATER_SPOTS.get(b, (0, 0))
        if x1 == x2 and abs(y1 - y2) > 200:  # around the port between them
            path = f"M{x1 - 70},{y1 + 30} C{x1 - 112},{y1 + 110} {x2 - 112},{y2 - 110} {x2 - 70},{y2 - 30}"
        else:
            path = f"M{x1},{y1} L{x2},{y2}"
        words = _("sailing route %(a)s – %(b)s") % {"a": _(a), "b": _(b)}
        drawn.append(f'<path class="bu-route" d="{_escape(path)}"><title>{_escape(words)}</title></path>')
    width, height = WATERS
    return Markup(
        f'<svg class="bu-map" viewBox="0 0 {width} {height}" role="group" '
        f'aria-label="{_said("The lagoon: neighbouring islands, ports and sailing routes")}">\n'
        f'<rect width="{width}" height="{height}" fill="url(#bu-waves)" rx="14"/>\n'
        '<g aria-hidden="true"><rect x="210" y="222" width="240" height="96" rx="40" class="bu-sand"/>'
        f'<text class="bu-axis" x="330" y="266">{_said("Burano")}</text>'
        f'<text class="bu-axis bu-small" x="330" y="288">{_said("main island")}</text></g>\n'
        f"{''.join(drawn)}\n"
    )


@functools.lru_cache(maxsize=1024)
def _port(name: str, about: tuple[tuple[str, tuple[tuple[str, int], ...], Any], ...], h: Hit, language: str) -> Piece:
    """A port with its merchant ships, each with what it wants and what it pays."""
    x, y = _WATER_SPOTS.get(name, (0, 0))
    port = _("left port") if name == "left" else _("right port")
    parts = [
        f'<rect class="bu-pier" x="{x - 96}" y="{y - 78}" width="192" height="156" rx="10"/>'
        f'<text class="bu-place" x="{x}" y="{y - 58}">⚓ {escape(port)}</text>'
    ]
    words = []
    for k, (_ship, demanded, vp) in enumerate(about):
        demand = " + ".join(f"{count} {_(kind)}" for kind, count in demanded)
        sy = y - 48 + k * 28
        parts.append(
            f'<use href="#bu-ship" x="{x - 90}" y="{sy}" width="30" height="22"/>'
            f'<text class="bu-ship-text" x="{x - 56}" y="{sy + 16}">{escape(demand)} · {vp}★</text>'
        )
        words.append(_("merchant ship wanting %(demand)s for %(vp)s VP") % {"demand": demand, "vp": vp})
    parts.append(_hit(h, x - 96, y - 78, 192, 156, rx=10))
    return _piece(f"port-{name}", port + ": " + ("; ".join(words) or _("no ship")), "".join(parts))


@functools.lru_cache(maxsize=1024)
def _isle(name: str, workers: tuple[int, ...], h: Hit, whole: bool, language: str) -> Piece:
    """A neighbouring island with the workers on it, pressed whole, or below its dock houses when they
    are picked on their own."""
    x, y = _WATER_SPOTS.get(name, (0, 0))
    parts = [
        f'<use href="#bu-isle" x="{x - 100}" y="{y - 80}" width="200" height="160"/>'
        f'<text class="bu-island-letter" x="{x + 82}" y="{y - 40}">{escape(name)}</text>'
    ]
    words = []
    shown = [(s, c) for s, c in enumerate(workers) if c]
    for k, (seat, count) in enumerate(shown):
        wx = x - 70 + k * 46
        parts.append(_token(seat, wx, y + 4, 26))
        if count > 1:
            parts.append(f'<text class="bu-count" x="{wx + 27}" y="{y + 28}">×{count}</text>')
        words.append(
            i18n.ngettext("%(num)s worker of %(player)s", "%(num)s workers of %(player)s", count)
            % {"num": count, "player": _player(seat)}
        )
    if whole:
        parts.append(_hit(h, x - 92, y - 72, 184, 146, rx=40))
    else:
        parts.append(_hit(h, x - 92, y - 2, 184, 76, rx=30))
    title = _("island %(name)s") % {"name": name} + ": " + (", ".join(words) or _("no workers"))
    return _piece(f"isle-{name.lower()}-workers", title, "".join(parts))


@functools.lru_cache(maxsize=1024)
def _docks(name: str, colours: tuple[Any, ...], h: Hit, language: str) -> Piece:
    """The dock houses of a neighbouring island."""
    x, y = _WATER_SPOTS.get(name, (0, 0))
    docks = [cube(str(c)) for c in colours]
    parts = [_block(c, x - 62 + k * 44, y - 64, 38) for k, c in enumerate(docks)]
    parts.append(_hit(h, x - 68, y - 80, 140, 78, rx=10))  # 40 px tall on a 390 px phone
    words = _("dock houses of island %(name)s: %(colours)s") % {
        "name": name,
        "colours": ", ".join(c["name"] for c in docks if c),
    }
    return _piece(f"isle-{name.lower()}-docks", words, "".join(parts))


@functools.lru_cache(maxsize=256)
def _boat(place: str, k: int, seat: int, language: str) -> Piece:
    """A seat's fishing boat, the `k`-th at its place."""
    x, y = _WATER_SPOTS.get(place, (0, 0))
    bx, by = x - 84 + k * 42, y + 44
    return _piece(
        f"s{seat}-boat",
        _("fishing boat of %(player)s") % {"player": _player(seat)},
        f'<use href="#bu-boat" class="bu-p{seat}" x="{bx}" y="{by}" width="40" height="30"/>'
        f'<text class="bu-seatno bu-onboat" x="{bx + 20}" y="{by + 27}" font-size="10">{seat + 1}</text>',
    )

"""The pictures of Murano's web board: building tiles, action spaces, ships, gondoliers, gondolas, glass
beads, coins and victory points as inline SVG, drawn in Python and kept, since a board redraws the same
few dozen tiles on every decision.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable

from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.murano.marks import player_mark
from laguna.i18n import N_
from laguna.web.boards.murano.words import capital

STACK_ICONS: dict[str, str] = {
    "streets": "mu-street",
    "shops": "mu-back-shop",
    "palaces": "mu-back-palace",
    "factories": "mu-factory",
    "specials": "mu-special",
    "characters": "mu-card-back",
    "special_cards": "mu-card-back",
}
"""Each stack's words and the drawing its pile shows."""


ICONS: dict[str, str] = {
    N_("take 2 gold"): "mu-i-gold",
    N_("buy a glass factory"): "mu-factory",
    N_("buy a shop"): "mu-shop",
    N_("buy a palace"): "mu-palace",
    N_("buy a special building"): "mu-special",
    N_("recruit a character"): "mu-i-recruit",
    N_("place a gondolier"): "mu-i-gondola",
    N_("build"): "mu-i-build",
    N_("income"): "mu-i-income",
    N_("production"): "mu-i-production",
    N_("gondolier"): "mu-gondolier",
}
"""The drawing of each action on its action space (each action its own word in the catalogues)."""


# Drawn in Python and kept, since a board redraws the same few dozen tiles on every decision.


def _disc(colour: str, letters: str, x: float, y: float, r: float = 7) -> str:
    """A player's marker: a disc of the colour with its letters."""
    return (
        f'<g class="mu-k-{escape(colour)}"><circle cx="{x}" cy="{y}" r="{r}" fill="currentColor" stroke="#1d1d1d" '
        f'stroke-width="1.2"/><text class="mu-ink" x="{x}" y="{y + r * 0.42:.1f}" font-size="{r * 1.15:.1f}" '
        f'text-anchor="middle">{escape(letters)}</text></g>'
    )


def _svg(inner: str, css: str = "mu-tile", box: str = "0 0 40 40") -> Markup:
    return Markup(f'<svg class="{css}" viewBox="{box}" aria-hidden="true">{inner}</svg>')


@functools.lru_cache(maxsize=512)
def tile_svg(
    kind: str, colour: str | None = None, owner: str | None = None, crests: int = 0, customers: tuple[str, ...] = ()
) -> Markup:
    """A tile as drawn: a street with its customers (figures with their colour's capital), a shop in
    its colour with its capital, a palace with its crests, a glass factory with its chimney, a special
    building, or a tile face down; a shop or glass factory with its owner's marker."""
    if kind == "street":
        inner = '<use href="#mu-street"/>'
        for index, customer in enumerate(customers):
            x = 20 if len(customers) == 1 else 11 + index * 18
            inner += (
                f'<use href="#mu-customer" class="mu-k-{escape(customer)}" x="{x - 7}" y="8" width="14" height="21"/>'
                f'<text class="mu-letter" x="{x}" y="37" font-size="9" text-anchor="middle">{capital(customer)}</text>'
            )
    elif kind == "shop":
        inner = f'<use href="#mu-shop" class="mu-k-{escape(colour or "")}"/>'
        inner += (
            f'<text class="mu-letter" x="9" y="35" font-size="10" text-anchor="middle">{capital(colour or "")}</text>'
        )
    elif kind == "palace":
        inner = '<use href="#mu-palace"/>' + "".join(
            f'<use href="#mu-crest" x="{20 - crests * 5 + i * 10}" y="15" width="10" height="11"/>'
            for i in range(crests)
        )
    elif kind in ("factory", "special", "back-shop", "back-palace"):
        inner = f'<use href="#mu-{kind}"/>'
    else:
        inner = '<use href="#mu-tile-back"/>'
    if owner:
        inner += _disc(owner, player_mark(owner), 32, 31)
    return _svg(inner)


def _drawn_tile(value: Hashable, colours: dict[int, str]) -> tuple[str, str | None, str | None, int, tuple[str, ...]]:
    """A built tile's value (`_tile_value`) as the arguments of `tile_svg`, its owner by colour."""
    if not isinstance(value, tuple):
        return ("", None, None, 0, ())
    kind = str(value[0])
    if kind == "street":
        return (kind, None, None, 0, tuple(str(c) for c in value[1:]))
    if kind == "palace":
        return (kind, None, None, int(value[1] or 0), ())
    owner = colours.get(int(value[1]), "?") if kind in ("shop", "factory") and value[1] is not None else None
    return (kind, str(value[2]) if value[2] else None, owner, 0, ())


@functools.lru_cache(maxsize=512)
def _space_inner(language: str, number: int, action: str, *, black: int, red: bool, target: bool) -> Markup:
    """What an action space shows, in `language` (the one in force, a key of the cache): its number,
    its action drawn and named, its ships, the mark of an action under way and the arrow onwards."""
    inner = Markup('<span class="mu-num">%s</span>') % number + action_svg(ICONS.get(action, "mu-i-build"))
    inner += Markup('<span class="mu-name">%s</span>') % i18n.gettext(action)
    inner += Markup('<span class="mu-ships">') + ships_svg(black, red) + Markup("</span>")
    if target:
        inner += Markup('<span class="mu-underway">%s</span>') % i18n.gettext("under way")
    return inner + _svg('<use href="#mu-arrow"/>', "mu-arrow", "0 0 16 16")


@functools.lru_cache(maxsize=512)
def _space_words_of(language: str, number: int, action: str, *, black: int, red: bool, target: bool) -> str:
    """An action space in words, in `language` (the one in force, a key of the cache)."""
    words = i18n.gettext("action space %(number)s: %(action)s") % {"number": number, "action": i18n.gettext(action)}
    if black or red:
        ships = i18n.ngettext("%(num)s black ship", "%(num)s black ships", black) % {"num": black}
        words += "; " + ships + (", " + i18n.gettext("the red ship") if red else "")
    else:
        words += "; " + i18n.gettext("empty")
    return words + ("; " + i18n.gettext("action under way") if target else "")


@functools.lru_cache(maxsize=64)
def action_svg(icon: str) -> Markup:
    """The drawing of an action space's action."""
    return _svg(f'<use href="#{icon}"/>', "mu-act-ic")


@functools.lru_cache(maxsize=64)
def ships_svg(black: int, red: bool) -> Markup:
    """The ships on an action space: black ones, and the red one with its pennant."""
    ship = _svg('<use href="#mu-ship"/>', "mu-shipic mu-k-blackship", "0 0 40 34")
    return Markup(ship * black) + (
        _svg('<use href="#mu-ship-red"/>', "mu-shipic mu-k-redship", "0 0 40 34") if red else ""
    )


@functools.lru_cache(maxsize=8)
def gondolier_svg(colour: str) -> Markup:
    """A gondolier in a player's colour."""
    return _svg('<use href="#mu-gondolier"/>', f"mu-fig mu-k-{escape(colour)}", "0 0 24 40")


COIN_S = Markup('<svg class="mu-ic-s" viewBox="0 0 20 20" aria-hidden="true"><use href="#mu-coin"/></svg>')


COIN = Markup('<svg class="mu-ic-m" viewBox="0 0 20 20" aria-hidden="true"><use href="#mu-coin"/></svg>')


STAR = Markup('<svg class="mu-ic-m" viewBox="0 0 20 20" aria-hidden="true"><use href="#mu-vp"/></svg>')


CARD_BACK = Markup('<svg class="mu-back" viewBox="0 0 30 42" aria-hidden="true"><use href="#mu-card-back"/></svg>')


def _count(drawing: Markup, count: int) -> Markup:
    """A drawing with a number beside it."""
    return drawing + Markup("<b>%s</b>") % count


def _none(words: str) -> Markup:
    return Markup('<span class="mu-none">%s</span>') % words


@functools.lru_cache(maxsize=8)
def _marker_svg(colour: str) -> Markup:
    """A player's marker, for the count of markers placed."""
    return _svg(_disc(colour, "", 10, 10, 6), "mu-ic-m", "0 0 20 20")


@functools.lru_cache(maxsize=8)
def bead_svg(colour: str) -> Markup:
    """A glass bead of its colour with its capital."""
    return _svg(
        f'<use href="#mu-bead" class="mu-k-{escape(colour)}"/>'
        f'<text class="mu-ink" x="10" y="13.5" font-size="9" text-anchor="middle">{capital(colour)}</text>',
        "mu-beadic",
        "0 0 20 20",
    )


def held_svg(tile: str, count: int = 1) -> Markup:
    """A bought tile by its notation (factory, shop-red, palace-2, special, back), `count` times."""
    kind, _, detail = tile.partition("-")
    if kind == "shop":
        drawing = tile_svg(kind, colour=detail)
    elif kind == "palace":
        drawing = tile_svg(kind, crests=int(detail) if detail.isdigit() else 0)
    elif kind == "back":
        drawing = tile_svg(tile)
    else:
        drawing = tile_svg(kind)
    return Markup(drawing * count)


@functools.lru_cache(maxsize=256)
def gondola_svg(colour: str, seat: str | None, scored: bool) -> Markup:
    """A gondola in its player colour with its letters, and the gondolier on it in the colour of the
    player who placed it (faded, with a tick, once it has scored a card)."""
    inner = ""
    if seat is not None:
        faded = ' opacity=".35"' if scored else ""
        inner += f'<use href="#mu-gondolier" class="mu-k-{escape(seat)}" x="22" y="0" width="16" height="27"{faded}/>'
    inner += f'<use href="#mu-gondola" class="mu-k-{escape(colour)}" x="0" y="20" width="60" height="20"/>'
    inner += f'<text class="mu-letter" x="12" y="19" font-size="10" text-anchor="middle">{player_mark(colour)}</text>'
    if seat is not None:
        inner += f'<text class="mu-letter" x="48" y="14" font-size="10" text-anchor="middle">{player_mark(seat)}</text>'
    if scored:
        inner += '<path d="M40 8l4 5 8-10" stroke="#1b7a1b" stroke-width="3" fill="none"/>'
    return _svg(inner, "mu-gondic", "0 0 60 40")

"""The drawings of Walking in Burano's web board (rulebook: Components): a floor card as a small façade
in its colour with its symbols as icons, its colour shown twice more (the colour's mark and the letter
that starts its id) so the board reads without colour; the card backs, scaffolds, character tokens,
coins and regulatory bonus tokens; and the way every piece is marked and kept drawn.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.walking_in_burano.cards import SHOP_NAMES, SYMBOL_NAMES, Colour
from laguna.games.walking_in_burano.characters import Character

FLOORS = (3, 2, 1)
"""Floors top down, as a house and the supply rows stand."""

ICONS = {
    "flowers": "icon-flower",
    "plants": "icon-plant",
    "cats": "icon-cat",
    "red_curtains": "icon-curtain-red",
    "blue_curtains": "icon-curtain-blue",
    "streetlights": "icon-streetlight",
    "chimneys": "icon-chimney",
    "pedestrians": "icon-pedestrian",
    "closed_windows": "icon-closed-window",
}
"""The shared icon of each counted symbol (boards/icons.html)."""

EMBLEMS = {
    Character.WOMAN: "icon-flower",
    Character.MAN: "icon-plant",
    Character.GIRL: "icon-cat",
    Character.BOY: "icon-curtain-red",
    Character.MAYOR: "icon-pedestrian",
    Character.POLICEMAN: "icon-streetlight",
    Character.SANTA_CLAUS: "icon-chimney",
    Character.SHOP_OWNER: "wib-sign-icon",
    Character.TAILOR: "icon-curtain-blue",
    Character.FLORIST: "icon-flower",
    Character.GARDENER: "icon-plant",
}
"""What each character scores, worn on its token so that a player sees which houses it suits."""


def _colour_mark(name: str) -> str:
    try:
        return Colour(name).symbol
    except ValueError:
        return "?"


def _character(value: str) -> str:
    """A character's name on its card, in the reader's language, from its notation."""
    try:
        return i18n.gettext(Character(value).title)
    except ValueError:
        return value


def _shop(shop: object) -> str | None:
    """A card's shop by its name in the reader's language."""
    if not shop:
        return None
    return i18n.gettext(SHOP_NAMES[shop]) if shop in SHOP_NAMES else str(shop)


@dataclass(slots=True)
class Card:
    """A floor card as the board draws it: its façade (an ``<svg>``) and its words."""

    id: str
    floor: int
    svg: Markup
    words: str


def _face_key(face: dict[str, Any]) -> tuple[Any, ...]:
    """Everything a card face shows, hashable: the key of its drawing."""
    return (
        face.get("id", "?"),
        str(face.get("colour", "")),
        face.get("floor", 0),
        tuple(face.get("symbols", {}).items()),
        face.get("shop"),
        face.get("shop_points", 0),
    )


def card(face: dict[str, Any] | None) -> Card | None:
    """A floor card as the template draws it, or None for no card."""
    return None if face is None else _card(_face_key(face), i18n.current())


_SVG = '<svg viewBox="0 0 {0}" aria-hidden="true" focusable="false"{1}>'
"""An SVG drawing inside a piece: the piece has the words, the drawing is hidden from screen readers."""


def _svg(box: str, css: str = "") -> Markup:
    return Markup(_SVG).format(box, Markup(' class="{0}"').format(css) if css else "")


@functools.lru_cache(maxsize=512)
def _card(key: tuple[Any, ...], language: str) -> Card:
    """The drawing and the words of a card face in `language` (the one in force): there are few
    faces, so each is drawn once a language."""
    del language  # a key of the cache only: the words below are in the language in force
    card_id, colour, floor, symbols, shop, points = key
    shown = [(name, count) for name, count in symbols if count]
    parts = [
        _svg("100 66"),
        Markup('<use href="#wib-floor{0}" class="wib-{1}"/>').format(floor if floor in (1, 2, 3) else 2, colour),
        Markup('<text class="wib-id" x="5" y="{0}">{1} {2}</text>').format(
            18 if floor == 3 else 13, _colour_mark(colour), card_id
        ),
    ]
    size, step = 22, 24
    left = 50 - step * len(shown) / 2 + (step - size) / 2
    top = 19 if shop else 26 if floor == 3 else 22
    for n, (name, count) in enumerate(shown):
        x = left + n * step
        parts.append(
            Markup('<use href="#{0}" x="{1:g}" y="{2}" width="{3}" height="{3}"/>').format(
                ICONS.get(name, "icon-flower"), x, top, size
            )
        )
        if count > 1:
            parts.append(
                Markup('<text class="wib-n" x="{0:g}" y="{1}">{2}</text>').format(x + size - 1, top + size + 3, count)
            )
    shop_name = _shop(shop)
    if shop_name:
        parts.append(
            Markup(
                '<use href="#wib-sign"/><text class="wib-shop" x="42" y="58">{0}</text>'
                '<text class="wib-points" x="87" y="58.5">{1}</text>'
            ).format(shop_name, points)
        )
    parts.append(Markup("</svg>"))
    words = i18n.gettext("%(colour)s floor %(floor)s card %(card)s") % {
        "colour": i18n.gettext(colour),
        "floor": floor,
        "card": card_id,
    }
    described = [f"{i18n.gettext(SYMBOL_NAMES.get(name, name))} ×{count}" for name, count in shown]
    if shop_name:
        described.append(i18n.gettext("shop: %(shop)s, %(points)s points") % {"shop": shop_name, "points": points})
    if described:
        words = f"{words}: {', '.join(described)}"
    return Card(card_id, floor, Markup("").join(parts), words)


@functools.lru_cache(maxsize=64)
def _back(floor: int, count: int) -> Markup:
    """A face-down pile of floor cards: the back shows the floor, the count how many."""
    return _svg("100 66") + Markup(
        '<use href="#wib-back"/><text class="wib-deck-floor" x="50" y="32">{0}</text>'
        '<text class="wib-deck-n" x="50" y="54">×{1}</text></svg>'
    ).format(floor, count)


@functools.lru_cache(maxsize=4)
def _scaffold(floor: int) -> Markup:
    return _svg("100 66") + Markup(
        '<use href="#wib-scaffold"/><text class="wib-scaffold-floor" x="31" y="40">{0}</text></svg>'
    ).format(floor)


@functools.lru_cache(maxsize=32)
def _token(character: str) -> Markup:
    """A character's token: a tourist or an inhabitant, wearing what it scores."""
    try:
        known: Character | None = Character(character)
    except ValueError:
        known = None
    figure = "wib-tourist" if known is not None and known.is_tourist else "wib-inhabitant"
    emblem = EMBLEMS[known] if known is not None else "icon-pedestrian"
    return _svg("40 40", "wib-character") + Markup(
        '<use href="#{0}"/><circle cx="30" cy="30" r="10" fill="#fff" stroke="#5a4632"/>'
        '<use href="#{1}" x="22" y="22" width="16" height="16"/></svg>'
    ).format(figure, emblem)


@functools.lru_cache(maxsize=64)
def _visitor(character: str, language: str) -> Markup:
    """A visitor in front of its house: its token and its name in `language` (the one in force)."""
    del language  # a key of the cache only
    return _token(character) + Markup('<span class="visitor">{0}</span>').format(_character(character))


_WAITING = _svg("40 40", "wib-character") + Markup('<use href="#wib-waiting"/></svg>')
"""The mark of a house completed this turn that awaits its visitor."""
_PLOTS = {floor: Markup('<span class="plot-floor" aria-hidden="true">{0}</span>').format(floor) for floor in FLOORS}
"""An empty space of a house, showing the floor it is for."""


@functools.lru_cache(maxsize=32)
def _coins(count: int) -> Markup:
    """A seat's coins as a row of overlapping coins."""
    width = 14 + 9 * max(count - 1, 0)
    coins = Markup("").join(
        Markup('<use href="#icon-coin" x="{0}" width="24" height="24"/>').format(9 * n - 5) for n in range(count)
    )
    return _svg(f"{width} 24") + coins + Markup("</svg>")


@functools.lru_cache(maxsize=32)
def _tokens(left: int, spent: int) -> Markup:
    """A seat's regulatory bonus tokens, the spent ones as outlines."""
    tokens = Markup("").join(
        Markup('<use href="#wib-token{0}" x="{1}" width="21" height="21"/>').format(
            "-spent" if n >= left else "", 20 * n
        )
        for n in range(left + spent)
    )
    return _svg(f"{max(20 * (left + spent), 1)} 22") + tokens + Markup("</svg>")


@functools.lru_cache(maxsize=16)
def _take_glyph(low: int, high: int, coins: int) -> Markup:
    """A take's button face: the column's three floors, the taken ones filled, and the coins gained."""
    floors = Markup("").join(
        Markup('<rect x="1" y="{0}" width="10" height="10" rx="1.5" class="{1}"/>').format(
            1 + (3 - floor) * 11, "taken" if low <= floor <= high else "left"
        )
        for floor in FLOORS
    )
    glyph = _svg("12 34", "take-floors") + floors + Markup("</svg>")
    if coins:
        glyph += Markup('<span class="gain">+{0}{1}<use href="#icon-coin"/></svg></span>').format(coins, _svg("24 24"))
    return glyph


#
# Every piece the board repeats (a deck, a supply space, a pile, a house, a card in hand, a seat's
# counts) is drawn here as one string of markup, once for each thing it shows, in each language,
# glowing or not: a cache keyed by all three, so that no render shares a piece with one that shows
# something else. Untrusted text (view values, decisions) is escaped; the words a template said with
# `_()` stay markup with their values escaped, as Jinja's gettext leaves them.

_SCAFFOLD = "scaffold"
"""A house floor with a scaffold and no card (else its card face's key, or None where it is empty)."""

Glows = tuple[bool, ...]
"""Whether each key of a piece glows in a render, in the order of its keys."""
Draw = Callable[[Any, Glows, str], Markup]
"""A piece's drawing from what it shows, its glows and the language (a key of its cache only)."""


class _Drawn:
    """Pieces of the board drawn in Python, in order: each by its drawing function, what it shows (the
    function's arguments) and its keys; drawn for a render with whether each key glows in it (is among
    the template's `changed`) and in the language in force."""

    __slots__ = ("pieces",)

    def __init__(self) -> None:
        self.pieces: list[tuple[Draw, Hashable, tuple[str, ...]]] = []

    def add(self, draw: Draw, shows: Hashable, *keys: str) -> None:
        self.pieces.append((draw, shows, keys))

    def __bool__(self) -> bool:
        return bool(self.pieces)

    def html(self, changed: Collection[str]) -> Markup:
        """The pieces' markup, those whose keys are in `changed` glowing."""
        language = i18n.current()
        return Markup(
            "".join(
                [draw(shows, tuple([key in changed for key in keys]), language) for draw, shows, keys in self.pieces]
            )
        )


def _mark(key: str, glow: bool) -> str:
    """A piece's attributes, as `laguna.web.boards.piece_mark` writes them."""
    return f'data-piece="{escape(key)}" data-changed=""' if glow else f'data-piece="{escape(key)}"'


def _said(translated: str, **values: object) -> Markup:
    """A word the template says, as Jinja's gettext leaves it: the translation as markup, its values
    escaped."""
    return Markup(translated) % values


def _card_id(card_id: str) -> str:
    return f' data-card="{escape(card_id)}"' if card_id else ""

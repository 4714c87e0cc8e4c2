"""The buildings of a game sheet on the web board of Walking in Burano Roll & Write (rulebook: The Game
Sheet, Circle a Symbol, Invite a Character): each building's symbols in their printed places, their
numbers, the houses, the spaces for character letters and the character cards.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Collection, Iterable
from typing import Any, Final

from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.burano_roll_and_write.decorations import KIND_NAMES, WRITTEN
from laguna.web.boards.burano_roll_and_write.decisions import (
    _TITLES,
    _character_name,
    _colour_mark,
    _colour_words,
    _key,
)

_WIDTH: Final = 190
"""The drawing of a building (``rw-house``): its width, a symbol cell's, the margin of the floor
numbers, the top of each floor (floor 3 on top, as on the sheet)."""
_CELL: Final = 44
_MARGIN: Final = 12
_FLOOR_TOP: Final = {3: 30, 2: 90, 1: 150}


class Pieces:
    """Drawn pieces, each ``(key, head, body)``: ``head`` opens its element, ``body`` follows its
    attributes. Called with the keys to highlight, it writes them all, each marked as the ``mark``
    macro marks a piece; written once without highlights, and again only where one of its keys glows."""

    __slots__ = ("_keys", "_plain", "drawn")

    def __init__(self, drawn: Iterable[tuple[str, str, str]]) -> None:
        self.drawn = tuple(drawn)
        self._keys: frozenset[str] | None = None
        self._plain: Markup | None = None

    def __call__(self, changed: Collection[str]) -> Markup:
        if changed:
            if self._keys is None:
                self._keys = frozenset(key for key, _, _ in self.drawn)
            if not self._keys.isdisjoint(changed):
                return self._write(changed)
        if self._plain is None:
            self._plain = self._write(())
        return self._plain

    def _write(self, changed: Collection[str]) -> Markup:
        return Markup(
            "".join(
                f'{head} data-piece="{escape(key)}" data-changed=""{body}'
                if key in changed
                else f'{head} data-piece="{escape(key)}"{body}'
                for key, head, body in self.drawn
            )
        )


_G: Final = Markup("<g")


_Cell = tuple[str, str, object, object, bool]
"""A symbol as the sheet prints it: id, kind, floor, printed number, coin icon."""
_NO_ROW: Final[tuple[tuple[_Cell, ...], tuple[tuple[int, int], ...]]] = ((), ())
_OPEN: Final = -1
"""What the pen wrote under a symbol not circled (``None``: circled, nothing written)."""


def _cells(symbols: list[dict[str, Any]]) -> dict[str, tuple[tuple[_Cell, ...], tuple[tuple[int, int], ...]]]:
    """The symbols of each building, by its colour, floor 3 first as the sheet prints them, with where
    each is drawn. A sheet is printed once for the game: worked out once per sheet."""
    try:
        printed = tuple(tuple(symbol.items()) for symbol in symbols)
    except (AttributeError, TypeError):
        return _layout(symbols)
    try:
        return _printed(printed)
    except TypeError:  # a symbol the view describes with something unhashable
        return _layout(symbols)


@functools.lru_cache(maxsize=64)
def _printed(
    printed: tuple[tuple[tuple[str, Any], ...], ...],
) -> dict[str, tuple[tuple[_Cell, ...], tuple[tuple[int, int], ...]]]:
    return _layout([dict(symbol) for symbol in printed])


def _layout(symbols: list[dict[str, Any]]) -> dict[str, tuple[tuple[_Cell, ...], tuple[tuple[int, int], ...]]]:
    found: dict[str, list[_Cell]] = defaultdict(list)
    for symbol in sorted(symbols, key=lambda s: -int(s.get("floor") or 0)):
        found[str(symbol.get("building"))].append(
            (
                str(symbol.get("id", "?")),
                str(symbol.get("kind")),
                symbol.get("floor"),
                symbol.get("number"),
                bool(symbol.get("coin")),
            )
        )
    return {colour: (tuple(row), tuple(_positions(tuple(row)))) for colour, row in found.items()}


def _positions(row: tuple[_Cell, ...]) -> list[tuple[int, int]]:
    """Where each symbol of a building is drawn: its floor's row, the row centred."""
    placed = []
    for floor in (3, 2, 1):
        count = sum(1 for cell in row if cell[2] == floor)
        left = _MARGIN + (_WIDTH - _MARGIN - _CELL * count) // 2
        placed += [(left + _CELL * place, _FLOOR_TOP[floor]) for place in range(count)]
    return placed


def _look(cell: _Cell, mark: int | None) -> _Look:
    """How a symbol looks, with the pen's `mark` on it (`_OPEN`, or what was written when circled)."""
    _, kind, floor, printed, coin = cell
    written = mark if kind in WRITTEN and mark != _OPEN else None
    return kind, floor, printed, coin, mark != _OPEN, written


@functools.lru_cache(maxsize=4096)
def _building(
    language: str,
    prefix: str,
    colour: str,
    row: tuple[_Cell, ...],
    now: tuple[tuple[int | None, ...], bool, tuple[object, object] | None],
) -> Pieces:
    """A building the viewer cannot mark now, as pieces: its drawing, its symbols and its character
    space, as they are `now`: the pen's marks on the symbols, whether its die is in use, the character
    (letter and floor) written under it. A sheet changes one building at a time, so the others are
    drawn once."""
    marks, in_use, character = now
    drawn = [(f"{prefix}house-{colour}", _G, _house(language, colour, in_use))]
    drawn += [
        (prefix + _key(cell[0]), _G, _still(language, _look(cell, mark), at))
        for cell, mark, at in zip(row, marks, _positions(row), strict=True)
    ]
    drawn.append((f"{prefix}space-{colour}", _G, _space(language, colour, *(character or ()))))
    return Pieces(drawn)


_HIT: Final = Markup('<rect width="44" height="58" rx="6" class="hit"/>')
"""The target of a symbol to circle: the whole cell, number space included."""
_Look = tuple[str, object, object, bool, bool, object]
"""How a symbol looks: kind, floor, printed number, coin icon, circled, number written under it."""


@functools.lru_cache(maxsize=8192)
def _still(language: str, look: _Look, at: tuple[int, int]) -> Markup:
    """The body of a symbol the viewer cannot circle now, with its top left corner `at`."""
    words, drawing = _cell(language, look)
    return Markup(f' transform="translate({at[0]} {at[1]})"><title>{words}</title>{drawing}</g>')


@functools.lru_cache(maxsize=1024)
def _cell(language: str, look: _Look) -> tuple[Markup, Markup]:
    """A symbol's words in `language` (the one in force) and its drawing: the printed symbol (with its
    number space, number badge and coin icon) and the pen's marks."""
    del language  # a key of the cache: the words are in the language in force
    kind, floor, printed, coin, circled, written = look
    words = i18n.gettext(KIND_NAMES.get(kind, kind))
    if printed is not None:
        words += f" {printed}"
    if coin:
        words += ", " + i18n.gettext("coin icon")
    if circled:
        words += ", " + i18n.gettext("circled")
        if written is not None:
            words += " " + i18n.gettext("with %(value)s") % {"value": written}
    drawing = Markup('<use href="#rw-k-{}"/>').format(kind)
    if coin:
        drawing += Markup('<use href="#rw-coin-mark"/>')
    if printed is not None:
        drawing += Markup('<text x="35" y="14" class="printed-no">{}</text>').format(printed)
    if written is not None:
        drawing += Markup('<text x="22" y="53" class="pen">{}</text>').format(written)
    if circled:
        drawing += Markup('<use href="#rw-circled"/>')
    return escape(i18n.gettext("floor %(floor)s: %(symbol)s") % {"floor": floor, "symbol": words}), drawing


@functools.lru_cache(maxsize=512)
def _number(language: str, colour: str, value: int, cost: int) -> Markup:
    """A number the picked symbol may be circled with: the die's face, and its cost in coins."""
    del language  # a key of the cache: the words are in the language in force
    words = i18n.gettext("Circle with %(value)s") % {"value": value}
    if cost:
        words += ", " + i18n.ngettext("%(num)s coin", "%(num)s coins", cost) % {"num": cost}
        shown = Markup('{}<svg viewBox="0 0 24 24" aria-hidden="true"><use href="#icon-coin"/></svg>').format(cost)
    else:
        shown = escape(i18n.gettext("free"))
    return Markup(
        '<svg viewBox="0 0 56 56" aria-hidden="true" class="d-{}"><use href="#rw-die"/>'
        '<use href="#rw-pips-{}" class="pips"/></svg><span class="cost">{}</span><span class="rw-sr">{}</span>'
    ).format(colour, value, shown, words)


@functools.lru_cache(maxsize=256)
def _invitation(language: str, letter: str, floor: int | None) -> Markup:
    """Where the picked character may be invited: its letter to write under the building (with the
    floor it will score, for a Florist, Fisherman or Painter)."""
    del language  # a key of the cache: the words are in the language in force
    drawn = Markup('<span class="pen letter">{}</span>').format(letter)
    if floor is not None:
        drawn += Markup(' <span class="floor-word">{}</span>').format(
            i18n.gettext("floor %(floor)s") % {"floor": floor}
        )
    return drawn + Markup('<span class="rw-sr">{}</span>').format(i18n.gettext("Invite here"))


@functools.lru_cache(maxsize=256)
def _house(language: str, colour: str, in_use: bool) -> Markup:
    """The body of a building's drawing: façade, floors, roof with the building's letter and mark."""
    del language  # a key of the cache: the words are in the language in force
    letter, mark = _colour_mark(colour)
    words = _colour_words(colour)
    if in_use:
        words += ": " + i18n.gettext("the die in use")
    return Markup('><title>{}</title><use href="#rw-house"/><text x="95" y="22" class="tag">{}{}</text></g>').format(
        words, letter, mark
    )


@functools.lru_cache(maxsize=1024)
def _space(language: str, colour: str, letter: object = None, floor: object = None) -> Markup:
    """The body of the character space under a building, with the letter written in it (and the floor
    a Florist, Fisherman or Painter scores, marked on a little building)."""
    del language  # a key of the cache: the words are in the language in force
    if letter is None:
        return Markup('><title>{}</title><use href="#rw-space"/></g>').format(i18n.gettext("character space: empty"))
    name = _character_name(str(letter))
    if floor is not None:
        name = i18n.gettext("%(character)s, scoring floor %(floor)s") % {"character": name, "floor": floor}
    words = i18n.gettext("character space under %(building)s: %(character)s") % {
        "building": _colour_words(colour),
        "character": name,
    }
    drawn = Markup('><title>{}</title><use href="#rw-space"/><text x="95" y="230" class="pen letter">{}</text>').format(
        words, letter
    )
    if floor is not None:
        drawn += Markup('<use href="#rw-floor-{}" x="120" y="214"/>').format(floor)
    return drawn + Markup("</g>")


@functools.lru_cache(maxsize=512)
def _card(language: str, letter: str, invited: bool, mine: bool, pick: bool) -> tuple[Markup, Markup]:
    """A character card as the sheet prints it (letter, what it scores, name on the viewer's own sheet),
    crossed out once invited; a card the viewer may invite is a button to pick. The opening of its
    element, and the rest after its key."""
    del language  # a key of the cache: the words are in the language in force
    title = i18n.gettext(_TITLES[letter])
    drawing = Markup('<svg viewBox="0 0 48 46" aria-hidden="true"><use href="#rw-card-{}"/>{}</svg>{}').format(
        letter,
        Markup('<use href="#rw-cross" x="4" y="3" width="40" height="40"/>') if invited else "",
        Markup('<span class="card-name">{}</span>').format(title) if mine else "",
    )
    if pick:
        return Markup('<button type="button"'), Markup(
            ' class="card pick" data-pick="invite {0}" aria-label="{0} {1}: {2}">{3}</button>'
        ).format(letter, title, i18n.gettext("pick it, then its building"), drawing)
    words = f"{letter} {title}: {i18n.gettext('invited')}" if invited else f"{letter} {title}"
    return Markup("<div"), Markup(' class="card{}" role="img" aria-label="{}">{}</div>').format(
        " invited" if invited else "", words, drawing
    )

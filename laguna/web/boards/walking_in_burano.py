"""The web board of Walking in Burano, drawn from a seat's view: the floor supply (the three decks and
their rows of floor cards), the character card piles, and every player's house area, five houses built
of stacked façades with their scaffolds and visitors, with coins, regulatory bonus tokens and hand.

A floor card is drawn as a small façade in its colour with its symbols as icons; its colour shows twice
more, as the colour's mark and as the letter that starts its id, so the board reads without colour.
The seat's decisions sit where they happen: a take under its supply column, a placement on the space
it builds (after picking the card in hand), a visit or a removal on a character pile, a return on the
card in hand.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from laguna import i18n
from laguna.core.messages import msg
from laguna.games.walking_in_burano.cards import SHOP_NAMES, SYMBOL_NAMES, Colour
from laguna.games.walking_in_burano.characters import Character
from laguna.games.walking_in_burano.position import PLACEMENT_COSTS, TAKE_COINS, TOKENS, Phase

_TAKE = re.compile(r"take c(\d+) f(\d)(?:-(\d))?")
_PLACE = re.compile(r"place (\S+) c(\d+)")
_VISIT = re.compile(r"visit c(\d+) (\S+)")
_RETURN = re.compile(r"return (\S+)")
_REMOVE = re.compile(r"remove (\S+)")
_CHARACTER_LINE = re.compile(r"A\. (?P<character>.+) \(house (?P<house>\d+)\)")

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


def _phase(value: object) -> str:
    """A phase of the turn as a person reads it."""
    try:
        return i18n.gettext(Phase(value).title)
    except ValueError:
        return str(value)


def _shop(shop: object) -> str | None:
    """A card's shop by its name in the reader's language."""
    if not shop:
        return None
    return i18n.gettext(SHOP_NAMES[shop]) if shop in SHOP_NAMES else str(shop)


# ---------------------------------------------------------------------- floor cards


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


# ---------------------------------------------------------------------- decisions


def _take_words(column: int, low: int, high: int) -> str:
    """A take as its button and the list name it: the column and the floors it takes."""
    if low == high:
        take = i18n.gettext("take floor %(floor)s") % {"floor": low}
    else:
        take = i18n.gettext("take floors %(low)s–%(high)s") % {"low": low, "high": high}
    return f"{i18n.gettext('column %(number)s') % {'number': column}}: {take}"


def _house_words(column: int) -> str:
    return i18n.gettext("house %(number)s") % {"number": column}


def label(action: str) -> str:
    """A decision as the list beside the board names it: where it happens on the board, then what the
    button there says."""
    if m := _TAKE.fullmatch(action):
        return _take_words(int(m.group(1)), int(m.group(2)), int(m.group(3) or m.group(2)))
    if m := _PLACE.fullmatch(action):
        here = i18n.gettext("place %(card)s here") % {"card": m.group(1)}
        return f"{_house_words(int(m.group(2)))}: {here}"
    if m := _VISIT.fullmatch(action):
        visits = i18n.gettext("%(character)s visits") % {"character": _character(m.group(2))}
        return f"{_house_words(int(m.group(1)))}: {visits}"
    if m := _RETURN.fullmatch(action):
        card_id = m.group(1)
        back = i18n.gettext("return %(card)s") % {"card": card_id}
        return f"{back} ({i18n.gettext('floor')} {card_id[1:2]})"  # to the bottom of that floor's deck
    if m := _REMOVE.fullmatch(action):
        return f"{_character(m.group(1))}: {i18n.gettext('remove')}"
    if action == "done":
        return i18n.gettext("done placing")
    return action


@functools.lru_cache(maxsize=512)
def _take(action: str, column: int, low: int, high: int, language: str) -> Markup:
    """A take's button under its supply column, in `language` (the one in force)."""
    del language  # a key of the cache only
    words = escape(_take_words(column, low, high))
    glyph = _take_glyph(low, high, TAKE_COINS.get(high - low + 1, 0))
    return Markup(
        f'<button type="button" class="act take" data-action="{escape(action)}" aria-label="{words}"'
        f' title="{words}">{glyph}</button>'
    )


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board."""

    def __init__(self, actions: Sequence[str]) -> None:
        language = i18n.current()
        self.takes: dict[int, list[Markup]] = defaultdict(list)
        """Supply column → its take buttons."""
        self.places: dict[int, list[tuple[str, str]]] = defaultdict(list)
        """House → (decision, card picked)."""
        self.characters: dict[str, str] = {}
        """Character → its visit or removal."""
        self.visiting: int | None = None
        self.returns: dict[str, str] = {}
        self.placeable: set[str] = set()
        self.done: str | None = None
        for action in actions:
            if m := _TAKE.fullmatch(action):
                column, low = int(m.group(1)), int(m.group(2))
                self.takes[column].append(_take(action, column, low, int(m.group(3) or low), language))
            elif m := _PLACE.fullmatch(action):
                self.places[int(m.group(2))].append((action, m.group(1)))
                self.placeable.add(m.group(1))
            elif m := _VISIT.fullmatch(action):
                self.visiting = int(m.group(1))
                self.characters[m.group(2)] = action
            elif m := _REMOVE.fullmatch(action):
                self.characters[m.group(1)] = action
            elif m := _RETURN.fullmatch(action):
                self.returns[m.group(1)] = action
            elif action == "done":
                self.done = action


# ---------------------------------------------------------------------- the board's pieces
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


@functools.lru_cache(maxsize=128)
def _deck(shows: tuple[int, int], glows: Glows, language: str) -> Markup:
    """A deck of the supply: its back (its floor) and how many cards are left."""
    floor, count = shows
    del language  # a key of the cache only: the words are in the language in force
    words = i18n.gettext("floor %(floor)s: %(count)s") % {"floor": floor, "count": count}
    return Markup(
        f'<div class="deck{"" if count else " empty"}" role="img" {_mark(f"deck-f{floor}", glows[0])}'
        f' aria-label="{_said(i18n.gettext("Decks"))}: {escape(words)}">{_back(floor, count) if count else ""}</div>'
    )


@functools.lru_cache(maxsize=1024)
def _slot(shows: tuple[int, int, tuple[Any, ...] | None], glows: Glows, language: str) -> Markup:
    """A space of the supply (column and floor): its card (the key of its face), or empty."""
    column, floor, face = shows
    column_word = i18n.gettext("column %(number)s") % {"number": column}
    where = f"{column_word}, {i18n.gettext('floor')} {floor}"
    mark = _mark(f"supply-c{column}-f{floor}", glows[0])
    if face is None:
        words = escape(f"{where}: {i18n.gettext('empty')}")
        return Markup(f'<div class="slot empty" role="img" {mark} aria-label="{words}"></div>')
    drawn = _card(face, language)
    words = escape(f"{where}: {drawn.words}")
    return Markup(f'<div class="slot" role="img" {mark}{_card_id(drawn.id)} aria-label="{words}">{drawn.svg}</div>')


@functools.lru_cache(maxsize=512)
def _pile(shows: tuple[str, int, str | None], glows: Glows, language: str) -> Markup:
    """A character pile: its token, how many cards are left, the visit or removal it offers."""
    name, count, action = shows
    del language  # a key of the cache only
    title = _character(name)
    left = i18n.ngettext("%(character)s: %(num)s card left", "%(character)s: %(num)s cards left", count)
    words = escape(left % {"character": title, "num": count})
    mark = _mark(f"pile-{name}", glows[0])
    if action:
        opening = (
            f'<button type="button" class="act pile" data-action="{escape(action)}" {mark}'
            f' aria-label="{escape(label(action))} — {words}">'
        )
    else:
        opening = f'<div class="pile{"" if count else " gone"}" role="img" {mark} aria-label="{words}">'
    return Markup(
        f'{opening}{_token(name)}<span class="name">{escape(title)}</span><span class="count">×{escape(count)}</span>'
        f"{'</button>' if action else '</div>'}"
    )


Floor = tuple[tuple[Any, ...] | str | None, tuple[tuple[str, str], ...]]
"""What a house floor shows (its card face's key, a scaffold or nothing) and the placements on it."""


@functools.lru_cache(maxsize=2048)
def _house(shows: tuple[str, int, bool, tuple[Floor, ...], str | None, bool], glows: Glows, language: str) -> Markup:
    """A house of a seat's area (its seat's prefix, its column, whether complete): its floors top down,
    with the placements the seat may make there, and the street in front with its visitor, or waiting
    for one; `glows` for the floors, then the street."""
    prefix, column, complete, floors, visitor, waiting = shows
    name = _house_words(column)
    floor_word = i18n.gettext("floor")
    parts = [f'\n<div class="house{" complete" if complete else ""}" data-house="{escape(column)}">']
    for floor, (shown, places), glow in zip(FLOORS, floors, glows, strict=False):
        where = f"{name}, {floor_word} {floor}"
        mark = _mark(f"{prefix}-h{column}-f{floor}", glow)
        if shown is None:
            css, words, drawing = "space plot", f"{where}: {i18n.gettext('empty')}", _PLOTS[floor]
        elif isinstance(shown, str):  # _SCAFFOLD
            css, words, drawing = "space", f"{where}: {i18n.gettext('scaffold')}", _scaffold(floor)
        else:
            drawn = _card(shown, language)
            css, words, drawing = "space", f"{where}: {drawn.words}", drawn.svg
            mark += _card_id(drawn.id)
        parts.append(f'<div class="{css}" role="group" {mark} aria-label="{escape(words)}">{drawing}')
        for action, picked in places:
            parts.append(
                f'<button type="button" class="act place" data-action="{escape(action)}"'
                f' data-pick-of="{escape(picked)}" hidden aria-label="{escape(label(action))}">'
                f'<span aria-hidden="true">+</span> {escape(picked)}</button>'
            )
        parts.append("</div>")
    if visitor:
        words = i18n.gettext("visited by the %(character)s") % {"character": _character(visitor)}
        drawing = _visitor(visitor, language)
    elif waiting:
        words, drawing = i18n.gettext("awaiting a visitor"), _WAITING
    else:
        words, drawing = i18n.gettext("no visitor"), Markup("")
    parts.append(
        f'\n<div class="street{" waiting" if waiting else ""}" role="img"'
        f' {_mark(f"{prefix}-h{column}-visitor", glows[3])} aria-label="{escape(f"{name}: {words}")}">{drawing}'
        f'<span class="house-number" aria-hidden="true">{escape(column)}</span></div>\n</div>'
    )
    return Markup("".join(parts))


@functools.lru_cache(maxsize=1024)
def _held(shows: tuple[str, tuple[Any, ...], bool, str | None], glows: Glows, language: str) -> Markup:
    """A card in the viewer's hand (its key, its face's key): to pick for a placement, to return, or
    only to see."""
    key, face, pick, ret = shows
    drawn = _card(face, language)
    card_id, words, mark = escape(drawn.id), escape(drawn.words), _mark(key, glows[0])
    if pick:
        return Markup(
            f'<button type="button" class="pick hand-card" data-pick="{card_id}" data-card="{card_id}" {mark}'
            f' aria-label="{_said(i18n.gettext("place %(card)s…"), card=drawn.id)} {words}">{drawn.svg}</button>'
        )
    if ret:
        back = _said(i18n.gettext("return %(card)s"), card=drawn.id)
        return Markup(
            f'<button type="button" class="act hand-card" data-action="{escape(ret)}" data-card="{card_id}" {mark}'
            f' aria-label="{back}: {words}">{drawn.svg}<span class="badge">{back}</span></button>'
        )
    return Markup(
        f'<div class="hand-card" role="img" data-card="{card_id}" {mark} aria-label="{words}">{drawn.svg}</div>'
    )


_START = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><use href="#wib-start"/></svg>'


@functools.lru_cache(maxsize=1024)
def _head(
    shows: tuple[str, bool, int, int, int, tuple[tuple[str, int], ...] | None], glows: Glows, language: str
) -> Markup:
    """A seat's counts beside its name: the start player's mark, coins, regulatory bonus tokens,
    houses complete and, for a hand the viewer may not see (`hidden`: its cards by floor), its backs;
    `glows` in that order."""
    del language  # a key of the cache only
    prefix, starts, coins, tokens, completed, hidden = shows
    parts = []
    if starts:
        words = _said(i18n.gettext("start player"))
        parts.append(
            f'<span class="start" role="img" {_mark(f"{prefix}-start", glows[0])} aria-label="{words}">{_START}</span>'
        )
    coin_words = i18n.ngettext("%(num)s coin", "%(num)s coins", coins) % {"num": coins}
    parts.append(
        f'\n<span class="coins" role="img" {_mark(f"{prefix}-coins", glows[1])} aria-label="{escape(coin_words)}">'
        f"{_coins(coins)}<b>{coins}</b></span>"
    )
    token_words = i18n.ngettext("%(num)s regulatory bonus token", "%(num)s regulatory bonus tokens", tokens) % {
        "num": tokens
    }
    parts.append(
        f'\n<span class="tokens" role="img" {_mark(f"{prefix}-tokens", glows[2])} aria-label="{escape(token_words)}">'
        f"{_tokens(tokens, max(TOKENS - tokens, 0))}</span>"
    )
    houses = _said(i18n.ngettext("%(num)s house complete", "%(num)s houses complete", completed), num=completed)
    parts.append(
        f'\n<span class="completed" role="img" {_mark(f"{prefix}-completed", glows[3])} aria-label="{houses}">'
        f'<span aria-hidden="true">⌂</span> {completed}/5</span>'
    )
    if hidden is not None:
        floors_held = dict(hidden)
        backs = "".join(_back(int(floor), n) for floor, n in sorted(hidden, reverse=True) if n)
        parts.append(
            f'\n<span class="hand hidden-hand" role="img" {_mark(f"{prefix}-hand", glows[4])}'
            f' aria-label="{escape(_hand_words(floors_held))}">'
            f"{backs or _said(i18n.gettext('no cards in hand'))}</span>"
        )
    return Markup("".join(parts))


@dataclass(frozen=True, slots=True)
class _Words:
    """The template's fixed words in one language, as Jinja's gettext leaves them (markup)."""

    you: Markup
    your_hand: Markup
    no_cards: Markup
    supply: Markup
    characters: Markup
    done: Markup


@functools.lru_cache(maxsize=8)
def _words(language: str) -> _Words:
    """The template's fixed words in `language` (the one in force), translated once."""
    del language  # a key of the cache only
    return _Words(
        you=_said(i18n.gettext("You")),
        your_hand=_said(i18n.gettext("Your hand")),
        no_cards=_said(i18n.gettext("no cards in hand")),
        supply=_said(i18n.gettext("Floor card supply")),
        characters=_said(i18n.gettext("Character cards left")),
        done=_said(i18n.gettext("done placing")),
    )


# ---------------------------------------------------------------------- the board


@dataclass(slots=True)
class Column:
    """A supply column: its three spaces top down and the takes it offers."""

    number: int
    slots: _Drawn
    takes: Markup


@dataclass(slots=True)
class SeatArea:
    """One player's area: its counts (`head`), its houses, and the viewer's own hand (None for a hand
    the viewer may not see) with its words and the seat's end of placing."""

    seat: int
    prefix: str
    mine: bool
    on_turn: bool
    head: _Drawn
    houses: _Drawn
    hand: _Drawn | None
    hand_words: str
    done: str | None


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place."""
    decisions = _Decisions(actions)
    supply = view.get("supply", {})
    columns = int(supply.get("columns", 0))
    rows = supply.get("rows", {})
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    decks = view.get("decks", {})
    drawn_decks = _Drawn()
    for floor in FLOORS:
        drawn_decks.add(_deck, (floor, int(decks.get(str(floor), 0))), f"deck-f{floor}")
    rows_down = [rows.get(str(floor)) or [None] * columns for floor in FLOORS]
    supply_columns = []
    for column in range(1, columns + 1):
        slots = _Drawn()
        for floor, row in zip(FLOORS, rows_down, strict=True):
            face = row[column - 1]
            slots.add(_slot, (column, floor, None if face is None else _face_key(face)), f"supply-c{column}-f{floor}")
        supply_columns.append(Column(column, slots, Markup("".join(decisions.takes.get(column, ())))))
    piles = _Drawn()
    for name, count in view.get("characters", {}).items():
        piles.add(_pile, (name, count, decisions.characters.get(name)), f"pile-{name}")
    return {
        "words": _words(i18n.current()),
        "round": _said(i18n.gettext("Round %(round)s"), round=view.get("round")),
        "status": _status(view),
        "decks": drawn_decks,
        "columns": supply_columns,
        "piles": piles,
        "visiting": decisions.visiting,
        "removing": bool(decisions.characters) and decisions.visiting is None,
        "removed": ", ".join(_character(value) for value in view.get("removed_characters", [])),
        "boxed": len(view.get("boxed_cards", [])),
        "seats": [_seat(seat_view, view, decisions if seat_view["seat"] == viewer else None) for seat_view in seats],
    }


def _status(view: dict[str, Any]) -> str:
    """Who does what now, or why the game ended."""
    if view.get("ended_by"):
        return i18n.gettext("the game ended: %(reason)s") % {"reason": i18n.view_text(view["ended_by"])}
    phase = _phase(view.get("phase"))
    if view.get("phase") == Phase.PLACE.value:
        placed = int(view.get("placed_this_turn", 0))
        if placed < len(PLACEMENT_COSTS):
            price = PLACEMENT_COSTS[placed]
            cost = i18n.ngettext("the next card costs %(num)s coin", "the next card costs %(num)s coins", price) % {
                "num": price
            }
            phase = f"{phase} ({cost})"
    return phase


def _seat(seat_view: dict[str, Any], view: dict[str, Any], decisions: _Decisions | None) -> SeatArea:
    """One player's area; `decisions` only for the viewer's own seat."""
    seat = seat_view["seat"]
    prefix = f"s{seat}"
    pending = view.get("pending_houses", ()) if view.get("turn") == seat else ()
    hand = seat_view.get("hand")
    floors_held = seat_view.get("hand_floors", {})
    head = _Drawn()
    head.add(
        _head,
        (
            prefix,
            view.get("start_player") == seat,
            int(seat_view.get("coins", 0)),
            int(seat_view.get("tokens", 0)),
            int(seat_view.get("completed", 0)),
            None if hand is not None else tuple(sorted(floors_held.items())),
        ),
        f"{prefix}-start",
        f"{prefix}-coins",
        f"{prefix}-tokens",
        f"{prefix}-completed",
        f"{prefix}-hand",
    )
    in_hand = {face.get("id"): face.get("floor") for face in hand or ()}
    houses = _Drawn()
    for house in seat_view.get("houses", []):
        column = house["column"]
        floors = house.get("floors", [None, None, None])
        scaffolds = house.get("scaffolds", ())
        places = decisions.places.get(column, ()) if decisions else ()
        shown: list[Floor] = []
        for floor in FLOORS:
            face = floors[floor - 1] if floor - 1 < len(floors) else None
            here = tuple(place for place in places if in_hand.get(place[1]) == floor)
            if face is not None:
                shown.append((_face_key(face), here))
            else:
                shown.append((_SCAFFOLD if floor in scaffolds else None, here))
        key = f"{prefix}-h{column}"
        houses.add(
            _house,
            (prefix, column, bool(house.get("complete")), tuple(shown), house.get("character"), column in pending),
            f"{key}-f3",
            f"{key}-f2",
            f"{key}-f1",
            f"{key}-visitor",
        )
    held = None
    if hand is not None:
        held = _Drawn()
        for n, face in enumerate(hand, start=1):
            if face is None:
                continue
            card_id, key = face.get("id", "?"), f"{prefix}-hand-{n}"
            pick = decisions is not None and card_id in decisions.placeable
            ret = decisions.returns.get(card_id) if decisions else None
            held.add(_held, (key, _face_key(face), pick, ret), key)
    return SeatArea(
        seat=seat,
        prefix=prefix,
        mine=decisions is not None,
        on_turn=view.get("turn") == seat,
        head=head,
        houses=houses,
        hand=held,
        hand_words="" if hand is None else _hand_words(floors_held),
        done=decisions.done if decisions else None,
    )


def _hand_words(floors_held: dict[str, int]) -> str:
    held = sum(floors_held.values())
    words = i18n.ngettext("%(num)s card in hand", "%(num)s cards in hand", held) % {"num": held}
    by_floor = [
        i18n.gettext("%(count)s× floor %(floor)s") % {"count": n, "floor": floor}
        for floor, n in sorted(floors_held.items())
        if n
    ]
    return f"{words} ({', '.join(by_floor)})" if by_floor else words


# ---------------------------------------------------------------------- pieces


def pieces(view: dict[str, Any]) -> dict[str, Hashable]:
    """Every piece the board draws, by the key it carries, with what it shows: cards by id, counts by
    number. The keys are the board's places (a supply space, a house floor, a seat's coins), so that a
    decision's pieces are the places it changed."""
    drawn: dict[str, Hashable] = {
        "round": view.get("round"),
        "status": (view.get("phase"), view.get("turn"), view.get("placed_this_turn"), view.get("ended_by")),
    }
    for floor, count in view.get("decks", {}).items():
        drawn[f"deck-f{floor}"] = count
    for floor, row in view.get("supply", {}).get("rows", {}).items():
        for column, face in enumerate(row, start=1):
            drawn[f"supply-c{column}-f{floor}"] = None if face is None else face.get("id")
    for name, count in view.get("characters", {}).items():
        drawn[f"pile-{name}"] = count
    if view.get("removed_characters"):
        drawn["removed"] = tuple(view["removed_characters"])
    if view.get("boxed_cards"):
        drawn["box"] = len(view["boxed_cards"])
    turn, pending = view.get("turn"), tuple(view.get("pending_houses", []))
    for seat_view in view.get("seats", []):
        seat = seat_view["seat"]
        prefix = f"s{seat}"
        drawn[f"{prefix}-coins"] = seat_view.get("coins")
        drawn[f"{prefix}-tokens"] = seat_view.get("tokens")
        drawn[f"{prefix}-completed"] = seat_view.get("completed")
        drawn[f"{prefix}-hand"] = tuple(sorted(seat_view.get("hand_floors", {}).items()))
        if view.get("start_player") == seat:
            drawn[f"{prefix}-start"] = True
        for n, face in enumerate(seat_view.get("hand") or (), start=1):
            drawn[f"{prefix}-hand-{n}"] = face.get("id")
        for house in seat_view.get("houses", []):
            column = house["column"]
            floors = house.get("floors", [None, None, None])
            scaffolds = house.get("scaffolds", [])
            for floor in FLOORS:
                face = floors[floor - 1] if floor - 1 < len(floors) else None
                shown = face.get("id") if face else ("scaffold" if floor in scaffolds else None)
                drawn[f"{prefix}-h{column}-f{floor}"] = shown
            waiting = turn == seat and column in pending
            drawn[f"{prefix}-h{column}-visitor"] = (house.get("character"), waiting)
    return drawn


def score_line(name: str) -> str:
    """A score sheet line in the reader's language: the character lines name the visitor and its house
    ("A. Woman (house 2)"), the others are fixed words."""
    line = _CHARACTER_LINE.fullmatch(name)
    if line is None:
        return i18n.gettext(name)
    character = msg(line["character"])  # a title the rules mark for the catalogues
    return i18n.translate(msg("A. {character} (house {house})", character=character, house=line["house"]))

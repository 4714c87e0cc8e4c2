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
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from laguna import i18n
from laguna.core.messages import msg
from laguna.games.walking_in_burano.cards import SHOP_NAMES, SYMBOL_NAMES, Colour
from laguna.games.walking_in_burano.characters import Character
from laguna.games.walking_in_burano.state import PLACEMENT_COSTS, TAKE_COINS, TOKENS, Phase

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


@dataclass(slots=True)
class Take:
    """A take under its supply column."""

    action: str
    label: str
    glyph: Markup


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board."""

    def __init__(self, actions: Sequence[str]) -> None:
        self.takes: dict[int, list[Take]] = defaultdict(list)
        self.places: dict[int, list[tuple[str, str, str]]] = defaultdict(list)
        """House → (decision, card picked, words)."""
        self.characters: dict[str, tuple[str, str]] = {}
        """Character → its visit or removal, and its words."""
        self.visiting: int | None = None
        self.returns: dict[str, str] = {}
        self.placeable: set[str] = set()
        self.done: str | None = None
        for action in actions:
            if m := _TAKE.fullmatch(action):
                column, low = int(m.group(1)), int(m.group(2))
                high = int(m.group(3) or low)
                coins = TAKE_COINS.get(high - low + 1, 0)
                self.takes[column].append(Take(action, _take_words(column, low, high), _take_glyph(low, high, coins)))
            elif m := _PLACE.fullmatch(action):
                self.places[int(m.group(2))].append((action, m.group(1), label(action)))
                self.placeable.add(m.group(1))
            elif m := _VISIT.fullmatch(action):
                self.visiting = int(m.group(1))
                self.characters[m.group(2)] = (action, label(action))
            elif m := _REMOVE.fullmatch(action):
                self.characters[m.group(1)] = (action, label(action))
            elif m := _RETURN.fullmatch(action):
                self.returns[m.group(1)] = action
            elif action == "done":
                self.done = action


# ---------------------------------------------------------------------- the board


@dataclass(slots=True)
class Spot:
    """A place that shows one thing (a supply space, a deck, a house floor, a visitor): its piece key,
    its words and its drawing; on a house floor, the placements the seat may make there."""

    key: str
    words: str
    drawing: Markup
    places: tuple[tuple[str, str, str], ...] = ()
    empty: bool = False
    card: str | None = None
    """The id of the floor card shown, if any."""


@dataclass(slots=True)
class Column:
    """A supply column: its three spaces top down and the takes it offers."""

    number: int
    slots: list[Spot]
    takes: list[Take]


@dataclass(slots=True)
class Pile:
    """A character pile, with the visit or removal it offers."""

    key: str
    words: str
    drawing: Markup
    title: str
    count: int
    action: str | None
    label: str | None


@dataclass(slots=True)
class House:
    """A house of a player's area: its spaces top down and the street in front with its visitor."""

    column: int
    complete: bool
    spaces: list[Spot]
    street: Spot
    waiting: bool


@dataclass(slots=True)
class Held:
    """A card in the viewer's hand: to pick for a placement, or to return."""

    key: str
    card: Card
    pick: bool
    ret: str | None


@dataclass(slots=True)
class SeatArea:
    """One player's area."""

    seat: int
    prefix: str
    mine: bool
    on_turn: bool
    starts: bool
    coins: int
    coins_words: str
    coins_drawing: Markup
    tokens_words: str
    tokens_drawing: Markup
    completed: int
    houses: list[House]
    hand: list[Held] | None
    hand_words: str
    hand_backs: Markup
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
    column_words = [i18n.gettext("column %(number)s") % {"number": n} for n in range(1, columns + 1)]
    floor_word, empty = i18n.gettext("floor"), i18n.gettext("empty")
    return {
        "round": view.get("round"),
        "status": _status(view),
        "decks": [_deck(floor, int(decks.get(str(floor), 0))) for floor in FLOORS],
        "columns": [
            Column(
                column,
                [
                    _slot(
                        f"supply-c{column}-f{floor}", f"{column_words[column - 1]}, {floor_word} {floor}", face, empty
                    )
                    for floor in FLOORS
                    for face in [(rows.get(str(floor)) or [None] * columns)[column - 1]]
                ],
                decisions.takes.get(column, []),
            )
            for column in range(1, columns + 1)
        ],
        "piles": [_pile(name, count, decisions) for name, count in view.get("characters", {}).items()],
        "visiting": decisions.visiting,
        "removing": bool(decisions.characters) and decisions.visiting is None,
        "removed": ", ".join(_character(value) for value in view.get("removed_characters", [])),
        "boxed": len(view.get("boxed_cards", [])),
        "seats": [_seat(seat_view, view, decisions if seat_view["seat"] == viewer else None) for seat_view in seats],
    }


def _deck(floor: int, count: int) -> Spot:
    words = i18n.gettext("floor %(floor)s: %(count)s") % {"floor": floor, "count": count}
    if count:
        return Spot(f"deck-f{floor}", words, _back(floor, count))
    return Spot(f"deck-f{floor}", words, Markup(""), empty=True)


def _slot(key: str, where: str, face: dict[str, Any] | None, empty: str) -> Spot:
    drawn = card(face)
    if drawn is None:
        return Spot(key, f"{where}: {empty}", Markup(""), empty=True)
    return Spot(key, f"{where}: {drawn.words}", drawn.svg, card=drawn.id)


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


def _pile(name: str, count: int, decisions: _Decisions) -> Pile:
    """A character pile: its token, how many cards are left, the visit or removal it offers."""
    action, words = decisions.characters.get(name, (None, None))
    title = _character(name)
    left = i18n.ngettext("%(character)s: %(num)s card left", "%(character)s: %(num)s cards left", count)
    return Pile(f"pile-{name}", left % {"character": title, "num": count}, _token(name), title, count, action, words)


def _seat(seat_view: dict[str, Any], view: dict[str, Any], decisions: _Decisions | None) -> SeatArea:
    """One player's area; `decisions` only for the viewer's own seat."""
    seat = seat_view["seat"]
    prefix = f"s{seat}"
    pending = set(view.get("pending_houses", [])) if view.get("turn") == seat else set()
    hand = seat_view.get("hand")
    floors = {face.get("id"): face.get("floor") for face in hand or ()}
    houses = [_house(prefix, house, pending, decisions, floors) for house in seat_view.get("houses", [])]
    floors_held = seat_view.get("hand_floors", {})
    coins, tokens = int(seat_view.get("coins", 0)), int(seat_view.get("tokens", 0))
    return SeatArea(
        seat=seat,
        prefix=prefix,
        mine=decisions is not None,
        on_turn=view.get("turn") == seat,
        starts=view.get("start_player") == seat,
        coins=coins,
        coins_words=i18n.ngettext("%(num)s coin", "%(num)s coins", coins) % {"num": coins},
        coins_drawing=_coins(coins),
        tokens_words=i18n.ngettext("%(num)s regulatory bonus token", "%(num)s regulatory bonus tokens", tokens)
        % {"num": tokens},
        tokens_drawing=_tokens(tokens, max(TOKENS - tokens, 0)),
        completed=int(seat_view.get("completed", 0)),
        houses=houses,
        hand=None
        if hand is None
        else [
            Held(
                f"{prefix}-hand-{n}",
                drawn,
                decisions is not None and drawn.id in decisions.placeable,
                decisions.returns.get(drawn.id) if decisions else None,
            )
            for n, face in enumerate(hand, start=1)
            if (drawn := card(face)) is not None
        ],
        hand_words=_hand_words(floors_held),
        hand_backs=Markup("").join(_back(int(floor), n) for floor, n in sorted(floors_held.items(), reverse=True) if n),
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


def _house(
    prefix: str,
    house: dict[str, Any],
    pending: set[int],
    decisions: _Decisions | None,
    floors_in_hand: dict[str, int],
) -> House:
    """One house: its three spaces top down, its visitor, and the placements the seat may make on it."""
    column = house["column"]
    floors = house.get("floors", [None, None, None])
    scaffolds = set(house.get("scaffolds", []))
    name = _house_words(column)
    places = decisions.places.get(column, []) if decisions else []
    floor_word = i18n.gettext("floor")
    spaces = []
    for floor in FLOORS:
        face = floors[floor - 1] if floor - 1 < len(floors) else None
        drawn = card(face)
        where = f"{name}, {floor_word} {floor}"
        here = tuple(place for place in places if floors_in_hand.get(place[1]) == floor)
        key = f"{prefix}-h{column}-f{floor}"
        if drawn is not None:
            spaces.append(Spot(key, f"{where}: {drawn.words}", drawn.svg, here, card=drawn.id))
        elif floor in scaffolds:
            spaces.append(Spot(key, f"{where}: {i18n.gettext('scaffold')}", _scaffold(floor), here))
        else:
            spaces.append(Spot(key, f"{where}: {i18n.gettext('empty')}", _PLOTS[floor], here, empty=True))
    visitor = house.get("character")
    waiting = column in pending
    if visitor:
        words = i18n.gettext("visited by the %(character)s") % {"character": _character(visitor)}
        drawing = _visitor(visitor, i18n.current())
    elif waiting:
        words, drawing = i18n.gettext("awaiting a visitor"), _WAITING
    else:
        words, drawing = i18n.gettext("no visitor"), Markup("")
    street = Spot(f"{prefix}-h{column}-visitor", f"{name}: {words}", drawing)
    return House(column, bool(house.get("complete")), spaces, street, waiting)


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

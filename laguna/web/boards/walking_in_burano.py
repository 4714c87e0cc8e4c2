"""The web board of Walking in Burano, drawn from a seat's view: the floor card supply, every player's
five houses (floor cards, scaffolds, visiting characters), coins and character tokens, the viewer's
hand, and the character cards left.

Each colour shows twice, as a colour and as its symbol with the letter that starts the card's id, so
the board reads without colour. The seat's decisions are buttons where they happen: a take under its
supply column, a placement on the house it builds (after picking the card in hand), a visit on the
completed house.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from laguna import i18n
from laguna.core.messages import msg
from laguna.games.walking_in_burano.cards import SHOP_NAMES, SYMBOL_ABBREVIATIONS, SYMBOL_NAMES, Colour
from laguna.games.walking_in_burano.characters import Character
from laguna.games.walking_in_burano.state import Phase

_TAKE = re.compile(r"take c(\d+) f(\d)(?:-(\d))?")
_PLACE = re.compile(r"place (\S+) c(\d+)")
_VISIT = re.compile(r"visit c(\d+) (\S+)")
_RETURN = re.compile(r"return (\S+)")
_REMOVE = re.compile(r"remove (\S+)")
_CHARACTER_LINE = re.compile(r"A\. (?P<character>.+) \(house (?P<house>\d+)\)")


def _colour_mark(name: str) -> str:
    try:
        return Colour(name).symbol
    except ValueError:
        return "?"


def card(card_view: dict[str, Any] | None) -> dict[str, Any] | None:
    """A floor card as the template draws it: colour and its symbol, id, floor, symbols and shop."""
    if card_view is None:
        return None
    colour = str(card_view.get("colour", ""))
    return {
        "colour": colour,
        "mark": _colour_mark(colour),
        "id": card_view.get("id", "?"),
        "floor": card_view.get("floor", "?"),
        "symbols": _symbols(tuple(card_view.get("symbols", {}).items()), i18n.current()),
        "shop": _shop(card_view.get("shop")),
        "shop_points": card_view.get("shop_points", 0),
    }


def _shop(shop: object) -> str | None:
    """A card's shop by its name in the reader's language."""
    if not shop:
        return None
    return i18n.gettext(SHOP_NAMES[shop]) if shop in SHOP_NAMES else str(shop)


@functools.lru_cache(maxsize=1024)
def _symbols(counted: tuple[tuple[str, int], ...], language: str) -> Markup:
    """A card's symbols, each as its two letters and count (with its name in `language`, the one in
    force, for a screen reader); there are few distinct cards, so each is drawn once a language."""
    return Markup("").join(
        Markup('<span class="sym" title="{0}" aria-label="{0} {1}">{2}{1}</span> ').format(
            i18n.gettext(SYMBOL_NAMES[name]) if name in SYMBOL_NAMES else name,
            count,
            SYMBOL_ABBREVIATIONS.get(name, name),
        )
        for name, count in counted
        if count
    )


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board."""

    def __init__(self, actions: Sequence[str]) -> None:
        self.takes: dict[int, list[tuple[str, str]]] = defaultdict(list)
        self.places: dict[int, list[tuple[str, str]]] = defaultdict(list)
        self.visits: dict[int, list[tuple[str, str]]] = defaultdict(list)
        self.returns: dict[str, str] = {}
        self.removes: dict[str, str] = {}
        self.placeable: set[str] = set()
        self.done: str | None = None
        for action in actions:
            if m := _TAKE.fullmatch(action):
                low, high = m.group(2), m.group(3) or m.group(2)
                if low == high:
                    label = i18n.gettext("take floor %(floor)s") % {"floor": low}
                else:
                    label = i18n.gettext("take floors %(low)s–%(high)s") % {"low": low, "high": high}
                self.takes[int(m.group(1))].append((action, label))
            elif m := _PLACE.fullmatch(action):
                self.places[int(m.group(2))].append((action, m.group(1)))
                self.placeable.add(m.group(1))
            elif m := _VISIT.fullmatch(action):
                self.visits[int(m.group(1))].append((action, m.group(2)))
            elif m := _RETURN.fullmatch(action):
                self.returns[m.group(1)] = action
            elif m := _REMOVE.fullmatch(action):
                self.removes[m.group(1)] = action
            elif action == "done":
                self.done = action


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


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place."""
    decisions = _Decisions(actions)
    supply = view.get("supply", {})
    columns = int(supply.get("columns", 0))
    rows = supply.get("rows", {})
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    return {
        "round": view.get("round"),
        "phase": _phase(view.get("phase")),
        "ended_by": i18n.view_text(view.get("ended_by") or ""),
        "columns": [
            {
                "number": column,
                "cards": [card(rows.get(str(floor), [None] * columns)[column - 1]) for floor in (3, 2, 1)],
                "takes": decisions.takes.get(column, []),
            }
            for column in range(1, columns + 1)
        ],
        "decks": sorted(view.get("decks", {}).items()),
        "characters": [
            (name, _character(name), count, decisions.removes.get(name))
            for name, count in view.get("characters", {}).items()
        ],
        "seats": [_seat(seat_view, decisions if seat_view["seat"] == viewer else None) for seat_view in seats],
    }


def _seat(seat_view: dict[str, Any], decisions: _Decisions | None) -> dict[str, Any]:
    """One player's area; `decisions` only for the viewer's own seat."""
    houses = []
    for house in seat_view.get("houses", []):
        column = house["column"]
        floors = house.get("floors", [None, None, None])
        scaffolds = set(house.get("scaffolds", []))
        houses.append(
            {
                "column": column,
                "complete": bool(house.get("complete")),
                "stack": [
                    ("scaffold", floor)
                    if floor in scaffolds
                    else ("card", card(floors[floor - 1] if floor - 1 < len(floors) else None))
                    for floor in (3, 2, 1)
                ],
                "character": _character(house["character"]) if house.get("character") else None,
                "places": decisions.places.get(column, []) if decisions else [],
                "visits": [(action, _character(c)) for action, c in decisions.visits.get(column, [])]
                if decisions
                else [],
            }
        )
    hand = seat_view.get("hand")
    floors_held = seat_view.get("hand_floors", {})
    return {
        "seat": seat_view["seat"],
        "mine": decisions is not None,
        "coins": seat_view.get("coins", 0),
        "tokens": seat_view.get("tokens", 0),
        "completed": seat_view.get("completed", 0),
        "houses": houses,
        "hand": None
        if hand is None
        else [
            {
                "card": card(held),
                "pick": decisions is not None and held.get("id") in decisions.placeable,
                "return": decisions.returns.get(held.get("id", "")) if decisions else None,
            }
            for held in hand
        ],
        "hand_count": sum(floors_held.values()),
        "hand_floors": [(floor, n) for floor, n in sorted(floors_held.items()) if n],
        "done": decisions.done if decisions else None,
    }


def score_line(name: str) -> str:
    """A score sheet line in the reader's language: the character lines name the visitor and its house
    ("A. Woman (house 2)"), the others are fixed words."""
    line = _CHARACTER_LINE.fullmatch(name)
    if line is None:
        return i18n.gettext(name)
    character = msg(line["character"])  # a title the rules mark for the catalogues
    return i18n.translate(msg("A. {character} (house {house})", character=character, house=line["house"]))

"""The web board of Walking in Burano, drawn from a seat's view: the floor card supply, every player's
five houses (floor cards, scaffolds, visiting characters), coins and character tokens, the viewer's
hand, and the character cards left.

Each colour shows twice, as a colour and as its symbol with the letter that starts the card's id, so
the board reads without colour. The seat's decisions are buttons where they happen: a take under its
supply column, a placement on the house it builds (after picking the card in hand), a visit on the
completed house.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from laguna.games.walking_in_burano.cards import SYMBOL_ABBREVIATIONS, Colour
from laguna.web.boards import action_button

_TAKE = re.compile(r"take c(\d+) f(\d)(?:-(\d))?")
_PLACE = re.compile(r"place (\S+) c(\d+)")
_VISIT = re.compile(r"visit c(\d+) (\S+)")
_RETURN = re.compile(r"return (\S+)")
_REMOVE = re.compile(r"remove (\S+)")


def _colour_mark(name: str) -> str:
    try:
        return Colour(name).symbol
    except ValueError:
        return "?"


def card(card_view: dict[str, Any] | None, *, extra: Markup | None = None) -> Markup:
    """A floor card: colour (and its symbol), id, floor, symbols and shop."""
    if card_view is None:
        return Markup('<div class="card empty" aria-label="empty">·</div>')
    colour = str(card_view.get("colour", ""))
    symbols = Markup("").join(
        Markup('<span class="sym" title="{0}" aria-label="{0} {1}">{2}{1}</span> ').format(
            name.replace("_", " "), count, SYMBOL_ABBREVIATIONS.get(name, name)
        )
        for name, count in card_view.get("symbols", {}).items()
        if count
    )
    shop = ""
    if card_view.get("shop"):
        shop = Markup('<span class="shop" title="shop">{} {}</span>').format(
            card_view["shop"], card_view.get("shop_points", 0)
        )
    return Markup(
        '<div class="card colour-{0}" data-card="{1}" title="{0} floor {2}">'
        '<span class="card-id">{3}{1}</span> <span class="floor">F{2}</span>'
        '<div class="symbols">{4}{5}</div>{6}</div>'
    ).format(
        colour, card_view.get("id", "?"), card_view.get("floor", "?"), _colour_mark(colour), symbols, shop, extra or ""
    )


def render(view: dict[str, Any], actions: Sequence[str]) -> Markup:
    takes: dict[int, list[tuple[str, str]]] = defaultdict(list)
    places: dict[int, list[tuple[str, str]]] = defaultdict(list)
    visits: dict[int, list[tuple[str, str]]] = defaultdict(list)
    returns: dict[str, str] = {}
    removes: dict[str, str] = {}
    placeable: set[str] = set()
    done = None
    for action in actions:
        if m := _TAKE.fullmatch(action):
            low, high = m.group(2), m.group(3) or m.group(2)
            label = f"take floor {low}" if low == high else f"take floors {low}–{high}"
            takes[int(m.group(1))].append((action, label))
        elif m := _PLACE.fullmatch(action):
            places[int(m.group(2))].append((action, m.group(1)))
            placeable.add(m.group(1))
        elif m := _VISIT.fullmatch(action):
            visits[int(m.group(1))].append((action, m.group(2)))
        elif m := _RETURN.fullmatch(action):
            returns[m.group(1)] = action
        elif m := _REMOVE.fullmatch(action):
            removes[m.group(1)] = action
        elif action == "done":
            done = action
    parts = [_status(view), _supply(view, takes), _characters(view, removes)]
    viewer = view.get("viewer")
    for seat_view in _seats_viewer_first(view):
        mine = seat_view["seat"] == viewer
        parts.append(
            _seat(
                view, seat_view, mine=mine, places=places if mine else {}, visits=visits if mine else {},
                returns=returns if mine else {}, placeable=placeable if mine else set(), done=done if mine else None,
            )
        )  # fmt: skip
    return Markup('<div class="board wib">{}</div>').format(Markup("").join(parts))


def _status(view: dict[str, Any]) -> Markup:
    ended = view.get("ended_by")
    line = f"Round {view.get('round')}, phase: {view.get('phase')}"
    if ended:
        line += f" — the game ended: {ended}"
    return Markup('<p class="status">{}</p>').format(line)


def _supply(view: dict[str, Any], takes: dict[int, list[tuple[str, str]]]) -> Markup:
    supply = view.get("supply", {})
    columns = int(supply.get("columns", 0))
    rows = supply.get("rows", {})
    decks = view.get("decks", {})
    cells = []
    for column in range(1, columns + 1):
        stacked = Markup("").join(card(rows.get(str(floor), [None] * columns)[column - 1]) for floor in (3, 2, 1))
        buttons = Markup("").join(action_button(a, label, css="take") for a, label in takes.get(column, []))
        cells.append(
            Markup(
                '<div class="supply-column" data-column="{}"><h4>column {}</h4>{}<div class="choices">{}</div></div>'
            ).format(column, column, stacked, buttons)
        )
    deck_line = ", ".join(f"floor {floor}: {count}" for floor, count in sorted(decks.items()))
    return Markup('<section class="supply"><h3>Floor card supply</h3><p class="decks">Decks — {}</p>'
                  '<div class="supply-grid">{}</div></section>').format(deck_line, Markup("").join(cells))  # fmt: skip


def _characters(view: dict[str, Any], removes: dict[str, str]) -> Markup:
    items = []
    for name, count in view.get("characters", {}).items():
        button = action_button(removes[name], "remove", css="remove") if name in removes else Markup("")
        items.append(Markup('<li data-character="{0}">{0} ×{1} {2}</li>').format(name, count, button))
    return Markup('<section class="characters"><h3>Character cards left</h3><ul>{}</ul></section>').format(
        Markup("").join(items)
    )


def _seats_viewer_first(view: dict[str, Any]) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = list(view.get("seats", []))
    viewer = view.get("viewer")
    return sorted(seats, key=lambda s: (s["seat"] != viewer, s["seat"]))


def _seat(
    view: dict[str, Any],
    seat_view: dict[str, Any],
    *,
    mine: bool,
    places: dict[int, list[tuple[str, str]]],
    visits: dict[int, list[tuple[str, str]]],
    returns: dict[str, str],
    placeable: set[str],
    done: str | None,
) -> Markup:
    seat = seat_view["seat"]
    houses = []
    for house in seat_view.get("houses", []):
        column = house["column"]
        floors = house.get("floors", [None, None, None])
        scaffolds = set(house.get("scaffolds", []))
        stacked = []
        for floor in (3, 2, 1):
            if floor in scaffolds:
                stacked.append(Markup('<div class="card scaffold" title="scaffold">scaffold F{}</div>').format(floor))
            else:
                stacked.append(card(floors[floor - 1] if floor - 1 < len(floors) else None))
        buttons = Markup("").join(
            action_button(a, Markup("place {} here").format(c), css="place", pick=c) for a, c in places.get(column, [])
        )
        buttons += Markup("").join(
            action_button(a, Markup("{} visits").format(c), css="visit") for a, c in visits.get(column, [])
        )
        character = house.get("character")
        visitor = Markup('<p class="visitor">visited by the {}</p>').format(character) if character else ""
        done_mark = " complete" if house.get("complete") else ""
        houses.append(
            Markup(
                '<div class="house{}" data-house="{}"><h4>house {}{}</h4>{}{}<div class="choices">{}</div></div>'
            ).format(done_mark, column, column, " ✔" if done_mark else "", Markup("").join(stacked), visitor, buttons)
        )
    hand = seat_view.get("hand")
    if hand is None:
        floors_held = seat_view.get("hand_floors", {})
        count = sum(floors_held.values())
        detail = ", ".join(f"{n}× floor {f}" for f, n in sorted(floors_held.items()) if n)
        hand_html = Markup('<p class="hand hidden-hand">{} card{} in hand{}</p>').format(
            count, "" if count == 1 else "s", f" ({detail})" if detail else ""
        )
    else:
        cards = []
        for held in hand:
            card_id = held.get("id", "")
            extra = Markup("")
            if card_id in placeable:
                extra += Markup('<button type="button" class="pick" data-pick="{0}">place {0}…</button>').format(
                    card_id
                )
            if card_id in returns:
                extra += action_button(returns[card_id], Markup("return {}").format(card_id), css="return")
            cards.append(card(held, extra=extra))
        hand_html = Markup('<div class="hand"><h4>Your hand</h4><div class="hand-cards">{}</div></div>').format(
            Markup("").join(cards) or Markup("<p>empty</p>")
        )
    done_html = action_button(done, "done placing", css="done") if done else Markup("")
    title = "You" if mine else f"Seat {seat + 1}"
    return Markup(
        '<section class="player{}" data-seat="{}"><h3>{} — {} coins, {} character tokens, {} houses complete</h3>'
        '{}<div class="houses">{}</div>{}</section>'
    ).format(
        " mine" if mine else "", seat, title, seat_view.get("coins", 0), seat_view.get("tokens", 0),
        seat_view.get("completed", 0), hand_html, Markup("").join(houses), done_html,
    )  # fmt: skip

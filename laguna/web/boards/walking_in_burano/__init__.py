"""The web board of Walking in Burano, drawn from a seat's view: the floor supply (the three decks and
their rows of floor cards), the character card piles, and every player's house area, five houses built
of stacked façades with their scaffolds and visitors, with coins, regulatory bonus tokens and hand,
each drawn by its own module.

The seat's decisions sit where they happen (`decisions`).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from laguna import i18n
from laguna.core.messages import msg
from laguna.games.walking_in_burano.position import PLACEMENT_COSTS, Phase
from laguna.web.boards.walking_in_burano.decisions import (
    _CHARACTER_LINE,
    _Decisions,
    _phase,
    label,
)
from laguna.web.boards.walking_in_burano.drawing import (
    _SCAFFOLD,
    FLOORS,
    _character,
    _Drawn,
    _face_key,
    _said,
)
from laguna.web.boards.walking_in_burano.house_area import Floor, _hand_words, _head, _held, _house
from laguna.web.boards.walking_in_burano.supply import _deck, _pile, _slot

__all__ = ["board", "label", "pieces", "score_line"]


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

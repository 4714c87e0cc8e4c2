"""The web board of Walking in Burano Roll & Write, drawn from a seat's view: the dice stand with the
boats on the canal, every player's game sheet (circled symbols with the numbers written under them,
the characters invited under the buildings), each record sheet's coins, and the viewer's own secret
invitation decision.

Each colour shows twice, as a colour and as its mark with the building's letter, so the board reads
without colour. The seat's decisions are buttons where they happen: a boat beside its die, a circle on
the symbol it circles (the die's own number at once, other numbers after picking the symbol), an
invitation in the character space under its building (after picking the character), the flip and
the coin beside the viewer's record sheet.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from laguna import i18n
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.sheets import DieColour
from laguna.games.burano_roll_and_write.state import change_cost

_BOAT = re.compile(r"boat (\w+)")
_CIRCLE = re.compile(r"circle (\S+) ([1-6])")
_INVITE = re.compile(r"invite ([A-J]) (\w+)(?: f([1-3]))?")

_COLOURS = {colour.value: colour for colour in DieColour}
_TITLES = {character.value: character.title for character in Character}


def _mark(colour: str) -> str:
    """The colour's printable mark (``?`` for a colour the board does not know)."""
    known = _COLOURS.get(colour)
    return known.symbol if known else "?"


def _letter(colour: str) -> str:
    known = _COLOURS.get(colour)
    return known.letter if known else "?"


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board."""

    def __init__(self, actions: Sequence[str]) -> None:
        self.boats: dict[str, str] = {}
        self.circles: dict[str, list[tuple[str, int]]] = defaultdict(list)
        self.invites: dict[str, list[tuple[str, str, int | None]]] = defaultdict(list)
        self.inviting: set[str] = set()
        self.flip: str | None = None
        self.coin: str | None = None
        for action in actions:
            if m := _BOAT.fullmatch(action):
                self.boats[m.group(1)] = action
            elif m := _CIRCLE.fullmatch(action):
                self.circles[m.group(1)].append((action, int(m.group(2))))
            elif m := _INVITE.fullmatch(action):
                floor = int(m.group(3)) if m.group(3) else None
                self.invites[m.group(2)].append((action, m.group(1), floor))
                self.inviting.add(m.group(1))
            elif action == "flip":
                self.flip = action
            elif action == "coin":
                self.coin = action


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place."""
    decisions = _Decisions(actions)
    phase = view.get("phase")
    draft = view.get("draft") or {}
    drafting = phase in ("boat", "use")
    die = draft.get("die") if phase == "use" else None
    dice: dict[str, Any] = view.get("dice") or {}
    canal: dict[str, Any] = view.get("canal") or {}
    spectators = set(view.get("spectators") or [])
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    die_value = dice.get(die) if die else None
    index = draft.get("index")
    return {
        "viewer": viewer,
        "round": view.get("round"),
        "final_round": view.get("final_round"),
        "phase": phase,
        "ended_by": view.get("ended_by"),
        "solo": bool(view.get("solo")),
        "turn_player": view.get("turn_player"),
        "acting": draft.get("seat") if drafting else None,
        "die": None if die is None else {"colour": die, "mark": _mark(die), "value": die_value},
        "order": [
            {"seat": seat, "now": drafting and position == index, "past": drafting and position < (index or 0)}
            for position, seat in enumerate(draft.get("order") or [])
        ]
        if drafting
        else [],
        "dice": [
            {
                "colour": colour,
                "mark": _mark(colour),
                "value": value,
                "in_use": colour == die,
                "boats": list(canal.get(colour, [])),
                "spectator": colour in spectators,
                "boat": decisions.boats.get(colour),
            }
            for colour, value in dice.items()
        ],
        "coin_track": int(view.get("coin_track") or 0),
        "seats": [
            _seat(
                seat_view,
                view,
                decisions if seat_view["seat"] == viewer else None,
                die if seat_view["seat"] == draft.get("seat") else None,
                die_value,
            )
            for seat_view in seats
        ],
    }


def _seat(
    seat_view: dict[str, Any],
    view: dict[str, Any],
    decisions: _Decisions | None,
    die: str | None,
    die_value: int | None,
) -> dict[str, Any]:
    """One player's game sheet and record sheet; `decisions` only for the viewer's own seat, `die` only
    for the seat using it."""
    sheet = seat_view.get("sheet") or {}
    circled: dict[str, int | None] = dict(seat_view.get("circled") or {})
    invited = {str(c.get("building")): c for c in seat_view.get("characters", [])}
    floors: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for symbol in sheet.get("symbols", []):
        floors[(str(symbol["building"]), int(symbol["floor"]))].append(symbol)
    numbers = sorted({floor for _, floor in floors} | {1, 2, 3}, reverse=True)
    buildings = []
    for colour in (str(b) for b in sheet.get("buildings", [])):
        character = invited.get(colour)
        buildings.append(
            {
                "colour": colour,
                "mark": _mark(colour),
                "letter": _letter(colour),
                "in_use": colour == die,
                "floors": [
                    (
                        floor,
                        [_symbol(s, circled, decisions, die_value) for s in floors[(colour, floor)]],
                    )
                    for floor in numbers
                ],
                "character": None
                if character is None
                else {
                    "letter": character.get("letter"),
                    "title": i18n.view_text(character.get("title") or _TITLES.get(str(character.get("letter")), "")),
                    "floor": character.get("floor"),
                },
                "invites": decisions.invites.get(colour, []) if decisions else [],
            }
        )
    letters = {str(c.get("letter")) for c in invited.values()}
    gained, spent, filled = int(seat_view.get("gained", 0)), int(seat_view.get("spent", 0)), seat_view.get("filled", 0)
    track = int(view.get("coin_track") or 0)
    return {
        "seat": seat_view["seat"],
        "mine": decisions is not None,
        "layout": seat_view.get("layout") or sheet.get("name"),
        "coins": seat_view.get("coins", 0),
        "gained": gained,
        "spent": spent,
        "filled": filled,
        "record": _record(track, gained, spent, int(filled)),
        "boats": [(colour, _mark(colour)) for colour in seat_view.get("boats", [])],
        "flipped": seat_view.get("flipped", 0),
        "decided": bool(seat_view.get("decided")),
        "decision": seat_view.get("decision"),
        "buildings": buildings,
        "to_invite": [
            (letter, i18n.gettext(title), decisions is not None and letter in decisions.inviting)
            for letter, title in _TITLES.items()
            if letter not in letters
        ],
        "flip": decisions.flip if decisions else None,
        "coin": decisions.coin if decisions else None,
    }


def _symbol(
    symbol: dict[str, Any], circled: dict[str, int | None], decisions: _Decisions | None, die_value: int | None
) -> dict[str, Any]:
    """A symbol with what is written under it and the circles the viewer may draw on it: the die's own
    number free, the others behind a pick, each with its cost in coins."""
    symbol_id = str(symbol.get("id", "?"))
    options = decisions.circles.get(symbol_id, []) if decisions else []
    costs = [(action, value, 0 if die_value is None else change_cost(die_value, value)) for action, value in options]
    return {
        "id": symbol_id,
        "kind": symbol.get("kind"),
        "number": symbol.get("number"),
        "coin": bool(symbol.get("coin")),
        "circled": symbol_id in circled,
        "written": circled.get(symbol_id),
        "free": [(action, value) for action, value, cost in costs if cost == 0],
        "paid": [option for option in costs if option[2]],
    }


def _record(track: int, gained: int, spent: int, filled: int) -> list[str]:
    """The record sheet's coin spaces in order: ``spent`` (crossed out), ``coin`` (circled, still to
    spend), ``open``, and ``filled`` from the far end (solo)."""
    spaces = ["spent"] * min(spent, track) + ["coin"] * max(0, min(gained, track) - spent)
    spaces += ["open"] * max(0, track - len(spaces) - filled)
    return spaces + ["filled"] * (track - len(spaces))

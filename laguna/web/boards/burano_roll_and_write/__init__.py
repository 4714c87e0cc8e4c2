"""The web board of Walking in Burano Roll & Write, drawn from a seat's view as the table looks: the
dice stand with its six dice and the canal where the boats lie beside them, the round and the turn
player marker, and every player's game sheet marked as a pen marks paper, with its record sheet, each
drawn by its own module.

Each colour shows twice, as a colour and as its mark with the building's letter, so the board reads
without colour; the seat's decisions lie on what they change (`decisions`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from laguna.games.burano_roll_and_write.decorations import WRITTEN
from laguna.web.boards.burano_roll_and_write.decisions import (
    _TITLES,
    _Decisions,
    _die_name,
    _key,
    label,
)
from laguna.web.boards.burano_roll_and_write.dice import (
    _decision,
    _dice,
    _Stand,
    boat,
)
from laguna.web.boards.burano_roll_and_write.sheet import (
    _seat,
)

__all__ = ["board", "label", "pieces"]


def pieces(view: dict[str, Any]) -> dict[str, Hashable]:
    """Every piece the board draws, by key: the round marker, the turn player marker, the phase (with
    who acts and the die in use), the draft order's steps, each die and each boat on the canal; per
    seat ``s<n>-``: its boats, its record sheet, each symbol of its sheet (by id), each building (lit
    while its die is used), each character space, each character card and, while the invitation
    lasts, its decision."""
    phase = view.get("phase")
    draft = view.get("draft") or {}
    drafting = phase in ("boat", "use")
    die = draft.get("die") if phase == "use" else None
    drawn: dict[str, Hashable] = {
        "round": (view.get("round"), view.get("final_round")),
        "turn": view.get("turn_player"),
        "phase": (phase, view.get("ended_by"), draft.get("seat") if drafting else None, die),
    }
    if drafting:
        index = draft.get("index") or 0
        for position, seat in enumerate(draft.get("order") or []):
            drawn[f"order-{position}"] = (seat, _step(position, index))
    spectators = set(view.get("spectators") or [])
    for colour, value in (view.get("dice") or {}).items():
        drawn[f"die-{colour}"] = (value, colour == die)
        boats = list((view.get("canal") or {}).get(colour, []))
        if colour in spectators:
            drawn[f"canal-{colour}-spectator"] = True
        for number, seat in enumerate(boats, start=1 + (colour in spectators)):
            drawn[f"canal-{colour}-{number}"] = seat
    for seat_view in view.get("seats", []):
        prefix = f"s{seat_view['seat']}-"
        using = die if seat_view["seat"] == draft.get("seat") else None
        drawn[prefix + "boats"] = (tuple(seat_view.get("boats") or ()), int(seat_view.get("flipped") or 0))
        drawn[prefix + "coins"] = (
            int(seat_view.get("gained") or 0),
            int(seat_view.get("spent") or 0),
            int(seat_view.get("filled") or 0),
        )
        circled = seat_view.get("circled") or {}
        sheet = seat_view.get("sheet") or {}
        for symbol in sheet.get("symbols", []):
            symbol_id = str(symbol.get("id"))
            written = circled.get(symbol_id) if symbol.get("kind") in WRITTEN else None
            drawn[prefix + _key(symbol_id)] = (symbol_id in circled, written)
        invited = {str(c.get("building")): c for c in seat_view.get("characters", [])}
        for colour in sheet.get("buildings", []):
            drawn[f"{prefix}house-{colour}"] = colour == using
            character = invited.get(colour)
            drawn[f"{prefix}space-{colour}"] = (
                None if character is None else (character.get("letter"), character.get("floor"))
            )
        letters = {str(c.get("letter")) for c in invited.values()}
        for letter in _TITLES:
            drawn[f"{prefix}card-{_key(letter)}"] = letter in letters
        if phase == "invite":
            drawn[prefix + "invitation"] = (bool(seat_view.get("decided")), seat_view.get("decision"))
    return drawn


def _step(position: int, index: int) -> str:
    return "past" if position < index else "now" if position == index else "next"


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place."""
    decisions = _Decisions(actions)
    phase = view.get("phase")
    draft = view.get("draft") or {}
    drafting = phase in ("boat", "use")
    die = draft.get("die") if phase == "use" else None
    dice: dict[str, Any] = view.get("dice") or {}
    viewer = view.get("viewer")
    seats = sorted(view.get("seats", []), key=lambda s: (s["seat"] != viewer, s["seat"]))
    die_value = dice.get(die) if die else None
    index = draft.get("index") or 0
    final_round = view.get("final_round")
    return {
        "viewer": viewer,
        "round": view.get("round"),
        "final_round": final_round,
        "last_round": final_round is not None and final_round == view.get("round"),
        "phase": phase,
        "ended_by": view.get("ended_by"),
        "turn_player": view.get("turn_player"),
        "acting": draft.get("seat") if drafting else None,
        "die": None if die is None else {"value": die_value, "name": _die_name(die)},
        "order": [
            {"key": f"order-{position}", "seat": seat, "step": _step(position, index), "boat": boat(seat)}
            for position, seat in enumerate(draft.get("order") or [])
        ]
        if drafting
        else [],
        "stand": _Stand(_dice(view, decisions, die, viewer)),
        "flip": decisions.flip,
        "flipped": boat(viewer) if decisions.flip and viewer is not None else None,
        "coin": decisions.coin,
        "decision": _decision(view),
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

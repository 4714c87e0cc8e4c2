"""The web board of Burano, drawn from a seat's view: the action board and the rounds track, the main
island, the lagoon with the neighbouring islands, the ports, the sailing routes and the boats, the
lace workshops, the supplies, and every player's board (schedule ring with its time wheel, cube
pyramid, preparation area, cube reserve, roof spaces, tracks, fish and building cards), each drawn by
its own module.

A decision sits on the piece it is about (`decisions`); a piece with one decision is pressed to take
it, a piece with several is picked first, and its choices show beside the area.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from markupsafe import Markup

from laguna import i18n
from laguna.games.burano.position import PREPARATION_SPACES
from laguna.games.burano.pyramid import SLOT_NAMES
from laguna.web.boards.burano.action_board import _action_space, _headline, _pending, _phase
from laguna.web.boards.burano.decisions import (
    _buttons,
    _Decisions,
    label,
)
from laguna.web.boards.burano.drawing import (
    draw,
)
from laguna.web.boards.burano.lagoon import _waters
from laguna.web.boards.burano.main_island import (
    _main_island,
)
from laguna.web.boards.burano.player_board import (
    _reserve,
    _seat,
)
from laguna.web.boards.burano.supplies import (
    _supplies,
)
from laguna.web.boards.burano.words import (
    _words,
)
from laguna.web.boards.burano.workshops import _workshops

__all__ = ["board", "label", "pieces"]


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place: the drawn pieces of each
    area (drawn here, where it is many times faster than in a template), each under its key, and the
    words around them. Pieces are kept by what they show and the language, so that a position drawn
    again, for another seat or after a decision elsewhere, reuses them."""
    language = i18n.current()
    phase = str(view.get("phase", ""))
    decisions = _Decisions(actions, phase)
    viewer = view.get("viewer")
    seats_view: list[dict[str, Any]] = view.get("seats", [])
    by_seat = {int(s["seat"]): s for s in seats_view}
    own = by_seat.get(viewer) if viewer is not None else None
    over = phase == "game over"
    phase_label, phase_text = _phase(phase, view.get("ended_by") if over else None, language)
    model: dict[str, Any] = {
        "words": _words(language),
        "draw": draw,
        "headline": (
            _headline(
                str(view.get("season", "")), view.get("round"), view.get("season_turn"), view.get("turns"), language
            ),
        ),
        "phase_label": phase_label,
        "phase_text": phase_text,
        "decides": None if over else view.get("actor"),
        "viewer": viewer,
        "building": [n for n, s in sorted(by_seat.items()) if not s.get("pyramid_ready")]
        if phase == "cube pyramid construction"
        else [],
        "pending": (_pending(view, phase),),
        "action_board": [
            _action_space(index, str(space), tuple(colours), language)
            for index, (space, colours) in enumerate((view.get("action_board") or {}).items(), 1)
        ],
    }
    model |= _main_island(view, decisions, language)
    model |= _waters(view, decisions, str(own.get("boat")) if own else None, language)
    model |= _workshops(view, decisions, language)
    model |= _supplies(view, decisions, language)
    ordered = sorted(seats_view, key=lambda s: (s["seat"] != viewer, s["seat"]))
    model["seats"] = [_seat(s, view, decisions if s["seat"] == viewer else None, language) for s in ordered]
    model["other"] = decisions.rest()
    model["other_buttons"] = Markup(_buttons(model["other"]))
    model["island_controls"] = decisions.controls("island")
    model["waters_controls"] = decisions.controls("waters", model.pop("waters_buttons"))
    model["workshop_controls"] = decisions.controls("workshops", model.pop("workshop_buttons"))
    model["supply_controls"] = decisions.controls("supplies", model.pop("supply_buttons"))
    for seat in model["seats"]:
        seat["controls"] = decisions.controls("seat" if seat["mine"] else "", seat.pop("buttons"))
    return model


def pieces(view: dict[str, Any]) -> dict[str, Hashable]:
    """Every piece the board draws, by its key, with what it shows."""
    drawn: dict[str, Hashable] = {
        "round": (view.get("season"), view.get("round"), view.get("season_turn")),
        "phase": (
            view.get("phase"),
            view.get("actor"),
            tuple(int(s["seat"]) for s in view.get("seats", []) if not s.get("pyramid_ready"))
            if view.get("phase") == "cube pyramid construction"
            else (),
            view.get("ended_by"),
        ),
        "pending": _frozen(view.get("pending") or {}),
        "start-player": view.get("start_player"),
    }
    for space, colours in (view.get("action_board") or {}).items():
        drawn[f"action-{space.replace(' ', '-')}"] = tuple(colours)
    island = view["main_island"]
    houses = island.get("houses", {})
    for name in island.get("pits", []):
        stack = houses.get(name) or {}
        drawn[f"sq-{name}"] = (tuple(stack.get("cubes", [])), tuple(stack.get("roofs", [])))
    for roof in island.get("roof_tiles", []):
        drawn[f"roof-{roof['first']}-{roof['second']}"] = (roof["tile"], roof["floor"])
    drawn["removed-roofs"] = tuple(view.get("removed_roofs", []))
    for name, isle in (view.get("islands") or {}).items():
        drawn[f"isle-{name.lower()}-docks"] = tuple(isle.get("docks", []))
        drawn[f"isle-{name.lower()}-workers"] = tuple(isle.get("workers", []))
    for name, ships in (view.get("ports") or {}).items():
        drawn[f"port-{name}"] = tuple(ships)
    for name, square in (view["workshops"].get("squares") or {}).items():
        drawn[f"ws-{name}"] = (square["colour"], bool(square.get("coin")), square.get("worker"))
    for colour, count in (view.get("cube_supply") or {}).items():
        drawn[f"supply-{colour}"] = count
    for kind, count in (view.get("roof_stacks") or {}).items():
        drawn[f"stack-{kind}"] = count
    for k, kind in enumerate(view.get("fish_supply", [])):
        drawn[f"fish-{k + 1}"] = kind
    drawn["fish-deck"] = view.get("fish_deck", 0)
    for k, card in enumerate(view.get("building_supply", [])):
        drawn[f"card-{k + 1}"] = card
    drawn["card-deck"] = view.get("building_deck", 0)
    for seat in view.get("seats", []):
        drawn.update(_seat_pieces(seat))
    return drawn


def _seat_pieces(seat: dict[str, Any]) -> dict[str, Hashable]:
    s = f"s{seat['seat']}"
    ring = seat.get("ring") or {}
    drawn: dict[str, Hashable] = {
        f"{s}-coins": seat.get("coins", 0),
        f"{s}-vp": (seat.get("vp", 0), _frozen(seat.get("vp_by_source") or {})),
        f"{s}-privilege": seat.get("privilege", 0),
        f"{s}-moves": seat.get("moves", 0),
        f"{s}-boat": seat.get("boat"),
        f"{s}-ring": (ring.get("arrows"), ring.get("workers")),
        f"{s}-hand": (_frozen(seat.get("hand") or {}), seat.get("hidden_fish", 0), _frozen(seat.get("from_deck"))),
        f"{s}-sold": _frozen(seat.get("sold") or {}),
        f"{s}-cards": tuple(seat.get("cards", [])),
    }
    pyramid = seat.get("pyramid")
    decided = int(seat.get("pyramid_slots_decided", 0))
    for slot, name in enumerate(SLOT_NAMES):
        drawn[f"{s}-slot-{name}"] = ("secret" if slot < decided else None) if pyramid is None else pyramid[slot]
    preparation = list(seat.get("preparation", []))
    for k in range(PREPARATION_SPACES):
        drawn[f"{s}-prep-{k + 1}"] = preparation[k] if k < len(preparation) else None
    drawn[f"{s}-reserve"] = tuple(_reserve(seat))
    roofs = list(seat.get("roofs", []))
    for k in range(max(3, len(roofs))):
        drawn[f"{s}-roof-{k + 1}"] = roofs[k] if k < len(roofs) else None
    return drawn


def _frozen(value: Any) -> Hashable:
    """A view's value made hashable, in the same order."""
    if isinstance(value, dict):
        return tuple((key, _frozen(item)) for key, item in value.items())
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value  # type: ignore[no-any-return]

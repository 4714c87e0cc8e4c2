"""The web board of Murano, drawn from a seat's view: the lagoon as the loop of 18 action spaces with
its ships (the tile stacks, decks and bag in the harbour inside the loop), the islands as maps of
their spaces with the tiles built on them and their gondolas, the cards drawn, and every player's
gold, victory points, gondoliers, bought tiles, cards and glass beads, each drawn by its own module.

No colour shows by colour alone: player colours carry two letters (Or, Gy, Br, Wh), customer and shop
colours a capital (R, B, G), glass beads a capital on the bead, the red ship a pennant. The seat's
decisions are buttons on what they act on (`decisions`); a building tile is picked before the space it
goes on.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from markupsafe import Markup

from laguna import i18n
from laguna.web.boards.murano.decisions import (
    PHASES,
    _button,
    _Decisions,
    draw_act,
    draw_choices,
    label,
)
from laguna.web.boards.murano.islands import (
    _drawn,
    _island,
    _seen,
    _street,
    _tile_of,
    _tile_value,
    draw_islands,
)
from laguna.web.boards.murano.lagoon import (
    _spaces,
    draw_bag,
    draw_lagoon,
    draw_stacks,
)
from laguna.web.boards.murano.pictures import (
    held_svg,
)
from laguna.web.boards.murano.players import (
    _seat,
    draw_players,
)
from laguna.web.boards.murano.words import (
    tile_name,
)
from laguna.web.templating import ENVIRONMENT

__all__ = ["board", "label", "pieces"]

STACKS = ("streets", "shops", "palaces", "factories", "specials", "characters", "special_cards")
"""The view's tile stacks and decks, in the order the harbour shows them."""


def board(view: dict[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """The board model of `view` with the seat's decisions `actions` in place; the repeated pieces
    (action spaces, stacks, island spaces, gondolas, the players' areas) as what they show, for the
    drawing functions below to draw."""
    phase = view.get("phase")
    decisions = _Decisions(actions, phase == "choose the ship to move")
    in_view = view.get("seats", [])
    colours = {int(seat["seat"]): str(seat.get("colour", "?")) for seat in in_view}
    viewer = view.get("viewer")
    seats = sorted(in_view, key=lambda s: (s["seat"] != viewer, s["seat"]))
    islands = view.get("islands", [])
    stacks = view.get("stacks", {})
    final_tile = view.get("final_tile")
    model = {
        "players": view.get("players"),
        "board_side": view.get("board_side"),
        "phase": phase,
        "phase_words": Markup(i18n.gettext(phase)) if phase in PHASES else phase,
        "actor": view.get("actor"),
        "viewer": viewer,
        "turns": int(view.get("turns", 0)),
        "start_player": view.get("start_player"),
        "triggered_by": view.get("triggered_by"),
        "last_turns": list(view.get("last_turns", [])),
        "ended_by": view.get("ended_by"),
        "target": view.get("target") or None,
        "built": view.get("built", 0),
        "spaces": _spaces(view, decisions),
        "lighthouse": decisions.take("lighthouse"),
        "islands": [_island(island, colours, decisions) for island in islands],
        "island_names": {island["id"]: island.get("name", island["id"]) for island in islands},
        "stacks": [
            {"name": name, "count": stacks[name], "decisions": decisions.take("stack", name)}
            for name in STACKS
            if name in stacks
        ],
        "looking": view.get("looking"),
        "seen": _seen(view, decisions),
        "final_tile": final_tile,
        "final_svg": held_svg(str(final_tile)) if final_tile else None,
        "final_name": tile_name(str(final_tile)) if final_tile else None,
        "street": _street(view),
        "bag": tuple((view.get("bag") or {}).items()),
        "drawn": _drawn(view, decisions),
        "decline": decisions.take("decline"),
        "done": decisions.take("done"),
        "build_tiles": [_tile_of(tile) for tile in decisions.build_tiles],
        "seats": [_seat(seat, view, colours, decisions if seat["seat"] == viewer else None) for seat in seats],
    }
    model["other"] = decisions.rest()
    names = model["island_names"]
    phase_text = str(phase)
    for decision in decisions.all:
        decision["text"], decision["css"] = _button(decision, phase_text, names)
    return model


ENVIRONMENT.globals |= {
    "murano_lagoon": draw_lagoon,
    "murano_stacks": draw_stacks,
    "murano_bag": draw_bag,
    "murano_islands": draw_islands,
    "murano_players": draw_players,
    "murano_act": draw_act,
    "murano_choices": draw_choices,
}
"""The template draws the layout and calls these for the pieces."""


def pieces(view: dict[str, Any]) -> dict[str, Hashable]:
    """Every piece the board draws for `view`, by the key it carries, with what it shows."""
    drawn: dict[str, Hashable] = {}
    for space in view.get("action_spaces", []):
        drawn[f"space-{space['number']}"] = (
            int(space["ships"]),
            bool(space["red"]),
            view.get("target") == space["number"],
        )
    for name, count in (view.get("stacks") or {}).items():
        drawn["stack-" + name.replace("_", "-")] = count
    for colour, count in (view.get("bag") or {}).items():
        drawn[f"bag-{colour}"] = count
    if view.get("seen") is not None:
        drawn["seen"] = tuple(view["seen"])
    if view.get("street") is not None:
        drawn["street-drawn"] = (view["street"], tuple(view.get("street_customers") or ()))
    if view.get("final_tile"):
        drawn["final-tile"] = view["final_tile"]
    hand = view.get("drawn")
    if hand:
        for index, card in enumerate(hand if isinstance(hand, list) else [None] * int(hand)):
            drawn[f"drawn-{index}"] = card
    for island in view.get("islands", []):
        for space in island["spaces"]:
            if space.get("tile") is not None:
                drawn[f"cell-{space['id']}"] = _tile_value(space["tile"])
        for gondola in island["gondolas"]:
            if gondola.get("seat") is not None:
                drawn[f"gondola-{island['id']}-{gondola['colour']}"] = (gondola["seat"], bool(gondola.get("scored")))
    for seat in view.get("seats", []):
        key = f"s{seat['seat']}"
        drawn[key] = (view.get("start_player") == seat["seat"], view.get("triggered_by") == seat["seat"])
        drawn[f"{key}-gold"] = seat["gold"]
        drawn[f"{key}-vp"] = (seat["vp"], tuple(sorted((seat.get("vp_by_source") or {}).items())))
        drawn[f"{key}-gondoliers"] = seat["gondoliers"]
        drawn[f"{key}-markers"] = seat.get("markers", 0)
        drawn[f"{key}-factories"] = seat["factories"]
        drawn[f"{key}-specials"] = seat["specials"]
        for name in ("shops", "palaces", "characters"):
            held = seat[name]
            drawn[f"{key}-{name}"] = tuple(held) if isinstance(held, list) else held
        drawn[f"{key}-special-cards"] = tuple(seat.get("special_cards", []))
        for bead, count in (seat.get("beads") or {}).items():
            drawn[f"{key}-bead-{bead}"] = count
    return drawn

"""The action Build (rules: The Actions, Build a Street/Glass Factory/Shop/Palace/Special Building):
place up to 3 tiles, a street drawn from the stack on a street space, or a building bought before on a
brown space next to a street. A glass factory brings 1 VP, a shop 2 (both take a marker), a palace 3;
a special building brings a special building card.

The end of the game's special rule: a building bought in a final turn may be placed at once, for free.
"""

from __future__ import annotations

from typing import Final

from laguna.core.game import Event, Seat
from laguna.core.messages import N_, Message, excerpt, msg, msg_plural
from laguna.games.murano.actions import Action, Build, Done, DrawStreet, Place, TakeCard
from laguna.games.murano.components import Building, SpecialEffect
from laguna.games.murano.position import Phase, Position
from laguna.games.murano.rules import special_buildings
from laguna.games.murano.rules.end import check_end, end_turn
from laguna.games.murano.rules.log import name, vp

BUILD_LIMIT: Final = 3
BUILDING_VP: Final = {Building.FACTORY: 1, Building.SHOP: 2, Building.PALACE: 3, Building.SPECIAL: 0}
_SHOPS: Final = {"red": N_("a red shop"), "blue": N_("a blue shop"), "grey": N_("a grey shop")}
"""A shop by customer colour, as a log line names the one built."""


def _tile(tile: str) -> Message:
    """A building tile by its notation (``factory``, ``shop-red``, ``palace-2``, ``special``), as a log
    line names the one built."""
    kind, _, detail = tile.partition("-")
    if kind == "factory":
        return msg("a glass factory")
    if kind == "shop":
        return msg(_SHOPS[detail])
    if kind == "palace":
        return msg_plural("a palace with {count} crest", "a palace with {count} crests", int(detail))
    return msg("a special building")


def build(state: Position, events: list[Event]) -> None:
    state.built = 0
    state.phase = Phase.BUILD


def _build_options(state: Position, seat: Seat) -> list[Action]:
    if state.built >= BUILD_LIMIT:
        return []
    options: list[Action] = []
    if state.street_stack and state.free_street_spaces():
        options.append(DrawStreet())
    spaces = state.free_building_spaces()
    options.extend(Build(tile, space) for tile in state.building_tiles(seat) for space in spaces)
    return options


def build_options(state: Position, seat: Seat) -> list[Action]:
    """A street or a building, or done building."""
    return [*_build_options(state, seat), Done()]


def street_options(state: Position, seat: Seat) -> list[Action]:
    return [Place(space) for space in state.free_street_spaces()]


def final_place_options(state: Position, seat: Seat) -> list[Action]:
    """The building bought in a final turn goes on a free brown space, or stays in front of its buyer."""
    return [*(Place(space) for space in state.free_building_spaces()), Done()]


def do_drawstreet(state: Position, seat: Seat, action: DrawStreet, events: list[Event]) -> None:
    stack = state.street_stack
    state.street, state.street_stack = stack[-1], stack[:-1]
    state.reveals += 1
    customers = state._street(state.street).customers
    if customers:
        text = msg(
            "{player} draws a street tile ({customers})",
            player=name(seat),
            customers=[msg(c.value) for c in customers],
        )
    else:
        text = msg("{player} draws a street tile (no customer)", player=name(seat))
    events.append(Event("street", seat, text, {}))
    state.phase = Phase.PLACE_STREET


def do_place(state: Position, seat: Seat, action: Place, events: list[Event]) -> None:
    if state.phase is Phase.PLACE_STREET:
        assert state.street is not None
        state.tiles[action.space] = ("street", state.street)
        state.street = None
        state.built += 1
        text = msg("{player} builds the street on {space}", player=name(seat), space=action.space)
        events.append(Event("build", seat, text, {}))
        check_end(state, events)
        _continue_build(state, events)
        return
    _place_building(state, seat, state.final_tile, action.space, events)
    if state.phase is not Phase.SPECIAL_CARD:
        end_turn(state, events)


def do_build(state: Position, seat: Seat, action: Build, events: list[Event]) -> None:
    state.built += 1
    _place_building(state, seat, action.tile, action.space, events)
    if state.phase is not Phase.SPECIAL_CARD:
        _continue_build(state, events)


def _place_building(state: Position, seat: Seat, tile: str, space: str, events: list[Event]) -> None:
    player = state.boards[seat]
    kind = Building(tile.split("-", maxsplit=1)[0])
    if kind is Building.FACTORY:
        player.factories -= 1
        state.tiles[space] = ("factory", seat)
        player.markers += 1
    elif kind is Building.SHOP:
        colour = tile.split("-")[1]
        shop = next(s for s in player.shops if state._shop(s).colour.value == colour)
        player.shops = [other for other in player.shops if other != shop]
        state.tiles[space] = ("shop", seat, colour)
        player.markers += 1
    elif kind is Building.PALACE:
        crests = int(tile.split("-")[1])
        palace = next(p for p in player.palaces if state._palace(p).crests == crests)
        player.palaces = [other for other in player.palaces if other != palace]
        state.tiles[space] = ("palace", palace)
    else:
        player.specials -= 1
        state.tiles[space] = ("special",)
    points = BUILDING_VP[kind]
    player.vp["buildings"] += points
    built = {"player": name(seat), "tile": _tile(tile), "space": space}
    if points:
        text = msg("{player} builds {tile} on {space} for {vp}", **built, vp=vp(points))
    else:
        text = msg("{player} builds {tile} on {space}", **built)
    cranes = sum(1 for card in state.cards(seat, SpecialEffect.CONSTRUCTION_CRANE) if card.building is kind)
    if cranes:
        player.vp["special buildings"] += cranes
        text = msg("{event} (Construction Crane: {vp})", event=text, vp=vp(cranes))
    events.append(Event("build", seat, text, {}))
    if kind is Building.SPECIAL:
        special_buildings.draw_cards(state, seat)


def do_takecard(state: Position, seat: Seat, action: TakeCard, events: list[Event]) -> None:
    """The special building card taken, building goes on (or, in a final turn, the turn ends)."""
    special_buildings.take_card(state, seat, action.card, events)
    if state.final_tile:
        end_turn(state, events)
    else:
        _continue_build(state, events)


def _can_build(state: Position, seat: Seat) -> bool:
    """Whether `_build_options` offers anything, without listing every tile on every space."""
    if state.built >= BUILD_LIMIT:
        return False
    streets, buildable = state.free_spaces()
    if state.street_stack and streets:
        return True
    return bool(buildable) and bool(state.building_tiles(seat))


def _continue_build(state: Position, events: list[Event]) -> None:
    state.phase = Phase.BUILD
    if not _can_build(state, state.actor):
        end_turn(state, events)


def do_done(state: Position, seat: Seat, action: Done, events: list[Event]) -> None:
    end_turn(state, events)


def explain_build(state: Position, seat: Seat, action: Build) -> Message:
    if action.tile not in state.building_tiles(seat):
        return msg("you have no {tile} tile to build", tile=excerpt(action.tile))
    if state.built >= BUILD_LIMIT:
        return msg("a Build action places at most 3 tiles")
    return msg("a building goes on an empty brown space next to a street tile")


def explain_place(state: Position, seat: Seat, action: Place) -> Message:
    return msg("{space} is not an empty space where this tile may go", space=excerpt(action.space))


def explain_drawstreet(state: Position, seat: Seat, action: DrawStreet) -> Message:
    return msg("no street tile is left, no street space is free, or you have placed 3 tiles")

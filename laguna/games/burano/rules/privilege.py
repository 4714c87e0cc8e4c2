"""Privilege points spent for a coin or a cube (rulebook: 8. PRIVILEGE, privilege for coins and for
cubes).

During a turn a privilege point buys 1 coin, or a cube of any colour from the supply stacked onto the
pyramid (as base or on top of 2×2 cubes, while it holds fewer than 14); in the clean-up's cube refill
it buys a cube for the reserve. (Privilege for fishing and for lace making go with those actions.)
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, msg
from laguna.core.messages import Player as Named
from laguna.games.burano.actions import DONE, PRIVILEGE_COIN, Action, PrivilegeCoin, PrivilegeCube, one_privilege_cube
from laguna.games.burano.components import COLOURS
from laguna.games.burano.position import PYRAMID_CUBES, Phase, Position
from laguna.games.burano.pyramid import SLOT_NAMES, open_slots
from laguna.games.burano.rules import Explainer, Handler
from laguna.games.burano.rules.cleanup import cube_refill_options, next_in_queue


def turn_options(position: Position, seat: Seat) -> list[Action]:
    """What privilege points buy during a turn: a coin, or a cube onto an open slot of the pyramid."""
    player = position.boards[seat]
    if not player.privilege:
        return []
    options: list[Action] = [PRIVILEGE_COIN]
    if player.pyramid_cubes() < PYRAMID_CUBES:
        slots = open_slots(player.pyramid)
        options.extend(one_privilege_cube(c, s) for c in COLOURS if position.supply[c] for s in slots)
    return options


def do_privilege_coin(position: Position, seat: Seat, action: PrivilegeCoin, events: list[Event]) -> None:
    player = position.boards[seat]
    player.privilege -= 1
    player.coins += 1
    events.append(Event("privilege", seat, msg("{player} spends a privilege point for 1 coin", player=Named(seat))))


def do_privilege_cube(position: Position, seat: Seat, action: PrivilegeCube, events: list[Event]) -> None:
    player = position.boards[seat]
    player.privilege -= 1
    position.supply[action.colour] -= 1
    colour = msg(action.colour.value)
    if action.slot is None:
        player.reserve[action.colour] += 1
        text = msg(
            "{player} spends a privilege point for a {colour} cube onto the cube reserve",
            player=Named(seat),
            colour=colour,
        )
    else:
        player.pyramid[action.slot] = action.colour
        text = msg(
            "{player} spends a privilege point for a {colour} cube onto the pyramid at {slot}",
            player=Named(seat),
            colour=colour,
            slot=SLOT_NAMES[action.slot],
        )
    events.append(Event("privilege", seat, text, {}))
    if action.slot is None and cube_refill_options(position, seat) == [DONE]:
        next_in_queue(position, events)


def explain_privilege_coin(position: Position, seat: Seat, action: PrivilegeCoin) -> Message:
    return msg("you have no privilege point")


def explain_privilege_cube(position: Position, seat: Seat, action: PrivilegeCube) -> Message:
    player = position.boards[seat]
    if not player.privilege:
        return msg("you have no privilege point")
    if not position.supply[action.colour]:
        return msg("the cube supply has no {colour} cube", colour=msg(action.colour.value))
    if position.phase is Phase.CUBE_REFILL:
        if position.owed:
            return msg("take the cubes you are owed first")
        return msg("in the clean-up a privilege cube goes into your cube reserve: name no slot")
    if player.pyramid_cubes() >= PYRAMID_CUBES:
        return msg("your pyramid already has 14 cubes")
    if action.slot is None:
        return msg("during your turn a privilege cube goes onto your pyramid: name the slot")
    return msg(
        "a cube can go into {slot} only if it is empty and the cubes under it are there",
        slot=SLOT_NAMES[action.slot],
    )


APPLY: dict[type[Action], Handler] = {PrivilegeCoin: do_privilege_coin, PrivilegeCube: do_privilege_cube}
EXPLAIN: dict[type[Action], Explainer] = {
    PrivilegeCoin: explain_privilege_coin,
    PrivilegeCube: explain_privilege_cube,
}

"""Placing the boats (rulebook: Gameplay, phase 2; Gaining & Using Coins).

The boats are drafted in snake order: clockwise from the turn player, then back. A boat goes beside a
die whose building it can decorate, and that die is used at once; or the boat is flipped for 2 coins.
A boat placed after others at the same die pays each of their owners a coin.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, Player, msg
from laguna.games.burano_roll_and_write.actions import Action, Boat, Circle, Flip
from laguna.games.burano_roll_and_write.position import (
    DICE,
    FLIP_COINS,
    Phase,
    Position,
    building_name,
    coins_text,
    die_name,
)
from laguna.games.burano_roll_and_write.rules.dice import can_circle, circle_symbol
from laguna.games.burano_roll_and_write.sheets import DieColour

_BOATS = {colour: Boat(colour) for colour in DICE}
_FLIP = Flip()


def boat_choices(position: Position, seat: Seat) -> tuple[Action, ...]:
    return (*(_BOATS[c] for c in DICE if _placeable(position, seat, c)), _FLIP)


def _placeable(position: Position, seat: Seat, colour: DieColour) -> bool:
    """Whether a boat may go beside this die: `boat_problem` without the words, for listing the boats."""
    if colour in position.boats[seat]:
        return False
    coins = position.gained[seat] - position.spent[seat]
    if colour in position.spectators:
        if coins < 1:
            return False
        coins -= 1
    return can_circle(position, seat, colour, coins)


def boat_problem(position: Position, seat: Seat, colour: DieColour) -> Message | None:
    """Why a boat may not go beside this die, or None.

    A boat placed beside a die uses it ("Forfeit the placing and flip the boat token" is the other
    choice), so the die must be usable: some symbol of its building can be circled.
    """
    if colour in position.boats[seat]:
        return msg("you cannot place both your boats beside {die}", die=die_name(colour))
    if colour in position.spectators and position.coins(seat) < 1:
        return msg("a boat beside the spectator's boat at {die} costs a coin, and you have none", die=die_name(colour))
    if not _placeable(position, seat, colour):
        return msg(
            "no symbol of {building} can be circled with this die (flip the boat instead)",
            building=building_name(colour),
        )
    return None


def place_boat(position: Position, seat: Seat, action: Boat, events: list[Event]) -> None:
    colour = action.colour
    fields = {"player": Player(seat), "die": die_name(colour), "value": position.dice[DICE.index(colour)]}
    if colour in position.spectators:
        position.spent[seat] += 1
        text = msg("{player} places a boat beside {die} ({value}), paying a coin to join the spectator's boat",
                   **fields)  # fmt: skip
    else:
        text = msg("{player} places a boat beside {die} ({value})", **fields)
    events.append(Event("boat", seat, text, {"die": colour.value}))
    for earlier in position.canal[colour]:
        got = position.gain(earlier, 1)
        text = msg("{player} gains {coins} for the boat placed after theirs", player=Player(earlier),
                   coins=coins_text(got))  # fmt: skip
        events.append(Event("coin", earlier, text, {"coins": got}))
    position.canal[colour] = [*position.canal[colour], seat]
    position.boats[seat] = [*position.boats[seat], colour]
    position.die = colour
    position.phase = Phase.USE


def use_die(position: Position, seat: Seat, action: Circle, events: list[Event]) -> None:
    circle_symbol(position, seat, action, events)
    _next_boat(position, events)


def flip(position: Position, seat: Seat, action: Flip, events: list[Event]) -> None:
    """Forfeit the placing: the boat stays off the canal and its owner gains 2 coins."""
    got = position.gain(seat, FLIP_COINS)
    position.flipped[seat] += 1
    text = msg("{player} flips a boat instead of placing it and gains {coins}", player=Player(seat),
               coins=coins_text(got))  # fmt: skip
    events.append(Event("flip", seat, text, {"coins": got}))
    _next_boat(position, events)


def _next_boat(position: Position, events: list[Event]) -> None:
    position.die = None
    position.draft_index += 1
    if position.draft_index < len(position.draft_order):
        position.phase = Phase.BOAT
    else:
        position.phase = Phase.INVITE
        text = msg("Every player decides in secret: invite a character or take a coin")
        events.append(Event("invitation", None, text, {}))

"""The actions Place a Gondolier and Gondolier (rules: The Actions): pay 2 gold to place a gondolier
on a gondola of your colour, or 5 on any other (1 and 3 with the Harbor); or dismiss a gondolier from
your supply for 3 gold (5 with the Assembly Hall), or hire one for 3 gold (1 with the Assembly Hall),
up to 7.
"""

from __future__ import annotations

from typing import Final

from laguna.core.game import Event, Seat
from laguna.core.messages import N_, Message, msg
from laguna.games.murano.actions import Action, Dismiss, Gondola, Hire
from laguna.games.murano.components import PLAYER_COLOURS, SpecialEffect
from laguna.games.murano.position import Phase, Position
from laguna.games.murano.rules.end import end_turn
from laguna.games.murano.rules.log import gold, name, vp

MAX_GONDOLIERS: Final = 7
_GONDOLAS: Final = {
    "orange": N_("the orange gondola"),
    "grey": N_("the grey gondola"),
    "brown": N_("the brown gondola"),
    "white": N_("the white gondola"),
}
"""The gondolas by player colour, as a log line names the one a gondolier boards."""


def place_gondolier(state: Position, events: list[Event]) -> None:
    """Place a Gondolier: the player chooses the gondola."""
    state.phase = Phase.GONDOLA


def gondola_options(state: Position, seat: Seat, money: int, first: bool = False) -> list[Action]:
    """Free gondolas `seat` can pay for with `money` (with `first`, stop at the first one found)."""
    colour = PLAYER_COLOURS[seat]
    own, other = state.gondolier_cost(seat, True), state.gondolier_cost(seat, False)
    if money < own:
        return []
    taken = state.gondolas
    options: list[Action] = []
    for island in state.side.islands:
        for gondola in island.gondolas:
            if (island.id, gondola) not in taken and (own if gondola == colour else other) <= money:
                options.append(Gondola(island.id, gondola))
                if first:
                    return options
    return options


def place_options(state: Position, seat: Seat) -> list[Action]:
    return gondola_options(state, seat, state.boards[seat].gold)


def do_gondola(state: Position, seat: Seat, action: Gondola, events: list[Event]) -> None:
    player = state.boards[seat]
    cost = state.gondolier_cost(seat, action.colour == PLAYER_COLOURS[seat])
    player.gold -= cost
    player.gondoliers -= 1
    state.gondolas[(action.island, action.colour)] = seat
    text = msg(
        "{player} places a gondolier on {gondola} at {island} for {gold}",
        player=name(seat),
        gondola=msg(_GONDOLAS[action.colour]),
        island=action.island,
        gold=gold(cost),
    )
    if state.has(seat, SpecialEffect.DOCKSIDE_BAR):
        player.vp["special buildings"] += 1
        text = msg("{event} (Dockside Bar: {vp})", event=text, vp=vp(1))
    events.append(Event("gondola", seat, text, {}))
    end_turn(state, events)


def gondolier(state: Position, events: list[Event]) -> None:
    """Gondolier: the player dismisses or hires one."""
    state.phase = Phase.GONDOLIER


def can_hire(state: Position, seat: Seat, money: int) -> bool:
    return money >= state.hire_cost(seat) and state.owned_gondoliers(seat) < MAX_GONDOLIERS


def gondolier_options(state: Position, seat: Seat) -> list[Action]:
    player = state.boards[seat]
    options: list[Action] = []
    if player.gondoliers:
        options.append(Dismiss())
    if can_hire(state, seat, player.gold):
        options.append(Hire())
    return options


def do_dismiss(state: Position, seat: Seat, action: Dismiss, events: list[Event]) -> None:
    player = state.boards[seat]
    gain = 5 if state.has(seat, SpecialEffect.ASSEMBLY_HALL) else 3
    player.gondoliers -= 1
    player.gold += gain
    text = msg("{player} dismisses a gondolier for {gold}", player=name(seat), gold=gold(gain))
    events.append(Event("dismiss", seat, text, {}))
    end_turn(state, events)


def do_hire(state: Position, seat: Seat, action: Hire, events: list[Event]) -> None:
    player = state.boards[seat]
    cost = state.hire_cost(seat)
    player.gondoliers += 1
    player.gold -= cost
    events.append(
        Event("hire", seat, msg("{player} hires a gondolier for {gold}", player=name(seat), gold=gold(cost)), {})
    )
    end_turn(state, events)


def explain_gondola(state: Position, seat: Seat, action: Gondola) -> Message:
    return msg("that gondola is taken, or you cannot pay for it (2 gold your colour, 5 any other)")


def explain_dismiss(state: Position, seat: Seat, action: Dismiss) -> Message:
    return msg("you have no gondolier in front of you to dismiss")


def explain_hire(state: Position, seat: Seat, action: Hire) -> Message:
    return msg("hiring costs {gold} and you may have at most 7 gondoliers", gold=gold(state.hire_cost(seat)))

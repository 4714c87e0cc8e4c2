"""The end of a turn and the end of the game (rules: A turn, The end of the game, and the Red Ship
Gold option): play goes on to the left; when two tile stacks are empty, the player who emptied the
second finishes their turn and every other player has one final turn, then the final scoring begins.

A Trading Station owner who produced returns a bead before their turn ends.
"""

from __future__ import annotations

from typing import Any, Final

from laguna.core.game import Event
from laguna.core.messages import Message, msg
from laguna.games.murano.components import SpecialEffect
from laguna.games.murano.position import Phase, Position
from laguna.games.murano.rules.log import gold, name
from laguna.games.murano.rules.scoring import begin_scoring

_TURN_OVER: Final[dict[str, Any]] = {
    "red_moved": False,
    "lighthouse": False,
    "passing": False,
    "looking": False,
    "fresh": [],
    "buying": "",
    "final_tile": "",
    "built": 0,
}
"""What a turn's end puts back, set at once (every decision a search tries may end a turn). The list
of special building cards taken this turn is shared: the rules replace it, never change it."""


def _and(items: list[Message]) -> Message:
    """The items as a reader lists them: "a", "a and b", "a, b and c"."""
    if len(items) == 1:
        return items[0]
    return msg("{items} and {last}", items=items[:-1], last=items[-1])


def check_end(state: Position, events: list[Event]) -> None:
    """The second empty tile stack triggers the end: every other player has one final turn."""
    if state.triggered_by is None and len(state.empty_stacks()) >= 2:
        state.triggered_by = state.actor
        state.last_turns = state.seats_from(state.actor)[1:]
        text = msg(
            "The {stacks} stacks are empty: {player} finishes this turn, then every other player has one final turn",
            stacks=_and([msg(stack) for stack in state.empty_stacks()]),
            player=name(state.actor),
        )
        events.append(Event("end-triggered", state.actor, text, {}))


def end_turn(state: Position, events: list[Event]) -> None:
    seat = state.actor
    player = state.boards[seat]
    if state.produced and state.has(seat, SpecialEffect.TRADING_STATION) and player.beads.total():
        state.phase = Phase.RETURN_BEAD
        return
    state.produced = False
    if state.options.red_ship_gold and state.red_moved and not state.lighthouse and not state.passing:
        player.gold += 1
        text = msg("{player} moved the red ship: {gold}", player=name(seat), gold=gold(1))
        events.append(Event("red-ship", seat, text, {}))
    state.__dict__.update(_TURN_OVER)
    state.turns += 1
    if state.triggered_by is not None:
        if not state.last_turns:
            begin_scoring(state, events)
            return
        state.actor, state.last_turns = state.last_turns[0], state.last_turns[1:]
    else:
        state.actor = (seat + 1) % len(state.boards)
    state.phase = Phase.TURN

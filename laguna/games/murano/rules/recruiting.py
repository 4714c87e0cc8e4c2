"""The action Recruit a Character (rules: The Actions), and the Preliminary Character Card option:
draw 3 cards (5 with the Hostel), buy one or none, and return the rest to the bottom of the deck. The
first card a player owns costs 1 gold, the second 2, and so on (2 less with the Tavern).

With the option, each player in turn may buy one character card before the start player's first turn.
"""

from __future__ import annotations

from typing import Final

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, excerpt, msg
from laguna.games.murano.actions import Action, Decline, Recruit
from laguna.games.murano.components import SpecialEffect
from laguna.games.murano.position import Phase, Position, draw
from laguna.games.murano.rules.end import end_turn
from laguna.games.murano.rules.log import gold, name

RECRUIT_DRAW: Final = 3
HOSTEL_DRAW: Final = 5


def begin_prelude(state: Position) -> None:
    """Preliminary Character Card: the offer goes round from the start player."""
    state.phase = Phase.PRELUDE
    state.queue = state.seats_from(state.start_player)
    _prelude_next(state)


def _prelude_next(state: Position) -> None:
    """The next player who can pay for a card is offered one; after the last, the first turn."""
    while state.queue:
        state.actor, state.queue = state.queue[0], state.queue[1:]
        if state.character_deck and state.boards[state.actor].gold >= state.recruit_cost(state.actor):
            _draw_characters(state, state.actor)
            return
    state.phase = Phase.TURN
    state.actor = state.start_player


def recruit(state: Position, events: list[Event]) -> None:
    _draw_characters(state, state.actor)
    state.phase = Phase.RECRUIT


def _draw_characters(state: Position, seat: Seat) -> None:
    count = HOSTEL_DRAW if state.has(seat, SpecialEffect.HOSTEL) else RECRUIT_DRAW
    state.character_deck, state.drawn = draw(state.character_deck, count)
    state.reveals += 1


def recruit_options(state: Position, seat: Seat) -> list[Action]:
    cost = state.recruit_cost(seat)
    return [*(Recruit(c) for c in state.drawn if cost <= state.boards[seat].gold), Decline()]


def do_recruit(state: Position, seat: Seat, action: Recruit, events: list[Event]) -> None:
    player = state.boards[seat]
    cost = state.recruit_cost(seat)
    player.gold -= cost
    player.characters = [*player.characters, action.card]
    state.drawn = [card for card in state.drawn if card != action.card]
    text = msg("{player} recruits a character for {gold}", player=name(seat), gold=gold(cost))
    events.append(Event("recruit", seat, text, {}))
    _return_drawn(state, events)


def do_decline(state: Position, seat: Seat, action: Decline, events: list[Event]) -> None:
    events.append(Event("recruit", seat, msg("{player} recruits no character", player=name(seat)), {}))
    _return_drawn(state, events)


def _return_drawn(state: Position, events: list[Event]) -> None:
    """The cards not taken go to the bottom of the deck."""
    state.character_deck = [*state.drawn, *state.character_deck]
    state.drawn = []
    if state.phase is Phase.PRELUDE:
        _prelude_next(state)
    else:
        end_turn(state, events)


def explain_recruit(state: Position, seat: Seat, action: Recruit) -> Message:
    if action.card not in state.drawn:
        return msg("{card} is not among the cards drawn", card=excerpt(action.card))
    return msg(
        "the character card costs {gold}; you have {have}",
        gold=gold(state.recruit_cost(seat)),
        have=state.boards[seat].gold,
    )

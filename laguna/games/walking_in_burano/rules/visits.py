"""Visit from characters (rulebook: How to Play, Visit from Characters).

At the very end of a turn each house completed in it receives a character, in column order: tourists
may visit a player again and again, an inhabitant only once.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, Player, msg
from laguna.games.walking_in_burano.actions import Visit
from laguna.games.walking_in_burano.characters import CHARACTERS, Character
from laguna.games.walking_in_burano.position import Position


def visitors_available(position: Position) -> list[Character]:
    """Characters left in the piles that may visit: tourists again and again, inhabitants once."""
    received = set(position.visitors[position.seat])
    return [c for c, n in zip(CHARACTERS, position.piles, strict=True) if n and (c.is_tourist or c not in received)]


def visits(position: Position) -> tuple[Visit, ...]:
    column = position.pending[0]
    return tuple(Visit(column, c) for c in visitors_available(position))


def skip_unvisitable(position: Position, events: list[Event]) -> None:
    """Completed houses no character is left for receive none."""
    while position.pending and not visitors_available(position):
        column = position.pending.pop(0)
        text = msg("No character is left to visit house {column}", column=column)
        events.append(Event("no-visit", position.turn, text, {"column": column}))


def explain_visit(position: Position, visit: Visit) -> Message:
    character = msg(visit.character.title)
    if visit.column != position.pending[0]:
        return msg("the character to choose now is the one for house {column}", column=position.pending[0])
    if position.piles[CHARACTERS.index(visit.character)] == 0:
        return msg("no {character} card is left", character=character)
    return msg("you cannot receive the same inhabitant twice ({character})", character=character)


def receive(position: Position, seat: Seat, visit: Visit, events: list[Event]) -> None:
    position.piles[CHARACTERS.index(visit.character)] -= 1
    position.visitors[seat][visit.column - 1] = visit.character
    position.pending.pop(0)
    text = msg("{character} visits house {column} of {player}", character=msg(visit.character.title),
               column=visit.column, player=Player(seat))  # fmt: skip
    events.append(Event("visit", seat, text, {"column": visit.column, "character": visit.character.value}))

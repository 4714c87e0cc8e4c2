"""Solo play (rulebook: Solo Play Rules).

The solo game is a 2-player game for one: the starting player token stays, the rightmost card of
each row leaves the supply after every turn, and then the player removes one character card. It ends
with 5 completed houses or when no character card is left.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import msg
from laguna.games.walking_in_burano.actions import RemoveCharacter
from laguna.games.walking_in_burano.characters import CHARACTERS
from laguna.games.walking_in_burano.position import HOUSES_TO_END, Phase, Position
from laguna.games.walking_in_burano.rules.game_end import FIVE_HOUSES, NO_CHARACTERS_LEFT, ROUND_LIMIT, game_over
from laguna.games.walking_in_burano.rules.next_round import remove_rightmost


def removals(position: Position) -> tuple[RemoveCharacter, ...]:
    return tuple(RemoveCharacter(c) for c, n in zip(CHARACTERS, position.piles, strict=True) if n)


def end_solo_turn(position: Position, events: list[Event]) -> None:
    """Keep the starting player token, remove the rightmost cards, then a character."""
    if position.completed[0] >= HOUSES_TO_END:
        game_over(position, events, FIVE_HOUSES)
    elif not any(position.piles):
        game_over(position, events, NO_CHARACTERS_LEFT)
    else:
        remove_rightmost(position, events)
        position.phase = Phase.REMOVE_CHARACTER


def remove_character(position: Position, seat: Seat, action: RemoveCharacter, events: list[Event]) -> bool:
    """Put the chosen character card back into the box; whether the game goes on."""
    position.piles[CHARACTERS.index(action.character)] -= 1
    position.removed_characters.append(action.character)
    text = msg("{character} is removed from the game", character=msg(action.character.title))
    events.append(Event("remove-character", seat, text, {"character": action.character.value}))
    if not any(position.piles):
        game_over(position, events, NO_CHARACTERS_LEFT)
        return False
    if position.round >= position.options.round_limit:
        game_over(position, events, ROUND_LIMIT)
        return False
    return True

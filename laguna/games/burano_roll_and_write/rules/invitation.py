"""Inviting characters (rulebook: Gameplay, phase 3; Game End).

Every player decides in secret to take a coin or, for 3 coins, to invite a character under a building
with a free space; the decisions are revealed together. A fifth character makes the next round the
last.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, Player, msg
from laguna.games.burano_roll_and_write.actions import Action, Invite, TakeCoin
from laguna.games.burano_roll_and_write.characters import CHARACTERS
from laguna.games.burano_roll_and_write.position import (
    FIFTH_CHARACTER,
    INVITATION_COST,
    Position,
    building_name,
    coins_text,
)
from laguna.games.burano_roll_and_write.rules.rounds import end_round
from laguna.games.burano_roll_and_write.sheets import DieColour

_TAKE_COIN = TakeCoin()
_INVITES = {
    character: {
        building: tuple(
            Invite(character, building, floor) for floor in ((1, 2, 3) if character.designates_floor else (None,))
        )
        for building in DieColour
    }
    for character in CHARACTERS
}
"""Every invitation, made once: a search lists them at every secret decision it considers."""


def invitations(position: Position, seat: Seat) -> tuple[Action, ...]:
    """Take a coin, or (with 3 coins) invite a new character under a building with a free space."""
    if position.coins(seat) < INVITATION_COST:
        return (_TAKE_COIN,)
    characters = position.characters[seat]
    invited = {character for character, _ in characters.values()}
    free = [c for c in position.layouts[seat].buildings if c not in characters]
    choices: list[Action] = [_TAKE_COIN]
    for character in CHARACTERS:
        if character in invited:
            continue
        by_building = _INVITES[character]
        for building in free:
            choices.extend(by_building[building])
    return tuple(choices)


def explain_invite(position: Position, seat: Seat, action: Invite) -> Message:
    character = msg(action.character.title)
    if position.coins(seat) < INVITATION_COST:
        return msg("an invitation costs 3 coins; you have {have}", have=position.coins(seat))
    if any(invited is action.character for invited, _ in position.characters[seat].values()):
        return msg("you can invite every character only once ({character} came already)", character=character)
    if action.building in position.characters[seat]:
        return msg("the character space under {building} is taken", building=building_name(action.building))
    if action.character.designates_floor:
        return msg("the {character} scores a designated floor: add f1, f2 or f3", character=character)
    return msg("the {character} does not designate a floor", character=character)


def decide(position: Position, seat: Seat, action: Invite | TakeCoin, events: list[Event]) -> None:
    """A secret decision; the last one reveals them all."""
    position.commitments[seat] = action
    events.append(Event("decided", seat, msg("{player} has decided", player=Player(seat)), {}))
    if all(c is not None for c in position.commitments):
        _reveal_invitations(position, events)


def _reveal_invitations(position: Position, events: list[Event]) -> None:
    position.reveal()
    for seat, decision in enumerate(position.commitments):
        if isinstance(decision, Invite):
            position.spent[seat] += INVITATION_COST
            position.characters[seat] = {
                **position.characters[seat],
                decision.building: (decision.character, decision.floor),
            }
            character = decision.character
            fields = {"player": Player(seat), "letter": character.value, "character": msg(character.title),
                      "building": building_name(decision.building)}  # fmt: skip
            if decision.floor is None:
                text = msg("{player} invites {letter} ({character}) under {building}", **fields)
            else:
                text = msg("{player} invites {letter} ({character}) under {building}, scoring floor {floor}",
                           floor=decision.floor, **fields)  # fmt: skip
            events.append(Event("invite", seat, text, {"character": character.value}))
            if len(position.characters[seat]) == FIFTH_CHARACTER and position.final_round is None:
                position.final_round = position.round + 1
                text = msg("{player} invited a fifth character: the next round is the last", player=Player(seat))
                events.append(Event("last-round", None, text, {}))
        else:
            got = position.gain(seat, 1)
            text = msg("{player} takes {coins} instead", player=Player(seat), coins=coins_text(got))
            events.append(Event("coin", seat, text, {"coins": got}))
    position.commitments = [None] * position.players
    end_round(position, events)

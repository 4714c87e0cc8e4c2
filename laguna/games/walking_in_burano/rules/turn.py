"""A turn and a round (rulebook: How to Play; Hand and Coin Limits; Game End).

A turn: acquire floor cards, place up to 3 of them (or stop), receive a character for each house
completed in it, return cards over the hand limit of 3 and coins over the limit of 6. Once every
player has taken a turn the round is over: the game ends, or the next round is prepared. The solo
game ends its turns its own way (`solo`).
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Player, msg
from laguna.games.walking_in_burano.actions import Done, Place, RemoveCharacter, Return, Take, Visit
from laguna.games.walking_in_burano.position import (
    COIN_LIMIT,
    HAND_LIMIT,
    HOUSES_TO_END,
    Phase,
    Position,
    coins_text,
)
from laguna.games.walking_in_burano.rules.acquiring import acquire, takes
from laguna.games.walking_in_burano.rules.game_end import FIVE_HOUSES, FLOOR_CARDS_EXHAUSTED, ROUND_LIMIT, game_over
from laguna.games.walking_in_burano.rules.next_round import refill, remove_rightmost, supply_empty
from laguna.games.walking_in_burano.rules.placing import DONE, place_card, placements
from laguna.games.walking_in_burano.rules.solo import end_solo_turn, remove_character
from laguna.games.walking_in_burano.rules.visits import receive, skip_unvisitable


def start_turn(position: Position, events: list[Event], seat: Seat | None = None) -> None:
    if seat is not None:
        position.turn = seat
    position.phase = Phase.TAKE
    position.placed = 0
    position.turn_completed = []
    found = takes(position)
    if found:
        position.settle(tuple(found))
    else:
        text = msg("The floor supply is empty: no card to acquire")
        events.append(Event("empty-supply", position.turn, text, {}))
        _enter_place(position, events)


def _enter_place(position: Position, events: list[Event]) -> None:
    """Placing is optional; when no card can be placed (or 3 were) the turn moves on by itself."""
    position.phase = Phase.PLACE
    found = placements(position)
    if found:
        position.settle((*found, DONE))
    else:
        _finish_turn(position, events)


def _finish_turn(position: Position, events: list[Event]) -> None:
    """End of the turn: characters visit the houses completed this turn, in column order."""
    position.pending = sorted(position.turn_completed)
    _next_visit(position, events)


def _next_visit(position: Position, events: list[Event]) -> None:
    skip_unvisitable(position, events)
    if position.pending:
        position.phase = Phase.VISIT
    else:
        _hand_limit(position, events)


def _hand_limit(position: Position, events: list[Event]) -> None:
    if len(position.hands[position.seat]) > HAND_LIMIT:
        position.phase = Phase.RETURN
    else:
        _end_turn(position, events)


def returns(position: Position) -> tuple[Return, ...]:
    cards = position.cards.cards
    return tuple(Return(cards[i].id) for i in position.hands[position.seat])


def _end_turn(position: Position, events: list[Event]) -> None:
    seat = position.seat
    if position.coins[seat] > COIN_LIMIT:
        excess = position.coins[seat] - COIN_LIMIT
        text = msg("{player} returns {coins} to the bank (coin limit 6)", player=Player(seat), coins=coins_text(excess))
        events.append(Event("coin-limit", seat, text, {"coins": excess}))
        position.coins[seat] = COIN_LIMIT
    if position.solo:
        end_solo_turn(position, events)
        return
    following = (seat + 1) % position.players
    if following != position.start_player:
        start_turn(position, events, following)
    elif max(position.completed) >= HOUSES_TO_END:
        game_over(position, events, FIVE_HOUSES)
    elif position.round >= position.options.round_limit:
        game_over(position, events, ROUND_LIMIT)
    else:
        position.start_player = (position.start_player + 1) % position.players
        if position.players == 2 and position.options.two_player_variant:
            remove_rightmost(position, events)
        if _refill(position, events):
            text = msg(
                "Round {round} begins; {player} starts", round=position.round, player=Player(position.start_player)
            )
            events.append(Event("round", None, text, {"round": position.round}))
            start_turn(position, events, position.start_player)


def _refill(position: Position, events: list[Event]) -> bool:
    """Refill the floor supply for the next round; whether the game goes on (a card is left)."""
    refill(position)
    if supply_empty(position):
        game_over(position, events, FLOOR_CARDS_EXHAUSTED)
        return False
    position.round += 1
    return True


def take(position: Position, seat: Seat, action: Take, events: list[Event]) -> None:
    acquire(position, seat, action, events)
    _enter_place(position, events)


def place(position: Position, seat: Seat, action: Place, events: list[Event]) -> None:
    place_card(position, seat, action, events)
    _enter_place(position, events)


def done(position: Position, seat: Seat, action: Done, events: list[Event]) -> None:
    _finish_turn(position, events)


def visit(position: Position, seat: Seat, action: Visit, events: list[Event]) -> None:
    receive(position, seat, action, events)
    _next_visit(position, events)


def return_card(position: Position, seat: Seat, action: Return, events: list[Event]) -> None:
    """Hand limit: the card goes to the bottom of its deck."""
    index = position.card_index[action.card]
    position.hands[seat].remove(index)
    floor = position.cards.cards[index].floor
    position.decks[floor - 1].append(index)
    text = msg("{player} returns a floor {floor} card to the bottom of its deck", player=Player(seat), floor=floor)
    events.append(Event("return", seat, text, {"floor": floor}))
    _hand_limit(position, events)


def remove(position: Position, seat: Seat, action: RemoveCharacter, events: list[Event]) -> None:
    """Solo: after the character card is removed, the next turn (and round) begins."""
    if remove_character(position, seat, action, events) and _refill(position, events):
        start_turn(position, events, seat)

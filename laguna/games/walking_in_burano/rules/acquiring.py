"""Acquiring floor cards (mandatory) and taking coins (rulebook: How to Play, Acquiring Floor Cards).

A turn acquires 3 cards, or 2 cards and 1 coin, or 1 card and 2 coins, from one column of the floor
supply: a run starting at the top card or the bottom one, skipping nothing.
"""

from __future__ import annotations

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, Player, msg
from laguna.games.walking_in_burano.actions import Take
from laguna.games.walking_in_burano.house_area import FLOORS
from laguna.games.walking_in_burano.position import EMPTY, TAKE_COINS, Position, coins_text

_TAKES = {
    (column, low, high): Take(column, low, high)
    for column in range(1, 6)
    for low in range(1, FLOORS + 1)
    for high in range(low, FLOORS + 1)
}
"""Take actions are immutable; sharing them spares rebuilding them for every legal-action list."""


def _runs(floors: list[int]) -> list[tuple[int, int]]:
    """The runs a player may take from a column holding cards on `floors`: every run that starts at the
    top card or ends at the bottom card, skipping nothing (gaps count as nothing to skip)."""
    if not floors:
        return []
    runs = {(floors[0], floor) for floor in floors} | {(floor, floors[-1]) for floor in floors}
    return sorted(runs)


_COLUMN_TAKES = tuple(
    tuple(
        tuple(_TAKES[column, low, high] for low, high in _runs([f for f in (1, 2, 3) if present >> (f - 1) & 1]))
        for present in range(8)
    )
    for column in range(1, 6)
)
"""The takes of each column (0-based) for each set of floors still holding a card (bit f-1 for floor f)."""


def takes(position: Position) -> list[Take]:
    """Runs of cards from the top or the bottom of one column: nothing skipped (Acquiring, notes 1–2)."""
    found: list[Take] = []
    first, second, third = position.supply
    for column in range(len(first)):
        present = (first[column] != EMPTY) | (second[column] != EMPTY) << 1 | (third[column] != EMPTY) << 2
        found.extend(_COLUMN_TAKES[column][present])
    return found


def explain_take(position: Position, take: Take) -> Message:
    columns = len(position.supply[0])
    if not 1 <= take.column <= columns:
        return msg("the floor supply has columns 1–{columns}", columns=columns)
    present = [f + 1 for f in range(FLOORS) if position.supply[f][take.column - 1] != EMPTY]
    if not present:
        return msg("column {column} of the floor supply is empty", column=take.column)
    if take.low not in present or take.high not in present:
        return msg("column {column} has no card on the floor asked for", column=take.column)
    return msg(
        "cards are acquired from the top or from the bottom of one column without skipping any "
        "(the middle card directly only once the top or bottom one is gone)"
    )


def acquire(position: Position, seat: Seat, take: Take, events: list[Event]) -> None:
    """Put the run into the hand and take the coins that go with its length."""
    taken = []
    for floor in range(take.low, take.high + 1):
        index = position.supply[floor - 1][take.column - 1]
        if index != EMPTY:
            taken.append(index)
            position.supply[floor - 1][take.column - 1] = EMPTY
    position.hands[seat].extend(taken)
    coins = TAKE_COINS[len(taken)]
    position.coins[seat] += coins
    ids = [position.cards.cards[i].id for i in taken]
    fields = {"player": Player(seat), "cards": tuple(ids), "column": take.column}
    if coins:
        text = msg("{player} acquires {cards} from column {column} and {coins}", coins=coins_text(coins), **fields)
    else:
        text = msg("{player} acquires {cards} from column {column}", **fields)
    events.append(Event("take", seat, text, {"cards": ids, "column": take.column, "coins": coins}))

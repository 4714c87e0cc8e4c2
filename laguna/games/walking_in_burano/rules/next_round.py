"""Preparing the next round (rulebook: Prepare the Next Round, 2-Player Variant).

The starting player token passes clockwise; each supply row slides away from its deck (after the
2-player variant removes its rightmost card) and the decks refill the spaces beside them.
"""

from __future__ import annotations

from laguna.core.game import Event
from laguna.core.messages import msg
from laguna.games.walking_in_burano.position import EMPTY, Position


def remove_rightmost(position: Position, events: list[Event]) -> None:
    """2-player variant and solo: the rightmost card of each row goes back into the box."""
    removed = []
    for row in position.supply:
        for column in range(len(row) - 1, -1, -1):
            if row[column] != EMPTY:
                removed.append(position.cards.cards[row[column]].id)
                position.boxed.append(row[column])
                row[column] = EMPTY
                break
    if removed:
        text = msg("Removed from the supply: {cards}", cards=tuple(removed))
        events.append(Event("remove-cards", None, text, {"cards": removed}))


def refill(position: Position) -> None:
    """Slide each row away from its deck, then reveal deck cards into the spaces by the deck.

    Revealed cards enter like the slid ones: the first revealed card lands farthest from the deck.
    A dry deck leaves its spaces empty.
    """
    revealed = False
    for row, deck in zip(position.supply, position.decks, strict=True):
        cards = [i for i in row if i != EMPTY]
        gaps = len(row) - len(cards)
        row[:] = [EMPTY] * gaps + cards
        for column in range(gaps - 1, -1, -1):
            if not deck:
                break
            row[column] = deck.pop(0)
            revealed = True
    if revealed:
        position.reveal()


def supply_empty(position: Position) -> bool:
    """Every deck ran dry and the refilled supply is empty: no card can be acquired any more.

    Each turn must acquire at least one card, so the game cannot go on; it ends and is scored.
    """
    return all(i == EMPTY for row in position.supply for i in row)

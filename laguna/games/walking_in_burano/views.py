"""What each seat sees of a Walking in Burano position, and the re-deal of what it cannot see.

Everything is open but the deck order and the other players' hands (rulebook: Acquiring Floor Cards,
"without showing it to the other players"); card backs show their floor.
"""

from __future__ import annotations

from laguna.core.game import JSON, Seat
from laguna.core.rng import Rng
from laguna.games.walking_in_burano.cards import FloorCard
from laguna.games.walking_in_burano.characters import CHARACTERS
from laguna.games.walking_in_burano.house_area import COLUMNS, FLOORS, cell, scaffold_arrangement
from laguna.games.walking_in_burano.position import EMPTY, Position

_COLUMN_CELLS = {column: tuple(cell(floor, column) for floor in (1, 2, 3)) for column in range(1, COLUMNS + 1)}
"""The cells of each house, 1st floor first (views walk them for every seat and column)."""
_FLOOR_NAMES = {floor: str(floor) for floor in (1, 2, 3)}


def view(position: Position, seat: Seat | None) -> JSON:
    """What `seat` sees: everything but the deck order and the other players' hands.

    Card backs show their floor, so everyone sees how many cards of each floor a hand holds. The card
    entries are shared by every view (`FloorCardSet.faces`): a view is read, never changed.
    """
    cards = position.cards.cards
    faces = position.cards.faces
    return {
        "game": "walking-in-burano",
        "players": position.players,
        "viewer": seat,
        "solo": position.solo,
        "round": position.round,
        "start_player": position.start_player,
        "turn": position.turn,
        "phase": position.phase.value,
        "placed_this_turn": position.placed,
        "supply": {
            "columns": len(position.supply[0]),
            "rows": {str(f + 1): [None if i == EMPTY else faces[i] for i in position.supply[f]] for f in range(FLOORS)},
        },
        "decks": {str(f + 1): len(position.decks[f]) for f in range(FLOORS)},
        "characters": {c.value: n for c, n in zip(CHARACTERS, position.piles, strict=True)},
        "removed_characters": [c.value for c in position.removed_characters],
        "boxed_cards": [cards[i].id for i in position.boxed],
        "pending_houses": list(position.pending),
        "ended_by": position.ended_by or None,
        "seats": [_seat_json(position, s, s == seat, cards) for s in range(position.players)],
    }


def _seat_json(position: Position, seat: Seat, own: bool, cards: tuple[FloorCard, ...]) -> JSON:
    area = position.areas[seat]
    faces = position.cards.faces
    scaffolds = scaffold_arrangement(position.masks[seat]) or ()
    houses = []
    for column, visitor in enumerate(position.visitors[seat], start=1):
        floors = [None if (i := area[c]) == EMPTY else faces[i] for c in _COLUMN_CELLS[column]]
        houses.append({
            "column": column,
            "floors": floors,
            "scaffolds": [f for f, c in enumerate(_COLUMN_CELLS[column][:2], start=1) if c in scaffolds],
            "character": None if visitor is None else visitor.value,
            "complete": all(floors),
        })  # fmt: skip
    hand = position.hands[seat]
    hand_floors = {"1": 0, "2": 0, "3": 0}
    for i in hand:
        hand_floors[_FLOOR_NAMES[cards[i].floor]] += 1
    return {
        "seat": seat,
        "coins": position.coins[seat],
        "tokens": position.tokens[seat],
        "hand": [faces[i] for i in hand] if own else None,
        "hand_floors": hand_floors,
        "houses": houses,
        "completed": position.completed[seat],
        "characters": [v.value for v in position.visitors[seat] if v is not None],
    }


def redeal(twin: Position, seat: Seat | None, rng: Rng) -> None:
    """Re-deal, in a copy of the position, what `seat` cannot see: the order of each deck and the other
    hands, floor by floor.

    The unseen cards of a floor are pooled in card order and the other hands are rebuilt floor by
    floor, so the sample depends on the view and `rng` alone, not on the true order of anything
    hidden. The setup generator is replaced too: it is hidden state, never used after setup.
    """
    cards = twin.cards.cards
    hidden = [s for s in range(twin.players) if s != seat]
    hands: dict[Seat, list[int]] = {s: [] for s in hidden}
    for floor in (1, 2, 3):
        deck = twin.decks[floor - 1]
        wanted = [(s, [i for i in twin.hands[s] if cards[i].floor == floor]) for s in hidden]
        pool = sorted(deck + [i for _, held in wanted for i in held])
        rng.shuffle(pool)
        twin.decks[floor - 1] = pool[: len(deck)]
        start = len(deck)
        for s, held in wanted:
            hands[s].extend(pool[start : start + len(held)])
            start += len(held)
    for s in hidden:
        twin.hands[s] = hands[s]
    twin.rng = rng.spawn()

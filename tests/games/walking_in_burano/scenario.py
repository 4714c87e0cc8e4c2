"""Building Walking in Burano positions for scenario tests, close to the rulebook's own examples.

The helpers move named floor cards between the decks, the supply, hands and house areas, keeping every
card in exactly one place, so a test can set up a picture from the rulebook in a few lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from laguna.games.walking_in_burano import GAME, Phase, WalkingInBuranoState
from laguna.games.walking_in_burano.characters import Character
from laguna.games.walking_in_burano.house_area import COLUMNS, cell
from laguna.games.walking_in_burano.position import EMPTY


def new(players: int = 2, seed: int = 0, **options: Any) -> WalkingInBuranoState:
    return GAME.new_game(players, options, seed)


def _take_out(state: WalkingInBuranoState, index: int) -> None:
    for pile in (*state.decks, *state.hands):
        if index in pile:
            pile.remove(index)
            return
    for row in state.supply:
        if index in row:
            row[row.index(index)] = EMPTY
            return
    for seat, area in enumerate(state.areas):
        if index in area:
            where = area.index(index)
            area[where] = EMPTY
            state.masks[seat] &= ~(1 << where)
            return
    raise AssertionError(f"card {index} is nowhere")


def index(state: WalkingInBuranoState, card_id: str) -> int:
    return state.cards.index_of(card_id)


def give(state: WalkingInBuranoState, seat: int, *card_ids: str) -> None:
    """Put the named cards into a hand."""
    for card_id in card_ids:
        i = index(state, card_id)
        _take_out(state, i)
        state.hands[seat].append(i)
    state._legal = None


def clear_hand(state: WalkingInBuranoState, seat: int) -> None:
    """Return a hand's cards to the bottom of their decks."""
    for i in list(state.hands[seat]):
        state.hands[seat].remove(i)
        state.decks[state.cards.cards[i].floor - 1].append(i)
    state._legal = None


def build(state: WalkingInBuranoState, seat: int, houses: Mapping[int, Sequence[str | None]]) -> None:
    """Lay floor cards straight into a house area: ``{column: [1st, 2nd, 3rd]}`` (None = nothing)."""
    for column, floors in houses.items():
        for floor, card_id in enumerate(floors, start=1):
            if card_id is None:
                continue
            i = index(state, card_id)
            assert state.cards.cards[i].floor == floor, f"{card_id} is not a floor {floor} card"
            _take_out(state, i)
            state.areas[seat][cell(floor, column)] = i
            state.masks[seat] |= 1 << cell(floor, column)
    area = state.areas[seat]
    state.completed[seat] = sum(all(area[cell(f, c)] != EMPTY for f in (1, 2, 3)) for c in range(1, COLUMNS + 1))
    state._legal = None


def set_supply(state: WalkingInBuranoState, rows: Mapping[int, Sequence[str | None]]) -> None:
    """Set supply rows ``{floor: [card id or None per column]}``; the cards they replace go to the deck bottom."""
    for floor, ids in rows.items():
        row = state.supply[floor - 1]
        assert len(ids) == len(row), f"the supply has {len(row)} columns"
        for column, old in enumerate(row):
            if old != EMPTY:
                row[column] = EMPTY
                state.decks[floor - 1].append(old)
        for column, card_id in enumerate(ids):
            if card_id is not None:
                i = index(state, card_id)
                _take_out(state, i)
                row[column] = i
    state._legal = None


def set_turn(state: WalkingInBuranoState, seat: int, phase: Phase = Phase.TAKE, placed: int = 0) -> None:
    state.turn = seat
    state.phase = phase
    state.placed = placed
    state.turn_completed = []
    state.pending = []
    state._legal = None


def known_supply(players: int, seed: int, **options: object) -> WalkingInBuranoState:
    """A new game with a known 4-column supply (the red, yellow, blue and green a cards), seat 0 to act."""
    state = new(players, seed, **options)
    set_supply(state, {
        1: ["R1a", "Y1a", "B1a", "G1a"],
        2: ["R2a", "Y2a", "B2a", "G2a"],
        3: ["R3a", "Y3a", "B3a", "G3a"],
    })  # fmt: skip
    set_turn(state, 0)
    return state


def nearly_five_houses(
    state: WalkingInBuranoState, seat: int, third: Sequence[str | None] = ("R1a", "R2a", "R3a")
) -> None:
    """Four completed houses (the `third` one's cards given) and a fifth missing its 3rd floor, with that
    card in hand; the supply holds the c cards."""
    build(state, seat, {
        1: ["P1a", "P2a", "P3a"],
        2: ["Y1a", "Y2a", "Y3a"],
        3: third,
        4: ["B1a", "B2a", "B3a"],
        5: ["O1a", "O2a", None],
    })  # fmt: skip
    give(state, seat, "O3a")
    set_supply(state, {
        1: ["R1c", "Y1c", "B1c", "G1c"],
        2: ["R2c", "Y2c", "B2c", "G2c"],
        3: ["R3c", "Y3c", "B3c", "G3c"],
    })  # fmt: skip


def visitors(state: WalkingInBuranoState, seat: int, houses: Mapping[int, Character]) -> None:
    for column, character in houses.items():
        state.visitors[seat][column - 1] = character


def texts(actions: Sequence[object]) -> list[str]:
    return [str(a) for a in actions]


def play(state: WalkingInBuranoState, *moves: str) -> list[str]:
    """Apply moves for whoever is to act; return the event texts."""
    log: list[str] = []
    for move in moves:
        seat = state.to_act()[0]
        log.extend(e.text for e in state.apply(seat, GAME.parse_action(move)))
    return log


def card_ids(state: WalkingInBuranoState, indices: Sequence[int]) -> list[str | None]:
    """Card ids for a row of card indices (None for an empty space)."""
    return [None if i == EMPTY else state.cards.cards[i].id for i in indices]


def supply_ids(state: WalkingInBuranoState, floor: int) -> list[str | None]:
    """One supply row as card ids, column 1 (next to the deck) first."""
    return card_ids(state, state.supply[floor - 1])


def deck_ids(state: WalkingInBuranoState, floor: int) -> list[str]:
    """One floor deck as card ids, top first."""
    return [state.cards.cards[i].id for i in state.decks[floor - 1]]


def hand_ids(state: WalkingInBuranoState, seat: int) -> list[str]:
    return [state.cards.cards[i].id for i in state.hands[seat]]


def set_start(state: WalkingInBuranoState, seat: int) -> None:
    """Give `seat` the starting player token and the first turn of the round."""
    state.start_player = seat
    set_turn(state, seat)


def take_and_pass(state: WalkingInBuranoState, take: str) -> list[str]:
    """Acquire with `take`, then place nothing; stops at any decision other than placing."""
    seat = state.to_act()[0]
    log = play(state, take)
    while state.turn == seat and state.phase is Phase.PLACE:
        log.extend(play(state, "done"))
    return log

"""Building Burano positions for scenario tests, close to the rulebook's examples.

A test starts a game, plays the setup decisions (roof tiles, then the pyramids) in the notation, and
then arranges the part of the position the example is about (a pyramid, a ring, dock houses, workers)
with the helpers below before playing the example's decisions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from laguna.core.game import Event
from laguna.games.burano import GAME, BuranoState, Phase
from laguna.games.burano.components import COLOURS, Colour, House, HouseSymbol, Square, parse_square
from laguna.games.burano.main_island import Stack
from laguna.games.burano.pyramid import SLOT_NAMES
from laguna.games.burano.ring import Ring

PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE = COLOURS
LETTER = {"P": PINK, "B": BLUE, "Y": YELLOW, "G": GREEN, "O": ORANGE, "W": WHITE}


def colours(letters: str) -> list[Colour]:
    """Colours by initials: ``colours("PBY")`` → pink, blue, yellow."""
    return [LETTER[c] for c in letters]


def square(name: str) -> Square:
    parsed = parse_square(name)
    assert parsed is not None, name
    return parsed


def new(players: int = 2, seed: int = 0, **options: Any) -> BuranoState:
    return GAME.new_game(players, options, seed)


def act(state: BuranoState, seat: int, text: str) -> list[Event]:
    """Play one decision in the notation for `seat`."""
    return state.apply(seat, GAME.parse_action(text))


def legal(state: BuranoState, seat: int | None = None) -> list[str]:
    """The legal decisions of `seat` (default: the first seat owing one) in the notation."""
    if seat is None:
        seat = state.to_act()[0]
    return [str(a) for a in state.legal_actions(seat)]


def changed(state: BuranoState) -> None:
    """Forget the cached legal actions and estimate parts after a test rearranged the position by hand."""
    state._legal = {}
    state.forget_worth()


def choose_roofs(state: BuranoState) -> None:
    """Every player takes the first legal roof choice, in seat order from the start player."""
    while state.phase is Phase.ROOFS:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def build_pyramids(state: BuranoState, layout: str | None = None) -> None:
    """Construct every pyramid: with `layout` (14 colour initials, base row by row, then the second
    level, then the top; ``.`` leaves a slot empty when a player is short) or with the first legal
    choice for each slot."""
    while state.phase is Phase.CONSTRUCTION:
        for seat in state.to_act():
            slot = state.boards[seat].cursor
            if layout is None:
                state.apply(seat, state.legal_actions(seat)[0])
            else:
                letter = layout[slot]
                act(state, seat, f"stack {_slot_name(slot)} {'none' if letter == '.' else LETTER[letter].value}")


def _slot_name(slot: int) -> str:
    return SLOT_NAMES[slot]


def first_turn(players: int = 2, seed: int = 0, layout: str | None = None, **options: Any) -> BuranoState:
    """A game at the first player turn of spring."""
    state = new(players, seed, **options)
    choose_roofs(state)
    build_pyramids(state, layout)
    assert state.phase is Phase.TURN
    return state


def set_pyramid(state: BuranoState, seat: int, layout: str) -> None:
    """Replace a pyramid by 14 colour initials or dots (base row by row, second level, top)."""
    state.boards[seat].pyramid = [None if c == "." else LETTER[c] for c in layout]
    changed(state)


def set_ring(state: BuranoState, seat: int, houses: str, workers: int, symbols: str | None = None) -> None:
    """Give `seat` a schedule ring whose 12 houses clockwise from the first arrow have these colour
    initials, with `workers` workers on sectors 1.. (symbols: c = coin, f = fountain, . = plain)."""
    marks = {"c": HouseSymbol.COIN, "f": HouseSymbol.FOUNTAIN, ".": HouseSymbol.PLAIN}
    symbols = symbols or "." * len(houses)
    ring = tuple(House(LETTER[c], marks[s]) for c, s in zip(houses, symbols, strict=True))
    state.boards[seat].ring = Ring(ring, 0, workers)
    changed(state)


def set_docks(state: BuranoState, island: str, letters: str) -> None:
    state.docks[island] = sorted(colours(letters), key=COLOURS.index)
    changed(state)


def set_turn(state: BuranoState, seat: int) -> None:
    """Hand the turn to `seat` at the start of its turn (no move made yet)."""
    state.actor = seat
    state.turn = (seat - state.start_player) % state.players
    state.phase = Phase.TURN
    state.boards[seat].moves = 0
    changed(state)


def build_at(state: BuranoState, houses: Iterable[tuple[str, str]]) -> None:
    """Put stacks on the main island: (square, cube initials floor 1 first [+ '/' roof halves])."""
    for name, spec in houses:
        cubes, _, roofs = spec.partition("/")
        state.stacks[square(name)] = Stack(tuple(colours(cubes)), tuple(colours(roofs)))
    changed(state)


def hand(state: BuranoState, seat: int, cards: Sequence[str], secret: bool = False) -> None:
    """Give `seat` these fish cards (taken from the deck so the card count stays right)."""
    for card in cards:
        state.fish_deck.remove(card)
    state.boards[seat].own_fish()  # copies of the position share the counters
    target = state.boards[seat].hand_secret if secret else state.boards[seat].hand_public
    target.update(Counter(cards))
    changed(state)

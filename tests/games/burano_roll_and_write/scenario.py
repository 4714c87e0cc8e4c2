"""Building Walking in Burano Roll & Write positions for scenario tests, close to the rulebook's examples.

A test picks a layout and who holds the turn player marker, sets the dice and the coins, then plays the
decisions in the notation for whoever owes one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from laguna.core.errors import IllegalAction
from laguna.core.game import Event
from laguna.games.burano_roll_and_write import GAME, Phase, RollAndWriteState
from laguna.games.burano_roll_and_write.position import DICE
from laguna.games.burano_roll_and_write.sheets import DieColour, Kind, SheetLayout, Symbol, load_sheets

MARCELLO = "Viale Marcello"
RED, ORANGE, YELLOW, GREEN, BLUE, PINK = DICE


def new(
    players: int = 1, layout: str | None = MARCELLO, turn_player: int | None = None, seed: int = 0, **options: Any
) -> RollAndWriteState:
    """A new game; every player gets `layout` (None: the default different layouts).

    With `turn_player`, the first seed from `seed` on whose random start player is that seat is used,
    so the start player still comes from the game's own draw.
    """
    if layout is not None:
        options["shared_layout"] = layout
    for candidate in range(seed, seed + 200):
        state = GAME.new_game(players, options, candidate)
        if turn_player is None or state.turn_player == turn_player:
            return state
    raise AssertionError(f"no seed gives seat {turn_player} the turn player marker")


def layout_named(name: str) -> SheetLayout:
    return load_sheets().layout(name)


def set_dice(state: RollAndWriteState, **values: int) -> None:
    """Turn the dice on the stand to the given faces, by colour name: ``set_dice(state, red=1, pink=6)``."""
    for name, value in values.items():
        state.dice[DICE.index(DieColour(name))] = value
    state._legal = {}


def die(state: RollAndWriteState, colour: DieColour) -> int:
    return state.dice[DICE.index(colour)]


def set_coins(state: RollAndWriteState, seat: int, coins: int) -> None:
    """Give `seat` exactly `coins` circled coins and none crossed out."""
    state.gained[seat] = coins
    state.spent[seat] = 0
    state._legal = {}


def circle_on_sheet(state: RollAndWriteState, seat: int, numbers: Mapping[str, int | None]) -> None:
    """Mark symbols as circled already, with the numbers written under them: ``{"R3.chimney": 6}``."""
    state.circled[seat] = {**state.circled[seat], **numbers}
    state._legal = {}
    state.sheet_changed(seat)


def texts(actions: Sequence[object]) -> list[str]:
    return [str(a) for a in actions]


def legal(state: RollAndWriteState, seat: int | None = None) -> list[str]:
    """The legal decisions of `seat` (default: the first seat to act) in the notation."""
    if seat is None:
        seat = state.to_act()[0]
    return texts(state.legal_actions(seat))


def play_events(state: RollAndWriteState, *moves: str, seat: int | None = None) -> list[Event]:
    """Apply moves for `seat` or, when None, for the first seat that owes a decision; return the events."""
    events: list[Event] = []
    for move in moves:
        actor = state.to_act()[0] if seat is None else seat
        events.extend(state.apply(actor, GAME.parse_action(move)))
    return events


def play(state: RollAndWriteState, *moves: str, seat: int | None = None) -> list[str]:
    """Apply moves for whoever acts (or `seat`); return the event texts."""
    return [e.text for e in play_events(state, *moves, seat=seat)]


def refused(state: RollAndWriteState, move: str, match: str) -> None:
    """Playing `move` for whoever acts is refused with a message matching `match`."""
    with pytest.raises(IllegalAction, match=match):
        play(state, move)


def circles(state: RollAndWriteState, symbol_id: str, seat: int | None = None) -> set[int]:
    """The numbers offered now for circling `symbol_id`."""
    found = set()
    for text in legal(state, seat):
        words = text.split()
        if words[0] == "circle" and words[1] == symbol_id:
            found.add(int(words[2]))
    return found


def flip_draft(state: RollAndWriteState) -> None:
    """Finish the draft: every remaining boat is flipped instead of placed."""
    while state.phase is Phase.BOAT:
        play(state, "flip")


def place_and_use(state: RollAndWriteState, colour: str | None = None) -> None:
    """Place the next boat (beside `colour`, or the first die allowed) and circle the first symbol offered."""
    play(state, f"boat {colour}" if colour else legal(state)[0])
    play(state, legal(state)[0])


def take_coins(state: RollAndWriteState) -> list[Event]:
    """Every seat still deciding takes the coin instead of an invitation."""
    events: list[Event] = []
    for seat in state.to_act():
        events.extend(play_events(state, "coin", seat=seat))
    return events


def quick_round(state: RollAndWriteState) -> None:
    """A whole round of boats flipped and coins taken."""
    flip_draft(state)
    take_coins(state)


def symbols(layout: SheetLayout, colour: DieColour, kind: Kind) -> list[Symbol]:
    return [s for s in layout.in_building(colour) if s.kind is kind]

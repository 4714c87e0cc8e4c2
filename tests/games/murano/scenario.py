"""Building Murano positions for scenario tests, close to the rules page's examples.

A test starts a game, arranges the ships, the islands and the players' possessions with the helpers
below (or by setting state fields, then `changed`), and plays the example's decisions in the notation.

The island maps are the reconstructed ones of the component data; San Donato, the island most tests
build on (S a paved street space, B a brown building space, numbered as the notation names them):

    .BBB.       1  2  3
    BSSSB    4  5  6  7  8
    BSSSB    9 10 11 12 13
    .BSB.      14 15 16
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from laguna.core.errors import IllegalAction
from laguna.core.game import Event, copy_counter
from laguna.games.murano import GAME, MuranoState, Phase
from laguna.games.murano.components import Bead, Customer
from laguna.games.murano.ships import SPACES, Ring

TAKE_GOLD = 6
"""The action space of Take 2 Gold."""


def new(players: int = 2, seed: int = 0, **options: Any) -> MuranoState:
    return GAME.new_game(players, options, seed)


def act(state: MuranoState, text: str, seat: int | None = None) -> list[Event]:
    """Play one decision in the notation for the seat owing it (or `seat`)."""
    return state.apply(state.to_act()[0] if seat is None else seat, GAME.parse_action(text))


def legal(state: MuranoState) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_act()[0])]


def refused(state: MuranoState, text: str, match: str) -> None:
    """`text` is not among the legal decisions, and played anyway it is refused with a reason matching
    `match`."""
    assert text not in legal(state)
    with pytest.raises(IllegalAction, match=match):
        act(state, text)


def changed(state: MuranoState) -> None:
    """Forget cached legal actions, and what the heuristic kept, after a test rearranged the position
    by hand."""
    state._legal = {}
    state.heuristic_memo = None


def set_ships(state: MuranoState, spaces: Iterable[int], red: int) -> None:
    """Put one ship on each of `spaces` (numbers 1–18); the red one on `red` (which must be among them)."""
    occupied = [0] * SPACES
    for number in spaces:
        occupied[number - 1] += 1
    assert occupied[red - 1], "the red ship must be on one of the spaces"
    state.ring = Ring(tuple(occupied), red - 1)
    changed(state)


def turn_of(state: MuranoState, seat: int) -> None:
    """Hand the turn to `seat`, at the start of its turn."""
    state.actor = seat
    state.phase = Phase.TURN
    changed(state)


def ready(state: MuranoState, space: int, seat: int = 0, gold: int | None = None) -> None:
    """Leave action space `space` empty with the eight ships just ahead of it (so the ship that comes onto
    it sails alone, for 0 gold), and give the turn to `seat`, holding `gold` if given."""
    set_ships(state, [(space + k - 1) % 18 + 1 for k in range(1, 9)], red=space % 18 + 1)
    turn_of(state, seat)
    if gold is not None:
        state.boards[seat].gold = gold


def take_gold(state: MuranoState, seat: int) -> list[Event]:
    """`seat` plays a turn: Take 2 Gold."""
    ready(state, TAKE_GOLD, seat)
    return act(state, f"act {TAKE_GOLD}")


def final_turn(state: MuranoState, seat: int, holding: str | None = None) -> None:
    """`seat` takes the last turn of the game (Take 2 Gold): the final scoring begins with it. With
    `holding`, the seat is first given that character card."""
    if holding is not None:
        give_character(state, seat, holding)
    state.triggered_by = seat
    state.last_turns = []
    take_gold(state, seat)


def phase_of(state: MuranoState) -> Phase:
    """The phase, read through a call so that a type checker does not narrow it between decisions."""
    return state.phase


def without(items: list[str], item: str) -> list[str]:
    """A position's stack or deck less one item, as a new list: copies share a position's lists, so
    they are replaced, never changed in place."""
    return [other for other in items if other != item]


def street(state: MuranoState, space: str, customers: str = "") -> None:
    """Lay a street tile with these customers (initials r, b, g) on `space`, taken from the stack."""
    wanted = tuple({"r": Customer.RED, "b": Customer.BLUE, "g": Customer.GREY}[c] for c in customers)
    tile = next(t for t in state.street_stack if state._street(t).customers == wanted)
    state.street_stack = without(state.street_stack, tile)
    state.tiles[space] = ("street", tile)
    changed(state)


def streets(state: MuranoState, customers: Mapping[str, str]) -> None:
    """Lay street tiles on the spaces, in order, each with its customers' initials (as for `street`)."""
    for space, initials in customers.items():
        street(state, space, initials)


def shops(state: MuranoState, owners: Mapping[str, tuple[int, str]]) -> None:
    """Put shops on the spaces, in order, each with its owner and colour."""
    for space, (owner, colour) in owners.items():
        building(state, space, "shop", owner=owner, detail=colour)


def building(state: MuranoState, space: str, kind: str, owner: int | None = None, detail: Any = None) -> None:
    """Put a building on `space`: ``factory``/``shop`` (with owner; a shop's colour as `detail`),
    ``palace`` (its crests as `detail`), ``special``."""
    if kind == "factory":
        state.tiles[space] = ("factory", owner)
        state.factory_stack -= 1
    elif kind == "shop":
        tile = next(t for t in state.shop_stack if state._shop(t).colour.value == detail)
        state.shop_stack = without(state.shop_stack, tile)
        state.tiles[space] = ("shop", owner, detail)
    elif kind == "palace":
        tile = next(t for t in state.palace_stack if state._palace(t).crests == detail)
        state.palace_stack = without(state.palace_stack, tile)
        state.tiles[space] = ("palace", tile)
    else:
        state.tiles[space] = ("special",)
        state.special_stack -= 1
    changed(state)


def give_shop(state: MuranoState, seat: int, colour: str) -> None:
    tile = next(t for t in state.shop_stack if state._shop(t).colour.value == colour)
    state.shop_stack = without(state.shop_stack, tile)
    state.boards[seat].shops = [*state.boards[seat].shops, tile]
    changed(state)


def give_palace(state: MuranoState, seat: int, crests: int) -> None:
    tile = next(t for t in state.palace_stack if state._palace(t).crests == crests)
    state.palace_stack = without(state.palace_stack, tile)
    state.boards[seat].palaces = [*state.boards[seat].palaces, tile]
    changed(state)


def give_card(state: MuranoState, seat: int, effect: str, detail: str | None = None) -> str:
    """Give `seat` a special building card by effect (a Studio's colours or a crane's building as
    `detail`, e.g. ``"red/green"``, ``"shop"``); returns its id."""
    for card_id in state.special_deck:
        card = state._special(card_id)
        if card.effect.value != effect:
            continue
        if detail and card.building is None and {b.value for b in card.beads} != set(detail.split("/")):
            continue
        if detail and card.building is not None and card.building.value != detail:
            continue
        state.special_deck = without(state.special_deck, card_id)
        state.boards[seat].special_cards = [*state.boards[seat].special_cards, card_id]
        changed(state)
        return card_id
    raise AssertionError(f"no {effect} {detail or ''} card in the deck")


def give_character(state: MuranoState, seat: int, card_id: str) -> None:
    if card_id in state.character_deck:
        state.character_deck = without(state.character_deck, card_id)
    elif card_id in state.boxed_characters:
        state.boxed_characters = without(state.boxed_characters, card_id)
    else:
        raise AssertionError(f"{card_id} is not in the deck or the box")
    state.boards[seat].characters = [*state.boards[seat].characters, card_id]
    changed(state)


def gondolier_at(state: MuranoState, seat: int, island: str, colour: str) -> None:
    state.gondolas[(island, colour)] = seat
    state.boards[seat].gondoliers -= 1
    changed(state)


def beads(state: MuranoState, seat: int, **counts: int) -> None:
    state.bag = copy_counter(state.bag)
    for name, count in counts.items():
        bead = Bead(name)
        state.bag[bead] -= count
        state.boards[seat].beads[bead] += count
    changed(state)

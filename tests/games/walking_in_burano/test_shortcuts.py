"""Shortcuts the rules and the heuristic take at every step of a search, against the long way at every
position of seeded games: the colour bits of the cards, the turns left, the streetlights, the best run
of three spaces."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from laguna.core.rng import Rng
from laguna.games.walking_in_burano import WalkingInBuranoState, planning
from laguna.games.walking_in_burano import heuristics as h
from laguna.games.walking_in_burano.cards import Colour
from laguna.games.walking_in_burano.house_area import COLUMNS
from laguna.games.walking_in_burano.position import EMPTY, Phase
from laguna.games.walking_in_burano.rules import placing
from tests.games.walking_in_burano.scenario import new

GAMES = [(1, 31), (2, 32), (3, 33), (4, 34)]


def positions(players: int, seed: int) -> Iterator[WalkingInBuranoState]:
    """Every position of a seeded game of random decisions, and every position one decision ahead."""
    state = new(players, seed, round_limit=10)
    rng = Rng(seed)
    while not state.is_terminal():
        yield state
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            child = state.copy()
            child.apply(seat, action)
            yield child
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def colour_masks_long(state: WalkingInBuranoState, seat: int) -> list[int]:
    """The colours of each house read from the cards themselves, padded with an empty house each side."""
    houses = [0] * (COLUMNS + 2)
    for where, index in enumerate(state.areas[seat]):
        if index != EMPTY:
            houses[where % COLUMNS + 1] |= 1 << list(Colour).index(state.cards.cards[index].colour)
    return houses


def turns_long(state: WalkingInBuranoState) -> list[tuple[int, bool]]:
    """`heuristics._turns` with the seats' order listed and searched, as the rulebook turns go round."""
    players = state.players
    if players == 1:
        return h._turns(state)
    order = [(state.start_player + k) % players for k in range(players)]
    position = order.index(state.turn) if state.turn is not None else players
    mid = state.phase is not Phase.TAKE
    this_round = [1 if (p := order.index(s)) > position or (p == position and not mid) else 0 for s in range(players)]
    if max(state.completed) >= h.HOUSES_TO_END:
        extra = 0
    else:
        extra = state.options.round_limit - state.round
        for seat in range(players):
            need = h.CELLS - state.masks[seat].bit_count()
            coins = min(h.COIN_LIMIT, state.coins[seat])
            hand = min(h.HAND_LIMIT, len(state.hands[seat]))
            extra = min(extra, h._FIRST_ROUND[this_round[seat]][coins][hand][need])
    return [(extra, True) if s == state.turn and mid else (this_round[s] + extra, False) for s in range(players)]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_colour_masks_and_broken_rules_are_those_of_the_cards(players: int, seed: int) -> None:
    checked = 0
    for state in positions(players, seed):
        for seat in range(players):
            houses = placing._colour_masks(state, seat)
            assert houses == colour_masks_long(state, seat)
            for index in state.hands[seat]:
                card = state.cards.cards[index]
                bit = 1 << list(Colour).index(card.colour)
                for column in range(1, COLUMNS + 1):
                    own = houses[column]
                    long_way = (own != 0 and not own & bit, bool((houses[column - 1] | houses[column + 1]) & bit))
                    assert placing.breaks(state, seat, index, column) == long_way
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_turns_left_are_those_of_the_seats_order(players: int, seed: int) -> None:
    for state in positions(players, seed):
        if not state.is_terminal():
            assert h._turns(state) == turns_long(state)


def test_the_best_run_is_the_best_of_the_nine_runs_of_three() -> None:
    rng = Rng(5)
    for _ in range(500):
        spaces = [rng.choice([0.0, 0.25, 0.5, 1.0, 1.15, 2.3, 3.0]) * rng.randrange(1000) / 999 for _ in range(15)]
        long_way = 0.0
        for floor in range(3):
            for start in range(3):
                first = floor * COLUMNS + start
                long_way = max(long_way, spaces[first] + spaces[first + 1] + spaces[first + 2])
        assert h._best_run(spaces) == long_way


def streetlights_long(state: WalkingInBuranoState, seat: int) -> tuple[tuple[int, float | None], ...]:
    """The 2nd floors' isolated streetlights as `planning.streetlights` counts them, read from the cards."""
    row = [state.areas[seat][COLUMNS + c] for c in range(COLUMNS)]
    shown = [-1.0 if i == EMPTY else float(state.cards.cards[i].streetlights) for i in row]
    counted: list[tuple[int, float | None]] = []
    for c, here in enumerate(shown):
        left = shown[c - 1] if c > 0 else 0.0
        right = shown[c + 1] if c < COLUMNS - 1 else 0.0
        if here > 0 and left <= 0 and right <= 0:
            counted.append((c, here * (planning.LIGHT_CROWDED if min(left, right) < 0 else 1.0)))
        elif here < 0 and left <= 0 and right <= 0:
            counted.append((c, None))
    return tuple(counted)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_streetlights_read_from_the_table_are_those_of_the_cards(players: int, seed: int) -> None:
    seen = set()
    for state in positions(players, seed):
        t = planning.card_tables(state.cards)
        for seat in range(players):
            lights = planning.streetlights(t, tuple(state.areas[seat]))
            assert lights == streetlights_long(state, seat)
            seen.update(here for _, here in lights)
    assert None in seen and len(seen) > 1

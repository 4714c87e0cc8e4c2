"""Shortcuts of the rules that the search runs at every step, against the rules read the long way at
every position of seeded games: where roof tiles may go (the pairs of cubes found once for all of a
player's tiles)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState
from laguna.games.burano.components import Colour, RoofTile, Square
from laguna.games.burano.main_island import TOP_FLOOR, Stack, roof_pairs, roof_sites


def positions(players: int, seed: int) -> Iterator[BuranoState]:
    """Every position of a seeded game of random decisions."""
    state = GAME.new_game(players, seed=seed)
    rng = Rng(seed + 70)
    while not state.is_terminal():
        yield state
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def roof_sites_long(
    stacks: dict[Square, Stack], tile: RoofTile, any_cube: frozenset[Colour]
) -> list[tuple[Square, Square]]:
    """Every ordered pair of squares side by side whose uncovered top cubes on one floor below the 3rd
    take the tile's halves (a half of a colour in `any_cube` on any cube)."""
    sites = []
    for a, under_a in stacks.items():
        for b, under_b in stacks.items():
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                continue
            if under_a.roofed or under_b.roofed or under_a.floor != under_b.floor or under_a.floor >= TOP_FLOOR:
                continue
            first, second = tile.colours
            takes_first = first is under_a.cubes[-1] or first in any_cube
            if takes_first and (second is under_b.cubes[-1] or second in any_cube):
                sites.append((a, b))
    return sorted(sites)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_roof_sites_are_those_of_the_long_way(players: int, seed: int) -> None:
    found = 0
    for state in positions(players, seed):
        pairs = roof_pairs(state.stacks)
        for seat in range(players):
            any_cube = state.any_cube_colours(seat)
            for tile in state.boards[seat].roofs:
                sites = roof_sites(pairs, tile, any_cube)
                assert sites == roof_sites_long(state.stacks, tile, any_cube)
                found += len(sites)
    assert found > 100

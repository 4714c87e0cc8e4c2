"""Shortcuts of the rules that the search runs at every step, against the rules read the long way at
every position of seeded games: where roof tiles may go (the pairs of cubes found once for all of a
player's tiles), where a cube may be built (the pits around each square found once), the workshop
squares in order, whether a player holds a card's effect, the payments for lace makers, and how a
sample deals the hidden roof tiles and fish cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState, Phase, views
from laguna.games.burano.actions import Pay
from laguna.games.burano.components import Colour, Effect, RoofKind, RoofTile, Square
from laguna.games.burano.main_island import TOP_FLOOR, Stack, build_sites, roof_pairs, roof_sites
from laguna.games.burano.rules import cleanup
from tests.games.common import random_positions


def positions(players: int, seed: int) -> Iterator[BuranoState]:
    """Every position of a seeded game of random decisions."""
    return random_positions(GAME.new_game(players, seed=seed), seed + 70)


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


def deal_fish_long(state: BuranoState, twin: BuranoState, hidden: list[int], rng: Rng) -> None:
    """The unseen fish cards dealt again: the deck and the hidden hands pooled, sorted and shuffled."""
    kinds = state.components.fish_kinds
    unseen = Counter(state.fish_deck)
    for other in hidden:
        unseen += state.boards[other].hand_secret
    pool = sorted(unseen.elements(), key=kinds.index)
    rng.shuffle(pool)
    for other in hidden:
        count = state.boards[other].hand_secret.total()
        twin.boards[other].hand_secret = Counter(pool[:count])
        del pool[:count]
    twin.fish_deck = pool


@pytest.mark.parametrize(("players", "seed"), [(2, 24), (3, 25), (4, 26)])
def test_samples_deal_as_the_long_way(players: int, seed: int) -> None:
    """Each roof stack in order (once per stack a position shares with its copies) and the fish cards
    dealt as the long way deals them."""
    for n, state in enumerate(positions(players, seed)):
        for tiles in state.roof_stacks.values():
            assert views._in_order(tiles) == tuple(sorted(tiles, key=views._tile_order))
        seat = state.to_act()[0]
        hidden = [other for other in range(players) if other != seat]
        short, long = state.copy(), state.copy()
        views._deal_fish(state, short, hidden, Rng(n))
        deal_fish_long(state, long, hidden, Rng(n))
        assert short.fish_deck == long.fish_deck
        assert [board.hand_secret for board in short.boards] == [board.hand_secret for board in long.boards]


def test_a_stack_changed_in_place_is_put_in_order_again() -> None:
    state = GAME.new_game(2, seed=27)
    tiles = state.roof_stacks[RoofKind.FLAT]
    before = views._in_order(tiles)
    tiles.pop()
    assert views._in_order(tiles) == tuple(sorted(tiles, key=views._tile_order)) != before


def build_sites_long(state: BuranoState) -> list[Square]:
    """Every pit touching a cube corner to corner or edge to edge, empty, and every free rooftop block."""
    stacks = state.stacks
    sites = {square for square, stack in stacks.items() if stack.roofed}
    for pit in state.components.main_island.pits:
        touching = any(max(abs(pit[0] - row), abs(pit[1] - column)) == 1 for row, column in stacks)
        if pit not in stacks and touching:
            sites.add(pit)
    return sorted(sites)


@pytest.mark.parametrize(("players", "seed"), [(2, 28), (3, 29), (4, 30)])
def test_build_sites_and_lace_squares_are_those_of_the_long_way(players: int, seed: int) -> None:
    built = 0
    for state in positions(players, seed):
        sites = build_sites(state.components.main_island, state.stacks)
        assert sites == build_sites_long(state)
        built += len(sites)
        assert state.area.squares_in_order() == tuple(sorted(state.area.colours.items()))
    assert built > 100


@pytest.mark.parametrize(("players", "seed"), [(2, 34), (3, 35), (4, 36)])
def test_holding_an_effect_is_holding_a_card_of_it(players: int, seed: int) -> None:
    held = 0
    for state in positions(players, seed):
        for seat in range(players):
            for effect in Effect:
                assert state.has(seat, effect) == bool(state.card_effects(seat, effect))
                held += state.has(seat, effect)
    assert held > 50


def pay_options_long(state: BuranoState, seat: int) -> list[Pay]:
    """Each unpaid lace maker paid by a cube of its colour counted in the pyramid, a privilege point
    with a cube of it in the supply, or the lace-discount card not used yet."""
    player = state.boards[seat]
    paid = [square for square, _ in state.paid]
    cubes = Counter(cube for cube in player.pyramid if cube is not None)
    card = bool(state.card_effects(seat, Effect.LACE_DISCOUNT)) and "card" not in [m for _, m in state.paid]
    options = []
    for square in sorted(s for s, owner in state.lace_workers.items() if owner == seat):
        if square not in paid:
            colour = state.area.colours[square]
            options += [Pay(square)] if cubes[colour] else []
            options += [Pay(square, "privilege")] if player.privilege and state.supply[colour] else []
            options += [Pay(square, "card")] if card else []
    return options


@pytest.mark.parametrize(("players", "seed"), [(2, 37), (3, 38), (4, 39)])
def test_lace_payments_are_those_of_the_long_way(players: int, seed: int) -> None:
    found = 0
    for state in positions(players, seed):
        if state.phase is Phase.LACE_SCORING:
            options = cleanup.pay_options(state, state.actor)
            assert options == pay_options_long(state, state.actor)
            found += len(options)
    assert found > 0

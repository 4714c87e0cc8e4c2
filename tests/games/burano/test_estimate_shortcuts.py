"""The estimate's shortcuts (`laguna.games.burano.holdings`, `laguna.games.burano.heuristics`) against
their long forms, at every position of seeded games of random decisions."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState, Phase
from laguna.games.burano.components import Square
from laguna.games.burano.heuristics import _Estimate
from laguna.games.burano.holdings import PYRAMID
from tests.games.common import random_positions


def positions(players: int, seed: int) -> Iterator[BuranoState]:
    """Every position of a seeded game of random decisions."""
    return random_positions(GAME.new_game(players, seed=seed), seed + 70)


def paid_share_long(table: _Estimate, seat: int, squares: Sequence[Square]) -> float:
    """`Holdings.paid_share` counting the wanted and held colours by name in dictionaries."""
    if not squares:
        return 1.0
    state = table.state
    player = state.boards[seat]
    want: dict[str, int] = {}
    for square in squares:
        name = state.area.colours[square].value
        want[name] = want.get(name, 0) + 1
    have: dict[str, float] = {}
    for cube in player.pyramid:
        if cube is not None:
            have[cube.value] = have.get(cube.value, 0) + 1
    if table.phase is Phase.CONSTRUCTION and player.cursor < PYRAMID:
        placed = sum(have.values())
        left = player.reserve.total() - placed
        if left > 0:
            share = max(0, min(PYRAMID, player.reserve.total()) - placed) / left
            for colour, count in player.reserve.items():
                have[colour.value] = have.get(colour.value, 0) + (count - have.get(colour.value, 0)) * share
    short = 0.0
    for name, count in want.items():
        short += max(0.0, count - have.get(name, 0))
    if short:
        spare = player.privilege + (1 if table.held[seat].lace_discount else 0)
        short = max(0.0, short - spare)
    return 1.0 - short / len(squares)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_paid_share_matches_the_long_form(players: int, seed: int) -> None:
    checked = 0
    for state in positions(players, seed):
        if state.phase is Phase.OVER:
            continue
        table = _Estimate(state)
        everywhere = [square for square, _ in state.area.squares_in_order()]
        for seat in range(players):
            own = [square for square, owner in state.lace_workers.items() if owner == seat]
            for squares in (own, everywhere[:5], everywhere):
                assert table.paid_share(seat, squares) == paid_share_long(table, seat, squares)
                checked += 1
    assert checked > 1000


def from_scratch(state: BuranoState) -> tuple[float, ...]:
    """The estimate of a copy that keeps nothing."""
    twin = state.copy()
    twin.forget_worth()
    return twin.estimate()


@pytest.mark.parametrize(("players", "seed"), [(2, 24), (3, 25), (4, 26)])
def test_samples_of_a_position_share_what_every_seat_sees(players: int, seed: int) -> None:
    """Samples of one position, for every seat, take over the roof tiles' worth and the table of the
    first one: each judges its position as a sample that keeps nothing, and so do the samples'
    decisions and the position itself."""
    rng = Rng(seed)
    shared = 0
    for state in positions(players, seed):
        if state.phase is Phase.OVER:
            continue
        first = None
        for seat in (*range(players), None, 0):
            sample = state.determinize(seat, rng)
            if first is not None:
                assert all(cell[0] is not None for cell in sample._roof_worth)
            assert sample.estimate() == from_scratch(sample)
            table = sample._table[0]
            if first is None:
                first = table
            else:
                assert table is not first and table._terms is first._terms
                shared += 1
            actor = sample.to_act()[0]
            for action in sample.legal_actions(actor)[:3]:
                child = sample.copy()
                child.apply_unchecked(actor, action)
                assert child.estimate() == from_scratch(child)
        assert state.estimate() == from_scratch(state)
    assert shared > 500

"""A position's copies share the lists of its docks, ports, roof stacks and island workers
(`BuranoState.copy`), and each player's fish cards and scoring track (`Player.copy`), which the rules
replace and never change in place: at every position of seeded games, no decision taken in a copy, and
no sample drawn from it, changes the original."""

from __future__ import annotations

import pytest

from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState


def snapshot(state: BuranoState) -> str:
    """Everything the position holds, written out in full."""
    return repr(state._key())


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_decisions_in_a_copy_leave_the_original_alone(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed=seed)
    rng = Rng(seed + 10)
    shared = 0
    island = state.components.waters.islands[0]
    while not state.is_terminal():
        seat = state.to_act()[0]
        before = snapshot(state)
        for action in state.legal_actions(seat):
            child = state.copy()
            shared += child.island_workers[island] is state.island_workers[island]
            shared += child.boards[seat].vp is state.boards[seat].vp
            child.apply_unchecked(seat, action)
            assert snapshot(state) == before, action
        sample = state.determinize(seat, rng)
        sample.apply_unchecked(seat, rng.choice(sample.legal_actions(seat)))
        assert snapshot(state) == before
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert shared > 100

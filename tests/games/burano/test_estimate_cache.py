"""The estimate parts a position keeps for its copies (`BuranoState.forget_worth`): whatever a position
kept, took from its parent or shared with its siblings, its estimate is the one worked out from scratch,
and a copy's later decisions never change the original's."""

from __future__ import annotations

import pytest

from laguna.bots import GreedyBot
from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState


def from_scratch(state: BuranoState) -> tuple[float, ...]:
    """The estimate of a copy that keeps nothing."""
    twin = state.copy()
    twin.forget_worth()
    return twin.estimate()


def check_children(state: BuranoState, rng: Rng) -> None:
    """Each decision's position, then a few random decisions further in one of them, against the
    estimates from scratch; the position itself keeps its estimate throughout."""
    before = state.estimate()
    seat = state.to_act()[0]
    children = []
    for action in state.legal_actions(seat):
        child = state.copy()
        child.apply_unchecked(seat, action)
        assert child.estimate() == from_scratch(child)
        children.append(child)
    walker = rng.choice(children)
    for _ in range(4):
        if walker.is_terminal():
            break
        actor = walker.to_act()[0]
        walker.apply_unchecked(actor, rng.choice(walker.legal_actions(actor)))
        assert walker.estimate() == from_scratch(walker)
    assert state.estimate() == before == from_scratch(state)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_random_games_keep_exact_estimates(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed=seed)
    rng = Rng(seed + 50)
    while not state.is_terminal():
        check_children(state, rng)
        sample = state.determinize(state.to_act()[0], rng)
        assert sample.estimate() == from_scratch(sample)
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5)])
def test_greedy_games_keep_exact_estimates(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed=seed)
    bots = [GreedyBot(seed + seat) for seat in range(players)]
    rng = Rng(seed + 50)
    while not state.is_terminal():
        seat = state.to_act()[0]
        action = bots[seat].choose(state, seat)
        if len(state.legal_actions(seat)) > 1:
            check_children(state, rng)
        state.apply(seat, action)
        assert state.estimate() == from_scratch(state)

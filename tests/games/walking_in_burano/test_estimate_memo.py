"""The heuristic's memo (`WalkingInBuranoState.memo`): the values it keeps are exactly the values worked
out from scratch, in every position of random and greedy games, in the positions one decision ahead,
in determinized samples and after copies, which share the memo."""

from __future__ import annotations

import pytest

from laguna.bots import GreedyBot
from laguna.core.rng import Rng
from laguna.games.walking_in_burano import WalkingInBuranoState
from tests.games.walking_in_burano.scenario import new


def afresh(state: WalkingInBuranoState) -> tuple[float, ...]:
    """The estimate with nothing kept from before: a copy with an empty memo of its own."""
    twin = state.copy()
    twin.memo = {}
    return twin.estimate()


def check_position(state: WalkingInBuranoState, rng: Rng) -> None:
    """The position, every position one decision ahead, and a determinized sample with its children,
    estimated through the shared memo in the order a search does it, against the values from scratch."""
    assert state.estimate() == afresh(state)
    if state.is_terminal():
        return
    seat = state.to_act()[0]
    for sample in (state, state.determinize(seat, rng)):
        assert sample.estimate() == afresh(sample)
        for action in sample.legal_actions(seat):
            child = sample.copy()
            child.apply_unchecked(seat, action)
            assert child.estimate() == afresh(child), action
        assert sample.estimate() == afresh(sample)


OPTIONS = [
    {"round_limit": 12},
    {"two_player_variant": False, "round_limit": 12},
    {"closed_window_penalty": False, "round_limit": 8},
    {"beginner_characters": True, "round_limit": 8},
    {"round_limit": 3},
]
"""Random games last the forty rounds of the round limit: a few rounds show every kind of position."""


@pytest.mark.parametrize(("players", "variant"), [(1, 0), (1, 4), (2, 0), (2, 1), (3, 2), (3, 3), (4, 0), (4, 4)])
def test_random_games_estimate_as_from_scratch(players: int, variant: int) -> None:
    seed = 10 * players + variant
    state = new(players, seed, **OPTIONS[variant])
    rng = Rng(seed)
    check_position(state, rng)
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_position(state, rng)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_games_estimate_as_from_scratch(players: int) -> None:
    state = new(players, seed=players, round_limit=6)
    bots = [GreedyBot(players + seat) for seat in range(players)]
    rng = Rng(players)
    while not state.is_terminal():
        check_position(state, rng)
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    check_position(state, rng)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_copy_playing_on_never_changes_the_original(players: int) -> None:
    state = new(players, seed=5 + players, round_limit=10)
    rng = Rng(players)
    while not state.is_terminal():
        before = state.estimate()
        twin = state.copy()
        for _ in range(6):
            if twin.is_terminal():
                break
            seat = twin.to_act()[0]
            twin.apply(seat, rng.choice(twin.legal_actions(seat)))
            assert twin.estimate() == afresh(twin)
        assert state.estimate() == before == afresh(state)
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_position_changed_by_hand_is_estimated_afresh() -> None:
    """Tests and tools set positions up by changing the state directly: the memo notices."""
    state = new(2, seed=3)
    first = state.estimate()
    state.coins[0] += 2
    state.tokens[1] -= 1
    state.supply[0][0], state.decks[0][-1] = state.decks[0][-1], state.supply[0][0]
    assert state.estimate() == afresh(state) != first

"""The heuristic's memo (`WalkingInBuranoState.memo`): the values it keeps are exactly the values worked
out from scratch, in every position of random and greedy games, in the positions one decision ahead,
in determinized samples and after copies, which share the memo."""

from __future__ import annotations

from typing import Any

import pytest

from laguna.bots import GreedyBot
from laguna.core.rng import Rng
from laguna.games.walking_in_burano import WalkingInBuranoState, heuristics
from tests.games.common import from_source
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


@pytest.mark.parametrize("players", [2, 3])
def test_seat_values_kept_by_their_inputs_answer_as_worked_out_afresh(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Samples of a position and the decisions after them meet the same inputs of a seat again and
    again: the values kept for those inputs answer, each the value worked out from scratch. The calls
    are counted in the heuristic run from its source (the compiled one calls its parts directly)."""
    source = from_source(heuristics.__name__)
    worked_out = 0
    seat_value = source._seat_value

    def counted(*args: Any, **kwargs: Any) -> tuple[float, float]:
        nonlocal worked_out
        worked_out += 1
        return seat_value(*args, **kwargs)

    state = new(players, seed=20 + players, round_limit=8)
    bots = [GreedyBot(seat) for seat in range(players)]
    for _ in range(6 * players):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    seat = state.to_act()[0]
    children = []
    for n in range(12):
        sample = state.determinize(seat, Rng(n))
        for action in sample.legal_actions(seat):
            child = sample.copy()
            child.apply_unchecked(seat, action)
            children.append(child)
    state.memo.clear()
    with monkeypatch.context() as patch:
        patch.setattr(source, "_seat_value", counted)
        kept = [source.estimate(child) for child in children]
        with_values = worked_out
        patch.setattr(source, "VALUES", 0)  # every value forgotten as soon as kept
        state.memo.clear()
        assert [source.estimate(child) for child in children] == kept
    assert kept == [afresh(child) for child in children]
    assert with_values < (worked_out - with_values) * 0.8


def test_the_values_kept_are_forgotten_past_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristics, "VALUES", 3)
    state = new(2, seed=3, round_limit=4)
    rng = Rng(3)
    while not state.is_terminal():
        assert state.estimate() == afresh(state)
        assert len(state.memo.get("values", ())) <= 3
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))

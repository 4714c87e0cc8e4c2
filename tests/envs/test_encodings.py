"""Action spaces and observation encodings, checked the same way for every registered game."""

from __future__ import annotations

import math
from array import array
from typing import Any

import pytest

from laguna.core import Game, Rng, games

MAX_DECISIONS = 20_000


CHECK_EVERY = 17
"""Observations are checked at every 17th decision (and at the end), which keeps each case short."""


def _cases() -> list[Any]:
    """Every player count with the default options (two seeds), and every boolean option variant and
    option example at the smallest multi-player count (one seed)."""
    cases = []
    for game in games():
        for players in game.player_counts:
            cases.append(pytest.param(game, players, game.options(), (1, 2), id=f"{game.id}-{players}p"))
        players = max(2, game.min_players)
        variants = [*game.options_type.boolean_variants(), *(game.options(e) for e in game.option_examples)]
        for index, options in enumerate(variants):
            if options != game.options():
                cases.append(pytest.param(game, players, options, (3,), id=f"{game.id}-{players}p-options{index}"))
    return cases


def _shape(observation: dict[str, list[float]]) -> list[tuple[str, int]]:
    return [(name, len(values)) for name, values in observation.items()]


@pytest.mark.parametrize(("game", "players", "options", "seeds"), _cases())
def test_encoding(game: Game[Any, Any, Any], players: int, options: Any, seeds: tuple[int, ...]) -> None:
    space = list(game.action_space(players, options))
    assert len(set(space)) == len(space), "the action space lists an action twice"
    rebuilt = game.options(options.to_dict())
    assert list(game.action_space(players, rebuilt)) == space, "the order depends on more than the set-up"
    index = {action: k for k, action in enumerate(space)}

    fresh = game.new_game(players, options, 0)
    shape = _shape(game.observation(fresh.view(0), players, options))
    assert shape and all(size > 0 for _, size in shape)
    assert _shape(game.observation(fresh.view(None), players, options)) == shape

    same_view_checks = 0
    for seed in seeds:
        state = game.new_game(players, options, seed)
        rng = Rng(seed)
        seen = set()
        decisions = 0
        while not state.is_terminal():
            assert decisions < MAX_DECISIONS
            if decisions % CHECK_EVERY == 0:
                same_view_checks += _check_observations(game, state, players, options, shape=shape, rng=rng)
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for other in state.to_act():
                missing = [str(a) for a in state.legal_actions(other) if a not in index]
                assert not missing, f"legal actions outside the action space: {missing[:5]}"
            action = rng.choice(legal)
            seen.add(index[action])
            state.apply(seat, action)
            decisions += 1
        same_view_checks += _check_observations(game, state, players, options, shape=shape, rng=rng)
        assert len(seen) > 1
    assert same_view_checks > 0, "no determinized state had the same view: the same-view check never ran"


def _check_observations(
    game: Game[Any, Any, Any], state: Any, players: int, options: Any, *, shape: list[tuple[str, int]], rng: Rng
) -> int:
    """Sizes fixed, values finite floats, the buffer (which a game may write from the state) holds the
    view's numbers, and the same view gives the same numbers (a determinized state has the seat's
    view); returns how many same-view comparisons ran."""
    compared = 0
    for seat in [*range(players), None]:
        view = state.view(seat)
        observation = game.observation(view, players, options)
        assert _shape(observation) == shape, f"segment sizes changed (seat {seat})"
        for name, values in observation.items():
            assert all(isinstance(v, float) and math.isfinite(v) for v in values), f"segment {name} (seat {seat})"
        numbers = array("f")
        numbers.frombytes(game.observation_buffer(state, seat, players, options))
        flat = [value for values in observation.values() for value in values]
        assert numbers.tolist() == flat, f"the buffer and the view's numbers differ (seat {seat})"
        twin = state.determinize(seat, Rng(rng.next_u64()))
        if twin.view(seat) == view:
            assert game.observation(twin.view(seat), players, options) == observation, "same view, other numbers"
            compared += 1
    return compared

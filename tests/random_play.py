"""Random games for tests that need many real positions: each seat owing a decision picks one of its
legal decisions at random, seeded so a failure can be replayed."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

from laguna.core import GameState, get_game


def random_positions(game_id: str, players: int, seed: int, options: Any = None) -> Iterator[GameState[Any]]:
    """Every position of a random game, the final one included. The same state object is yielded
    each time, moved on after the caller resumes; copy it to keep a position."""
    game = get_game(game_id)
    state = game.new_game(players, options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    yield state


def public_views(state: GameState[Any], rng: random.Random) -> Iterator[tuple[Any, Any, Any]]:
    """Each decision of a random game played on from `state`, with the public view before and after it."""
    before = state.view(None)
    while not state.is_terminal():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        after = state.view(None)
        yield action, before, after
        before = after


def first_met(positions: Iterable[GameState[Any]]) -> Iterator[str]:
    """Each legal decision (in the notation) of the seats to act in `positions`, the first time it is met."""
    seen: set[str] = set()
    for state in positions:
        for seat in state.to_act():
            for action in map(str, state.legal_actions(seat)):
                if action not in seen:
                    seen.add(action)
                    yield action

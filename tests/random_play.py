"""Random games for tests that need many real positions: each seat owing a decision picks one of its
legal decisions at random, seeded so a failure can be replayed."""

from __future__ import annotations

import random
from collections.abc import Iterator
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

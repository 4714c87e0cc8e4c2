"""The random bot: a uniform choice among the legal actions, the baseline every other bot must beat.

It reads nothing but ``legal_actions(seat)``, so it cannot use information its seat may not see.
"""

from __future__ import annotations

from typing import Any

from laguna.core import GameState, IllegalAction, Rng


class RandomBot:
    """Chooses uniformly with its own seeded generator, so a game of random bots replays from seeds."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState[Any], seat: int) -> Any:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} owes no decision now, so the random bot has nothing to choose")
        return self.rng.choice(legal)

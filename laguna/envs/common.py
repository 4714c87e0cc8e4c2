"""What both research interfaces share: a game's actions as numbers, its observations as arrays, and
the rewards at the end of a game.

Actions are numbered by their place in `Game.action_space`; observations concatenate the segments of
`Game.observation` in their order. Rewards are paid once, at the end:

- with 2 or more players, each seat gets the average of its results against every other seat: +1 for
  a seat it outranks, -1 for a seat that outranks it, 0 for a tie (the rulebook's shared victory). Two
  players: +1 / -1, or 0 each for a shared victory; the rewards always sum to 0;
- solo, the score divided by 100 (clamped to ±2), since there is nobody to beat.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt

from laguna.core import Game, GameState, get_game

AnyGame = Game[Any, Any, Any]
AnyState = GameState[Any]

SOLO_SCALE = 100.0
SOLO_BOUND = 2.0


def terminal_rewards(state: AnyState) -> list[float]:
    """Every seat's reward for a finished game (the module docstring says how)."""
    outcome = state.outcome()
    players = state.players
    if players == 1:
        return [max(-SOLO_BOUND, min(SOLO_BOUND, outcome.results[0].score / SOLO_SCALE))]
    ranks = [result.rank for result in outcome.results]
    return [sum((r > mine) - (r < mine) for r in ranks) / (players - 1) for mine in ranks]


def reward_bounds(players: int) -> tuple[float, float]:
    return (-SOLO_BOUND, SOLO_BOUND) if players == 1 else (-1.0, 1.0)


class GameEncoding:
    """One set-up of a game (game, player count, options) as numbers: action indices and arrays."""

    def __init__(self, game: AnyGame | str, players: int, options: Mapping[str, Any] | Any = None) -> None:
        self.game: AnyGame = get_game(game) if isinstance(game, str) else game
        self.players = players
        self.options = self.game.options(options)
        self.game.validate_options(players, self.options)
        self.actions: tuple[Any, ...] = tuple(self.game.action_space(players, self.options))
        self.index: dict[Hashable, int] = {action: k for k, action in enumerate(self.actions)}
        probe = self.game.new_game(players, self.options, 0)
        segments = self.game.observation(probe.view(None), players, self.options)
        self.segments: tuple[tuple[str, int], ...] = tuple((name, len(values)) for name, values in segments.items())
        self.size = sum(size for _, size in self.segments)

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def new_state(self, seed: int) -> AnyState:
        state: AnyState = self.game.new_game(self.players, self.options, seed)
        return state

    def legal_indices(self, legal: Sequence[Any]) -> list[int]:
        """The numbers of the given actions (each must be in the action space)."""
        index = self.index
        return [index[action] for action in legal]

    def observe(self, state: AnyState, seat: int | None) -> npt.NDArray[np.float32]:
        """The observation of the seat's view as one float32 array, in segment order."""
        numbers = self.game.observation_buffer(state, seat, self.players, self.options)
        return self._checked(np.frombuffer(bytearray(numbers), dtype=np.float32))

    def encode(self, view: Any) -> npt.NDArray[np.float32]:
        """A view as one float32 array, in segment order."""
        observation = self.game.observation(view, self.players, self.options)
        return self._checked(np.fromiter(chain.from_iterable(observation.values()), dtype=np.float32))

    def _checked(self, array: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        if array.shape[0] != self.size:
            raise ValueError(f"{self.game.id}: the observation has {array.shape[0]} numbers, not {self.size}")
        return array

    def mask(self, indices: Iterable[int]) -> npt.NDArray[np.int8]:
        """1 at the given action numbers, 0 elsewhere."""
        mask = bytearray(len(self.actions))
        for index in indices:
            mask[index] = 1
        return np.frombuffer(mask, dtype=np.int8)

"""Speed of a game's rules under random play, measured on one core, so that speed is known, not guessed.

Three figures: decisions per second (``legal_actions`` + the bot's choice + ``apply``, each applied
decision counted), games per second (setup included), and state copies per second (of mid-game
states, as search makes them). Each measure runs for about `seconds`; the play measure also finishes
the game it is in, so at least one game is always timed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from laguna.bots import RandomBot, bot_seed
from laguna.core import GameState, OptionsError, get_game
from laguna.core.messages import msg
from laguna.sim.simulate import MAX_DECISIONS, endless, game_seed


@dataclass(frozen=True, slots=True)
class BenchResult:
    game: str
    players: int
    decisions: int
    games: int
    play_seconds: float
    copies: int
    copy_seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.play_seconds if self.play_seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.play_seconds if self.play_seconds > 0 else 0.0

    @property
    def copies_per_second(self) -> float:
        return self.copies / self.copy_seconds if self.copy_seconds > 0 else 0.0

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games if self.games else 0.0


def _random_game(game_id: str, players: int, seed: int, keep_every: int = 0) -> tuple[int, list[GameState[Any]]]:
    """Play one random game; return its decisions and, if asked, copies of every `keep_every`-th state."""
    state = get_game(game_id).new_game(players, None, seed)
    bots = [RandomBot(bot_seed(seed, seat)) for seat in range(players)]
    kept: list[GameState[Any]] = []
    decisions = 0
    while True:
        to_act = state.to_act()
        if not to_act:
            return decisions, kept
        for seat in to_act:
            if seat in state.to_act():
                state.apply(seat, bots[seat].choose(state, seat))
                decisions += 1
                if keep_every and decisions % keep_every == 0:
                    kept.append(state.copy())
        if decisions > MAX_DECISIONS:
            raise endless(game_id, seed)


def bench(game_id: str, players: int | None = None, seconds: float = 3.0, seed: int = 0) -> BenchResult:
    """Measure random play and state copies of `game_id` with default options."""
    game = get_game(game_id)
    count = players if players is not None else max(game.min_players, min(2, game.max_players))
    game.new_game(count, None, seed)  # refuse a bad player count before timing anything
    if seconds <= 0:
        raise OptionsError(msg("the time per measure must be positive, not {seconds}", seconds=seconds))

    decisions = games = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        made, _ = _random_game(game_id, count, game_seed(seed, games))
        decisions += made
        games += 1
        elapsed = time.perf_counter() - start

    # States from the start, middle and end of a few games, so copies cost what they cost in search.
    samples: list[GameState[Any]] = []
    index = games
    every = max(1, decisions // games // 4)
    while len(samples) < 8 and index < games + 50:
        _, kept = _random_game(game_id, count, game_seed(seed, index), keep_every=every)
        samples.extend(state for state in kept if not state.is_terminal())
        index += 1
    if not samples:
        samples = [game.new_game(count, None, seed)]

    copies = 0
    start = time.perf_counter()
    copy_elapsed = 0.0
    while copy_elapsed < seconds:
        for state in samples:
            state.copy()
        copies += len(samples)
        copy_elapsed = time.perf_counter() - start
    return BenchResult(game.id, count, decisions, games, elapsed, copies, copy_elapsed)

"""Positions from bots' games, each seat's features and the final score it went on to make.

A bot judging its decisions compares the positions they lead to, and a position the bots' own game
reached says little about its alternatives: a decision the bots take only when it is good would look
good whenever it is open (the positions after a pass, say, would carry the worth of the turns when
passing was right). So at each kept position the decision a bot took and `branches - 1` others drawn
at random are each played out to the end by the same bots, and every seat's row of each outcome is
kept: the value of every alternative, under the same continuation.

Game ``i`` of a run seeded ``s`` is dealt with `game_seed(s, i)`; seat ``k`` plays the bot
``bots[(i + k) % len(bots)]`` (so a mixed line-up puts every bot in every seat), seeded from the game
seed and the seat. Which positions are kept, which alternatives are tried, and the bots of each
play-out are drawn from generators of the game's own seed, so a run's data depends on its seed alone,
whatever the backend and the number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from laguna.bots import bot_seed, make_bot
from laguna.bots.learned import features
from laguna.core import OptionsError, Rng, get_game
from laguna.core.messages import msg
from laguna.sim.backends import Backend, LocalBackend
from laguna.sim.simulate import MAX_DECISIONS, endless, game_seed

_KEEP_SALT = 0x5E1F_91A7
"""Keeps the choice of positions unrelated to the game's and the bots' own draws."""


@dataclass(frozen=True)
class SelfPlay:
    """What a run of self-play games is: set-up, line-up, how much of each game is kept, and seed."""

    game_id: str
    players: int
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    keep: float
    """The share of positions (with more than one decision open) whose alternatives are played out."""
    branches: int
    """Decisions played out from a kept position: the one taken, and others drawn at random."""
    seed: int


@dataclass
class Positions:
    """Rows of features (one per seat and kept position), the target of each row (the seat's final
    score minus the heuristic's estimate of it then), and the game each row came from."""

    rows: npt.NDArray[np.float32]
    targets: npt.NDArray[np.float32]
    games: npt.NDArray[np.int32]
    scores: list[list[float]] = field(default_factory=list)
    """Every game's final scores, in game order."""


def positions_of_game(
    run: SelfPlay, index: int
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], list[float]]:
    """Play game `index` of a run, its kept positions' alternatives played out; return the rows,
    their targets and the game's own final scores."""
    game_id, players, bots, keep, branches = run.game_id, run.players, run.bots, run.keep, run.branches
    game = get_game(game_id)
    deal = game_seed(run.seed, index)
    lineup = [bots[(index + seat) % len(bots)] for seat in range(players)]
    seated = [make_bot(spec, bot_seed(deal, seat), game_id) for seat, spec in enumerate(lineup)]
    state = game.new_game(players, game.options(run.options), deal)
    chooser = Rng(deal ^ _KEEP_SALT)
    rows: list[npt.NDArray[np.float32]] = []
    targets: list[float] = []
    decisions = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        action = seated[seat].choose(state, seat)
        legal = state.legal_actions(seat)
        if len(legal) > 1 and chooser.next_u64() < keep * 2**64:
            others = [other for other in legal if other != action]
            tried = [action, *(others[chooser.randrange(len(others))] for _ in range(min(branches - 1, len(others))))]
            for alternative in dict.fromkeys(tried):
                after = state.copy()
                after.apply_unchecked(seat, alternative)
                if after.is_terminal():
                    continue
                heuristic = after.estimate()
                final = _played_out(after, lineup, chooser.next_u64(), game_id, deal)
                for judged in range(players):
                    rows.append(features(game, after, judged, heuristic))
                    targets.append(final[judged] - heuristic[judged])
        state.apply(seat, action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise endless(game_id, deal)
    width = game_width(game, state)
    scores = list(state.outcome().scores)
    return (
        np.array(rows, dtype=np.float32).reshape(-1, width),
        np.array(targets, dtype=np.float32),
        scores,
    )


def game_width(game: Any, state: Any) -> int:
    """The length of a row of features in this set-up."""
    return len(features(game, state, 0, [0.0] * state.players))


def _played_out(state: Any, lineup: Sequence[str], seed: int, game_id: str, deal: int) -> tuple[float, ...]:
    """The final scores of `state` played to its end by fresh bots of the same line-up."""
    bots = [make_bot(spec, bot_seed(seed, seat), game_id) for seat, spec in enumerate(lineup)]
    decisions = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply_unchecked(seat, bots[seat].choose(state, seat))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise endless(game_id, deal)
    final: tuple[float, ...] = tuple(state.outcome().scores)
    return final


def collect(
    run: SelfPlay,
    games: int,
    *,
    backend: Backend | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Positions:
    """Play `games` games of `run` and gather their rows (checked arguments; `OptionsError` names a
    bad one)."""
    game_id, players, bots, keep, branches = run.game_id, run.players, run.bots, run.keep, run.branches
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise OptionsError(
            msg(
                "{game} is for {low}–{high} players, not {players}",
                game=game.name,
                low=game.min_players,
                high=game.max_players,
                players=players,
            )
        )
    checked = game.options(run.options)
    game.validate_options(players, checked)
    if games < 1:
        raise OptionsError(msg("the number of games must be at least 1, not {games}", games=games))
    if not 0 < keep <= 1:
        raise OptionsError(msg("the share of positions kept must be in (0, 1], not {keep}", keep=keep))
    if branches < 1:
        raise OptionsError(msg("each kept position needs at least one branch, not {branches}", branches=branches))
    if not bots:
        raise OptionsError(msg("name at least one bot to play the games"))
    for spec in bots:
        make_bot(spec, 0, game_id)
    runner = backend or LocalBackend()
    play = partial(positions_of_game, replace(run, game_id=game.id, options=checked.to_dict(), bots=tuple(bots)))
    rows, targets, origins, scores = [], [], [], []
    for index, (game_rows, game_targets, game_scores) in enumerate(runner.map(play, range(games))):
        rows.append(game_rows)
        targets.append(game_targets)
        origins.append(np.full(len(game_targets), index, dtype=np.int32))
        scores.append(game_scores)
        if progress is not None:
            progress(index + 1, games)
    return Positions(np.concatenate(rows), np.concatenate(targets), np.concatenate(origins), scores)

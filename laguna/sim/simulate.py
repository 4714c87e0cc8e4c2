"""Many seeded games between bots, written as JSON lines and summarised.

Game ``i`` of a run with seed ``s`` uses the seed ``s * 1_000_003 + i``, and each seat's bot is seeded
from that game seed and the seat, so every game is a function of the run's seed and its index alone.
Workers may finish in any order, but results are taken back in game order, so the output file is the
same for any number of processes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import IO, Any

from laguna.bots import bot_seed, make_bot
from laguna.core import GameRecord, LagunaError, Match, OptionsError, get_game
from laguna.core.component_data import DataFile, give, given_files
from laguna.core.messages import msg
from laguna.sim.backends import Backend, LocalBackend
from laguna.sim.stats import GameStats, Summary, summarize

MAX_DECISIONS = 1_000_000
"""A game that has not ended after this many decisions is a bug in its rules, not a long game."""

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) after each game."""


def endless(game_id: str, seed: int) -> LagunaError:
    """The error of a game that did not end after `MAX_DECISIONS` decisions."""
    return LagunaError(
        msg(
            "{game} with seed {seed} did not end after {decisions} decisions",
            game=game_id,
            seed=seed,
            decisions=MAX_DECISIONS,
        )
    )


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` (from 0) of a run seeded with `seed`."""
    return seed * 1_000_003 + index


def play_match(game_id: str, bots: Sequence[str], options: Mapping[str, Any], seed: int) -> Match:
    """Play one game between bots to its end; the match holds the final state and the record.

    At each step every seat in ``to_act`` is asked in order; a seat that no longer owes a decision
    once the ones before it have acted is skipped.
    """
    match = Match(game_id, list(bots), options, seed)
    players = [make_bot(spec, bot_seed(seed, seat), game_id) for seat, spec in enumerate(bots)]
    decisions = 0
    while not match.state.is_terminal():
        for seat in match.state.to_act():
            if seat not in match.state.to_act():
                continue
            match.act(seat, players[seat].choose(match.state, seat))
            decisions += 1
        if decisions > MAX_DECISIONS:
            raise endless(game_id, seed)
    return match


def play_game(game_id: str, bots: list[str], options: dict[str, Any], seed: int) -> GameRecord:
    """The record of one game between bots (a function of the arguments only)."""
    return play_match(game_id, bots, options, seed).record


def final_round(match: Match) -> int | None:
    """The round number the spectator's view shows at the end, if the game's view has one."""
    value = match.state.view(None).get("round")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def play_task(task: Task) -> tuple[str, GameStats]:
    """One game `(game_id, bots, options, seed)` for a worker process: its record as a JSON line and
    the facts a summary needs."""
    game_id, bots, options, seed = task
    match = play_match(game_id, bots, options, seed)
    record = match.record
    assert record.result is not None  # play_match only returns finished games
    stats = GameStats.from_result(record.result, len(record.actions), final_round(match))
    return record.dumps(), stats


def check_setup(
    game_id: str,
    players: int,
    bots: Sequence[str],
    options: Mapping[str, Any],
    *,
    games: int = 1,
    jobs: int = 1,
) -> dict[str, Any]:
    """Refuse a bad game, player count, option, bot or count before any work starts; return the
    options as JSON.

    Errors then come from this process with a clear message, not from inside a worker.
    """
    if games < 1:
        raise OptionsError(msg("the number of games must be at least 1, not {games}", games=games))
    if jobs < 1:
        raise OptionsError(msg("the number of jobs must be at least 1, not {jobs}", jobs=jobs))
    game = get_game(game_id)
    if len(bots) != players:
        raise OptionsError(
            msg(
                "the number of bots given ({bots}) differs from the number of players ({players})",
                bots=len(bots),
                players=players,
            )
        )
    for seat, spec in enumerate(bots):
        make_bot(spec, seat)
    typed = game.options(options)
    game.new_game(players, typed, 0)
    values: dict[str, Any] = typed.to_dict()
    return values


Task = tuple[str, tuple[str, ...], dict[str, Any], int]
"""One game for a worker: game id, bots by seat, options as JSON, game seed."""


def open_output(path: str | Path) -> IO[str]:
    """Open `path` for writing; a clear error if it cannot be."""
    try:
        return Path(path).open("w", encoding="utf-8")
    except OSError as error:
        raise LagunaError(
            msg("cannot write {path}: {reason}", path=str(path), reason=str(error.strerror or error))
        ) from None


def with_data(
    files: tuple[DataFile, ...], worker: Callable[[Task], tuple[str, GameStats]], task: Task
) -> tuple[str, GameStats]:
    """`worker` on `task` in a process that also knows the data files given to the run's own process
    (a worker process reads no file itself: the options name the data by digest)."""
    give(files)
    return worker(task)


def collect_games(
    runner: Backend,
    worker: Callable[[Task], tuple[str, GameStats]],
    tasks: Sequence[Task],
    out_path: str | Path | None = None,
    progress: Progress | None = None,
) -> list[GameStats]:
    """Play `tasks` on `runner`; write each game's record line to `out_path` (if given) in task order,
    report progress after each game, and return the games' stats in task order."""
    collected: list[GameStats] = []
    files = given_files()
    if files:
        worker = partial(with_data, files, worker)
    with ExitStack() as stack:
        out = stack.enter_context(open_output(out_path)) if out_path is not None else None
        for line, stats in runner.map(worker, tasks):
            if out is not None:
                out.write(line + "\n")
                out.flush()  # a run stopped midway keeps every game it finished
            collected.append(stats)
            if progress is not None:
                progress(len(collected), len(tasks))
    return collected


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    out_path: str | Path | None = None,
    progress: Progress | None = None,
) -> Summary:
    """Play `games` games, write one record per line to `out_path` (if given), and summarise them."""
    seat_bots = list(bots) if bots is not None else ["random"] * players
    typed = check_setup(game_id, players, seat_bots, options or {}, games=games, jobs=jobs)
    tasks = [(game_id, tuple(seat_bots), typed, game_seed(seed, index)) for index in range(games)]
    collected = collect_games(LocalBackend(jobs), play_task, tasks, out_path, progress)
    return summarize(game_id, seat_bots, collected)

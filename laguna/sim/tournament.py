"""Tournaments: bots play seeded games in fairly rotated seats (`laguna.sim.seating`); results
become ratings and a report (`laguna.sim.summary`). A bot listed twice plays as two entrants
(``random`` and ``random#2``), to measure the seats themselves or the noise between equal players.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from laguna.bots import make_bot
from laguna.core import LagunaError, OptionsError, get_game
from laguna.core.messages import msg
from laguna.sim.backends import Backend, LocalBackend
from laguna.sim.seating import Seating, schedule
from laguna.sim.simulate import (
    Progress,
    Task,
    check_setup,
    collect_games,
    final_round,
    open_output,
    play_match,
)
from laguna.sim.stats import GameStats
from laguna.sim.summary import RESAMPLES, TournamentSummary, summarize_tournament

# ------------------------------------------------------------------ running


def bot_names(specs: Sequence[str]) -> list[str]:
    """The bots' canonical names (``Random`` → ``random``); an unknown bot is refused naming it."""
    return [make_bot(spec, 0).name for spec in specs]


def bot_labels(specs: Sequence[str]) -> list[str]:
    """A distinct name per listed bot: its canonical name, numbered from the second time it is
    listed (``random,random`` → ``random``, ``random#2``), so a bot can meet a copy of itself.

    >>> bot_labels(["Random", "greedy", "random"])
    ['random', 'greedy', 'random#2']
    """
    labels: list[str] = []
    for name in bot_names(specs):
        taken = [spec_of(label) for label in labels].count(name)
        labels.append(name if not taken else f"{name}#{taken + 1}")
    return labels


def spec_of(label: str) -> str:
    """The bot spec behind a label (``random#2`` → ``random``)."""
    return label.partition("#")[0]


def _play_seated(task: Task) -> tuple[str, GameStats]:
    """One tournament game for a worker: its record line (seats named by label) and its stats."""
    game_id, labels, options, seed = task
    match = play_match(game_id, [spec_of(label) for label in labels], options, seed)
    match.record.seats = list(labels)
    record = match.record
    assert record.result is not None  # play_match only returns finished games
    return record.dumps(), GameStats.from_result(record.result, len(record.actions), final_round(match))


def output_dir(path: str | Path) -> Path:
    """Create the output directory (and its parents); a clear error if it cannot be."""
    where = Path(path)
    try:
        where.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise LagunaError(msg("cannot write to {path}: it is a file, not a directory", path=str(where))) from None
    except OSError as error:
        raise LagunaError(
            msg("cannot create {path}: {reason}", path=str(where), reason=str(error.strerror or error))
        ) from None
    return where


def write_json(path: Path, data: Any) -> None:
    with open_output(path) as out:
        out.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def check_tournament(
    game_id: str, players: int, bots: Sequence[str], options: Mapping[str, Any], games: int
) -> tuple[list[str], dict[str, Any]]:
    """Refuse a bad set-up before any game is played; return the bots' labels and the options as JSON."""
    game = get_game(game_id)
    if len(bots) < 2:
        raise OptionsError(msg("a tournament needs at least two bots, e.g. --bots random,greedy (or random,random)"))
    names = bot_labels(bots)
    if players < 2:
        if game.min_players == 1:
            raise OptionsError(
                msg(
                    "a tournament needs at least 2 players, not {players}; for the solo game: laguna solo",
                    players=players,
                )
            )
        raise OptionsError(msg("a tournament needs at least 2 players, not {players}", players=players))
    game.check_players(players)
    first = schedule(names, players, 1, 0)[0].lineup
    typed = check_setup(game_id, players, [spec_of(label) for label in first], options, games=games)
    return names, typed


@dataclass(frozen=True, slots=True)
class TournamentResult:
    summary: TournamentSummary
    seatings: tuple[Seating, ...]
    files: tuple[Path, ...]


def tournament(
    game_id: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    backend: Backend | None = None,
    out_dir: str | Path | None = None,
    progress: Progress | None = None,
    resamples: int = RESAMPLES,
    plot: bool = True,
) -> TournamentResult:
    """Play a tournament and summarise it; with `out_dir`, write ``games.jsonl``, ``summary.json``
    and (unless `plot` is false) ``ratings.png`` there.

    Each line of ``games.jsonl`` is a game record whose ``seats`` are the lineup (bot labels), in
    game order, so ``laguna replay`` verifies the file.
    """
    names, typed = check_tournament(game_id, players, bots, options or {}, games)
    game_id = get_game(game_id).id
    seatings = schedule(names, players, games, seed)
    tasks = [(game_id, s.lineup, typed, s.seed) for s in seatings]
    runner = backend if backend is not None else LocalBackend()
    folder = output_dir(out_dir) if out_dir is not None else None
    files: list[Path] = []
    results = collect_games(runner, _play_seated, tasks, folder / "games.jsonl" if folder else None, progress)
    summary = summarize_tournament(game_id, names, seatings, results, seed=seed, options=typed, resamples=resamples)
    if folder is not None:
        files.append(folder / "games.jsonl")
        write_json(folder / "summary.json", summary.to_json())
        files.append(folder / "summary.json")
        if plot:
            from laguna.sim.plot import plot_tournament  # noqa: PLC0415  (matplotlib is slow to import)

            plot_tournament(summary, folder / "ratings.png")
            files.append(folder / "ratings.png")
    return TournamentResult(summary, tuple(seatings), tuple(files))


def expected_win_rate(players: int) -> float:
    """A seat's win rate if no seat had an advantage."""
    return 1 / players if players else math.nan

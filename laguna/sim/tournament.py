"""Tournaments: bots play seeded games in fairly rotated seats; results become ratings and a report.

Seating. The games come in deal groups of N games (N = players) that share one game seed, so one deal
of the cards and dice is played from every seat: group g uses ``game_seed(seed, g)``, and its N games
are the N rotations of one base lineup (game r of the group seats ``base[(s + r) % N]`` at seat s).
The base lineups, one per group, repeat in a cycle:

- B bots for N = B seats: the bots in the order given (the cycle is one group, N games);
- B > N: every ordered choice of N of the B bots, one rotation class per group, in a fixed order
  (combinations in list order, then the orders of each that keep its first bot first);
- B < N: the bot list repeated to fill the seats, starting from each bot in turn (rotation
  duplicates dropped), so every bot holds the same number of seats over a cycle.

Over a whole cycle every bot sits in every seat equally often; a run whose number of games is not a
multiple of the cycle length says so. A bot listed twice plays as two entrants (``random`` and
``random#2``), to measure the seats themselves or the noise between equal players.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from laguna.bots import make_bot
from laguna.core import LagunaError, OptionsError, get_game
from laguna.core.messages import msg
from laguna.sim.backends import Backend, LocalBackend
from laguna.sim.ratings import (
    EloRating,
    Proportion,
    RatedGame,
    SkillRating,
    bradley_terry,
    head_to_head,
    openskill_ratings,
    ratings_json,
    wilson,
)
from laguna.sim.simulate import (
    Progress,
    Task,
    check_setup,
    collect_games,
    final_round,
    game_seed,
    open_output,
    play_match,
)
from laguna.sim.stats import GameStats, Interval, Spread, mean_ci

RESAMPLES = 200
"""Bootstrap resamples behind the Bradley–Terry intervals: enough for stable 2.5% and 97.5% points."""


# ------------------------------------------------------------------ seating


def _rotation(lineup: Sequence[str], shift: int) -> tuple[str, ...]:
    n = len(lineup)
    return tuple(lineup[(seat + shift) % n] for seat in range(n))


def base_lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """One base lineup per deal group of a cycle (see the module's description).

    >>> base_lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> base_lineups(["a", "b"], 3)
    [('a', 'b', 'a'), ('b', 'a', 'b')]
    """
    count = len(bots)
    if count < 1 or players < 1:
        raise ValueError("a lineup needs bots and seats")
    if count == players:
        return [tuple(bots)]
    if count > players:
        return [(chosen[0], *order) for chosen in combinations(bots, players) for order in permutations(chosen[1:])]
    bases: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for start in range(count):
        base = tuple(bots[(start + seat) % count] for seat in range(players))
        if base not in seen:
            bases.append(base)
            seen.update(_rotation(base, shift) for shift in range(players))
    return bases


@dataclass(frozen=True, slots=True)
class Seating:
    """Game `index` of a tournament: its deal group, game seed and the bot of each seat."""

    index: int
    group: int
    seed: int
    lineup: tuple[str, ...]


def schedule(bots: Sequence[str], players: int, games: int, seed: int) -> list[Seating]:
    """The seating of every game: a function of the bot list, the seat count, the index and the seed.

    >>> [s.lineup for s in schedule(["a", "b"], 2, 4, 0)]
    [('a', 'b'), ('b', 'a'), ('a', 'b'), ('b', 'a')]
    >>> [s.seed for s in schedule(["a", "b"], 2, 4, 0)]
    [0, 0, 1, 1]
    """
    bases = base_lineups(bots, players)
    seatings = []
    for index in range(games):
        group, shift = divmod(index, players)
        base = bases[group % len(bases)]
        seatings.append(Seating(index, group, game_seed(seed, group), _rotation(base, shift)))
    return seatings


def cycle_length(bots: Sequence[str], players: int) -> int:
    """Games after which every bot has sat in every seat equally often."""
    return len(base_lineups(bots, players)) * players


# ------------------------------------------------------------------ summary


def _quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return (values[0], values[0], values[0])
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (q1, q2, q3)


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot over all its seats. ``win`` splits a k-way shared victory into 1/k (so the win rates
    of the seats of a game add up to 1); ``wins`` counts every first place, shared or not."""

    bot: str
    seats_played: int
    wins: int
    win: Proportion
    score: Interval
    scores: tuple[int, ...] = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        q1, median, q3 = _quartiles(self.scores)
        return {
            "seats_played": self.seats_played,
            "wins": self.wins,
            "win_rate": self.win.to_json(),
            "score": self.score.to_json(),
            "score_min": min(self.scores),
            "score_q1": q1,
            "score_median": median,
            "score_q3": q3,
            "score_max": max(self.scores),
        }


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat over all games, whoever sat in it: the first-player advantage, or its absence."""

    seat: int
    win: Proportion
    score: Interval

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "win_rate": self.win.to_json(), "score": self.score.to_json()}


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any]
    cycle: int
    per_bot: tuple[BotSummary, ...]
    seats: tuple[SeatStats, ...]
    head_to_head: dict[str, dict[str, Proportion]]
    openskill: dict[str, SkillRating]
    bradley_terry: dict[str, EloRating]
    decisions: Spread
    rounds: Spread | None
    resamples: int

    @property
    def balanced(self) -> bool:
        """Whether every bot sat in every seat equally often (whole cycles were played)."""
        return self.games % self.cycle == 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "seating": {
                "cycle": self.cycle,
                "deal_group": self.players,
                "balanced": self.balanced,
            },
            "per_bot": {b.bot: b.to_json() for b in self.per_bot},
            "seats": [s.to_json() for s in self.seats],
            "head_to_head": {a: {b: p.to_json() for b, p in row.items()} for a, row in self.head_to_head.items()},
            "ratings": {
                "openskill": {"model": "PlackettLuce", "tau": 0.0, "bots": ratings_json(self.openskill)},
                "bradley_terry": {
                    "scale": "Elo, field average 0",
                    "bootstrap_resamples": self.resamples,
                    "bootstrap_seed": self.seed,
                    "bots": ratings_json(self.bradley_terry),
                },
            },
            "decisions": {"mean": self.decisions.mean, "min": self.decisions.minimum, "max": self.decisions.maximum},
            "rounds": None
            if self.rounds is None
            else {"mean": self.rounds.mean, "min": self.rounds.minimum, "max": self.rounds.maximum},
        }


def summarize_tournament(
    game: str,
    bots: Sequence[str],
    seatings: Sequence[Seating],
    results: Sequence[GameStats],
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    resamples: int = RESAMPLES,
) -> TournamentSummary:
    """Everything the report shows, computed in game order (so it is the same however games ran)."""
    if not results or len(results) != len(seatings):
        raise ValueError("a summary needs one result per seating, and at least one")
    players = len(seatings[0].lineup)
    scores: dict[str, list[int]] = {bot: [] for bot in bots}
    shares = dict.fromkeys(bots, 0.0)
    firsts = dict.fromkeys(bots, 0)
    seat_shares = [0.0] * players
    seat_scores: list[list[int]] = [[] for _ in range(players)]
    rated = []
    for seating, stats in zip(seatings, results, strict=True):
        winners = [seat for seat, r in enumerate(stats.ranks) if r == 1]
        for seat, bot in enumerate(seating.lineup):
            scores[bot].append(stats.scores[seat])
            seat_scores[seat].append(stats.scores[seat])
            if seat in winners:
                shares[bot] += 1 / len(winners)
                firsts[bot] += 1
                seat_shares[seat] += 1 / len(winners)
        rated.append(RatedGame(seating.lineup, stats.ranks, seating.group))
    per_bot = tuple(
        BotSummary(
            bot,
            len(scores[bot]),
            firsts[bot],
            wilson(min(shares[bot], len(scores[bot])), len(scores[bot])),
            mean_ci(scores[bot]),
            tuple(scores[bot]),
        )
        for bot in bots
    )
    games = len(results)
    seats = tuple(
        SeatStats(seat, wilson(min(seat_shares[seat], games), games), mean_ci(seat_scores[seat]))
        for seat in range(players)
    )
    rounds = [stats.rounds for stats in results]
    return TournamentSummary(
        game=game,
        players=players,
        bots=tuple(bots),
        games=games,
        seed=seed,
        options=dict(options or {}),
        cycle=cycle_length(bots, players),
        per_bot=per_bot,
        seats=seats,
        head_to_head=head_to_head(bots, rated),
        openskill=openskill_ratings(bots, rated),
        bradley_terry=bradley_terry(bots, rated, resamples=resamples, seed=seed),
        decisions=Spread.of([stats.decisions for stats in results]),
        rounds=Spread.of([r for r in rounds if r is not None]) if None not in rounds else None,
        resamples=resamples,
    )


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
    if not game.min_players <= players <= game.max_players:
        raise OptionsError(
            msg(
                "{game} is for {least}–{most} players, not {players}",
                game=game.name,
                least=game.min_players,
                most=game.max_players,
                players=players,
            )
        )
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

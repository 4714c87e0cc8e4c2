"""The ``laguna`` command: list games, play at the terminal, simulate bots, run tournaments and solo
evaluations, replay records, benchmark.

Every error a user can cause (an unknown game, a bad option, an unreadable or illegal record) is a
`LagunaError`; the commands turn it into one ``error: …`` line on stderr and exit code 2 (1 when a
record fails verification), never a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
import uvicorn
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text
from sqlalchemy import make_url

from laguna.cli.play import PlaySettings, outcome_lines, parse_seats, play, score_sheet
from laguna.core import GameRecord, LagunaError, RecordError, get_game, read_records, verify
from laguna.core import games as registered_games
from laguna.core.registry import AnyGame
from laguna.server.app import BOT_WORKERS_VARIABLE, DATABASE_VARIABLE, create_app
from laguna.server.db import default_database_url, make_engine, only_server, upgrade
from laguna.sim import bench, simulate
from laguna.sim.backends import BACKENDS, make_backend
from laguna.sim.simulate import check_setup
from laguna.sim.solo import SoloSummary, check_solo, solo
from laguna.sim.stats import Summary
from laguna.sim.tournament import TournamentSummary, check_tournament, expected_win_rate, output_dir, tournament

EXIT_ERROR = 2
EXIT_FAILED = 1

app = typer.Typer(
    name="laguna",
    help="Board games of the Venetian lagoon: play, simulate, run bot tournaments, replay and benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _stdout() -> Console:
    # Made per command, so the width and streams are those of the moment (and of a test runner).
    return Console(highlight=False)


def _fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    typer.echo("error: " + " ".join(message.split()), err=True)
    raise typer.Exit(code)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn a `LagunaError` into one line on stderr and exit code 2."""
    try:
        yield
    except LagunaError as error:
        _fail(str(error))


OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="A game option (repeatable); `laguna games` lists them.",
    ),
]


JobsOption = Annotated[int, typer.Option("--jobs", "-j", help="Worker processes, or Ray CPUs (1: this process).")]
BackendOption = Annotated[
    str,
    typer.Option("--backend", help=f"Where games run: {' or '.join(BACKENDS)} (ray needs the optional ray extra)."),
]
AddressOption = Annotated[
    str | None,
    typer.Option("--address", help="Address of a Ray cluster (with --backend ray; default: start Ray here)."),
]


@contextmanager
def _progress(label: str, games: int) -> Iterator[Callable[[int, int], None]]:
    """A progress bar of games on stderr, and the callback that moves it."""
    bar = Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=Console(stderr=True)
    )
    with bar:
        task = bar.add_task("games", total=games)
        yield lambda done, _total: bar.update(task, completed=done)


def _default_players(game: AnyGame, wanted: int | None) -> int:
    if wanted is not None:
        return wanted
    return max(game.min_players, min(2, game.max_players))


def _player_range(game: AnyGame) -> str:
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}–{game.max_players}"


@app.command("games")
def games_command() -> None:
    """List the games, their player counts and their options."""
    console = _stdout()
    with _user_errors():
        found = registered_games()
    if not found:
        console.print("No games are installed.")
        return
    table = Table(title="Games", title_justify="left")
    table.add_column("id", no_wrap=True, style="bold")
    table.add_column("name")
    table.add_column("players", no_wrap=True, justify="center")
    table.add_column("about")
    for game in found:
        table.add_row(game.id, game.name, _player_range(game), game.summary)
    console.print(table)
    for game in found:
        described = game.options_type.describe()
        if not described:
            continue
        options = Table(title=f"Options of {game.id} (--option name=value)", title_justify="left")
        options.add_column("name", no_wrap=True, style="bold")
        options.add_column("type", no_wrap=True)
        options.add_column("default")
        options.add_column("help")
        for info in described:
            default = info.default if isinstance(info.default, str) else json.dumps(info.default)
            options.add_row(info.name.replace("_", "-"), info.kind, default, info.help)
        console.print(options)


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(help="The game id (see `laguna games`).")],
    *,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", help="Who sits where, e.g. human,random (default: human, then random bots)."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the game (default: a random one).")] = None,
    option: OptionPairs = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write the game record (JSON) here at the end or on quit.")
    ] = None,
) -> None:
    """Play a game at the terminal against bots or other people at the same keyboard.

    Exits with 1 if the input ends before the game does.
    """
    with _user_errors():
        found = get_game(game)
        if players is None and seats is not None:
            players = len(seats.split(","))
        count = _default_players(found, players)
        settings = PlaySettings(found.id, count, parse_seats(seats, count), seed, option or [], save)
        code = play(settings, _stdout())
    if code:
        raise typer.Exit(code)


def _summary_tables(summary: Summary) -> list[Table]:
    seats = Table(title=f"{summary.game}: {summary.games} games", title_justify="left")
    for name, justify in (
        ("seat", "left"),
        ("bot", "left"),
        ("wins", "right"),
        ("win share", "right"),
        ("win %", "right"),
        ("mean score ± 95% CI", "right"),
        ("min", "right"),
        ("max", "right"),
    ):
        seats.add_column(name, justify=justify)  # type: ignore[arg-type]
    for seat in summary.seats:
        seats.add_row(
            f"P{seat.seat + 1}",
            seat.bot,
            str(seat.wins),
            f"{seat.win_share:.2f}",
            f"{100 * seat.win_share / summary.games:.1f}",
            str(seat.score),
            str(seat.min_score),
            str(seat.max_score),
        )
    length = Table(title="Game length", title_justify="left")
    for name in ("measure", "mean", "min", "max"):
        length.add_column(name, justify="left" if name == "measure" else "right")
    spreads = [("decisions", summary.decisions), ("rounds", summary.rounds)]
    for name, spread in spreads:
        if spread is not None:
            length.add_row(name, f"{spread.mean:.1f}", f"{spread.minimum:g}", f"{spread.maximum:g}")
    tables = [seats, length]
    if summary.ratings:
        ratings = Table(title="Solo ratings", title_justify="left")
        ratings.add_column("rating")
        ratings.add_column("games", justify="right")
        for rating, count in summary.ratings:
            ratings.add_row(rating, str(count))
        tables.append(ratings)
    return tables


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="The game id (see `laguna games`).")],
    *,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run; game i uses seed*1000003+i.")] = 0,
    out: Annotated[Path | None, typer.Option("--out", help="Write one record per line (JSONL) here.")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (1: this process).")] = 1,
    bots: Annotated[
        str | None, typer.Option("--bots", help="A bot per seat, e.g. random,random (default: all random).")
    ] = None,
    option: OptionPairs = None,
) -> None:
    """Play many seeded games between bots and summarise wins, scores and game length."""
    console = _stdout()
    with _user_errors():
        found = get_game(game)
        if players is None and bots is not None:
            players = len(bots.split(","))
        count = _default_players(found, players)
        seat_bots = [b.strip() for b in bots.split(",")] if bots is not None else ["random"] * count
        options = found.options_type.parse_pairs(option or []).to_dict()
        check_setup(found.id, count, seat_bots, options, games=games, jobs=jobs)  # fail before the progress bar shows
        with _progress("simulating", games) as progress:
            summary = simulate(
                found.id,
                count,
                games,
                seed=seed,
                bots=seat_bots,
                options=options,
                jobs=jobs,
                out_path=out,
                progress=progress,
            )
    for table in _summary_tables(summary):
        console.print(table)
    if out is not None:
        console.print(f"{summary.games} records written to {out}")


def _tournament_tables(summary: TournamentSummary) -> list[Table]:
    order = sorted(summary.bots, key=lambda bot: (-summary.bradley_terry[bot].elo, bot))
    ratings = Table(
        title=f"{summary.game}, {summary.players} players: {summary.games} games, seed {summary.seed}",
        title_justify="left",
    )
    for name in ("bot", "Bradley–Terry Elo", "95% interval", "OpenSkill mu", "mu ± 1.96 sigma", "ordinal"):
        ratings.add_column(name, justify="left" if name == "bot" else "right")
    for bot in order:
        elo, skill = summary.bradley_terry[bot], summary.openskill[bot]
        ratings.add_row(
            bot,
            f"{elo.elo:+.0f}",
            f"[{elo.low:+.0f}, {elo.high:+.0f}]",
            f"{skill.mu:.2f}",
            f"[{skill.low:.2f}, {skill.high:.2f}]",
            f"{skill.ordinal:.2f}",
        )
    per_bot = {b.bot: b for b in summary.per_bot}
    wins = Table(title="Per bot (win rate: first places, a shared one split; 95% Wilson)", title_justify="left")
    for name in ("bot", "seats played", "first places", "win rate [95%]", "mean score ± 95% CI", "min", "max"):
        wins.add_column(name, justify="left" if name == "bot" else "right")
    for bot in order:
        b = per_bot[bot]
        wins.add_row(
            bot, str(b.seats_played), str(b.wins), str(b.win), str(b.score), str(min(b.scores)), str(max(b.scores))
        )
    pairs = Table(title="Head to head: how often the row bot finished ahead of the column bot", title_justify="left")
    pairs.add_column("bot")
    for bot in order:
        pairs.add_column(bot, justify="right")
    for a in order:
        pairs.add_row(a, *("" if a == b else str(summary.head_to_head[a][b]) for b in order))
    fair = expected_win_rate(summary.players)
    seats = Table(title=f"Per seat (no seat advantage: {100 * fair:.1f}% each)", title_justify="left")
    for name in ("seat", "win rate [95%]", "mean score ± 95% CI"):
        seats.add_column(name, justify="left" if name == "seat" else "right")
    for seat in summary.seats:
        seats.add_row(f"P{seat.seat + 1}", str(seat.win), str(seat.score))
    length = Table(title="Game length", title_justify="left")
    for name in ("measure", "mean", "min", "max"):
        length.add_column(name, justify="left" if name == "measure" else "right")
    for name, spread in (("decisions", summary.decisions), ("rounds", summary.rounds)):
        if spread is not None:
            length.add_row(name, f"{spread.mean:.1f}", f"{spread.minimum:g}", f"{spread.maximum:g}")
    return [ratings, wins, pairs, seats, length]


@app.command("tournament")
def tournament_command(
    game: Annotated[str, typer.Argument(help="The game id (see `laguna games`).")],
    *,
    bots: Annotated[str, typer.Option("--bots", help="Two or more bots, e.g. random,greedy,ismcts:500.")],
    out: Annotated[Path, typer.Option("--out", help="Directory for games.jsonl, summary.json and ratings.png.")],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Seats per game (default: one per bot, within the game's range)."),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the run; deal group g (N games) uses seed*1000003+g.")
    ] = 0,
    jobs: JobsOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: OptionPairs = None,
) -> None:
    """Play bots against each other in rotated seats; report ratings, win rates and scores."""
    console = _stdout()
    with _user_errors():
        found = get_game(game)
        specs = [b.strip() for b in bots.split(",") if b.strip()]
        if players is None:
            players = max(2, found.min_players, min(len(specs), found.max_players))
        options = found.options_type.parse_pairs(option or []).to_dict()
        check_tournament(found.id, players, specs, options, games)  # fail before the progress bar shows
        runner = make_backend(backend, jobs, address)
        output_dir(out)
        with _progress("tournament", games) as progress:
            result = tournament(
                found.id,
                players,
                specs,
                games,
                seed,
                options=options,
                backend=runner,
                out_dir=out,
                progress=progress,
            )
    summary = result.summary
    for table in _tournament_tables(summary):
        console.print(table)
    if not summary.balanced:
        console.print(
            f"note: {summary.games} games is not a multiple of the seating cycle ({summary.cycle} games), "
            "so the bots did not sit in every seat equally often"
        )
    console.print(Text("written: " + ", ".join(str(path) for path in result.files)))


def _solo_tables(summary: SoloSummary) -> list[Table]:
    scores = Table(title=f"{summary.game} solo, {summary.bot}: {summary.games} games", title_justify="left")
    for name in ("mean ± 95% CI", "median", "quartiles", "min", "max", "decisions per game"):
        scores.add_column(name, justify="right")
    scores.add_row(
        str(summary.score),
        f"{summary.median:g}",
        f"{summary.quartiles[0]:g} – {summary.quartiles[1]:g}",
        str(summary.minimum),
        str(summary.maximum),
        f"{summary.decisions.mean:.1f}",
    )
    bars = Table(title="Scores", title_justify="left")
    bars.add_column("VP", justify="right", no_wrap=True)
    bars.add_column("games", justify="right")
    bars.add_column("", no_wrap=True)
    most = max(b.count for b in summary.histogram)
    for b in summary.histogram:
        span = str(b.low) if b.low == b.high else f"{b.low} to {b.high}"
        bars.add_row(span, str(b.count), "█" * round(30 * b.count / most))
    tables = [scores, bars]
    if summary.tiers:
        tiers = Table(title="Rulebook solo ratings", title_justify="left")
        for name in ("rating", "score", "games reaching it", "share", "games ending there"):
            tiers.add_column(name, justify="left" if name == "rating" else "right")
        for t in summary.tiers:
            floor = "any" if t.tier.floor is None else f"{t.tier.floor}+"
            tiers.add_row(
                t.tier.title, floor, str(t.reached), f"{100 * t.reached / summary.games:.1f}%", str(t.exactly)
            )
        tables.append(tiers)
    return tables


@app.command("solo")
def solo_command(
    game: Annotated[str, typer.Argument(help="A game with a solo mode (see `laguna games`).")],
    *,
    bot: Annotated[str, typer.Option("--bot", help="The bot to evaluate, e.g. greedy or ismcts:500.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run; game i uses seed*1000003+i.")] = 0,
    jobs: JobsOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: OptionPairs = None,
    out: Annotated[Path | None, typer.Option("--out", help="Directory for games.jsonl and summary.json.")] = None,
) -> None:
    """Play a bot through a game's solo mode: score distribution and the rulebook's rating tiers."""
    console = _stdout()
    with _user_errors():
        found = get_game(game)
        options = found.options_type.parse_pairs(option or []).to_dict()
        check_solo(found.id, bot, games, options)
        runner = make_backend(backend, jobs, address)
        if out is not None:
            output_dir(out)
        with _progress("solo", games) as progress:
            summary = solo(
                found.id,
                bot,
                games,
                seed,
                options=options,
                backend=runner,
                out_dir=out,
                progress=progress,
            )
    for table in _solo_tables(summary):
        console.print(table)
    if out is not None:
        console.print(Text(f"written: {out / 'games.jsonl'}, {out / 'summary.json'}"))


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A record (.json) or many records, one per line (.jsonl).")],
) -> None:
    """Replay and verify game records; show the score sheet (or a table, for many records)."""
    console = _stdout()
    verified: list[tuple[str, GameRecord, Any]] = []
    failures = 0
    with _user_errors():
        for where, item in read_records(file):
            if isinstance(item, RecordError):
                failures += 1
                typer.echo(f"error: {' '.join(str(item).split())}", err=True)
                continue
            try:
                state = verify(item)
            except LagunaError as error:
                failures += 1
                typer.echo(f"error: {where}: {' '.join(str(error).split())}", err=True)
                continue
            verified.append((where, item, state))
    if len(verified) == 1 and failures == 0:
        where, record, state = verified[0]
        console.print(Text(f"{where}: {record.game}, seed {record.seed}, {len(record.actions)} decisions"))
        if state.is_terminal():
            outcome = state.outcome()
            console.print(score_sheet(outcome, record.seats))
            for line in outcome_lines(outcome, record.seats):
                console.print(Text(line))
        else:
            console.print("The game is unfinished.")
    elif verified:
        several_games = len({record.game for _, record, _ in verified}) > 1
        table = Table(title="Verified records", title_justify="left")
        table.add_column("record", no_wrap=True)
        if several_games:
            table.add_column("game", no_wrap=True)
        table.add_column("decisions", justify="right")
        table.add_column("scores", justify="right")
        table.add_column("winners")
        shown = verified[:50]
        for where, record, state in shown:
            if state.is_terminal():
                outcome = state.outcome()
                scores = " ".join(str(s) for s in outcome.scores)
                winners = " ".join(f"P{s + 1}" for s in outcome.winners)
            else:
                scores, winners = "unfinished", ""
            game_cell = [record.game] if several_games else []
            table.add_row(where, *game_cell, str(len(record.actions)), scores, winners)
        console.print(table)
        if len(verified) > len(shown):
            console.print(f"(… {len(verified) - len(shown)} more)")
    noun = "record" if len(verified) == 1 else "records"
    console.print(f"{len(verified)} {noun} verified" + (f", {failures} failed" if failures else ""))
    if failures:
        raise typer.Exit(EXIT_FAILED)


@app.command("bench")
def bench_command(
    game: Annotated[str, typer.Argument(help="The game id (see `laguna games`).")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seconds: Annotated[float, typer.Option("--seconds", help="Seconds per measure.")] = 3.0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
) -> None:
    """Measure random play on one core: decisions, games and state copies per second."""
    console = _stdout()
    with _user_errors():
        result = bench(game, players, seconds, seed)
        seats = "1 player" if result.players == 1 else f"{result.players} players"
        console.print(f"{result.game}, {seats}: random play on one core")
    table = Table()
    table.add_column("measure")
    table.add_column("per second", justify="right")
    table.add_column("counted", justify="right")
    table.add_row("decisions", f"{result.decisions_per_second:,.0f}", f"{result.decisions:,}")
    table.add_row("games", f"{result.games_per_second:,.1f}", f"{result.games:,}")
    table.add_row("copies", f"{result.copies_per_second:,.0f}", f"{result.copies:,}")
    console.print(table)
    console.print(f"{result.decisions_per_game:.1f} decisions per game")


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="The database: sqlite:///file or postgresql://host/db (default: an embedded file)."),
    ] = None,
    bot_workers: Annotated[int, typer.Option("--bot-workers", help="Processes in which bots think.")] = 1,
    workers: Annotated[
        int, typer.Option("--workers", help="Server processes sharing the port (more than one needs PostgreSQL).")
    ] = 1,
) -> None:
    """Start the browser table: live and asynchronous games with friends and bots."""
    url = db or default_database_url()
    with contextlib.ExitStack() as held, _user_errors():
        if workers < 1 or bot_workers < 1:
            raise LagunaError("--workers and --bot-workers must be at least 1")
        engine = make_engine(url)
        if engine.dialect.name != "postgresql":
            if workers > 1:
                raise LagunaError(
                    "several server processes need PostgreSQL (--db postgresql://…): an embedded SQLite file is "
                    "served by one process"
                )
            held.enter_context(only_server(engine))
        web = create_app(url, bot_workers=bot_workers) if workers == 1 else None
        if web is None:
            upgrade(engine)  # once, before the processes start
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        _stdout().print(
            f"Laguna's table is open at http://{shown}:{port}/  (database: {_safe_url(url)}; Ctrl+C stops it)"
        )
        if web is not None:
            uvicorn.run(web, host=host, port=port, log_level="warning")
            return
    os.environ[DATABASE_VARIABLE] = url
    os.environ[BOT_WORKERS_VARIABLE] = str(bot_workers)
    uvicorn.run(
        "laguna.server.app:app_from_environment", factory=True, workers=workers, host=host, port=port,
        log_level="warning",
    )  # fmt: skip


def _safe_url(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def main() -> None:
    """The console script: any error that escapes a command still ends in one line, not a traceback."""
    try:
        app()
    except LagunaError as error:
        typer.echo("error: " + " ".join(str(error).split()), err=True)
        raise SystemExit(EXIT_ERROR) from None
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()

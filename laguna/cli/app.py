"""The ``laguna`` command: list games, play at the terminal, simulate bots, run tournaments and solo
evaluations, replay records, benchmark.

Every error a user can cause (an unknown game, a bad option, an unreadable or illegal record) is a
`LagunaError`; the commands turn it into one ``error: …`` line on stderr and exit code 2 (1 when a
record fails verification), never a traceback.

Everything is said in English or Russian, chosen as a Unix program chooses (`choose_language`):
``--language`` before the command, else ``$LAGUNA_LANGUAGE``, else the locale. The help texts are
written in English, marked with ``N_``, and put into the language of the run when it starts
(`LagunaGroup.main`), with the usage line, panel titles and ``--help`` option that the classes here
word themselves.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from babel.numbers import format_decimal
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text
from sqlalchemy import make_url
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from laguna.cli.play import PlaySettings, outcome_lines, parse_seats, play, score_sheet, shown
from laguna.core import GameRecord, LagunaError, OptionsError, RecordError, get_game, read_records, verify
from laguna.core import games as registered_games
from laguna.core.component_data import forget_given, register_file
from laguna.core.messages import Message, msg
from laguna.core.registry import AnyGame
from laguna.i18n import DEFAULT, LANGUAGES, N_, current, gettext, language, ngettext, translate
from laguna.server.app import (
    BOT_NICENESS_VARIABLE,
    BOT_WORKERS_VARIABLE,
    DATABASE_VARIABLE,
    ORIGINS_VARIABLE,
    SECURE_COOKIES_VARIABLE,
    create_app,
)
from laguna.server.bots import NICENESS
from laguna.server.db import default_database_url, make_engine, only_server, upgrade
from laguna.server.serving import (
    HEADER_TIMEOUT,
    KEEP_ALIVE_TIMEOUT,
    MAX_CONNECTIONS,
    TRUSTED_PROXIES,
    Limits,
    Serving,
    parse_origin,
    parse_trusted,
    serve,
    serve_workers,
)
from laguna.sim import bench, simulate
from laguna.sim.backends import make_backend
from laguna.sim.simulate import check_setup
from laguna.sim.solo import SoloSummary, check_solo, solo
from laguna.sim.stats import Spread, Summary
from laguna.sim.tournament import TournamentSummary, check_tournament, expected_win_rate, output_dir, tournament

if TYPE_CHECKING:
    from typer._click import Command, Context, HelpFormatter

EXIT_ERROR = 2
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130

LANGUAGE_VARIABLE = "LAGUNA_LANGUAGE"
"""The environment variable that names the language of the output, before the locale does."""

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The POSIX variables that name the locale of messages, strongest first (after ``LANGUAGE``)."""


def _locale_language(name: str) -> str:
    """The language part of a locale name: ``ru_RU.UTF-8`` → ``ru``."""
    return re.split(r"[_.@-]", name.strip(), maxsplit=1)[0].lower()


def locale_language(environ: Mapping[str, str]) -> str:
    """The language the locale asks for: the first of ours in the ``LANGUAGE`` list, else that of the
    first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set; English if that one is not ours.

    >>> locale_language({"LANG": "ru_RU.UTF-8"}), locale_language({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"})
    ('ru', 'en')
    """
    for wanted in environ.get("LANGUAGE", "").split(":"):
        if _locale_language(wanted) in LANGUAGES:
            return _locale_language(wanted)
    for variable in LOCALE_VARIABLES:
        if environ.get(variable):
            code = _locale_language(environ[variable])
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def _option_language(args: Sequence[str]) -> str | None:
    """The value of ``--language`` among the options before the command, if it is there."""
    for index, arg in enumerate(args):
        if arg.startswith("--language="):
            return arg.partition("=")[2]
        if arg == "--language":
            return args[index + 1] if index + 1 < len(args) else None
        if arg == "--" or not arg.startswith("-"):
            break
    return None


def choose_language(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of a run of ``laguna`` with `args`: ``--language`` before the command, else
    ``$LAGUNA_LANGUAGE``, else the locale (`locale_language`). A language of neither that is not one
    of ours is an `OptionsError`.

    >>> choose_language(["--language", "ru", "games"], {"LAGUNA_LANGUAGE": "en"})
    'ru'
    """
    named = ((_option_language(args), "--language"), (environ.get(LANGUAGE_VARIABLE) or None, LANGUAGE_VARIABLE))
    for value, source in named:
        if value is None:
            continue
        code = value.strip().lower()
        if code not in LANGUAGES:
            languages = ", ".join(f"{known} ({name})" for known, name in LANGUAGES.items())
            raise OptionsError(
                msg(
                    "unknown language {language} in {source} (languages: {languages})",
                    language=repr(value),
                    source=source,
                    languages=languages,
                )
            )
        return code
    return locale_language(environ)


def _error_language(environ: Mapping[str, str]) -> str:
    """The language to say that the language asked for is unknown in."""
    with contextlib.suppress(LagunaError):
        return choose_language((), environ)
    return locale_language(environ)


def _echo_error(message: Message | str) -> None:
    """One ``error: …`` line on stderr, in the language in force."""
    text = " ".join(translate(message).split())
    typer.echo(gettext("error: {message}").format(message=text), err=True)


HELP_OPTION_HELP = N_("Show this message and exit.")
ARGUMENTS_PANEL = N_("Arguments")
OPTIONS_PANEL = N_("Options")
COMMANDS_PANEL = N_("Commands")


def _translate_help(command: Command) -> None:
    """Put the help of `command`, of its parameters and of its subcommands into the language in force.

    Typer builds the click commands anew for every run, so they are translated once, from English.
    Each parameter and subcommand also gets its panel title, which otherwise Typer would word itself.
    """
    command.help = gettext(command.help) if command.help else command.help
    command.short_help = gettext(command.short_help) if command.short_help else command.short_help
    command.options_metavar = gettext("[OPTIONS]") if command.options_metavar else command.options_metavar
    for param in command.params:
        if isinstance(param, TyperArgument | TyperOption):
            param.help = gettext(param.help) if param.help else param.help
            if not param.rich_help_panel:
                panel = ARGUMENTS_PANEL if isinstance(param, TyperArgument) else OPTIONS_PANEL
                param.rich_help_panel = gettext(panel)
    if isinstance(command, TyperGroup):
        command.subcommand_metavar = gettext("COMMAND [ARGS]...")
        for subcommand in command.commands.values():
            _translate_help(subcommand)
            if isinstance(subcommand, TyperCommand | TyperGroup) and not subcommand.rich_help_panel:
                subcommand.rich_help_panel = gettext(COMMANDS_PANEL)


def _translated_help_option(option: TyperOption | None) -> TyperOption | None:
    if option is not None:
        option.help = gettext(HELP_OPTION_HELP)
        option.rich_help_panel = gettext(OPTIONS_PANEL)
    return option


def _write_usage(command: Command, ctx: Context, formatter: HelpFormatter) -> None:
    pieces = " ".join(command.collect_usage_pieces(ctx))
    formatter.write_usage(ctx.command_path, pieces, prefix=gettext("Usage: "))


class LagunaCommand(TyperCommand):
    """A command whose usage line and ``--help`` option are worded in the language in force."""

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        return _translated_help_option(super().get_help_option(ctx))


class LagunaGroup(TyperGroup):
    """The ``laguna`` command, which chooses the language of a run before Click reads a word of it,
    so that help, usage and errors are all in that language."""

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        return _translated_help_option(super().get_help_option(ctx))

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run in the chosen language; an unknown language, or any `LagunaError` that escapes a
        command, ends in one ``error: …`` line and exit code 2, never a traceback."""
        try:
            code = choose_language(sys.argv[1:] if args is None else args, os.environ)
        except LagunaError as error:
            with language(_error_language(os.environ)):
                _echo_error(error.message)
            raise SystemExit(EXIT_ERROR) from None
        with language(code):
            _translate_help(self)
            try:
                return super().main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
            except LagunaError as error:
                _echo_error(error.message)
                raise SystemExit(EXIT_ERROR) from None
            except KeyboardInterrupt:
                typer.echo(gettext("interrupted"), err=True)
                raise SystemExit(EXIT_INTERRUPTED) from None


app = typer.Typer(
    name="laguna",
    cls=LagunaGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback(help=N_("Board games of the Venetian lagoon: play, simulate, run bot tournaments, replay and benchmark."))
def laguna(
    chosen: Annotated[
        str | None,
        typer.Option(
            "--language",
            metavar="|".join(LANGUAGES),
            help=N_(
                "The language of the output (default: $LAGUNA_LANGUAGE, else the locale: LANGUAGE, LC_ALL, "
                "LC_MESSAGES, LANG; else English)."
            ),
        ),
    ] = None,
) -> None:
    """Options for every command; ``--language`` is applied before Click parses the command line (see
    `LagunaGroup.main`), so there is nothing left to do with it here."""


def _stdout() -> Console:
    # Made per command, so the width and streams are those of the moment (and of a test runner).
    return Console(highlight=False)


def _fail(message: Message | str, code: int = EXIT_ERROR) -> NoReturn:
    _echo_error(message)
    raise typer.Exit(code)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn a `LagunaError` into one line on stderr and exit code 2."""
    try:
        yield
    except LagunaError as error:
        _fail(error.message)


OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help=N_("A game option (repeatable); `laguna games` lists them."),
    ),
]

GameArgument = Annotated[str, typer.Argument(help=N_("The game id (see `laguna games`)."))]
PlayersOption = Annotated[int | None, typer.Option("--players", "-p", help=N_("Number of seats."))]
GamesOption = Annotated[int, typer.Option("--games", "-n", help=N_("Number of games."))]
RunSeedOption = Annotated[int, typer.Option("--seed", help=N_("Seed of the run; game i uses seed*1000003+i."))]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", help=N_("Worker processes, or Ray CPUs (1: this process)."))]
BackendOption = Annotated[
    str,
    typer.Option("--backend", help=N_("Where games run: local or ray (ray needs the optional ray extra).")),
]
AddressOption = Annotated[
    str | None,
    typer.Option("--address", help=N_("Address of a Ray cluster (with --backend ray; default: start Ray here).")),
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


def _columns(table: Table, *headers: tuple[str, str]) -> None:
    """Add columns by (English header marked with N_, justification), the headers translated."""
    for header, justify in headers:
        table.add_column(gettext(header), justify=justify)  # type: ignore[arg-type]


def _number(value: float, decimals: int = 0) -> str:
    """`value` with the digit groups and decimal mark of the language in force (``12,345.6``, ``12 345,6``)."""
    return format_decimal(value, format="#,##0" + ("." + "0" * decimals if decimals else ""), locale=current())


def _seat(seat: int) -> str:
    return gettext("P{number}").format(number=seat + 1)


def _length_table(decisions: Spread | None, rounds: Spread | None) -> Table:
    """How long the games were, in decisions and (where the game counts them) rounds."""
    length = Table(title=gettext("Game length"), title_justify="left")
    _columns(length, (N_("measure"), "left"), (N_("mean"), "right"), (N_("min"), "right"), (N_("max"), "right"))
    for name, spread in ((N_("decisions"), decisions), (N_("rounds"), rounds)):
        if spread is not None:
            length.add_row(gettext(name), f"{spread.mean:.1f}", f"{spread.minimum:g}", f"{spread.maximum:g}")
    return length


@app.command("games", cls=LagunaCommand, help=N_("List the games, their player counts and their options."))
def games_command() -> None:
    console = _stdout()
    with _user_errors():
        found = registered_games()
    if not found:
        console.print(gettext("No games are installed."))
        return
    table = Table(title=gettext("Games"), title_justify="left")
    table.add_column(gettext("id"), no_wrap=True, style="bold")
    table.add_column(gettext("name"))
    table.add_column(gettext("players"), no_wrap=True, justify="center")
    table.add_column(gettext("about"))
    for game in found:
        table.add_row(game.id, shown(game.name), _player_range(game), shown(game.summary))
    console.print(table)
    for game in found:
        described = game.options_type.describe()
        if not described:
            continue
        title = gettext("Options of {game} (--option name=value)").format(game=game.id)
        options = Table(title=title, title_justify="left")
        options.add_column(gettext("name"), no_wrap=True, style="bold")
        options.add_column(gettext("type"), no_wrap=True)
        options.add_column(gettext("default"))
        options.add_column(gettext("help"))
        for info in described:
            default = info.default if isinstance(info.default, str) else json.dumps(info.default)
            options.add_row(info.name.replace("_", "-"), info.kind, default, shown(info.help))
        console.print(options)


@app.command(
    "play",
    cls=LagunaCommand,
    help=N_(
        "Play a game at the terminal against bots or other people at the same keyboard.\n\n"
        "Exits with 1 if the input ends before the game does."
    ),
)
def play_command(
    game: GameArgument,
    *,
    players: PlayersOption = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", help=N_("Who sits where, e.g. human,random (default: human, then random bots).")),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help=N_("Seed of the game (default: a random one)."))] = None,
    option: OptionPairs = None,
    save: Annotated[
        Path | None, typer.Option("--save", help=N_("Write the game record (JSON) here at the end or on quit."))
    ] = None,
) -> None:
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
    title = ngettext("{game}: {count} game", "{game}: {count} games", summary.games)
    seats = Table(title=title.format(game=summary.game, count=summary.games), title_justify="left")
    _columns(
        seats,
        (N_("seat"), "left"),
        (N_("bot"), "left"),
        (N_("wins"), "right"),
        (N_("win share"), "right"),
        (N_("win %"), "right"),
        (N_("mean score ± 95% CI"), "right"),
        (N_("min"), "right"),
        (N_("max"), "right"),
    )
    for seat in summary.seats:
        seats.add_row(
            _seat(seat.seat),
            seat.bot,
            str(seat.wins),
            f"{seat.win_share:.2f}",
            f"{100 * seat.win_share / summary.games:.1f}",
            str(seat.score),
            str(seat.min_score),
            str(seat.max_score),
        )
    tables = [seats, _length_table(summary.decisions, summary.rounds)]
    if summary.ratings:
        ratings = Table(title=gettext("Solo ratings"), title_justify="left")
        _columns(ratings, (N_("rating"), "left"), (N_("games"), "right"))
        for rating, count in summary.ratings:
            ratings.add_row(shown(rating), str(count))
        tables.append(ratings)
    return tables


@app.command(
    "simulate",
    cls=LagunaCommand,
    help=N_("Play many seeded games between bots and summarise wins, scores and game length."),
)
def simulate_command(
    game: GameArgument,
    *,
    players: PlayersOption = None,
    games: GamesOption = 100,
    seed: RunSeedOption = 0,
    out: Annotated[Path | None, typer.Option("--out", help=N_("Write one record per line (JSONL) here."))] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help=N_("Worker processes (1: this process)."))] = 1,
    bots: Annotated[
        str | None, typer.Option("--bots", help=N_("A bot per seat, e.g. random,random (default: all random)."))
    ] = None,
    option: OptionPairs = None,
) -> None:
    console = _stdout()
    with _user_errors():
        found = get_game(game)
        if players is None and bots is not None:
            players = len(bots.split(","))
        count = _default_players(found, players)
        seat_bots = [b.strip() for b in bots.split(",")] if bots is not None else ["random"] * count
        options = found.options_type.parse_pairs(option or []).to_dict()
        check_setup(found.id, count, seat_bots, options, games=games, jobs=jobs)  # fail before the progress bar shows
        with _progress(gettext("simulating"), games) as progress:
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
        written = ngettext("{count} record written to {path}", "{count} records written to {path}", summary.games)
        console.print(Text(written.format(count=summary.games, path=out)))


def _tournament_tables(summary: TournamentSummary) -> list[Table]:
    order = sorted(summary.bots, key=lambda bot: (-summary.bradley_terry[bot].elo, bot))
    title = gettext("{game}, {players} players: {games} games, seed {seed}").format(
        game=summary.game, players=summary.players, games=summary.games, seed=summary.seed
    )
    ratings = Table(title=title, title_justify="left")
    _columns(
        ratings,
        (N_("bot"), "left"),
        (N_("Bradley–Terry Elo"), "right"),
        (N_("95% CI"), "right"),
        (N_("OpenSkill mu"), "right"),
        (N_("mu ± 1.96 sigma"), "right"),
        (N_("ordinal"), "right"),
    )
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
    wins = Table(
        title=gettext("Per bot (win rate: first places, a shared one split; 95% Wilson)"), title_justify="left"
    )
    _columns(
        wins,
        (N_("bot"), "left"),
        (N_("seats played"), "right"),
        (N_("first places"), "right"),
        (N_("win rate [95%]"), "right"),
        (N_("mean score ± 95% CI"), "right"),
        (N_("min"), "right"),
        (N_("max"), "right"),
    )
    for bot in order:
        b = per_bot[bot]
        wins.add_row(
            bot, str(b.seats_played), str(b.wins), str(b.win), str(b.score), str(min(b.scores)), str(max(b.scores))
        )
    pairs = Table(
        title=gettext("Head to head: how often the row bot finished ahead of the column bot"), title_justify="left"
    )
    pairs.add_column(gettext("bot"))
    for bot in order:
        pairs.add_column(bot, justify="right")
    for a in order:
        pairs.add_row(a, *("" if a == b else str(summary.head_to_head[a][b]) for b in order))
    fair = f"{100 * expected_win_rate(summary.players):.1f}"
    seats = Table(
        title=gettext("Per seat (without a seat advantage, each wins {share}%)").format(share=fair),
        title_justify="left",
    )
    _columns(seats, (N_("seat"), "left"), (N_("win rate [95%]"), "right"), (N_("mean score ± 95% CI"), "right"))
    for seat in summary.seats:
        seats.add_row(_seat(seat.seat), str(seat.win), str(seat.score))
    return [ratings, wins, pairs, seats, _length_table(summary.decisions, summary.rounds)]


def _written(paths: Sequence[Path]) -> Text:
    return Text(gettext("written: {files}").format(files=", ".join(str(path) for path in paths)))


@app.command(
    "tournament",
    cls=LagunaCommand,
    help=N_("Play bots against each other in rotated seats; report ratings, win rates and scores."),
)
def tournament_command(
    game: GameArgument,
    *,
    bots: Annotated[str, typer.Option("--bots", help=N_("Two or more bots, e.g. random,greedy,ismcts:500."))],
    out: Annotated[Path, typer.Option("--out", help=N_("Directory for games.jsonl, summary.json and ratings.png."))],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help=N_("Seats per game (default: one per bot, within the game's range).")),
    ] = None,
    games: GamesOption = 100,
    seed: Annotated[
        int, typer.Option("--seed", help=N_("Seed of the run; deal group g (N games) uses seed*1000003+g."))
    ] = 0,
    jobs: JobsOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: OptionPairs = None,
) -> None:
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
        with _progress(gettext("tournament"), games) as progress:
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
        note = gettext(
            "note: {games} games is not a multiple of the seating cycle ({cycle} games), "
            "so the bots did not sit in every seat equally often"
        )
        console.print(note.format(games=summary.games, cycle=summary.cycle))
    console.print(_written(result.files))


def _solo_tables(summary: SoloSummary) -> list[Table]:
    title = ngettext("{game} solo, {bot}: {count} game", "{game} solo, {bot}: {count} games", summary.games)
    scores = Table(title=title.format(game=summary.game, bot=summary.bot, count=summary.games), title_justify="left")
    _columns(
        scores,
        (N_("mean ± 95% CI"), "right"),
        (N_("median"), "right"),
        (N_("quartiles"), "right"),
        (N_("min"), "right"),
        (N_("max"), "right"),
        (N_("decisions per game"), "right"),
    )
    scores.add_row(
        str(summary.score),
        f"{summary.median:g}",
        f"{summary.quartiles[0]:g} – {summary.quartiles[1]:g}",
        str(summary.minimum),
        str(summary.maximum),
        f"{summary.decisions.mean:.1f}",
    )
    bars = Table(title=gettext("Scores"), title_justify="left")
    bars.add_column(gettext("VP"), justify="right", no_wrap=True)
    bars.add_column(gettext("games"), justify="right")
    bars.add_column("", no_wrap=True)
    most = max(b.count for b in summary.histogram)
    for b in summary.histogram:
        span = str(b.low) if b.low == b.high else gettext("{low} to {high}").format(low=b.low, high=b.high)
        bars.add_row(span, str(b.count), "█" * round(30 * b.count / most))
    tables = [scores, bars]
    if summary.tiers:
        tiers = Table(title=gettext("Rulebook solo ratings"), title_justify="left")
        _columns(
            tiers,
            (N_("rating"), "left"),
            (N_("score"), "right"),
            (N_("games reaching it"), "right"),
            (N_("share"), "right"),
            (N_("games ending there"), "right"),
        )
        for t in summary.tiers:
            floor = gettext("any") if t.tier.floor is None else f"{t.tier.floor}+"
            tiers.add_row(
                shown(t.tier.title), floor, str(t.reached), f"{100 * t.reached / summary.games:.1f}%", str(t.exactly)
            )
        tables.append(tiers)
    return tables


@app.command(
    "solo",
    cls=LagunaCommand,
    help=N_("Play a bot through a game's solo mode: score distribution and the rulebook's rating tiers."),
)
def solo_command(
    game: Annotated[str, typer.Argument(help=N_("A game with a solo mode (see `laguna games`)."))],
    *,
    bot: Annotated[str, typer.Option("--bot", help=N_("The bot to evaluate, e.g. greedy or ismcts:500."))],
    games: GamesOption = 100,
    seed: RunSeedOption = 0,
    jobs: JobsOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: OptionPairs = None,
    out: Annotated[Path | None, typer.Option("--out", help=N_("Directory for games.jsonl and summary.json."))] = None,
) -> None:
    console = _stdout()
    with _user_errors():
        found = get_game(game)
        options = found.options_type.parse_pairs(option or []).to_dict()
        check_solo(found.id, bot, games, options)
        runner = make_backend(backend, jobs, address)
        if out is not None:
            output_dir(out)
        with _progress(gettext("solo"), games) as progress:
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
        console.print(_written([out / "games.jsonl", out / "summary.json"]))


@app.command(
    "replay",
    cls=LagunaCommand,
    help=N_("Replay and verify game records; show the score sheet (or a table, for many records)."),
)
def replay_command(
    file: Annotated[Path, typer.Argument(help=N_("A record (.json) or many records, one per line (.jsonl)."))],
    data: Annotated[
        list[Path] | None,
        typer.Option(
            "--data",
            metavar="FILE",
            help=N_(
                "A component, card or sheet file the records were played with (repeatable); "
                "a record names it by the SHA-256 digest of its bytes."
            ),
        ),
    ] = None,
) -> None:
    console = _stdout()
    verified: list[tuple[str, GameRecord, Any]] = []
    failures = 0
    with _user_errors():
        forget_given()  # only the files given to this replay
        for path in data or []:
            register_file(path)
        for where, item in read_records(file):
            if isinstance(item, RecordError):
                failures += 1
                _echo_error(item.message)
                continue
            try:
                state = verify(item)
            except LagunaError as error:
                failures += 1
                _echo_error(f"{where}: {translate(error.message)}")
                continue
            verified.append((where, item, state))
    if len(verified) == 1 and failures == 0:
        where, record, state = verified[0]
        decisions = len(record.actions)
        about = ngettext(
            "{where}: {game}, seed {seed}, {count} decision",
            "{where}: {game}, seed {seed}, {count} decisions",
            decisions,
        )
        console.print(Text(about.format(where=where, game=record.game, seed=record.seed, count=decisions)))
        if state.is_terminal():
            outcome = state.outcome()
            console.print(score_sheet(outcome, record.seats))
            for line in outcome_lines(outcome, record.seats):
                console.print(Text(line))
        else:
            console.print(gettext("The game is unfinished."))
    elif verified:
        several_games = len({record.game for _, record, _ in verified}) > 1
        table = Table(title=gettext("Verified records"), title_justify="left")
        table.add_column(gettext("record"), no_wrap=True)
        if several_games:
            table.add_column(gettext("game"), no_wrap=True)
        table.add_column(gettext("decisions"), justify="right")
        table.add_column(gettext("scores"), justify="right")
        table.add_column(gettext("winners"))
        shown_records = verified[:50]
        for where, record, state in shown_records:
            if state.is_terminal():
                outcome = state.outcome()
                scores = " ".join(str(s) for s in outcome.scores)
                winners = " ".join(_seat(s) for s in outcome.winners)
            else:
                scores, winners = gettext("unfinished"), ""
            game_cell = [record.game] if several_games else []
            table.add_row(where, *game_cell, str(len(record.actions)), scores, winners)
        console.print(table)
        if len(verified) > len(shown_records):
            console.print(gettext("(… {count} more)").format(count=len(verified) - len(shown_records)))
    counted = ngettext("{count} record verified", "{count} records verified", len(verified))
    line = counted.format(count=len(verified))
    if failures:
        line += gettext(", {count} failed").format(count=failures)
    console.print(line)
    if failures:
        raise typer.Exit(EXIT_FAILED)


@app.command(
    "bench",
    cls=LagunaCommand,
    help=N_("Measure random play on one core: decisions, games and state copies per second."),
)
def bench_command(
    game: GameArgument,
    players: PlayersOption = None,
    seconds: Annotated[float, typer.Option("--seconds", help=N_("Seconds per measure."))] = 3.0,
    seed: Annotated[int, typer.Option("--seed", help=N_("Seed of the first game."))] = 0,
) -> None:
    console = _stdout()
    with _user_errors():
        result = bench(game, players, seconds, seed)
        seats = ngettext("{count} player", "{count} players", result.players).format(count=result.players)
        console.print(gettext("{game}, {players}: random play on one core").format(game=result.game, players=seats))
    table = Table()
    _columns(table, (N_("measure"), "left"), (N_("per second"), "right"), (N_("counted"), "right"))
    table.add_row(gettext("decisions"), _number(result.decisions_per_second), _number(result.decisions))
    table.add_row(gettext("games"), _number(result.games_per_second, 1), _number(result.games))
    table.add_row(gettext("copies"), _number(result.copies_per_second), _number(result.copies))
    console.print(table)
    console.print(gettext("{count} decisions per game").format(count=_number(result.decisions_per_game, 1)))


@app.command(
    "serve",
    cls=LagunaCommand,
    help=N_("Start the browser table: live and asynchronous games with friends and bots."),
)
def serve_command(  # noqa: PLR0917 -- one parameter per command-line option
    host: Annotated[str, typer.Option("--host", help=N_("The address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=N_("The port to listen on."))] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db", help=N_("The database: sqlite:///file or postgresql://host/db (default: an embedded file).")
        ),
    ] = None,
    bot_workers: Annotated[int, typer.Option("--bot-workers", help=N_("Processes in which bots think."))] = 1,
    bot_niceness: Annotated[
        int,
        typer.Option("--bot-niceness", help=N_("How much lower the bots' priority is than the server's (0 to 19).")),
    ] = NICENESS,
    workers: Annotated[
        int,
        typer.Option("--workers", help=N_("Server processes sharing the port (more than one needs PostgreSQL).")),
    ] = 1,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            "--forwarded-allow-ips",
            help=N_(
                "The reverse proxies whose X-Forwarded-For and X-Forwarded-Proto headers give the client's "
                "address and scheme: IP addresses or networks separated by commas."
            ),
        ),
    ] = TRUSTED_PROXIES,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies", help=N_("Mark every cookie Secure (behind a proxy that serves the table over HTTPS).")
        ),
    ] = False,
    origin: Annotated[
        list[str] | None,
        typer.Option(
            "--origin",
            help=N_(
                "A public address the table is reached at, scheme://host[:port], from which forms are accepted "
                "(repeat for several)."
            ),
        ),
    ] = None,
    header_timeout: Annotated[
        float, typer.Option("--header-timeout", help=N_("Seconds a client has to send a request's headers."))
    ] = HEADER_TIMEOUT,
    keep_alive_timeout: Annotated[
        int,
        typer.Option("--keep-alive-timeout", help=N_("Seconds an idle connection is kept for its next request.")),
    ] = KEEP_ALIVE_TIMEOUT,
    max_connections: Annotated[
        int,
        typer.Option("--max-connections", help=N_("Open connections per server process, WebSockets included.")),
    ] = MAX_CONNECTIONS,
) -> None:
    url = db or default_database_url()
    with contextlib.ExitStack() as held, _user_errors():
        if workers < 1 or bot_workers < 1:
            raise LagunaError(msg("--workers and --bot-workers must be at least 1"))
        if not 0 <= bot_niceness <= 19:
            raise LagunaError(msg("--bot-niceness must be from 0 to 19, not {niceness}", niceness=bot_niceness))
        limits = Limits(header_timeout, keep_alive_timeout, max_connections)
        limits.check()
        origins = [parse_origin(given) for given in origin or ()]
        serving = Serving(host, port, workers, limits, parse_trusted(forwarded_allow_ips))
        engine = make_engine(url)
        if engine.dialect.name != "postgresql":
            if workers > 1:
                raise LagunaError(
                    msg(
                        "several server processes need PostgreSQL (--db postgresql://…): an embedded SQLite file "
                        "is served by one process"
                    )
                )
            held.enter_context(only_server(engine))
        web = None
        if workers == 1:
            web = create_app(
                url, bot_workers=bot_workers, bot_niceness=bot_niceness, secure_cookies=secure_cookies, origins=origins
            )
        else:
            upgrade(engine)  # once, before the processes start
        shown_host = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        opened = gettext("Laguna's table is open at {url}  (database: {database}; Ctrl+C stops it)")
        _stdout().print(Text(opened.format(url=f"http://{shown_host}:{port}/", database=_safe_url(url))))
        if web is not None:
            serve(web, serving)
            return
    serve_workers(
        serving,
        {
            DATABASE_VARIABLE: url,
            BOT_WORKERS_VARIABLE: str(bot_workers),
            BOT_NICENESS_VARIABLE: str(bot_niceness),
            SECURE_COOKIES_VARIABLE: "1" if secure_cookies else "",
            ORIGINS_VARIABLE: " ".join(origins),
        },
    )


def _safe_url(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def main() -> None:
    """The console script (`LagunaGroup.main` turns any error that escapes a command into one line)."""
    app()


if __name__ == "__main__":
    main()

"""What the commands of ``laguna`` share: the options several of them take, the console, the progress bar
of a run of games, user errors turned into one line, and the tables' columns and numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from babel.numbers import format_decimal
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text
from typer.models import CommandFunctionType

from laguna.cli.language import EXIT_ERROR, LagunaCommand, _echo_error
from laguna.core import LagunaError, get_game
from laguna.core.messages import Message
from laguna.core.registry import AnyGame
from laguna.i18n import N_, current, gettext
from laguna.sim.stats import Spread


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


def _command(commands: typer.Typer, name: str, about: str) -> Callable[[CommandFunctionType], CommandFunctionType]:
    """Add the decorated function to `commands` as the command `name`, `about` its help (marked with N_);
    `LagunaCommand` shows its help and errors in the language of the run."""
    return commands.command(name, cls=LagunaCommand, help=about)


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


def _game_options(game: str, option: list[str] | None) -> tuple[AnyGame, dict[str, Any]]:
    """The game a command names and its options given as ``--option NAME=VALUE``, both checked."""
    found = get_game(game)
    return found, found.options_type.parse_pairs(option or []).to_dict()


def _default_players(game: AnyGame, wanted: int | None) -> int:
    if wanted is not None:
        return wanted
    return max(game.min_players, min(2, game.max_players))


def _table(title: str | None, left: Sequence[str], right: Sequence[str]) -> Table:
    """A table of `left` then `right` justified columns, their English headers marked with N_ and shown
    translated; the title (if any) flush left like the tables' text below it."""
    table = Table(title=title, title_justify="left")
    for header in left:
        table.add_column(gettext(header), justify="left")
    for header in right:
        table.add_column(gettext(header), justify="right")
    return table


def _number(value: float, decimals: int = 0) -> str:
    """`value` with the digit groups and decimal mark of the language in force (``12,345.6``, ``12 345,6``)."""
    return format_decimal(value, format="#,##0" + ("." + "0" * decimals if decimals else ""), locale=current())


def _seat(seat: int) -> str:
    return gettext("P{number}").format(number=seat + 1)


def _length_table(decisions: Spread | None, rounds: Spread | None) -> Table:
    """How long the games were, in decisions and (where the game counts them) rounds."""
    length = _table(gettext("Game length"), [N_("measure")], [N_("mean"), N_("min"), N_("max")])
    for name, spread in ((N_("decisions"), decisions), (N_("rounds"), rounds)):
        if spread is not None:
            length.add_row(gettext(name), f"{spread.mean:.1f}", f"{spread.minimum:g}", f"{spread.maximum:g}")
    return length


def _print_written(console: Console, paths: Sequence[Path]) -> None:
    """Name the files a command wrote, on one line however narrow the terminal: a path the console broke
    over two lines could not be copied whole (the terminal itself wraps it for the eye)."""
    files = ", ".join(str(path) for path in paths)
    console.print(Text(gettext("written: {files}").format(files=files)), soft_wrap=True)

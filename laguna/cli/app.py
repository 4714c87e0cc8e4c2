"""The ``laguna`` command: list games, play at the terminal, simulate bots, run tournaments and solo
evaluations, replay records, benchmark, serve the browser table; each command in its own module of
`laguna.cli.commands`, the language of the run chosen by `laguna.cli.language`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from laguna.cli.commands import bench, games, replay, runs, serve, train
from laguna.cli.language import LagunaGroup
from laguna.i18n import LANGUAGES, N_

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


for part in (games, runs, replay, bench, serve, train):
    app.registered_commands += part.commands.registered_commands


def main() -> None:
    """The console script (`LagunaGroup.main` turns any error that escapes a command into one line)."""
    app()


if __name__ == "__main__":
    main()

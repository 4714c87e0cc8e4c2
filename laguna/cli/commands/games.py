"""The commands ``laguna games``, which lists the games with their player counts and options, and
``laguna play``, a game at the terminal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from laguna.cli.commands.shared import (
    GameArgument,
    OptionPairs,
    PlayersOption,
    _command,
    _default_players,
    _stdout,
    _user_errors,
)
from laguna.cli.play import PlaySettings, parse_seats, play, shown
from laguna.core import games as registered_games
from laguna.core import get_game
from laguna.core.registry import AnyGame
from laguna.i18n import N_, gettext

commands = typer.Typer()
"""The commands of this module, which `laguna.cli.app` adds to ``laguna``."""


def _player_range(game: AnyGame) -> str:
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}–{game.max_players}"


@_command(commands, "games", N_("List the games, their player counts and their options."))
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


@_command(
    commands,
    "play",
    N_(
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

"""``laguna train``: a game's value model from self-play, written where the bots read it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from laguna.cli.commands.shared import (
    AddressOption,
    BackendOption,
    GameArgument,
    GamesOption,
    JobsOption,
    OptionPairs,
    PlayersOption,
    _command,
    _default_players,
    _game_options,
    _number,
    _print_written,
    _stdout,
    _user_errors,
)
from laguna.i18n import N_, gettext
from laguna.learn.selfplay import SelfPlay
from laguna.learn.train import DEFAULT_BOTS, Training, shipped_path, train
from laguna.sim.backends import make_backend

commands = typer.Typer()


@_command(commands, "train", N_("Train a game's learned evaluation from self-play and write its model."))
def train_command(
    game: GameArgument,
    *,
    players: PlayersOption = None,
    games: GamesOption = 2000,
    seed: Annotated[int, typer.Option("--seed", help=N_("Seed of the games and of the training."))] = 1,
    bots: Annotated[
        str, typer.Option("--bots", help=N_("Comma-separated bots of the self-play games, seated in turn."))
    ] = ",".join(DEFAULT_BOTS),
    keep: Annotated[float, typer.Option("--keep", help=N_("Share of positions kept from each game."))] = 0.3,
    branches: Annotated[
        int, typer.Option("--branches", help=N_("Decisions played out from each kept position (the one taken first)."))
    ] = 3,
    hidden: Annotated[int, typer.Option("--hidden", help=N_("Units of the hidden layer."))] = 64,
    epochs: Annotated[int, typer.Option("--epochs", help=N_("Most passes over the positions."))] = 60,
    weight: Annotated[
        float, typer.Option("--weight", help=N_("Share of the learned correction the bots apply (0 to 1)."))
    ] = 0.35,
    jobs: JobsOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: OptionPairs = None,
    out: Annotated[
        Path | None, typer.Option("--out", help=N_("The model file to write (default: the one the bots read)."))
    ] = None,
) -> None:
    console = _stdout()
    with _user_errors():
        found, options = _game_options(game, option)
        seats = _default_players(found, players)
        runner = make_backend(backend, jobs, address)
        bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        with bar:
            playing = bar.add_task(gettext("self-play"), total=games)
            fitting = bar.add_task(gettext("training"), total=epochs)
            run = SelfPlay(
                found.id,
                seats,
                options,
                tuple(spec.strip() for spec in bots.split(",") if spec.strip()),
                keep,
                branches,
                seed,
            )
            model, fit = train(
                Training(run, games, hidden, epochs, weight),
                backend=runner,
                games_done=lambda done, _total: bar.update(playing, completed=done),
                epochs_done=lambda done, _total: bar.update(fitting, completed=done),
            )
        target = out if out is not None else shipped_path(found.id, seats)
        model.save(target)
    console.print(
        gettext(
            "{rows} positions; error of held-out final scores: heuristic {heuristic} VP, learned {learned} VP "
            "({epochs} epochs)"
        ).format(
            rows=_number(fit.rows + fit.validation_rows),
            heuristic=_number(fit.heuristic_error, 2),
            learned=_number(fit.model_error, 2),
            epochs=fit.epochs,
        )
    )
    _print_written(console, [target, target.with_suffix(".json")])

"""The command ``laguna bench``: random play measured on one core, in decisions, games and state copies
per second.
"""

from __future__ import annotations

from typing import Annotated

import typer

from laguna.cli.commands.shared import GameArgument, PlayersOption, _command, _number, _stdout, _table, _user_errors
from laguna.i18n import N_, gettext, ngettext
from laguna.sim import bench

commands = typer.Typer()
"""The commands of this module, which `laguna.cli.app` adds to ``laguna``."""


@_command(commands, "bench", N_("Measure random play on one core: decisions, games and state copies per second."))
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
    table = _table(None, [N_("measure")], [N_("per second"), N_("counted")])
    table.add_row(gettext("decisions"), _number(result.decisions_per_second), _number(result.decisions))
    table.add_row(gettext("games"), _number(result.games_per_second, 1), _number(result.games))
    table.add_row(gettext("copies"), _number(result.copies_per_second), _number(result.copies))
    console.print(table)
    console.print(gettext("{count} decisions per game").format(count=_number(result.decisions_per_game, 1)))

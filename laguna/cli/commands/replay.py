"""The command ``laguna replay``: game records replayed and verified, with the score sheet of one record
or a table of many.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from laguna.cli.commands.shared import _command, _seat, _stdout, _user_errors
from laguna.cli.language import EXIT_FAILED, _echo_error
from laguna.cli.play import outcome_lines, score_sheet
from laguna.core import GameRecord, LagunaError, RecordError, read_records, verify
from laguna.core.component_data import forget_given, register_file
from laguna.i18n import N_, gettext, ngettext, translate

commands = typer.Typer()
"""The commands of this module, which `laguna.cli.app` adds to ``laguna``."""


@_command(
    commands, "replay", N_("Replay and verify game records; show the score sheet (or a table, for many records).")
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

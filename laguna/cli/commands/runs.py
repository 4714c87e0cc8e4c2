"""The commands that run many games between bots and summarise them: ``laguna simulate``, ``laguna
tournament`` (ratings, win rates and scores in rotated seats) and ``laguna solo`` (a game's solo mode
and the rulebook's rating tiers).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from laguna.cli.commands.shared import (
    AddressOption,
    BackendOption,
    GameArgument,
    GamesOption,
    JobsOption,
    OptionPairs,
    PlayersOption,
    RunSeedOption,
    _command,
    _default_players,
    _game_options,
    _length_table,
    _print_written,
    _progress,
    _seat,
    _stdout,
    _table,
    _user_errors,
)
from laguna.cli.play import shown
from laguna.i18n import N_, gettext, ngettext
from laguna.sim import simulate
from laguna.sim.backends import make_backend
from laguna.sim.simulate import check_setup
from laguna.sim.solo import SoloSummary, check_solo, solo
from laguna.sim.stats import Summary
from laguna.sim.summary import TournamentSummary
from laguna.sim.tournament import check_tournament, expected_win_rate, output_dir, tournament

commands = typer.Typer()
"""The commands of this module, which `laguna.cli.app` adds to ``laguna``."""


def _summary_tables(summary: Summary) -> list[Table]:
    title = ngettext("{game}: {count} game", "{game}: {count} games", summary.games)
    seats = _table(
        title.format(game=summary.game, count=summary.games),
        [N_("seat"), N_("bot")],
        [N_("wins"), N_("win share"), N_("win %"), N_("mean score ± 95% CI"), N_("min"), N_("max")],
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
        ratings = _table(gettext("Solo ratings"), [N_("rating")], [N_("games")])
        for rating, count in summary.ratings:
            ratings.add_row(shown(rating), str(count))
        tables.append(ratings)
    return tables


@_command(commands, "simulate", N_("Play many seeded games between bots and summarise wins, scores and game length."))
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
        found, options = _game_options(game, option)
        if players is None and bots is not None:
            players = len(bots.split(","))
        count = _default_players(found, players)
        seat_bots = [b.strip() for b in bots.split(",")] if bots is not None else ["random"] * count
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
    ratings = _table(
        title,
        [N_("bot")],
        [N_("Bradley–Terry Elo"), N_("95% CI"), N_("OpenSkill mu"), N_("mu ± 1.96 sigma"), N_("ordinal")],
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
    wins = _table(
        gettext("Per bot (win rate: first places, a shared one split; 95% Wilson)"),
        [N_("bot")],
        [N_("seats played"), N_("first places"), N_("win rate [95%]"), N_("mean score ± 95% CI"), N_("min"), N_("max")],
    )
    for bot in order:
        b = per_bot[bot]
        wins.add_row(
            bot, str(b.seats_played), str(b.wins), str(b.win), str(b.score), str(min(b.scores)), str(max(b.scores))
        )
    pairs = _table(gettext("Head to head: how often the row bot finished ahead of the column bot"), [N_("bot")], [])
    for bot in order:
        pairs.add_column(bot, justify="right")
    for a in order:
        pairs.add_row(a, *("" if a == b else str(summary.head_to_head[a][b]) for b in order))
    fair = f"{100 * expected_win_rate(summary.players):.1f}"
    seats = _table(
        gettext("Per seat (without a seat advantage, each wins {share}%)").format(share=fair),
        [N_("seat")],
        [N_("win rate [95%]"), N_("mean score ± 95% CI")],
    )
    for seat in summary.seats:
        seats.add_row(_seat(seat.seat), str(seat.win), str(seat.score))
    return [ratings, wins, pairs, seats, _length_table(summary.decisions, summary.rounds)]


@_command(
    commands, "tournament", N_("Play bots against each other in rotated seats; report ratings, win rates and scores.")
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
        found, options = _game_options(game, option)
        specs = [b.strip() for b in bots.split(",") if b.strip()]
        if players is None:
            players = max(2, found.min_players, min(len(specs), found.max_players))
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
    _print_written(console, result.files)


def _solo_tables(summary: SoloSummary) -> list[Table]:
    title = ngettext("{game} solo, {bot}: {count} game", "{game} solo, {bot}: {count} games", summary.games)
    scores = _table(
        title.format(game=summary.game, bot=summary.bot, count=summary.games),
        [],
        [N_("mean ± 95% CI"), N_("median"), N_("quartiles"), N_("min"), N_("max"), N_("decisions per game")],
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
        tiers = _table(
            gettext("Rulebook solo ratings"),
            [N_("rating")],
            [N_("score"), N_("games reaching it"), N_("share"), N_("games ending there")],
        )
        for t in summary.tiers:
            floor = gettext("any") if t.tier.floor is None else f"{t.tier.floor}+"
            tiers.add_row(
                shown(t.tier.title), floor, str(t.reached), f"{100 * t.reached / summary.games:.1f}%", str(t.exactly)
            )
        tables.append(tiers)
    return tables


@_command(
    commands, "solo", N_("Play a bot through a game's solo mode: score distribution and the rulebook's rating tiers.")
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
        found, options = _game_options(game, option)
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
        _print_written(console, [out / "games.jsonl", out / "summary.json"])

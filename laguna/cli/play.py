"""The terminal table: humans and bots play one game, humans by typing numbers or notation.

Input is read line by line, so the same loop serves a person at a terminal and a script piping
lines in. Each human decision shows the board from that seat's view only. Everything is said in the
language in force (`laguna.i18n`); the notation typed by players stays as it is.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.table import Table
from rich.text import Text

from laguna.bots import BOT_NAMES, Bot, bot_seed, make_bot
from laguna.cli.boards import notation_help, render_view
from laguna.core import (
    Event,
    GameRecord,
    IllegalAction,
    LagunaError,
    Match,
    NotationError,
    OptionsError,
    Outcome,
    UndoError,
    get_game,
)
from laguna.core.messages import Message, msg, msg_plural, quoted
from laguna.i18n import gettext, ngettext, translate

HUMAN = "human"

ReadLine = Callable[[str], str | None]
"""Reads one line after showing a prompt; ``None`` at the end of input."""


def read_stdin_line(prompt: str) -> str | None:
    """A line from stdin: with line editing at a terminal; from a pipe, echoed after the prompt so
    that the transcript reads like a session at the terminal."""
    if sys.stdin.isatty():
        try:
            return input(prompt)
        except EOFError:
            return None
    line = sys.stdin.readline()
    if not line:
        return None
    text = line.rstrip("\r\n")
    sys.stdout.write(f"{prompt}{text}\n")
    sys.stdout.flush()
    return text


def parse_seats(spec: str | None, players: int) -> list[str]:
    """``human,random`` → one entry per seat; the default is a human followed by random bots."""
    if spec is None:
        return [HUMAN] + ["random"] * (players - 1)
    seats = [part.strip().lower() for part in spec.split(",")]
    if len(seats) != players:
        raise OptionsError(
            msg_plural(
                "--seats names {count} seat but --players is {players}",
                "--seats names {count} seats but --players is {players}",
                len(seats),
                players=players,
            )
        )
    for seat in seats:
        if seat == HUMAN:
            continue
        try:
            make_bot(seat, 0)
        except OptionsError:
            known = ", ".join([HUMAN, *sorted(BOT_NAMES)])
            raise OptionsError(
                msg(
                    "unknown seat kind {kind} (choose from: {known}; or ismcts:ITERATIONS, ismcts:MSms)",
                    kind=quoted(seat),
                    known=known,
                )
            ) from None
    return seats


def seat_label(seat: int, kind: str) -> str:
    """Seats are numbered from 1 on screen, as the games' own log texts number players; bots go by
    the names typed on the command line."""
    shown_kind = gettext("human") if kind == HUMAN else kind
    return gettext("P{number} ({kind})").format(number=seat + 1, kind=shown_kind)


def seat_labels(seats: Sequence[str]) -> list[str]:
    """The label of every seat, in seat order: the names the game's messages call players by."""
    return [seat_label(seat, kind) for seat, kind in enumerate(seats)]


def shown(text: Message | str) -> str:
    """A text of a game (a message, or an English word it marks for the catalogues, such as a score
    category) in the language in force."""
    if isinstance(text, Message):
        return translate(text)
    return gettext(text) if text else text


def merged_order(lists: Sequence[Sequence[str]]) -> list[str]:
    """Every name of several ordered lists, once, each new name placed after its predecessor in its list.

    Seats score different categories (one line per visiting character), and this keeps each
    seat's score-sheet order, so a seat's character lines stay together above the shared ones.

    >>> merged_order([["A. Woman", "B. shops", "C. tokens"], ["A. Mayor", "B. shops", "C. tokens"]])
    ['A. Woman', 'A. Mayor', 'B. shops', 'C. tokens']
    """
    merged: list[str] = []
    for names in lists:
        position: int | None = None
        for index, name in enumerate(names):
            if name in merged:
                position = merged.index(name) + 1
                continue
            if position is None:
                # No predecessor yet: go just before the first later name already placed.
                later = [merged.index(n) for n in names[index + 1 :] if n in merged]
                position = later[0] if later else len(merged)
            merged.insert(position, name)
            position += 1
    return merged


def score_sheet(outcome: Outcome, seats: Sequence[str], title: str | None = None) -> Table:
    """The rulebook's score sheet: a row per category, total, rank and tie-breakers, a column per seat."""
    table = Table(title=title or gettext("Final scores"), title_justify="left")
    table.add_column("", style="bold")
    by_seat = sorted(outcome.results, key=lambda r: r.seat)
    for result in by_seat:
        kind = seats[result.seat] if result.seat < len(seats) else "?"
        table.add_column(seat_label(result.seat, kind), justify="right")
    breakdowns = [{shown(name): points for name, points in r.breakdown} for r in by_seat]
    for category in merged_order([list(points) for points in breakdowns]):
        cells = [str(points[category]) if category in points else "" for points in breakdowns]
        table.add_row(category, *cells)
    table.add_section()
    table.add_row(gettext("total"), *(str(r.score) for r in by_seat), style="bold")
    if len(by_seat) > 1:
        table.add_row(gettext("rank"), *(("★ 1" if r.rank == 1 else str(r.rank)) for r in by_seat))
    tiebreakers = [{shown(name): value for name, value in r.tiebreakers} for r in by_seat]
    for name in merged_order([list(values) for values in tiebreakers]):
        label = gettext("tie-break: {name}").format(name=name)
        table.add_row(label, *(str(values.get(name, "")) for values in tiebreakers))
    return table


def outcome_lines(outcome: Outcome, seats: Sequence[str]) -> list[str]:
    """The winner, the solo rating and how the game ended, as plain sentences."""
    winners = [seat_label(s, seats[s]) for s in outcome.winners]
    lines = []
    if len(outcome.results) == 1:
        lines.append(gettext("Score: {score}").format(score=outcome.results[0].score))
    elif len(winners) == 1:
        lines.append(gettext("Winner: {winner}").format(winner=winners[0]))
    elif winners:
        lines.append(gettext("Shared victory: {winners}").format(winners=", ".join(winners)))
    if outcome.rating:
        lines.append(gettext("Solo rating: {rating}").format(rating=shown(outcome.rating)))
    if outcome.ended_by:
        lines.append(gettext("The game ended by: {reason}").format(reason=shown(outcome.ended_by)))
    lines += [shown(note) for note in outcome.notes]
    return lines


@dataclass
class PlaySettings:
    game: str
    players: int
    seats: list[str]
    seed: int | None = None
    options: list[str] = field(default_factory=list)
    save: Path | None = None


class TerminalTable:
    """One game at the terminal. `run` returns the exit code (0 finished or quit, 1 input ended)."""

    def __init__(self, settings: PlaySettings, console: Console, read_line: ReadLine = read_stdin_line) -> None:
        game = get_game(settings.game)
        options = game.options_type.parse_pairs(settings.options)
        self.seed = settings.seed if settings.seed is not None else secrets.randbelow(2**31)
        self.seats = settings.seats
        self.names = seat_labels(self.seats)
        self.match = Match(game, list(settings.seats), options, self.seed)
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, bot_seed(self.seed, seat), game.id)
            for seat, kind in enumerate(self.seats)
            if kind != HUMAN
        }
        self.save_path = settings.save
        self.console = console
        self.read_line = read_line
        self.interactive = sys.stdin.isatty()

    @property
    def game_id(self) -> str:
        return self.match.game.id

    def say(self, text: str, style: str = "") -> None:
        """Print text as it is (no markup), since game texts may contain brackets."""
        self.console.print(Text(text, style=style))

    def show_board(self, viewer: int | None) -> None:
        self.console.print(render_view(self.game_id, self.match.state.view(viewer)))

    def show_events(self, events: Sequence[Event]) -> None:
        for event in events:
            self.say(f"  · {translate(event.message, self.names)}", style="dim")

    def run(self) -> int:
        game = self.match.game
        players = self.match.state.players
        self.say(
            " · ".join(
                [
                    shown(game.name),
                    ngettext("{count} player", "{count} players", players).format(count=players),
                    gettext("seed {seed}").format(seed=self.seed),
                    ", ".join(self.names),
                ]
            ),
            style="bold",
        )
        if HUMAN in self.seats:
            self.say(gettext("Type a number or an action, or: undo, board, help, quit."))
        else:
            self.show_board(None)
        pending: list[int] = []
        while not self.match.state.is_terminal():
            if not pending:
                pending = list(self.match.state.to_act())
            seat = pending.pop(0)
            if seat not in self.match.state.to_act():
                continue
            if seat in self.bots:
                self.bot_turn(seat)
                continue
            result = self.human_decision(seat)
            if result == "undo":
                pending = []
            elif result == "quit":
                self.say(gettext("You left the game; it stays unfinished."))
                self.finish_record()
                return 0
            elif result == "eof":
                self.say(gettext("The input ended before the game did; it stays unfinished."))
                self.finish_record()
                return 1
        self.show_board(None)
        outcome = self.match.state.outcome()
        self.console.print(score_sheet(outcome, self.seats))
        for line in outcome_lines(outcome, self.seats):
            self.say(line, style="bold")
        self.finish_record()
        return 0

    def bot_turn(self, seat: int) -> None:
        action = self.bots[seat].choose(self.match.state, seat)
        events = self.match.act(seat, action)
        self.say(f"{self.names[seat]}: {action}")
        self.show_events(events)

    def show_choices(self, seat: int) -> None:
        legal = self.match.state.legal_actions(seat)
        items = [f"{number:>2}. {action}" for number, action in enumerate(legal, start=1)]
        if len(items) > 12:
            self.console.print(Columns([Text(item) for item in items], padding=(0, 3)))
        else:
            for item in items:
                self.say(item)

    def show_help(self, seat: int) -> None:
        self.say(
            gettext(
                "Commands: a number from the list, or an action in notation; undo (take back your last\n"
                "decision if it revealed nothing); board (show the board again); help; quit."
            )
        )
        examples = notation_help(self.game_id)
        if examples:
            self.say(gettext("Notation:"), style="bold")
            self.say(examples)
        self.show_choices(seat)

    def human_decision(self, seat: int) -> str:
        """Ask a human seat for one decision: returns ``acted``, ``undo``, ``quit`` or ``eof``."""
        label = self.names[seat]
        self.show_board(seat)
        self.say(gettext("{seat} to decide:").format(seat=label), style="bold")
        self.show_choices(seat)
        while True:
            line = self.read_line(f"{label}> ")
            if line is None:
                return "eof"
            text = line.strip()
            command = text.lower()
            if not text:
                continue
            if command in {"quit", "exit", "q"}:
                return "quit"
            if command in {"help", "?", "h"}:
                self.show_help(seat)
                continue
            if command == "board":
                self.show_board(seat)
                self.show_choices(seat)
                continue
            if command == "undo":
                last = self.match.record.actions[-1].action if self.match.record.actions else ""
                try:
                    self.match.undo(seat)
                except UndoError as error:
                    self.say(self.refusal(gettext("cannot undo: {reason}"), error), style="yellow")
                    continue
                self.say(gettext("undone: {action}").format(action=last))
                return "undo"
            try:
                action = self.match.game.parse_legal(self.match.state, seat, text)
                events = self.match.act(seat, action)
            except (NotationError, IllegalAction) as error:
                self.say(self.refusal(gettext("not accepted: {reason}"), error), style="yellow")
                continue
            self.say(f"{label}: {action}")
            self.show_events(events)
            return "acted"

    def refusal(self, template: str, error: LagunaError) -> str:
        """Why a line was refused: `template` with the error's reason, players called by their seats."""
        return template.format(reason=translate(error.message, self.names))

    def finish_record(self) -> None:
        """Save the record where --save says, or offer to at an interactive terminal."""
        path = self.save_path
        if path is None and self.interactive and HUMAN in self.seats:
            answer = self.read_line(gettext("Save the game record? File name (Enter to skip): "))
            path = Path(answer.strip()) if answer and answer.strip() else None
        if path is not None:
            save_record(self.match.record, path)
            self.say(gettext("Record saved to {path}").format(path=path))


def save_record(record: GameRecord, path: Path) -> None:
    try:
        record.save(path)
    except OSError as error:
        raise LagunaError(
            msg("cannot write {path}: {reason}", path=str(path), reason=str(error.strerror or error))
        ) from None


def play(settings: PlaySettings, console: Console, read_line: ReadLine = read_stdin_line) -> int:
    """Set up and play one game; bad settings raise `LagunaError` before anything is shown."""
    return TerminalTable(settings, console, read_line).run()


__all__ = ["PlaySettings", "TerminalTable", "parse_seats", "play", "score_sheet", "seat_label", "seat_labels", "shown"]

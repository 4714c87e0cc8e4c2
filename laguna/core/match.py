"""A game in progress with its record: what a table (terminal or web) and a simulation drive.

Undo follows Board Game Arena's policy: a seat may take back its own last decision when that
decision revealed nothing and drew no chance. Undo is done by replaying the record without the last
action, so it can never leave a state that the rules could not reach.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from laguna.core.errors import LagunaError, RecordError, UndoError
from laguna.core.game import Event, GameState, Seat
from laguna.core.messages import msg
from laguna.core.record import GameRecord, RecordedAction, bad_action
from laguna.core.registry import AnyGame, get_game


class Match:
    """A game, its current state and its record, kept in step."""

    def __init__(
        self,
        game: AnyGame | str,
        seats: list[str],
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> None:
        self.game: AnyGame = get_game(game) if isinstance(game, str) else game
        typed = self.game.options(options)
        self.state: GameState[Any] = self.game.new_game(len(seats), typed, seed)
        self.record = GameRecord(self.game.id, list(seats), seed, typed.to_dict())
        self._revealing: list[bool] = []

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """Rebuild a match by replaying a record; `RecordError` names the first bad action."""
        try:
            match = cls(record.game, record.seats, record.options, record.seed)
        except LagunaError as error:
            raise RecordError(msg("record of {game}: {error}", game=record.game, error=error.message)) from None
        for number, entry in enumerate(record.actions, start=1):
            try:
                match.act(entry.seat, entry.action)
            except LagunaError as error:
                raise bad_action(number, entry, error) from None
        return match

    def act(self, seat: Seat, action: Any) -> list[Event]:
        """Apply an action (an action object or its notation) for `seat` and log it."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        before = self.state.reveal_count
        events = self.state.apply(seat, action)
        self.record.actions.append(RecordedAction(seat, str(action)))
        self._revealing.append(self.state.reveal_count != before)
        if self.state.is_terminal():
            self.record.result = self.state.outcome().to_json()
        return events

    def can_undo(self, seat: Seat) -> bool:
        """True when the last decision is `seat`'s own and it revealed nothing and drew no chance."""
        return bool(self.record.actions) and self.record.actions[-1].seat == seat and not self._revealing[-1]

    def undo(self, seat: Seat) -> None:
        """Take back `seat`'s last decision, or raise `UndoError` saying why not."""
        if not self.record.actions:
            raise UndoError(msg("nothing to undo: no decision has been made yet"))
        if self.record.actions[-1].seat != seat:
            raise UndoError(msg("only the last decision can be undone, and it is not yours"))
        if self._revealing[-1]:
            raise UndoError(msg("that decision revealed hidden information or drew chance; it stands"))
        kept = self.record.actions[:-1]
        fresh = Match(self.game, self.record.seats, self.record.options, self.record.seed)
        for entry in kept:
            fresh.act(entry.seat, entry.action)
        self.state, self.record, self._revealing = fresh.state, fresh.record, fresh._revealing

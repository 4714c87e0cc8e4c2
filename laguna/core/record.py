"""Game records: options + seed + the list of decisions in notation, saved as JSON and replayed exactly.

A record is the whole truth of a game: the state is rebuilt by replaying it, so a record that replays
is a game that happened. One record per file (``.json``) or one per line (``.jsonl``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from laguna import __version__
from laguna.core.errors import LagunaError, RecordError
from laguna.core.game import GameState, Seat
from laguna.core.messages import msg, quoted
from laguna.core.registry import AnyGame, get_game


@dataclass(frozen=True, slots=True)
class RecordedAction:
    seat: Seat
    action: str


@dataclass
class GameRecord:
    """A game as data. ``result`` holds the final scores when the game is over, to verify a replay."""

    game: str
    seats: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[RecordedAction] = field(default_factory=list)
    engine_version: str = __version__
    result: dict[str, Any] | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "engine_version": self.engine_version,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "actions": [{"seat": a.seat, "action": a.action} for a in self.actions],
        }
        if self.result is not None:
            data["result"] = self.result
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> GameRecord:
        """Read and check the shape of a record; `RecordError` names the first bad field."""
        if not isinstance(data, dict):
            raise RecordError(msg("{where}: a record must be a JSON object", where=where))
        for key in ("game", "seats", "seed", "actions"):
            if key not in data:
                raise RecordError(msg("{where}: the field {key} is missing", where=where, key=repr(key)))
        unknown = set(data) - {"game", "engine_version", "options", "seats", "seed", "actions", "result"}
        if unknown:
            raise RecordError(msg("{where}: unknown field {key}", where=where, key=quoted(sorted(unknown)[0])))
        game, seats, seed = data["game"], data["seats"], data["seed"]
        options = data.get("options", {})
        if not isinstance(game, str):
            raise RecordError(msg("{where}: 'game' must be a text", where=where))
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise RecordError(msg("{where}: 'seats' must be a non-empty list of texts", where=where))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError(msg("{where}: 'seed' must be a whole number", where=where))
        if not isinstance(options, dict):
            raise RecordError(msg("{where}: 'options' must be an object", where=where))
        if not isinstance(data["actions"], list):
            raise RecordError(msg("{where}: 'actions' must be a list", where=where))
        actions = []
        for number, entry in enumerate(data["actions"], start=1):
            if (
                not isinstance(entry, dict)
                or set(entry) != {"seat", "action"}
                or isinstance(entry["seat"], bool)
                or not isinstance(entry["seat"], int)
                or not isinstance(entry["action"], str)
            ):
                raise RecordError(
                    msg("{where}: action {number} must be {{'seat': int, 'action': text}}", where=where, number=number)
                )
            actions.append(RecordedAction(entry["seat"], entry["action"]))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError(msg("{where}: 'result' must be an object", where=where))
        version = data.get("engine_version", "unknown")
        return cls(game, seats, seed, options, actions, str(version), result)

    @classmethod
    def loads(cls, text: str, where: str = "record") -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(
                msg(
                    "{where}: not valid JSON ({problem} at line {line})",
                    where=where,
                    problem=error.msg,
                    line=error.lineno,
                )
            ) from None
        return cls.from_json(data, where)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")


def read_records(path: str | Path) -> Iterator[tuple[str, GameRecord | RecordError]]:
    """Each record of a file with where it stands (``file`` or ``file:line``).

    A ``.json`` file holds one record, a JSON-lines file one per non-empty line. A line that is not a
    record is yielded as its `RecordError`, so a reader can report it and go on; an unreadable or
    empty file raises.
    """
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(
            msg("cannot read {source}: {problem}", source=source, problem=error.strerror or error)
        ) from None
    except UnicodeDecodeError:
        raise RecordError(msg("{source} is not a UTF-8 text file", source=source)) from None
    stripped = text.strip()
    if not stripped:
        raise RecordError(msg("{source} holds no record", source=source))
    if stripped.startswith("{") and "\n{" not in stripped:
        yield str(source), GameRecord.loads(stripped, str(source))
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            where = f"{source}:{number}"
            try:
                yield where, GameRecord.loads(line, where)
            except RecordError as error:
                yield where, error


def load_records(path: str | Path) -> Iterator[GameRecord]:
    """The records of a file; the first malformed one raises `RecordError` naming its place."""
    for _, item in read_records(path):
        if isinstance(item, RecordError):
            raise item
        yield item


def start(record: GameRecord) -> tuple[AnyGame, GameState[Any]]:
    """The game and its initial state for a record."""
    game = get_game(record.game)
    try:
        state = game.new_game(record.players, record.options, record.seed)
    except LagunaError as error:
        raise RecordError(msg("record of {game}: {error}", game=record.game, error=error.message)) from None
    return game, state


def bad_action(number: int, entry: RecordedAction, error: LagunaError) -> RecordError:
    """The error of a record whose action `number` (from 1) does not parse or is illegal."""
    return RecordError(
        msg(
            "action {number} ({action} by seat {seat}): {error}",
            number=number,
            action=quoted(entry.action),
            seat=entry.seat,
            error=error.message,
        )
    )


def replay(record: GameRecord, upto: int | None = None) -> GameState[Any]:
    """Rebuild the state after the first `upto` actions (all by default).

    Raises `RecordError` naming the first action that does not parse or is illegal.
    """
    game, state = start(record)
    actions = record.actions if upto is None else record.actions[:upto]
    for number, entry in enumerate(actions, start=1):
        try:
            action = game.parse_action(entry.action)
            state.apply(entry.seat, action)
        except LagunaError as error:
            raise bad_action(number, entry, error) from None
    return state


def verify(record: GameRecord) -> GameState[Any]:
    """Replay a whole record and check it ends as it says (finished, with the recorded scores)."""
    state = replay(record)
    if record.result is not None:
        if not state.is_terminal():
            raise RecordError(msg("the record has a result but its actions do not finish the game"))
        scores = list(state.outcome().scores)
        if scores != record.result.get("scores"):
            raise RecordError(
                msg(
                    "replayed scores {scores} differ from the recorded {recorded}",
                    scores=str(scores),
                    recorded=str(record.result.get("scores")),
                )
            )
    return state

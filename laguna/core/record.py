"""Game records: options + seed + the list of decisions in notation, saved as JSON and replayed exactly.

A record is the whole truth of a game: the state is rebuilt by replaying it, so a record that replays
is a game that happened. One record per file (``.json``) or one per line (``.jsonl``).
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Final

from laguna import __version__
from laguna.core.errors import LagunaError, RecordError
from laguna.core.game import GameState, Seat
from laguna.core.messages import Message, msg, quoted
from laguna.core.registry import AnyGame, get_game
from laguna.core.rng import MAX_SEED

__all__ = [
    "MAX_NAME",
    "MAX_RECORD_BYTES",
    "MAX_SEATS",
    "MAX_SEED",
    "GameRecord",
    "RecordedAction",
    "bad_action",
    "load_records",
    "read_records",
    "replay",
    "start",
    "verify",
]

MAX_RECORD_BYTES: Final = 4 * 1024 * 1024
"""The longest record read, in bytes of UTF-8 (a long game's record is a few dozen kilobytes)."""

MAX_SEATS: Final = 16
"""The most seats a record may name (every game is for at most a few players)."""

MAX_NAME: Final = 200
"""The longest seat name or engine version a record may hold, in characters."""


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
        """Read and check the shape of a record; `RecordError` names the first bad field.

        Every field is checked for its type and size, so what a record holds is safe to show and to
        replay: a seed from 0 to `MAX_SEED`, at most `MAX_SEATS` seat names of at most `MAX_NAME`
        characters, seats of actions among the record's seats.
        """
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
        if (
            not isinstance(seats, list)
            or not 0 < len(seats) <= MAX_SEATS
            or not all(isinstance(s, str) and len(s) <= MAX_NAME for s in seats)
        ):
            raise RecordError(
                msg(
                    "{where}: 'seats' must be a list of 1 to {most} texts of at most {length} characters",
                    where=where,
                    most=MAX_SEATS,
                    length=MAX_NAME,
                )
            )
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise RecordError(
                msg(
                    "{where}: 'seed' must be a whole number from 0 to {most}, not {seed}",
                    where=where,
                    most=MAX_SEED,
                    seed=quoted(seed),
                )
            )
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
                or not 0 <= entry["seat"] < len(seats)
                or not isinstance(entry["action"], str)
            ):
                raise RecordError(
                    msg(
                        "{where}: action {number} must be {{'seat': a seat from 0 to {last}, 'action': text}}",
                        where=where,
                        number=number,
                        last=len(seats) - 1,
                    )
                )
            actions.append(RecordedAction(entry["seat"], entry["action"]))
        result = data.get("result")
        if result is not None:
            if not isinstance(result, dict):
                raise RecordError(msg("{where}: 'result' must be an object", where=where))
            scores = result.get("scores")
            if not isinstance(scores, list) or not all(
                isinstance(score, int) and not isinstance(score, bool) for score in scores
            ):
                raise RecordError(msg("{where}: the result's 'scores' must be a list of whole numbers", where=where))
        version = data.get("engine_version", "unknown")
        if not isinstance(version, str) or len(version) > MAX_NAME:
            raise RecordError(
                msg(
                    "{where}: 'engine_version' must be a text of at most {length} characters",
                    where=where,
                    length=MAX_NAME,
                )
            )
        return cls(game, seats, seed, options, actions, version, result)

    @classmethod
    def loads(cls, text: str, where: str = "record") -> GameRecord:
        """Parse a record from JSON text of at most `MAX_RECORD_BYTES` (counted in UTF-8)."""
        if len(text) > MAX_RECORD_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
            raise RecordError(_too_long(where))
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
        except RecursionError:
            raise RecordError(msg("{where}: the JSON is nested too deeply to be a record", where=where)) from None
        except ValueError:
            # Python reads whole numbers of at most a few thousand digits.
            raise RecordError(msg("{where}: the JSON holds a number too long to read", where=where)) from None
        return cls.from_json(data, where)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")


def _too_long(where: str) -> Message:
    return msg("{where}: the record is longer than {limit} MB", where=where, limit=MAX_RECORD_BYTES // (1024 * 1024))


_CHUNK = 1024 * 1024


def _open(source: Path) -> BinaryIO:
    """`source` opened to read: a file or a pipe, never a directory or a device."""
    try:
        kind = source.stat().st_mode
        if not (stat.S_ISREG(kind) or stat.S_ISFIFO(kind)):
            raise RecordError(msg("{source} is not a file of records", source=source))
        return source.open("rb")
    except OSError as error:
        raise RecordError(
            msg("cannot read {source}: {problem}", source=source, problem=error.strerror or error.__class__.__name__)
        ) from None


def _lines(stream: BinaryIO, buffer: bytes) -> Iterator[bytes | None]:
    """The lines of `stream` after `buffer`, each without its end; None for a line longer than
    `MAX_RECORD_BYTES`, which is skipped without being kept."""
    while True:
        end = buffer.find(b"\n")
        if end >= 0:
            yield buffer[:end] if end <= MAX_RECORD_BYTES else None
            buffer = buffer[end + 1 :]
            continue
        if len(buffer) > MAX_RECORD_BYTES:
            yield None
            while True:  # skip the rest of the long line
                chunk = stream.read(_CHUNK)
                if not chunk:
                    return
                end = chunk.find(b"\n")
                if end >= 0:
                    buffer = chunk[end + 1 :]
                    break
            continue
        chunk = stream.read(_CHUNK)
        if not chunk:
            if buffer:
                yield buffer
            return
        buffer += chunk


def _decoded(raw: bytes, where: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(msg("{where} is not UTF-8 text", where=where)) from None


def read_records(path: str | Path) -> Iterator[tuple[str, GameRecord | RecordError]]:
    """Each record of a file with where it stands (``file`` or ``file:line``).

    A ``.json`` file holds one record, a JSON-lines file one per non-empty line. A record that cannot
    be read (not JSON, of the wrong shape, longer than `MAX_RECORD_BYTES`) is yielded as its
    `RecordError`, so a reader can report it and go on; a file that cannot be read, or holds
    nothing, raises. The file is read a line at a time, so no line is kept past the limit.
    """
    source = Path(path)
    with _open(source) as stream:
        try:
            head = stream.read(MAX_RECORD_BYTES + 1)
        except OSError as error:
            raise RecordError(
                msg("cannot read {source}: {problem}", source=source, problem=error.strerror or error)
            ) from None
        stripped = head.strip()
        if not stripped:
            raise RecordError(msg("{source} holds no record", source=source))
        if len(head) <= MAX_RECORD_BYTES and stripped.startswith(b"{") and b"\n{" not in stripped:
            where = str(source)
            try:
                yield where, GameRecord.loads(_decoded(stripped, where), where)
            except RecordError as error:
                yield where, error
            return
        for number, line in enumerate(_lines(stream, head), start=1):
            where = f"{source}:{number}"
            if line is None:
                yield where, RecordError(_too_long(where))
                continue
            if line.strip():
                try:
                    yield where, GameRecord.loads(_decoded(line, where), where)
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
                    scores=quoted(scores),
                    recorded=quoted(record.result.get("scores")),
                )
            )
    return state

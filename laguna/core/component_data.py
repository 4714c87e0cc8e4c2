"""Reading component data files, shared by every game's loader.

A game's components live in a TOML file inside its package (``"reconstructed"``) or in a file a user
points at. Every problem is a one-line `CardDataError` naming the file and the item at fault, so a bad
data file never shows up later as a wrong score.

Options, and so records and web forms, name data only as ``"reconstructed"`` or by the SHA-256 digest
of a file's bytes (``"sha256:…"``), never by a path: a record must not make a replay read a file of
the machine it is replayed on. A person names a data file on the command line; the command reads it
(`register_file`: a regular file of at most `MAX_DATA_BYTES`) and keeps its bytes under their digest
for the run, which is what the options then name and a record keeps. A replay of that record finds the
data only when the same bytes are given again.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal, get_args

from laguna.core.errors import CardDataError
from laguna.core.messages import Message, msg

PACKAGED: Final = "reconstructed"
"""The source name of a game's packaged data; a digest (`DIGEST_PREFIX`) names a file given on the
command line; code may also pass a loader a file path of its own."""

DIGEST_PREFIX: Final = "sha256:"
"""How a data source names a file by the SHA-256 digest of its bytes: ``sha256:`` and 64 hex digits."""

MAX_DATA_BYTES: Final = 4 * 1024 * 1024
"""The largest data file read (the packaged ones are a few dozen kilobytes)."""


def _unreadable(name: str, kind: str, error: OSError) -> CardDataError:
    return CardDataError(
        msg(
            "{source}: {kind} cannot be read ({problem})",
            source=name,
            kind=kind,
            problem=error.strerror or error.__class__.__name__,
        )
    )


_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class DataFile:
    """A data file given on the command line: where it was read from (for messages) and its bytes."""

    path: str
    data: bytes

    @property
    def source(self) -> str:
        return DIGEST_PREFIX + hashlib.sha256(self.data).hexdigest()


_GIVEN: dict[str, DataFile] = {}
"""The data files given on the command line in this process, by their source (digest)."""


def is_digest(source: str) -> bool:
    """True when `source` names data by digest (``sha256:`` and 64 lowercase hex digits)."""
    return _DIGEST.fullmatch(source) is not None


def is_data_name(source: str) -> bool:
    """True for what options and records may hold: the packaged data or a digest."""
    return source == PACKAGED or is_digest(source)


def read_data_file(path: str | Path, kind: str = "data file") -> bytes:
    """The bytes of a data file a person named: only a regular file of at most `MAX_DATA_BYTES`, so a
    FIFO, a device or a directory is refused at once rather than read without end."""
    name = str(path)
    try:
        # Non-blocking, so that opening a FIFO with no writer returns instead of waiting for one.
        handle = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise CardDataError(msg("{source}: {kind} not found", source=name, kind=kind)) from None
    except OSError as exc:
        raise _unreadable(name, kind, exc) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise CardDataError(msg("{source}: {kind} is not a regular file", source=name, kind=kind))
        if info.st_size > MAX_DATA_BYTES:
            raise CardDataError(_too_large(name, kind))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(MAX_DATA_BYTES + 1)
    except OSError as exc:
        raise _unreadable(name, kind, exc) from None
    finally:
        os.close(handle)
    if len(data) > MAX_DATA_BYTES:
        raise CardDataError(_too_large(name, kind))
    return data


def _too_large(name: str, kind: str) -> Message:
    return msg(
        "{source}: {kind} is larger than {limit} MB",
        source=name,
        kind=kind,
        limit=MAX_DATA_BYTES // (1024 * 1024),
    )


def register_file(path: str | Path, kind: str = "data file") -> str:
    """Read a data file a person named on the command line and keep it for this process; the source
    that names it in options and records (its digest)."""
    given = DataFile(str(path), read_data_file(path, kind))
    _GIVEN.setdefault(given.source, given)
    return given.source


def given_files() -> tuple[DataFile, ...]:
    """The data files given in this process, to hand to worker processes (`give`)."""
    return tuple(_GIVEN.values())


def give(files: tuple[DataFile, ...]) -> None:
    """Keep data files read by another process (a worker's parent) as if given here."""
    for given in files:
        _GIVEN.setdefault(given.source, given)


def source_name(source: str) -> str:
    """A data set's name when its file gives none: ``reconstructed``, or the name of the file read."""
    if source == PACKAGED:
        return PACKAGED
    given = _GIVEN.get(source)
    return Path(given.path if given is not None else source).name


def forget_given() -> None:
    """Forget the data files given so far: a command that reads its own starts from none."""
    _GIVEN.clear()


def check_given(source: str, kind: str) -> None:
    """Refuse a digest whose file was not given in this process, naming the files that were."""
    _given(source, kind)


def _given(source: str, kind: str) -> tuple[str, bytes]:
    """The label and bytes of the file given with digest `source`; a clear refusal if none was."""
    given = _GIVEN.get(source)
    if given is not None:
        return given.path, given.data
    others = [f"{other.path} is {other.source}" for other in _GIVEN.values()]
    if others:
        raise CardDataError(
            msg(
                "the {kind} named by its digest {digest} is not among the files given on the command line ({others})",
                kind=kind,
                digest=source,
                others="; ".join(others[:3]),
            )
        )
    raise CardDataError(
        msg(
            "this game uses a {kind} named by its digest {digest}: give that file on the command line "
            "(laguna replay RECORD --data FILE)",
            kind=kind,
            digest=source,
        )
    )


Provenance = Literal["rulebook", "public", "reconstructed"]
"""Where an item's data comes from: a rulebook passage, a public source, or our reconstruction."""

PROVENANCES: Final[tuple[str, ...]] = get_args(Provenance)


def read_toml(package: str, filename: str, source: str, kind: str) -> tuple[str, dict[str, Any]]:
    """The label for messages and the parsed document of `source`.

    `package`/``data``/`filename` is read for `PACKAGED`, the file given with that digest for a
    digest, and the file itself for a path (which only code passes: options never hold one); `kind`
    names the file in messages ("card file", "sheet file").
    """
    if source == PACKAGED:
        label = f"packaged {filename}"
        resource = resources.files(package) / "data" / filename
        try:
            text = resource.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CardDataError(
                msg("{label}: cannot be read ({problem})", label=label, problem=exc.__class__.__name__)
            ) from None
    else:
        if is_digest(source):
            label, raw = _given(source, kind)
        else:
            label, raw = source, read_data_file(source, kind)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CardDataError(msg("{source}: {kind} is not UTF-8 text", source=label, kind=kind)) from None
    try:
        return label, tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(msg("{label}: TOML syntax error: {problem}", label=label, problem=str(exc))) from None


def type_name(value: object) -> str:
    """A TOML-ish name for a parsed value's type, for error messages."""
    names = {bool: "boolean", int: "integer", float: "float", str: "string", list: "array", dict: "table"}
    return names.get(type(value), type(value).__name__)

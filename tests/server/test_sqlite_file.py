"""The embedded SQLite file changing under a running server: removed, replaced or made read-only, it is
named in a `DatabaseError` (never a driver's error), nothing acknowledged goes to a file that is no
longer there, and nothing is written to a file that took its place. And no database wait is long; nor
does a second server get onto the same file by another way of writing its path."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine, event, make_url, text
from typer.testing import CliRunner, Result

from laguna.cli import app as cli
from laguna.cli.commands import serve as serve_command
from laguna.core import LagunaError
from laguna.server import db
from laguna.server.db import DatabaseError, make_engine, upgrade
from laguna.server.store import HUMAN, OPEN, SeatInfo, Store

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "laguna.sqlite3"


@pytest.fixture
def sqlite_engine(path: Path) -> Iterator[Engine]:
    """A migrated, empty SQLite file."""
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    yield engine
    engine.dispose()


def _playing(store: Store) -> tuple[str, int]:
    """A table whose game has started; its id and version."""
    ada = store.create_user("Ada", "h", NOW)
    seat_list = [SeatInfo(0, HUMAN, ada.id), SeatInfo(1, OPEN)]
    store.create_table(
        "t1", "walking-in-burano", {}, 42, seat_list, created_by=ada.id, invite_token="inv", move_seconds=None,
        now=NOW,
    )  # fmt: skip
    return "t1", store.start("t1", [0], NOW).version


def _hold_pooled_connections(engine: Engine) -> None:
    with engine.connect(), engine.connect():
        pass


@contextlib.contextmanager
def _fails(pattern: str) -> Iterator[None]:
    """A `DatabaseError` matching `pattern`: raised, or the cause of the store's own error for a write
    that was not saved. Never a driver's error."""
    with pytest.raises(LagunaError) as raised:
        yield
    error = raised.value if isinstance(raised.value, DatabaseError) else raised.value.__cause__
    assert isinstance(error, DatabaseError), repr(raised.value)
    assert re.search(pattern, str(error)), str(error)


def _named(path: Path, what: str) -> str:
    return f"the database file {re.escape(str(path))} was {what}"


def _log(path: Path, table_id: str) -> list[str]:
    """The decisions in the file at `path`, as a server started on it reads them."""
    engine = make_engine(f"sqlite:///{path}")
    try:
        return [entry.action for entry in Store(engine).log(table_id)]
    finally:
        engine.dispose()


def test_a_removed_file_stops_every_write_and_loses_nothing_acknowledged(sqlite_engine: Engine, path: Path) -> None:
    store = Store(sqlite_engine)
    table_id, version = _playing(store)
    version = store.append(table_id, version, 0, "first", waiting=[1], now=NOW)
    _hold_pooled_connections(sqlite_engine)
    moved = path.with_name("moved.sqlite3")
    path.rename(moved)
    with _fails(_named(path, "removed")):
        store.append(table_id, version, 1, "second", waiting=[0], now=NOW)
    with _fails(_named(path, "removed")):
        store.table(table_id)
    sqlite_engine.dispose()  # and with no connection left open, none is opened on a new empty file
    with _fails(_named(path, "removed")):
        store.create_user("Bob", "h", NOW)
    assert not path.exists()
    moved.rename(path)  # put back: everything acknowledged is there, and the server saves again
    assert _log(path, table_id) == ["first"]
    assert store.append(table_id, version, 1, "second", waiting=[0], now=NOW) == version + 1
    assert _log(path, table_id) == ["first", "second"]


def test_a_commit_racing_the_removal_is_not_acknowledged(sqlite_engine: Engine, path: Path) -> None:
    store = Store(sqlite_engine)
    table_id, version = _playing(store)
    moved = path.with_name("moved.sqlite3")

    moves: list[Path] = []

    def move_at_commit(statement: str) -> None:  # after every check before the commit, before its write
        if statement == "COMMIT" and not moves:
            moves.append(moved)
            path.rename(moved)

    def trace(dbapi_connection: sqlite3.Connection, *_: object) -> None:
        dbapi_connection.set_trace_callback(move_at_commit)

    event.listen(sqlite_engine, "checkout", trace)
    with _fails(_named(path, "removed") + ".*; this change went to the file that was there before"):
        store.append(table_id, version, 0, "raced", waiting=[1], now=NOW)
    event.remove(sqlite_engine, "checkout", trace)
    moved.rename(path)
    assert _log(path, table_id) == ["raced"]  # it went to the file that left, and is there now it is back
    assert store.append(table_id, version + 1, 1, "next", waiting=[0], now=NOW) == version + 2


@pytest.mark.parametrize("replacement", ["an empty file", "another database"])
def test_a_replaced_file_is_neither_read_nor_written(
    sqlite_engine: Engine, path: Path, tmp_path: Path, replacement: str
) -> None:
    store = Store(sqlite_engine)
    table_id, version = _playing(store)
    _hold_pooled_connections(sqlite_engine)
    other = tmp_path / "other.sqlite3"
    if replacement == "an empty file":
        other.write_bytes(b"")
    else:
        other_engine = make_engine(f"sqlite:///{other}")
        upgrade(other_engine)
        Store(other_engine).create_user("Eve", "h", NOW)
        other_engine.dispose()
    os.replace(other, path)  # as a restore from a backup does
    before = path.read_bytes()
    for attempt in (
        lambda: store.table(table_id),
        lambda: store.login_of("eve"),
        lambda: store.append(table_id, version, 0, "lost", waiting=[1], now=NOW),
        lambda: store.create_user("Bob", "h", NOW),
    ):
        with _fails(_named(path, "replaced")):
            attempt()
    sqlite_engine.dispose()
    with _fails(_named(path, "replaced")):
        store.create_user("Bob", "h", NOW)
    assert path.read_bytes() == before


@contextlib.contextmanager
def _read_only(path: Path) -> Iterator[None]:
    """The file made read-only: by its mode, and for root (whom no mode stops) by the immutable flag."""
    path.chmod(0o444)
    immutable = os.geteuid() == 0
    try:
        if immutable:
            try:
                done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True, check=False)
                reason = done.stderr.strip()
            except OSError as error:
                done, reason = None, str(error)
            if done is None or done.returncode != 0:
                immutable = False
                pytest.skip(f"root writes to any file but an immutable one, and chattr +i failed: {reason}")
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        path.chmod(0o644)


def test_a_read_only_file_is_named_when_a_write_fails(sqlite_engine: Engine, path: Path) -> None:
    store = Store(sqlite_engine)
    ada = store.create_user("Ada", "h", NOW)
    sqlite_engine.dispose()  # the server restarts on the file made read-only
    with _read_only(path):
        engine = make_engine(f"sqlite:///{path}")
        try:
            upgrade(engine)  # up to date: nothing to write
            restarted = Store(engine)
            assert restarted.user(ada.id) == ada
            with _fails(f"cannot write to {re.escape(str(path))}: the file is read-only"):
                restarted.create_user("Bob", "h", NOW)
        finally:
            engine.dispose()


def test_a_locked_database_is_named_after_a_short_wait(
    sqlite_engine: Engine, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "SQLITE_WAIT_SECONDS", 0.2)
    store = Store(make_engine(f"sqlite:///{path}"))
    other_process = sqlite3.connect(path)
    other_process.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        with _fails(f"the database {re.escape(str(path))} is busy"):
            store.create_user("Bob", "h", NOW)
        assert time.monotonic() - started < 3
    finally:
        other_process.rollback()
        other_process.close()
        store.engine.dispose()
    assert store.create_user("Bob", "h", NOW).name == "Bob"


def test_no_database_wait_holds_a_request_for_long(tmp_path: Path, postgres_url: str) -> None:
    sqlite = make_engine(f"sqlite:///{tmp_path / 'laguna.sqlite3'}")
    with sqlite.connect() as c:
        assert c.execute(text("PRAGMA busy_timeout")).scalar() == 5000
    sqlite.dispose()
    with_options = make_url(postgres_url).update_query_dict({"options": "-c search_path=public"})
    postgres = make_engine(with_options.render_as_string(hide_password=False))  # the URL's own options stay
    try:
        with postgres.connect() as c:
            shown = {name: c.execute(text(f"SHOW {name}")).scalar() for name in (
                "lock_timeout", "statement_timeout", "idle_in_transaction_session_timeout", "search_path"
            )}  # fmt: skip
            parameters = c.connection.dbapi_connection.info.get_parameters()  # type: ignore[union-attr]
        assert shown == {
            "lock_timeout": "5s",
            "statement_timeout": "15s",
            "idle_in_transaction_session_timeout": "1min",
            "search_path": "public",
        }
        assert parameters["connect_timeout"] == "5"
        assert postgres.pool.timeout() == 10  # type: ignore[attr-defined]
    finally:
        postgres.dispose()


@pytest.mark.parametrize(
    "spelling",
    [
        "sqlite:///laguna.sqlite3",
        "sqlite:///./laguna.sqlite3",
        "sqlite:///{folder}/sub/../laguna.sqlite3",
        "sqlite:///{folder}//laguna.sqlite3",
        "sqlite:///{folder}/link.sqlite3",
        "sqlite:///{folder}/linked/laguna.sqlite3",
    ],
)
def test_a_second_server_on_the_same_file_written_otherwise_is_refused(
    spelling: str, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Relative paths, ``..``, doubled slashes, a symbolic link to the file or to its folder: the lock
    is taken on the file they lead to, so none of them lets a second `laguna serve` in."""
    folder = path.parent
    (folder / "sub").mkdir()
    (folder / "link.sqlite3").symlink_to(path)
    (folder / "linked").symlink_to(folder, target_is_directory=True)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(serve_command, "serve", _started)
    first = make_engine(f"sqlite:///{path}")
    upgrade(first)
    with db.only_server(first):
        result = _serve("--db", spelling.format(folder=folder))
    first.dispose()
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: another laguna serve is already using {path}; stop it, or serve several processes from "
        "PostgreSQL (--db postgresql://… --workers N)"
    )


@pytest.mark.parametrize(
    "spelling",
    ["sqlite:///file:laguna.sqlite3?mode=rwc&uri=true", "sqlite:///file:{path}?uri=true", "sqlite:///file:x"],
)
def test_an_sqlite_uri_is_not_served(spelling: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's URI names could say the same file in endless ways (and open it without its locks): the
    server takes a path only."""
    monkeypatch.chdir(path.parent)
    monkeypatch.setattr(serve_command, "serve", _started)
    result = _serve("--db", spelling.format(path=path))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: serve an SQLite file by its path (sqlite:///path/to/file.sqlite3), not as ")


def _serve(*options: str) -> Result:
    return CliRunner().invoke(cli.app, ["serve", *options], env={"LAGUNA_LANGUAGE": "en"})


def _started(*_: object) -> None:
    raise AssertionError("a second server started serving the file")

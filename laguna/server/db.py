"""Opening the table server's database: the URL (an embedded SQLite file by default), the engine with
durable settings, and the schema brought up to date by the Alembic migrations shipped in the package.

An SQLite file can be removed, replaced or made read-only under a running server. The engine watches
for that, and every problem of the file becomes a `DatabaseError` that says what happened to it."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from platformdirs import user_data_path
from sqlalchemy import URL, Engine, create_engine, event, make_url
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import ArgumentError

from laguna.core import LagunaError

DATA_DIR_VARIABLE = "LAGUNA_DATA"
"""An environment variable naming the folder of the embedded database (default: the user's data folder)."""
MIGRATIONS = Path(__file__).with_name("migrations")

SQLITE_WAIT_SECONDS = 5
"""How long an SQLite statement waits for another connection's lock before it fails."""
POSTGRES_CONNECT_SECONDS = 5
"""How long a new PostgreSQL connection may take."""
POSTGRES_POOL_SECONDS = 10
"""How long a request waits for a pooled PostgreSQL connection when all are in use."""
POSTGRES_SETTINGS = "-c lock_timeout=5s -c statement_timeout=15s -c idle_in_transaction_session_timeout=60s"
"""Every PostgreSQL session's limits: 5 s to get a lock, 15 s for a statement, and a transaction left
open and idle for a minute is ended (with its locks). A migration that must run longer lifts
`statement_timeout` for itself (``SET LOCAL statement_timeout = 0``)."""


class DatabaseError(LagunaError):
    """The database cannot be opened or used: a bad URL, an unsupported database, an unreachable server,
    an SQLite file removed, replaced, read-only, locked, or on a full or failing disk."""


def default_database_url() -> str:
    """The embedded SQLite file, `laguna.sqlite3` in `$LAGUNA_DATA` or else the user's data folder."""
    folder = Path(os.environ[DATA_DIR_VARIABLE]) if os.environ.get(DATA_DIR_VARIABLE) else user_data_path("laguna")
    return f"sqlite:///{folder / 'laguna.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An engine for `url` (``sqlite:///path`` or ``postgresql://…``), durable on both.

    SQLite writes through its write-ahead log with a full sync at every commit, so an acknowledged
    action survives a killed process, and waits a while for a lock rather than failing at once.

    No database wait holds a request, or the thread serving it, for long: SQLite waits
    `SQLITE_WAIT_SECONDS` for a lock; PostgreSQL gets `POSTGRES_CONNECT_SECONDS` to connect, a request
    `POSTGRES_POOL_SECONDS` to get a pooled connection, and every session the `POSTGRES_SETTINGS`
    limits. A wait that runs out is an error the caller reports, and the player may try again.
    """
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise DatabaseError(f"{url!r} is not a database URL (sqlite:///file or postgresql://host/db)") from error
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return _sqlite_engine(parsed)
    if backend == "postgresql":
        return _postgres_engine(parsed)
    raise DatabaseError(f"{backend!r} databases are not supported: use sqlite:///file or postgresql://host/db")


def _postgres_engine(url: URL) -> Engine:
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    connect_args: dict[str, Any] = {}
    if url.get_driver_name() in ("psycopg", "psycopg2"):  # libpq's parameters; the URL's own come last
        given = url.query.get("options", ())
        connect_args["options"] = " ".join([POSTGRES_SETTINGS, *([given] if isinstance(given, str) else given)])
        if "connect_timeout" not in url.query:
            connect_args["connect_timeout"] = POSTGRES_CONNECT_SECONDS
    return create_engine(
        url, pool_pre_ping=True, pool_size=10, max_overflow=20, pool_timeout=POSTGRES_POOL_SECONDS,
        connect_args=connect_args,
    )  # fmt: skip


def _sqlite_engine(url: URL) -> Engine:
    database = url.database or ""
    in_file = database not in ("", ":memory:")
    if in_file:
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    shown = os.path.abspath(database) if in_file else database
    connect_args: dict[str, Any] = {"timeout": SQLITE_WAIT_SECONDS}
    plain_file = in_file and url.get_driver_name() == "pysqlite" and not url.query.get("uri")
    watch = _FileWatch(Path(shown)) if plain_file else None
    if watch is not None:
        connect_args["factory"] = watch.connection_class()
    engine = create_engine(url, connect_args=connect_args)
    event.listen(engine, "connect", _sqlite_pragmas)
    event.listen(engine, "handle_error", functools.partial(_sqlite_problem, shown))
    if watch is not None:
        event.listen(engine, "checkout", lambda *_: watch.check())
    return engine


def _sqlite_pragmas(connection: object, _record: object) -> None:
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class _FileWatch:
    """The SQLite file an engine works on, known by its device and inode from the moment it first
    exists, and the check that its path still leads to that file.

    A removed or replaced file does not stop the connections that have it open: they go on reading
    and writing a file that is no longer there, and whatever they commit is lost with it. So the path
    is looked at (one `os.stat`)

    - whenever the pool hands out a connection (the ``checkout`` event): no request starts on a file
      that has gone;
    - before a new connection opens the path, and once it has: none is opened on a file that took the
      watched one's place, nor on a new empty one that SQLite would create where it was (which would
      also take over the old file's write-ahead log);
    - before and after every commit (`connection_class`): SQLAlchemy's ``commit`` event comes before
      the commit and no event comes after it, so the driver's connection does the check itself.

    The check after the commit is the one that matters: a commit is acknowledged only if the file it
    was written to was still in place once it was written, so a removal or a replacement comes after
    every acknowledged change (whatever the file held then stays in it, if it is put back). The checks
    before it keep the writes that would fail it from reaching a file that has gone at all. A change
    whose commit raced with the removal is reported as an error, and is kept only if the old file is
    put back. Not seen: a file overwritten in place (the same inode), or its log files removed alone.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.identity: tuple[int, int] | None = None
        self._taking = threading.Lock()

    def check(self, *, committed: bool = False) -> None:
        """`DatabaseError` unless the path leads to the watched file (the file first seen there)."""
        try:
            found = os.stat(self.path)
            identity: tuple[int, int] | None = (found.st_dev, found.st_ino)
        except (FileNotFoundError, NotADirectoryError):
            identity = None
        except OSError as error:
            raise DatabaseError(f"cannot look at the database file {self.path}: {error.strerror}") from error
        if self.identity is None:
            with self._taking:
                self.identity = self.identity or identity
        if identity == self.identity:
            return
        if identity is None:
            problem = (
                f"the database file {self.path} was removed while the server was running, so nothing more is "
                "saved: put it back, or restart the server (which then starts an empty database there)"
            )
        else:
            problem = (
                f"the database file {self.path} was replaced by another file while the server was running, so "
                "nothing more is saved to either: put the original back, or restart the server to use the new one"
            )
        if committed:
            problem += "; this change went to the file that was there before, and is kept only if it is put back"
        raise DatabaseError(problem)

    def connection_class(self) -> type[sqlite3.Connection]:
        """The driver's connection checking the file when it opens it and around every commit."""
        watch = self

        class WatchedConnection(sqlite3.Connection):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                watch.check()
                super().__init__(*args, **kwargs)
                try:
                    watch.check()
                except DatabaseError:
                    self.close()
                    raise

            def commit(self) -> None:
                watch.check()
                super().commit()
                watch.check(committed=True)

        return WatchedConnection


def _sqlite_problem(shown: str, context: ExceptionContext) -> DatabaseError | None:
    """SQLite's errors that are the file's or the disk's problem, named (the ``handle_error`` event: the
    error returned is raised in place of the driver's, which stays its cause). Others pass unchanged."""
    error = context.original_exception
    if not isinstance(error, sqlite3.Error):
        return None
    code = getattr(error, "sqlite_errorcode", None) or 0
    if code == sqlite3.SQLITE_READONLY_DBMOVED:
        return DatabaseError(f"the database file {shown} was moved while the server was running: nothing was saved")
    primary = code & 0xFF
    if primary == sqlite3.SQLITE_READONLY:
        return DatabaseError(
            f"cannot write to {shown}: the file is read-only to the server (or its folder is); nothing was "
            "saved: make them writable, then try again"
        )
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return DatabaseError(
            f"the database {shown} is busy: another connection held it locked for too long; nothing was saved, "
            "try again"
        )
    if primary == sqlite3.SQLITE_FULL:
        return DatabaseError(f"the disk holding {shown} is full; nothing was saved: free some space, then try again")
    if primary == sqlite3.SQLITE_IOERR:
        return DatabaseError(
            f"the disk failed to read or write {shown} (an input/output error), so this is not known to be "
            "saved: check the disk"
        )
    return None


@contextlib.contextmanager
def only_server(engine: Engine) -> Iterator[None]:
    """Hold the embedded database for this server process: a second `laguna serve` on the same SQLite
    file would serve tables from a cache the first one changes without telling it.

    The lock is the file ``<database>.serving`` beside the file the path really leads to (a relative
    path, ``..``, and symbolic links resolved), so that no other way of writing the same file gets a
    second server past it. SQLite's URI names (``file:…``, ``?uri=true``) are refused: they can say
    the same file in yet more ways and open it with settings that give up its safety."""
    url = engine.url
    database = url.database
    if not database or database == ":memory:":
        yield
        return
    if "uri" in url.query or database.startswith("file:"):
        raise DatabaseError(
            f"serve an SQLite file by its path (sqlite:///path/to/file.sqlite3), not as an SQLite URI: "
            f"{shown_url(engine)}"
        )
    path = Path(os.path.realpath(database))
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(f"{path}.serving", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise DatabaseError(
                f"another laguna serve is already using {path}; stop it, or serve several processes from "
                "PostgreSQL (--db postgresql://… --workers N)"
            ) from None
        yield


def alembic_config(engine: Engine) -> Config:
    """Alembic's configuration for the migrations in this package, bound to `engine`."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine) -> None:
    """Bring the schema up to the newest migration (creating it in an empty database)."""
    try:
        command.upgrade(alembic_config(engine), "head")
    except Exception as error:  # the driver's own errors differ by database
        cause = getattr(error, "orig", None) or error
        reason = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
        raise DatabaseError(f"cannot prepare the database at {shown_url(engine)}: {reason}") from error


def shown_url(engine: Engine) -> str:
    """The database's URL as a user writes it, the password hidden."""
    url = engine.url
    return url.set(drivername=url.get_backend_name()).render_as_string(hide_password=True)

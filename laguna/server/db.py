"""Opening the table server's database: the URL (an embedded SQLite file by default), the engine with
durable settings, and the schema brought up to date by the Alembic migrations shipped in the package."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from platformdirs import user_data_path
from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.exc import ArgumentError

from laguna.core import LagunaError

DATA_DIR_VARIABLE = "LAGUNA_DATA"
"""An environment variable naming the folder of the embedded database (default: the user's data folder)."""
MIGRATIONS = Path(__file__).with_name("migrations")


class DatabaseError(LagunaError):
    """The database cannot be opened or used: a bad URL, an unsupported database, an unreachable server."""


def default_database_url() -> str:
    """The embedded SQLite file, `laguna.sqlite3` in `$LAGUNA_DATA` or else the user's data folder."""
    folder = Path(os.environ[DATA_DIR_VARIABLE]) if os.environ.get(DATA_DIR_VARIABLE) else user_data_path("laguna")
    return f"sqlite:///{folder / 'laguna.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An engine for `url` (``sqlite:///path`` or ``postgresql://…``), durable on both.

    SQLite writes through its write-ahead log with a full sync at every commit, so an acknowledged
    action survives a killed process, and waits for a lock rather than failing at once.
    """
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise DatabaseError(f"{url!r} is not a database URL (sqlite:///file or postgresql://host/db)") from error
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if backend == "postgresql":
        if parsed.drivername == "postgresql":
            parsed = parsed.set(drivername="postgresql+psycopg")
        return create_engine(parsed, pool_pre_ping=True, pool_size=10, max_overflow=20)
    raise DatabaseError(f"{backend!r} databases are not supported: use sqlite:///file or postgresql://host/db")


def _sqlite_pragmas(connection: object, _record: object) -> None:
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


@contextlib.contextmanager
def only_server(engine: Engine) -> Iterator[None]:
    """Hold the embedded database for this server process: a second `laguna serve` on the same SQLite
    file would serve tables from a cache the first one changes without telling it."""
    database = engine.url.database
    if not database or database == ":memory:":
        yield
        return
    path = Path(database).expanduser()
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

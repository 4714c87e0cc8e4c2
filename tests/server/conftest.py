"""Databases for the server tests: an SQLite file per test, and a fresh PostgreSQL database per test
process on the server this machine runs (`LAGUNA_TEST_POSTGRES` names another server); and for the
browser tests, a `laguna serve` process and Debian's Chromium per test module."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from laguna.server.db import make_engine, upgrade
from laguna.server.schema import metadata
from tests.server.browsing import CHROMIUM, FLAGS

POSTGRES_SERVER = os.environ.get("LAGUNA_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """An empty database of its own on the PostgreSQL server, dropped at the end."""
    server = make_url(POSTGRES_SERVER)
    name = f"laguna_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # the server's absence is reported, never skipped
        pytest.fail(f"the PostgreSQL server at {server.render_as_string()} is needed by the server tests: {error}")
    yield server.set(database=name).render_as_string(hide_password=False)
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def launch_server(database_url: str, folder: Path, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """A `laguna serve` process on `database_url`, once it accepts connections; its address."""
    port = port or free_port()
    command = [sys.executable, "-c", "from laguna.cli.app import main; main()", "serve", "--port", str(port)]
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
    """Debian's Chromium driven by Playwright, shared by a browser test module."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield launched
        launched.close()

"""Live updates: every browser watching a table hears of its new version within a fraction of a second.

A `Hub` keeps, in one server process, a queue per connected browser. With PostgreSQL, a change is
announced with NOTIFY and every server process (this one included) LISTENs and passes it to its own
browsers, so several processes on one database serve the same games. With SQLite (one process) the
announcement goes straight to the hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Iterator

import psycopg
from sqlalchemy import Engine, text

CHANNEL = "laguna_tables"
_LOG = logging.getLogger("laguna.server")


class Hub:
    """The browsers of this process, by table; thread-safe to announce to."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[int]]] = defaultdict(set)
        self._loop: asyncio.AbstractEventLoop | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    @contextlib.contextmanager
    def subscription(self, table_id: str) -> Iterator[asyncio.Queue[int]]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._queues[table_id].add(queue)
        try:
            yield queue
        finally:
            self._queues[table_id].discard(queue)
            if not self._queues[table_id]:
                del self._queues[table_id]

    def deliver(self, table_id: str, version: int) -> None:
        """Pass a new version to this process's browsers (from any thread)."""
        loop = self._loop
        if loop is None:
            return
        for queue in list(self._queues.get(table_id, ())):
            loop.call_soon_threadsafe(queue.put_nowait, version)


class Announcer:
    """Announces a table's new version to every server process on the database."""

    def __init__(self, engine: Engine, hub: Hub) -> None:
        self.engine = engine
        self.hub = hub
        self.shared = engine.dialect.name == "postgresql"

    def announce(self, table_id: str, version: int) -> None:
        if not self.shared:
            self.hub.deliver(table_id, version)
            return
        with self.engine.begin() as c:
            payload = f"{table_id} {version}"
            c.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    async def listen(self) -> None:
        """Relay the database's announcements to this process's hub until cancelled (PostgreSQL only)."""
        if not self.shared:
            return
        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    async for note in connection.notifies():
                        table_id, _, version = note.payload.partition(" ")
                        if version.isdigit():
                            self.hub.deliver(table_id, int(version))
            except (psycopg.Error, OSError) as error:
                _LOG.warning("live updates: lost the database connection (%s); reconnecting", error)
                await asyncio.sleep(1)

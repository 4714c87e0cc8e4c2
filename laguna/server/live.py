"""Live updates: every browser watching a table hears of its new version within a fraction of a second.

A `Hub` keeps, in one server process, a queue per connected browser and the newest version heard of
each table. With PostgreSQL the store announces every change with NOTIFY inside the transaction that
makes it (so a committed change is always announced, and only a committed one), and every server
process LISTENs (`Listener`): a change made through one process reaches the browsers of all of them,
and each process drops what it had cached of the table. With SQLite (one process) the process that
made a change tells its own hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterator

import psycopg
from sqlalchemy import Engine

from laguna.server.account_store import CHANNEL

HEARD_TABLES = 100_000
"""Tables whose newest version a hub remembers, the most recently changed (only recent changes can race
with a read)."""
_LOG = logging.getLogger("laguna.server")


class Hub:
    """The browsers of this process, by table; thread-safe to deliver to. A version is passed on once,
    and only if it is newer than any heard before, so a change this process announces itself and then
    hears again from the database reaches each browser once."""

    def __init__(self, on_version: Callable[[str, int], None] | None = None) -> None:
        self._queues: dict[str, set[asyncio.Queue[int]]] = defaultdict(set)
        self._latest: OrderedDict[str, int] = OrderedDict()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_version = on_version

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
        """Pass a table's new version to this process's browsers (from any thread)."""
        loop = self._loop
        if loop is None:
            return
        loop.call_soon_threadsafe(self._deliver, table_id, version)

    def _deliver(self, table_id: str, version: int) -> None:
        if version <= self._latest.get(table_id, -1):
            return
        self._latest[table_id] = version
        self._latest.move_to_end(table_id)
        if len(self._latest) > HEARD_TABLES:
            self._latest.popitem(last=False)
        if self._on_version is not None:
            self._on_version(table_id, version)
        for queue in self._queues.get(table_id, ()):
            queue.put_nowait(version)


class Listener:
    """Relays the database's announcements (PostgreSQL only) to this process: new versions to the hub,
    closed sessions to `on_session_closed`; after a lost connection, `on_reconnect` drops whatever this
    process cached, since announcements may have been missed meanwhile."""

    def __init__(
        self,
        engine: Engine,
        hub: Hub,
        *,
        on_session_closed: Callable[[str], None],
        on_reconnect: Callable[[], None],
    ) -> None:
        self.engine = engine
        self.hub = hub
        self.on_session_closed = on_session_closed
        self.on_reconnect = on_reconnect
        self.listening = asyncio.Event()
        """Set once announcements are heard (at once on SQLite): the server waits for it before it
        takes requests, so that no change made through another process goes unheard."""

    async def listen(self) -> None:
        """Relay announcements until cancelled (returns at once on SQLite)."""
        if self.engine.dialect.name != "postgresql":
            self.listening.set()
            return
        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.on_reconnect()  # whatever was cached before may have changed unheard
                    self.listening.set()
                    async for note in connection.notifies():
                        self.relay(note.payload)
            except (psycopg.Error, OSError) as error:
                _LOG.warning("live updates: lost the database connection (%s); reconnecting", error)
                await asyncio.sleep(1)

    def relay(self, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        if kind == "table":
            table_id, _, version = rest.partition(" ")
            if version.isdigit():
                self.hub.deliver(table_id, int(version))
        elif kind == "session":
            self.on_session_closed(rest)

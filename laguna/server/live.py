"""Live updates: every browser watching a table hears of its new version, and of a new message in its
chat, within a fraction of a second; every browser on the lobby hears that its open tables changed.

A `Hub` keeps, in one server process, a queue per connected browser and the newest version (and chat
message) heard of each table. The store announces every change inside the transaction that makes it,
so a committed change is always announced, and only a committed one: with PostgreSQL by NOTIFY, which
every server process LISTENs to (`Listener`), so that a change made through one process reaches the
browsers of all of them and each process drops what it had cached of the table; with SQLite (one
process) straight to the `Listener`'s `relay` once the change is committed.
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
with a read); as many whose newest chat message it remembers."""
LOBBY = "*lobby"
"""The subscription of the lobby's browsers (no table is called so: table ids have no ``*``)."""
Notice = dict[str, int]
"""What a browser is told: ``{"version": n}`` (its table's new version), ``{"chat": n}`` (the number
of its table's newest chat message) or ``{"lobby": n}`` (the open tables changed, the n-th time)."""
_LOG = logging.getLogger("laguna.server")


class Hub:
    """The browsers of this process, by table; thread-safe to deliver to. A version is passed on once,
    and only if it is newer than any heard before, so a change this process announces itself and then
    hears again from the database reaches each browser once. `on_version` and `on_lobby` hear of a new
    version and of a change of the open tables before any browser (to drop what the process cached)."""

    def __init__(
        self, on_version: Callable[[str, int], None] | None = None, on_lobby: Callable[[], None] | None = None
    ) -> None:
        self._queues: dict[str, set[asyncio.Queue[Notice]]] = defaultdict(set)
        self._latest: OrderedDict[str, int] = OrderedDict()
        self._latest_chat: OrderedDict[str, int] = OrderedDict()
        self._lobby_changes = 0
        self._on_lobby = on_lobby
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_version = on_version

    def bind(self, loop: asyncio.AbstractEventLoop | None) -> None:
        """Deliver through `loop` (None: the server has stopped, deliver nothing)."""
        self._loop = loop

    def _call(self, callback: Callable[..., None], *args: object) -> None:
        """Run `callback` in the event loop, from any thread, unless the loop is gone."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # closed between the look and the call
            loop.call_soon_threadsafe(callback, *args)

    @contextlib.contextmanager
    def subscription(self, table_id: str) -> Iterator[asyncio.Queue[Notice]]:
        """The notices of a table (or with `LOBBY`, of the lobby) for one browser."""
        queue: asyncio.Queue[Notice] = asyncio.Queue()
        self._queues[table_id].add(queue)
        try:
            yield queue
        finally:
            self._queues[table_id].discard(queue)
            if not self._queues[table_id]:
                del self._queues[table_id]

    def deliver(self, table_id: str, version: int) -> None:
        """Pass a table's new version to this process's browsers (from any thread)."""
        self._call(self._deliver, table_id, version)

    def deliver_chat(self, table_id: str, message: int) -> None:
        """Pass the number of a table's new chat message to this process's browsers (from any thread)."""
        self._call(self._deliver_chat, table_id, message)

    def lobby_changed(self) -> None:
        """Tell this process's lobby browsers that the open tables changed (from any thread), once
        `on_lobby` has dropped what the process cached of them: at once, in the caller's thread, so
        that no page drawn after the change is drawn from before it."""
        if self._on_lobby is not None:
            self._on_lobby()
        self._call(self._lobby_changed)

    def _deliver(self, table_id: str, version: int) -> None:
        if not _newer(self._latest, table_id, version):
            return
        if self._on_version is not None:
            self._on_version(table_id, version)
        for queue in self._queues.get(table_id, ()):
            queue.put_nowait({"version": version})

    def _deliver_chat(self, table_id: str, message: int) -> None:
        if _newer(self._latest_chat, table_id, message):
            for queue in self._queues.get(table_id, ()):
                queue.put_nowait({"chat": message})

    def _lobby_changed(self) -> None:
        """Each lobby browser is told once of the changes it has not yet read: a burst of changes
        while it is busy makes one notice, not a queue that grows."""
        self._lobby_changes += 1
        for queue in self._queues.get(LOBBY, ()):
            if queue.empty():
                queue.put_nowait({"lobby": self._lobby_changes})


def _newer(latest: OrderedDict[str, int], table_id: str, number: int) -> bool:
    """Whether `number` is newer than any heard of the table before; it is remembered if so (only the
    `HEARD_TABLES` most recently changed tables are)."""
    if number <= latest.get(table_id, -1):
        return False
    latest[table_id] = number
    latest.move_to_end(table_id)
    if len(latest) > HEARD_TABLES:
        latest.popitem(last=False)
    return True


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
        """Pass on one announcement (from any thread)."""
        kind, _, rest = payload.partition(" ")
        if kind in ("table", "chat"):
            table_id, _, number = rest.partition(" ")
            if number.isascii() and number.isdigit():
                deliver = self.hub.deliver if kind == "table" else self.hub.deliver_chat
                deliver(table_id, int(number))
        elif kind == "session":
            self.on_session_closed(rest)
        elif kind == "lobby":
            self.hub.lobby_changed()

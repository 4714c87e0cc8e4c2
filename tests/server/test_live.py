"""Live updates inside one server process: the hub passes each new version once, in order, and the
listener relays the database's announcements of tables and closed sessions."""

from __future__ import annotations

import asyncio

from sqlalchemy import create_engine

from laguna.server.live import LOBBY, Hub, Listener


def test_the_hub_passes_each_newer_version_once() -> None:
    heard: list[tuple[str, int]] = []

    async def scenario() -> list[dict[str, int]]:
        hub = Hub(on_version=lambda table, version: heard.append((table, version)))
        hub.bind(asyncio.get_running_loop())
        with hub.subscription("t1") as queue, hub.subscription("t2") as other:
            for version in (3, 3, 2, 4):  # announced here, heard again from the database, an old one, a new one
                hub.deliver("t1", version)
            await asyncio.sleep(0)
            assert other.empty()
            return [queue.get_nowait() for _ in range(queue.qsize())]

    assert asyncio.run(scenario()) == [{"version": 3}, {"version": 4}]
    assert heard == [("t1", 3), ("t1", 4)]


def test_the_listener_relays_tables_and_closed_sessions() -> None:
    relayed: list[tuple[str, int]] = []
    closed: list[str] = []

    async def scenario() -> None:
        hub = Hub(on_version=lambda table, version: relayed.append((table, version)))
        hub.bind(asyncio.get_running_loop())
        listener = Listener(create_engine("sqlite://"), hub, on_session_closed=closed.append, on_reconnect=lambda: None)
        for payload in ("table abc 7", "session 0f0f", "table abc seven", "something else", "chat abc ٣"):
            listener.relay(payload)
        await asyncio.sleep(0)
        await listener.listen()  # returns at once: SQLite has no announcements to listen to
        assert listener.listening.is_set()

    asyncio.run(scenario())
    assert relayed == [("abc", 7)] and closed == ["0f0f"]


def test_a_stopped_servers_hub_delivers_nothing_and_raises_nothing() -> None:
    """A change committed after the server's event loop ended (a test client closed, a server stopping)
    is not the writer's failure: the hub drops the notice."""
    loop = asyncio.new_event_loop()
    hub = Hub()
    hub.bind(loop)
    loop.close()
    hub.deliver("t1", 3)
    hub.deliver_chat("t1", 1)
    hub.lobby_changed()
    hub.bind(None)
    hub.deliver("t1", 4)


def test_the_lobby_hears_one_notice_for_the_changes_it_has_not_read() -> None:
    async def scenario() -> list[dict[str, int]]:
        hub = Hub()
        hub.bind(asyncio.get_running_loop())
        with hub.subscription(LOBBY) as queue:
            for _ in range(5):
                hub.lobby_changed()
            await asyncio.sleep(0)
            first = [queue.get_nowait() for _ in range(queue.qsize())]
            hub.lobby_changed()
            await asyncio.sleep(0)
            return first + [queue.get_nowait() for _ in range(queue.qsize())]

    assert asyncio.run(scenario()) == [{"lobby": 1}, {"lobby": 6}]


def test_chat_notices_pass_once_and_only_to_their_table() -> None:
    async def scenario() -> tuple[list[dict[str, int]], bool]:
        hub = Hub()
        hub.bind(asyncio.get_running_loop())
        with hub.subscription("t1") as queue, hub.subscription("t2") as other:
            for message in (5, 5, 4, 6):
                hub.deliver_chat("t1", message)
            await asyncio.sleep(0)
            return [queue.get_nowait() for _ in range(queue.qsize())], other.empty()

    assert asyncio.run(scenario()) == ([{"chat": 5}, {"chat": 6}], True)

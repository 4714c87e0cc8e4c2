"""Live updates inside one server process: the hub passes each new version once, in order, and the
listener relays the database's announcements of tables and closed sessions."""

from __future__ import annotations

import asyncio

from sqlalchemy import create_engine

from laguna.server.live import Hub, Listener


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
        for payload in ("table abc 7", "session 0f0f", "table abc seven", "something else"):
            listener.relay(payload)
        await asyncio.sleep(0)
        await listener.listen()  # returns at once: SQLite has no announcements to listen to
        assert listener.listening.is_set()

    asyncio.run(scenario())
    assert relayed == [("abc", 7)] and closed == ["0f0f"]

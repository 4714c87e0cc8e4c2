"""The live channel: a WebSocket per open table page, told of every new version of its table and of
every new message in its chat; and one per open lobby, told when the open tables change."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from laguna.server.live import LOBBY, Notice
from laguna.server.store import NotFound
from laguna.server.web import Server

LIVE_PER_ADDRESS = 64
"""Live channels one address may hold open in a server process: a player with every table in its own
tab, many times over, but not a script opening thousands."""

router = APIRouter()


@router.websocket("/t/{table_id}/live")
async def live(websocket: WebSocket, table_id: str) -> None:
    await _counted(websocket, lambda server: _listen(server, websocket, table_id))


@router.websocket("/lobby/live")
async def lobby_live(websocket: WebSocket) -> None:
    """Tell the lobby page whenever the open tables change."""

    async def listen(server: Server) -> None:
        with server.hub.subscription(LOBBY) as queue:
            await websocket.accept()
            await _relay(websocket, queue, {"lobby": 0})

    await _counted(websocket, listen)


async def _counted(websocket: WebSocket, listen: Callable[[Server], Awaitable[None]]) -> None:
    """Run `listen` unless the address holds `LIVE_PER_ADDRESS` live channels already."""
    server: Server = websocket.app.state.server
    address = websocket.client.host if websocket.client else "unknown"
    if server.listening[address] >= LIVE_PER_ADDRESS:
        await websocket.accept()  # a close code reaches the page only once the socket is open
        await websocket.close(code=4429, reason="too many live tables from one address")
        return
    server.listening[address] += 1
    try:
        await listen(server)
    finally:
        server.listening[address] -= 1
        if not server.listening[address]:
            del server.listening[address]


async def _listen(server: Server, websocket: WebSocket, table_id: str) -> None:
    """Tell the page of every new version of its table, until it goes away. The page subscribes before
    the table is read: a version announced between the read and the subscription would otherwise
    never reach it (a join that starts the game makes two versions in a moment)."""
    with server.hub.subscription(table_id) as queue:
        try:
            table = await asyncio.to_thread(server.service.table, table_id)
        except NotFound:
            await websocket.accept()
            await websocket.close(code=4404, reason="no such table")
            return
        await websocket.accept()
        await _relay(websocket, queue, {"version": table.version})


async def _relay(websocket: WebSocket, queue: asyncio.Queue[Notice], first: Notice) -> None:
    """Send `first`, then every notice of `queue`, until the page goes away."""
    await websocket.send_json(first)
    receiver = asyncio.create_task(_drain(websocket))
    try:
        while not receiver.done():
            getter = asyncio.create_task(queue.get())
            finished, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if getter in finished:
                await websocket.send_json(getter.result())
            else:
                getter.cancel()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        receiver.cancel()


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the browser sends, until it goes away."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()

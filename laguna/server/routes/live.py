"""The live channel: a WebSocket per open table page, told of every new version of its table."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from laguna.server.store import NotFound
from laguna.server.web import Server

LIVE_PER_ADDRESS = 64
"""Live channels one address may hold open in a server process: a player with every table in its own
tab, many times over, but not a script opening thousands."""

router = APIRouter()


@router.websocket("/t/{table_id}/live")
async def live(websocket: WebSocket, table_id: str) -> None:
    server: Server = websocket.app.state.server
    address = websocket.client.host if websocket.client else "unknown"
    if server.listening[address] >= LIVE_PER_ADDRESS:
        await websocket.accept()  # a close code reaches the page only once the socket is open
        await websocket.close(code=4429, reason="too many live tables from one address")
        return
    server.listening[address] += 1
    try:
        await _listen(server, websocket, table_id)
    finally:
        server.listening[address] -= 1
        if not server.listening[address]:
            del server.listening[address]


async def _listen(server: Server, websocket: WebSocket, table_id: str) -> None:
    """Tell the page of every new version of its table, until it goes away."""
    try:
        table = await asyncio.to_thread(server.service.table, table_id)
    except NotFound:
        await websocket.accept()
        await websocket.close(code=4404, reason="no such table")
        return
    await websocket.accept()
    with server.hub.subscription(table_id) as queue:
        await websocket.send_json({"version": table.version})
        receiver = asyncio.create_task(_drain(websocket))
        try:
            while not receiver.done():
                getter = asyncio.create_task(queue.get())
                finished, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
                if getter in finished:
                    await websocket.send_json({"version": getter.result()})
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

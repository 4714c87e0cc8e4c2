"""A finished game's replay: a page that works without the script, and the fragments its script
fetches to step through the game or change the point of view."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from laguna.server.chat import chat_context
from laguna.server.pages import replay_context
from laguna.server.web import Server, current_user, page, server_of

router = APIRouter()


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: str, step: str = "", seat: str = "") -> HTMLResponse:
    """A finished game at one step, as one seat saw it or with every seat's secrets shown: a page
    that works without the script, which then steps through `/replay/main` fragments."""
    return await _replay(request, server_of(request), table_id, step, seat, template="replay.html")


@router.get("/t/{table_id}/replay/main", response_class=HTMLResponse)
async def replay_main(request: Request, table_id: str, step: str = "", seat: str = "") -> HTMLResponse:
    """The replay's changing part at another step or point of view, fetched by the page."""
    return await _replay(request, server_of(request), table_id, step, seat, template="replay_main.html")


async def _replay(
    request: Request, server: Server, table_id: str, step: str, seat: str, *, template: str
) -> HTMLResponse:
    """A replay page or fragment, drawn from memory when the game's steps are cached (built in a thread
    otherwise); the page shows the table's chat besides."""
    user = await current_user(request)
    replay = server.service.cached_replay(table_id)
    if replay is None:
        replay = await asyncio.to_thread(server.service.replay, table_id)
    context = replay_context(replay, step, seat, user)
    if template == "replay.html":
        context |= await asyncio.to_thread(chat_context, server.store, table_id, user)
    return page(request, template, **context)

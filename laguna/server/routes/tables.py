"""A table: its page and the changing part the page fetches, decisions and undos, a seat handed to a
bot, a rematch, and once the game is over its record; the whole log of its decisions."""

from __future__ import annotations

import asyncio
import time

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException

from laguna.i18n import N_
from laguna.server.chat import chat_context
from laguna.server.forms import Decision, HandOverForm, TokenForm, validated
from laguna.server.pages import log_context, table_context
from laguna.server.routes.lobby import admitting, start_game
from laguna.server.store import BOT, FINISHED, HUMAN
from laguna.server.web import (
    Served,
    check_csrf,
    check_making,
    current_user,
    json_object,
    page,
    require_current_user,
    submitted,
    user_of,
)

router = APIRouter()


@router.get("/t/{table_id}", response_class=HTMLResponse)
def table_page(request: Request, table_id: str, server: Served) -> HTMLResponse:
    snapshot = server.service.snapshot(table_id)
    user = user_of(request)
    context = table_context(server.service, snapshot, user) | chat_context(server.store, table_id, user)
    return page(request, "table.html", **context)


@router.get("/t/{table_id}/main", response_class=HTMLResponse)
async def table_main(
    request: Request, table_id: str, server: Served, version: int = -1, seen: int = -1
) -> HTMLResponse:
    """The table's changing part, fetched by the page after a live update, at `version` (the newest the
    browser heard of) or newer, highlighting for a spectator what changed after the first `seen`
    decisions (those on the board when they opened the page); drawn from memory when the table is
    cached and current, the commonest request of all."""
    user = await current_user(request)
    snapshot = server.service.cached_snapshot(table_id, version)
    if snapshot is None:
        snapshot = await asyncio.to_thread(server.service.snapshot, table_id, version)
    context = table_context(server.service, snapshot, user, seen if seen >= 0 else None)
    return page(request, "table_main.html", **context)


@router.post("/t/{table_id}/act")
async def act(request: Request, table_id: str, server: Served) -> JSONResponse:
    began = time.perf_counter()
    user = await require_current_user(request)
    check_csrf(request, request.headers.get("x-csrf-token"))
    if not server.limiter.allow(user.id, server.clock().timestamp()):
        raise HTTPException(429, N_("too many decisions at once: wait a moment"))
    decision = validated(Decision, await json_object(request))
    if decision.undo:
        new_version = await asyncio.to_thread(server.service.undo, table_id, user, decision.seat, decision.version)
        bots = True
    else:
        played = await asyncio.to_thread(
            server.service.act, table_id, user, decision.seat, decision.action, decision.version
        )
        new_version, bots = played.version, played.table.has_bots
    if bots:
        server.bots.wake(table_id)
    spent = 1000 * (time.perf_counter() - began)
    return JSONResponse({"version": new_version}, headers={"Server-Timing": f"act;dur={spent:.1f}"})


@router.post("/t/{table_id}/handover")
async def handover(request: Request, table_id: str, server: Served) -> Response:
    """Hand a seat whose player ran out of time to a bot."""
    check_making(server, request)
    user = await require_current_user(request)
    asked, _ = await submitted(request, HandOverForm)
    table = await asyncio.to_thread(server.service.table, table_id)
    await asyncio.to_thread(server.service.hand_to_bot, table_id, asked.seat - 1, asked.level, table.version, by=user)
    server.bots.wake(table_id)
    return RedirectResponse(f"/t/{table_id}", status_code=303)


@router.post("/t/{table_id}/rematch")
async def rematch(request: Request, table_id: str, server: Served) -> Response:
    check_making(server, request)
    user = await require_current_user(request)
    await submitted(request, TokenForm)
    old = await asyncio.to_thread(server.service.table, table_id)
    async with admitting(server, request, user, bots=old.has_bots):
        table = await asyncio.to_thread(server.service.rematch, table_id, user)
        if all(s.kind in (HUMAN, BOT) for s in table.seats):
            await start_game(server, table.id, user)
    return RedirectResponse(f"/t/{table.id}", status_code=303)


@router.get("/t/{table_id}/record")
def record(table_id: str, server: Served) -> JSONResponse:
    """A finished game's record (its seed gives away the decks, so never before the end)."""
    table = server.store.table(table_id)
    if table.status != FINISHED:
        raise HTTPException(403, N_("a game's record is shown once the game is over"))
    return JSONResponse(server.store.record(table_id).to_json())


@router.get("/t/{table_id}/log", response_class=HTMLResponse)
async def whole_log(request: Request, table_id: str, server: Served) -> HTMLResponse:
    """Every decision's public lines, for a table page that shows only the newest."""
    await current_user(request)
    snapshot = server.service.cached_snapshot(table_id)
    if snapshot is None:
        snapshot = await asyncio.to_thread(server.service.snapshot, table_id)
    return page(request, "log.html", **log_context(snapshot))

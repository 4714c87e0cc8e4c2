"""A table's chat over HTTP: a message sent (as JSON from the page's script, or as a plain form that
works without it), the messages after the newest a page shows, a player muted or no longer, and the
creator's switch that closes the chat to spectators. The rules are `laguna.server.chat`'s; the store
announces every new message itself, so the live channel tells the table's pages of it."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException

from laguna.i18n import N_
from laguna.server import chat
from laguna.server.forms import ChatForm, ChatSince, MuteForm, SpectatorChatForm, validated
from laguna.server.web import Served, check_csrf, current_user, json_object, require_current_user, submitted

router = APIRouter()


@router.post("/t/{table_id}/chat")
async def send(request: Request, table_id: str, server: Served) -> Response:
    """A message for the table's chat: JSON ``{"text": ...}`` with the token in `X-CSRF-Token`,
    answered with the message's number; or a plain form (``text``, ``csrf``) that goes back to the
    table."""
    user = await require_current_user(request)
    scripted = request.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json"
    if scripted:
        check_csrf(request, request.headers.get("x-csrf-token"))
        form = validated(ChatForm, await json_object(request))
    else:
        form, _ = await submitted(request, ChatForm)
    if not server.limiter.allow(user.id, server.clock().timestamp()):
        raise HTTPException(429, N_("too many messages at once: wait a moment"))
    sent = await asyncio.to_thread(chat.post, server.store, table_id, user, form.text, server.clock())
    if scripted:
        return JSONResponse({"id": sent.id})
    return RedirectResponse(f"/t/{table_id}#chat", status_code=303)


@router.get("/t/{table_id}/chat")
async def messages(request: Request, table_id: str, server: Served, after: str = "0") -> JSONResponse:
    """The table's messages after the one numbered `after` (the newest the page shows), but those of
    the players the reader mutes."""
    since = validated(ChatSince, {"after": after})
    user = await current_user(request)
    found = await asyncio.to_thread(chat.read, server.store, table_id, user, since.after)
    return JSONResponse({"messages": [m.to_json() for m in found]}, headers={"Cache-Control": "no-store"})


@router.post("/mute")
async def mute(request: Request, server: Served) -> Response:
    """The player no longer sees the messages of the one named, at any table."""
    user = await require_current_user(request)
    form, _ = await submitted(request, MuteForm)
    await asyncio.to_thread(chat.mute, server.store, user, form.player, server.clock())
    return RedirectResponse(form.back, status_code=303)


@router.post("/unmute")
async def unmute(request: Request, server: Served) -> Response:
    """The player sees the messages of the one named again."""
    user = await require_current_user(request)
    form, _ = await submitted(request, MuteForm)
    await asyncio.to_thread(chat.unmute, server.store, user, form.player)
    return RedirectResponse(form.back, status_code=303)


@router.post("/t/{table_id}/chat/spectators")
async def spectators(request: Request, table_id: str, server: Served) -> Response:
    """The table's creator opens its chat to spectators (``on=yes``) or closes it (``on=no``)."""
    user = await require_current_user(request)
    form, _ = await submitted(request, SpectatorChatForm)
    await asyncio.to_thread(chat.switch_spectators, server.store, table_id, user, form.on == "yes")
    return RedirectResponse(f"/t/{table_id}#chat", status_code=303)

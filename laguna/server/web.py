"""What every route of the browser table shares: the server it runs on, the viewer read from the
session cookie, the checks made before a request does any work (a form's token, an address asking
for games too fast), the forms read into their models, and the pages and error answers drawn."""

from __future__ import annotations

import asyncio
import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect

from laguna.core import games
from laguna.core.messages import msg
from laguna.i18n import N_
from laguna.server.account_store import User
from laguna.server.auth import Accounts, csrf_ok, csrf_token
from laguna.server.bots import BotPlayers
from laguna.server.forms import FormError, Model, validated
from laguna.server.limits import KeyedLocks, RateLimiter
from laguna.server.live import Hub, Listener
from laguna.server.open_tables import OpenTablesCache
from laguna.server.service import TableService
from laguna.server.store import Store
from laguna.web.templating import ENVIRONMENT

COOKIE = "laguna_session"
LANGUAGE_COOKIE = "laguna_language"
TEMPLATES = Jinja2Templates(env=ENVIRONMENT)


@dataclass
class Server:
    """Everything the server runs on, shared by the routes."""

    store: Store
    service: TableService
    accounts: Accounts
    hub: Hub
    listener: Listener
    bots: BotPlayers
    limiter: RateLimiter
    """Decisions, per user."""
    making: RateLimiter
    """Requests that make a game or an account, per address."""
    clock: Callable[[], datetime]
    admission: KeyedLocks
    """Held while a game with bots is counted and made, per address (guests) or user."""
    open_tables: OpenTablesCache = field(default_factory=OpenTablesCache)
    """The lobby's open tables as last read, until they change."""
    listening: Counter[str] = field(default_factory=Counter)
    """Live channels open, per address."""
    secure_cookies: bool = False
    """Mark every cookie `Secure`, even on a request that did not come over HTTPS (behind a proxy)."""

    def cookie_secure(self, request: Request) -> bool:
        """Whether cookies set in answer to `request` are sent back only over HTTPS."""
        return self.secure_cookies or request.url.scheme == "https"


def server_of(request: Request) -> Server:
    """The server a request reached."""
    server: Server = request.app.state.server
    return server


async def _served(request: Request) -> Server:
    return server_of(request)


Served = Annotated[Server, Depends(_served)]
"""A route's server, as a parameter (awaited in the event loop: it costs no thread)."""


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    user = user_of(request)
    token = request.cookies.get(COOKIE)
    context |= {"user": user, "csrf": csrf_token(token) if user and token else ""}
    context.setdefault("games", _game_names())
    return TEMPLATES.TemplateResponse(request, template, context, status_code=status)


@functools.cache
def _game_names() -> dict[str, str]:
    """Registered games by id (the registry is fixed once the server runs)."""
    return {g.id: g.name for g in games()}


def user_of(request: Request) -> User | None:
    """The request's user (reading the session from the database if need be: call from a thread)."""
    if "user" not in request.scope:
        server = server_of(request)
        request.scope["user"] = server.accounts.session_user(request.cookies.get(COOKIE), server.clock())
    user: User | None = request.scope["user"]
    return user


async def current_user(request: Request) -> User | None:
    """The request's user, from memory if the session is known, else read in a thread."""
    if "user" not in request.scope:
        server = server_of(request)
        token = request.cookies.get(COOKIE)
        user = server.accounts.known_user(token, server.clock())
        if user is None and token:
            user = await asyncio.to_thread(server.accounts.session_user, token, server.clock())
        request.scope["user"] = user
    found: User | None = request.scope["user"]
    return found


async def require_current_user(request: Request) -> User:
    user = await current_user(request)
    if user is None:
        raise HTTPException(401, N_("log in, sign up or play as a guest first"))
    return user


def check_csrf(request: Request, sent: str | None) -> None:
    if not csrf_ok(request.cookies.get(COOKIE), sent):
        raise HTTPException(403, N_("the form has expired or came from another site: reload the page and try again"))


async def submitted(request: Request, model: type[Model], *, csrf: bool = True) -> tuple[Model, dict[str, Any]]:
    """The form `request` sent, as `model` (`FormError` naming the first field at fault), and the whole
    form for the fields the model cannot name in advance; the form's token is checked first, if
    `csrf`, so that a form from another site learns nothing of its fields."""
    form = dict(await request.form())
    if csrf:
        sent = form.get("csrf")
        check_csrf(request, sent.strip() if isinstance(sent, str) else "")
    return validated(model, {k: v for k, v in form.items() if k in model.model_fields}), form


async def json_object(request: Request) -> dict[str, Any]:
    """The request's body, a JSON object (`FormError` naming what it is instead)."""
    try:
        body = await request.json()
    except (ValueError, RecursionError):  # not JSON, nested past Python's depth, or numbers too long
        raise FormError(msg("the request must be a JSON object")) from None
    except ClientDisconnect:
        raise HTTPException(400, N_("the request was cut off before it arrived whole")) from None
    if not isinstance(body, dict):
        raise FormError(msg("the request must be a JSON object"))
    return body


def login_response(server: Server, request: Request, user: User, target: str = "/") -> RedirectResponse:
    response = RedirectResponse(target, status_code=303)
    token = server.accounts.open_session(user, server.clock())
    response.set_cookie(
        COOKIE, token, httponly=True, samesite="lax", secure=server.cookie_secure(request), max_age=30 * 86400
    )
    return response


def address(request: Request) -> str:
    """The address a request came from (the proxy's client, where uvicorn trusts the proxy's headers)."""
    return request.client.host if request.client else "unknown"


def check_making(server: Server, request: Request) -> None:
    """Refuse an address that asks for games or accounts faster than anyone playing would (before
    anything else is read of the request)."""
    if not server.making.allow(address(request), server.clock().timestamp()):
        raise HTTPException(429, N_("too many new games from your address at once: wait a moment"))


def _wants_json(request: Request) -> bool:
    return request.url.path.endswith(("/act", "/record")) or "application/json" in request.headers.get("accept", "")


def error_response(request: Request, status: int, message: str) -> Response:
    """A refusal, as JSON to a script and as a page to a browser."""
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=status)
    user = request.scope.get("user")  # known if the request got as far as reading it; never read here
    token = request.cookies.get(COOKIE)
    context = {"status": status, "message": message, "user": user, "csrf": csrf_token(token) if user and token else ""}
    return TEMPLATES.TemplateResponse(request, "error.html", context, status_code=status)

"""The browser table as a FastAPI application: pages for accounts, the lobby and the tables, a small JSON
interface for decisions, and a WebSocket per table for live updates (the routes, one router per job,
are in `laguna.server.routes`); here the application is put together, with what every request passes
through before a route sees it and the answers to every error.

Only views leave the server: a page, a board fragment or a log is built from `view(seat)` of the
viewer's own seat (a spectator's view for anyone else), never from a state; once a game is over, its
replay may show any seat's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from laguna import i18n
from laguna.bots import LEVELS
from laguna.core import IllegalAction, LagunaError, NotationError, UndoError
from laguna.core.messages import excerpt, msg, quoted
from laguna.i18n import N_
from laguna.server.account_store import NotSaved
from laguna.server.auth import Accounts, AuthError, PasswordsBusy, Throttled, TooManyGuests
from laguna.server.bots import CAP_SECONDS, BotPlayers
from laguna.server.chat import ChatNotAllowed
from laguna.server.chat_store import ChatRefused
from laguna.server.db import DatabaseError, make_engine, upgrade
from laguna.server.limits import KeyedLocks, RateLimiter
from laguna.server.live import Hub, Listener
from laguna.server.open_tables import OpenTablesCache
from laguna.server.routes import accounts, chat, live, lobby, players, replays, tables
from laguna.server.routes.lobby import TooManyGames
from laguna.server.security import FOREIGN, Guard
from laguna.server.service import GameNotOver, TableService, TooManyTables
from laguna.server.store import NotFound, SeatTaken, StaleVersion, Store
from laguna.server.web import LANGUAGE_COOKIE, Server, error_response

WEB = Path(__file__).parent.parent / "web"
MAX_BODY = 64 * 1024
"""Bytes a request may send: a form or a decision is far smaller."""
TOO_LARGE = msg("the request is too large (at most {size} KB)", size=MAX_BODY // 1024)
BODY_SECONDS = 15.0
"""Seconds a request's body may take to arrive, from its first byte read: a form is one packet."""
TOO_SLOW = msg("the request took too long to arrive (more than {seconds} s): try again", seconds=int(BODY_SECONDS))
MAKING_RATE, MAKING_BURST = 1.0, 20
"""Games and accounts one address may ask for: one a second on average, twenty at once."""
LISTEN_TIMEOUT = 10.0
"""Seconds the server waits at start to hear the database's announcements before it serves anyway."""
DATABASE_VARIABLE = "LAGUNA_SERVE_DATABASE"
BOT_WORKERS_VARIABLE = "LAGUNA_SERVE_BOT_WORKERS"
BOT_NICENESS_VARIABLE = "LAGUNA_SERVE_BOT_NICENESS"
SECURE_COOKIES_VARIABLE = "LAGUNA_SERVE_SECURE_COOKIES"
"""``1`` to mark every cookie `Secure` (set by `laguna serve --secure-cookies`)."""
ORIGINS_VARIABLE = "LAGUNA_SERVE_ORIGINS"
"""Public origins the table also answers forms from, separated by spaces (`laguna serve --origin`)."""
_LOG = logging.getLogger("laguna.server")
ROUTERS = (lobby.router, accounts.router, tables.router, chat.router, replays.router, live.router, players.router)
"""The routes, by job."""


def utcnow() -> datetime:
    return datetime.now(UTC)


class Language:
    """Speak each request's language: the one the player chose (a cookie), else the browser's
    preference, else English."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        chosen = connection.cookies.get(LANGUAGE_COOKIE, "")
        code = chosen if chosen in i18n.LANGUAGES else i18n.negotiate(connection.headers.get("accept-language"))
        with i18n.language(code):
            await self.app(scope, receive, send)


class BodyLimit:
    """Refuse a request whose body is larger than `MAX_BODY`: at once if it says so, else as soon as
    more than that has arrived; and one whose body has not arrived whole within `body_seconds` of the
    first read (a client sending a byte now and then holds a connection for nothing). Plain ASGI, so
    that it costs a request next to nothing."""

    def __init__(self, app: ASGIApp, body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and not (length.isascii() and length.isdigit() and int(length) <= MAX_BODY):
            await error_response(Request(scope), 413, i18n.translate(TOO_LARGE))(scope, receive, send)
            return
        received = 0
        deadline: float | None = None
        whole = False

        async def limited() -> Message:
            nonlocal received, deadline, whole
            if whole:  # the body is in: what is awaited now is the client leaving, as long as it likes
                return await receive()
            if deadline is None:
                deadline = asyncio.get_running_loop().time() + self.body_seconds
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise HTTPException(408, str(TOO_SLOW)) from None
            received += len(message.get("body", b""))
            if received > MAX_BODY:
                raise HTTPException(413, str(TOO_LARGE))
            whole = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        await self.app(scope, limited, send)


def create_app(
    database_url: str,
    *,
    bot_workers: int = 1,
    bot_seconds: float = CAP_SECONDS,
    bot_niceness: int = 0,
    clock: Callable[[], datetime] = utcnow,
    migrate: bool = True,
    secure_cookies: bool = False,
    origins: Sequence[str] = (),
) -> FastAPI:
    """The application on the database at `database_url` (brought up to the newest schema unless
    `migrate` is false: the one process that starts several has done it); its bots think in
    `bot_workers` processes, at most `bot_seconds` over a decision, their priority lowered by
    `bot_niceness`. Cookies are marked `Secure` on requests that came over HTTPS, and on every request
    if `secure_cookies` (behind a proxy that ends HTTPS without saying so). A state-changing request
    must come from the table's own origin or one of `origins` (``https://host[:port]``: the public
    address when a proxy passes another Host)."""
    engine = make_engine(database_url)
    if migrate:
        upgrade(engine)
    store = Store(engine)
    service = TableService(store, clock, bots=LEVELS)
    accounts = Accounts(store)
    open_tables = OpenTablesCache()
    hub = Hub(on_version=service.heard, on_lobby=open_tables.changed)

    def forget_all() -> None:
        service.forget_all()
        accounts.forget_all()
        open_tables.changed()

    server = Server(
        store=store,
        service=service,
        accounts=accounts,
        hub=hub,
        listener=Listener(engine, hub, on_session_closed=accounts.forget_session, on_reconnect=forget_all),
        bots=BotPlayers(service, bot_workers, cap_seconds=bot_seconds, niceness=bot_niceness),
        limiter=RateLimiter(rate=10.0, burst=60),
        making=RateLimiter(rate=MAKING_RATE, burst=MAKING_BURST),
        clock=clock,
        admission=KeyedLocks(),
        secure_cookies=secure_cookies,
        open_tables=open_tables,
    )
    store.heard = server.listener.relay  # this process hears its own writes at once, whatever the database

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        listening = asyncio.create_task(server.listener.listen())
        try:
            await asyncio.wait_for(server.listener.listening.wait(), timeout=LISTEN_TIMEOUT)
        except TimeoutError:
            _LOG.warning("live updates: not yet listening to the database; serving, and listening when it answers")
        server.bots.start()
        for table_id in store.tables_waiting_for_bots():  # bots resume where a restart left them
            server.bots.wake(table_id)
        yield
        listening.cancel()
        hub.bind(None)
        server.bots.close()
        engine.dispose()

    app = FastAPI(title="Laguna", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.add_middleware(BodyLimit)
    app.add_middleware(Guard, origins=origins, refuse=_refuse_foreign)
    app.add_middleware(Language)
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")
    for router in ROUTERS:
        app.include_router(router)
    _error_handlers(app)
    return app


def app_from_environment() -> FastAPI:
    """The application of one of several server processes, configured by `laguna serve --workers`
    through the environment (`DATABASE_VARIABLE`, `BOT_WORKERS_VARIABLE`, `BOT_NICENESS_VARIABLE`)."""
    return create_app(
        os.environ[DATABASE_VARIABLE],
        bot_workers=int(os.environ.get(BOT_WORKERS_VARIABLE, "1")),
        bot_niceness=int(os.environ.get(BOT_NICENESS_VARIABLE, "0")),
        migrate=False,
        secure_cookies=os.environ.get(SECURE_COOKIES_VARIABLE) == "1",
        origins=os.environ.get(ORIGINS_VARIABLE, "").split(),
    )


async def _refuse_foreign(scope: Scope, receive: Receive, send: Send) -> None:
    """The answer to a state-changing request from another site's page."""
    await error_response(Request(scope), 403, i18n.gettext(FOREIGN))(scope, receive, send)


def _error_handlers(app: FastAPI) -> None:
    statuses: list[tuple[type[LagunaError], int]] = [
        (NotFound, 404),
        (GameNotOver, 403),
        (StaleVersion, 409),
        (SeatTaken, 409),
        (IllegalAction, 400),
        (NotationError, 400),
        (UndoError, 400),
        (AuthError, 400),
        (TooManyGames, 429),
        (Throttled, 429),
        (TooManyGuests, 429),
        (PasswordsBusy, 503),
        (TooManyTables, 429),
        (ChatRefused, 429),
        (ChatNotAllowed, 403),
        (NotSaved, 503),
        (DatabaseError, 503),
    ]

    @app.exception_handler(LagunaError)
    async def laguna_error(request: Request, error: LagunaError) -> Response:
        status = next((code for kind, code in statuses if isinstance(error, kind)), 400)
        response = error_response(request, status, i18n.translate(error.message))
        retry_after = getattr(error, "retry_after", None)  # seconds, for a refusal that ends
        if retry_after is not None:
            response.headers["Retry-After"] = str(retry_after)
        return response

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        message = i18n.gettext(str(error.detail))
        if error.status_code == 404:
            message = i18n.translate(msg("there is no page at {path}", path=excerpt(request.url.path)))
        if error.status_code == 405:
            message = i18n.translate(
                msg("{method} is not how {path} is used", method=request.method, path=excerpt(request.url.path))
            )
        return error_response(request, error.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> Response:
        """A field of the address that is not what the page sends (FastAPI's own answer would quote it whole)."""
        problem = error.errors()[0] if error.errors() else {}
        field = str(problem.get("loc", ("", "?"))[-1])
        value = problem.get("input")
        return error_response(
            request,
            400,
            i18n.translate(msg("{field} is not valid here: {value}", field=excerpt(field), value=quoted(value))),
        )

    @app.exception_handler(DBAPIError)
    async def database_error(request: Request, error: DBAPIError) -> Response:
        _LOG.warning("the database failed on %s: %s", request.url.path, error.orig)
        return error_response(
            request, 503, i18n.gettext(N_("the database did not answer: nothing was changed, try again in a moment"))
        )

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> Response:
        _LOG.exception("unexpected error on %s", request.url.path, exc_info=error)
        return error_response(
            request, 500, i18n.gettext(N_("something went wrong on our side: reload the page to see what was saved"))
        )

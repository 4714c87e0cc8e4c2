"""The browser table as a FastAPI application: pages for accounts, the lobby and the tables, a small JSON
interface for decisions, and a WebSocket per table for live updates.

Only views leave the server: a page, a board fragment or a log is built from `view(seat)` of the
viewer's own seat (a spectator's view for anyone else), never from a state; once a game is over, its
replay may show any seat's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Form, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy.exc import DBAPIError
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from laguna import i18n
from laguna.bots import LEVELS
from laguna.core import IllegalAction, LagunaError, NotationError, UndoError, games, get_game
from laguna.core.messages import excerpt, msg, msg_plural, quoted
from laguna.i18n import N_
from laguna.server.auth import Accounts, AuthError, PasswordsBusy, Throttled, TooManyGuests, csrf_ok, csrf_token
from laguna.server.bots import CAP_SECONDS, BotPlayers
from laguna.server.db import DatabaseError, make_engine, upgrade
from laguna.server.forms import (
    Decision,
    HandOverForm,
    JoinForm,
    PlayNowForm,
    SeatForm,
    TableForm,
    UnblockForm,
    validated,
)
from laguna.server.limits import KeyedLocks, RateLimiter
from laguna.server.live import Hub, Listener
from laguna.server.pages import log_context, my_tables, replay_context, table_context
from laguna.server.security import FOREIGN, Guard
from laguna.server.service import (
    GameNotOver,
    SeatRequest,
    TableError,
    TableService,
    TooManyTables,
)
from laguna.server.store import (
    BOT,
    FINISHED,
    HUMAN,
    INVITED,
    OPEN,
    NotFound,
    NotSaved,
    SeatTaken,
    StaleVersion,
    Store,
    User,
)
from laguna.web.templating import ENVIRONMENT

WEB = Path(__file__).parent.parent / "web"
COOKIE = "laguna_session"
LANGUAGE_COOKIE = "laguna_language"
MAX_BODY = 64 * 1024
"""Bytes a request may send: a form or a decision is far smaller."""
TOO_LARGE = msg("the request is too large (at most {size} KB)", size=MAX_BODY // 1024)
BODY_SECONDS = 15.0
"""Seconds a request's body may take to arrive, from its first byte read: a form is one packet."""
TOO_SLOW = msg("the request took too long to arrive (more than {seconds} s): try again", seconds=int(BODY_SECONDS))
MOVE_TIMES = {
    "": (None, N_("no limit")),
    "3600": (3600, N_("1 hour")),
    "86400": (86400, N_("1 day")),
    "259200": (259200, N_("3 days")),
}
"""Time per move offered when creating a table (form value → seconds, label): none (Yucata), an hour, a
day, three days."""
GUEST_BOT_GAMES = 3
"""Games with bots a guest may hold under way at once (a guest is anyone who pressed "Play now")."""
ADDRESS_BOT_GAMES = 6
"""Games with bots the guests from one address may hold under way at once."""
USER_BOT_GAMES = 20
"""Games with bots a signed-up player may hold under way at once."""
MAKING_RATE, MAKING_BURST = 1.0, 20
"""Games and accounts one address may ask for: one a second on average, twenty at once."""
IDLE_GAME = timedelta(hours=1)
"""A game with no decision for this long is no longer counted as held: its bots have nothing to do."""
LIVE_PER_ADDRESS = 64
"""Live channels one address may hold open in a server process: a player with every table in its own
tab, many times over, but not a script opening thousands."""
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


def utcnow() -> datetime:
    return datetime.now(UTC)


class TooManyGames(TableError):
    """A new game with bots asked by someone who holds as many as they may."""


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
    listening: Counter[str] = field(default_factory=Counter)
    """Live channels open, per address."""
    secure_cookies: bool = False
    """Mark every cookie `Secure`, even on a request that did not come over HTTPS (behind a proxy)."""

    def cookie_secure(self, request: Request) -> bool:
        """Whether cookies set in answer to `request` are sent back only over HTTPS."""
        return self.secure_cookies or request.url.scheme == "https"


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
            await _error_response(Request(scope), 413, i18n.translate(TOO_LARGE))(scope, receive, send)
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
    hub = Hub(on_version=service.heard)

    def forget_all() -> None:
        service.forget_all()
        accounts.forget_all()

    server = Server(
        store=store,
        service=service,
        accounts=accounts,
        hub=hub,
        listener=Listener(engine, hub, on_session_closed=accounts.forget_session, on_reconnect=forget_all),
        bots=BotPlayers(service, bot_workers, announce=hub.deliver, cap_seconds=bot_seconds, niceness=bot_niceness),
        limiter=RateLimiter(rate=10.0, burst=60),
        making=RateLimiter(rate=MAKING_RATE, burst=MAKING_BURST),
        clock=clock,
        admission=KeyedLocks(),
        secure_cookies=secure_cookies,
    )

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
        server.bots.close()
        engine.dispose()

    app = FastAPI(title="Laguna", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.add_middleware(BodyLimit)
    app.add_middleware(Guard, origins=origins, refuse=_refuse_foreign)
    app.add_middleware(Language)
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")
    _routes(app, server)
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


TEMPLATES = Jinja2Templates(env=ENVIRONMENT)


def _page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    user = _user(request)
    token = request.cookies.get(COOKIE)
    context |= {"user": user, "csrf": csrf_token(token) if user and token else ""}
    context.setdefault("games", _game_names())
    return TEMPLATES.TemplateResponse(request, template, context, status_code=status)


@functools.cache
def _game_names() -> dict[str, str]:
    """Registered games by id (the registry is fixed once the server runs)."""
    return {g.id: g.name for g in games()}


def _user(request: Request) -> User | None:
    """The request's user (reading the session from the database if need be: call from a thread)."""
    if "user" not in request.scope:
        server: Server = request.app.state.server
        request.scope["user"] = server.accounts.session_user(request.cookies.get(COOKIE), server.clock())
    user: User | None = request.scope["user"]
    return user


async def _current_user(request: Request) -> User | None:
    """The request's user, from memory if the session is known, else read in a thread."""
    if "user" not in request.scope:
        server: Server = request.app.state.server
        token = request.cookies.get(COOKIE)
        user = server.accounts.known_user(token, server.clock())
        if user is None and token:
            user = await asyncio.to_thread(server.accounts.session_user, token, server.clock())
        request.scope["user"] = user
    found: User | None = request.scope["user"]
    return found


async def _require_current_user(request: Request) -> User:
    user = await _current_user(request)
    if user is None:
        raise HTTPException(401, N_("log in, sign up or play as a guest first"))
    return user


def _check_csrf(request: Request, sent: str | None) -> None:
    if not csrf_ok(request.cookies.get(COOKIE), sent):
        raise HTTPException(403, N_("the form has expired or came from another site: reload the page and try again"))


def _login_response(server: Server, request: Request, user: User, target: str = "/") -> RedirectResponse:
    response = RedirectResponse(target, status_code=303)
    token = server.accounts.open_session(user, server.clock())
    response.set_cookie(
        COOKIE, token, httponly=True, samesite="lax", secure=server.cookie_secure(request), max_age=30 * 86400
    )
    return response


async def _refuse_foreign(scope: Scope, receive: Receive, send: Send) -> None:
    """The answer to a state-changing request from another site's page."""
    await _error_response(Request(scope), 403, i18n.gettext(FOREIGN))(scope, receive, send)


def _routes(app: FastAPI, server: Server) -> None:
    @app.get("/", response_class=HTMLResponse)
    def lobby(request: Request) -> HTMLResponse:
        user = _user(request)
        if user is None:
            return _page(request, "welcome.html", levels=LEVELS)
        return _page(
            request, "lobby.html", tables=my_tables(server.store, user), levels=LEVELS,
            game_list=list(games()), move_times=MOVE_TIMES, blocked=server.store.blocked(user.id),
        )  # fmt: skip

    @app.post("/language")
    def choose_language(request: Request, code: str = Form(""), back: str = Form("/")) -> Response:
        """Switch the table's language (for this browser), back to the page the switch was pressed on."""
        if code not in i18n.LANGUAGES:
            raise TableError(
                msg(
                    "{code} is not a language of Laguna ({languages})",
                    code=quoted(code),
                    languages=", ".join(i18n.LANGUAGES),
                )
            )
        target = back if back.startswith("/") and not back.startswith("//") else "/"
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            LANGUAGE_COOKIE, code, max_age=365 * 86400, httponly=True, samesite="lax",
            secure=server.cookie_secure(request),
        )  # fmt: skip
        return response

    @app.get("/signup", response_class=HTMLResponse)
    def signup_page(request: Request) -> HTMLResponse:
        return _page(request, "account.html", mode="signup")

    @app.post("/signup")
    async def signup(request: Request, name: str = Form(""), password: str = Form("")) -> Response:
        """A new account; its password hashed in one of the process's password slots (waited for in
        the event loop, so that a flood of sign-ups holds no thread)."""
        _check_making(server, request)
        await _current_user(request)  # so that the page below reads no session from the event loop
        try:
            user = await server.accounts.sign_up_async(name, password, server.clock())
        except (PasswordsBusy, NotSaved, DatabaseError):
            raise  # the server's trouble, not the form's: a 503 that says so
        except LagunaError as error:  # a refused name or password, or a name taken
            return _page(
                request, "account.html", status=400, mode="signup", error=i18n.translate(error.message), name=name
            )
        return await asyncio.to_thread(_login_response, server, request, user)

    @app.get("/login", response_class=HTMLResponse)
    def login_page(request: Request) -> HTMLResponse:
        return _page(request, "account.html", mode="login")

    @app.post("/login")
    async def login(request: Request, name: str = Form(""), password: str = Form("")) -> Response:
        """Log in, unless the name or the address failed too often lately (429, before any check); the
        password is checked in one of the process's password slots, waited for in the event loop."""
        await _current_user(request)  # so that the page below reads no session from the event loop
        try:
            user = await server.accounts.log_in_async(name, password, server.clock(), _address(request))
        except Throttled as error:
            page = _page(
                request, "account.html", status=429, mode="login", error=i18n.translate(error.message), name=name
            )
            page.headers["Retry-After"] = str(error.retry_after)
            return page
        except AuthError as error:
            return _page(
                request, "account.html", status=400, mode="login", error=i18n.translate(error.message), name=name
            )
        return await asyncio.to_thread(_login_response, server, request, user)

    @app.post("/guest")
    def guest(request: Request) -> Response:
        _check_making(server, request)
        return _login_response(server, request, server.accounts.guest(server.clock(), _address(request)))

    @app.post("/logout")
    def logout(request: Request, csrf: str = Form("")) -> Response:
        _check_csrf(request, csrf)
        token = request.cookies.get(COOKIE)
        if token:
            server.accounts.close_session(token)
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=server.cookie_secure(request))
        return response

    @app.post("/tables")
    async def create_table(request: Request) -> Response:
        _check_making(server, request)
        user = await _require_current_user(request)
        form = await request.form()
        _check_csrf(request, _text(form.get("csrf")))
        asked = validated(TableForm, {k: v for k, v in form.items() if k in TableForm.model_fields})
        requests = [SeatRequest(HUMAN)]
        for seat in range(2, asked.players + 1):
            sent = {"choice": form.get(f"seat{seat}", ""), "invited": form.get(f"invite{seat}", "")}
            choice = validated(SeatForm, sent)
            if choice.choice == INVITED:
                requests.append(SeatRequest(INVITED, invited=choice.invited))
            elif choice.choice == OPEN:
                requests.append(SeatRequest(OPEN))
            else:
                requests.append(SeatRequest(BOT, bot=choice.choice))
        game = get_game(asked.game)
        options: dict[str, Any] = {}
        if form.get(f"options_{game.id}") == "shown":  # the form's checkboxes (unchecked ones are not sent)
            for info in game.options_type.describe():
                if info.kind == "bool":
                    options[info.name] = form.get(f"option_{game.id}_{info.name}") == "on"
        move_seconds = MOVE_TIMES[asked.move_seconds][0]
        async with _admitting(server, request, user, bots=any(r.kind == BOT for r in requests)):
            table = await asyncio.to_thread(
                server.service.create, user, game.id, requests, options, move_seconds=move_seconds
            )
            if all(s.kind in (HUMAN, BOT) for s in table.seats):
                await _start(server, table.id, user)
        return RedirectResponse(f"/t/{table.id}", status_code=303)

    @app.post("/play-now")
    async def play_now(request: Request) -> Response:
        """A game against bots at once (a guest account if need be)."""
        _check_making(server, request)
        form = await request.form()
        user = await _current_user(request)
        if user is not None:
            _check_csrf(request, _text(form.get("csrf")))
        asked = validated(PlayNowForm, {k: v for k, v in form.items() if k in PlayNowForm.model_fields})
        requests = [SeatRequest(HUMAN)] + [SeatRequest(BOT, bot=asked.level)] * asked.opponents
        get_game(asked.game).new_game(len(requests))  # the game's own words for a count it does not take
        async with _admitting(server, request, user, bots=asked.opponents > 0):
            new_user = (
                user
                if user is not None
                else await asyncio.to_thread(server.accounts.guest, server.clock(), _address(request))
            )
            table = await asyncio.to_thread(server.service.create, new_user, asked.game, requests)
            await _start(server, table.id, new_user)
        if user is None:
            return await asyncio.to_thread(_login_response, server, request, new_user, f"/t/{table.id}")
        return RedirectResponse(f"/t/{table.id}", status_code=303)

    @app.get("/join/{token}")
    def invitation(request: Request, token: str) -> Response:
        table = server.store.table_by_invite(token)
        return RedirectResponse(f"/t/{table.id}", status_code=303)

    @app.post("/t/{table_id}/join")
    async def join(request: Request, table_id: str) -> Response:
        user = await _require_current_user(request)
        form = await request.form()
        _check_csrf(request, _text(form.get("csrf")))
        asked = validated(JoinForm, {k: v for k, v in form.items() if k in JoinForm.model_fields})
        table = await asyncio.to_thread(server.service.join, table_id, asked.seat - 1, user)
        server.hub.deliver(table.id, table.version)
        return RedirectResponse(f"/t/{table_id}", status_code=303)

    @app.post("/t/{table_id}/decline")
    async def decline(request: Request, table_id: str, csrf: str = Form(""), block: str = Form("")) -> Response:
        """Decline an invitation (and with `block`, every invitation from the table's creator)."""
        user = await _require_current_user(request)
        _check_csrf(request, csrf)
        await asyncio.to_thread(server.service.decline, table_id, user, block=block == "yes")
        server.hub.deliver(table_id, (await asyncio.to_thread(server.service.table, table_id)).version)
        return RedirectResponse("/", status_code=303)

    @app.post("/unblock")
    async def unblock(request: Request, csrf: str = Form(""), player: str = Form("")) -> Response:
        """Take invitations from a blocked player again."""
        user = await _require_current_user(request)
        _check_csrf(request, csrf)
        other = validated(UnblockForm, {"player": player}).player
        await asyncio.to_thread(server.store.unblock, user.id, other)
        return RedirectResponse("/", status_code=303)

    @app.post("/t/{table_id}/start")
    async def start(request: Request, table_id: str, csrf: str = Form("")) -> Response:
        user = await _require_current_user(request)
        _check_csrf(request, csrf)
        await _start(server, table_id, user)
        return RedirectResponse(f"/t/{table_id}", status_code=303)

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    def table_page(request: Request, table_id: str) -> HTMLResponse:
        snapshot = server.service.snapshot(table_id)
        return _page(request, "table.html", **table_context(server.service, snapshot, _user(request)))

    @app.get("/t/{table_id}/main", response_class=HTMLResponse)
    async def table_main(request: Request, table_id: str, version: int = -1, seen: int = -1) -> HTMLResponse:
        """The table's changing part, fetched by the page after a live update, at `version` (the newest
        the browser heard of) or newer, highlighting for a spectator what changed after the first `seen`
        decisions (those on the board when they opened the page); drawn from memory when the table is
        cached and current, the commonest request of all."""
        user = await _current_user(request)
        snapshot = server.service.cached_snapshot(table_id, version)
        if snapshot is None:
            snapshot = await asyncio.to_thread(server.service.snapshot, table_id, version)
        context = table_context(server.service, snapshot, user, seen if seen >= 0 else None)
        return _page(request, "table_main.html", **context)

    @app.post("/t/{table_id}/act")
    async def act(request: Request, table_id: str) -> JSONResponse:
        began = time.perf_counter()
        user = await _require_current_user(request)
        _check_csrf(request, request.headers.get("x-csrf-token"))
        if not server.limiter.allow(user.id, server.clock().timestamp()):
            raise HTTPException(429, N_("too many decisions at once: wait a moment"))
        decision = validated(Decision, await _json(request))
        if decision.undo:
            new_version = await asyncio.to_thread(server.service.undo, table_id, user, decision.seat, decision.version)
            bots = True
        else:
            played = await asyncio.to_thread(
                server.service.act, table_id, user, decision.seat, decision.action, decision.version
            )
            new_version, bots = played.version, played.table.has_bots
        server.hub.deliver(table_id, new_version)
        if bots:
            server.bots.wake(table_id)
        spent = 1000 * (time.perf_counter() - began)
        return JSONResponse({"version": new_version}, headers={"Server-Timing": f"act;dur={spent:.1f}"})

    @app.post("/t/{table_id}/handover")
    async def handover(request: Request, table_id: str) -> Response:
        """Hand a seat whose player ran out of time to a bot."""
        _check_making(server, request)
        user = await _require_current_user(request)
        form = await request.form()
        _check_csrf(request, _text(form.get("csrf")))
        asked = validated(HandOverForm, {k: v for k, v in form.items() if k in HandOverForm.model_fields})
        table = await asyncio.to_thread(server.service.table, table_id)
        handed = await asyncio.to_thread(
            server.service.hand_to_bot, table_id, asked.seat - 1, asked.level, table.version, by=user
        )
        server.hub.deliver(table_id, handed.version)
        server.bots.wake(table_id)
        return RedirectResponse(f"/t/{table_id}", status_code=303)

    @app.post("/t/{table_id}/rematch")
    async def rematch(request: Request, table_id: str, csrf: str = Form("")) -> Response:
        _check_making(server, request)
        user = await _require_current_user(request)
        _check_csrf(request, csrf)
        old = await asyncio.to_thread(server.service.table, table_id)
        async with _admitting(server, request, user, bots=old.has_bots):
            table = await asyncio.to_thread(server.service.rematch, table_id, user)
            if all(s.kind in (HUMAN, BOT) for s in table.seats):
                await _start(server, table.id, user)
        return RedirectResponse(f"/t/{table.id}", status_code=303)

    @app.get("/t/{table_id}/record")
    def record(table_id: str) -> JSONResponse:
        """A finished game's record (its seed gives away the decks, so never before the end)."""
        table = server.store.table(table_id)
        if table.status != FINISHED:
            raise HTTPException(403, N_("a game's record is shown once the game is over"))
        return JSONResponse(server.store.record(table_id).to_json())

    @app.get("/t/{table_id}/log", response_class=HTMLResponse)
    async def whole_log(request: Request, table_id: str) -> HTMLResponse:
        """Every decision's public lines, for a table page that shows only the newest."""
        await _current_user(request)
        snapshot = server.service.cached_snapshot(table_id)
        if snapshot is None:
            snapshot = await asyncio.to_thread(server.service.snapshot, table_id)
        return _page(request, "log.html", **log_context(snapshot))

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str, step: str = "", seat: str = "") -> HTMLResponse:
        """A finished game at one step, as one seat saw it or with every seat's secrets shown: a page
        that works without the script, which then steps through `/replay/main` fragments."""
        return await _replay(request, table_id, step, seat, template="replay.html")

    @app.get("/t/{table_id}/replay/main", response_class=HTMLResponse)
    async def replay_main(request: Request, table_id: str, step: str = "", seat: str = "") -> HTMLResponse:
        """The replay's changing part at another step or point of view, fetched by the page."""
        return await _replay(request, table_id, step, seat, template="replay_main.html")

    @app.websocket("/t/{table_id}/live")
    async def live(websocket: WebSocket, table_id: str) -> None:
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


async def _start(server: Server, table_id: str, user: User) -> None:
    table = await asyncio.to_thread(server.service.start, table_id, user)
    server.hub.deliver(table.id, table.version)
    server.bots.wake(table_id)


def _address(request: Request) -> str:
    """The address a request came from (the proxy's client, where uvicorn trusts the proxy's headers)."""
    return request.client.host if request.client else "unknown"


def _check_making(server: Server, request: Request) -> None:
    """Refuse an address that asks for games or accounts faster than anyone playing would (before
    anything else is read of the request)."""
    if not server.making.allow(_address(request), server.clock().timestamp()):
        raise HTTPException(429, N_("too many new games from your address at once: wait a moment"))


@contextlib.asynccontextmanager
async def _admitting(server: Server, request: Request, user: User | None, *, bots: bool) -> AsyncIterator[None]:
    """Around the making of a new game: one with bots is made only by someone who holds fewer than
        they may. Someone over the count is refused at once; otherwise they are counted again and the game
        made one at a time per address (guests) or player, so that presses at once cannot all pass the
        count, and nobody waits behind another address. (Every table is made one at a time per player, so
    that the tables and invitations one player holds are counted right, too.)"""
    if bots:
        await _check_bot_games(server, request, user)
    key = ("user", user.id) if user is not None and not user.guest else ("address", _address(request))
    async with server.admission.hold(key):
        if bots:
            await _check_bot_games(server, request, user)
        yield


async def _check_bot_games(server: Server, request: Request, user: User | None) -> None:
    """Refuse a new game with bots to whoever holds too many already: each guest, the guests of one
    address together (a visitor who never signs up is known by no more), and each signed-up player."""
    since = server.clock() - IDLE_GAME
    if user is None or user.guest:
        held = await asyncio.to_thread(server.store.bot_games, since, guests_from=_address(request))
        if held >= ADDRESS_BOT_GAMES:
            raise TooManyGames(
                msg_plural(
                    "your address already holds {count} game against bots under way: finish it first",
                    "your address already holds {count} games against bots under way: finish one first",
                    held,
                )
            )
    if user is not None:
        most = GUEST_BOT_GAMES if user.guest else USER_BOT_GAMES
        held = await asyncio.to_thread(server.store.bot_games, since, user_id=user.id)
        if held >= most:
            raise TooManyGames(
                msg_plural(
                    "you already have {count} game against bots under way: finish it first",
                    "you already have {count} games against bots under way: finish one first",
                    held,
                )
            )


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


async def _json(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (ValueError, RecursionError):  # not JSON, nested past Python's depth, or numbers too long
        raise TableError(msg("the request must be a JSON object")) from None
    except ClientDisconnect:
        raise HTTPException(400, N_("the request was cut off before it arrived whole")) from None
    if not isinstance(body, dict):
        raise TableError(msg("the request must be a JSON object"))
    return body


async def _replay(request: Request, table_id: str, step: str, seat: str, *, template: str) -> HTMLResponse:
    """A replay page or fragment, drawn from memory when the game's steps are cached (built in a thread
    otherwise)."""
    server: Server = request.app.state.server
    user = await _current_user(request)
    replay = server.service.cached_replay(table_id)
    if replay is None:
        replay = await asyncio.to_thread(server.service.replay, table_id)
    return _page(request, template, **replay_context(replay, step, seat, user))


def _wants_json(request: Request) -> bool:
    return request.url.path.endswith(("/act", "/record")) or "application/json" in request.headers.get("accept", "")


def _error_response(request: Request, status: int, message: str) -> Response:
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=status)
    user = request.scope.get("user")  # known if the request got as far as reading it; never read here
    token = request.cookies.get(COOKIE)
    context = {"status": status, "message": message, "user": user, "csrf": csrf_token(token) if user and token else ""}
    return TEMPLATES.TemplateResponse(request, "error.html", context, status_code=status)


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
        (NotSaved, 503),
        (DatabaseError, 503),
    ]

    @app.exception_handler(LagunaError)
    async def laguna_error(request: Request, error: LagunaError) -> Response:
        status = next((code for kind, code in statuses if isinstance(error, kind)), 400)
        response = _error_response(request, status, i18n.translate(error.message))
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
        return _error_response(request, error.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> Response:
        """A field of the address that is not what the page sends (FastAPI's own answer would quote it whole)."""
        problem = error.errors()[0] if error.errors() else {}
        field = str(problem.get("loc", ("", "?"))[-1])
        value = problem.get("input")
        return _error_response(
            request,
            400,
            i18n.translate(msg("{field} is not valid here: {value}", field=excerpt(field), value=quoted(value))),
        )

    @app.exception_handler(DBAPIError)
    async def database_error(request: Request, error: DBAPIError) -> Response:
        _LOG.warning("the database failed on %s: %s", request.url.path, error.orig)
        return _error_response(
            request, 503, i18n.gettext(N_("the database did not answer: nothing was changed, try again in a moment"))
        )

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> Response:
        _LOG.exception("unexpected error on %s", request.url.path, exc_info=error)
        return _error_response(
            request, 500, i18n.gettext(N_("something went wrong on our side: reload the page to see what was saved"))
        )

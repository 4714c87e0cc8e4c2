"""Accounts: the language chosen, signing up, logging in, playing as a guest and logging out."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from laguna import i18n
from laguna.core import LagunaError
from laguna.server.account_store import NotSaved
from laguna.server.auth import AuthError, PasswordsBusy, Throttled
from laguna.server.db import DatabaseError
from laguna.server.forms import AccountForm, LanguageForm, TokenForm
from laguna.server.web import (
    COOKIE,
    LANGUAGE_COOKIE,
    Served,
    address,
    check_making,
    current_user,
    login_response,
    page,
    submitted,
)

router = APIRouter()


@router.post("/language")
async def choose_language(request: Request, server: Served) -> Response:
    """Switch the table's language (for this browser), back to the page the switch was pressed on."""
    asked, _ = await submitted(request, LanguageForm, csrf=False)
    response = RedirectResponse(asked.back, status_code=303)
    response.set_cookie(
        LANGUAGE_COOKIE, asked.code, max_age=365 * 86400, httponly=True, samesite="lax",
        secure=server.cookie_secure(request),
    )  # fmt: skip
    return response


@router.get("/signup", response_class=HTMLResponse)
def signup_page(request: Request) -> HTMLResponse:
    return page(request, "account.html", mode="signup")


@router.post("/signup")
async def signup(request: Request, server: Served) -> Response:
    """A new account; its password hashed in one of the process's password slots (waited for in the
    event loop, so that a flood of sign-ups holds no thread)."""
    check_making(server, request)
    asked, _ = await submitted(request, AccountForm, csrf=False)
    await current_user(request)  # so that the page below reads no session from the event loop
    try:
        user = await server.accounts.sign_up_async(asked.name, asked.password, server.clock())
    except (PasswordsBusy, NotSaved, DatabaseError):
        raise  # the server's trouble, not the form's: a 503 that says so
    except LagunaError as error:  # a refused name or password, or a name taken
        return page(
            request, "account.html", status=400, mode="signup", error=i18n.translate(error.message), name=asked.name
        )
    return await asyncio.to_thread(login_response, server, request, user)


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request) -> HTMLResponse:
    return page(request, "account.html", mode="login")


@router.post("/login")
async def login(request: Request, server: Served) -> Response:
    """Log in, unless the name or the address failed too often lately (429, before any check); the
    password is checked in one of the process's password slots, waited for in the event loop."""
    asked, _ = await submitted(request, AccountForm, csrf=False)
    await current_user(request)  # so that the page below reads no session from the event loop
    try:
        user = await server.accounts.log_in_async(asked.name, asked.password, server.clock(), address(request))
    except Throttled as error:
        refused = page(
            request, "account.html", status=429, mode="login", error=i18n.translate(error.message), name=asked.name
        )
        refused.headers["Retry-After"] = str(error.retry_after)
        return refused
    except AuthError as error:
        return page(
            request, "account.html", status=400, mode="login", error=i18n.translate(error.message), name=asked.name
        )
    return await asyncio.to_thread(login_response, server, request, user)


@router.post("/guest")
def guest(request: Request, server: Served) -> Response:
    check_making(server, request)
    return login_response(server, request, server.accounts.guest(server.clock(), address(request)))


@router.post("/logout")
async def logout(request: Request, server: Served) -> Response:
    await submitted(request, TokenForm)
    token = request.cookies.get(COOKIE)
    if token:
        await asyncio.to_thread(server.accounts.close_session, token)
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=server.cookie_secure(request))
    return response

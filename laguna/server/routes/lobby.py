"""The lobby: a player's tables, the open tables anyone may join (also as a fragment the lobby's script
fetches again when they change), a new table gathered or a game against bots at once, invitations
answered and seats taken, and the limits on the games with bots one player or address may hold."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Sequence
from datetime import timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from laguna.bots import LEVELS
from laguna.core import games, get_game
from laguna.core.messages import msg_plural
from laguna.i18n import N_
from laguna.server.account_store import User
from laguna.server.forms import (
    DeclineForm,
    JoinForm,
    PlayNowForm,
    SeatForm,
    TableForm,
    TokenForm,
    UnblockForm,
    validated,
)
from laguna.server.open_tables import open_tables
from laguna.server.pages import MY_FINISHED, my_tables
from laguna.server.service import SeatRequest, TableError
from laguna.server.store import BOT, FINISHED, HUMAN, INVITED, OPEN, PLAYING
from laguna.server.web import (
    Served,
    Server,
    address,
    check_making,
    current_user,
    login_response,
    page,
    require_current_user,
    submitted,
    user_of,
)

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
IDLE_GAME = timedelta(hours=1)
"""A game with no decision for this long is no longer counted as held: its bots have nothing to do."""

router = APIRouter()


class TooManyGames(TableError):
    """A new game with bots asked by someone who holds as many as they may."""


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request, server: Served, game: str = "") -> HTMLResponse:
    """The lobby of a signed-in player (their games, the open tables, new tables), else the welcome,
    with the open tables to look at; `game` shows only that game's open tables."""
    user = user_of(request)  # first, so that a refusal's page knows who asked
    shown = _game_filter(game)
    if user is None:
        return page(request, "welcome.html", levels=LEVELS, **_open_context(server, None, shown))
    blocked = server.store.blocked(user.id)
    tables = my_tables(server.store, user)
    return page(
        request, "lobby.html", tables=tables, levels=LEVELS, game_list=list(games()), move_times=MOVE_TIMES,
        blocked=blocked, more_finished=sum(row["table"].status == FINISHED for row in tables) >= MY_FINISHED,
        **_open_context(server, user, shown, blocked=[other.id for other in blocked]),
    )  # fmt: skip


@router.get("/lobby/open", response_class=HTMLResponse)
def open_list(request: Request, server: Served, game: str = "") -> HTMLResponse:
    """The lobby's open tables alone (the lobby's script fetches them again when they change)."""
    user = user_of(request)
    shown = _game_filter(game)
    blocked = [other.id for other in server.store.blocked(user.id)] if user else []
    response = page(request, "open_tables.html", **_open_context(server, user, shown, blocked=blocked))
    response.headers["Cache-Control"] = "no-store"
    return response


def _game_filter(game: str) -> str | None:
    """The game whose open tables are asked for (None: every game); an unknown one is refused by name."""
    return get_game(game).id if game else None


def _open_context(
    server: Server, user: User | None, game: str | None, *, blocked: Sequence[int] = ()
) -> dict[str, Any]:
    """What the open tables' list shows `user`: the tables, the game it is filtered by, the labels of
    the times per move."""
    return {
        "open_tables": open_tables(server.open_tables.read(server.store, game), user, server.clock(), blocked=blocked),
        "open_game": game or "",
        "open_games": list(games()),
        "move_labels": {seconds: label for seconds, label in MOVE_TIMES.values()},
    }


@router.post("/tables")
async def create_table(request: Request, server: Served) -> Response:
    check_making(server, request)
    user = await require_current_user(request)
    asked, form = await submitted(request, TableForm)
    requests = [SeatRequest(HUMAN)]
    for seat in range(2, asked.players + 1):
        choice = validated(SeatForm, {"choice": form.get(f"seat{seat}", ""), "invited": form.get(f"invite{seat}", "")})
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
    async with admitting(server, request, user, bots=any(r.kind == BOT for r in requests)):
        table = await asyncio.to_thread(
            functools.partial(
                server.service.create, user, game.id, requests, options, move_seconds=move_seconds,
                listed=asked.listed, rated=asked.rated, spectator_chat=asked.spectator_chat,
            )
        )  # fmt: skip
        if all(s.kind in (HUMAN, BOT) for s in table.seats):
            await start_game(server, table.id, user)
    return RedirectResponse(f"/t/{table.id}", status_code=303)


@router.post("/play-now")
async def play_now(request: Request, server: Served) -> Response:
    """A game against bots at once (a guest account if need be)."""
    check_making(server, request)
    user = await current_user(request)
    asked, _ = await submitted(request, PlayNowForm, csrf=user is not None)
    requests = [SeatRequest(HUMAN)] + [SeatRequest(BOT, bot=asked.level)] * asked.opponents
    get_game(asked.game).new_game(len(requests))  # the game's own words for a count it does not take
    async with admitting(server, request, user, bots=asked.opponents > 0):
        new_user = (
            user
            if user is not None
            else await asyncio.to_thread(server.accounts.guest, server.clock(), address(request))
        )
        table = await asyncio.to_thread(server.service.create, new_user, asked.game, requests)
        await start_game(server, table.id, new_user)
    if user is None:
        return await asyncio.to_thread(login_response, server, request, new_user, f"/t/{table.id}")
    return RedirectResponse(f"/t/{table.id}", status_code=303)


@router.get("/join/{token}")
def invitation(token: str, server: Served) -> Response:
    table = server.store.table_by_invite(token)
    return RedirectResponse(f"/t/{table.id}", status_code=303)


@router.post("/t/{table_id}/join")
async def join(request: Request, table_id: str, server: Served) -> Response:
    user = await require_current_user(request)
    asked, _ = await submitted(request, JoinForm)
    table = await asyncio.to_thread(server.service.join, table_id, asked.seat - 1, user)
    if table.status == PLAYING:  # the last seat filled: the game began, and a bot may owe the first decision
        server.bots.wake(table_id)
    return RedirectResponse(f"/t/{table_id}", status_code=303)


@router.post("/t/{table_id}/decline")
async def decline(request: Request, table_id: str, server: Served) -> Response:
    """Decline an invitation (and with `block`, every invitation from the table's creator)."""
    user = await require_current_user(request)
    asked, _ = await submitted(request, DeclineForm)
    await asyncio.to_thread(server.service.decline, table_id, user, block=asked.block)
    return RedirectResponse("/", status_code=303)


@router.post("/unblock")
async def unblock(request: Request, server: Served) -> Response:
    """Take invitations from a blocked player again."""
    user = await require_current_user(request)
    asked, _ = await submitted(request, UnblockForm)
    await asyncio.to_thread(server.store.unblock, user.id, asked.player)
    return RedirectResponse("/", status_code=303)


@router.post("/t/{table_id}/start")
async def start(request: Request, table_id: str, server: Served) -> Response:
    user = await require_current_user(request)
    await submitted(request, TokenForm)
    await start_game(server, table_id, user)
    return RedirectResponse(f"/t/{table_id}", status_code=303)


async def start_game(server: Server, table_id: str, user: User) -> None:
    await asyncio.to_thread(server.service.start, table_id, user)
    server.bots.wake(table_id)


@contextlib.asynccontextmanager
async def admitting(server: Server, request: Request, user: User | None, *, bots: bool) -> AsyncIterator[None]:
    """Around the making of a new game: one with bots is made only by someone who holds fewer than
    they may. Someone over the count is refused at once; otherwise they are counted again and the game
    made one at a time per address (guests) or player, so that presses at once cannot all pass the
    count, and nobody waits behind another address. (Every table is made one at a time per player, so
    that the tables and invitations one player holds are counted right, too.)"""
    if bots:
        await _check_bot_games(server, request, user)
    key = ("user", user.id) if user is not None and not user.guest else ("address", address(request))
    async with server.admission.hold(key):
        if bots:
            await _check_bot_games(server, request, user)
        yield


async def _check_bot_games(server: Server, request: Request, user: User | None) -> None:
    """Refuse a new game with bots to whoever holds too many already: each guest, the guests of one
    address together (a visitor who never signs up is known by no more), and each signed-up player."""
    since = server.clock() - IDLE_GAME
    if user is None or user.guest:
        held = await asyncio.to_thread(server.store.bot_games, since, guests_from=address(request))
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

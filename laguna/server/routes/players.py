"""Players and their standing: a player's page (`/u/<name>`) and each game's leaderboard. Plain `def`
routes: their reads run in the server's threads, never in the event loop."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from laguna.core import games
from laguna.server.player_pages import leaderboard_context, player_context
from laguna.server.web import Served, page, user_of

router = APIRouter()


@router.get("/u/{name:path}", response_class=HTMLResponse)
def player_page(request: Request, name: str, server: Served) -> HTMLResponse:
    """A player's games, ratings and last games; to the player, also the tables waiting for them. The
    whole rest of the address is the name, so that a malformed one is refused by name."""
    return page(request, "player.html", **player_context(server.store, name, user_of(request)))


@router.get("/leaderboard")
def first_leaderboard() -> RedirectResponse:
    """The leaderboard of the first game."""
    return RedirectResponse(f"/leaderboard/{games()[0].id}", status_code=303)


@router.get("/leaderboard/{game}", response_class=HTMLResponse)
def leaderboard(request: Request, game: str, server: Served) -> HTMLResponse:
    """The best players of `game` past their provisional games, and its newcomers."""
    return page(request, "leaderboard.html", **leaderboard_context(server.store, game))

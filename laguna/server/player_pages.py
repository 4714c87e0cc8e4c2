"""What a player page (`/u/<name>`) and a game's leaderboard show: built from the store's reads, the
rating histories drawn as small charts by the server (no script), and the tables waiting for a
player shown to that player alone. The routes in `laguna.server.routes.players` render them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from laguna.core import UnknownGame, games, get_game
from laguna.core.messages import msg, quoted
from laguna.server.account_store import User
from laguna.server.ratings import PROVISIONAL_GAMES, Skill
from laguna.server.store import HUMAN, PLAYING, NotFound, SeatInfo, Store, TableInfo

NAME = re.compile(r"[A-Za-z0-9_.-]{1,32}")
"""What a player's name may be in a page's address (a guest's too); anything else is nobody's."""
LAST_GAMES = 20
"""Finished games a player page lists, newest first."""
CHART_WIDTH, CHART_HEIGHT = 300, 80
"""The rating chart's box (its SVG viewBox), in the chart's own units."""
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 4.0, 250.0, 10.0, 70.0
"""Where the line is drawn inside the box: the right part is left to the labels."""
LABEL_X = 256.0


@dataclass(frozen=True, slots=True)
class Chart:
    """A rating history as a line in a fixed box: its points, and its lowest and highest ratings with
    the height each stands at (the labels beside the line)."""

    points: tuple[tuple[float, float], ...]
    low: int
    high: int
    low_y: float
    high_y: float
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT
    label_x: float = LABEL_X

    @property
    def polyline(self) -> str:
        """The points as an SVG polyline's `points` attribute."""
        return " ".join(f"{x:g},{y:g}" for x, y in self.points)

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"

    @property
    def last(self) -> tuple[float, float]:
        """Where the line ends: the rating now."""
        return self.points[-1]


def chart(ratings: Sequence[int]) -> Chart:
    """The chart of `ratings` (oldest first): evenly spaced from left to right, the highest at the top
    of the plot and the lowest at its bottom (a flat line across the middle if they are all equal; a
    single rating, a point in the middle)."""
    if not ratings:
        raise ValueError("a chart needs at least one rating")
    low, high = min(ratings), max(ratings)
    middle_y = (PLOT_TOP + PLOT_BOTTOM) / 2

    def y(rating: int) -> float:
        if high == low:
            return middle_y
        return round(PLOT_BOTTOM - (rating - low) / (high - low) * (PLOT_BOTTOM - PLOT_TOP), 1)

    if len(ratings) == 1:
        xs = [(PLOT_LEFT + PLOT_RIGHT) / 2]
    else:
        step = (PLOT_RIGHT - PLOT_LEFT) / (len(ratings) - 1)
        xs = [round(PLOT_LEFT + n * step, 1) for n in range(len(ratings))]
    return Chart(tuple(zip(xs, (y(r) for r in ratings), strict=True)), low, high, y(low), y(high))


@dataclass(frozen=True, slots=True)
class GameLine:
    """A player's line for one game: what they played and won, their rating and its history."""

    game: str
    name: str
    played: int
    won: int
    skill: Skill | None
    chart: Chart | None


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One seat of a finished game as the player page shows it: who, their score and place, the
    score sheet's lines, and what the game did to their rating."""

    seat: SeatInfo
    score: int | None
    rank: int | None
    breakdown: dict[str, int]


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game of the player: the table and its score sheet, seat by seat."""

    table: TableInfo
    name: str
    lines: tuple[SheetLine, ...]
    categories: tuple[str, ...]
    """The score sheet's lines, in its order."""


def game_name(game_id: str) -> str:
    """The game's name (untranslated: the page translates it), or its id for a game no longer installed."""
    try:
        return get_game(game_id).name
    except UnknownGame:
        return game_id


def find_player(store: Store, name: str) -> User:
    """The player called `name`; `NotFound` naming it otherwise. A name no player could have is refused
    before the database is asked."""
    found = store.player(name) if NAME.fullmatch(name) else None
    if found is None:
        raise NotFound(msg("there is no player called {name}", name=quoted(name)))
    return found


def finished_game(table: TableInfo) -> FinishedGame:
    """A finished table's score sheet, from its stored result."""
    results = table.result.get("results", []) if isinstance(table.result, dict) else []
    by_seat = {line["seat"]: line for line in results if isinstance(line, dict) and "seat" in line}
    categories: list[str] = []
    lines = []
    for seat in table.seats:
        line = by_seat.get(seat.seat, {})
        breakdown = {str(name): int(points) for name, points in line.get("breakdown", [])}
        categories += [name for name in breakdown if name not in categories]
        lines.append(SheetLine(seat, line.get("score"), line.get("rank"), breakdown))
    return FinishedGame(table, game_name(table.game), tuple(lines), tuple(categories))


def turn_tables(store: Store, user: User) -> list[TableInfo]:
    """The games under way waiting for `user`'s decision, the longest-waiting first."""
    waiting = [
        table
        for table in store.user_tables(user.id, finished=0)
        if table.status == PLAYING and set(table.seat_of(user.id)) & set(table.waiting)
    ]
    return sorted(waiting, key=lambda table: table.last_move_at or table.created_at)


def player_context(store: Store, name: str, viewer: User | None) -> dict[str, Any]:
    """What the page of the player called `name` shows `viewer`: per game their games played and won
    and their rating with its history, their last finished games with the score sheets, and, to the
    player alone, the tables where it is their turn."""
    shown = find_player(store, name)
    records = []
    for record in store.games_of(shown.id):
        history = store.rating_history(shown.id, record.game) if record.skill else []
        drawn = chart([point.skill.shown for point in history]) if history else None
        records.append(GameLine(record.game, game_name(record.game), record.played, record.won, record.skill, drawn))
    last = store.tables_by_id(store.last_finished(shown.id, LAST_GAMES))
    own = viewer is not None and viewer.id == shown.id
    return {
        "shown": shown,
        "records": records,
        "last_games": [finished_game(table) for table in last],
        "turn_tables": turn_tables(store, shown) if own else None,
        "own": own,
        "human": HUMAN,
    }


def leaderboard_context(store: Store, game_id: str) -> dict[str, Any]:
    """What the leaderboard of `game_id` shows: the best players past `PROVISIONAL_GAMES` rated games,
    the newcomers below them, and a tab per game; `NotFound` for a game that is not installed."""
    try:
        game = get_game(game_id)
    except UnknownGame as error:
        raise NotFound(error.message) from None
    return {
        "game": game,
        "game_list": games(),
        "leaders": store.leaderboard(game.id),
        "newcomers": store.leaderboard(game.id, provisional=True),
        "provisional_games": PROVISIONAL_GAMES,
    }

"""The registry of games: games announce themselves under the ``laguna.games`` entry-point group.

Entry points keep the core free of imports of any game, and let a separately installed package add a
game without a change here.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from laguna.core.errors import UnknownGame
from laguna.core.game import Game
from laguna.core.messages import msg, quoted

AnyGame = Game[Any, Any, Any]

_games: dict[str, AnyGame] = {}
_loaded = False


def register(game: AnyGame) -> AnyGame:
    """Add a game under its id (idempotent for the same object)."""
    existing = _games.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"two games claim the id {game.id!r}")
    _games[game.id] = game
    return game


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for point in entry_points(group="laguna.games"):
        register(point.load())


def games() -> list[AnyGame]:
    """Every registered game, sorted by id."""
    _load_entry_points()
    return [_games[key] for key in sorted(_games)]


def get_game(game_id: str) -> AnyGame:
    """The game with this id; `UnknownGame` names the known ones otherwise."""
    _load_entry_points()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none installed"
        raise UnknownGame(msg("unknown game {game} (games: {known})", game=quoted(game_id), known=known)) from None

"""Web boards: per game, a module that turns a seat's view and legal decisions into a board model
(`board(view, actions) -> dict`), and a template ``boards/<game>.html`` that draws it, every legal
decision a button on the board. A game without its own board shows its view as data.

A board only ever sees a view and the seat's legal decisions in notation, never a state, so it cannot
show what its seat may not know.
"""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup

from laguna import i18n
from laguna.web.templating import ENVIRONMENT

BOARDS: dict[str, str] = {
    "walking-in-burano": "laguna.web.boards.walking_in_burano",
    "walking-in-burano-roll-and-write": "laguna.web.boards.burano_roll_and_write",
    "burano": "laguna.web.boards.burano",
    "murano": "laguna.web.boards.murano",
}
"""Game id → module with ``board(view, actions)``; a game not listed shows its view as data."""

STYLES = Path(__file__).parents[1] / "static" / "boards"
"""A game's own style sheet, if its board has one: ``<game id>.css``."""

BoardModel = Callable[[dict[str, Any], Sequence[str]], dict[str, Any]]


def _model(game_id: str) -> BoardModel | None:
    name = BOARDS.get(game_id)
    if name is None:
        return None
    model: BoardModel = importlib.import_module(name).board
    return model


def render_board(
    game_id: str, view: dict[str, Any], actions: Sequence[str], names: Sequence[str] | None = None
) -> Markup:
    """The game's board for `view`, its decisions `actions` clickable on it, the seats called by
    `names` (by number where none are given)."""
    model = _model(game_id)
    if model is None:
        return Markup('<pre class="view-data">{}</pre>').format(json.dumps(view, indent=1, ensure_ascii=False))
    template = ENVIRONMENT.get_template(f"boards/{game_id}.html")
    reading = i18n.Reading(names)
    return Markup(template.render(board=model(view, actions), seat_name=reading.player))


def score_line(game_id: str, name: str) -> str:
    """A line of the game's score sheet (a category of its outcome) in the reader's language: by the
    board module's own ``score_line`` where the game composes its lines, else as a marked word."""
    name_line: Callable[[str], str] | None = None
    if game_id in BOARDS:
        name_line = getattr(importlib.import_module(BOARDS[game_id]), "score_line", None)
    return name_line(name) if name_line is not None else i18n.gettext(name)


ENVIRONMENT.globals["score_line"] = score_line
"""The score sheet is drawn for every game by one template."""


@functools.cache
def board_style(game_id: str) -> str | None:
    """The address of the game's board style sheet, if there is one."""
    return f"/static/boards/{game_id}.css" if (STYLES / f"{game_id}.css").is_file() else None

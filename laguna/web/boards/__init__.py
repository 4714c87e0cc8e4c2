"""Web boards: per game, a module and a template ``boards/<game>.html`` that draws the game as
pictures (inline SVG), every legal decision clickable on the board. A board module provides:

- ``board(view, actions) -> dict``: the board model of a seat's view with its decisions in place;
- ``pieces(view) -> dict[str, Hashable]``: every piece the board draws, by the key it carries as
  ``data-piece``, with what it shows; two views' pieces compared say what changed between them;
- ``label(action) -> str``: a decision in the reader's language, for the list beside the board;
- optionally ``score_line(name) -> str``: a line of the score sheet in the reader's language.

A game without its own board shows its view as data.

A board only ever sees a view and the seat's legal decisions in notation, never a state, so it cannot
show what its seat may not know.
"""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
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
TEMPLATES = Path(__file__).parents[1] / "templates" / "boards"
"""A game's board template ``<game id>.html`` and the drawings it refers to, ``<game id>.defs.html``."""

BoardModel = Callable[[dict[str, Any], Sequence[str]], dict[str, Any]]
Pieces = Mapping[str, Hashable]
"""A board's pieces by key, each with what it shows (equal values: the piece looks the same)."""


def _module(game_id: str) -> Any:
    name = BOARDS.get(game_id)
    return None if name is None else importlib.import_module(name)


def render_board(
    game_id: str,
    view: dict[str, Any],
    actions: Sequence[str],
    names: Sequence[str] | None = None,
    changed: Collection[str] = frozenset(),
) -> Markup:
    """The game's board for `view`, its decisions `actions` clickable on it, the seats called by
    `names` (by number where none are given), the pieces keyed in `changed` highlighted."""
    module = _module(game_id)
    if module is None:
        return Markup('<pre class="view-data">{}</pre>').format(json.dumps(view, indent=1, ensure_ascii=False))
    template = ENVIRONMENT.get_template(f"boards/{game_id}.html")
    reading = i18n.Reading(names)
    return Markup(template.render(board=module.board(view, actions), seat_name=reading.player, changed=changed))


def pieces(game_id: str, view: dict[str, Any]) -> Pieces:
    """Every piece the game's board draws for `view`, by key (none for a game without a board). Drawn in
    the default language, so that pieces compared across readers differ only where the game does."""
    module = _module(game_id)
    if module is None:
        return {}
    with i18n.language(i18n.DEFAULT):
        drawn: Pieces = module.pieces(view)
    return drawn


def changes(before: Pieces, after: Pieces) -> frozenset[str]:
    """The keys of the pieces that look different in `after` than in `before`, or are new there."""
    return frozenset(key for key, shown in after.items() if before.get(key, _ABSENT) != shown)


_ABSENT = object()


def label(game_id: str, action: str) -> str:
    """The decision `action` (in notation) as the list beside the board names it, in the reader's
    language; its notation for a game without a board."""
    module = _module(game_id)
    return action if module is None else str(module.label(action))


def score_line(game_id: str, name: str) -> str:
    """A line of the game's score sheet (a category of its outcome) in the reader's language: by the
    board module's own ``score_line`` where the game composes its lines, else as a marked word."""
    module = _module(game_id)
    name_line: Callable[[str], str] | None = getattr(module, "score_line", None) if module else None
    return name_line(name) if name_line is not None else i18n.gettext(name)


ENVIRONMENT.globals["score_line"] = score_line
"""The score sheet is drawn for every game by one template."""


@pass_context
def piece_mark(context: Context, key: str) -> Markup:
    """The attributes of a drawn piece: its key, and whether it glows (its key is among the template's
    `changed`). A function rather than a macro: a board marks hundreds of pieces."""
    if key in context.get("changed", ()):
        return _CHANGED % key
    return _PIECE % key


_PIECE = Markup('data-piece="%s"')
_CHANGED = Markup('data-piece="%s" data-changed=""')


ENVIRONMENT.globals["piece_mark"] = piece_mark


@functools.cache
def board_style(game_id: str) -> str | None:
    """The address of the game's board style sheet, if there is one."""
    return f"/static/boards/{game_id}.css" if (STYLES / f"{game_id}.css").is_file() else None


@functools.cache
def board_defs(game_id: str) -> str | None:
    """The template of the drawings a game's board refers to (``<use href="#…">``), if it has one:
    ``boards/<game id>.defs.html``, drawn once per page outside the parts that change, so that a page
    with several boards (a replay of every seat) defines each drawing once."""
    name = f"boards/{game_id}.defs.html"
    return name if (TEMPLATES / f"{game_id}.defs.html").is_file() else None

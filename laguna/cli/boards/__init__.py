"""Terminal boards: a renderer per game, drawn from a seat's view, with a generic fallback.

A board only ever sees a view, never a state, so it cannot show what its seat may not know. Boards
speak the language in force (`laguna.i18n`); their notation help is marked with ``N_`` and translated
where it is shown.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from laguna.cli.boards import generic
from laguna.i18n import gettext

BOARDS: dict[str, str] = {
    "burano": "laguna.cli.boards.burano",
    "murano": "laguna.cli.boards.murano",
    "walking-in-burano": "laguna.cli.boards.walking_in_burano",
    "walking-in-burano-roll-and-write": "laguna.cli.boards.burano_roll_and_write",
}
"""Game id → module with ``render(view)`` and ``NOTATION_HELP``; imported only when that game is shown."""


def board_module(game_id: str) -> ModuleType:
    name = BOARDS.get(game_id)
    return importlib.import_module(name) if name else generic


def render_view(game_id: str, view: dict[str, Any]) -> RenderableType:
    """The game's own board for `view`, or the generic one if the game has none."""
    module = board_module(game_id)
    try:
        renderable: RenderableType = module.render(view)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        # A view whose shape the board does not expect must not end the game: show the raw view.
        note = Text(
            gettext("(the {game} board cannot draw this view: {error}; showing it as data)").format(
                game=game_id, error=repr(error)
            ),
            style="dim",
        )
        return Group(note, generic.render(view))
    return renderable


def notation_help(game_id: str) -> str:
    """Examples of the game's action notation for the ``help`` command, explained in the language in
    force ("" if the board has none)."""
    text = str(getattr(board_module(game_id), "NOTATION_HELP", ""))
    return gettext(text) if text else ""


__all__ = ["BOARDS", "notation_help", "render_view"]

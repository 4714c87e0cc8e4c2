"""Web boards: a renderer per game that draws a seat's view as HTML, with every legal decision of the
seat as a button on the board; a generic fallback shows any game's view as data.

A board only ever sees a view and the seat's legal decisions in notation, never a state, so it cannot
show what its seat may not know.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

BOARDS: dict[str, str] = {"walking-in-burano": "laguna.web.boards.walking_in_burano"}
"""Game id → module with ``render(view, actions)``; the others use the generic board."""


def generic(view: dict[str, Any], actions: Sequence[str]) -> Markup:
    """Any game's view as indented data (its decisions are in the list beside the board)."""
    del actions
    return Markup('<pre class="view-data">{}</pre>').format(json.dumps(view, indent=1, ensure_ascii=False))


def render_board(game_id: str, view: dict[str, Any], actions: Sequence[str]) -> Markup:
    """The game's board for `view`, its decisions `actions` clickable on it."""
    name = BOARDS.get(game_id)
    if name is None:
        return generic(view, actions)
    board: Markup = importlib.import_module(name).render(view, actions)
    return board


def action_button(action: str, label: str | Markup, *, css: str = "", pick: str | None = None) -> Markup:
    """A button that sends `action`; with `pick`, shown only once that card (or piece) is picked."""
    hidden = Markup(' data-pick-of="{}" hidden').format(pick) if pick else Markup("")
    return Markup('<button type="button" class="act {}" data-action="{}"{}>{}</button>').format(
        css, action, hidden, label
    )

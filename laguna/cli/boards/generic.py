"""The fallback board: any game's view, pretty-printed, so a new game is playable before it has a board."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty

from laguna.i18n import gettext


def render(view: dict[str, Any]) -> RenderableType:
    """The whole view as indented data, in a panel named after the game."""
    title = str(view.get("game") or gettext("game"))
    return Panel(Pretty(view, expand_all=False, indent_guides=True), title=title, title_align="left")


NOTATION_HELP = ""

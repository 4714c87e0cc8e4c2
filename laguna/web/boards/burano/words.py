"""The words of Burano's web board in the reader's language, and the colours as the board names them:
each colour shows twice, as a colour and as its glyph with its initial (``♥P`` pink), so that the board
reads without colour.
"""

from __future__ import annotations

import functools
import html
from typing import Any

from markupsafe import Markup

from laguna import i18n
from laguna.games.burano.components import Colour


def _(message: str) -> str:
    """A message in the reader's language; a board asks for the same few hundred times."""
    return _translated(message, i18n.current())


@functools.lru_cache(maxsize=4096)
def _translated(message: str, language: str) -> str:
    with i18n.language(language):
        return i18n.gettext(message)


def escape(text: object) -> str:
    """Text made safe inside an element or an attribute of the board's markup."""
    return html.escape(str(text))


def colour_mark(colour: str) -> str:
    """A colour's glyph and initial (``♥P``), the cue that does not need colour."""
    try:
        glyph = Colour(colour).glyph
    except ValueError:
        return "?"
    return f"{glyph}{_(colour)[:1].upper()}"


def cube(colour: str | None) -> dict[str, str] | None:
    """A colour as the board draws it: the colour, its mark (``♥P``) and its name (shared: not to be
    changed)."""
    if colour is None or colour == "none":
        return None
    return _cube(colour, i18n.current())


@functools.lru_cache(maxsize=256)
def _cube(colour: str, language: str) -> dict[str, str]:
    if colour == "hidden":
        return {"colour": colour, "mark": "?", "name": _("face down")}
    return {"colour": colour, "mark": colour_mark(colour), "name": _(colour)}


def tile(text: str) -> dict[str, Any]:
    """A roof tile ``islands:pink-blue``: its kind, its two halves and its words (shared: not to be
    changed)."""
    return _tile(text, i18n.current())


@functools.lru_cache(maxsize=512)
def _tile(text: str, language: str) -> dict[str, Any]:
    kind, _sep, colours = text.partition(":")
    first, _sep, second = colours.partition("-")
    halves = [cube(first), cube(second)]
    words = _("%(kind)s roof tile, %(first)s and %(second)s") % {
        "kind": _(kind),
        "first": halves[0]["name"] if halves[0] else "",
        "second": halves[1]["name"] if halves[1] else "",
    }
    return {"id": text, "kind": kind, "halves": halves, "words": words}


def _said(message: str, **variables: object) -> Markup:
    """Words as the board's template writes ``_(message, **variables)``: the translation trusted, every
    variable escaped."""
    return Markup(_(message)) % variables


class _Words:
    """The board's fixed words in one language, as the template writes them."""

    def __init__(self) -> None:
        self.game_state = _said("Game state")
        self.action_board = _said("Action board")
        self.you_decide = _said("You decide")
        self.decides = Markup(_("%(player)s decides"))
        """Formatted with a seat's name in the template, which escapes the name."""
        self.building = _said("building pyramids in secret, all at once")
        self.main_island = _said("Main island")
        self.waters = _said("Neighbouring islands and ports")
        self.workshops = _said("Lace workshops")
        self.supplies = _said("Supplies")
        self.you = _said("You")
        self.cube_pyramid = _said("cube pyramid")
        self.other = _said("Other decisions")
        self.legend = _said("Colours: ♥P pink, ●B blue, ★Y yellow, ♣G green, ▲O orange, ◇W white.")


@functools.lru_cache(maxsize=8)
def _words(language: str) -> _Words:
    return _Words()


def _player(seat: int) -> str:
    return _("player %(number)s") % {"number": seat + 1}

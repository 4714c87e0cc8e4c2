"""Pieces of terminal text the boards share: one palette of colour words, seats named as players,
marks joined into a line, and counted marks (a reserve's cubes, a player's beads) written as each mark
followed by its count."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich.text import Text

from laguna.i18n import gettext as _

PALETTE: dict[str, str] = {
    "pink": "bold hot_pink",
    "red": "bold red",
    "orange": "bold dark_orange",
    "yellow": "bold yellow",
    "green": "bold green",
    "blue": "bold dodger_blue1",
    "white": "bold bright_white",
    "grey": "bold grey62",
    "brown": "bold #b5651d",
}
"""How every board paints a colour word, so a colour looks the same in every game (and any other word
is bold)."""


def painted(colour: str) -> str:
    """The terminal style of a colour word."""
    return PALETTE.get(colour, "bold")


def joined(parts: Sequence[Text], separator: str = " ") -> Text:
    return Text(separator).join(parts)


def counted(counts: Mapping[str, int], mark: Callable[[str], Text]) -> Text:
    """``♥P 2  ●B 1``: each kind's mark followed by how many there are."""
    parts = []
    for kind, count in counts.items():
        part = mark(kind)
        part.append(f" {count}")
        parts.append(part)
    return joined(parts, "  ")


def seat_short(seat: int | None) -> str:
    """``P2``: a seat as a short mark (``?`` for none)."""
    return "?" if seat is None else _("P%(number)s") % {"number": int(seat) + 1}


def seat_name(seat: int, viewer: int | None) -> str:
    """``Player 2``, or ``Player 2 (you)`` for the viewer's own seat."""
    if seat == viewer:
        return _("Player %(number)s (you)") % {"number": seat + 1}
    return _("Player %(number)s") % {"number": seat + 1}


def seat_heading(seat: int, viewer: int | None, acting: bool) -> Text:
    """``▶ Player 2 (you)``: the first line of a seat's block, marked while the seat owes a decision."""
    return Text(("▶ " if acting else "  ") + seat_name(seat, viewer), style="bold")

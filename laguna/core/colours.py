"""The marks of the lagoon's house colours, the same in every game that prints them (the floor cards
of Walking in Burano, the dice and buildings of its Roll & Write, Burano's houses, workshops and roof
tiles): a distinct printable sign per colour, so that nobody has to tell the colours apart by colour
alone. Each game keeps its own colour enum, whose values are these colour words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

GLYPHS: Final[Mapping[str, str]] = {
    "pink": "♥",
    "yellow": "★",
    "red": "♦",
    "blue": "●",
    "orange": "▲",
    "green": "♣",
    "white": "◇",
}
"""Colour word → its printable mark."""

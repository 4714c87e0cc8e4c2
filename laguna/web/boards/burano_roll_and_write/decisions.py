"""The decisions of a seat on the web board of Walking in Burano Roll & Write: each action's notation
read, its label, and the piece it lies on (a boat dropped on the canal beside its die, the boat at hand
flipped, a symbol circled, a character card picked and then written under a building, a coin taken),
marked where it changed; and the colours, each shown as a colour and as its mark with the building's
letter.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Sequence
from typing import Final

from markupsafe import escape

from laguna import i18n
from laguna.core.messages import N_
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.decorations import KIND_NAMES
from laguna.games.burano_roll_and_write.sheets import DieColour

_BOAT = re.compile(r"boat (\w+)")
_CIRCLE = re.compile(r"circle (\S+) ([1-6])")
_INVITE = re.compile(r"invite ([A-J]) (\w+)(?: f([1-3]))?")
_SYMBOL = re.compile(r"([A-Z])([1-3])\.([a-z]+)\d*")

_COLOURS: Final = {colour.value: colour for colour in DieColour}
_BY_LETTER: Final = {colour.letter: colour for colour in DieColour}
_TITLES: Final = {character.value: character.title for character in Character}
_FLOOR_CHARACTERS: Final = frozenset(c.value for c in Character if c.designates_floor)

_DIE_NAMES: Final = {
    "red": N_("the red die"),
    "orange": N_("the orange die"),
    "yellow": N_("the yellow die"),
    "green": N_("the green die"),
    "blue": N_("the blue die"),
    "pink": N_("the pink die"),
}
_BUILDING_NAMES: Final = {
    "red": N_("the red building"),
    "orange": N_("the orange building"),
    "yellow": N_("the yellow building"),
    "green": N_("the green building"),
    "blue": N_("the blue building"),
    "pink": N_("the pink building"),
}
"""Whole phrases, so that a language can inflect them (the same words the log uses)."""


def _colour_mark(colour: str) -> tuple[str, str]:
    """The colour's building letter and printable mark (``?`` for a colour the board does not know)."""
    known = _COLOURS.get(colour)
    return (known.letter, known.symbol) if known else ("?", "?")


def _colour_words(colour: str) -> str:
    letter, mark = _colour_mark(colour)
    return f"{i18n.gettext(_BUILDING_NAMES[colour]) if colour in _BUILDING_NAMES else colour} ({letter} {mark})"


def _key(token: str) -> str:
    """A piece key's part from the view's notation (symbol ids are upper case)."""
    return token.lower()


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board."""

    def __init__(self, actions: Sequence[str]) -> None:
        self.boats: dict[str, str] = {}
        self.circles: dict[str, list[tuple[str, int]]] = defaultdict(list)
        self.invites: dict[str, list[tuple[str, str, int | None]]] = defaultdict(list)
        self.inviting: set[str] = set()
        self.flip: str | None = None
        self.coin: str | None = None
        for action in actions:
            if m := _BOAT.fullmatch(action):
                self.boats[m.group(1)] = action
            elif m := _CIRCLE.fullmatch(action):
                self.circles[m.group(1)].append((action, int(m.group(2))))
            elif m := _INVITE.fullmatch(action):
                floor = int(m.group(3)) if m.group(3) else None
                self.invites[m.group(2)].append((action, m.group(1), floor))
                self.inviting.add(m.group(1))
            elif action == "flip":
                self.flip = action
            elif action == "coin":
                self.coin = action


def label(action: str) -> str:
    """The decision `action` in the reader's language, as the board's buttons and the list say it."""
    if m := _BOAT.fullmatch(action):
        return i18n.gettext("Place a boat beside %(die)s") % {"die": _die_name(m.group(1))}
    if m := _CIRCLE.fullmatch(action):
        return i18n.gettext("Circle %(symbol)s with %(value)s") % {
            "symbol": _symbol_name(m.group(1)),
            "value": m.group(2),
        }
    if m := _INVITE.fullmatch(action):
        character = _character_name(m.group(1))
        building = _building_name(m.group(2))
        if m.group(3):
            return i18n.gettext("Invite the %(character)s under %(building)s, scoring floor %(floor)s") % {
                "character": character,
                "building": building,
                "floor": m.group(3),
            }
        return i18n.gettext("Invite the %(character)s under %(building)s") % {
            "character": character,
            "building": building,
        }
    if action == "flip":
        return i18n.gettext("Flip the boat for 2 coins")
    if action == "coin":
        return i18n.gettext("Take a coin instead of inviting")
    return action


def _die_name(colour: str) -> str:
    return i18n.gettext(_DIE_NAMES[colour]) if colour in _DIE_NAMES else colour


def _building_name(colour: str) -> str:
    return i18n.gettext(_BUILDING_NAMES[colour]) if colour in _BUILDING_NAMES else colour


def _character_name(letter: str) -> str:
    return f"{i18n.gettext(_TITLES[letter])} ({letter})" if letter in _TITLES else letter


def _symbol_name(symbol_id: str) -> str:
    """A symbol by where it is on the sheet: "the cat on floor 2 of the red building"."""
    m = _SYMBOL.fullmatch(symbol_id)
    if m is None or m.group(1) not in _BY_LETTER or m.group(3) not in KIND_NAMES:
        return symbol_id
    return i18n.gettext("the %(symbol)s on floor %(floor)s of %(building)s") % {
        "symbol": i18n.gettext(KIND_NAMES[m.group(3)]),
        "floor": m.group(2),
        "building": _building_name(_BY_LETTER[m.group(1)].value),
    }


def _marked(opening: str, key: str, rest: str, changed: Collection[str]) -> str:
    """A piece's element marked as the ``mark`` macro marks it: its key, and whether it glows."""
    if key in changed:
        return f'{opening} data-piece="{escape(key)}" data-changed=""{rest}'
    return f'{opening} data-piece="{escape(key)}"{rest}'

"""The decisions of a round of Walking in Burano Roll & Write and their notation.

In the draft a player either flips a boat instead of placing it, for 2 coins (``flip``), or places it
beside a die (``boat red``) and uses the die by circling one symbol of the building of that colour
with a number (``circle R2.cat 3``; the number may differ from the die by paid steps). In the
invitation every player decides
in secret: invite a character under a building (``invite B red``; Florist, Fisherman and Painter also
name a floor, ``invite G green f2``) or take a coin (``coin``).

>>> str(parse_action("invite g green f2"))
'invite G green f2'
>>> parse_action("circle B1.plant2 4")
Circle(symbol='B1.plant2', value=4)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from laguna.core.errors import NotationError
from laguna.core.messages import msg, quoted
from laguna.core.notation import Notation, Words, alone, named, one_word
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.sheets import DieColour


@dataclass(frozen=True, slots=True)
class Boat:
    """Place a boat on the canal beside the die of `colour`."""

    colour: DieColour

    def __str__(self) -> str:
        return f"boat {self.colour.value}"


@dataclass(frozen=True, slots=True)
class Circle:
    """Use the die: circle `symbol` with the number `value` (the die's value, or changed for coins)."""

    symbol: str
    value: int

    def __str__(self) -> str:
        return f"circle {self.symbol} {self.value}"


@dataclass(frozen=True, slots=True)
class Flip:
    """Forfeit the placing: flip the boat and gain 2 coins."""

    def __str__(self) -> str:
        return "flip"


@dataclass(frozen=True, slots=True)
class Invite:
    """Invite `character` for 3 coins into the character space under the building of `building`."""

    character: Character
    building: DieColour
    floor: int | None = None

    def __str__(self) -> str:
        floor = f" f{self.floor}" if self.floor is not None else ""
        return f"invite {self.character.value} {self.building.value}{floor}"


@dataclass(frozen=True, slots=True)
class TakeCoin:
    """Forfeit the invitation and gain 1 coin."""

    def __str__(self) -> str:
        return "coin"


Action = Boat | Circle | Flip | Invite | TakeCoin

_FORMS = "boat <colour>, circle <symbol> <1-6>, flip, invite <A-J> <colour> [f<floor>], coin"
_COLOURS = {c.value: c for c in DieColour}


def _colour(name: str) -> DieColour:
    return named(
        _COLOURS, name, lambda name, names: msg("unknown colour {name} (colours: {colours})", name=name, colours=names)
    )


def _circle(words: Words) -> Action | None:
    if len(words.rest) != 2:
        return None
    symbol, value = words.written
    if not re.fullmatch(r"[1-6]", value):
        raise NotationError(msg("{text}: the number written must be 1–6", text=quoted(words.text)))
    return Circle(symbol, int(value))


def _invite(words: Words) -> Action | None:
    if len(words.rest) not in (2, 3):
        return None
    try:
        character = Character(words.written[0].upper())
    except ValueError:
        raise NotationError(msg("{text}: characters are the letters A–J", text=quoted(words.text))) from None
    floor = None
    if len(words.rest) == 3:
        match = re.fullmatch(r"f([1-3])", words.rest[2])
        if match is None:
            raise NotationError(msg("{text}: the designated floor is written f1, f2 or f3", text=quoted(words.text)))
        floor = int(match.group(1))
    return Invite(character, _colour(words.rest[1]), floor)


_NOTATION: Final = Notation[Action](
    {
        "flip": alone(Flip()),
        "coin": alone(TakeCoin()),
        "boat": one_word(lambda colour: Boat(_colour(colour))),
        "circle": _circle,
        "invite": _invite,
    },
    lambda text: msg("{text} is not a Roll & Write action (forms: {forms})", text=text, forms=_FORMS),
)


def parse_action(text: str) -> Action:
    """Parse the canonical notation (letters and colours in any case); `NotationError` names the problem."""
    return _NOTATION.parse(text)

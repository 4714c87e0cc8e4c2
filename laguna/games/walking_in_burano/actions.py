"""The decisions of a Walking in Burano turn and their notation.

A turn is: acquire floor cards (``take c3 f1-2``), place up to three of them one at a time
(``place R1a c3``) or stop (``done``), then one character per house completed this turn
(``visit c3 woman``), then return cards above the hand limit (``return R1a``). In the solo game the
player also removes a character at the end of each turn (``remove mayor``).

>>> parse_action("take c3 f1-2")
Take(column=3, low=1, high=2)
>>> str(parse_action("visit c2 santa-claus"))
'visit c2 santa-claus'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from laguna.core.errors import NotationError
from laguna.core.messages import msg, quoted
from laguna.core.notation import Notation, Reader, Words, alone, named
from laguna.games.walking_in_burano.characters import Character


@dataclass(frozen=True, slots=True)
class Take:
    """Acquire the cards of floors `low`..`high` of supply column `column` (1 = next to the decks)."""

    column: int
    low: int
    high: int

    @property
    def count(self) -> int:
        return self.high - self.low + 1

    def __str__(self) -> str:
        floors = f"f{self.low}" if self.low == self.high else f"f{self.low}-{self.high}"
        return f"take c{self.column} {floors}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place the floor card `card` from the hand in house `column`, on the floor printed on it."""

    card: str
    column: int

    def __str__(self) -> str:
        return f"place {self.card} c{self.column}"


@dataclass(frozen=True, slots=True)
class Done:
    """Stop placing floor cards this turn."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Visit:
    """Receive `character` under the house `column` completed this turn."""

    column: int
    character: Character

    def __str__(self) -> str:
        return f"visit c{self.column} {self.character.value}"


@dataclass(frozen=True, slots=True)
class Return:
    """Return `card` from the hand to the bottom of its deck (hand limit)."""

    card: str

    def __str__(self) -> str:
        return f"return {self.card}"


@dataclass(frozen=True, slots=True)
class RemoveCharacter:
    """Solo: put one remaining character card back into the box."""

    character: Character

    def __str__(self) -> str:
        return f"remove {self.character.value}"


Action = Take | Place | Done | Visit | Return | RemoveCharacter

_CARD = r"([A-Za-z0-9_.-]+)"
_COLUMN = r"c([0-9]{1,9})"
"""A column number: the digits 0–9 (``\\d`` matches other scripts' too), few enough for ``int()``."""
_CHARACTER = r"([a-z-]+)"
_FORMS = (
    "take c<column> f<floor>[-<floor>], place <card> c<column>, done, visit c<column> <character>, "
    "return <card>, remove <character>"
)
_CHARACTERS = {c.value: c for c in Character}


def _character(name: str) -> Character:
    return named(
        _CHARACTERS,
        name,
        lambda name, names: msg("unknown character {name} (characters: {names})", name=name, names=names),
    )


def _form(pattern: str, read: Callable[[Words, tuple[str, ...]], Action]) -> Reader[Action]:
    """The reader of the words after a verb that `pattern` matches, case and all; `read` gets the
    groups it found."""
    compiled = re.compile(pattern)

    def reader(words: Words) -> Action | None:
        match = compiled.fullmatch(" ".join(words.rest))
        return None if match is None else read(words, match.groups())

    return reader


def _take(words: Words, groups: tuple[str, ...]) -> Action:
    low, high = int(groups[1]), int(groups[2] or groups[1])
    if high < low:
        raise NotationError(msg("{text}: write the floors low to high, e.g. f1-2", text=quoted(words.text)))
    return Take(int(groups[0]), low, high)


_NOTATION: Final = Notation[Action](
    {
        "take": _form(rf"{_COLUMN} f([1-3])(?:-([1-3]))?", _take),
        "place": _form(rf"{_CARD} {_COLUMN}", lambda _, groups: Place(groups[0], int(groups[1]))),
        "done": alone(Done()),
        "visit": _form(rf"{_COLUMN} {_CHARACTER}", lambda _, groups: Visit(int(groups[0]), _character(groups[1]))),
        "return": _form(_CARD, lambda _, groups: Return(groups[0])),
        "remove": _form(_CHARACTER, lambda _, groups: RemoveCharacter(_character(groups[0]))),
    },
    lambda text: msg("{text} is not a Walking in Burano action (forms: {forms})", text=text, forms=_FORMS),
    any_case=False,
)


def parse_action(text: str) -> Action:
    """Parse the canonical notation; `NotationError` names the problem."""
    return _NOTATION.parse(text)

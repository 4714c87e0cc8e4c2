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
from dataclasses import dataclass

from laguna.core.errors import NotationError
from laguna.core.messages import msg, quoted
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
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"take {_COLUMN} f([1-3])(?:-([1-3]))?"), "take"),
    (re.compile(rf"place {_CARD} {_COLUMN}"), "place"),
    (re.compile(r"done"), "done"),
    (re.compile(rf"visit {_COLUMN} ([a-z-]+)"), "visit"),
    (re.compile(rf"return {_CARD}"), "return"),
    (re.compile(r"remove ([a-z-]+)"), "remove"),
]
_FORMS = (
    "take c<column> f<floor>[-<floor>], place <card> c<column>, done, visit c<column> <character>, "
    "return <card>, remove <character>"
)


def _character(name: str) -> Character:
    try:
        return Character(name)
    except ValueError:
        names = ", ".join(c.value for c in Character)
        raise NotationError(
            msg("unknown character {name} (characters: {names})", name=quoted(name), names=names)
        ) from None


def parse_action(text: str) -> Action:
    """Parse the canonical notation; `NotationError` names the problem."""
    words = " ".join(text.split())
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(words)
        if match is None:
            continue
        groups = match.groups()
        if kind == "take":
            low, high = int(groups[1]), int(groups[2] or groups[1])
            if high < low:
                raise NotationError(msg("{text}: write the floors low to high, e.g. f1-2", text=quoted(text)))
            return Take(int(groups[0]), low, high)
        if kind == "place":
            return Place(groups[0], int(groups[1]))
        if kind == "done":
            return Done()
        if kind == "visit":
            return Visit(int(groups[0]), _character(groups[1]))
        if kind == "return":
            return Return(groups[0])
        return RemoveCharacter(_character(groups[0]))
    raise NotationError(
        msg("{text} is not a Walking in Burano action (forms: {forms})", text=quoted(text), forms=_FORMS)
    )

"""Reading the action notation every game writes its decisions in (the "notation" of each game's
actions module): a verb, then the words its form asks for.

Each game keeps its own forms and messages; this module splits the text, finds the verb's reader in a
table built once at import, reads numbers and names, and refuses what fits no form with the game's own
message, which lists its forms.

>>> notation = Notation({"pass": alone("pass")}, lambda text: msg("{text} is no action", text=text))
>>> notation.parse(" PASS ")
'pass'
>>> notation.parse("pass 2")
Traceback (most recent call last):
laguna.core.errors.NotationError: 'pass 2' is no action
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from laguna.core.errors import NotationError
from laguna.core.messages import Message, msg, quoted

A = TypeVar("A")
T = TypeVar("T")


def read_number(text: str, most: int) -> int | None:
    """The whole number `text` writes in the digits 0–9, or None if it writes none or one above
    `most`. Notation reads numbers with it, not with ``int()``, which reads other scripts' digits,
    fails on some that ``isdigit()`` accepts (``²``) and refuses thousands of digits.

    >>> read_number("07", 18), read_number("19", 18), read_number("²", 18), read_number("1" * 5000, 18)
    (7, None, None, None)
    """
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(most)) or int(digits) > most:
        return None
    return int(digits)


def number(word: str, low: int, high: int, what: Message) -> int:
    """The number `word` writes, from `low` to `high`; `what` names it in the refusal ("an action space")."""
    found = read_number(word, high)
    if found is None or found < low:
        raise NotationError(
            msg("{word} is not {what} ({low}–{high})", word=quoted(word), what=what, low=low, high=high)
        )
    return found


def named(table: Mapping[str, T], word: str, unknown: Callable[[str, str], Message]) -> T:
    """What `word` names in `table`; else the game's message `unknown(word quoted, the names known)`."""
    try:
        return table[word]
    except KeyError:
        raise NotationError(unknown(quoted(word), ", ".join(table))) from None


@dataclass(frozen=True, slots=True)
class Words:
    """One action as written: the whole `text` (which refusals quote), its `verb`, and the words after
    it, as the notation reads them (`rest`: lower case where case does not matter) and as written."""

    text: str
    verb: str
    rest: list[str]
    written: list[str]


Reader = Callable[[Words], A | None]
"""Reads the words of one verb into an action, None when they fit none of its forms; raises
`NotationError` for a word a form cannot take."""


def alone(action: A) -> Reader[A]:
    """The reader of a verb written alone (``done``)."""
    return lambda words: None if words.rest else action


def one_word(read: Callable[[str], A]) -> Reader[A]:
    """The reader of a verb with one word after it (``pick m2``)."""
    return lambda words: read(words.rest[0]) if len(words.rest) == 1 else None


def two_words(read: Callable[[str, str], A]) -> Reader[A]:
    """The reader of a verb with two words after it (``build pink d2``)."""
    return lambda words: read(*words.rest) if len(words.rest) == 2 else None


class Notation(Generic[A]):
    """A game's notation: `readers` by verb; `unknown` builds the game's refusal of a text (given
    quoted) that fits no form, `empty` (if given) its refusal of an empty one. Verbs are read in any
    case unless `any_case` is false."""

    def __init__(
        self,
        readers: Mapping[str, Reader[A]],
        unknown: Callable[[str], Message],
        *,
        empty: Message | None = None,
        any_case: bool = True,
    ) -> None:
        self.readers = dict(readers)
        self.unknown = unknown
        self.empty = empty
        self.any_case = any_case

    def parse(self, text: str) -> A:
        """The action `text` writes; `NotationError` names the problem."""
        written = text.split()
        if not written and self.empty is not None:
            raise NotationError(self.empty)
        words = [w.lower() for w in written] if self.any_case else written
        reader = self.readers.get(words[0]) if words else None
        action = None if reader is None else reader(Words(text, words[0], words[1:], written[1:]))
        if action is None:
            raise NotationError(self.unknown(quoted(text)))
        return action

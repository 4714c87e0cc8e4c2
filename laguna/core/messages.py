"""Sentences for people, kept translatable.

The rules library writes what it tells a person (a line of the game log, why a decision is illegal,
the help of a rule option) as an English template with named fields. Whoever shows it (the browser
table, the command line) translates the template into the reader's language and fills the fields in;
the library itself has no catalogues and does no I/O. ``str()`` of a message is its English text.

>>> message = msg("{player} takes {gold}", player=Player(0), gold=msg_plural("{count} gold", "{count} gold", 3))
>>> str(message)
'Player 1 takes 3 gold'

The marks `msg`, `msg_plural` and `N_` are the keywords the catalogue extraction looks for, so every
template written with them reaches the translators.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


class Translator(Protocol):
    """What a message needs to be shown in a language: its catalogue and the names of the seats."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int) -> str: ...

    def player(self, seat: int) -> str: ...


class English:
    """The untranslated reading: templates as written, seats as "Player 1", "Player 2", …"""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    def player(self, seat: int) -> str:
        return f"Player {seat + 1}"


ENGLISH = English()


@dataclass(frozen=True, slots=True)
class Player:
    """A seat named in a message: shown as the player's name where names are known."""

    seat: int


@dataclass(frozen=True, slots=True)
class Message:
    """An English template with named fields (``{gold}``); `plural` and `count` choose among plural
    forms. A field holds a number or text shown as it is, a `Player`, another `Message` (a word or
    phrase translated in its turn) or a list or tuple of these (joined with commas)."""

    template: str
    fields: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    count: int = 0

    def render(self, translator: Translator = ENGLISH) -> str:
        """The message in `translator`'s language, its fields filled in."""
        if self.plural is None:
            template = translator.gettext(self.template)
        else:
            template = translator.ngettext(self.template, self.plural, self.count)
        values = {name: _render(value, translator) for name, value in self.fields.items()}
        if self.plural is not None:
            values.setdefault("count", str(self.count))
        return template.format_map(values)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        """The message as JSON data, for a view that carries text to be read (`from_json` reads it)."""
        data: dict[str, Any] = {"template": self.template, "fields": {k: _encode(v) for k, v in self.fields.items()}}
        if self.plural is not None:
            data["plural"], data["count"] = self.plural, self.count
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        fields = {name: _decode(value) for name, value in data.get("fields", {}).items()}
        return cls(data["template"], fields, data.get("plural"), data.get("count", 0))


def _encode(value: object) -> Any:
    if isinstance(value, Message):
        return {"message": value.to_json()}
    if isinstance(value, Player):
        return {"player": value.seat}
    if isinstance(value, list | tuple):
        return [_encode(item) for item in value]
    return value


def _decode(value: Any) -> object:
    if isinstance(value, dict) and "message" in value:
        return Message.from_json(value["message"])
    if isinstance(value, dict) and "player" in value:
        return Player(value["player"])
    if isinstance(value, list):
        return [_decode(item) for item in value]
    return value


def _render(value: object, translator: Translator) -> str:
    if isinstance(value, Message):
        return value.render(translator)
    if isinstance(value, Player):
        return translator.player(value.seat)
    if isinstance(value, list | tuple):
        return ", ".join(_render(item, translator) for item in value)
    return str(value)


def msg(template: str, /, **fields: object) -> Message:
    """A translatable message; `template` must be a literal for the catalogues to find it."""
    return Message(template, fields)


def msg_plural(singular: str, plural: str, count: int, /, **fields: object) -> Message:
    """A translatable message with plural forms chosen by `count` (also the field ``{count}``)."""
    return Message(singular, fields, plural, count)


EXCERPT = 40
"""The most characters of a person's text that a message repeats."""


def excerpt(text: str) -> str:
    """Text a person wrote (notation, a record's field), as a message repeats it: whole when short,
    else its first characters and an ellipsis, so that no input of any length is echoed whole. Such
    text is always a field of a message, never its template.

    >>> excerpt("sail {x}"), excerpt("x" * 100_000)
    ('sail {x}', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…')
    """
    return text if len(text) <= EXCERPT else text[:EXCERPT] + "…"


def quoted(value: object) -> str:
    """A person's text in quotes, as a refusal names what it refuses; any other value by its `repr`;
    either cut like `excerpt`.

    >>> print(quoted("sail {x}"), quoted(3))
    'sail {x}' 3
    """
    if isinstance(value, str):
        return repr(excerpt(value))
    if isinstance(value, int) and value.bit_length() > 4 * EXCERPT:
        # Too long to show whole, and past a few thousand digits Python will not even write it.
        return f"<{'-' if value < 0 else ''}{math.floor(value.bit_length() * math.log10(2)) + 1} digits>"
    try:
        return excerpt(repr(value))
    except (RecursionError, ValueError):
        return f"<{type(value).__name__}>"


def N_(text: str) -> str:  # noqa: N802 (the name gettext's tools look for)
    """Mark a literal for the catalogues where it is written (an option's help, a word kept in a
    table); it is translated where it is shown."""
    return text


def render(text: Message | str, translator: Translator = ENGLISH) -> str:
    """`text` for a reader: a message translated, a plain string (written before it was marked, or
    text from outside, such as a player's name) as it is."""
    return text.render(translator) if isinstance(text, Message) else text

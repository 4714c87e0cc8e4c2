"""Translations of everything a player reads: gettext catalogues (``laguna/locale/<language>/
LC_MESSAGES/laguna.po``, kept with Babel) chosen per request or per command.

The language in force is a context variable, so each request of the browser table (and the threads
it hands work to) speaks its own player's language; English, the language the strings are written
in, needs no catalogue.

>>> with language("ru"):
...     gettext("Your hand")
'Ваша рука'
"""

from __future__ import annotations

import contextlib
import functools
import gettext as stdlib_gettext
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from laguna.core.messages import N_, Message, render

__all__ = [
    "LANGUAGES",
    "N_",
    "Reading",
    "current",
    "gettext",
    "language",
    "negotiate",
    "ngettext",
    "translate",
    "view_text",
]

LOCALE = Path(__file__).with_name("locale")
DOMAIN = "laguna"
LANGUAGES = {"en": "English", "ru": "Русский"}
"""The languages of the table, by code, each named in itself (as a language switch shows them)."""
DEFAULT = "en"

_language: ContextVar[str] = ContextVar("laguna_language", default=DEFAULT)


@functools.cache
def translations(code: str) -> stdlib_gettext.NullTranslations:
    """The catalogue of `code`, compiled from its ``.po`` file once per process (none for English)."""
    if code == DEFAULT:
        return stdlib_gettext.NullTranslations()
    with open(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as source:
        catalog = read_po(source, locale=code, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(fp=compiled, domain=DOMAIN)


def current() -> str:
    """The code of the language in force."""
    return _language.get()


@contextlib.contextmanager
def language(code: str) -> Iterator[None]:
    """Speak `code` (a key of `LANGUAGES`) inside the block."""
    if code not in LANGUAGES:
        raise ValueError(f"{code!r} is not a language of Laguna ({', '.join(LANGUAGES)})")
    token = _language.set(code)
    try:
        yield
    finally:
        _language.reset(token)


def gettext(message: str) -> str:
    return translations(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    return translations(_language.get()).ngettext(singular, plural, number)


class Reading:
    """The language in force, with the names of a table's seats (`laguna.core.messages.Translator`)."""

    def __init__(self, names: Sequence[str] | None) -> None:
        self.names = names

    def gettext(self, message: str) -> str:
        return gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return ngettext(singular, plural, count)

    def player(self, seat: int) -> str:
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return gettext("Player {number}").format(number=seat + 1)


def translate(text: Message | str, names: Sequence[str] | None = None) -> str:
    """`text` (a message of the rules library, or plain text) in the language in force, seats called
    by `names` where given.

    >>> from laguna.core.messages import Player, msg
    >>> translate(msg("{player} passes", player=Player(1)), ["Ada", "Bob"])
    'Bob passes'
    """
    return render(text, Reading(names))


def view_text(value: object, names: Sequence[str] | None = None) -> str:
    """Text a view carries for a person, in the language in force: a message (as
    `Message.to_json` wrote it), or a word the rules mark for the catalogues."""
    if isinstance(value, Mapping) and "template" in value:
        return translate(Message.from_json(value), names)
    text = str(value)
    return gettext(text) if text else text


def negotiate(accept_language: str | None) -> str:
    """The language a browser prefers among ours, by its Accept-Language header (English if none)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, parameters = part.strip().partition(";")
        quality = 1.0
        if parameters.strip().startswith("q="):
            try:
                quality = float(parameters.strip()[2:])
            except ValueError:
                quality = 0.0
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and quality > 0:
            ranked.append((-quality, index, code))
    return min(ranked)[2] if ranked else DEFAULT

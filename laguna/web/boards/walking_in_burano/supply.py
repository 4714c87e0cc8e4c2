"""The floor supply and the character piles of Walking in Burano's web board (rulebook: Setup, Taking
Floor Cards, Visiting Characters): the three decks, their rows of floor cards, and the piles.
"""

from __future__ import annotations

import functools
from typing import Any

from markupsafe import Markup, escape

from laguna import i18n
from laguna.web.boards.walking_in_burano.decisions import (
    label,
)
from laguna.web.boards.walking_in_burano.drawing import (
    Glows,
    _back,
    _card,
    _card_id,
    _character,
    _mark,
    _said,
    _token,
)


@functools.lru_cache(maxsize=128)
def _deck(shows: tuple[int, int], glows: Glows, language: str) -> Markup:
    """A deck of the supply: its back (its floor) and how many cards are left."""
    floor, count = shows
    del language  # a key of the cache only: the words are in the language in force
    words = i18n.gettext("floor %(floor)s: %(count)s") % {"floor": floor, "count": count}
    return Markup(
        f'<div class="deck{"" if count else " empty"}" role="img" {_mark(f"deck-f{floor}", glows[0])}'
        f' aria-label="{_said(i18n.gettext("Decks"))}: {escape(words)}">{_back(floor, count) if count else ""}</div>'
    )


@functools.lru_cache(maxsize=1024)
def _slot(shows: tuple[int, int, tuple[Any, ...] | None], glows: Glows, language: str) -> Markup:
    """A space of the supply (column and floor): its card (the key of its face), or empty."""
    column, floor, face = shows
    column_word = i18n.gettext("column %(number)s") % {"number": column}
    where = f"{column_word}, {i18n.gettext('floor')} {floor}"
    mark = _mark(f"supply-c{column}-f{floor}", glows[0])
    if face is None:
        words = escape(f"{where}: {i18n.gettext('empty')}")
        return Markup(f'<div class="slot empty" role="img" {mark} aria-label="{words}"></div>')
    drawn = _card(face, language)
    words = escape(f"{where}: {drawn.words}")
    return Markup(f'<div class="slot" role="img" {mark}{_card_id(drawn.id)} aria-label="{words}">{drawn.svg}</div>')


@functools.lru_cache(maxsize=512)
def _pile(shows: tuple[str, int, str | None], glows: Glows, language: str) -> Markup:
    """A character pile: its token, how many cards are left, the visit or removal it offers."""
    name, count, action = shows
    del language  # a key of the cache only
    title = _character(name)
    left = i18n.ngettext("%(character)s: %(num)s card left", "%(character)s: %(num)s cards left", count)
    words = escape(left % {"character": title, "num": count})
    mark = _mark(f"pile-{name}", glows[0])
    if action:
        opening = (
            f'<button type="button" class="act pile" data-action="{escape(action)}" {mark}'
            f' aria-label="{escape(label(action))} — {words}">'
        )
    else:
        opening = f'<div class="pile{"" if count else " gone"}" role="img" {mark} aria-label="{words}">'
    return Markup(
        f'{opening}{_token(name)}<span class="name">{escape(title)}</span><span class="count">×{escape(count)}</span>'
        f"{'</button>' if action else '</div>'}"
    )

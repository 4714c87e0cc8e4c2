"""The decisions of a seat on Walking in Burano's web board: each action's notation read, its label, and
where it sits (a take under its supply column, a placement on the space it builds after picking the card
in hand, a visit or a removal on a character pile, a return on the card in hand).
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Sequence

from markupsafe import Markup, escape

from laguna import i18n
from laguna.games.walking_in_burano.position import TAKE_COINS, Phase
from laguna.web.boards.walking_in_burano.drawing import (
    _character,
    _take_glyph,
)

_TAKE = re.compile(r"take c(\d+) f(\d)(?:-(\d))?")
_PLACE = re.compile(r"place (\S+) c(\d+)")
_VISIT = re.compile(r"visit c(\d+) (\S+)")
_RETURN = re.compile(r"return (\S+)")
_REMOVE = re.compile(r"remove (\S+)")
_CHARACTER_LINE = re.compile(r"A\. (?P<character>.+) \(house (?P<house>\d+)\)")


def _phase(value: object) -> str:
    """A phase of the turn as a person reads it."""
    try:
        return i18n.gettext(Phase(value).title)
    except ValueError:
        return str(value)


def _take_words(column: int, low: int, high: int) -> str:
    """A take as its button and the list name it: the column and the floors it takes."""
    if low == high:
        take = i18n.gettext("take floor %(floor)s") % {"floor": low}
    else:
        take = i18n.gettext("take floors %(low)s–%(high)s") % {"low": low, "high": high}
    return f"{i18n.gettext('column %(number)s') % {'number': column}}: {take}"


def _house_words(column: int) -> str:
    return i18n.gettext("house %(number)s") % {"number": column}


def label(action: str) -> str:
    """A decision as the list beside the board names it: where it happens on the board, then what the
    button there says."""
    if m := _TAKE.fullmatch(action):
        return _take_words(int(m.group(1)), int(m.group(2)), int(m.group(3) or m.group(2)))
    if m := _PLACE.fullmatch(action):
        here = i18n.gettext("place %(card)s here") % {"card": m.group(1)}
        return f"{_house_words(int(m.group(2)))}: {here}"
    if m := _VISIT.fullmatch(action):
        visits = i18n.gettext("%(character)s visits") % {"character": _character(m.group(2))}
        return f"{_house_words(int(m.group(1)))}: {visits}"
    if m := _RETURN.fullmatch(action):
        card_id = m.group(1)
        back = i18n.gettext("return %(card)s") % {"card": card_id}
        return f"{back} ({i18n.gettext('floor')} {card_id[1:2]})"  # to the bottom of that floor's deck
    if m := _REMOVE.fullmatch(action):
        return f"{_character(m.group(1))}: {i18n.gettext('remove')}"
    if action == "done":
        return i18n.gettext("done placing")
    return action


@functools.lru_cache(maxsize=512)
def _take(action: str, column: int, low: int, high: int, language: str) -> Markup:
    """A take's button under its supply column, in `language` (the one in force)."""
    del language  # a key of the cache only
    words = escape(_take_words(column, low, high))
    glyph = _take_glyph(low, high, TAKE_COINS.get(high - low + 1, 0))
    return Markup(
        f'<button type="button" class="act take" data-action="{escape(action)}" aria-label="{words}"'
        f' title="{words}">{glyph}</button>'
    )


class _Decisions:
    """The seat's legal decisions sorted by where they go on the board."""

    def __init__(self, actions: Sequence[str]) -> None:
        language = i18n.current()
        self.takes: dict[int, list[Markup]] = defaultdict(list)
        """Supply column → its take buttons."""
        self.places: dict[int, list[tuple[str, str]]] = defaultdict(list)
        """House → (decision, card picked)."""
        self.characters: dict[str, str] = {}
        """Character → its visit or removal."""
        self.visiting: int | None = None
        self.returns: dict[str, str] = {}
        self.placeable: set[str] = set()
        self.done: str | None = None
        for action in actions:
            if m := _TAKE.fullmatch(action):
                column, low = int(m.group(1)), int(m.group(2))
                self.takes[column].append(_take(action, column, low, int(m.group(3) or low), language))
            elif m := _PLACE.fullmatch(action):
                self.places[int(m.group(2))].append((action, m.group(1)))
                self.placeable.add(m.group(1))
            elif m := _VISIT.fullmatch(action):
                self.visiting = int(m.group(1))
                self.characters[m.group(2)] = action
            elif m := _REMOVE.fullmatch(action):
                self.characters[m.group(1)] = action
            elif m := _RETURN.fullmatch(action):
                self.returns[m.group(1)] = action
            elif action == "done":
                self.done = action

"""Words a terminal board takes from a view (a phase, a colour, a card's title) shown in the
language in force, through the board's table of marked words."""

from __future__ import annotations

from collections.abc import Mapping

from laguna.i18n import gettext


def word(table: Mapping[str, str], value: object) -> str:
    """`value` in the language in force when `table` knows it, as it is otherwise (a title from
    another component file, say)."""
    text = str(value)
    return gettext(table[text]) if text in table else text

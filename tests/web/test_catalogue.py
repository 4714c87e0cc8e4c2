"""The extractor of `make messages` finds marked calls wherever they are written, f-strings included:
a word marked but never extracted would show in English to every reader (that the template is up to
date with the code is tested in test_i18n.py)."""

from __future__ import annotations

import io

from babel.messages.extract import DEFAULT_KEYWORDS, extract

from laguna.catalogue import extract as extract_tree

KEYWORDS = DEFAULT_KEYWORDS | {"msg": None, "msg_plural": (1, 2), "_said": None}
"""The keywords `make messages` gives (the Makefile's ``-k``)."""


def test_marked_calls_are_found_inside_f_strings_and_attributes() -> None:
    code = b"""
label = f"{_('Sold:')} {escape(i18n.gettext('none'))}"
count = ngettext("%(num)s coin", "%(num)s coins", n)
told = msg("{player} sails", player=p)
shown = _(computed)
other = print("not marked")
"""
    found = {message for _, message, _, _ in extract(extract_tree, io.BytesIO(code), KEYWORDS)}
    assert found == {"Sold:", "none", ("%(num)s coin", "%(num)s coins"), "{player} sails"}

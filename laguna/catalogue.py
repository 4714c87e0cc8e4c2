"""How `make messages` finds the words a player reads in the Python code: Babel's own extractor reads
tokens, and on Python 3.11 a call inside an f-string is one string token to it, so a marked message
written there (``f"{_('Sold:')} …"``) would never reach the catalogues. This one reads the syntax
tree, where every call is a call. Named in ``babel.cfg``; used only by the extraction, never at run
time."""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from typing import IO, Any

Found = tuple[int, str, str | tuple[str | None, ...] | None, list[str]]
"""What Babel takes from an extractor: the line, the function, its arguments (the strings written out,
None for the others: Babel picks the messages by the keyword's places) and translators' comments."""


def extract(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Any
) -> Iterator[Found]:
    """Every call of a keyword function (``_``, ``gettext``, ``ngettext``, ``N_``, ``msg`` …), named
    alone or as an attribute such as ``i18n.gettext``, wherever it is written, f-strings included."""
    del comment_tags, options
    for node in ast.walk(ast.parse(fileobj.read())):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        function = node.func
        name = function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")
        if name not in keywords:
            continue
        written = tuple(
            a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args
        )
        yield node.lineno, name, written[0] if len(written) == 1 else written, []

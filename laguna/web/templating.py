"""The one Jinja environment of the browser table: pages and boards are compiled templates with
autoescaping, so a board is drawn as fast as a page, and every string passes through the gettext of
the language in force (`laguna.i18n`)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from laguna import i18n

TEMPLATE_DIR = Path(__file__).with_name("templates")

ENVIRONMENT = Environment(
    loader=FileSystemLoader(TEMPLATE_DIR),
    autoescape=select_autoescape(default=True),
    extensions=["jinja2.ext.i18n"],
    auto_reload=False,
)
ENVIRONMENT.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True)  # type: ignore[attr-defined]
ENVIRONMENT.globals |= {"current_language": i18n.current, "languages": i18n.LANGUAGES}
ENVIRONMENT.filters["tr"] = i18n.view_text
"""``{{ word | tr }}``: a word a view carries (a phase, a colour, a fish) in the reader's language."""

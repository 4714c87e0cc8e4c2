"""The record sheet of a player on the web board of Walking in Burano Roll & Write (rulebook: The Record
Sheet): the coins circled, crossed out and filled in.
"""

from __future__ import annotations

import functools

from markupsafe import Markup

from laguna import i18n


@functools.lru_cache(maxsize=1024)
def _track(track: int, gained: int, spent: int, filled: int) -> Markup:
    """The record sheet's coin spaces in rows of 20: printed coins, the gained ones circled, the spent
    ones crossed out, and (solo) the filled-in ones from the far end."""
    marks = ["spent"] * min(spent, track) + ["coin"] * max(0, min(gained, track) - spent)
    marks += ["open"] * max(0, track - len(marks) - filled)
    marks += ["filled"] * (track - len(marks))
    rows = (track + 19) // 20
    drawn = [f'<svg class="track" viewBox="0 0 320 {16 * rows}" aria-hidden="true">']
    drawn += [
        f'<rect y="{16 * row}" width="{16 * min(20, track - 20 * row)}" height="16" fill="url(#rw-coins)"/>'
        for row in range(rows)
    ]
    drawn += [
        f'<use href="#rw-c-{mark}" x="{16 * (n % 20)}" y="{16 * (n // 20)}"/>'
        for n, mark in enumerate(marks)
        if mark != "open"
    ]
    return Markup("".join(drawn) + "</svg>")


def _record_words(coins: int, gained: int, spent: int, filled: int, solo: bool) -> str:
    words = i18n.ngettext("Record sheet: %(num)s coin", "Record sheet: %(num)s coins", coins) % {"num": coins}
    words += " (" + i18n.gettext("gained %(gained)s, spent %(spent)s") % {"gained": gained, "spent": spent}
    if solo:
        words += ", " + i18n.gettext("filled in %(filled)s") % {"filled": filled}
    return words + ")"

"""The dice stand of the web board of Walking in Burano Roll & Write (rulebook: Roll the Dice, Drop a
Boat): its six dice, the canal where the boats lie beside them, and the players' boats, every boat
showing its player's number.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from typing import Any, Final

from markupsafe import Markup, escape

from laguna import i18n
from laguna.web.boards.burano_roll_and_write.decisions import (
    _colour_mark,
    _Decisions,
    _die_name,
    _marked,
    label,
)

_CANAL_SLOTS: Final = ((4, 104), (52, 104), (4, 150), (52, 150))
"""Where the boats lie beside a die on the canal (in a die's column of the stand), in placing order."""


def _decision(view: dict[str, Any]) -> str | None:
    """The viewer's own secret invitation decision, in words, once made."""
    mine = next((s for s in view.get("seats", []) if s["seat"] == view.get("viewer")), None)
    decision = mine.get("decision") if mine else None
    return label(str(decision)) if decision else None


def _dice(view: dict[str, Any], decisions: _Decisions, die: str | None, viewer: int | None) -> list[dict[str, Any]]:
    """The dice on their stand, each with the boats beside it on the canal (the spectator's first, it
    was there before the round) and the place for the viewer's boat."""
    canal: dict[str, Any] = view.get("canal") or {}
    spectators = set(view.get("spectators") or [])
    dice = []
    for column, (colour, value) in enumerate((view.get("dice") or {}).items()):
        boats: list[dict[str, Any]] = []
        if colour in spectators:
            boats.append({"key": f"canal-{colour}-spectator", "seat": None})
        boats += [
            {"key": f"canal-{colour}-{number}", "seat": seat}
            for number, seat in enumerate(canal.get(colour, []), start=len(boats) + 1)
        ]
        for token, (x, y) in zip(boats, _CANAL_SLOTS, strict=False):
            token["boat"] = boat(token["seat"], x, y)
        action = decisions.boats.get(colour)
        dice.append(
            {
                "colour": colour,
                "drawn": _die(i18n.current(), column, colour, value, colour == die),
                "name": _die_name(colour),
                "boats": boats,
                "boat": action,
                "ghost": boat(viewer, *_CANAL_SLOTS[min(len(boats), len(_CANAL_SLOTS) - 1)]) if action else None,
            }
        )
    return dice


@functools.lru_cache(maxsize=1024)
def _die(language: str, column: int, colour: str, value: object, in_use: bool) -> tuple[str, str, str]:
    """A die on its stand (in its column), as a piece: its key, the opening of its element (after the
    column's), and the rest after its key."""
    del language  # a key of the cache: the words are in the language in force
    letter, mark = _colour_mark(colour)
    tag = f"{escape(letter)} {escape(mark)}"
    opening = f'\n<g transform="translate({column * 100} 0)" class="d-{escape(colour)}">\n<g class="die'
    opening += ' in-use"' if in_use else '"'
    words = f"{escape(_die_name(colour))} ({tag}): {escape(value)}"
    if in_use:
        words += f", {i18n.gettext('in use')}"
    drawn = f"><title>{words}</title>"
    if in_use:
        drawn += '<rect x="15" y="5" width="70" height="66" rx="14" class="in-use-ring"/>'
    drawn += '\n<use href="#rw-die" x="22" y="10" width="56" height="56"/>'
    if value:
        drawn += f'<use href="#rw-pips-{escape(value)}" x="22" y="10" width="56" height="56" class="pips"/>'
    drawn += f'\n<text x="50" y="86" class="die-tag">{tag}</text></g>'
    return f"die-{colour}", opening, drawn


class _Stand:
    """The dice on their stand with the boats beside them on the canal and the places for the viewer's
    boat, written as the template would; called with the seats' names and the keys to highlight."""

    __slots__ = ("dice",)

    def __init__(self, dice: list[dict[str, Any]]) -> None:
        self.dice = dice

    def __call__(self, seat_name: Callable[[int], str], changed: Collection[str]) -> Markup:
        drawn: list[str] = []
        for die in self.dice:
            key, opening, rest = die["drawn"]
            drawn.append(_marked(opening, key, rest, changed))
            for token in die["boats"]:
                if token["seat"] is None:
                    words = Markup(i18n.gettext("The spectator's boat: a boat beside it costs a coin"))
                else:
                    words = Markup(i18n.gettext("Boat of %(seat)s beside %(die)s")) % {
                        "seat": seat_name(token["seat"]),
                        "die": die["name"],
                    }
                drawn.append(_marked("\n<g", token["key"], f"><title>{words}</title>{token['boat']}</g>", changed))
            if die["boat"]:
                words = Markup(i18n.gettext("Place a boat beside %(die)s")) % {"die": die["name"]}
                drawn.append(
                    f'\n<g class="act place-boat" data-action="{escape(die["boat"])}" role="button" tabindex="0"'
                    f' aria-label="{words}"><rect x="3" y="99" width="94" height="98" rx="8" class="hit"/>'
                    f'<g class="ghost">{die["ghost"]}</g></g>'
                )
            drawn.append("\n</g>")
        return Markup("".join(drawn))


@functools.lru_cache(maxsize=256)
def boat(seat: int | None, x: int = 0, y: int = 0) -> Markup:
    """A boat token in its player's colour with the player's number on its sail (the spectator's: grey,
    dashed, no number), 44 × 38 with its top left corner at (`x`, `y`)."""
    if seat is None:
        return Markup('<use href="#rw-boat" x="{}" y="{}" width="44" height="38" class="spectator"/>').format(x, y)
    return Markup(
        '<use href="#rw-boat" x="{0}" y="{1}" width="44" height="38" class="b{2}"/>'
        '<text x="{3}" y="{4}" class="sail">{5}</text>'
    ).format(x, y, seat, x + 31, y + 20, seat + 1)


@functools.lru_cache(maxsize=256)
def _boats(seat: int, boats: tuple[str, ...], flipped: int) -> Markup:
    """A player's two boat tokens this round, side by side: placed beside a die (faded, the die's letter
    on it), flipped (upside down), or at hand."""
    drawn = Markup("")
    for place, colour in enumerate(boats):
        drawn += Markup('<g class="placed">{}</g><text x="{}" y="22" class="on-die">{}</text>').format(
            boat(seat, 48 * place, 1), 48 * place + 12, _colour_mark(colour)[0]
        )
    for place in range(len(boats), min(2, len(boats) + flipped)):
        drawn += Markup('<g transform="rotate(180 {} 20)">{}</g>').format(48 * place + 22, boat(seat, 48 * place, 1))
    for place in range(len(boats) + flipped, 2):
        drawn += boat(seat, 48 * place, 1)
    return drawn


def _boats_words(boats: tuple[str, ...], flipped: int) -> str:
    parts = [i18n.gettext("beside %(die)s") % {"die": _die_name(colour)} for colour in boats]
    if flipped:
        parts.append(i18n.ngettext("%(num)s flipped", "%(num)s flipped", flipped) % {"num": flipped})
    at_hand = max(0, 2 - len(boats) - flipped)
    if at_hand:
        parts.append(i18n.ngettext("%(num)s at hand", "%(num)s at hand", at_hand) % {"num": at_hand})
    return i18n.gettext("Boats: %(boats)s") % {"boats": ", ".join(parts)}

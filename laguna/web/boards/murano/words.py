"""The words of Murano's web board in the reader's language: the player colours with their two letters
(Or, Gy, Br, Wh), the shop and customer colours with their capital, the tile stacks, the building
tiles, the island spaces and the gondolas, so that no colour shows by colour alone.
"""

from __future__ import annotations

import functools

from markupsafe import Markup

from laguna import i18n
from laguna.games.murano.loader import load_components
from laguna.games.murano.marks import DECK_NAMES, TILE_STACK_NAMES, player_mark
from laguna.i18n import N_

STACK_NAMES: dict[str, str] = {**TILE_STACK_NAMES, **DECK_NAMES}


COLOUR_NAMES: dict[str, str] = {
    "red": N_("red"),
    "blue": N_("blue"),
    "grey": N_("grey"),
    "green": N_("green"),
    "orange": N_("orange"),
    "brown": N_("brown"),
    "white": N_("white"),
}


def capital(colour: str) -> str:
    """A customer, shop or bead colour's capital, which doubles its colour on the board."""
    return colour[:1].upper() or "?"


def _said(message: str) -> Markup:
    """A word as the template says it (`_()`): its translation trusted, and read as a format."""
    return Markup(i18n.gettext(message)) % {}


@functools.cache
def _names() -> tuple[dict[int, str], dict[str, str], dict[str, str]]:
    """The action of each space, the names of the islands and the titles of the special building
    cards, from the packaged components (a decision's notation names them by number or id)."""
    components = load_components()
    actions = {space.number: space.action.value for space in components.action_spaces}
    islands = {island.id: island.name for side in components.sides.values() for island in side.islands}
    titles = {card.id: card.title for card in components.special_cards}
    return actions, islands, titles


def tile_name(tile: str) -> str:
    """A building tile by its notation, in words."""
    kind, _, detail = tile.partition("-")
    if kind == "factory":
        return i18n.gettext("glass factory")
    if kind == "special":
        return i18n.gettext("special building")
    if kind == "shop":
        return i18n.gettext("%(colour)s shop") % {"colour": i18n.gettext(detail)}
    if kind == "palace" and detail.isdigit():
        return i18n.ngettext("palace with %(num)s crest", "palace with %(num)s crests", int(detail)) % {
            "num": int(detail)
        }
    return tile


def _space_words(space: str) -> str:
    """An island space (donato.4) in words: its island and number."""
    island, _, number = space.partition(".")
    return i18n.gettext("%(island)s, space %(number)s") % {"island": _names()[1].get(island, island), "number": number}


def colour_words(colour: str) -> str:
    """A player colour with its letters, as the board writes it."""
    return f"{i18n.gettext(colour)} ({player_mark(colour)})"


@functools.lru_cache(maxsize=1024)
def _cell_words(
    language: str,
    island: str,
    number: str,
    street: bool,
    tile: tuple[str, str | None, str | None, int, tuple[str, ...]],
) -> str:
    """An island space in words, in `language` (the one in force, a key of the cache)."""
    if not tile[0]:
        shown = i18n.gettext("paved space") if street else i18n.gettext("building space")
    else:
        shown = tile_words(*tile)
    return f"{island} {number}: {shown}"


def tile_words(
    kind: str, colour: str | None = None, owner: str | None = None, crests: int = 0, customers: tuple[str, ...] = ()
) -> str:
    """A tile in words."""
    if kind == "street":
        people = ", ".join(i18n.gettext("%(colour)s customer") % {"colour": i18n.gettext(c)} for c in customers)
        return i18n.gettext("street tile: %(customers)s") % {"customers": people or i18n.gettext("no customer")}
    if kind == "palace":
        return i18n.ngettext("palace with %(num)s crest", "palace with %(num)s crests", crests) % {"num": crests}
    if kind == "shop":
        shown = i18n.gettext("%(colour)s shop") % {"colour": i18n.gettext(colour or "")}
    elif kind == "factory":
        shown = i18n.gettext("glass factory")
    elif kind == "special":
        shown = i18n.gettext("special building")
    else:
        shown = i18n.gettext("a tile face down")
    if owner:
        shown = i18n.gettext("%(tile)s of %(player)s") % {"tile": shown, "player": colour_words(owner)}
    return shown


@functools.lru_cache(maxsize=256)
def _gondola_words(language: str, colour: str, seat: str | None, scored: bool) -> str:
    """A gondola in words, in `language` (the one in force, a key of the cache)."""
    gondola = i18n.gettext("%(colour)s gondola") % {"colour": colour_words(colour)}
    if seat is None:
        return i18n.gettext("%(gondola)s: free") % {"gondola": gondola}
    if scored:
        return i18n.gettext("%(gondola)s: gondolier of %(player)s, scored") % {
            "gondola": gondola,
            "player": colour_words(seat),
        }
    return i18n.gettext("%(gondola)s: gondolier of %(player)s") % {"gondola": gondola, "player": colour_words(seat)}

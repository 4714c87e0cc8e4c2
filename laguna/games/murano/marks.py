"""What Murano's boards write for the view's player colours and stacks, the same at the terminal and in
the browser: a player colour's two letters (Or, Gy, Br, Wh), so that no player shows by colour alone,
and the building tile stacks (whose emptying ends the game) and the card decks by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from laguna.i18n import N_

PLAYER_MARKS: Final[Mapping[str, str]] = {"orange": "Or", "grey": "Gy", "brown": "Br", "white": "Wh"}

TILE_STACK_NAMES: Final[Mapping[str, str]] = {
    "streets": N_("streets"),
    "shops": N_("shops"),
    "palaces": N_("palaces"),
    "factories": N_("glass factories"),
    "specials": N_("special buildings"),
}
"""The tile stacks whose running out ends the game, as the view names them and as the boards write them."""

DECK_NAMES: Final[Mapping[str, str]] = {
    "characters": N_("character cards"),
    "special_cards": N_("special building cards"),
}


def player_mark(colour: str) -> str:
    """``Or``: a player colour's two letters (a colour not in the box: its first two, titled)."""
    return PLAYER_MARKS.get(colour, colour[:2].title() or "?")

"""The loader of Murano's component data: ``data/components.toml``, or a file of the same schema.

The rules page states the counts of the box (Components), how often each action is on the board (The
Actions), and describes every character card type and special building (The Character Cards, the
Special Building Card Index), but it does not show the board. So the packaged file reconstructs the
island maps, the order of the action spaces, the street customers, the palace crests and the exact mix
of the 40 character cards, each item with its provenance. A player who knows the printed data can load
their own file instead. That is why the loader is strict: every stated count and every fact the rules
lean on is checked for any file, and every problem is one `CardDataError` line naming the file and the
item at fault, so a bad file is refused at once instead of turning up later as an unplayable board or
a wrong score.

Each kind of component is a model (`laguna.games.murano.board_data`, `tile_data`, `card_data`) checked
with the whole file (`laguna.core.data_model.validate`); the checks across kinds follow here.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar

from laguna.core.component_data import PACKAGED, read_toml
from laguna.core.data_model import DataModel, ItemName, validate
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, msg
from laguna.games.murano.board_data import ActionRingData, IslandData, SideData, check_islands, check_sides
from laguna.games.murano.card_data import (
    CharacterData,
    SpecialCardData,
    check_characters,
    check_removed_characters,
    check_special_cards,
)
from laguna.games.murano.components import Components, Removals, StreetTile
from laguna.games.murano.tile_data import (
    BeadsData,
    FactoriesData,
    MarkersData,
    PalacesData,
    RemovalsData,
    ShopsData,
    SpecialBuildingsData,
    StreetsData,
    check_removed_streets,
)


class ComponentFile(DataModel):
    """The whole file: the board, the tiles, beads and markers, the removals and the cards."""

    item_names: ClassVar = {
        "side": ItemName("side", "name"),
        "island": ItemName("island", "id"),
        "character": ItemName("character", "id"),
        "special_card": ItemName("special card", "id"),
    }

    side: list[SideData]
    island: list[IslandData]
    action_ring: ActionRingData
    streets: StreetsData
    shops: ShopsData
    palaces: PalacesData
    factories: FactoriesData
    special_buildings: SpecialBuildingsData
    beads: BeadsData
    markers: MarkersData
    removals: RemovalsData
    character: list[CharacterData]
    special_card: list[SpecialCardData]


def load_components(source: str = PACKAGED) -> Components:
    """Load and validate Murano's components: the packaged reconstruction, or a TOML file at `source`.

    Results are cached by source: the components are immutable.

    >>> components = load_components()
    >>> len(components.action_spaces), len(components.characters), len(components.side(3).islands)
    (18, 40, 5)
    """
    return _load_cached(source)


@functools.lru_cache(maxsize=16)
def _load_cached(source: str) -> Components:
    """The cached body of `load_components`, keyed on the source alone so a default argument hits too."""
    label, data = read_toml("laguna.games.murano", "components.toml", source, "component file")
    document = validate(ComponentFile, data, label)
    streets = document.streets.streets()
    removals = document.removals.removals()
    check_removed_streets(removals, streets, f"{label}: [removals]")
    islands = check_islands(document.island, label)
    sides = check_sides(document.side, islands, _in_play(document, streets, removals), label)
    characters = check_characters(document.character, islands, label)
    check_removed_characters(removals, characters, sides, label)
    special_cards = check_special_cards(document.special_card, label)
    shops, palaces = document.shops.shops(), document.palaces.palaces()
    _check_ids_across(
        {
            N_("street tile"): streets,
            N_("shop"): shops,
            N_("palace"): palaces,
            N_("character"): characters,
            N_("special card"): special_cards,
        },
        label,
    )
    return Components(
        source=source,
        sides=sides,
        action_spaces=document.action_ring.action_spaces(),
        streets=streets,
        shops=shops,
        palaces=palaces,
        factories=document.factories.count,
        specials=document.special_buildings.count,
        beads_per_colour=document.beads.per_colour,
        characters=characters,
        special_cards=special_cards,
        removals=removals,
        markers=document.markers.per_player,
    )


def _in_play(
    document: ComponentFile, streets: tuple[StreetTile, ...], removals: Removals
) -> Mapping[str, tuple[int, int]]:
    """Board side → the street tiles and buildings its games play with."""
    buildings = (
        len(document.shops.tiles)
        + len(document.palaces.tiles)
        + document.factories.count
        + document.special_buildings.count
    )
    removed = len(removals.shops) + removals.palaces + removals.factories + removals.specials
    return {
        "4": (len(streets), buildings),
        "2-3": (len(streets) - len(removals.one_customer_streets) - removals.blank_streets, buildings - removed),
    }


def _check_ids_across(groups: Mapping[str, tuple[Any, ...]], label: str) -> None:
    """Tiles and cards are named by id alone in a game, so no id names items of two kinds (the kinds
    are words marked for the catalogues)."""
    owner: dict[str, str] = {}
    for kind, items in groups.items():
        for item in items:
            if item.id in owner:
                raise CardDataError(
                    msg(
                        "{label}: {kind} {id}: the id is also a {other}'s; ids name one tile or card",
                        label=label,
                        kind=msg(kind),
                        id=repr(item.id),
                        other=msg(owner[item.id]),
                    )
                )
            owner[item.id] = kind

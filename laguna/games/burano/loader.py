"""The loader of Burano's component data: ``data/components.toml``, or a file of the same schema.

The rulebook states the counts of the box (2. COMPONENTS, 3. SETUP) and lists every building card
(9. BUILDING CARDS), but its pictures are lost, so the packaged file reconstructs the rest: the grids,
the sailing routes, the houses of the schedule ring pieces, the workshop tiles, the roof tiles' colour
pairs, five fish kinds and three ships. A player who owns the game can load the printed data from
their own file instead. That is why the loader is strict: every stated count and every fact the rules
lean on is checked for any file, and every problem is one `CardDataError` line naming the file and the
item at fault, so a bad file is refused at once instead of turning up later as an unplayable board or
a wrong score.

Each kind of component is a model (`laguna.games.burano.board_data`, `card_data`) checked with the whole
file (`laguna.core.data_model.validate`); the checks across kinds follow here.
"""

from __future__ import annotations

import functools
from typing import ClassVar

from laguna.core.component_data import PACKAGED, read_toml
from laguna.core.data_model import DataModel, ItemName, validate
from laguna.games.burano.board_data import (
    MainIslandData,
    RingPieceData,
    RoofTilesData,
    WatersData,
    WorkshopAreaData,
    WorkshopData,
    check_ring_pieces,
    check_roof_tiles,
    check_workshops,
    main_island,
)
from laguna.games.burano.card_data import (
    BuildingCardData,
    FishData,
    ShipData,
    check_building_cards,
    check_fish_kinds,
    check_ships,
)
from laguna.games.burano.components import Components, Waters


class ComponentFile(DataModel):
    """The whole file: the boards and their pieces, the fish cards, the ships and the building cards."""

    item_names: ClassVar = {
        "ring_piece": ItemName("ring piece", "letter"),
        "workshop": ItemName("workshop", "name"),
        "roof_tiles": ItemName("roof tiles", "kind"),
        "ship": ItemName("ship", "name"),
        "building_card": ItemName("building card", "id"),
    }
    fish: FishData
    workshop_area: WorkshopAreaData
    main_island: MainIslandData
    waters: WatersData
    ring_piece: list[RingPieceData]
    workshop: list[WorkshopData]
    roof_tiles: list[RoofTilesData]
    ship: list[ShipData]
    building_card: list[BuildingCardData]


def load_components(source: str = PACKAGED) -> Components:
    """Load and validate Burano's components: the packaged reconstruction, or a TOML file at `source`.

    Results are cached by source: the components are immutable.

    >>> components = load_components()
    >>> components.ship("tuna-squid").vp, len(components.workshops)
    (24, 12)
    """
    return _load_cached(source)


@functools.lru_cache(maxsize=16)
def _load_cached(source: str) -> Components:
    """The cached body of `load_components`, keyed on the source alone so a default argument hits too."""
    label, data = read_toml("laguna.games.burano", "components.toml", source, "component file")
    document = validate(ComponentFile, data, label)
    area = document.workshop_area
    fish_kinds = check_fish_kinds(document.fish, label)
    return Components(
        source=source,
        main_island=main_island(document.main_island, f"{label}: [main_island]"),
        waters=Waters(
            islands=tuple(document.waters.islands),
            ports=tuple(document.waters.ports),
            routes=tuple(document.waters.routes),
            provenance=document.waters.provenance,
        ),
        ring_pieces=check_ring_pieces(document.ring_piece, label),
        workshop_rows=area.rows,
        workshop_columns=area.columns,
        workshops=check_workshops(document.workshop, area.rows, area.columns, label),
        roof_tiles=check_roof_tiles(document.roof_tiles, label),
        fish_kinds=fish_kinds,
        fish_per_kind=document.fish.cards_per_kind,
        ships=check_ships(document.ship, fish_kinds, label),
        building_cards=check_building_cards(document.building_card, fish_kinds, label),
    )

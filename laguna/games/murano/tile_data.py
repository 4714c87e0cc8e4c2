"""Murano's tiles, beads and markers in the component file, and what a 2- or 3-player game leaves in the
box (rules page: Components).

The rules state the counts of the box; the customers on the street tiles and the crests of the palaces
are reconstructed. Each kind is a model whose validators check the stated counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Annotated, ClassVar, Final

from pydantic import field_validator, model_validator

from laguna.core.data_model import DataModel, Item, ItemName, Positive, Problem, check_count, check_counts, repeated
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, msg, msg_plural
from laguna.games.murano.components import Customer, PalaceTile, Removals, ShopTile, StreetTile
from laguna.games.murano.data_fields import ONCE, STRINGS, NonEmpty, component, named

STREETS: Final = 42
SHOPS_PER_COLOUR: Final = 4
PALACES: Final = 12
CRESTS: Final = (1, 3)
"""Each palace shows at least 1 and at most 3 crests."""
FACTORIES: Final = 12
SPECIAL_BUILDINGS: Final = 12
BEADS_PER_COLOUR: Final = 10
REMOVED: Final = Removals(
    shops=(Customer.RED, Customer.BLUE, Customer.GREY),
    palaces=1,
    specials=3,
    factories=1,
    one_customer_streets=(Customer.RED, Customer.BLUE, Customer.GREY),
    blank_streets=4,
    characters=(),
)
"""What a 2- or 3-player game leaves in the box; the character cards are those of Sacca Serenella."""

_Colours = Annotated[list[Annotated[Customer, named(Customer, N_("colour"))]], STRINGS, ONCE]


class TileData(DataModel):
    """A tile, named by its id."""

    id: NonEmpty


class StreetTileData(TileData):
    """A street tile: blank or with customers of the three colours."""

    customers: Annotated[list[Annotated[Customer, named(Customer, N_("customer colour"))]], STRINGS]


class ShopData(TileData):
    """A shop: it sells to the customers of its colour."""

    colour: Annotated[Customer, named(Customer, N_("colour"))]


class PalaceData(TileData):
    """A palace of 1–3 crests."""

    crests: int

    @field_validator("crests")
    @classmethod
    def _crests(cls, crests: int) -> int:
        least, most = CRESTS
        if not least <= crests <= most:
            raise Problem(
                msg_plural(
                    "{where}: {count} crest; a palace shows {least} to {most}",
                    "{where}: {count} crests; a palace shows {least} to {most}",
                    crests,
                    least=least,
                    most=most,
                )
            )
        return crests


class TilesData(Item):
    """The tiles of one kind: a game names a tile by its id alone, so no id is listed twice."""

    tiles: Sequence[TileData]

    @model_validator(mode="after")
    def _unique_ids(self) -> TilesData:
        twice = repeated(tile.id for tile in self.tiles)
        if twice is not None:
            raise Problem(msg("{where}: duplicate id"), f"{self.item_names['tiles'].kind} {twice!r}", from_file=True)
        return self


class StreetsData(TilesData):
    """42 street tiles, blank or with customers of the three colours."""

    item_names: ClassVar = {"tiles": ItemName("street tile", "id", from_file=True, tables=N_("tables"))}

    tiles: list[StreetTileData]

    @model_validator(mode="after")
    def _stated(self) -> StreetsData:
        check_count(
            len(self.tiles),
            STREETS,
            lambda count: msg_plural(
                "{where}: {count} street tile, the rules have {stated}",
                "{where}: {count} street tiles, the rules have {stated}",
                count,
                stated=STREETS,
            ),
        )
        return self

    def streets(self) -> tuple[StreetTile, ...]:
        return tuple(component(StreetTile, tile, customers=tuple(tile.customers)) for tile in self.tiles)


class ShopsData(TilesData):
    """12 shops, 4 of each customer colour."""

    item_names: ClassVar = {"tiles": ItemName("shop", "id", from_file=True, tables=N_("tables"))}

    tiles: list[ShopData]

    @model_validator(mode="after")
    def _stated(self) -> ShopsData:
        check_counts(
            Counter(shop.colour for shop in self.tiles),
            dict.fromkeys(Customer, SHOPS_PER_COLOUR),
            lambda colour, count, stated: msg_plural(
                "{where}: {count} {colour} shop, the rules have {stated} of each colour",
                "{where}: {count} {colour} shops, the rules have {stated} of each colour",
                count,
                colour=msg(colour.value),
                stated=stated,
            ),
        )
        return self

    def shops(self) -> tuple[ShopTile, ...]:
        return tuple(component(ShopTile, shop) for shop in self.tiles)


class PalacesData(TilesData):
    """12 palaces."""

    item_names: ClassVar = {"tiles": ItemName("palace", "id", from_file=True, tables=N_("tables"))}

    tiles: list[PalaceData]

    @model_validator(mode="after")
    def _stated(self) -> PalacesData:
        check_count(
            len(self.tiles),
            PALACES,
            lambda count: msg_plural(
                "{where}: {count} palace, the rules have {stated}",
                "{where}: {count} palaces, the rules have {stated}",
                count,
                stated=PALACES,
            ),
        )
        return self

    def palaces(self) -> tuple[PalaceTile, ...]:
        return tuple(component(PalaceTile, palace) for palace in self.tiles)


class PiecesData(Item):
    """A count of identical pieces in its `FIELD`: `STATED` of them, as the rules have it (`WHAT` names
    them in the message)."""

    STATED: ClassVar[int]
    WHAT: ClassVar[str]
    FIELD: ClassVar[str] = "count"

    @model_validator(mode="after")
    def _stated(self) -> PiecesData:
        count = getattr(self, self.FIELD)
        if count != self.STATED:
            raise Problem(
                msg(
                    "{where}: {count} {what}, the rules have {stated}",
                    count=count,
                    what=msg(self.WHAT),
                    stated=self.STATED,
                )
            )
        return self


class FactoriesData(PiecesData):
    """The 12 glass factories."""

    STATED: ClassVar = FACTORIES
    WHAT: ClassVar = N_("glass factories")
    count: int


class SpecialBuildingsData(PiecesData):
    """The 12 special building tiles."""

    STATED: ClassVar = SPECIAL_BUILDINGS
    WHAT: ClassVar = N_("special buildings")
    count: int


class BeadsData(PiecesData):
    """10 glass beads of each colour in the bag."""

    STATED: ClassVar = BEADS_PER_COLOUR
    WHAT: ClassVar = N_("beads of each colour")
    FIELD: ClassVar = "per_colour"
    per_colour: int


class MarkersData(Item):
    """Markers per player for the tabletop limit: not stated, so any positive number."""

    per_player: Positive


class RemovalsData(Item):
    """What a 2- or 3-player game leaves in the box, exactly as the rules list it; its character cards are
    checked once the cards are read."""

    shops: _Colours
    palaces: int
    special_buildings: int
    factories: int
    one_customer_streets: _Colours
    blank_streets: int
    characters: Annotated[list[str], STRINGS, ONCE]

    @model_validator(mode="after")
    def _stated(self) -> RemovalsData:
        each_colour = msg("one of each colour")
        stated = {
            "shops": (sorted(c.value for c in self.shops), sorted(c.value for c in REMOVED.shops), each_colour),
            "palaces": (self.palaces, REMOVED.palaces, REMOVED.palaces),
            "special_buildings": (self.special_buildings, REMOVED.specials, REMOVED.specials),
            "factories": (self.factories, REMOVED.factories, REMOVED.factories),
            "one_customer_streets": (
                sorted(c.value for c in self.one_customer_streets),
                sorted(c.value for c in REMOVED.one_customer_streets),
                each_colour,
            ),
            "blank_streets": (self.blank_streets, REMOVED.blank_streets, REMOVED.blank_streets),
        }
        for key, (have, wanted, text) in stated.items():
            if have != wanted:
                value = getattr(self, key)
                shown = [c.value for c in value] if isinstance(value, list) else value
                raise Problem(
                    msg(
                        "{where}: {key} is {value}; the rules remove {text}",
                        key=key,
                        value=repr(shown),
                        text=text,
                    )
                )
        return self

    def removals(self) -> Removals:
        return component(
            Removals,
            self,
            shops=tuple(self.shops),
            specials=self.special_buildings,
            one_customer_streets=tuple(self.one_customer_streets),
            characters=tuple(self.characters),
        )


def check_removed_streets(removals: Removals, streets: tuple[StreetTile, ...], place: str) -> None:
    """The street tiles a 2- or 3-player game removes are among the tiles."""
    for colour in removals.one_customer_streets:
        if not any(tile.customers == (colour,) for tile in streets):
            raise CardDataError(
                msg(
                    "{where}: no street tile with one {colour} customer to remove",
                    where=place,
                    colour=msg(colour.value),
                )
            )
    blank = sum(1 for tile in streets if not tile.customers)
    if blank < removals.blank_streets:
        raise CardDataError(
            msg_plural(
                "{where}: {count} blank street tile, fewer than the {removed} removed",
                "{where}: {count} blank street tiles, fewer than the {removed} removed",
                blank,
                where=place,
                removed=removals.blank_streets,
            )
        )

"""The components of Murano as typed values: the two board sides (islands with street and building
spaces and gondolas), the ring of 18 action spaces, the tiles, the beads, the character cards and the
special building cards.

The rules page (Yucata.de) states the counts and describes every card type; the board geometry, the
street customers, the palace crests and the exact mix of the 40 character cards are reconstructed in
``data/components.toml`` (read by `laguna.games.murano.loader`), each item with its provenance.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from laguna.core.messages import N_


class Customer(enum.Enum):
    """Customer colours on street tiles; a shop sells to the customers of its own colour. The values are
    words a log line shows, marked for the catalogues."""

    RED = N_("red")
    BLUE = N_("blue")
    GREY = N_("grey")


class Bead(enum.Enum):
    """Glass bead colours: 10 of each in the bag (the values marked for the catalogues)."""

    RED = N_("red")
    GREEN = N_("green")
    BLUE = N_("blue")


class Building(enum.Enum):
    """The four kinds of building tiles."""

    FACTORY = "factory"
    SHOP = "shop"
    PALACE = "palace"
    SPECIAL = "special"


class Action(enum.Enum):
    """The eleven actions of the action spaces; the values, marked for the catalogues, name them to a reader."""

    TAKE_GOLD = N_("take 2 gold")
    BUY_FACTORY = N_("buy a glass factory")
    BUY_SHOP = N_("buy a shop")
    BUY_PALACE = N_("buy a palace")
    BUY_SPECIAL = N_("buy a special building")
    RECRUIT = N_("recruit a character")
    PLACE_GONDOLIER = N_("place a gondolier")
    BUILD = N_("build")
    INCOME = N_("income")
    PRODUCTION = N_("production")
    GONDOLIER = N_("gondolier")


PLAYER_COLOURS: Final = (N_("orange"), N_("grey"), N_("brown"), N_("white"))
"""The players' colours, seat by seat: their markers, gondoliers and gondolas."""


@dataclass(frozen=True, slots=True)
class Space:
    """A space of an island: a paved street space or a brown building space."""

    id: str
    island: str
    street: bool
    row: int
    column: int
    neighbours: tuple[str, ...]
    """Orthogonally adjacent spaces of the same island."""


@dataclass(frozen=True, slots=True)
class Island:
    """A building island: its spaces and the colours of the gondolas next to it."""

    id: str
    name: str
    spaces: tuple[Space, ...]
    gondolas: tuple[str, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class BoardSide:
    """One side of the board: the 4-player side builds on six islands, the 2–3-player side on five
    (Sacca Serenella only holds cards there)."""

    name: str
    islands: tuple[Island, ...]

    def island(self, island_id: str) -> Island:
        for island in self.islands:
            if island.id == island_id:
                return island
        raise KeyError(island_id)


@dataclass(frozen=True, slots=True)
class ActionSpace:
    """One of the 18 action spaces, numbered 1–18 in the direction the ships sail (counter-clockwise)."""

    number: int
    action: Action
    anchor: bool


@dataclass(frozen=True, slots=True)
class StreetTile:
    id: str
    customers: tuple[Customer, ...]


@dataclass(frozen=True, slots=True)
class ShopTile:
    id: str
    colour: Customer


@dataclass(frozen=True, slots=True)
class PalaceTile:
    id: str
    crests: int


class CharacterKind(enum.Enum):
    """The character card types of the rules page (The Character Cards)."""

    SHOPS_OF_COLOUR = "shops-of-colour"
    """`vp` per shop of `colour` on the island."""
    BUILDINGS = "buildings"
    """`vp` per building of the kinds in `buildings` on the island."""
    MONOPOLY = "monopoly"
    """12 VP if you are the only player with a shop or glass factory on the island."""
    GOLD_EXCHANGE = "gold-exchange"
    """Exchange up to 8 gold by `table` if the island holds `requires` (customers and buildings)."""
    FEW_CUSTOMERS = "few-customers"
    """10 VP if red and blue customers together are at most 3."""
    ONE_OF_EACH = "one-of-each"
    """12 VP for at least one of each building kind and customer colour."""
    ALL_CUSTOMERS = "all-customers"
    """VP by `table` for the number of customers."""
    CUSTOMERS_OF_COLOUR = "customers-of-colour"
    """VP by `table` for the number of customers of `colour`."""
    CRESTS = "crests"
    """1 VP per crest."""
    OWN_AND_OTHERS = "own-and-others"
    """`own` VP per own shop and factory, `others` VP per opponents' ones."""
    SPECIALS_EQUAL_CUSTOMERS = "specials-equal-customers"
    """12 VP if the special buildings (at least 1) equal the customers of `colour`."""
    CRESTS_EQUAL = "crests-equal"
    """12 VP if the crests (at least 1) equal the number of buildings of the kind in `buildings`."""
    EQUAL_BUILDINGS = "equal-buildings"
    """16 VP if glass factories, shops and palaces are equal in number (at least 1)."""
    BALANCE = "balance"
    """12 VP if your shops and factories equal all opponents' together."""
    ONE_CREST = "one-crest"
    """12 VP for exactly one crest."""
    THREE_OWN = "three-own"
    """10 VP for at least 3 own shops and factories on `island`, scored there."""
    TWO_GONDOLIERS = "two-gondoliers"
    """10 VP for at least 2 own gondoliers placed at `island`, scored there."""
    BEADS = "beads"
    """7 VP per bead of `bead` returned (up to 3), scored at `island`."""


@dataclass(frozen=True, slots=True)
class CharacterCard:
    id: str
    kind: CharacterKind
    vp: int = 0
    colour: Customer | None = None
    bead: Bead | None = None
    buildings: frozenset[Building] = frozenset()
    island: str | None = None
    table: tuple[tuple[int, int], ...] = ()
    """(threshold or gold paid, VP) pairs, in increasing order."""
    requires: tuple[tuple[str, int], ...] = ()
    """Gold exchange: least counts on the island by name (red, blue, grey, palace, special, …)."""
    own: int = 0
    others: int = 0
    provenance: str = ""


class SpecialEffect(enum.Enum):
    ASSEMBLY_HALL = "assembly-hall"
    BANK = "bank"
    BASILICA = "basilica"
    CONSTRUCTION_CRANE = "construction-crane"
    DOCKSIDE_BAR = "dockside-bar"
    GUILD_HALL = "guild-hall"
    HARBOR = "harbor"
    HOSTEL = "hostel"
    LIGHTHOUSE = "lighthouse"
    STUDIO = "studio"
    TAVERN = "tavern"
    TRADING_STATION = "trading-station"


SPECIAL_TITLES: Final = (
    N_("Assembly Hall"),
    N_("Bank"),
    N_("Basilica"),
    N_("Construction Crane (shop)"),
    N_("Construction Crane (palace)"),
    N_("Dockside Bar"),
    N_("Guild Hall"),
    N_("Harbor"),
    N_("Hostel"),
    N_("Lighthouse"),
    N_("Studio (red/green)"),
    N_("Studio (red/blue)"),
    N_("Studio (blue/green)"),
    N_("Tavern"),
    N_("Trading Station"),
)
"""The titles of the packaged special building cards, marked for the catalogues: a title read from
the data is shown translated when it is one of these, as it is written otherwise."""


@dataclass(frozen=True, slots=True)
class SpecialCard:
    """A special building card; a Studio names two bead colours, a Construction Crane a building."""

    id: str
    effect: SpecialEffect
    title: str
    beads: frozenset[Bead] = frozenset()
    building: Building | None = None
    provenance: str = ""


@dataclass(frozen=True, slots=True)
class Removals:
    """What a 2- or 3-player game leaves in the box (Components)."""

    shops: tuple[Customer, ...]
    palaces: int
    specials: int
    factories: int
    one_customer_streets: tuple[Customer, ...]
    blank_streets: int
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Components:
    source: str
    sides: Mapping[str, BoardSide]
    """``"4"``: the 4-player side; ``"2-3"``: the 2–3-player side."""
    action_spaces: tuple[ActionSpace, ...]
    streets: tuple[StreetTile, ...]
    shops: tuple[ShopTile, ...]
    palaces: tuple[PalaceTile, ...]
    factories: int
    specials: int
    beads_per_colour: int
    characters: tuple[CharacterCard, ...]
    special_cards: tuple[SpecialCard, ...]
    removals: Removals
    markers: int
    """Markers per player for the tabletop limit (Yucata: unlimited)."""

    def side(self, players: int) -> BoardSide:
        return self.sides["4" if players == 4 else "2-3"]

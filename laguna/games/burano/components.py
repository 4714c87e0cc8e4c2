"""The components of Burano as typed values: colours, the main island, the waters, the schedule ring
pieces, the lace workshops, roof tiles, fish, merchant ships and building cards.

The rulebook (2. COMPONENTS, 3. SETUP) states the counts; its pictures are lost, so the geometry, the
ring pieces' houses, the tiles' colour pairs, five fish kinds and three ships are reconstructed in
``data/components.toml`` (read by `laguna.games.burano.loader`), each item with its provenance.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from laguna.core.colours import GLYPHS
from laguna.core.messages import N_

Square = tuple[int, int]
"""A square of a grid as (row, column), both from 0; row 0 is the top row."""


class Colour(enum.Enum):
    """The six house colours: cubes, dock houses, ring houses, workshops, roof tile halves. The values
    are notation words and, marked for the catalogues, the words messages show."""

    PINK = N_("pink")
    BLUE = N_("blue")
    YELLOW = N_("yellow")
    GREEN = N_("green")
    ORANGE = N_("orange")
    WHITE = N_("white")

    __hash__ = object.__hash__
    """A member is equal only to itself, so its identity hashes it: `enum.Enum` hashes its name in
    Python, and the search hashes colours (counters of cubes, decisions) at every step."""

    @property
    def glyph(self) -> str:
        """A distinct printable mark, so nobody has to tell the colours apart by colour alone."""
        return _GLYPHS[self]


COLOURS: Final = tuple(Colour)
_GLYPHS: Final[Mapping[Colour, str]] = {colour: GLYPHS[colour.value] for colour in Colour}


class ActionSpace(enum.Enum):
    """The three action spaces of the action board; two colour markers lie in each."""

    FISHING = N_("fishing")
    LACE_MAKING = N_("lace making")
    EARNING = N_("earning")


class RoofKind(enum.Enum):
    """The four kinds of roof tiles (rulebook: Roof Houses, step 3)."""

    ISLANDS = N_("islands")
    """Majority in neighbouring islands: 2/5/9 VP for 1/2/3 islands."""
    WORKSHOPS = N_("workshops")
    """Majority in lace workshops: 2/5/9 VP for 1/2/3 workshops."""
    FOUNTAINS = N_("fountains")
    """Fountains on the schedule ring: 2/3/5/9 VP for 1/2/3/4 visible fountain symbols."""
    FLAT = N_("4vp")
    """4 Victory Points."""

    __hash__ = object.__hash__
    """Hashed by identity, as `Colour` is."""


class HouseSymbol(enum.Enum):
    """What a house of the schedule ring shows besides its colour, read only while no worker covers it."""

    PLAIN = "plain"
    COIN = "coin"
    FOUNTAIN = "fountain"


@dataclass(frozen=True, slots=True)
class House:
    """One house of a schedule ring piece."""

    colour: Colour
    symbol: HouseSymbol


@dataclass(frozen=True, slots=True)
class RingPiece:
    """A schedule ring piece: three houses, labelled with a letter A–D (the seat letter of setup)."""

    letter: str
    houses: tuple[House, House, House]
    provenance: str


@dataclass(frozen=True, slots=True)
class MainIsland:
    """The main island board: a grid of square pits and the pit below the fountain."""

    rows: int
    columns: int
    pits: frozenset[Square]
    fountain: Square
    provenance: str


@dataclass(frozen=True, slots=True)
class Waters:
    """The neighbouring islands (A–D lettered for the seats, two more), the two ports and the sailing
    routes between them. Routes are undirected."""

    islands: tuple[str, ...]
    ports: tuple[str, ...]
    routes: tuple[tuple[str, str], ...]
    provenance: str

    def neighbours(self, place: str) -> tuple[str, ...]:
        """The places one route away from `place`, in the order islands then ports."""
        linked = {b for a, b in self.routes if a == place} | {a for a, b in self.routes if b == place}
        return tuple(p for p in (*self.islands, *self.ports) if p in linked)


@dataclass(frozen=True, slots=True)
class Workshop:
    """A lace workshop tile: one colour, 3 or 4 squares, some with a coin symbol.

    `squares` are where the tile lies in the first-game layout of its size; other layouts move and
    rotate it.
    """

    name: str
    colour: Colour
    squares: tuple[Square, ...]
    coins: frozenset[Square]
    provenance: str

    @property
    def size(self) -> int:
        return len(self.squares)


@dataclass(frozen=True, slots=True)
class Ship:
    """A merchant ship: the fish cards it demands (kind → count) and the VP a trade with it scores."""

    name: str
    demand: tuple[tuple[str, int], ...]
    vp: int
    provenance: str


@dataclass(frozen=True, slots=True)
class RoofTile:
    """A roof tile: its kind and its two coloured halves (the rooftop blocks once it is placed)."""

    kind: RoofKind
    colours: tuple[Colour, Colour]

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.colours[0].value}-{self.colours[1].value}"


class Effect(enum.Enum):
    """What a building card does (rulebook: 9. BUILDING CARDS)."""

    ROOF_COLOUR_VP = "roof-colour-vp"
    """Whenever you roof houses, 5 VP for each of the card's colours on the roof tile."""
    ROOF_ANY_CUBES = "roof-any-cubes"
    """Whenever you roof houses, a tile half of the card's colours may go on a cube of any colour."""
    SOLD_FISH_VP = "sold-fish-vp"
    """Final scoring: 2 VP per card of the card's fish kinds in your sold fish area."""
    WORKSHOP_COLOUR_VP = "workshop-colour-vp"
    """Final scoring: 2 VP per workshop square of the card's colours where a worker of yours stands."""
    TWO_STEP_FISHING = "two-step-fishing"
    """Whenever you go fishing, you may move your boat two spaces."""
    LACE_BUMP = "lace-bump"
    """Whenever you make lace, you may place a worker on a square another player's worker holds."""
    ISLAND_TIES = "island-ties"
    """Whenever majority in a neighbouring island is determined, you win the tie."""
    LACE_DISCOUNT = "lace-discount"
    """Clean-up: one cube of any colour less to return for lace scoring; final scoring: 3 VP."""
    CARD_COUNT_VP = "card-count-vp"
    """Final scoring: 3 VP for each building card in front of you, this one included."""
    FLAT_VP = "flat-vp"
    """Final scoring: 9 VP."""


@dataclass(frozen=True, slots=True)
class BuildingCard:
    """A building card. `colours` and `fish` are the card's "specific" colours or fish kinds (its
    type); `vp` is what it scores at the end by itself (9, 3, or 0)."""

    id: str
    effect: Effect
    colours: frozenset[Colour]
    fish: frozenset[str]
    vp: int
    title: str
    provenance: str


@dataclass(frozen=True, slots=True)
class Components:
    """Everything in the box that the rules need, as loaded from one data file."""

    source: str
    main_island: MainIsland
    waters: Waters
    ring_pieces: tuple[RingPiece, ...]
    workshop_rows: int
    workshop_columns: int
    workshops: tuple[Workshop, ...]
    roof_tiles: Mapping[RoofKind, tuple[RoofTile, ...]]
    fish_kinds: tuple[str, ...]
    fish_per_kind: int
    ships: tuple[Ship, ...]
    building_cards: tuple[BuildingCard, ...]

    def workshops_of_size(self, size: int) -> tuple[Workshop, ...]:
        """The six workshops of one size: 4 squares for 4 players, 3 squares for 2–3 players."""
        return tuple(w for w in self.workshops if w.size == size)

    def card(self, card_id: str) -> BuildingCard:
        for card in self.building_cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def ship(self, name: str) -> Ship:
        for ship in self.ships:
            if ship.name == name:
                return ship
        raise KeyError(name)


# The counts the rulebook states.
SEAT_ISLANDS: Final = ("A", "B", "C", "D")
"""The lettered neighbouring islands, one per seat (setup: the worker goes to the island of its letter)."""
ISLANDS: Final = 6
PORTS: Final = 2
SHIPS: Final = 4
RING_LETTERS: Final = ("A", "B", "C", "D")
HOUSES_PER_PIECE: Final = 3
MAX_FOUNTAINS: Final = 4
"""The fountain roof scores 1/2/3/4 visible fountains, so a ring shows at most four."""
WORKSHOP_BLANKS: Final[Mapping[int, int]] = {4: 4, 3: 10}
"""Workshop size → blanks its layout leaves in the workshop area (setup step 3)."""
ROOF_TILES_PER_KIND: Final = 12
FISH_KINDS: Final = 8
FISH_PER_KIND: Final = 6
NAMED_FISH: Final = ("tuna", "squid", "lobster")
PACKAGED_WORDS: Final = (
    N_("left"),
    N_("right"),
    N_("tuna"),
    N_("squid"),
    N_("lobster"),
    N_("crab"),
    N_("octopus"),
    N_("eel"),
    N_("sardine"),
    N_("shrimp"),
    N_("Blue and pink roofs: 5 VP per colour"),
    N_("Yellow and green roofs: 5 VP per colour"),
    N_("Orange and white roofs: 5 VP per colour"),
    N_("Blue and green roof halves go on any cube"),
    N_("Yellow and white roof halves go on any cube"),
    N_("Orange and pink roof halves go on any cube"),
    N_("Sold tuna, squid, lobster and crab: 2 VP each"),
    N_("Sold octopus, eel, sardine and shrimp: 2 VP each"),
    N_("Workers on pink, blue and yellow lace: 2 VP each"),
    N_("Workers on green, orange and white lace: 2 VP each"),
    N_("Sail two spaces when fishing"),
    N_("Make lace on a square another worker holds"),
    N_("Win every tie for an island majority"),
    N_("One cube less for lace scoring; 3 VP"),
    N_("3 VP per building card you have"),
    N_("9 VP"),
)
"""The port and fish names and the building card titles of the packaged file, marked for the
catalogues: messages and boards show them translated, and a name no catalogue knows (from another
file) as it is written."""
RULEBOOK_SHIP: Final[tuple[Mapping[str, int], int]] = ({"tuna": 3, "squid": 3}, 24)
"""The trading example: 3 tuna and 3 squid score 24 VP."""
BUILDING_CARDS: Final = 16
EFFECT_CARDS: Final[Mapping[Effect, int]] = {
    Effect.ROOF_COLOUR_VP: 3,
    Effect.ROOF_ANY_CUBES: 3,
    Effect.SOLD_FISH_VP: 2,
    Effect.WORKSHOP_COLOUR_VP: 2,
    Effect.TWO_STEP_FISHING: 1,
    Effect.LACE_BUMP: 1,
    Effect.ISLAND_TIES: 1,
    Effect.LACE_DISCOUNT: 1,
    Effect.CARD_COUNT_VP: 1,
    Effect.FLAT_VP: 1,
}
"""Effect → how many of the 16 building cards have it (types A–C, A–B or a single card)."""
EFFECT_COLOURS: Final[Mapping[Effect, int]] = {
    Effect.ROOF_COLOUR_VP: 2,
    Effect.ROOF_ANY_CUBES: 2,
    Effect.WORKSHOP_COLOUR_VP: 3,
}
"""Effect → the specific colours of each card; the types of one effect share the six colours out."""
EFFECT_VP: Final[Mapping[Effect, int]] = {Effect.LACE_DISCOUNT: 3, Effect.FLAT_VP: 9}
"""The VP a card scores by itself at the end; every other card scores 0."""


def square_name(square: Square) -> str:
    """The notation of a grid square: column letter, then row number from 1 at the top.

    >>> square_name((0, 3)), square_name((2, 0))
    ('d1', 'a3')
    """
    return f"{chr(ord('a') + square[1])}{square[0] + 1}"


_SQUARE: Final = re.compile(r"([a-z])([0-9]{1,3})")
"""A column letter and a row number: the digits 0–9 (``isdigit()`` also takes ``²``, which ``int()``
refuses), as many as a board could need."""


def parse_square(text: str) -> Square | None:
    """The square `text` names (``"d1"`` → (0, 3)), or None if it is not of that form.

    >>> parse_square("d1"), parse_square("d0"), parse_square("zz"), parse_square("d²")
    ((0, 3), None, None, None)
    """
    match = _SQUARE.fullmatch(text)
    if match is None:
        return None
    row = int(match[2]) - 1
    return None if row < 0 else (row, ord(match[1]) - ord("a"))

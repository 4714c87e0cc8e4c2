"""Floor cards of Walking in Burano: the typed model and the loader of the card-face data.

The rulebook's COMPONENTS section states 72 floor cards (floors 1, 2 and 3, six colours, four cards of
each colour per floor), and VISIT FROM CHARACTERS names the symbols the characters score, but no card
face is printed anywhere. The packaged data file is therefore a reconstruction that honours every stated
count and makes the rulebook's SCORING EXAMPLE reachable. A player who owns the game can load the exact
faces from any file of the same schema; the loader checks every count the rulebook states either way.
"""

from __future__ import annotations

import enum
import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Final

from pydantic import model_validator

from laguna.core.colours import GLYPHS
from laguna.core.component_data import PACKAGED, Provenance, read_toml
from laguna.core.data_model import Count, DataFile, DataModel, ItemName, Problem, one_of, tables, validate
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, Message, msg


class Colour(enum.Enum):
    """The six house colours; the rulebook names pink, yellow, red and blue, the other two are ours."""

    PINK = "pink"
    YELLOW = "yellow"
    RED = "red"
    BLUE = "blue"
    ORANGE = "orange"
    GREEN = "green"

    @property
    def letter(self) -> str:
        """The first letter of card ids of this colour, so an id alone tells the colour."""
        return _LETTERS[self]

    @property
    def symbol(self) -> str:
        """A distinct printable mark, so colour-blind players never have to rely on colour alone."""
        return _SYMBOLS_BY_COLOUR[self]


_LETTERS: Final[Mapping[Colour, str]] = {colour: colour.value[0].upper() for colour in Colour}
_SYMBOLS_BY_COLOUR: Final[Mapping[Colour, str]] = {colour: GLYPHS[colour.value] for colour in Colour}
_COLOUR_ORDER: Final[Mapping[Colour, int]] = {colour: i for i, colour in enumerate(Colour)}
_COLOUR_BY_LETTER: Final[Mapping[str, Colour]] = {letter: colour for colour, letter in _LETTERS.items()}

SHOP_TYPES: tuple[str, ...] = ("pizza", "clothes", "mask", "lace")
"""Shop kinds: the Shop Owner scores 1 to 4 different ones; the scoring example names pizza and clothes."""

SYMBOLS: tuple[str, ...] = (
    "flowers",
    "plants",
    "cats",
    "red_curtains",
    "blue_curtains",
    "streetlights",
    "chimneys",
    "pedestrians",
    "closed_windows",
)
"""The counted symbols that scoring reads, in the order the data file and the model list them."""

SYMBOL_ABBREVIATIONS: Final = {
    "flowers": "fl",
    "plants": "pl",
    "cats": "ca",
    "red_curtains": "rc",
    "blue_curtains": "bc",
    "streetlights": "sl",
    "chimneys": "ch",
    "pedestrians": "pe",
    "closed_windows": "cw",
}
"""Two letters for each counted symbol, as the terminal and web boards print them."""

SYMBOL_NAMES: Final = {
    "flowers": N_("flowers"),
    "plants": N_("plants"),
    "cats": N_("cats"),
    "red_curtains": N_("red curtains"),
    "blue_curtains": N_("blue curtains"),
    "streetlights": N_("streetlights"),
    "chimneys": N_("chimneys"),
    "pedestrians": N_("pedestrians"),
    "closed_windows": N_("closed windows"),
}
"""Each counted symbol as a person names it (translated where it is shown)."""

SHOP_NAMES: Final = {
    "clothes": N_("clothes shop"),
    "lace": N_("lace shop"),
    "mask": N_("mask shop"),
    "pizza": N_("pizzeria"),
}
"""The shops of the packaged cards as a person names them; a shop of another card file shows as it is."""

_FLOORS: Final = (1, 2, 3)
_CARDS_PER_COLOUR_PER_FLOOR: Final = 4
_TOTAL_CARDS: Final = len(_FLOORS) * len(Colour) * _CARDS_PER_COLOUR_PER_FLOOR
_SHOP_POINTS: Final = (2, 3)
# The only floor each of these symbols may sit on: the floor its character reads.
_SYMBOL_FLOOR: Final[Mapping[str, int]] = {"pedestrians": 1, "streetlights": 2, "chimneys": 3}
_ORDINAL: Final[Mapping[int, str]] = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
# Where a floor card belongs, as whole phrases, so that a language can inflect them.
_ON_A_CARD: Final[Mapping[int, str]] = {
    1: N_("on a 1st-floor card"),
    2: N_("on a 2nd-floor card"),
    3: N_("on a 3rd-floor card"),
}
_ON_FLOORS: Final[Mapping[int, str]] = {1: N_("on 1st floors"), 2: N_("on 2nd floors"), 3: N_("on 3rd floors")}
_ID_PATTERN: Final = re.compile(r"([A-Z])([0-9])([a-z])")
_ID_SUFFIXES: Final = "abcd"


@dataclass(frozen=True, slots=True)
class FloorCard:
    """One floor card face: its colour, its floor and how many of each scored symbol it shows."""

    id: str
    colour: Colour
    floor: int
    flowers: int = 0
    plants: int = 0
    cats: int = 0
    red_curtains: int = 0
    blue_curtains: int = 0
    streetlights: int = 0
    chimneys: int = 0
    pedestrians: int = 0
    closed_windows: int = 0
    shop: str | None = None
    shop_points: int = 0
    provenance: str = "reconstructed"
    note: str = ""

    @property
    def curtains(self) -> int:
        """Curtains of both colours, because the Boy scores every curtain regardless of colour."""
        return self.red_curtains + self.blue_curtains

    def face(self) -> dict[str, Any]:
        """The card as views show it: id, colour, floor, the symbols it shows, its shop."""
        symbols = {name: getattr(self, name) for name in SYMBOLS if getattr(self, name)}
        return {"id": self.id, "colour": self.colour.value, "floor": self.floor, "symbols": symbols,
                "shop": self.shop, "shop_points": self.shop_points}  # fmt: skip


@dataclass(frozen=True, slots=True)
class FloorCardSet:
    """All 72 floor cards of one data file, in a fixed order so that card indices are reproducible."""

    name: str
    source: str
    cards: tuple[FloorCard, ...]
    _positions: Mapping[str, int] = field(init=False, repr=False, compare=False, hash=False)
    faces: tuple[dict[str, Any], ...] = field(init=False, repr=False, compare=False, hash=False)
    """`FloorCard.face` of each card, built once: every view shares them, so nobody may change one."""

    def __post_init__(self) -> None:
        """Sort the cards by (floor, colour order, id) and index them, so lookups are constant-time."""
        ordered = tuple(sorted(self.cards, key=lambda c: (c.floor, _COLOUR_ORDER[c.colour], c.id)))
        positions = {card.id: i for i, card in enumerate(ordered)}
        if len(positions) != len(ordered):
            duplicate = next(cid for cid, n in Counter(c.id for c in ordered).items() if n > 1)
            raise CardDataError(msg("{source}: duplicate card id {card}", source=self.source, card=repr(duplicate)))
        object.__setattr__(self, "cards", ordered)
        object.__setattr__(self, "_positions", positions)
        object.__setattr__(self, "faces", tuple(card.face() for card in ordered))

    def by_id(self, card_id: str) -> FloorCard:
        """The card with this id; records and notation name cards by id, so an unknown one is an error."""
        return self.cards[self.index_of(card_id)]

    def index_of(self, card_id: str) -> int:
        """The position of the card in `cards`, a compact stable encoding for engines and bots."""
        try:
            return self._positions[card_id]
        except KeyError:
            raise CardDataError(
                msg("{source}: no floor card with id {card}", source=self.source, card=repr(card_id))
            ) from None


DEFAULT_CARD_FILE = PACKAGED
"""The name that selects the packaged, reconstructed faces; any other source is a file path."""


def load_floor_cards(source: str = DEFAULT_CARD_FILE) -> FloorCardSet:
    """Load and validate floor cards: the packaged reconstruction, or a TOML file the user points at.

    Every problem raises CardDataError with one line naming the file and the card or field at fault,
    so a bad data file never shows up later as a wrong score. Results are cached: the data is immutable.

    >>> cards = load_floor_cards()
    >>> len(cards.cards), cards.by_id("Y1a").flowers
    (72, 3)
    """
    return _load_cached(source)


KEPT_CARD_SETS = 32
"""The most card sets whose tables the rules and the heuristic keep (more than `_load_cached` keeps)."""


@functools.lru_cache(maxsize=16)
def _load_cached(source: str) -> FloorCardSet:
    """The cached body of `load_floor_cards`, keyed on the source alone so a default argument hits too."""
    label, data = read_toml("laguna.games.walking_in_burano", "floor_cards.toml", source, "card file")
    return _parse(data, label, source)


def _bad_colour(name: str, names: str) -> Message:
    return msg("{where}: colour {colour} is not one of {colours}", colour=name, colours=names)


class _Card(DataModel):
    """One card face as the file writes it; the rulebook's facts hold for every file."""

    id: str
    colour: Annotated[Colour, one_of(Colour, _bad_colour)]
    floor: Count
    flowers: Count = 0
    plants: Count = 0
    cats: Count = 0
    red_curtains: Count = 0
    blue_curtains: Count = 0
    streetlights: Count = 0
    chimneys: Count = 0
    pedestrians: Count = 0
    closed_windows: Count = 0
    shop: str | None = None
    shop_points: Count | None = None
    provenance: Provenance | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _as_printed(self) -> _Card:
        """A floor of the box, an id that tells colour and floor, a shop only on a 1st floor."""
        if self.floor not in _FLOORS:
            raise Problem(msg("{where}: floor {floor} is not 1, 2 or 3", floor=self.floor))
        _check_id(self.id, self.colour, self.floor)
        if self.shop is not None:
            if self.floor != 1:
                on_card = msg(_ON_A_CARD[self.floor])
                raise Problem(msg("{where}: shop {on_card}; shops are on 1st floors only", on_card=on_card))
            if self.shop_points is None:
                raise Problem(msg("{where}: shop_points missing for shop {shop} (2 or 3)", shop=repr(self.shop)))
            if self.shop_points not in _SHOP_POINTS:
                raise Problem(msg("{where}: shop_points {points} must be 2 or 3", points=self.shop_points))
        elif self.shop_points is not None:
            raise Problem(msg("{where}: shop_points given without a shop"))
        return self


class _CardFile(DataFile):
    item_names: ClassVar = {"card": ItemName("card", "id")}
    card: Annotated[list[_Card], tables(lambda number: msg("{file}: card #{number} must be a table", number=number))]


def _parse(data: Mapping[str, Any], label: str, source: str) -> FloorCardSet:
    """Check the document and every card, then the counts the rulebook states."""
    document = validate(_CardFile, data, label)
    cards: list[FloorCard] = []
    seen: set[str] = set()
    for raw in document.card:
        where = f"{label}: card {raw.id!r}"
        if raw.id in seen:
            raise CardDataError(msg("{file}: card {card}: duplicate id", file=label, card=repr(raw.id)))
        seen.add(raw.id)
        if source == DEFAULT_CARD_FILE:
            _check_reconstruction(raw, where)
        provenance = raw.provenance or document.meta.provenance
        if provenance is None:
            raise CardDataError(msg("{where}: provenance missing (set it on the card or in [meta])", where=where))
        counts = {symbol: getattr(raw, symbol) for symbol in SYMBOLS}
        cards.append(
            FloorCard(
                id=raw.id,
                colour=raw.colour,
                floor=raw.floor,
                shop=raw.shop,
                shop_points=raw.shop_points or 0,
                provenance=provenance,
                note=raw.note or "",
                **counts,
            )
        )
    _check_counts(cards, label)
    return FloorCardSet(name=document.set_name(source), source=source, cards=tuple(cards))


def _check_reconstruction(card: _Card, where: str) -> None:
    """Our inferences (which floor shows pedestrians, streetlights and chimneys; the four shop kinds)
    hold only for the packaged reconstruction: a file of the printed cards may differ, and scoring
    reads any floor and any shop kind."""
    for symbol, only_floor in _SYMBOL_FLOOR.items():
        if getattr(card, symbol) and card.floor != only_floor:
            raise CardDataError(
                msg(
                    "{where}: {symbol} {on_card}; {symbol} appear only {on_floors}",
                    where=where,
                    symbol=symbol,
                    on_card=msg(_ON_A_CARD[card.floor]),
                    on_floors=msg(_ON_FLOORS[only_floor]),
                )
            )
    if card.shop is not None and card.shop not in SHOP_TYPES:
        shops = ", ".join(SHOP_TYPES)
        raise CardDataError(
            msg("{where}: shop type {shop} is not one of {shops}", where=where, shop=repr(card.shop), shops=shops)
        )


def _check_id(card_id: str, colour: Colour, floor: int) -> None:
    """Ids are colour letter + floor + a..d, so that a record's card ids can be read without the data."""
    match = _ID_PATTERN.fullmatch(card_id)
    if match is None or match.group(1) not in _COLOUR_BY_LETTER or match.group(3) not in _ID_SUFFIXES:
        raise Problem(
            msg(
                "{where}: id must be a colour letter (P, Y, R, B, O, G), the floor and a letter a-d, like 'R1a'",
            )
        )
    if match.group(1) != colour.letter:
        raise Problem(
            msg(
                "{where}: id letter {letter} does not match colour {colour}",
                letter=repr(match.group(1)),
                colour=repr(colour.value),
            )
        )
    if int(match.group(2)) != floor:
        raise Problem(
            msg(
                "{where}: id floor {id_floor} does not match floor {floor}",
                id_floor=match.group(2),
                floor=floor,
            )
        )


def _check_counts(cards: list[FloorCard], label: str) -> None:
    """The counts of COMPONENTS: 72 cards, exactly 4 of each colour on each floor."""
    per_group = Counter((card.floor, card.colour) for card in cards)
    wrong = [
        msg(
            "{colour} {ordinal} floor has {count}",
            colour=colour.value,
            ordinal=msg(_ORDINAL[floor]),
            count=per_group[floor, colour],
        )
        for floor in _FLOORS
        for colour in Colour
        if per_group[floor, colour] != _CARDS_PER_COLOUR_PER_FLOOR
    ]
    if wrong:
        raise CardDataError(
            msg(
                "{file}: {count} floor cards, the rulebook has {total} ({per} per colour per floor); {first}",
                file=label,
                count=len(cards),
                total=_TOTAL_CARDS,
                per=_CARDS_PER_COLOUR_PER_FLOOR,
                first=wrong[0],
            )
        )

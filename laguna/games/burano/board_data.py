"""Burano's boards and their pieces in the component file: the main island, the waters and their
sailing routes, the schedule ring pieces, the workshop area with its lace workshops, and the roof tiles
(2. COMPONENTS, 3. SETUP).

The rulebook states the counts of the box, but its pictures are lost, so the grids, the routes, the
houses of the ring pieces, the workshop tiles and the roof tiles' colour pairs are reconstructed. Each
kind is a model whose validators check what the rulebook states of it; the checks that need the grid
(squares on it, workshops edge-joined and side by side) run on the validated models.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Annotated, ClassVar, TypeVar

from pydantic import Field, ValidationInfo, field_validator, model_validator

from laguna.core.data_model import DataModel, Item, ItemName, Positive, Problem, check_count, one_of, unique
from laguna.core.errors import CardDataError
from laguna.core.messages import Message, msg
from laguna.games.burano.components import (
    COLOURS,
    HOUSES_PER_PIECE,
    ISLANDS,
    MAX_FOUNTAINS,
    PORTS,
    RING_LETTERS,
    ROOF_TILES_PER_KIND,
    SEAT_ISLANDS,
    WORKSHOP_BLANKS,
    Colour,
    House,
    HouseSymbol,
    MainIsland,
    RingPiece,
    RoofKind,
    RoofTile,
    Square,
    Workshop,
    parse_square,
    square_name,
)

T = TypeVar("T")

# --------------------------------------------------------------------------- field types


def _bad_colour(name: str, names: str) -> Message:
    return msg("{where}: colour {name} is not one of {names}", name=name, names=names)


ColourName = Annotated[Colour, one_of(Colour, _bad_colour)]
"""A colour named by its value."""


def once(values: list[T], info: ValidationInfo) -> list[T]:
    """An array names each thing once."""
    twice = [item for item, n in Counter(values).items() if n > 1]
    if twice:
        item = twice[0].value if isinstance(twice[0], Colour) else twice[0]
        raise Problem(msg("{where}: field {key} names {item} twice", key=repr(info.field_name), item=repr(item)))
    return values


class HouseData(DataModel):
    """A house of a ring piece: its colour and symbol."""

    colour: ColourName
    symbol: Annotated[
        HouseSymbol,
        one_of(
            HouseSymbol, lambda name, names: msg("{where}: symbol {name} is not one of {names}", name=name, names=names)
        ),
    ]


class RingPieceData(Item):
    """A schedule ring piece: its letter and three houses."""

    item_names: ClassVar = {"houses": ItemName("house", sign="")}
    letter: str
    houses: list[HouseData] = Field(default=None, validate_default=True)  # missing: refused as not three houses

    @field_validator("letter")
    @classmethod
    def _lettered(cls, letter: str) -> str:
        if letter not in RING_LETTERS:
            raise Problem(msg("{where}: letter must be one of {letters}", letters=", ".join(RING_LETTERS)))
        return letter

    @field_validator("houses", mode="before")
    @classmethod
    def _three_houses(cls, houses: object) -> object:
        if not isinstance(houses, list) or len(houses) != HOUSES_PER_PIECE:
            raise Problem(
                msg("{where}: field 'houses' must be an array of {count} house tables", count=HOUSES_PER_PIECE)
            )
        for number, house in enumerate(houses, start=1):
            if not isinstance(house, dict):
                example = '{ colour = "pink", symbol = "coin" }'
                raise Problem(msg("{where}: must be a table like {example}", example=example), f"house {number}")
        return houses


class MainIslandData(Item):
    """The main island's grid: its gaps and the fountain's square."""

    rows: Positive
    columns: Positive
    gaps: list[str] = Field(default_factory=list)
    fountain: str
    _gaps_once = field_validator("gaps")(once)


class WatersData(Item):
    """The neighbouring islands and ports, and the sailing routes joining them all."""

    islands: list[str]
    ports: list[str]
    routes: list[tuple[str, str]]
    _once = field_validator("islands", "ports")(once)

    @field_validator("islands")
    @classmethod
    def _six_islands(cls, islands: list[str]) -> list[str]:
        check_count(
            len(islands),
            ISLANDS,
            lambda count: msg(
                "{where}: {count} neighbouring islands, the rulebook has {wanted}", count=count, wanted=ISLANDS
            ),
        )
        missing = [letter for letter in SEAT_ISLANDS if letter not in islands]
        if missing:
            raise Problem(
                msg(
                    "{where}: no island {island}; four islands are lettered {letters} for the seats",
                    island=repr(missing[0]),
                    letters=", ".join(SEAT_ISLANDS),
                )
            )
        return islands

    @field_validator("ports")
    @classmethod
    def _two_ports(cls, ports: list[str], info: ValidationInfo) -> list[str]:
        check_count(
            len(ports),
            PORTS,
            lambda count: msg("{where}: {count} ports, the rulebook has {wanted}", count=count, wanted=PORTS),
        )
        both = [port for port in ports if port in info.data.get("islands", ())]
        if both:
            raise Problem(msg("{where}: {place} is both an island and a port", place=repr(both[0])))
        return ports

    @field_validator("routes", mode="before")
    @classmethod
    def _route_pairs(cls, routes: object) -> object:
        if not isinstance(routes, list):
            raise Problem(msg("{where}: field 'routes' must be an array of [place, place] pairs"))
        for route in routes:
            if not (isinstance(route, list) and len(route) == 2 and all(isinstance(p, str) for p in route)):
                raise Problem(msg("{where}: route {route} is not a pair of place names", route=repr(route)))
        return [tuple(route) for route in routes]

    @model_validator(mode="after")
    def _routes_join_all(self) -> WatersData:
        """Undirected routes between known places, none twice, joining every place."""
        places = (*self.islands, *self.ports)
        seen: set[frozenset[str]] = set()
        for a, b in self.routes:
            for place in (a, b):
                if place not in places:
                    raise Problem(
                        msg("{where}: route {a}–{b}: {place} is no island or port", a=a, b=b, place=repr(place))
                    )
            if a == b:
                raise Problem(msg("{where}: route {a}–{b} joins a place to itself", a=a, b=b))
            if frozenset((a, b)) in seen:
                raise Problem(msg("{where}: route {a}–{b} is listed twice (routes go both ways)", a=a, b=b))
            seen.add(frozenset((a, b)))
        linked = {place for route in self.routes for place in route}
        lonely = [port for port in self.ports if port not in linked]
        if lonely:
            raise Problem(msg("{where}: port {port} has no route", port=repr(lonely[0])))
        unreached = _unreached(places, self.routes)
        if unreached:
            raise Problem(
                msg(
                    "{where}: routes do not connect {places} with {first}",
                    places=", ".join(unreached),
                    first=repr(places[0]),
                )
            )
        return self


class WorkshopAreaData(Item):
    """The workshop area's grid: the blanks the rulebook states around the workshops."""

    rows: Positive
    columns: Positive

    @model_validator(mode="after")
    def _blanks(self) -> WorkshopAreaData:
        """The grid's squares minus six workshops of each size leave the stated blanks."""
        for size, blanks in WORKSHOP_BLANKS.items():
            left = self.rows * self.columns - len(COLOURS) * size
            if left != blanks:
                raise Problem(
                    msg(
                        "{where}: {rows} × {columns} squares leave {left} blanks around six {size}-square workshops; "
                        "the rulebook says {blanks}",
                        rows=self.rows,
                        columns=self.columns,
                        left=left,
                        size=size,
                        blanks=blanks,
                    )
                )
        return self


class WorkshopData(Item):
    """A lace workshop tile: its colour, squares and coin squares."""

    name: str
    colour: ColourName
    squares: list[str]
    coins: list[str] = Field(default_factory=list)
    _once = field_validator("squares", "coins")(once)


class RoofTilesData(Item):
    """The 12 roof tiles of one kind, each of two colours."""

    kind: Annotated[
        RoofKind,
        one_of(RoofKind, lambda name, names: msg("{where}: kind {name} is not one of {names}", name=name, names=names)),
    ]
    tiles: list[tuple[Colour, Colour]] = Field(default=None, validate_default=True)  # missing: not pairs

    @field_validator("tiles", mode="before")
    @classmethod
    def _twelve_tiles(cls, tiles: object) -> object:
        """Twelve tiles of two different colours, stored in the order of `Colour`."""
        if not isinstance(tiles, list):
            raise Problem(msg("{where}: field 'tiles' must be an array of [colour, colour] pairs"))
        pairs: list[tuple[Colour, Colour]] = []
        for index, pair in enumerate(tiles, start=1):
            tile = f"tile {index}"
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)):
                raise Problem(msg("{where}: {pair} is not a pair of colours", pair=repr(pair)), tile)
            try:
                first, second = sorted((Colour(name) for name in pair), key=COLOURS.index)
            except ValueError:
                wrong = next(name for name in pair if name not in {c.value for c in Colour})
                raise Problem(_bad_colour(repr(wrong), ", ".join(c.value for c in Colour)), tile) from None
            if first is second:
                raise Problem(
                    msg("{where}: both halves are {colour}; a tile has two colours", colour=msg(first.value)), tile
                )
            pairs.append((first, second))
        check_count(
            len(pairs),
            ROOF_TILES_PER_KIND,
            lambda count: msg(
                "{where}: {count} tiles, the rulebook has {wanted} of each kind",
                count=count,
                wanted=ROOF_TILES_PER_KIND,
            ),
        )
        return pairs


# --------------------------------------------------------------------------- the boards


def _square(text: str, rows: int, columns: int, where: str) -> Square:
    """A square written as column letter and row number from 1 (``"d1"``), inside a rows × columns grid."""
    square = parse_square(text)
    if square is None or square_name(square) != text:
        raise CardDataError(
            msg(
                "{where}: {text} is not a square like 'a1' (column letter, row number from 1)",
                where=where,
                text=repr(text),
            )
        )
    if not (square[0] < rows and square[1] < columns):
        raise CardDataError(
            msg(
                "{where}: square {text} is outside the {rows} × {columns} grid",
                where=where,
                text=repr(text),
                rows=rows,
                columns=columns,
            )
        )
    return square


def main_island(island: MainIslandData, where: str) -> MainIsland:
    """The pit grid: every square is a pit except the listed gaps; the fountain's pit gets setup's cube."""
    rows, columns = island.rows, island.columns
    grid = {(row, column) for row in range(rows) for column in range(columns)}
    pits = frozenset(grid - {_square(text, rows, columns, where) for text in island.gaps})
    fountain = _square(island.fountain, rows, columns, where)
    if fountain not in pits:
        raise CardDataError(
            msg(
                "{where}: fountain square {square} is not a pit (it is listed in 'gaps')",
                where=where,
                square=repr(island.fountain),
            )
        )
    return MainIsland(rows=rows, columns=columns, pits=pits, fountain=fountain, provenance=island.provenance)


def _unreached(places: tuple[str, ...], routes: Iterable[tuple[str, str]]) -> list[str]:
    """The places no chain of routes joins to the first place, in the order given."""
    reached = {places[0]}
    grown = True
    while grown:
        grown = False
        for a, b in routes:
            if (a in reached) != (b in reached):
                reached |= {a, b}
                grown = True
    return [place for place in places if place not in reached]


# --------------------------------------------------------------------------- the schedule ring


def check_ring_pieces(raws: list[RingPieceData], label: str) -> tuple[RingPiece, ...]:
    """Four pieces lettered A–D, three houses each, at most four fountains on the whole ring."""
    unique(raws, "letter", label, "ring piece")
    pieces: list[RingPiece] = []
    for raw in raws:
        a, b, c = (House(colour=house.colour, symbol=house.symbol) for house in raw.houses)
        pieces.append(RingPiece(letter=raw.letter, houses=(a, b, c), provenance=raw.provenance))
    check_count(
        len(pieces),
        len(RING_LETTERS),
        lambda count: msg(
            "{where}: {count} ring pieces, the rulebook has {wanted} per player (A–D)",
            where=label,
            count=count,
            wanted=len(RING_LETTERS),
        ),
        CardDataError,
    )
    fountains = sum(house.symbol is HouseSymbol.FOUNTAIN for piece in pieces for house in piece.houses)
    if fountains > MAX_FOUNTAINS:
        raise CardDataError(
            msg(
                "{where}: ring pieces show {count} fountains; a ring has at most {most} (the fountain roof scores 1-4)",
                where=label,
                count=fountains,
                most=MAX_FOUNTAINS,
            )
        )
    return tuple(pieces)


# --------------------------------------------------------------------------- the lace workshops


def check_workshops(raws: list[WorkshopData], rows: int, columns: int, label: str) -> tuple[Workshop, ...]:
    """One workshop per colour of each size, each tile edge-joined with its coins on it, and the tiles of
    one size lying side by side in their first-game layout."""
    unique(raws, "name", label, "workshop")
    workshops: list[Workshop] = []
    for raw in raws:
        where, colour = f"{label}: workshop {raw.name!r}", raw.colour
        squares = [_square(text, rows, columns, where) for text in raw.squares]
        if len(squares) not in WORKSHOP_BLANKS:
            large, small = WORKSHOP_BLANKS
            sizes = msg("{first} or {second}", first=large, second=small)
            raise CardDataError(
                msg("{where}: {count} squares; a workshop has {sizes}", where=where, count=len(squares), sizes=sizes)
            )
        if not _edge_joined(squares):
            raise CardDataError(msg("{where}: its squares are not joined edge to edge into one tile", where=where))
        coins = [_square(text, rows, columns, where) for text in raw.coins]
        off = [square for square in coins if square not in squares]
        if off:
            raise CardDataError(
                msg(
                    "{where}: coin square {square} is not a square of the workshop",
                    where=where,
                    square=repr(square_name(off[0])),
                )
            )
        for other in workshops:
            if other.size == len(squares) and other.colour is colour:
                raise CardDataError(
                    msg(
                        "{where}: a second {size}-square {colour} workshop",
                        where=where,
                        size=len(squares),
                        colour=msg(colour.value),
                    )
                )
            shared = sorted(set(squares) & set(other.squares)) if other.size == len(squares) else []
            if shared:
                raise CardDataError(
                    msg(
                        "{where}: square {square} is also on workshop {other}; "
                        "workshops of one size may not overlap in their layout",
                        where=where,
                        square=repr(square_name(shared[0])),
                        other=repr(other.name),
                    )
                )
        workshops.append(
            Workshop(
                name=raw.name,
                colour=colour,
                squares=tuple(squares),
                coins=frozenset(coins),
                provenance=raw.provenance,
            )
        )
    for size in WORKSHOP_BLANKS:
        have = {w.colour for w in workshops if w.size == size}
        if len(have) != len(COLOURS):
            missing = next(c for c in COLOURS if c not in have)
            raise CardDataError(
                msg(
                    "{where}: no {size}-square {colour} workshop; the rulebook has 12, "
                    "one of each colour with 4 squares and with 3",
                    where=label,
                    size=size,
                    colour=msg(missing.value),
                )
            )
    return tuple(workshops)


def _edge_joined(squares: list[Square]) -> bool:
    """Whether the squares form one piece, each reachable from the first through orthogonal steps."""
    remaining = set(squares[1:])
    frontier = [squares[0]]
    while frontier:
        row, column = frontier.pop()
        for step in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            if step in remaining:
                remaining.remove(step)
                frontier.append(step)
    return not remaining


# --------------------------------------------------------------------------- roof tiles


def check_roof_tiles(raws: list[RoofTilesData], label: str) -> Mapping[RoofKind, tuple[RoofTile, ...]]:
    """Four kinds of 12 tiles, each kind once."""
    by_kind: dict[RoofKind, tuple[RoofTile, ...]] = {}
    for raw in raws:
        if raw.kind in by_kind:
            raise CardDataError(
                msg("{where}: the kind is listed twice", where=f"{label}: roof tiles {raw.kind.value!r}")
            )
        by_kind[raw.kind] = tuple(RoofTile(kind=raw.kind, colours=pair) for pair in raw.tiles)
    missing = [kind.value for kind in RoofKind if kind not in by_kind]
    if missing:
        raise CardDataError(
            msg(
                "{where}: no roof tiles of kind {kind}; the rulebook has 4 kinds of 12",
                where=label,
                kind=repr(missing[0]),
            )
        )
    return {kind: by_kind[kind] for kind in RoofKind}

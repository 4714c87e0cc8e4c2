"""The loader of Burano's component data: ``data/components.toml``, or a file of the same schema.

The rulebook states the counts of the box (2. COMPONENTS, 3. SETUP) and lists every building card
(9. BUILDING CARDS), but its pictures are lost, so the packaged file reconstructs the rest: the grids,
the sailing routes, the houses of the schedule ring pieces, the workshop tiles, the roof tiles' colour
pairs, five fish kinds and three ships. A player who owns the game can load the printed data from
their own file instead. That is why the loader is strict: every stated count and every fact the rules
lean on is checked for any file, and every problem is one `CardDataError` line naming the file and the
item at fault, so a bad file is refused at once instead of turning up later as an unplayable board or
a wrong score.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Annotated, ClassVar, TypeVar

from pydantic import Field, ValidationInfo, field_validator, model_validator

from laguna.core.component_data import PACKAGED, read_toml, type_name
from laguna.core.data_model import DataModel, Item, ItemName, Positive, Problem, one_of, validate
from laguna.core.errors import CardDataError
from laguna.core.messages import Message, msg, msg_plural
from laguna.games.burano.components import (
    BUILDING_CARDS,
    COLOURS,
    EFFECT_CARDS,
    EFFECT_COLOURS,
    EFFECT_VP,
    FISH_KINDS,
    FISH_PER_KIND,
    HOUSES_PER_PIECE,
    ISLANDS,
    MAX_FOUNTAINS,
    NAMED_FISH,
    PORTS,
    RING_LETTERS,
    ROOF_TILES_PER_KIND,
    RULEBOOK_SHIP,
    SEAT_ISLANDS,
    SHIPS,
    WORKSHOP_BLANKS,
    BuildingCard,
    Colour,
    Components,
    Effect,
    House,
    HouseSymbol,
    MainIsland,
    RingPiece,
    RoofKind,
    RoofTile,
    Ship,
    Square,
    Waters,
    Workshop,
    parse_square,
    square_name,
)

T = TypeVar("T")

# --------------------------------------------------------------------------- the models of the file


def _bad_colour(name: str, names: str) -> Message:
    return msg("{where}: colour {name} is not one of {names}", name=name, names=names)


ColourName = Annotated[Colour, one_of(Colour, _bad_colour)]


def _once(values: list[T], info: ValidationInfo) -> list[T]:
    """An array names each thing once."""
    twice = [item for item, n in Counter(values).items() if n > 1]
    if twice:
        item = twice[0].value if isinstance(twice[0], Colour) else twice[0]
        raise Problem(msg("{where}: field {key} names {item} twice", key=repr(info.field_name), item=repr(item)))
    return values


class _House(DataModel):
    colour: ColourName
    symbol: Annotated[
        HouseSymbol,
        one_of(
            HouseSymbol, lambda name, names: msg("{where}: symbol {name} is not one of {names}", name=name, names=names)
        ),
    ]


class _RingPiece(Item):
    item_names: ClassVar = {"houses": ItemName("house", sign="")}
    letter: str
    houses: list[_House] = Field(default=None, validate_default=True)  # missing: refused as not three houses

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


class _MainIsland(Item):
    rows: Positive
    columns: Positive
    gaps: list[str] = Field(default_factory=list)
    fountain: str
    _gaps_once = field_validator("gaps")(_once)


class _Waters(Item):
    islands: list[str]
    ports: list[str]
    routes: list[tuple[str, str]]
    _once = field_validator("islands", "ports")(_once)

    @field_validator("islands")
    @classmethod
    def _six_islands(cls, islands: list[str]) -> list[str]:
        if len(islands) != ISLANDS:
            raise Problem(
                msg(
                    "{where}: {count} neighbouring islands, the rulebook has {wanted}",
                    count=len(islands),
                    wanted=ISLANDS,
                )
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
        if len(ports) != PORTS:
            raise Problem(msg("{where}: {count} ports, the rulebook has {wanted}", count=len(ports), wanted=PORTS))
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
    def _routes_join_all(self) -> _Waters:
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


class _Area(Item):
    rows: Positive
    columns: Positive

    @model_validator(mode="after")
    def _blanks(self) -> _Area:
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


class _Workshop(Item):
    name: str
    colour: ColourName
    squares: list[str]
    coins: list[str] = Field(default_factory=list)
    _once = field_validator("squares", "coins")(_once)


class _RoofTiles(Item):
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
        if len(pairs) != ROOF_TILES_PER_KIND:
            raise Problem(
                msg(
                    "{where}: {count} tiles, the rulebook has {wanted} of each kind",
                    count=len(pairs),
                    wanted=ROOF_TILES_PER_KIND,
                )
            )
        return pairs


class _FishKind(Item):
    name: str

    @field_validator("name")
    @classmethod
    def _named(cls, name: str) -> str:
        if not name.strip():
            raise Problem(msg("{where}: name is empty"))
        return name


class _Fish(Item):
    item_names: ClassVar = {"kind": ItemName("fish kind", "name", from_file=True)}
    cards_per_kind: int
    kind: list[_FishKind]

    @field_validator("cards_per_kind")
    @classmethod
    def _six_per_kind(cls, per_kind: int) -> int:
        if per_kind != FISH_PER_KIND:
            raise Problem(
                msg(
                    "{where}: {count} cards per kind, the rulebook has {wanted} (48 in 8 kinds)",
                    count=per_kind,
                    wanted=FISH_PER_KIND,
                )
            )
        return per_kind


class _Ship(Item):
    name: str
    demand: dict[str, int] = Field(default=None, validate_default=True)  # missing: refused as not a table
    vp: int

    @field_validator("demand", mode="before")
    @classmethod
    def _demand(cls, demand: object) -> object:
        if not isinstance(demand, dict) or not demand:
            raise Problem(msg("{where}: field 'demand' must be a table of fish kind = number of cards"))
        for kind, count in demand.items():
            if isinstance(count, bool) or not isinstance(count, int):
                problem = msg(
                    "{where}: field {key} must be an integer, not {kind}", key=repr(kind), kind=type_name(count)
                )
                raise Problem(problem, "demand")
            if count <= 0:
                raise Problem(
                    msg("{where}: demand of {kind} must be positive, not {count}", kind=repr(kind), count=count)
                )
        return demand

    @field_validator("vp")
    @classmethod
    def _scores(cls, vp: int) -> int:
        if vp <= 0:
            raise Problem(msg("{where}: vp must be positive, not {vp}", vp=vp))
        return vp


class _Card(Item):
    id: str
    effect: Annotated[
        Effect,
        one_of(Effect, lambda name, names: msg("{where}: effect {name} is not one of {names}", name=name, names=names)),
    ]
    colours: list[ColourName] = Field(default_factory=list)
    fish: list[str] = Field(default_factory=list)
    vp: int
    title: str
    _once = field_validator("colours", "fish")(_once)

    @model_validator(mode="after")
    def _as_the_rulebook_lists(self) -> _Card:
        """The card's specific colours or fish kinds, and its own VP, as its effect has them."""
        effect = self.effect
        wanted = EFFECT_COLOURS.get(effect, 0)
        if len(self.colours) != wanted:
            raise Problem(
                msg_plural(
                    "{where}: names {count} colour; a {effect} card names {wanted}",
                    "{where}: names {count} colours; a {effect} card names {wanted}",
                    len(self.colours),
                    effect=effect.value,
                    wanted=wanted,
                )
            )
        if effect is Effect.SOLD_FISH_VP and not self.fish:
            raise Problem(msg("{where}: a {effect} card names its fish kinds", effect=effect.value))
        if effect is not Effect.SOLD_FISH_VP and self.fish:
            raise Problem(msg("{where}: only {effect} cards name fish kinds", effect=Effect.SOLD_FISH_VP.value))
        if self.vp != EFFECT_VP.get(effect, 0):
            raise Problem(
                msg(
                    "{where}: vp {vp}; a {effect} card scores {wanted}",
                    vp=self.vp,
                    effect=effect.value,
                    wanted=EFFECT_VP.get(effect, 0),
                )
            )
        if not self.title.strip():
            raise Problem(msg("{where}: title is empty"))
        return self


class _ComponentFile(DataModel):
    item_names: ClassVar = {
        "ring_piece": ItemName("ring piece", "letter"),
        "workshop": ItemName("workshop", "name"),
        "roof_tiles": ItemName("roof tiles", "kind"),
        "ship": ItemName("ship", "name"),
        "building_card": ItemName("building card", "id"),
    }
    fish: _Fish
    workshop_area: _Area
    main_island: _MainIsland
    waters: _Waters
    ring_piece: list[_RingPiece]
    workshop: list[_Workshop]
    roof_tiles: list[_RoofTiles]
    ship: list[_Ship]
    building_card: list[_Card]


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
    document = validate(_ComponentFile, data, label)
    area = document.workshop_area
    fish_kinds = _fish_kinds(document.fish, label)
    return Components(
        source=source,
        main_island=_main_island(document.main_island, f"{label}: [main_island]"),
        waters=Waters(
            islands=tuple(document.waters.islands),
            ports=tuple(document.waters.ports),
            routes=tuple(document.waters.routes),
            provenance=document.waters.provenance,
        ),
        ring_pieces=_ring_pieces(document.ring_piece, label),
        workshop_rows=area.rows,
        workshop_columns=area.columns,
        workshops=_workshops(document.workshop, area.rows, area.columns, label),
        roof_tiles=_roof_tiles(document.roof_tiles, label),
        fish_kinds=fish_kinds,
        fish_per_kind=document.fish.cards_per_kind,
        ships=_ships(document.ship, fish_kinds, label),
        building_cards=_cards(document.building_card, fish_kinds, label),
    )


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


def _main_island(island: _MainIsland, where: str) -> MainIsland:
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


def _ring_pieces(raws: list[_RingPiece], label: str) -> tuple[RingPiece, ...]:
    """Four pieces lettered A–D, three houses each, at most four fountains on the whole ring."""
    pieces: list[RingPiece] = []
    for raw in raws:
        if any(piece.letter == raw.letter for piece in pieces):
            raise CardDataError(msg("{where}: duplicate letter", where=f"{label}: ring piece {raw.letter!r}"))
        a, b, c = (House(colour=house.colour, symbol=house.symbol) for house in raw.houses)
        pieces.append(RingPiece(letter=raw.letter, houses=(a, b, c), provenance=raw.provenance))
    if len(pieces) != len(RING_LETTERS):
        raise CardDataError(
            msg(
                "{where}: {count} ring pieces, the rulebook has {wanted} per player (A–D)",
                where=label,
                count=len(pieces),
                wanted=len(RING_LETTERS),
            )
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


def _workshops(raws: list[_Workshop], rows: int, columns: int, label: str) -> tuple[Workshop, ...]:
    """One workshop per colour of each size, each tile edge-joined with its coins on it, and the tiles of
    one size lying side by side in their first-game layout."""
    workshops: list[Workshop] = []
    for raw in raws:
        where, colour = f"{label}: workshop {raw.name!r}", raw.colour
        if any(w.name == raw.name for w in workshops):
            raise CardDataError(msg("{where}: duplicate name", where=where))
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


# --------------------------------------------------------------------------- roof tiles and fish


def _roof_tiles(raws: list[_RoofTiles], label: str) -> Mapping[RoofKind, tuple[RoofTile, ...]]:
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


def _fish_kinds(fish: _Fish, label: str) -> tuple[str, ...]:
    """Eight kinds of six cards; the kinds the rulebook names must be among them."""
    kinds: list[str] = []
    for kind in fish.kind:
        if kind.name in kinds:
            raise CardDataError(msg("{where}: duplicate name", where=f"{label}: fish kind {kind.name!r}"))
        kinds.append(kind.name)
    where = f"{label}: [fish]"
    if len(kinds) != FISH_KINDS:
        raise CardDataError(
            msg(
                "{where}: {count} fish kinds, the rulebook has {wanted} (of 6 cards each)",
                where=where,
                count=len(kinds),
                wanted=FISH_KINDS,
            )
        )
    unnamed = [name for name in NAMED_FISH if name not in kinds]
    if unnamed:
        raise CardDataError(
            msg("{where}: no fish kind {kind}, which the rulebook names", where=where, kind=repr(unnamed[0]))
        )
    return tuple(kinds)


def _fish_kind(name: str, fish_kinds: tuple[str, ...], where: str) -> str:
    if name not in fish_kinds:
        raise CardDataError(
            msg(
                "{where}: unknown fish kind {name} (kinds: {kinds})",
                where=where,
                name=repr(name),
                kinds=", ".join(fish_kinds),
            )
        )
    return name


# --------------------------------------------------------------------------- ships and building cards


def _ships(raws: list[_Ship], fish_kinds: tuple[str, ...], label: str) -> tuple[Ship, ...]:
    """Four ships, each demanding known fish for a positive VP; the rulebook's ship among them."""
    ships: list[Ship] = []
    for raw in raws:
        where = f"{label}: ship {raw.name!r}"
        if any(ship.name == raw.name for ship in ships):
            raise CardDataError(msg("{where}: duplicate name", where=where))
        demand = tuple((_fish_kind(kind, fish_kinds, where), count) for kind, count in raw.demand.items())
        ships.append(Ship(name=raw.name, demand=demand, vp=raw.vp, provenance=raw.provenance))
    if len(ships) != SHIPS:
        raise CardDataError(
            msg(
                "{where}: {count} merchant ships, the rulebook has {wanted}",
                where=label,
                count=len(ships),
                wanted=SHIPS,
            )
        )
    wanted, vp = RULEBOOK_SHIP
    if not any(dict(ship.demand) == wanted and ship.vp == vp for ship in ships):
        text = " + ".join(f"{count} {kind}" for kind, count in wanted.items())
        raise CardDataError(
            msg(
                "{where}: no ship demanding {demand} for {vp} VP, the rulebook's trading example",
                where=label,
                demand=text,
                vp=vp,
            )
        )
    return tuple(ships)


def _cards(raws: list[_Card], fish_kinds: tuple[str, ...], label: str) -> tuple[BuildingCard, ...]:
    """The 16 cards the rulebook lists: each id once, the effect counts, each colour once per effect."""
    cards: list[BuildingCard] = []
    for raw in raws:
        where = f"{label}: building card {raw.id!r}"
        if any(card.id == raw.id for card in cards):
            raise CardDataError(msg("{where}: duplicate id", where=where))
        cards.append(
            BuildingCard(
                id=raw.id,
                effect=raw.effect,
                colours=frozenset(raw.colours),
                fish=frozenset(_fish_kind(name, fish_kinds, where) for name in raw.fish),
                vp=raw.vp,
                title=raw.title,
                provenance=raw.provenance,
            )
        )
    if len(cards) != BUILDING_CARDS:
        raise CardDataError(
            msg(
                "{where}: {count} building cards, the rulebook has {wanted}",
                where=label,
                count=len(cards),
                wanted=BUILDING_CARDS,
            )
        )
    counts = Counter(card.effect for card in cards)
    for effect, wanted in EFFECT_CARDS.items():
        if counts[effect] != wanted:
            raise CardDataError(
                msg(
                    "{where}: {count} {effect} cards, the rulebook has {wanted}",
                    where=label,
                    count=counts[effect],
                    effect=effect.value,
                    wanted=wanted,
                )
            )
    for effect in EFFECT_COLOURS:
        shown = Counter(colour for card in cards if card.effect is effect for colour in card.colours)
        wrong = next((c for c in COLOURS if shown[c] != 1), None)
        if wrong is not None:
            raise CardDataError(
                msg(
                    "{where}: {colour} is on {count} {effect} cards; "
                    "the rulebook's types of one effect show each colour once",
                    where=label,
                    colour=msg(wrong.value),
                    count=shown[wrong],
                    effect=effect.value,
                )
            )
    return tuple(cards)

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
from typing import Any, Final

from laguna.core.component_data import (
    PACKAGED,
    check_keys,
    int_field,
    item_label,
    positive_int,
    read_toml,
    required_provenance,
    required_str,
    required_table,
    table_array,
    table_item,
)
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, msg, msg_plural
from laguna.games.burano.components import (
    COLOURS,
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

_TOP_KEYS: Final = frozenset(
    {"main_island", "waters", "ring_piece", "workshop_area", "workshop", "roof_tiles", "fish", "ship", "building_card"}
)
_ITEM: Final = frozenset({"provenance", "note"})
_MAIN_ISLAND_KEYS: Final = _ITEM | {"rows", "columns", "gaps", "fountain"}
_WATERS_KEYS: Final = _ITEM | {"islands", "ports", "routes"}
_RING_KEYS: Final = _ITEM | {"letter", "houses"}
_HOUSE_KEYS: Final = frozenset({"colour", "symbol"})
_AREA_KEYS: Final = _ITEM | {"rows", "columns"}
_WORKSHOP_KEYS: Final = _ITEM | {"name", "colour", "squares", "coins"}
_ROOF_KEYS: Final = _ITEM | {"kind", "tiles"}
_FISH_KEYS: Final = _ITEM | {"cards_per_kind", "kind"}
_FISH_KIND_KEYS: Final = _ITEM | {"name"}
_SHIP_KEYS: Final = _ITEM | {"name", "demand", "vp"}
_CARD_KEYS: Final = _ITEM | {"id", "effect", "colours", "fish", "vp", "title"}


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
    check_keys(data, _TOP_KEYS, label, "top-level key")
    fish_kinds, fish_per_kind = _parse_fish(required_table(data, "fish", label), label)
    rows, columns = _parse_area(required_table(data, "workshop_area", label), label)
    return Components(
        source=source,
        main_island=_parse_main_island(required_table(data, "main_island", label), label),
        waters=_parse_waters(required_table(data, "waters", label), label),
        ring_pieces=_parse_ring_pieces(table_array(data, "ring_piece", label, "ring_piece"), label),
        workshop_rows=rows,
        workshop_columns=columns,
        workshops=_parse_workshops(table_array(data, "workshop", label, "workshop"), rows, columns, label),
        roof_tiles=_parse_roof_tiles(table_array(data, "roof_tiles", label, "roof_tiles"), label),
        fish_kinds=fish_kinds,
        fish_per_kind=fish_per_kind,
        ships=_parse_ships(table_array(data, "ship", label, "ship"), fish_kinds, label),
        building_cards=_parse_cards(table_array(data, "building_card", label, "building_card"), fish_kinds, label),
    )


# --------------------------------------------------------------------------- shared field readers


def _strings(table: Mapping[str, Any], key: str, where: str, default: list[str] | None = None) -> list[str]:
    """A field holding an array of strings, none of them twice; `default=None` makes it required."""
    value = table.get(key, default)
    if value is None:
        raise CardDataError(msg("{where}: field {key} is missing", where=where, key=repr(key)))
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise CardDataError(msg("{where}: field {key} must be an array of strings", where=where, key=repr(key)))
    twice = [item for item, n in Counter(value).items() if n > 1]
    if twice:
        raise CardDataError(
            msg("{where}: field {key} names {item} twice", where=where, key=repr(key), item=repr(twice[0]))
        )
    return value


def _colour(name: str, where: str) -> Colour:
    try:
        return Colour(name)
    except ValueError:
        names = ", ".join(c.value for c in Colour)
        raise CardDataError(
            msg("{where}: colour {name} is not one of {names}", where=where, name=repr(name), names=names)
        ) from None


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


def _squares(
    table: Mapping[str, Any], key: str, rows: int, columns: int, where: str, *, default: list[str] | None = None
) -> list[Square]:
    """A field holding an array of squares, none of them twice; `default=None` makes it required."""
    return [_square(text, rows, columns, where) for text in _strings(table, key, where, default)]


# --------------------------------------------------------------------------- the boards


def _parse_main_island(raw: Mapping[str, Any], label: str) -> MainIsland:
    """The pit grid: every square is a pit except the listed gaps; the fountain's pit gets setup's cube."""
    where = f"{label}: [main_island]"
    check_keys(raw, _MAIN_ISLAND_KEYS, where, "key")
    rows = positive_int(raw, "rows", where)
    columns = positive_int(raw, "columns", where)
    grid = {(row, column) for row in range(rows) for column in range(columns)}
    pits = frozenset(grid - set(_squares(raw, "gaps", rows, columns, where, default=[])))
    fountain_name = required_str(raw, "fountain", where)
    fountain = _square(fountain_name, rows, columns, where)
    if fountain not in pits:
        raise CardDataError(
            msg(
                "{where}: fountain square {square} is not a pit (it is listed in 'gaps')",
                where=where,
                square=repr(fountain_name),
            )
        )
    return MainIsland(
        rows=rows, columns=columns, pits=pits, fountain=fountain, provenance=required_provenance(raw, where)
    )


def _parse_waters(raw: Mapping[str, Any], label: str) -> Waters:
    """Six islands (A–D among them), two ports, and undirected routes joining them all."""
    where = f"{label}: [waters]"
    check_keys(raw, _WATERS_KEYS, where, "key")
    islands = _strings(raw, "islands", where)
    if len(islands) != ISLANDS:
        raise CardDataError(
            msg(
                "{where}: {count} neighbouring islands, the rulebook has {wanted}",
                where=where,
                count=len(islands),
                wanted=ISLANDS,
            )
        )
    missing = [letter for letter in SEAT_ISLANDS if letter not in islands]
    if missing:
        raise CardDataError(
            msg(
                "{where}: no island {island}; four islands are lettered {letters} for the seats",
                where=where,
                island=repr(missing[0]),
                letters=", ".join(SEAT_ISLANDS),
            )
        )
    ports = _strings(raw, "ports", where)
    if len(ports) != PORTS:
        raise CardDataError(
            msg("{where}: {count} ports, the rulebook has {wanted}", where=where, count=len(ports), wanted=PORTS)
        )
    both = [port for port in ports if port in islands]
    if both:
        raise CardDataError(msg("{where}: {place} is both an island and a port", where=where, place=repr(both[0])))

    places = (*islands, *ports)
    routes_raw = raw.get("routes")
    if routes_raw is None:
        raise CardDataError(msg("{where}: field 'routes' is missing", where=where))
    if not isinstance(routes_raw, list):
        raise CardDataError(msg("{where}: field 'routes' must be an array of [place, place] pairs", where=where))
    routes: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for route in routes_raw:
        if not (isinstance(route, list) and len(route) == 2 and all(isinstance(p, str) for p in route)):
            raise CardDataError(
                msg("{where}: route {route} is not a pair of place names", where=where, route=repr(route))
            )
        a, b = route
        for place in (a, b):
            if place not in places:
                raise CardDataError(
                    msg(
                        "{where}: route {a}–{b}: {place} is no island or port", where=where, a=a, b=b, place=repr(place)
                    )
                )
        if a == b:
            raise CardDataError(msg("{where}: route {a}–{b} joins a place to itself", where=where, a=a, b=b))
        if frozenset(route) in seen:
            raise CardDataError(
                msg("{where}: route {a}–{b} is listed twice (routes go both ways)", where=where, a=a, b=b)
            )
        seen.add(frozenset(route))
        routes.append((a, b))
    linked = {place for route in routes for place in route}
    lonely = [port for port in ports if port not in linked]
    if lonely:
        raise CardDataError(msg("{where}: port {port} has no route", where=where, port=repr(lonely[0])))
    unreached = _unreached(places, routes)
    if unreached:
        raise CardDataError(
            msg(
                "{where}: routes do not connect {places} with {first}",
                where=where,
                places=", ".join(unreached),
                first=repr(places[0]),
            )
        )
    return Waters(
        islands=tuple(islands), ports=tuple(ports), routes=tuple(routes), provenance=required_provenance(raw, where)
    )


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


def _parse_ring_pieces(raws: list[Any], label: str) -> tuple[RingPiece, ...]:
    """Four pieces lettered A–D, three houses each, at most four fountains on the whole ring."""
    pieces: list[RingPiece] = []
    for number, raw in enumerate(raws, start=1):
        where = item_label(label, "ring piece", raw, "letter", number)
        table = table_item(raw, where, _RING_KEYS)
        letter = required_str(table, "letter", where)
        if letter not in RING_LETTERS:
            raise CardDataError(
                msg("{where}: letter must be one of {letters}", where=where, letters=", ".join(RING_LETTERS))
            )
        if any(piece.letter == letter for piece in pieces):
            raise CardDataError(msg("{where}: duplicate letter", where=where))
        houses_raw = table.get("houses")
        if not isinstance(houses_raw, list) or len(houses_raw) != HOUSES_PER_PIECE:
            raise CardDataError(
                msg(
                    "{where}: field 'houses' must be an array of {count} house tables",
                    where=where,
                    count=HOUSES_PER_PIECE,
                )
            )
        a, b, c = (_parse_house(house, f"{where}: house {i}") for i, house in enumerate(houses_raw, start=1))
        pieces.append(RingPiece(letter=letter, houses=(a, b, c), provenance=required_provenance(table, where)))
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


def _parse_house(raw: object, where: str) -> House:
    if not isinstance(raw, dict):
        raise CardDataError(
            msg("{where}: must be a table like {example}", where=where, example='{ colour = "pink", symbol = "coin" }')
        )
    check_keys(raw, _HOUSE_KEYS, where, "key")
    colour = _colour(required_str(raw, "colour", where), where)
    symbol_name = required_str(raw, "symbol", where)
    try:
        symbol = HouseSymbol(symbol_name)
    except ValueError:
        names = ", ".join(s.value for s in HouseSymbol)
        raise CardDataError(
            msg("{where}: symbol {name} is not one of {names}", where=where, name=repr(symbol_name), names=names)
        ) from None
    return House(colour=colour, symbol=symbol)


# --------------------------------------------------------------------------- the lace workshops


def _parse_area(raw: Mapping[str, Any], label: str) -> tuple[int, int]:
    """The workshop grid: its squares minus six workshops of each size leave the stated blanks."""
    where = f"{label}: [workshop_area]"
    check_keys(raw, _AREA_KEYS, where, "key")
    rows = positive_int(raw, "rows", where)
    columns = positive_int(raw, "columns", where)
    required_provenance(raw, where)
    for size, blanks in WORKSHOP_BLANKS.items():
        left = rows * columns - len(COLOURS) * size
        if left != blanks:
            raise CardDataError(
                msg(
                    "{where}: {rows} × {columns} squares leave {left} blanks around six {size}-square workshops; "
                    "the rulebook says {blanks}",
                    where=where,
                    rows=rows,
                    columns=columns,
                    left=left,
                    size=size,
                    blanks=blanks,
                )
            )
    return rows, columns


def _parse_workshops(raws: list[Any], rows: int, columns: int, label: str) -> tuple[Workshop, ...]:
    """One workshop per colour of each size, each tile edge-joined with its coins on it, and the tiles of
    one size lying side by side in their first-game layout."""
    workshops: list[Workshop] = []
    for number, raw in enumerate(raws, start=1):
        where = item_label(label, "workshop", raw, "name", number)
        table = table_item(raw, where, _WORKSHOP_KEYS)
        name = required_str(table, "name", where)
        if any(w.name == name for w in workshops):
            raise CardDataError(msg("{where}: duplicate name", where=where))
        colour = _colour(required_str(table, "colour", where), where)
        squares = _squares(table, "squares", rows, columns, where)
        if len(squares) not in WORKSHOP_BLANKS:
            large, small = WORKSHOP_BLANKS
            sizes = msg("{first} or {second}", first=large, second=small)
            raise CardDataError(
                msg("{where}: {count} squares; a workshop has {sizes}", where=where, count=len(squares), sizes=sizes)
            )
        if not _edge_joined(squares):
            raise CardDataError(msg("{where}: its squares are not joined edge to edge into one tile", where=where))
        coins = _squares(table, "coins", rows, columns, where, default=[])
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
                name=name,
                colour=colour,
                squares=tuple(squares),
                coins=frozenset(coins),
                provenance=required_provenance(table, where),
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


def _parse_roof_tiles(raws: list[Any], label: str) -> Mapping[RoofKind, tuple[RoofTile, ...]]:
    """Four kinds of 12 tiles, each tile two different colours, stored in the order of `Colour`."""
    by_kind: dict[RoofKind, tuple[RoofTile, ...]] = {}
    for number, raw in enumerate(raws, start=1):
        where = item_label(label, "roof tiles", raw, "kind", number)
        table = table_item(raw, where, _ROOF_KEYS)
        kind_name = required_str(table, "kind", where)
        try:
            kind = RoofKind(kind_name)
        except ValueError:
            names = ", ".join(k.value for k in RoofKind)
            raise CardDataError(
                msg("{where}: kind {name} is not one of {names}", where=where, name=repr(kind_name), names=names)
            ) from None
        if kind in by_kind:
            raise CardDataError(msg("{where}: the kind is listed twice", where=where))
        tiles_raw = table.get("tiles")
        if not isinstance(tiles_raw, list):
            raise CardDataError(msg("{where}: field 'tiles' must be an array of [colour, colour] pairs", where=where))
        tiles: list[RoofTile] = []
        for index, pair in enumerate(tiles_raw, start=1):
            tile_where = f"{where}: tile {index}"
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)):
                raise CardDataError(msg("{where}: {pair} is not a pair of colours", where=tile_where, pair=repr(pair)))
            first, second = sorted((_colour(name, tile_where) for name in pair), key=COLOURS.index)
            if first is second:
                raise CardDataError(
                    msg(
                        "{where}: both halves are {colour}; a tile has two colours",
                        where=tile_where,
                        colour=msg(first.value),
                    )
                )
            tiles.append(RoofTile(kind=kind, colours=(first, second)))
        if len(tiles) != ROOF_TILES_PER_KIND:
            raise CardDataError(
                msg(
                    "{where}: {count} tiles, the rulebook has {wanted} of each kind",
                    where=where,
                    count=len(tiles),
                    wanted=ROOF_TILES_PER_KIND,
                )
            )
        required_provenance(table, where)
        by_kind[kind] = tuple(tiles)
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


def _parse_fish(raw: Mapping[str, Any], label: str) -> tuple[tuple[str, ...], int]:
    """Eight kinds of six cards; the kinds the rulebook names must be among them."""
    where = f"{label}: [fish]"
    check_keys(raw, _FISH_KEYS, where, "key")
    per_kind = int_field(raw, "cards_per_kind", where)
    if per_kind != FISH_PER_KIND:
        raise CardDataError(
            msg(
                "{where}: {count} cards per kind, the rulebook has {wanted} (48 in 8 kinds)",
                where=where,
                count=per_kind,
                wanted=FISH_PER_KIND,
            )
        )
    required_provenance(raw, where)
    kinds: list[str] = []
    for number, kind_raw in enumerate(table_array(raw, "kind", where, "fish.kind"), start=1):
        kind_where = item_label(label, "fish kind", kind_raw, "name", number)
        table = table_item(kind_raw, kind_where, _FISH_KIND_KEYS)
        name = required_str(table, "name", kind_where)
        if not name.strip():
            raise CardDataError(msg("{where}: name is empty", where=kind_where))
        if name in kinds:
            raise CardDataError(msg("{where}: duplicate name", where=kind_where))
        required_provenance(table, kind_where)
        kinds.append(name)
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
    return tuple(kinds), per_kind


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


def _parse_ships(raws: list[Any], fish_kinds: tuple[str, ...], label: str) -> tuple[Ship, ...]:
    """Four ships, each demanding known fish for a positive VP; the rulebook's ship among them."""
    ships: list[Ship] = []
    for number, raw in enumerate(raws, start=1):
        where = item_label(label, "ship", raw, "name", number)
        table = table_item(raw, where, _SHIP_KEYS)
        name = required_str(table, "name", where)
        if any(ship.name == name for ship in ships):
            raise CardDataError(msg("{where}: duplicate name", where=where))
        demand_raw = table.get("demand")
        if not isinstance(demand_raw, dict) or not demand_raw:
            raise CardDataError(
                msg("{where}: field 'demand' must be a table of fish kind = number of cards", where=where)
            )
        demand: list[tuple[str, int]] = []
        for kind in demand_raw:
            count = int_field(demand_raw, kind, f"{where}: demand")
            if count <= 0:
                raise CardDataError(
                    msg(
                        "{where}: demand of {kind} must be positive, not {count}",
                        where=where,
                        kind=repr(kind),
                        count=count,
                    )
                )
            demand.append((_fish_kind(kind, fish_kinds, where), count))
        vp = int_field(table, "vp", where)
        if vp <= 0:
            raise CardDataError(msg("{where}: vp must be positive, not {vp}", where=where, vp=vp))
        ships.append(Ship(name=name, demand=tuple(demand), vp=vp, provenance=required_provenance(table, where)))
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


def _parse_cards(raws: list[Any], fish_kinds: tuple[str, ...], label: str) -> tuple[BuildingCard, ...]:
    """The 16 cards the rulebook lists: effect counts, specific colours or fish, and their own VP."""
    cards: list[BuildingCard] = []
    for number, raw in enumerate(raws, start=1):
        where = item_label(label, "building card", raw, "id", number)
        table = table_item(raw, where, _CARD_KEYS)
        card_id = required_str(table, "id", where)
        if any(card.id == card_id for card in cards):
            raise CardDataError(msg("{where}: duplicate id", where=where))
        effect_name = required_str(table, "effect", where)
        try:
            effect = Effect(effect_name)
        except ValueError:
            names = ", ".join(e.value for e in Effect)
            raise CardDataError(
                msg("{where}: effect {name} is not one of {names}", where=where, name=repr(effect_name), names=names)
            ) from None
        colours = [_colour(name, where) for name in _strings(table, "colours", where, default=[])]
        wanted = EFFECT_COLOURS.get(effect, 0)
        if len(colours) != wanted:
            raise CardDataError(
                msg_plural(
                    "{where}: names {count} colour; a {effect} card names {wanted}",
                    "{where}: names {count} colours; a {effect} card names {wanted}",
                    len(colours),
                    where=where,
                    effect=effect.value,
                    wanted=wanted,
                )
            )
        fish = [_fish_kind(name, fish_kinds, where) for name in _strings(table, "fish", where, default=[])]
        if effect is Effect.SOLD_FISH_VP and not fish:
            raise CardDataError(msg("{where}: a {effect} card names its fish kinds", where=where, effect=effect.value))
        if effect is not Effect.SOLD_FISH_VP and fish:
            raise CardDataError(
                msg("{where}: only {effect} cards name fish kinds", where=where, effect=Effect.SOLD_FISH_VP.value)
            )
        vp = int_field(table, "vp", where)
        if vp != EFFECT_VP.get(effect, 0):
            raise CardDataError(
                msg(
                    "{where}: vp {vp}; a {effect} card scores {wanted}",
                    where=where,
                    vp=vp,
                    effect=effect.value,
                    wanted=EFFECT_VP.get(effect, 0),
                )
            )
        title = required_str(table, "title", where)
        if not title.strip():
            raise CardDataError(msg("{where}: title is empty", where=where))
        cards.append(
            BuildingCard(
                id=card_id,
                effect=effect,
                colours=frozenset(colours),
                fish=frozenset(fish),
                vp=vp,
                title=title,
                provenance=required_provenance(table, where),
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

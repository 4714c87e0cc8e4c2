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
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from laguna.core.component_data import (
    PACKAGED,
    check_keys,
    int_field,
    item_label,
    optional_str,
    positive_int,
    read_toml,
    required_provenance,
    required_str,
    required_table,
    table_array,
    table_item,
    type_name,
)
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, Message, msg, msg_plural
from laguna.games.murano.components import (
    PLAYER_COLOURS,
    Action,
    ActionSpace,
    Bead,
    BoardSide,
    Building,
    CharacterCard,
    CharacterKind,
    Components,
    Customer,
    Island,
    PalaceTile,
    Removals,
    ShopTile,
    Space,
    SpecialCard,
    SpecialEffect,
    StreetTile,
)

# The counts and facts the rules state.
ACTION_SPACES: Final[Mapping[Action, int]] = {
    Action.BUILD: 3,
    Action.BUY_FACTORY: 2,
    Action.BUY_SHOP: 2,
    Action.BUY_PALACE: 2,
    Action.RECRUIT: 2,
    Action.PLACE_GONDOLIER: 2,
    Action.TAKE_GOLD: 1,
    Action.BUY_SPECIAL: 1,
    Action.INCOME: 1,
    Action.PRODUCTION: 1,
    Action.GONDOLIER: 1,
}
"""Action → how many action spaces show it (The Actions: "2x on the game board", …); 18 in all."""
ANCHORS: Final = 8
"""Setup puts one of the eight ships on each action space with an anchor."""
SIDES: Final[Mapping[str, int]] = {"4": 6, "2-3": 5}
"""Board side → its building islands: on the 2–3-player side Sacca Serenella only holds cards."""
CARD_ISLAND: Final = "Sacca Serenella"
"""The island that is only a space for cards on the 2–3-player side."""
NAMED_ISLANDS: Final = ("Sacca Serenella", "San Donato", "Sacca Mattia")
"""The building islands the rules page names (the production example)."""
STREETS: Final = 42
SHOPS_PER_COLOUR: Final = 4
PALACES: Final = 12
CRESTS: Final = (1, 3)
"""Each palace shows at least 1 and at most 3 crests."""
FACTORIES: Final = 12
SPECIAL_BUILDINGS: Final = 12
BEADS_PER_COLOUR: Final = 10
CHARACTERS: Final = 40
SERENELLA_CARDS: Final = 2
"""A 2- or 3-player game removes the two character cards of Sacca Serenella."""
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
SPECIAL_CARDS: Final[Mapping[SpecialEffect, int]] = {
    effect: {SpecialEffect.STUDIO: 3, SpecialEffect.CONSTRUCTION_CRANE: 2}.get(effect, 1) for effect in SpecialEffect
}
"""Effect → how many of the 15 special building cards have it."""
STUDIO_PAIRS: Final = (
    frozenset({Bead.RED, Bead.GREEN}),
    frozenset({Bead.RED, Bead.BLUE}),
    frozenset({Bead.BLUE, Bead.GREEN}),
)
"""The bead colours of the three Studios, as the rules page names them."""

KIND_PARAMS: Final[Mapping[CharacterKind, frozenset[str]]] = {
    CharacterKind.SHOPS_OF_COLOUR: frozenset({"colour", "vp"}),
    CharacterKind.BUILDINGS: frozenset({"buildings", "vp"}),
    CharacterKind.MONOPOLY: frozenset({"vp"}),
    CharacterKind.GOLD_EXCHANGE: frozenset({"requires", "table"}),
    CharacterKind.FEW_CUSTOMERS: frozenset({"vp"}),
    CharacterKind.ONE_OF_EACH: frozenset({"vp"}),
    CharacterKind.ALL_CUSTOMERS: frozenset({"table"}),
    CharacterKind.CUSTOMERS_OF_COLOUR: frozenset({"colour", "table"}),
    CharacterKind.CRESTS: frozenset(),
    CharacterKind.OWN_AND_OTHERS: frozenset({"own", "others"}),
    CharacterKind.SPECIALS_EQUAL_CUSTOMERS: frozenset({"colour", "vp"}),
    CharacterKind.CRESTS_EQUAL: frozenset({"buildings", "vp"}),
    CharacterKind.EQUAL_BUILDINGS: frozenset({"vp"}),
    CharacterKind.BALANCE: frozenset({"vp"}),
    CharacterKind.ONE_CREST: frozenset({"vp"}),
    CharacterKind.THREE_OWN: frozenset({"island", "vp"}),
    CharacterKind.TWO_GONDOLIERS: frozenset({"island", "vp"}),
    CharacterKind.BEADS: frozenset({"bead", "island", "vp"}),
}
"""Kind → the parameters a card of that kind names; it names no others."""
KIND_VP: Final[Mapping[CharacterKind, tuple[int, ...]]] = {
    CharacterKind.SHOPS_OF_COLOUR: (4,),
    CharacterKind.BUILDINGS: (2, 3),
    CharacterKind.MONOPOLY: (12,),
    CharacterKind.FEW_CUSTOMERS: (10,),
    CharacterKind.ONE_OF_EACH: (12,),
    CharacterKind.SPECIALS_EQUAL_CUSTOMERS: (12,),
    CharacterKind.CRESTS_EQUAL: (12,),
    CharacterKind.EQUAL_BUILDINGS: (16,),
    CharacterKind.BALANCE: (12,),
    CharacterKind.ONE_CREST: (12,),
    CharacterKind.THREE_OWN: (10,),
    CharacterKind.TWO_GONDOLIERS: (10,),
    CharacterKind.BEADS: (7,),
}
"""Kind → the VP the rules page gives a card of that kind."""
OWN_AND_OTHERS: Final = ((1, 2), (2, 1))
"""1 VP per own building and 2 per opponents' one, or vice-versa."""
CRESTS_EQUAL_BUILDINGS: Final = (Building.FACTORY, Building.SHOP)
"""The crests match the number of glass factories or of shops."""
EXCHANGE_GOLD: Final = 8
"""A gold-exchange card takes up to 8 gold."""
EXCHANGE_STEP: Final = (4, 3)
"""The rules' example: 4 gold for 3 VP."""
EXCHANGE_REQUIRES: Final = (
    {"blue": 2, "grey": 1, "palace": 1, "special": 1},
    {"red": 2, "grey": 1, "palace": 1, "special": 1},
)
"""The requirements of the two gold-exchange cards, as the rules page states them."""
REQUIREMENTS: Final = (*(c.value for c in Customer), *(b.value for b in Building))

_TOP_KEYS: Final = frozenset(
    {
        "side",
        "island",
        "action_ring",
        "streets",
        "shops",
        "palaces",
        "factories",
        "special_buildings",
        "beads",
        "markers",
        "removals",
        "character",
        "special_card",
    }
)
_ITEM: Final = frozenset({"provenance", "note"})
_SIDE_KEYS: Final = _ITEM | {"name", "islands"}
_ISLAND_KEYS: Final = _ITEM | {"id", "name", "gondolas", "spaces"}
_SPACE_KEYS: Final = frozenset({"n", "row", "column", "kind", "neighbours"})
_SPACE_KINDS: Final = ("street", "building")
_RING_KEYS: Final = _ITEM | {"spaces"}
_ACTION_SPACE_KEYS: Final = frozenset({"number", "action", "anchor"})
_TILES_KEYS: Final = _ITEM | {"tiles"}
_STREET_KEYS: Final = frozenset({"id", "customers"})
_SHOP_KEYS: Final = frozenset({"id", "colour"})
_PALACE_KEYS: Final = frozenset({"id", "crests"})
_MARKERS_KEYS: Final = _ITEM | {"per_player"}
_REMOVALS_KEYS: Final = _ITEM | {
    "shops",
    "palaces",
    "special_buildings",
    "factories",
    "one_customer_streets",
    "blank_streets",
    "characters",
}
_PARAMS: Final = frozenset({"vp", "colour", "bead", "buildings", "island", "table", "requires", "own", "others"})
_CHARACTER_KEYS: Final = _ITEM | {"id", "kind"} | _PARAMS
_SPECIAL_CARD_KEYS: Final = _ITEM | {"id", "effect", "title", "beads", "building"}

_E = TypeVar("_E", bound=enum.Enum)


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
    check_keys(data, _TOP_KEYS, label, "top-level key")
    streets = _parse_streets(required_table(data, "streets", label), label)
    shops = _parse_shops(required_table(data, "shops", label), label)
    palaces = _parse_palaces(required_table(data, "palaces", label), label)
    factories = _parse_count(data, "factories", "count", label, stated=FACTORIES, what=msg("glass factories"))
    specials = _parse_count(
        data, "special_buildings", "count", label, stated=SPECIAL_BUILDINGS, what=msg("special buildings")
    )
    beads = _parse_count(data, "beads", "per_colour", label, stated=BEADS_PER_COLOUR, what=msg("beads of each colour"))
    markers = _parse_markers(required_table(data, "markers", label), label)
    removals_raw = required_table(data, "removals", label)
    removals = _parse_removals(removals_raw, streets, label)
    islands = _parse_islands(table_array(data, "island", label, "island"), label)
    in_play = {
        "4": (len(streets), len(shops) + len(palaces) + factories + specials),
        "2-3": (
            len(streets) - len(removals.one_customer_streets) - removals.blank_streets,
            len(shops)
            + len(palaces)
            + factories
            + specials
            - len(removals.shops)
            - removals.palaces
            - removals.factories
            - removals.specials,
        ),
    }
    sides = _parse_sides(table_array(data, "side", label, "side"), islands, in_play, label)
    characters = _parse_characters(table_array(data, "character", label, "character"), islands, label)
    _check_removed_characters(removals_raw, removals, characters, sides, label)
    special_cards = _parse_special_cards(table_array(data, "special_card", label, "special_card"), label)
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
        action_spaces=_parse_ring(required_table(data, "action_ring", label), label),
        streets=streets,
        shops=shops,
        palaces=palaces,
        factories=factories,
        specials=specials,
        beads_per_colour=beads,
        characters=characters,
        special_cards=special_cards,
        removals=removals,
        markers=markers,
    )


# --------------------------------------------------------------------------- shared field readers


def _list(table: Mapping[str, Any], key: str, where: str, what: Message, default: list[Any] | None = None) -> list[Any]:
    """A field holding an array of `what`; `default=None` makes it required."""
    value = table.get(key, default)
    if value is None:
        raise CardDataError(msg("{where}: field {key} is missing", where=where, key=repr(key)))
    if not isinstance(value, list):
        raise CardDataError(
            msg(
                "{where}: field {key} must be an array of {what}, not {kind}",
                where=where,
                key=repr(key),
                what=what,
                kind=type_name(value),
            )
        )
    return value


def _strings(
    table: Mapping[str, Any], key: str, where: str, default: list[str] | None = None, *, unique: bool = True
) -> list[str]:
    """A field holding an array of strings, by default none of them twice; `default=None` makes it required."""
    value = _list(table, key, where, msg("strings"), default)
    if not all(isinstance(item, str) for item in value):
        raise CardDataError(msg("{where}: field {key} must be an array of strings", where=where, key=repr(key)))
    twice = [item for item, n in Counter(value).items() if n > 1]
    if unique and twice:
        raise CardDataError(
            msg("{where}: field {key} names {item} twice", where=where, key=repr(key), item=repr(twice[0]))
        )
    return value


def _enum(kind: type[_E], name: str, what: Message, where: str) -> _E:
    try:
        return kind(name)
    except ValueError:
        names = ", ".join(str(member.value) for member in kind)
        raise CardDataError(
            msg("{where}: {what} {name} is not one of {names}", where=where, what=what, name=repr(name), names=names)
        ) from None


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


def _nonempty(table: Mapping[str, Any], key: str, where: str) -> str:
    value = required_str(table, key, where)
    if not value.strip():
        raise CardDataError(msg("{where}: {key} is empty", where=where, key=key))
    return value


def _ids(raws: list[Any], label: str, kind: str, keys: frozenset[str]) -> list[tuple[str, Mapping[str, Any]]]:
    """The items of a list of tiles or cards with their unique, non-empty ids."""
    items: list[tuple[str, Mapping[str, Any]]] = []
    for number, raw in enumerate(raws, start=1):
        where = item_label(label, kind, raw, "id", number)
        table = table_item(raw, where, keys)
        item_id = _nonempty(table, "id", where)
        if any(other["id"] == item_id for _, other in items):
            raise CardDataError(msg("{where}: duplicate id", where=where))
        items.append((where, table))
    return items


# --------------------------------------------------------------------------- tiles, beads and markers


def _parse_streets(raw: Mapping[str, Any], label: str) -> tuple[StreetTile, ...]:
    """42 street tiles, blank or with customers of the three colours."""
    where = f"{label}: [streets]"
    check_keys(raw, _TILES_KEYS, where, "key")
    required_provenance(raw, where)
    tiles: list[StreetTile] = []
    for tile_where, table in _ids(_list(raw, "tiles", where, msg("tables")), label, "street tile", _STREET_KEYS):
        names = _strings(table, "customers", tile_where, unique=False)
        customers = tuple(_enum(Customer, name, msg("customer colour"), tile_where) for name in names)
        tiles.append(StreetTile(id=table["id"], customers=customers))
    if len(tiles) != STREETS:
        raise CardDataError(
            msg_plural(
                "{where}: {count} street tile, the rules have {stated}",
                "{where}: {count} street tiles, the rules have {stated}",
                len(tiles),
                where=where,
                stated=STREETS,
            )
        )
    return tuple(tiles)


def _parse_shops(raw: Mapping[str, Any], label: str) -> tuple[ShopTile, ...]:
    """12 shops, 4 of each customer colour."""
    where = f"{label}: [shops]"
    check_keys(raw, _TILES_KEYS, where, "key")
    required_provenance(raw, where)
    shops = tuple(
        ShopTile(
            id=table["id"], colour=_enum(Customer, required_str(table, "colour", tile_where), msg("colour"), tile_where)
        )
        for tile_where, table in _ids(_list(raw, "tiles", where, msg("tables")), label, "shop", _SHOP_KEYS)
    )
    counts = Counter(shop.colour for shop in shops)
    for colour in Customer:
        if counts[colour] != SHOPS_PER_COLOUR:
            raise CardDataError(
                msg_plural(
                    "{where}: {count} {colour} shop, the rules have {stated} of each colour",
                    "{where}: {count} {colour} shops, the rules have {stated} of each colour",
                    counts[colour],
                    where=where,
                    colour=msg(colour.value),
                    stated=SHOPS_PER_COLOUR,
                )
            )
    return shops


def _parse_palaces(raw: Mapping[str, Any], label: str) -> tuple[PalaceTile, ...]:
    """12 palaces of 1–3 crests."""
    where = f"{label}: [palaces]"
    check_keys(raw, _TILES_KEYS, where, "key")
    required_provenance(raw, where)
    palaces: list[PalaceTile] = []
    least, most = CRESTS
    for tile_where, table in _ids(_list(raw, "tiles", where, msg("tables")), label, "palace", _PALACE_KEYS):
        crests = int_field(table, "crests", tile_where)
        if not least <= crests <= most:
            raise CardDataError(
                msg_plural(
                    "{where}: {count} crest; a palace shows {least} to {most}",
                    "{where}: {count} crests; a palace shows {least} to {most}",
                    crests,
                    where=tile_where,
                    least=least,
                    most=most,
                )
            )
        palaces.append(PalaceTile(id=table["id"], crests=crests))
    if len(palaces) != PALACES:
        raise CardDataError(
            msg_plural(
                "{where}: {count} palace, the rules have {stated}",
                "{where}: {count} palaces, the rules have {stated}",
                len(palaces),
                where=where,
                stated=PALACES,
            )
        )
    return tuple(palaces)


def _parse_count(data: Mapping[str, Any], key: str, field: str, label: str, *, stated: int, what: Message) -> int:
    """A count of identical pieces (``[key]`` with `field`), as the rules state it."""
    where = f"{label}: [{key}]"
    raw = required_table(data, key, label)
    check_keys(raw, _ITEM | {field}, where, "key")
    count = int_field(raw, field, where)
    if count != stated:
        raise CardDataError(
            msg("{where}: {count} {what}, the rules have {stated}", where=where, count=count, what=what, stated=stated)
        )
    required_provenance(raw, where)
    return count


def _parse_markers(raw: Mapping[str, Any], label: str) -> int:
    """Markers per player for the tabletop limit: not stated, so any positive number."""
    where = f"{label}: [markers]"
    check_keys(raw, _MARKERS_KEYS, where, "key")
    markers = positive_int(raw, "per_player", where)
    required_provenance(raw, where)
    return markers


def _parse_removals(raw: Mapping[str, Any], streets: tuple[StreetTile, ...], label: str) -> Removals:
    """What a 2- or 3-player game leaves in the box, exactly as the rules list it; its character cards are
    checked once the cards are read."""
    where = f"{label}: [removals]"
    check_keys(raw, _REMOVALS_KEYS, where, "key")
    required_provenance(raw, where)
    shops = tuple(_enum(Customer, name, msg("colour"), where) for name in _strings(raw, "shops", where))
    one_customer = tuple(
        _enum(Customer, name, msg("colour"), where) for name in _strings(raw, "one_customer_streets", where)
    )
    removals = Removals(
        shops=shops,
        palaces=int_field(raw, "palaces", where),
        specials=int_field(raw, "special_buildings", where),
        factories=int_field(raw, "factories", where),
        one_customer_streets=one_customer,
        blank_streets=int_field(raw, "blank_streets", where),
        characters=tuple(_strings(raw, "characters", where)),
    )
    stated = {
        "shops": (
            sorted(c.value for c in removals.shops),
            sorted(c.value for c in REMOVED.shops),
            msg("one of each colour"),
        ),
        "palaces": (removals.palaces, REMOVED.palaces, REMOVED.palaces),
        "special_buildings": (removals.specials, REMOVED.specials, REMOVED.specials),
        "factories": (removals.factories, REMOVED.factories, REMOVED.factories),
        "one_customer_streets": (
            sorted(c.value for c in removals.one_customer_streets),
            sorted(c.value for c in REMOVED.one_customer_streets),
            msg("one of each colour"),
        ),
        "blank_streets": (removals.blank_streets, REMOVED.blank_streets, REMOVED.blank_streets),
    }
    for key, (have, wanted, text) in stated.items():
        if have != wanted:
            raise CardDataError(
                msg(
                    "{where}: {key} is {value}; the rules remove {text}",
                    where=where,
                    key=key,
                    value=repr(raw[key]),
                    text=text,
                )
            )
    for colour in removals.one_customer_streets:
        if not any(tile.customers == (colour,) for tile in streets):
            raise CardDataError(
                msg(
                    "{where}: no street tile with one {colour} customer to remove",
                    where=where,
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
                where=where,
                removed=removals.blank_streets,
            )
        )
    return removals


# --------------------------------------------------------------------------- the islands and the board sides


def _parse_islands(raws: list[Any], label: str) -> dict[str, Island]:
    islands: dict[str, Island] = {}
    for number, raw in enumerate(raws, start=1):
        island = _parse_island(raw, number, label)
        if island.id in islands:
            raise CardDataError(msg("{label}: island {island}: duplicate id", label=label, island=repr(island.id)))
        if any(other.name == island.name for other in islands.values()):
            raise CardDataError(
                msg(
                    "{label}: island {island}: duplicate name {name}",
                    label=label,
                    island=repr(island.id),
                    name=repr(island.name),
                )
            )
        islands[island.id] = island
    missing = [name for name in NAMED_ISLANDS if all(island.name != name for island in islands.values())]
    if missing:
        raise CardDataError(
            msg("{label}: no island named {name}, which the rules name", label=label, name=repr(missing[0]))
        )
    return islands


def _parse_island(raw: object, number: int, label: str) -> Island:
    """An island: spaces numbered row by row from 1, neighbours orthogonal and symmetric, every building
    space next to a street space, and gondolas of the players' colours."""
    where = item_label(label, "island", raw, "id", number)
    table = table_item(raw, where, _ISLAND_KEYS)
    island_id = _nonempty(table, "id", where)
    if "." in island_id or island_id != island_id.strip():
        raise CardDataError(msg("{where}: an island id is a word without dots or spaces", where=where))
    name = _nonempty(table, "name", where)
    gondolas = _strings(table, "gondolas", where, unique=False)
    if not gondolas:
        raise CardDataError(
            msg("{where}: no gondolas; a character card is scored by a gondolier next to an island", where=where)
        )
    for colour in gondolas:
        if colour not in PLAYER_COLOURS:
            raise CardDataError(
                msg(
                    "{where}: gondola colour {colour} is not one of {colours}",
                    where=where,
                    colour=repr(colour),
                    colours=", ".join(PLAYER_COLOURS),
                )
            )
    raws = _list(table, "spaces", where, msg("space tables"))
    entries: list[tuple[str, int, int, bool, list[int]]] = []
    for index, space_raw in enumerate(raws, start=1):
        space_where = f"{where}: space #{index}"
        space = table_item(space_raw, space_where, _SPACE_KEYS)
        n = int_field(space, "n", space_where)
        if n != index:
            raise CardDataError(
                msg("{where}: numbered {number}; number the spaces 1, 2, 3, … row by row", where=space_where, number=n)
            )
        space_where = f"{where}: space {island_id}.{n}"
        row = positive_int(space, "row", space_where)
        column = positive_int(space, "column", space_where)
        kind = required_str(space, "kind", space_where)
        if kind not in _SPACE_KINDS:
            raise CardDataError(
                msg(
                    "{where}: kind {kind} is not one of {kinds}",
                    where=space_where,
                    kind=repr(kind),
                    kinds=", ".join(_SPACE_KINDS),
                )
            )
        neighbours = _list(space, "neighbours", space_where, msg("space numbers"))
        if not all(isinstance(item, int) and not isinstance(item, bool) for item in neighbours):
            raise CardDataError(msg("{where}: field 'neighbours' must be an array of space numbers", where=space_where))
        if len(set(neighbours)) != len(neighbours):
            raise CardDataError(msg("{where}: a neighbour is named twice", where=space_where))
        if entries and (row, column) <= entries[-1][1:3]:
            raise CardDataError(
                msg(
                    "{where}: row {row}, column {column} does not come after space {space}; "
                    "number the spaces row by row",
                    where=space_where,
                    row=row,
                    column=column,
                    space=f"{island_id}.{n - 1}",
                )
            )
        entries.append((space_where, row, column, kind == "street", neighbours))
    if not any(street for _, _, _, street, _ in entries):
        raise CardDataError(msg("{where}: no street space", where=where))
    spaces: list[Space] = []
    for n, (space_where, row, column, street, neighbours) in enumerate(entries, start=1):
        for other in neighbours:
            if not 1 <= other <= len(entries):
                raise CardDataError(
                    msg("{where}: neighbour {other} is not a space of the island", where=space_where, other=other)
                )
            if other == n:
                raise CardDataError(msg("{where}: names itself as a neighbour", where=space_where))
            _, other_row, other_column, _, back = entries[other - 1]
            if abs(other_row - row) + abs(other_column - column) != 1:
                raise CardDataError(
                    msg(
                        "{where}: neighbour {space} at row {other_row}, column {other_column} "
                        "is not orthogonally next to row {row}, column {column}",
                        where=space_where,
                        space=f"{island_id}.{other}",
                        other_row=other_row,
                        other_column=other_column,
                        row=row,
                        column=column,
                    )
                )
            if n not in back:
                raise CardDataError(
                    msg(
                        "{where}: names {space} as a neighbour, but {space} does not name it back",
                        where=space_where,
                        space=f"{island_id}.{other}",
                    )
                )
        if not street and not any(entries[other - 1][3] for other in neighbours):
            raise CardDataError(
                msg(
                    "{where}: a building space with no street space next to it; a building goes only next to a street",
                    where=space_where,
                )
            )
        spaces.append(
            Space(
                id=f"{island_id}.{n}",
                island=island_id,
                street=street,
                row=row,
                column=column,
                neighbours=tuple(f"{island_id}.{other}" for other in neighbours),
            )
        )
    return Island(
        id=island_id,
        name=name,
        spaces=tuple(spaces),
        gondolas=tuple(gondolas),
        provenance=required_provenance(table, where),
    )


def _parse_sides(
    raws: list[Any], islands: Mapping[str, Island], in_play: Mapping[str, tuple[int, int]], label: str
) -> dict[str, BoardSide]:
    """The two board sides: the 4-player side builds on every island, the 2–3-player side on all but the
    card island; each has room for the tiles its games play with and gondolas of every colour."""
    sides: dict[str, BoardSide] = {}
    for number, raw in enumerate(raws, start=1):
        where = item_label(label, "side", raw, "name", number)
        table = table_item(raw, where, _SIDE_KEYS)
        name = required_str(table, "name", where)
        if name not in SIDES:
            raise CardDataError(
                msg("{where}: name must be one of {names}", where=where, names=", ".join(repr(side) for side in SIDES))
            )
        if name in sides:
            raise CardDataError(msg("{where}: the side is listed twice", where=where))
        ids = _strings(table, "islands", where)
        unknown = [island_id for island_id in ids if island_id not in islands]
        if unknown:
            raise CardDataError(
                msg(
                    "{where}: unknown island {island} (islands: {islands})",
                    where=where,
                    island=repr(unknown[0]),
                    islands=", ".join(islands),
                )
            )
        if len(ids) != SIDES[name]:
            raise CardDataError(
                msg_plural(
                    "{where}: {count} building island, the rules' side has {stated}",
                    "{where}: {count} building islands, the rules' side has {stated}",
                    len(ids),
                    where=where,
                    stated=SIDES[name],
                )
            )
        side_islands = tuple(islands[island_id] for island_id in ids)
        spaces = [space for island in side_islands for space in island.spaces]
        streets, buildings = in_play[name]
        street_spaces = sum(1 for space in spaces if space.street)
        if street_spaces < streets:
            raise CardDataError(
                msg_plural(
                    "{where}: {count} street space for {streets} street tiles in play",
                    "{where}: {count} street spaces for {streets} street tiles in play",
                    street_spaces,
                    where=where,
                    streets=streets,
                )
            )
        if len(spaces) - street_spaces < buildings:
            raise CardDataError(
                msg_plural(
                    "{where}: {count} building space for {buildings} buildings",
                    "{where}: {count} building spaces for {buildings} buildings",
                    len(spaces) - street_spaces,
                    where=where,
                    buildings=buildings,
                )
            )
        colours = {colour for island in side_islands for colour in island.gondolas}
        lacking = [colour for colour in PLAYER_COLOURS if colour not in colours]
        if lacking:
            raise CardDataError(
                msg(
                    "{where}: no {colour} gondola; every player places gondoliers of their colour",
                    where=where,
                    colour=lacking[0],
                )
            )
        required_provenance(table, where)
        sides[name] = BoardSide(name=name, islands=side_islands)
    missing = [name for name in SIDES if name not in sides]
    if missing:
        raise CardDataError(
            msg("{label}: no board side {side}; the board has sides '4' and '2-3'", label=label, side=repr(missing[0]))
        )
    four = {island.id for island in sides["4"].islands}
    stray = [island_id for island_id in islands if island_id not in four]
    if stray:
        raise CardDataError(
            msg(
                "{label}: island {island} is not on side '4', which builds on every island",
                label=label,
                island=repr(stray[0]),
            )
        )
    for island in sides["2-3"].islands:
        if island.name == CARD_ISLAND:
            raise CardDataError(
                msg(
                    "{label}: side '2-3' builds on {island}, which holds only cards on the 2–3-player side",
                    label=label,
                    island=CARD_ISLAND,
                )
            )
    return {name: sides[name] for name in SIDES}


# --------------------------------------------------------------------------- the action spaces


def _parse_ring(raw: Mapping[str, Any], label: str) -> tuple[ActionSpace, ...]:
    """18 action spaces numbered 1–18 in sailing order, each action as often as the rules say, 8 anchors."""
    where = f"{label}: [action_ring]"
    check_keys(raw, _RING_KEYS, where, "key")
    required_provenance(raw, where)
    spaces: list[ActionSpace] = []
    for index, space_raw in enumerate(_list(raw, "spaces", where, msg("action space tables")), start=1):
        space_where = f"{where}: action space #{index}"
        table = table_item(space_raw, space_where, _ACTION_SPACE_KEYS)
        number = int_field(table, "number", space_where)
        if number != index:
            raise CardDataError(
                msg(
                    "{where}: numbered {number}; number the spaces 1–18 in sailing order",
                    where=space_where,
                    number=number,
                )
            )
        action = _enum(Action, required_str(table, "action", space_where), msg("action"), space_where)
        anchor = table.get("anchor", False)
        if not isinstance(anchor, bool):
            raise CardDataError(
                msg(
                    "{where}: field 'anchor' must be true or false, not {kind}",
                    where=space_where,
                    kind=type_name(anchor),
                )
            )
        spaces.append(ActionSpace(number=number, action=action, anchor=anchor))
    total = sum(ACTION_SPACES.values())
    if len(spaces) != total:
        raise CardDataError(
            msg_plural(
                "{where}: {count} action space, the rules have {stated}",
                "{where}: {count} action spaces, the rules have {stated}",
                len(spaces),
                where=where,
                stated=total,
            )
        )
    counts = Counter(space.action for space in spaces)
    for action, wanted in ACTION_SPACES.items():
        if counts[action] != wanted:
            raise CardDataError(
                msg_plural(
                    "{where}: {count} {action} space, the rules have {stated}",
                    "{where}: {count} {action} spaces, the rules have {stated}",
                    counts[action],
                    where=where,
                    action=repr(action.value),
                    stated=wanted,
                )
            )
    anchors = sum(1 for space in spaces if space.anchor)
    if anchors != ANCHORS:
        raise CardDataError(
            msg_plural(
                "{where}: {count} anchor, the rules put {stated} ships on anchor spaces",
                "{where}: {count} anchors, the rules put {stated} ships on anchor spaces",
                anchors,
                where=where,
                stated=ANCHORS,
            )
        )
    return tuple(spaces)


# --------------------------------------------------------------------------- character cards


def _parse_characters(raws: list[Any], islands: Mapping[str, Island], label: str) -> tuple[CharacterCard, ...]:
    """The 40 character cards: every kind the rules describe, each card naming the parameters of its kind
    with the stated VP, and the two gold-exchange cards with their stated requirements."""
    cards: list[CharacterCard] = []
    for where, table in _ids(raws, label, "character", _CHARACTER_KEYS):
        cards.append(_parse_character(table, where, islands))
    if len(cards) != CHARACTERS:
        raise CardDataError(
            msg_plural(
                "{label}: {count} character card, the rules have {stated}",
                "{label}: {count} character cards, the rules have {stated}",
                len(cards),
                label=label,
                stated=CHARACTERS,
            )
        )
    kinds = {card.kind for card in cards}
    absent = [kind for kind in CharacterKind if kind not in kinds]
    if absent:
        raise CardDataError(
            msg("{label}: no {kind} character card; the rules describe every kind", label=label, kind=absent[0].value)
        )
    exchanges = [dict(card.requires) for card in cards if card.kind is CharacterKind.GOLD_EXCHANGE]
    for requires in EXCHANGE_REQUIRES:
        if requires not in exchanges:
            text = ", ".join(f"{count} {name}" for name, count in requires.items())
            raise CardDataError(
                msg("{label}: no gold-exchange card requiring {text}, as the rules state", label=label, text=text)
            )
    return tuple(cards)


def _parse_character(table: Mapping[str, Any], where: str, islands: Mapping[str, Island]) -> CharacterCard:
    kind = _enum(CharacterKind, required_str(table, "kind", where), msg("kind"), where)
    params = KIND_PARAMS[kind]
    for key in sorted(_PARAMS):
        if key in params and key not in table:
            raise CardDataError(
                msg("{where}: {kind} cards name their {key}", where=where, kind=kind.value, key=repr(key))
            )
        if key not in params and key in table:
            raise CardDataError(msg("{where}: {kind} cards have no {key}", where=where, kind=kind.value, key=repr(key)))
    vp = int_field(table, "vp", where, default=0)
    if kind in KIND_VP and vp not in KIND_VP[kind]:
        *lower, highest = KIND_VP[kind]
        stated = msg("{items} or {last}", items=lower, last=highest) if lower else highest
        raise CardDataError(
            msg("{where}: vp {vp}; {kind} cards score {stated}", where=where, vp=vp, kind=kind.value, stated=stated)
        )
    colour = bead = island = None
    if "colour" in params:
        colour = _enum(Customer, required_str(table, "colour", where), msg("colour"), where)
    if "bead" in params:
        bead = _enum(Bead, required_str(table, "bead", where), msg("bead colour"), where)
    if "island" in params:
        island = required_str(table, "island", where)
        if island not in islands:
            raise CardDataError(
                msg(
                    "{where}: unknown island {island} (islands: {islands})",
                    where=where,
                    island=repr(island),
                    islands=", ".join(islands),
                )
            )
    buildings = frozenset(
        _enum(Building, name, msg("building"), where) for name in _strings(table, "buildings", where, default=[])
    )
    if kind is CharacterKind.BUILDINGS and not buildings:
        raise CardDataError(
            msg("{where}: a {kind} card names at least one building kind", where=where, kind=kind.value)
        )
    if kind is CharacterKind.CRESTS_EQUAL and (len(buildings) != 1 or not buildings <= set(CRESTS_EQUAL_BUILDINGS)):
        raise CardDataError(
            msg("{where}: a {kind} card names one building kind, factory or shop", where=where, kind=kind.value)
        )
    own = int_field(table, "own", where, default=0)
    others = int_field(table, "others", where, default=0)
    if kind is CharacterKind.OWN_AND_OTHERS and (own, others) not in OWN_AND_OTHERS:
        raise CardDataError(
            msg(
                "{where}: own {own}, others {others}; the rules give 1 and 2 VP or vice-versa",
                where=where,
                own=own,
                others=others,
            )
        )
    table_pairs = _pairs(table, where)
    requires = _requires(table, where)
    if kind is CharacterKind.GOLD_EXCHANGE:
        if table_pairs[-1][0] > EXCHANGE_GOLD:
            raise CardDataError(
                msg_plural(
                    "{where}: exchanges {count} gold; the rules allow up to {most}",
                    "{where}: exchanges {count} gold; the rules allow up to {most}",
                    table_pairs[-1][0],
                    where=where,
                    most=EXCHANGE_GOLD,
                )
            )
        if EXCHANGE_STEP not in table_pairs:
            gold, points = EXCHANGE_STEP
            raise CardDataError(
                msg(
                    "{where}: no step of {gold} for {vp}, the rules' example",
                    where=where,
                    gold=msg_plural("{count} gold", "{count} gold", gold),
                    vp=msg_plural("{count} VP", "{count} VP", points),
                )
            )
    return CharacterCard(
        id=table["id"],
        kind=kind,
        vp=vp,
        colour=colour,
        bead=bead,
        buildings=buildings,
        island=island,
        table=table_pairs,
        requires=requires,
        own=own,
        others=others,
        provenance=required_provenance(table, where),
    )


def _pairs(table: Mapping[str, Any], where: str) -> tuple[tuple[int, int], ...]:
    """A VP table: [threshold or gold paid, VP] pairs of positive integers, both rising."""
    if "table" not in table:
        return ()
    raws = _list(table, "table", where, msg("[number, VP] pairs"))
    pairs: list[tuple[int, int]] = []
    for raw in raws:
        ok = (
            isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
        )
        if not ok or min(raw) <= 0:
            raise CardDataError(
                msg("{where}: table entry {entry} is not a pair of positive integers", where=where, entry=repr(raw))
            )
        if pairs and not (raw[0] > pairs[-1][0] and raw[1] > pairs[-1][1]):
            raise CardDataError(
                msg(
                    "{where}: table entry {entry} does not rise above {previous}",
                    where=where,
                    entry=repr(raw),
                    previous=repr(list(pairs[-1])),
                )
            )
        pairs.append((raw[0], raw[1]))
    if not pairs:
        raise CardDataError(msg("{where}: the table is empty", where=where))
    return tuple(pairs)


def _requires(table: Mapping[str, Any], where: str) -> tuple[tuple[str, int], ...]:
    """Least counts of customers and buildings by name, as an inline table."""
    if "requires" not in table:
        return ()
    raw = table["requires"]
    if not isinstance(raw, dict) or not raw:
        raise CardDataError(
            msg("{where}: field 'requires' must be a table like {{ red = 2, palace = 1 }}", where=where)
        )
    requires: list[tuple[str, int]] = []
    for name in raw:
        if name not in REQUIREMENTS:
            raise CardDataError(
                msg(
                    "{where}: requirement {name} is not one of {names}",
                    where=where,
                    name=repr(name),
                    names=", ".join(REQUIREMENTS),
                )
            )
        count = int_field(raw, name, f"{where}: requires")
        if count <= 0:
            raise CardDataError(
                msg(
                    "{where}: requirement {name} must be positive, not {count}",
                    where=where,
                    name=repr(name),
                    count=count,
                )
            )
        requires.append((name, count))
    return tuple(requires)


def _check_removed_characters(
    raw: Mapping[str, Any],
    removals: Removals,
    cards: tuple[CharacterCard, ...],
    sides: Mapping[str, BoardSide],
    label: str,
) -> None:
    """The removed character cards are exactly the two cards of the island that holds only cards on the
    2–3-player side."""
    where = f"{label}: [removals]"
    ids = {card.id for card in cards}
    unknown = [card_id for card_id in removals.characters if card_id not in ids]
    if unknown:
        raise CardDataError(msg("{where}: unknown character card {card}", where=where, card=repr(unknown[0])))
    only_cards = [island for island in sides["4"].islands if island not in sides["2-3"].islands]
    card_islands = {island.id for island in only_cards}
    name = ", ".join(island.name for island in only_cards)
    of_card_island = [card.id for card in cards if card.island in card_islands]
    if len(of_card_island) != SERENELLA_CARDS:
        raise CardDataError(
            msg_plural(
                "{label}: {count} character card names {island}; the rules remove its two cards "
                "in a 2- or 3-player game",
                "{label}: {count} character cards name {island}; the rules remove its two cards "
                "in a 2- or 3-player game",
                len(of_card_island),
                label=label,
                island=name,
            )
        )
    if sorted(removals.characters) != sorted(of_card_island):
        raise CardDataError(
            msg(
                "{where}: characters is {value}; the rules remove the cards of {island} ({cards})",
                where=where,
                value=repr(raw["characters"]),
                island=name,
                cards=", ".join(of_card_island),
            )
        )


# --------------------------------------------------------------------------- special building cards


def _parse_special_cards(raws: list[Any], label: str) -> tuple[SpecialCard, ...]:
    """The 15 cards of the Special Building Card Index: three Studios with their stated colour pairs, two
    Construction Cranes each naming a building, every other card once."""
    cards: list[SpecialCard] = []
    for where, table in _ids(raws, label, "special card", _SPECIAL_CARD_KEYS):
        effect = _enum(SpecialEffect, required_str(table, "effect", where), msg("effect"), where)
        title = _nonempty(table, "title", where)
        beads = frozenset(_enum(Bead, name, msg("bead colour"), where) for name in _strings(table, "beads", where, []))
        if effect is SpecialEffect.STUDIO and len(beads) != 2:
            raise CardDataError(msg("{where}: a studio card names two bead colours", where=where))
        if effect is not SpecialEffect.STUDIO and beads:
            raise CardDataError(msg("{where}: only studio cards name bead colours", where=where))
        building_name = optional_str(table, "building", where)
        building = None if building_name is None else _enum(Building, building_name, msg("building"), where)
        if effect is SpecialEffect.CONSTRUCTION_CRANE and building is None:
            raise CardDataError(msg("{where}: a construction-crane card names its building", where=where))
        if effect is not SpecialEffect.CONSTRUCTION_CRANE and building is not None:
            raise CardDataError(msg("{where}: only construction-crane cards name a building", where=where))
        cards.append(
            SpecialCard(
                id=table["id"],
                effect=effect,
                title=title,
                beads=beads,
                building=building,
                provenance=required_provenance(table, where),
            )
        )
    total = sum(SPECIAL_CARDS.values())
    if len(cards) != total:
        raise CardDataError(
            msg_plural(
                "{label}: {count} special building card, the rules have {stated}",
                "{label}: {count} special building cards, the rules have {stated}",
                len(cards),
                label=label,
                stated=total,
            )
        )
    counts = Counter(card.effect for card in cards)
    for effect, wanted in SPECIAL_CARDS.items():
        if counts[effect] != wanted:
            raise CardDataError(
                msg_plural(
                    "{label}: {count} {effect} card, the rules have {stated}",
                    "{label}: {count} {effect} cards, the rules have {stated}",
                    counts[effect],
                    label=label,
                    effect=effect.value,
                    stated=wanted,
                )
            )
    pairs = {card.beads for card in cards if card.effect is SpecialEffect.STUDIO}
    for pair in STUDIO_PAIRS:
        if pair not in pairs:
            text = "/".join(bead.value for bead in Bead if bead in pair)
            raise CardDataError(
                msg(
                    "{label}: no studio for {pair}; the rules have the pairs red/green, red/blue and green/blue",
                    label=label,
                    pair=text,
                )
            )
    return tuple(cards)

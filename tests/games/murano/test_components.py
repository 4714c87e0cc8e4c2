"""Schema tests of Murano's component data: every count and fact the rules state, the reconstructed
values as designed, provenance on every item, and the loader's rejection of bad files.
"""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from laguna.core.component_data import PACKAGED, PROVENANCES
from laguna.games.murano.components import (
    PLAYER_COLOURS,
    Action,
    Bead,
    Building,
    CharacterCard,
    CharacterKind,
    Components,
    Customer,
    Island,
    SpecialEffect,
)
from laguna.games.murano.loader import load_components
from tests.component_files import bad_file_test
from tests.toml_writer import Data, ItemChanges, drop_top_level, top_level
from tests.toml_writer import write_variant as write_toml_variant

RED, BLUE, GREY = Customer.RED, Customer.BLUE, Customer.GREY
K = CharacterKind
ISLANDS = ("serenella", "donato", "mattia", "pietro", "navagero", "stefano")


@pytest.fixture(scope="module")
def components() -> Components:
    return load_components()


def packaged_text() -> str:
    return (resources.files("laguna.games.murano") / "data" / "components.toml").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- loading


def test_loader_is_cached(components: Components) -> None:
    assert load_components() is components
    assert load_components(PACKAGED) is components
    assert components.source == "reconstructed"


def test_side_by_player_count(components: Components) -> None:
    assert components.side(4) is components.sides["4"]
    assert components.side(3) is components.side(2) is components.sides["2-3"]
    assert list(components.sides) == ["4", "2-3"]
    assert [side.name for side in components.sides.values()] == ["4", "2-3"]
    assert components.side(4).island("donato").name == "San Donato"
    with pytest.raises(KeyError):
        components.side(3).island("serenella")


# --------------------------------------------------------------------------- the islands and the board sides

NAMES = {
    "serenella": "Sacca Serenella",
    "donato": "San Donato",
    "mattia": "Sacca Mattia",
    "pietro": "San Pietro Martire",
    "navagero": "Navagero",
    "stefano": "Santo Stefano",
}
MAPS = {
    "serenella": ("BB.BB.", "SSSSSS", "BB.SBB"),
    "donato": (".BBB.", "BSSSB", "BSSSB", ".BSB."),
    "mattia": ("BBBBBB", "SSSSSS", "BSB.SB"),
    "pietro": ("BBB..", "SSSSB", "B.BSB", ".BSSS"),
    "navagero": (".BBBB.", "BSSSSB", "BSBSSB"),
    "stefano": (".BB.BB", ".SSSSS", "BSB.B.", "BSB..."),
}
"""The designed maps: S a street space, B a building space, . water."""
SPACES = {
    "serenella": (7, 8),
    "donato": (7, 9),
    "mattia": (8, 9),
    "pietro": (8, 8),
    "navagero": (7, 9),
    "stefano": (7, 9),
}
"""Island → (street spaces, building spaces)."""


def picture(island: Island) -> tuple[str, ...]:
    rows = max(space.row for space in island.spaces)
    columns = max(space.column for space in island.spaces)
    grid = [["."] * columns for _ in range(rows)]
    for space in island.spaces:
        grid[space.row - 1][space.column - 1] = "S" if space.street else "B"
    return tuple("".join(row) for row in grid)


def counts(islands: tuple[Island, ...]) -> tuple[int, int]:
    spaces = [space for island in islands for space in island.spaces]
    streets = sum(1 for space in spaces if space.street)
    return streets, len(spaces) - streets


def test_islands(components: Components) -> None:
    islands = components.side(4).islands
    assert [island.id for island in islands] == list(ISLANDS)
    assert {island.id: island.name for island in islands} == NAMES
    assert {island.provenance for island in islands} == {"reconstructed"}
    for name in ("Sacca Serenella", "San Donato", "Sacca Mattia", "San Pietro Martire"):
        assert name in [island.name for island in islands]


def test_board_sides(components: Components) -> None:
    four, three = components.side(4), components.side(3)
    assert len(four.islands) == 6
    assert len(three.islands) == 5
    assert "serenella" in [island.id for island in four.islands]
    assert "serenella" not in [island.id for island in three.islands]
    assert [island.id for island in three.islands] == list(ISLANDS[1:])
    for island in three.islands:
        assert four.island(island.id) == island, "both sides use the same island maps"


def test_island_maps_as_designed(components: Components) -> None:
    for island in components.side(4).islands:
        assert picture(island) == MAPS[island.id], island.id
        rows, columns = len(MAPS[island.id]), len(MAPS[island.id][0])
        assert 3 <= rows <= 4 and 4 <= columns <= 6, island.id
        assert counts((island,)) == SPACES[island.id], island.id


def test_space_totals(components: Components) -> None:
    assert counts(components.side(4).islands) == (44, 52)
    streets, buildings = counts(components.side(3).islands)
    assert (streets, buildings) == (37, 44)
    assert streets >= 35 and buildings >= 40


def test_space_ids(components: Components) -> None:
    ids = [space.id for island in components.side(4).islands for space in island.spaces]
    assert len(ids) == len(set(ids)) == 96
    for island in components.side(4).islands:
        assert [space.id for space in island.spaces] == [f"{island.id}.{n}" for n in range(1, len(island.spaces) + 1)]
        assert all(space.island == island.id for space in island.spaces)
        positions = [(space.row, space.column) for space in island.spaces]
        assert positions == sorted(positions), "numbered row by row"


def test_neighbours_symmetric_and_orthogonal(components: Components) -> None:
    for island in components.side(4).islands:
        by_id = {space.id: space for space in island.spaces}
        by_position = {(space.row, space.column): space.id for space in island.spaces}
        for space in island.spaces:
            assert len(set(space.neighbours)) == len(space.neighbours)
            for other_id in space.neighbours:
                other = by_id[other_id]
                assert abs(other.row - space.row) + abs(other.column - space.column) == 1
                assert space.id in other.neighbours
            row, column = space.row, space.column
            adjacent = {(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)}
            expected = {by_position[p] for p in adjacent if p in by_position}
            assert set(space.neighbours) == expected, f"{space.id}: no canals in the designed maps"


def test_every_building_space_next_to_a_street(components: Components) -> None:
    for island in components.side(4).islands:
        streets = {space.id for space in island.spaces if space.street}
        for space in island.spaces:
            if not space.street:
                assert set(space.neighbours) & streets, space.id


def test_streets_of_an_island_connected(components: Components) -> None:
    for island in components.side(4).islands:
        by_id = {space.id: space for space in island.spaces}
        streets = {space.id for space in island.spaces if space.street}
        start = min(streets)
        reached, frontier = {start}, [start]
        while frontier:
            for other in by_id[frontier.pop()].neighbours:
                if other in streets and other not in reached:
                    reached.add(other)
                    frontier.append(other)
        assert reached == streets, island.id


def test_gondolas(components: Components) -> None:
    assert PLAYER_COLOURS == ("orange", "grey", "brown", "white")
    for island in components.side(4).islands:
        assert island.gondolas == PLAYER_COLOURS, island.id


# --------------------------------------------------------------------------- the action spaces

RING = (
    Action.BUILD,
    Action.BUY_FACTORY,
    Action.RECRUIT,
    Action.BUY_SHOP,
    Action.PLACE_GONDOLIER,
    Action.TAKE_GOLD,
    Action.BUILD,
    Action.BUY_PALACE,
    Action.INCOME,
    Action.BUY_FACTORY,
    Action.PLACE_GONDOLIER,
    Action.BUY_SHOP,
    Action.BUILD,
    Action.RECRUIT,
    Action.PRODUCTION,
    Action.BUY_PALACE,
    Action.BUY_SPECIAL,
    Action.GONDOLIER,
)


def test_action_spaces(components: Components) -> None:
    spaces = components.action_spaces
    assert len(spaces) == 18
    assert [space.number for space in spaces] == list(range(1, 19))
    assert tuple(space.action for space in spaces) == RING
    assert [space.number for space in spaces if space.anchor] == [1, 3, 5, 7, 10, 12, 14, 16]
    assert Counter(space.action for space in spaces) == {
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
    assert len(Action) == 11


# --------------------------------------------------------------------------- tiles, beads and markers


def test_street_tiles(components: Components) -> None:
    streets = components.streets
    assert len(streets) == 42
    assert [tile.id for tile in streets] == [f"S{n:02d}" for n in range(1, 43)]
    kinds = Counter(tile.customers for tile in streets)
    assert kinds == {
        (): 12,
        (RED,): 9,
        (BLUE,): 9,
        (GREY,): 9,
        (RED, RED): 1,
        (BLUE, BLUE): 1,
        (GREY, GREY): 1,
    }
    assert Counter(c for tile in streets for c in tile.customers) == {RED: 11, BLUE: 11, GREY: 11}


def test_shops(components: Components) -> None:
    shops = components.shops
    assert [shop.id for shop in shops] == [f"H{n:02d}" for n in range(1, 13)]
    assert [shop.colour for shop in shops] == [RED] * 4 + [BLUE] * 4 + [GREY] * 4
    assert Counter(shop.colour for shop in shops) == {RED: 4, BLUE: 4, GREY: 4}


def test_palaces(components: Components) -> None:
    palaces = components.palaces
    assert [palace.id for palace in palaces] == [f"P{n:02d}" for n in range(1, 13)]
    assert all(1 <= palace.crests <= 3 for palace in palaces)
    assert Counter(palace.crests for palace in palaces) == {1: 5, 2: 4, 3: 3}
    assert sum(palace.crests for palace in palaces) == 22


def test_identical_tiles_beads_and_markers(components: Components) -> None:
    assert components.factories == 12
    assert components.specials == 12
    assert components.beads_per_colour == 10
    assert components.beads_per_colour * len(Bead) == 30
    assert components.markers == 15


def test_ids_unique_across_tiles_and_cards(components: Components) -> None:
    groups = (components.streets, components.shops, components.palaces, components.characters)
    ids = [item.id for group in (*groups, components.special_cards) for item in group]
    assert len(ids) == len(set(ids)) == 42 + 12 + 12 + 40 + 15


def test_removals(components: Components) -> None:
    removals = components.removals
    assert removals.shops == (RED, BLUE, GREY)
    assert (removals.palaces, removals.specials, removals.factories) == (1, 3, 1)
    assert removals.one_customer_streets == (RED, BLUE, GREY)
    assert removals.blank_streets == 4
    assert removals.characters == ("C26", "C32")
    serenella = [card.id for card in components.characters if card.island == "serenella"]
    assert serenella == ["C26", "C32"]


def test_removals_leave_room_on_the_small_side(components: Components) -> None:
    removals = components.removals
    streets = len(components.streets) - len(removals.one_customer_streets) - removals.blank_streets
    buildings = (
        len(components.shops)
        - len(removals.shops)
        + len(components.palaces)
        - removals.palaces
        + components.factories
        - removals.factories
        + components.specials
        - removals.specials
    )
    assert (streets, buildings) == (35, 40)
    assert counts(components.side(3).islands) >= (streets, buildings)
    assert counts(components.side(4).islands) >= (42, 48)
    assert len(components.characters) - len(removals.characters) == 38


# --------------------------------------------------------------------------- character cards

EXCHANGE = ((2, 1), (4, 3), (6, 5), (8, 7))
COLOUR_TABLE = ((2, 4), (3, 8), (4, 12), (5, 16))


def card(number: int, kind: CharacterKind, provenance: str = "rulebook", **fields: Any) -> CharacterCard:
    return CharacterCard(id=f"C{number:02d}", kind=kind, provenance=provenance, **fields)


def expected_characters() -> list[CharacterCard]:
    recon = "reconstructed"
    cards = [
        card(1, K.SHOPS_OF_COLOUR, colour=RED, vp=4),
        card(2, K.SHOPS_OF_COLOUR, recon, colour=BLUE, vp=4),
        card(3, K.SHOPS_OF_COLOUR, recon, colour=GREY, vp=4),
        card(4, K.BUILDINGS, recon, buildings=frozenset({Building.SHOP, Building.FACTORY}), vp=2),
        card(5, K.BUILDINGS, recon, buildings=frozenset({Building.PALACE, Building.SPECIAL}), vp=3),
        card(6, K.MONOPOLY, vp=12),
        card(7, K.GOLD_EXCHANGE, recon, requires=(("blue", 2), ("grey", 1), ("palace", 1), ("special", 1)),
             table=EXCHANGE),
        card(8, K.GOLD_EXCHANGE, recon, requires=(("red", 2), ("grey", 1), ("palace", 1), ("special", 1)),
             table=EXCHANGE),
        card(9, K.FEW_CUSTOMERS, vp=10),
        card(10, K.ONE_OF_EACH, vp=12),
        card(11, K.ALL_CUSTOMERS, recon, table=((3, 4), (5, 8), (7, 12), (9, 16))),
        card(12, K.CUSTOMERS_OF_COLOUR, recon, colour=RED, table=COLOUR_TABLE),
        card(13, K.CUSTOMERS_OF_COLOUR, recon, colour=BLUE, table=COLOUR_TABLE),
        card(14, K.CUSTOMERS_OF_COLOUR, recon, colour=GREY, table=COLOUR_TABLE),
        card(15, K.CRESTS),
        card(16, K.OWN_AND_OTHERS, own=1, others=2),
        card(17, K.OWN_AND_OTHERS, own=2, others=1),
        card(18, K.SPECIALS_EQUAL_CUSTOMERS, colour=RED, vp=12),
        card(19, K.SPECIALS_EQUAL_CUSTOMERS, colour=BLUE, vp=12),
        card(20, K.SPECIALS_EQUAL_CUSTOMERS, colour=GREY, vp=12),
        card(21, K.CRESTS_EQUAL, buildings=frozenset({Building.FACTORY}), vp=12),
        card(22, K.CRESTS_EQUAL, buildings=frozenset({Building.SHOP}), vp=12),
        card(23, K.EQUAL_BUILDINGS, vp=16),
        card(24, K.BALANCE, vp=12),
        card(25, K.ONE_CREST, vp=12),
    ]  # fmt: skip
    cards += [card(26 + i, K.THREE_OWN, recon, island=island, vp=10) for i, island in enumerate(ISLANDS)]
    cards += [card(32 + i, K.TWO_GONDOLIERS, recon, island=island, vp=10) for i, island in enumerate(ISLANDS)]
    cards += [
        card(38, K.BEADS, recon, bead=Bead.RED, island="donato", vp=7),
        card(39, K.BEADS, recon, bead=Bead.GREEN, island="mattia", vp=7),
        card(40, K.BEADS, recon, bead=Bead.BLUE, island="pietro", vp=7),
    ]
    return cards


def test_character_cards_as_designed(components: Components) -> None:
    expected = expected_characters()
    assert len(components.characters) == 40
    assert [c.id for c in components.characters] == [c.id for c in expected]
    for actual, wanted in zip(components.characters, expected, strict=True):
        assert actual == wanted, actual.id


def test_character_kinds(components: Components) -> None:
    kinds = Counter(card.kind for card in components.characters)
    assert set(kinds) == set(CharacterKind), "every kind the rules describe"
    assert kinds[K.THREE_OWN] == kinds[K.TWO_GONDOLIERS] == 6
    assert kinds[K.BEADS] == 3
    islands = {island.id for island in components.side(4).islands}
    for c in components.characters:
        assert c.island is None or c.island in islands, c.id


def test_stated_card_values(components: Components) -> None:
    """The VP, requirements and the exchange step the rules page states."""
    stated_vp = {
        K.SHOPS_OF_COLOUR: {4},
        K.BUILDINGS: {2, 3},
        K.MONOPOLY: {12},
        K.FEW_CUSTOMERS: {10},
        K.ONE_OF_EACH: {12},
        K.SPECIALS_EQUAL_CUSTOMERS: {12},
        K.CRESTS_EQUAL: {12},
        K.EQUAL_BUILDINGS: {16},
        K.BALANCE: {12},
        K.ONE_CREST: {12},
        K.THREE_OWN: {10},
        K.TWO_GONDOLIERS: {10},
        K.BEADS: {7},
    }
    for c in components.characters:
        if c.kind in stated_vp:
            assert c.vp in stated_vp[c.kind], c.id
    exchanges = [c for c in components.characters if c.kind is K.GOLD_EXCHANGE]
    assert [dict(c.requires) for c in exchanges] == [
        {"blue": 2, "grey": 1, "palace": 1, "special": 1},
        {"red": 2, "grey": 1, "palace": 1, "special": 1},
    ]
    for c in exchanges:
        assert (4, 3) in c.table
        assert max(gold for gold, _ in c.table) <= 8
    pairs = {(c.own, c.others) for c in components.characters if c.kind is K.OWN_AND_OTHERS}
    assert pairs == {(1, 2), (2, 1)}
    for c in components.characters:
        for (a, x), (b, y) in zip(c.table, c.table[1:], strict=False):
            assert a < b and x < y, c.id


# --------------------------------------------------------------------------- special building cards

SPECIALS = [
    ("X01", SpecialEffect.ASSEMBLY_HALL, "Assembly Hall", set(), None),
    ("X02", SpecialEffect.BANK, "Bank", set(), None),
    ("X03", SpecialEffect.BASILICA, "Basilica", set(), None),
    ("X04", SpecialEffect.CONSTRUCTION_CRANE, "Construction Crane (shop)", set(), Building.SHOP),
    ("X05", SpecialEffect.CONSTRUCTION_CRANE, "Construction Crane (palace)", set(), Building.PALACE),
    ("X06", SpecialEffect.DOCKSIDE_BAR, "Dockside Bar", set(), None),
    ("X07", SpecialEffect.GUILD_HALL, "Guild Hall", set(), None),
    ("X08", SpecialEffect.HARBOR, "Harbor", set(), None),
    ("X09", SpecialEffect.HOSTEL, "Hostel", set(), None),
    ("X10", SpecialEffect.LIGHTHOUSE, "Lighthouse", set(), None),
    ("X11", SpecialEffect.STUDIO, "Studio (red/green)", {Bead.RED, Bead.GREEN}, None),
    ("X12", SpecialEffect.STUDIO, "Studio (red/blue)", {Bead.RED, Bead.BLUE}, None),
    ("X13", SpecialEffect.STUDIO, "Studio (blue/green)", {Bead.BLUE, Bead.GREEN}, None),
    ("X14", SpecialEffect.TAVERN, "Tavern", set(), None),
    ("X15", SpecialEffect.TRADING_STATION, "Trading Station", set(), None),
]


def test_special_cards(components: Components) -> None:
    cards = components.special_cards
    assert len(cards) == 15
    assert [(c.id, c.effect, c.title, set(c.beads), c.building) for c in cards] == SPECIALS
    counts = Counter(c.effect for c in cards)
    assert counts[SpecialEffect.STUDIO] == 3
    assert counts[SpecialEffect.CONSTRUCTION_CRANE] == 2
    assert all(counts[effect] == 1 for effect in SpecialEffect if effect.value not in ("studio", "construction-crane"))
    assert {c.beads for c in cards if c.effect is SpecialEffect.STUDIO} == {
        frozenset({Bead.RED, Bead.GREEN}),
        frozenset({Bead.RED, Bead.BLUE}),
        frozenset({Bead.BLUE, Bead.GREEN}),
    }
    for c in cards:
        expected = "reconstructed" if c.effect is SpecialEffect.CONSTRUCTION_CRANE else "rulebook"
        assert c.provenance == expected, c.id
    assert len({c.title for c in cards}) == 15


# --------------------------------------------------------------------------- provenance


def items_of(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every item of the raw document that carries a provenance, with a name for messages."""
    keys = ("action_ring", "streets", "shops", "palaces", "factories", "special_buildings", "beads", "markers")
    items = [(key, data[key]) for key in (*keys, "removals")]
    items += [(f"side {item['name']}", item) for item in data["side"]]
    items += [(f"island {item['id']}", item) for item in data["island"]]
    items += [(f"character {item['id']}", item) for item in data["character"]]
    items += [(f"special card {item['id']}", item) for item in data["special_card"]]
    return items


def test_provenance_on_every_item(components: Components) -> None:
    data = tomllib.loads(packaged_text())
    items = items_of(data)
    assert len(items) == 9 + 2 + 6 + 40 + 15
    assert len(items) == sum(len(v) if isinstance(v, list) else 1 for v in data.values())
    for name, item in items:
        assert item.get("provenance") in PROVENANCES, name
        assert item.get("note", "").strip(), f"{name}: every item says what it rests on"
    provenance = {name: item["provenance"] for name, item in items}
    assert {name for name, p in provenance.items() if p == "rulebook" and " " not in name} == {"removals"}
    # The tile and bead counts come from the published game's component list, not the rules page.
    assert {name for name, p in provenance.items() if p == "public"} == {
        "shops",
        "factories",
        "special_buildings",
        "beads",
        "markers",
    }
    assert {p for name, p in provenance.items() if name.startswith(("side", "island"))} == {"reconstructed"}
    for c in components.characters:
        assert provenance[f"character {c.id}"] == c.provenance
    rulebook = {c.id for c in components.characters if c.provenance == "rulebook"}
    assert rulebook == {"C01", "C06", "C09", "C10", *(f"C{n}" for n in range(15, 26))}


# --------------------------------------------------------------------------- the loader on other files


def write_variant(tmp_path: Path, change: Callable[[Data], None]) -> str:
    return write_toml_variant(tmp_path, packaged_text(), change)


def named(data: Data, key: str, name: str) -> Data:
    field = {"side": "name"}.get(key, "id")
    item: Data = next(item for item in data[key] if item[field] == name)
    return item


def space(data: Data, island: str, number: int) -> Data:
    item: Data = named(data, "island", island)["spaces"][number - 1]
    return item


def test_custom_file_loads(tmp_path: Path, components: Components) -> None:
    """Another file of the same schema: a canal between two spaces, two gondolas of one colour, another
    exchange table and a public source."""

    def change(data: Data) -> None:
        space(data, "donato", 10)["neighbours"].remove(11)
        space(data, "donato", 11)["neighbours"].remove(10)
        named(data, "island", "mattia")["gondolas"] = ["orange", "orange", "white"]
        named(data, "character", "C07").update(table=[[4, 3], [8, 6]], provenance="public")

    custom = load_components(write_variant(tmp_path, change))
    donato = custom.side(4).island("donato")
    assert donato.spaces[9].neighbours == ("donato.5", "donato.9", "donato.14")
    assert custom.side(4).island("mattia").gondolas == ("orange", "orange", "white")
    c07 = custom.characters[6]
    assert (c07.table, c07.provenance) == (((4, 3), (8, 6)), "public")
    assert components.characters[6].table == EXCHANGE


CHANGES = ItemChanges(named)
set_field, drop_field, drop_item = CHANGES.set_field, CHANGES.drop_field, CHANGES.drop_item


def set_space(island: str, number: int, **fields: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        space(data, island, number).update(fields)

    return change


def set_spaces(island: str, numbers: range, **fields: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        for n in numbers:
            space(data, island, n).update(fields)

    return change


def link(island: str, a: int, b: int) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        space(data, island, a)["neighbours"].append(b)
        space(data, island, b)["neighbours"].append(a)

    return change


def unlink_one_way(island: str, a: int, b: int) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        space(data, island, a)["neighbours"].remove(b)

    return change


def tiles(key: str, change_tiles: Callable[[list[Data]], object]) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        change_tiles(data[key]["tiles"])

    return change


def ring(change_spaces: Callable[[list[Data]], object]) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        change_spaces(data["action_ring"]["spaces"])

    return change


def add_island(island_id: str, name: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        island = copy.deepcopy(named(data, "island", "donato"))
        island.update(id=island_id, name=name)
        data["island"].append(island)

    return change


def both(*changes: Callable[[Data], None]) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        for step in changes:
            step(data)

    return change


CH, SC, IS, SI = "character", "special_card", "island", "side"
BAD_FILES: dict[str, tuple[Callable[[Data], None], str]] = {
    # structure and types
    "unknown top-level key": (top_level("extras", {"sparkle": 1}), r"unknown top-level key 'extras'"),
    "unknown character key": (set_field(CH, "C06", "sparkles", 1), r"character 'C06': unknown key 'sparkles'"),
    "unknown island key": (set_field(IS, "donato", "tides", 2), r"island 'donato': unknown key 'tides'"),
    "unknown space key": (set_space("donato", 3, roof="red"), r"island 'donato': space #3: unknown key 'roof'"),
    "unknown ring key": (set_field("action_ring", None, "wind", 1), r"\[action_ring\]: unknown key 'wind'"),
    "no streets table": (drop_top_level("streets"), r"no \[streets\] table"),
    "no characters": (drop_top_level("character"), r"no \[\[character\]\] tables"),
    "string vp": (set_field(CH, "C06", "vp", "twelve"), r"'C06': field 'vp' must be an integer, not string"),
    "boolean crests": (
        tiles("palaces", lambda t: t[0].update(crests=True)),
        r"palace 'P01': field 'crests' must be an integer, not boolean",
    ),
    "missing provenance": (drop_field(IS, "pietro", "provenance"), r"'pietro': field 'provenance' is missing"),
    "bad provenance": (set_field(SC, "X02", "provenance", "guess"), r"'X02': provenance 'guess' is not one of"),
    "duplicate tile id": (tiles("shops", lambda t: t[1].update(id="H01")), r"shop 'H01': duplicate id"),
    "id of two kinds": (
        set_field(SC, "X01", "id", "C01"),
        r"special card 'C01': the id is also a character's; ids name one tile or card",
    ),
    # the islands
    "no street neighbour": (
        set_space("pietro", 4, kind="building"),
        r"space pietro\.1: a building space with no street space next to it",
    ),
    "asymmetric neighbours": (
        unlink_one_way("donato", 6, 11),
        r"space donato\.11: names donato\.6 as a neighbour, but donato\.6 does not name it back",
    ),
    "diagonal neighbours": (link("donato", 1, 7), r"space donato\.1: neighbour donato\.7 at row 2, column 4 is not"),
    "neighbour off the island": (
        set_space("donato", 16, neighbours=[12, 15, 17]),
        r"space donato\.16: neighbour 17 is not a space of",
    ),
    "own neighbour": (set_space("donato", 2, neighbours=[1, 2, 3, 6]), r"space donato\.2: names itself"),
    "neighbour twice": (set_space("donato", 2, neighbours=[1, 3, 3, 6]), r"donato\.2: a neighbour is named twice"),
    "space misnumbered": (set_space("mattia", 3, n=4), r"island 'mattia': space #3: numbered 4; number the spaces"),
    "spaces out of order": (set_space("mattia", 2, column=7), r"space mattia\.3: row 1, column 3 does not come after"),
    "bad space kind": (set_space("mattia", 2, kind="canal"), r"space mattia\.2: kind 'canal' is not one of street"),
    "zero row": (set_space("mattia", 1, row=0), r"space mattia\.1: field 'row' must be positive, not 0"),
    "bad gondola colour": (
        set_field(IS, "stefano", "gondolas", ["orange", "pink"]),
        r"island 'stefano': gondola colour 'pink' is not one of orange, grey, brown, white",
    ),
    "no gondolas": (set_field(IS, "stefano", "gondolas", []), r"island 'stefano': no gondolas"),
    "island twice": (set_field(IS, "stefano", "id", "donato"), r"island 'donato': duplicate id"),
    "island with a dot": (set_field(IS, "stefano", "id", "st.efano"), r"island 'st\.efano': an island id is a word"),
    "named island missing": (
        set_field(IS, "mattia", "name", "Sacca Mattia Nuova"),
        r"no island named 'Sacca Mattia', which the rules name",
    ),
    "too few building spaces": (
        set_spaces("mattia", range(1, 6), kind="street"),
        r"side '4': 47 building spaces for 48 buildings",
    ),
    # the board sides
    "unknown island on a side": (
        set_field(SI, "2-3", "islands", ["donato", "mattia", "pietro", "navagero", "lido"]),
        r"side '2-3': unknown island 'lido'",
    ),
    "four islands on the small side": (
        set_field(SI, "2-3", "islands", ["donato", "mattia", "pietro", "navagero"]),
        r"side '2-3': 4 building islands, the rules' side has 5",
    ),
    "serenella on the small side": (
        set_field(SI, "2-3", "islands", ["serenella", "mattia", "pietro", "navagero", "stefano"]),
        r"side '2-3' builds on Sacca Serenella, which holds only cards",
    ),
    "island twice on a side": (
        set_field(SI, "4", "islands", ["serenella", "donato", "mattia", "pietro", "navagero", "navagero"]),
        r"side '4': field 'islands' names 'navagero' twice",
    ),
    "island on no side": (add_island("lido", "Lido"), r"island 'lido' is not on side '4', which builds on every"),
    "side missing": (drop_item(SI, "2-3"), r"no board side '2-3'"),
    "unknown side": (set_field(SI, "2-3", "name", "solo"), r"side 'solo': name must be one of '4', '2-3'"),
    # the action spaces
    "17 action spaces": (ring(lambda s: s.pop()), r"\[action_ring\]: 17 action spaces, the rules have 18"),
    "misnumbered action space": (
        ring(lambda s: s[4].update(number=6)),
        r"action space #5: numbered 6; number the spaces 1–18",
    ),
    "unknown action": (ring(lambda s: s[0].update(action="fish")), r"#1: action 'fish' is not one of take 2 gold"),
    "wrong action mix": (ring(lambda s: s[5].update(action="build")), r"4 'build' spaces, the rules have 3"),
    "seven anchors": (ring(lambda s: s[0].pop("anchor")), r"7 anchors, the rules put 8 ships on anchor spaces"),
    "string anchor": (ring(lambda s: s[0].update(anchor="yes")), r"field 'anchor' must be true or false"),
    # tiles, beads and markers
    "41 street tiles": (tiles("streets", lambda t: t.pop()), r"\[streets\]: 41 street tiles, the rules have 42"),
    "bad customer": (
        tiles("streets", lambda t: t[0].update(customers=["green"])),
        r"street tile 'S01': customer colour 'green' is not one of red, blue, grey",
    ),
    "five red shops": (tiles("shops", lambda t: t[4].update(colour="red")), r"5 red shops, the rules have 4 of each"),
    "four crests": (tiles("palaces", lambda t: t[11].update(crests=4)), r"palace 'P12': 4 crests; a palace shows 1"),
    "11 palaces": (tiles("palaces", lambda t: t.pop()), r"\[palaces\]: 11 palaces, the rules have 12"),
    "11 factories": (set_field("factories", None, "count", 11), r"\[factories\]: 11 glass factories, the rules have"),
    "13 special buildings": (set_field("special_buildings", None, "count", 13), r"13 special buildings, the rules"),
    "9 beads": (set_field("beads", None, "per_colour", 9), r"\[beads\]: 9 beads of each colour, the rules have 10"),
    "no markers": (set_field("markers", None, "per_player", 0), r"'per_player' must be positive, not 0"),
    # removals
    "two palaces removed": (set_field("removals", None, "palaces", 2), r"palaces is 2; the rules remove 1"),
    "shops removed": (
        set_field("removals", None, "shops", ["red", "blue"]),
        r"\[removals\]: shops is \['red', 'blue'\]; the rules remove one of each colour",
    ),
    "no blank street to remove": (
        tiles("streets", lambda t: [tile.update(customers=["red"]) for tile in t[:9]]),
        r"\[removals\]: 3 blank street tiles, fewer than the 4 removed",
    ),
    "no one-customer grey street": (
        tiles("streets", lambda t: [tile.update(customers=[]) for tile in t if tile["customers"] == ["grey"]]),
        r"no street tile with one grey customer to remove",
    ),
    "wrong character removed": (
        set_field("removals", None, "characters", ["C26", "C33"]),
        r"characters is \['C26', 'C33'\]; the rules remove the cards of Sacca Serenella \(C26, C32\)",
    ),
    "unknown card removed": (
        set_field("removals", None, "characters", ["C26", "C99"]),
        r"\[removals\]: unknown character card 'C99'",
    ),
    "three serenella cards": (
        set_field(CH, "C27", "island", "serenella"),
        r"3 character cards name Sacca Serenella; the rules remove its two cards",
    ),
    # character cards
    "unknown island in a card": (set_field(CH, "C27", "island", "lido"), r"character 'C27': unknown island 'lido'"),
    "unknown kind": (set_field(CH, "C06", "kind", "bribe"), r"character 'C06': kind 'bribe' is not one of"),
    "missing colour": (drop_field(CH, "C02", "colour"), r"'C02': shops-of-colour cards name their 'colour'"),
    "extra colour": (set_field(CH, "C06", "colour", "red"), r"'C06': monopoly cards have no 'colour'"),
    "missing table": (drop_field(CH, "C11", "table"), r"'C11': all-customers cards name their 'table'"),
    "missing vp": (drop_field(CH, "C27", "vp"), r"'C27': three-own cards name their 'vp'"),
    "bad bead": (set_field(CH, "C38", "bead", "grey"), r"'C38': bead colour 'grey' is not one of red, green, blue"),
    "wrong vp": (set_field(CH, "C06", "vp", 11), r"'C06': vp 11; monopoly cards score 12"),
    "wrong buildings vp": (set_field(CH, "C04", "vp", 4), r"'C04': vp 4; buildings cards score 2 or 3"),
    "no buildings": (set_field(CH, "C04", "buildings", []), r"'C04': a buildings card names at least one"),
    "crests equal palaces": (set_field(CH, "C21", "buildings", ["palace"]), r"'C21': a crests-equal card names one"),
    "own and others": (set_field(CH, "C16", "others", 1), r"'C16': own 1, others 1; the rules give 1 and 2 VP"),
    "falling table": (set_field(CH, "C11", "table", [[3, 4], [5, 2]]), r"'C11': table entry \[5, 2\] does not rise"),
    "bad table entry": (set_field(CH, "C12", "table", [[2, 4, 6]]), r"'C12': table entry \[2, 4, 6\] is not a pair"),
    "no exchange step": (set_field(CH, "C07", "table", [[2, 1], [6, 5]]), r"'C07': no step of 4 gold for 3 VP"),
    "exchange over 8": (set_field(CH, "C07", "table", [[4, 3], [10, 8]]), r"'C07': exchanges 10 gold; the rules"),
    "stated requirement missing": (
        set_field(CH, "C08", "requires", {"red": 1, "grey": 1, "palace": 1, "special": 1}),
        r"no gold-exchange card requiring 2 red, 1 grey, 1 palace, 1 special, as the rules state",
    ),
    "unknown requirement": (
        set_field(CH, "C08", "requires", {"red": 2, "canal": 1}),
        r"'C08': requirement 'canal' is not one of red, blue, grey, factory",
    ),
    "39 characters": (drop_item(CH, "C40"), r"39 character cards, the rules have 40"),
    "kind missing": (
        both(set_field(CH, "C15", "kind", "one-crest"), set_field(CH, "C15", "vp", 12)),
        r"no crests character card; the rules describe every kind",
    ),
    "character twice": (set_field(CH, "C07", "id", "C06"), r"character 'C06': duplicate id"),
    # special building cards
    "missing studio pair": (
        set_field(SC, "X13", "beads", ["red", "green"]),
        r"no studio for green/blue; the rules have the pairs",
    ),
    "studio with one colour": (set_field(SC, "X12", "beads", ["red"]), r"'X12': a studio card names two bead"),
    "beads on a bank": (set_field(SC, "X02", "beads", ["red", "blue"]), r"'X02': only studio cards name bead"),
    "crane without building": (drop_field(SC, "X04", "building"), r"'X04': a construction-crane card names its"),
    "building on a tavern": (set_field(SC, "X14", "building", "shop"), r"'X14': only construction-crane cards name"),
    "bad crane building": (set_field(SC, "X05", "building", "bridge"), r"'X05': building 'bridge' is not one of"),
    "14 special cards": (drop_item(SC, "X15"), r"14 special building cards, the rules have 15"),
    "two banks": (set_field(SC, "X03", "effect", "bank"), r"2 bank cards, the rules have 1"),
    "empty title": (set_field(SC, "X03", "title", " "), r"'X03': title is empty"),
    "tiles not an array": (
        lambda data: data["streets"].update(tiles="S01"),
        r"\[streets\]: field 'tiles' must be an array of tables, not string$",
    ),
    "no spaces": (drop_field(IS, "donato", "spaces"), r"island 'donato': field 'spaces' is missing$"),
    "spaces not an array": (
        set_field(IS, "donato", "spaces", 3),
        r"island 'donato': field 'spaces' must be an array of space tables, not integer$",
    ),
    "string gondolas": (
        set_field(IS, "donato", "gondolas", "orange"),
        r"island 'donato': field 'gondolas' must be an array of strings, not string$",
    ),
    "integer provenance": (
        set_field(CH, "C06", "provenance", 3),
        r"character 'C06': field 'provenance' must be a string, not integer$",
    ),
    "string row": (
        set_space("donato", 3, row="two"),
        r"island 'donato': space donato.3: field 'row' must be an integer, not string$",
    ),
    "string action space number": (
        ring(lambda spaces: spaces[0].update(number="1")),
        r"\[action_ring\]: action space #1: field 'number' must be an integer, not string$",
    ),
    "shop twice": (tiles("shops", lambda t: t.append(dict(t[0]))), r": shop 'H01': duplicate id$"),
}


test_loader_rejects_bad_file = bad_file_test(load_components, write_variant, BAD_FILES)

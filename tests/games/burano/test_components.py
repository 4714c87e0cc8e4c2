"""Schema tests of Burano's component data: every count and fact the rulebook states, the reconstructed
values as designed, provenance on every item, and the loader's rejection of bad files.
"""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from laguna.core.component_data import PACKAGED, PROVENANCES
from laguna.games.burano.components import (
    COLOURS,
    Colour,
    Components,
    Effect,
    HouseSymbol,
    RoofKind,
    Square,
    parse_square,
    square_name,
)
from laguna.games.burano.loader import load_components
from tests.component_files import bad_file_test
from tests.toml_writer import Data, ItemChanges, drop_top_level, top_level
from tests.toml_writer import write_variant as write_toml_variant

PK, BL, YE, GR, OR, WH = COLOURS
COIN, FOUNTAIN = HouseSymbol.COIN, HouseSymbol.FOUNTAIN


@pytest.fixture(scope="module")
def components() -> Components:
    return load_components()


def packaged_text() -> str:
    return (resources.files("laguna.games.burano") / "data" / "components.toml").read_text(encoding="utf-8")


def squares(*names: str) -> tuple[Square, ...]:
    parsed = tuple(parse_square(name) for name in names)
    assert all(square is not None for square in parsed)
    return parsed  # type: ignore[return-value]


# --------------------------------------------------------------------------- loading


def test_loader_is_cached(components: Components) -> None:
    assert load_components() is components
    assert load_components(PACKAGED) is components
    assert components.source == "reconstructed"


def test_lookups(components: Components) -> None:
    assert components.card("flat-vp").vp == 9
    assert components.ship("tuna-squid").vp == 24
    with pytest.raises(KeyError):
        components.card("nope")
    with pytest.raises(KeyError):
        components.ship("nope")


# --------------------------------------------------------------------------- the main island and the waters


def test_main_island(components: Components) -> None:
    island = components.main_island
    assert (island.rows, island.columns) == (6, 7)
    assert island.pits == {(row, column) for row in range(6) for column in range(7)}
    assert len(island.pits) == 42
    assert island.fountain == (0, 3)
    assert square_name(island.fountain) == "d1"
    assert island.fountain in island.pits
    assert island.provenance == "reconstructed"


def test_waters(components: Components) -> None:
    waters = components.waters
    assert waters.islands == ("A", "B", "C", "D", "E", "F")
    assert waters.ports == ("left", "right")
    routes = {frozenset(route) for route in waters.routes}
    assert len(routes) == len(waters.routes) == 10
    expected = ["left-A", "left-C", "A-C", "A-F", "F-B", "B-D", "B-right", "right-D", "C-E", "E-D"]
    assert routes == {frozenset(route.split("-")) for route in expected}
    assert waters.neighbours("A") == ("C", "F", "left")
    assert waters.neighbours("left") == ("A", "C")
    assert waters.neighbours("right") == ("B", "D")
    assert waters.neighbours("E") == ("C", "D")
    assert waters.provenance == "reconstructed"


def test_waters_connected_and_symmetric(components: Components) -> None:
    waters = components.waters
    places = (*waters.islands, *waters.ports)
    for a in places:
        assert a not in waters.neighbours(a)
        for b in waters.neighbours(a):
            assert a in waters.neighbours(b)
    reached, frontier = {"A"}, ["A"]
    while frontier:
        for step in waters.neighbours(frontier.pop()):
            if step not in reached:
                reached.add(step)
                frontier.append(step)
    assert reached == set(places)
    for seat in ("A", "B", "C", "D"):
        assert set(waters.neighbours(seat)) & set(waters.ports), seat


# --------------------------------------------------------------------------- the schedule ring


def test_ring_pieces(components: Components) -> None:
    pieces = {
        piece.letter: [(house.colour, house.symbol) for house in piece.houses] for piece in components.ring_pieces
    }
    assert [piece.letter for piece in components.ring_pieces] == ["A", "B", "C", "D"]
    assert pieces == {
        "A": [(PK, COIN), (BL, FOUNTAIN), (YE, COIN)],
        "B": [(GR, COIN), (OR, COIN), (WH, FOUNTAIN)],
        "C": [(PK, FOUNTAIN), (GR, COIN), (WH, COIN)],
        "D": [(BL, COIN), (YE, FOUNTAIN), (OR, COIN)],
    }
    houses = [house for piece in components.ring_pieces for house in piece.houses]
    assert len(houses) == 12
    assert Counter(house.colour for house in houses) == dict.fromkeys(COLOURS, 2)
    assert Counter(house.symbol for house in houses) == {COIN: 8, FOUNTAIN: 4}
    assert {piece.provenance for piece in components.ring_pieces} == {"reconstructed"}


# --------------------------------------------------------------------------- the lace workshops

FIRST_GAME = {
    "pink-4": (("a1", "b1", "c1", "a2"), ("a1",)),
    "blue-4": (("d1", "e1", "f1", "e2"), ("e1",)),
    "yellow-4": (("b2", "c2", "b3", "c3"), ("c3",)),
    "green-4": (("d2", "d3", "e3", "e4"), ("e4",)),
    "orange-4": (("g1", "g2", "g3", "f2"), ("g2",)),
    "white-4": (("a4", "b4", "c4", "d4"), ("b4",)),
    "pink-3": (("a1", "b1", "c1"), ("b1",)),
    "blue-3": (("e1", "f1", "f2"), ("f1",)),
    "yellow-3": (("b2", "a3", "b3"), ("a3",)),
    "green-3": (("d2", "d3", "e3"), ("e3",)),
    "orange-3": (("g2", "g3", "g4"), ("g4",)),
    "white-3": (("b4", "c4", "d4"), ("c4",)),
}


def test_workshop_area_grid(components: Components) -> None:
    assert (components.workshop_rows, components.workshop_columns) == (4, 7)


def test_workshops_as_designed(components: Components) -> None:
    assert [w.name for w in components.workshops] == list(FIRST_GAME)
    for workshop in components.workshops:
        expected_squares, expected_coins = FIRST_GAME[workshop.name]
        assert workshop.squares == squares(*expected_squares), workshop.name
        assert workshop.coins == frozenset(squares(*expected_coins)), workshop.name
        assert workshop.name == f"{workshop.colour.value}-{workshop.size}"
        assert workshop.provenance == "reconstructed"


@pytest.mark.parametrize(("size", "blanks"), [(4, ("a3", "f3", "f4", "g4")), (3, None)])
def test_one_workshop_per_colour_and_size(components: Components, size: int, blanks: tuple[str, ...] | None) -> None:
    workshops = components.workshops_of_size(size)
    assert [w.colour for w in workshops] == list(COLOURS)
    assert all(w.size == size for w in workshops)
    covered = [square for w in workshops for square in w.squares]
    assert len(covered) == len(set(covered)) == 6 * size
    grid = {(row, column) for row in range(4) for column in range(7)}
    assert set(covered) <= grid
    left = grid - set(covered)
    assert len(left) == {4: 4, 3: 10}[size]
    if blanks is not None:
        assert left == set(squares(*blanks))
    for w in workshops:
        assert len(w.coins) == 1
        assert w.coins <= set(w.squares)


def test_twelve_workshops(components: Components) -> None:
    assert len(components.workshops) == 12
    assert len({w.name for w in components.workshops}) == 12


# --------------------------------------------------------------------------- roof tiles

MISSING_PAIRS = {
    RoofKind.ISLANDS: {(PK, WH), (BL, OR), (YE, GR)},
    RoofKind.WORKSHOPS: {(BL, WH), (YE, PK), (GR, OR)},
    RoofKind.FOUNTAINS: {(YE, WH), (GR, BL), (OR, PK)},
    RoofKind.FLAT: {(GR, WH), (OR, YE), (PK, BL)},
}


def test_roof_tiles(components: Components) -> None:
    assert list(components.roof_tiles) == list(RoofKind)
    assert sum(len(tiles) for tiles in components.roof_tiles.values()) == 48
    all_pairs = set(itertools.combinations(COLOURS, 2))
    for kind, tiles in components.roof_tiles.items():
        assert len(tiles) == 12, kind
        assert all(tile.kind is kind for tile in tiles)
        pairs = [tile.colours for tile in tiles]
        assert all(a is not b for a, b in pairs)
        assert all(COLOURS.index(a) < COLOURS.index(b) for a, b in pairs), "stored in the order of Colour"
        assert len(set(pairs)) == 12
        missing = {tuple(sorted(pair, key=COLOURS.index)) for pair in MISSING_PAIRS[kind]}
        assert all_pairs - set(pairs) == missing, kind
        assert Counter(colour for pair in pairs for colour in pair) == dict.fromkeys(COLOURS, 4)


def test_roof_refill_example_tile_exists(components: Components) -> None:
    """Clean-up step 5: the blue player removes the blue-green 'majority in island' roof tile."""
    assert (BL, GR) in [tile.colours for tile in components.roof_tiles[RoofKind.ISLANDS]]
    assert "islands:blue-green" in [str(tile) for tile in components.roof_tiles[RoofKind.ISLANDS]]


# --------------------------------------------------------------------------- fish and ships


def test_fish(components: Components) -> None:
    assert components.fish_kinds == ("tuna", "squid", "lobster", "crab", "octopus", "eel", "sardine", "shrimp")
    assert components.fish_per_kind == 6
    assert len(components.fish_kinds) * components.fish_per_kind == 48


def test_ships(components: Components) -> None:
    assert [(s.name, s.demand, s.vp, s.provenance) for s in components.ships] == [
        ("tuna-squid", (("tuna", 3), ("squid", 3)), 24, "rulebook"),
        ("lobster-crab", (("lobster", 3), ("crab", 3)), 24, "reconstructed"),
        ("octopus-eel", (("octopus", 3), ("eel", 3)), 24, "reconstructed"),
        ("sardine-shrimp", (("sardine", 3), ("shrimp", 3)), 24, "reconstructed"),
    ]
    for ship in components.ships:
        assert ship.name == "-".join(kind for kind, _ in ship.demand)
        assert all(kind in components.fish_kinds for kind, _ in ship.demand)
    demanded = Counter(kind for ship in components.ships for kind, _ in ship.demand)
    assert demanded == dict.fromkeys(components.fish_kinds, 1), "every fish kind sells to exactly one ship"


# --------------------------------------------------------------------------- building cards

CARDS: dict[str, tuple[Effect, set[Colour], set[str], int]] = {
    "roof-vp-a": (Effect.ROOF_COLOUR_VP, {BL, PK}, set(), 0),
    "roof-vp-b": (Effect.ROOF_COLOUR_VP, {YE, GR}, set(), 0),
    "roof-vp-c": (Effect.ROOF_COLOUR_VP, {OR, WH}, set(), 0),
    "roof-any-a": (Effect.ROOF_ANY_CUBES, {BL, GR}, set(), 0),
    "roof-any-b": (Effect.ROOF_ANY_CUBES, {YE, WH}, set(), 0),
    "roof-any-c": (Effect.ROOF_ANY_CUBES, {OR, PK}, set(), 0),
    "sold-fish-a": (Effect.SOLD_FISH_VP, set(), {"tuna", "squid", "lobster", "crab"}, 0),
    "sold-fish-b": (Effect.SOLD_FISH_VP, set(), {"octopus", "eel", "sardine", "shrimp"}, 0),
    "workshop-a": (Effect.WORKSHOP_COLOUR_VP, {PK, BL, YE}, set(), 0),
    "workshop-b": (Effect.WORKSHOP_COLOUR_VP, {GR, OR, WH}, set(), 0),
    "two-step-fishing": (Effect.TWO_STEP_FISHING, set(), set(), 0),
    "lace-bump": (Effect.LACE_BUMP, set(), set(), 0),
    "island-ties": (Effect.ISLAND_TIES, set(), set(), 0),
    "lace-discount": (Effect.LACE_DISCOUNT, set(), set(), 3),
    "card-count": (Effect.CARD_COUNT_VP, set(), set(), 0),
    "flat-vp": (Effect.FLAT_VP, set(), set(), 9),
}


def test_building_cards(components: Components) -> None:
    assert len(components.building_cards) == 16
    assert [card.id for card in components.building_cards] == list(CARDS)
    for card in components.building_cards:
        assert (card.effect, set(card.colours), set(card.fish), card.vp) == CARDS[card.id], card.id
        assert card.title.strip(), card.id
        expected = "reconstructed" if card.effect is Effect.SOLD_FISH_VP else "rulebook"
        assert card.provenance == expected, card.id
    assert len({card.title for card in components.building_cards}) == 16
    counts = Counter(card.effect for card in components.building_cards)
    assert counts == {
        Effect.ROOF_COLOUR_VP: 3,
        Effect.ROOF_ANY_CUBES: 3,
        Effect.SOLD_FISH_VP: 2,
        Effect.WORKSHOP_COLOUR_VP: 2,
        **dict.fromkeys(
            (
                Effect.TWO_STEP_FISHING,
                Effect.LACE_BUMP,
                Effect.ISLAND_TIES,
                Effect.LACE_DISCOUNT,
                Effect.CARD_COUNT_VP,
                Effect.FLAT_VP,
            ),
            1,
        ),
    }


def test_sold_fish_cards_split_the_kinds(components: Components) -> None:
    cards = [card for card in components.building_cards if card.effect is Effect.SOLD_FISH_VP]
    assert cards[0].fish.isdisjoint(cards[1].fish)
    assert cards[0].fish | cards[1].fish == set(components.fish_kinds)


# --------------------------------------------------------------------------- provenance


def items_of(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every item of the raw document that carries a provenance, with a name for messages."""
    items = [(key, data[key]) for key in ("main_island", "waters", "workshop_area", "fish")]
    for key, name in (("ring_piece", "letter"), ("workshop", "name"), ("roof_tiles", "kind"), ("ship", "name")):
        items += [(f"{key} {item[name]}", item) for item in data[key]]
    items += [(f"fish kind {item['name']}", item) for item in data["fish"]["kind"]]
    items += [(f"building card {item['id']}", item) for item in data["building_card"]]
    return items


def test_provenance_on_every_item() -> None:
    items = items_of(tomllib.loads(packaged_text()))
    assert len(items) == 4 + 4 + 12 + 4 + 4 + 8 + 16
    for name, item in items:
        assert item.get("provenance") in PROVENANCES, name
        if item["provenance"] == "reconstructed":
            assert item.get("note", "").strip(), f"{name}: a reconstructed item says what it is modelled on"
    provenances = Counter(item["provenance"] for _, item in items)
    assert set(provenances) == {"rulebook", "reconstructed"}


def test_packaged_file_writes_squares_in_notation() -> None:
    data = tomllib.loads(packaged_text())
    assert data["main_island"]["fountain"] == "d1"
    for workshop in data["workshop"]:
        for name in [*workshop["squares"], *workshop["coins"]]:
            square = parse_square(name)
            assert square is not None and square_name(square) == name


# --------------------------------------------------------------------------- the loader on other files


def write_variant(tmp_path: Path, change: Callable[[Data], None]) -> str:
    return write_toml_variant(tmp_path, packaged_text(), change)


def named(data: Data, key: str, name: str) -> Data:
    field = {"ring_piece": "letter", "roof_tiles": "kind", "building_card": "id"}.get(key, "name")
    item: Data = next(item for item in data[key] if item[field] == name)
    return item


def test_custom_file_loads(tmp_path: Path, components: Components) -> None:
    """Another file of the same schema: a gap in the pit grid, other coins, tiles written in any order."""

    def change(data: Data) -> None:
        data["main_island"]["gaps"] = ["a6", "g6"]
        named(data, "workshop", "pink-4")["coins"] = ["a1", "c1"]
        named(data, "roof_tiles", "islands")["tiles"][0] = ["blue", "pink"]
        named(data, "ship", "octopus-eel").update(demand={"octopus": 2, "eel": 2, "tuna": 1}, vp=20)
        named(data, "ship", "octopus-eel")["provenance"] = "public"

    custom = load_components(write_variant(tmp_path, change))
    assert len(custom.main_island.pits) == 40
    assert (5, 0) not in custom.main_island.pits
    assert custom.workshops[0].coins == {(0, 0), (0, 2)}
    assert custom.roof_tiles[RoofKind.ISLANDS][0].colours == (PK, BL)
    ship = custom.ship("octopus-eel")
    assert (ship.demand, ship.vp, ship.provenance) == ((("octopus", 2), ("eel", 2), ("tuna", 1)), 20, "public")
    assert components.ship("octopus-eel").vp == 24


CHANGES = ItemChanges(named)
set_field, drop_field, drop_item = CHANGES.set_field, CHANGES.drop_field, CHANGES.drop_item


def drop_route(*routes: tuple[str, str]) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        data["waters"]["routes"] = [r for r in data["waters"]["routes"] if tuple(r) not in routes]

    return change


def add_route(a: str, b: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        data["waters"]["routes"].append([a, b])

    return change


def drop_roof_tile(kind: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        named(data, "roof_tiles", kind)["tiles"].pop()

    return change


def drop_fish_kind(name: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        data["fish"]["kind"] = [kind for kind in data["fish"]["kind"] if kind["name"] != name]

    return change


def set_house(letter: str, index: int, **fields: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        named(data, "ring_piece", letter)["houses"][index].update(fields)

    return change


WS, RP, BC = "workshop", "ring_piece", "building_card"
BAD_FILES: dict[str, tuple[Callable[[Data], None], str]] = {
    # structure and types
    "unknown top-level key": (top_level("extras", {"sparkle": 1}), r"unknown top-level key 'extras'"),
    "unknown workshop key": (set_field(WS, "pink-4", "sparkles", 1), r"workshop 'pink-4': unknown key 'sparkles'"),
    "unknown waters key": (set_field("waters", None, "tides", 2), r"\[waters\]: unknown key 'tides'"),
    "unknown house key": (set_house("A", 0, roof="red"), r"ring piece 'A': house 1: unknown key 'roof'"),
    "no fish table": (drop_top_level("fish"), r"no \[fish\] table"),
    "no ships": (drop_top_level("ship"), r"no \[\[ship\]\] tables"),
    "string rows": (set_field("main_island", None, "rows", "six"), r"'rows' must be an integer, not string"),
    "boolean vp": (set_field(BC, "flat-vp", "vp", True), r"'flat-vp': field 'vp' must be an integer, not boolean"),
    "number title": (set_field(BC, "flat-vp", "title", 9), r"'flat-vp': field 'title' must be a string"),
    "string colours": (set_field(BC, "workshop-a", "colours", "pink"), r"'colours' must be an array of strings"),
    "missing provenance": (drop_field(WS, "blue-3", "provenance"), r"'blue-3': field 'provenance' is missing"),
    "bad provenance": (set_field("ship", "octopus-eel", "provenance", "guess"), r"'octopus-eel': provenance 'guess'"),
    # colours, squares and the boards
    "bad colour": (set_field(WS, "pink-4", "colour", "purple"), r"'pink-4': colour 'purple' is not one of pink, blue"),
    "bad house colour": (set_house("B", 1, colour="red"), r"ring piece 'B': house 2: colour 'red' is not one of"),
    "bad house symbol": (set_house("C", 2, symbol="star"), r"'C': house 3: symbol 'star' is not one of plain"),
    "square outside": (set_field(WS, "pink-4", "squares", ["a1", "b1", "c1", "h1"]), r"'h1' is outside the 4 × 7"),
    "malformed square": (set_field(WS, "white-3", "coins", ["c04"]), r"'white-3': 'c04' is not a square like 'a1'"),
    "square twice": (set_field(WS, "pink-3", "squares", ["a1", "b1", "a1"]), r"'squares' names 'a1' twice"),
    "fountain outside": (set_field("main_island", None, "fountain", "d7"), r"square 'd7' is outside the 6 × 7"),
    "fountain not a pit": (set_field("main_island", None, "gaps", ["d1"]), r"fountain square 'd1' is not a pit"),
    "zero columns": (set_field("main_island", None, "columns", 0), r"'columns' must be positive, not 0"),
    # waters
    "five islands": (set_field("waters", None, "islands", ["A", "B", "C", "D", "E"]), r"5 neighbouring islands"),
    "island D missing": (set_field("waters", None, "islands", ["A", "B", "C", "X", "E", "F"]), r"no island 'D'"),
    "three ports": (set_field("waters", None, "ports", ["left", "right", "top"]), r"3 ports, the rulebook has 2"),
    "port is an island": (set_field("waters", None, "ports", ["left", "E"]), r"'E' is both an island and a port"),
    "route to nowhere": (add_route("A", "Z"), r"route A–Z: 'Z' is no island or port"),
    "self-loop": (add_route("B", "B"), r"route B–B joins a place to itself"),
    "duplicate route": (add_route("C", "left"), r"route C–left is listed twice"),
    "route not a pair": (lambda data: data["waters"]["routes"].append(["A"]), r"route \['A'\] is not a pair of place"),
    "no waters": (drop_top_level("waters"), r"no \[waters\] table"),
    "port without route": (drop_route(("B", "right"), ("right", "D")), r"port 'right' has no route"),
    "disconnected routes": (drop_route(("F", "B"), ("E", "D")), r"routes do not connect B, D, right with 'A'"),
    # ring pieces
    "five fountains": (set_house("B", 0, symbol="fountain"), r"ring pieces show 5 fountains; a ring has at most 4"),
    "two houses": (
        lambda data: named(data, RP, "D")["houses"].pop(),
        r"ring piece 'D': field 'houses' must be an array of 3 house tables",
    ),
    "letter E": (set_field(RP, "D", "letter", "E"), r"ring piece 'E': letter must be one of A, B, C, D"),
    "letter twice": (set_field(RP, "D", "letter", "A"), r"ring piece 'A': duplicate letter"),
    "three pieces": (drop_item(RP, "D"), r"3 ring pieces, the rulebook has 4"),
    # workshops
    "overlapping workshop": (
        set_field(WS, "blue-4", "squares", ["c1", "d1", "e1", "f1"]),
        r"workshop 'blue-4': square 'c1' is also on workshop 'pink-4'",
    ),
    "coin off the tile": (set_field(WS, "pink-4", "coins", ["g4"]), r"'pink-4': coin square 'g4' is not a square of"),
    "five squares": (set_field(WS, "white-4", "squares", ["a4", "b4", "c4", "d4", "e4"]), r"5 squares; a workshop"),
    "broken tile": (set_field(WS, "pink-4", "squares", ["a1", "b1", "c1", "a3"]), r"not joined edge to edge"),
    "second pink": (set_field(WS, "blue-4", "colour", "pink"), r"'blue-4': a second 4-square pink workshop"),
    "workshop missing": (drop_item(WS, "white-3"), r"no 3-square white workshop; the rulebook has 12"),
    "duplicate workshop": (set_field(WS, "blue-3", "name", "pink-3"), r"workshop 'pink-3': duplicate name"),
    "area too big": (
        set_field("workshop_area", None, "rows", 5),
        r"\[workshop_area\]: 5 × 7 squares leave 11 blanks around six 4-square workshops; the rulebook says 4",
    ),
    # roof tiles
    "47 roof tiles": (drop_roof_tile("fountains"), r"roof tiles 'fountains': 11 tiles, the rulebook has 12"),
    "bad tile colour": (
        lambda data: named(data, "roof_tiles", "4vp")["tiles"].__setitem__(2, ["pink", "red"]),
        r"roof tiles '4vp': tile 3: colour 'red' is not one of",
    ),
    "one-colour tile": (
        lambda data: named(data, "roof_tiles", "islands")["tiles"].__setitem__(0, ["blue", "blue"]),
        r"tile 1: both halves are blue; a tile has two colours",
    ),
    "roof kind twice": (set_field("roof_tiles", "4vp", "kind", "islands"), r"'islands': the kind is listed twice"),
    "unknown roof kind": (set_field("roof_tiles", "4vp", "kind", "stars"), r"kind 'stars' is not one of islands"),
    "roof kind missing": (drop_item("roof_tiles", "workshops"), r"no roof tiles of kind 'workshops'"),
    # fish
    "five cards per kind": (set_field("fish", None, "cards_per_kind", 5), r"5 cards per kind, the rulebook has 6"),
    "seven fish kinds": (drop_fish_kind("shrimp"), r"7 fish kinds, the rulebook has 8"),
    "rulebook fish missing": (
        lambda data: data["fish"]["kind"][2].update(name="salmon"),
        r"no fish kind 'lobster', which the rulebook names",
    ),
    "fish kind twice": (lambda data: data["fish"]["kind"][7].update(name="eel"), r"fish kind 'eel': duplicate name"),
    # ships
    "unknown fish in a demand": (
        set_field("ship", "lobster-crab", "demand", {"lobster": 3, "whale": 3}),
        r"ship 'lobster-crab': unknown fish kind 'whale'",
    ),
    "zero demand": (
        set_field("ship", "octopus-eel", "demand", {"octopus": 0}),
        r"demand of 'octopus' must be positive",
    ),
    "empty demand": (set_field("ship", "octopus-eel", "demand", {}), r"'demand' must be a table of fish kind"),
    "ship without vp": (set_field("ship", "sardine-shrimp", "vp", 0), r"'sardine-shrimp': vp must be positive, not 0"),
    "missing rulebook ship": (
        set_field("ship", "tuna-squid", "vp", 20),
        r"no ship demanding 3 tuna \+ 3 squid for 24 VP, the rulebook's trading example",
    ),
    "three ships": (drop_item("ship", "sardine-shrimp"), r"3 merchant ships, the rulebook has 4"),
    "ship twice": (set_field("ship", "octopus-eel", "name", "tuna-squid"), r"ship 'tuna-squid': duplicate name"),
    # building cards
    "unknown effect": (set_field(BC, "flat-vp", "effect", "free-lunch"), r"'flat-vp': effect 'free-lunch' is not one"),
    "unknown fish on a card": (
        set_field(BC, "sold-fish-a", "fish", ["tuna", "whale"]),
        r"'sold-fish-a': unknown fish kind 'whale'",
    ),
    "fish on a roof card": (set_field(BC, "roof-vp-a", "fish", ["tuna"]), r"only sold-fish-vp cards name fish"),
    "sold-fish card without fish": (drop_field(BC, "sold-fish-b", "fish"), r"'sold-fish-b': a sold-fish-vp card names"),
    "one colour on a roof card": (
        set_field(BC, "roof-vp-a", "colours", ["blue"]),
        r"names 1 colour; a roof-colour-vp card names 2",
    ),
    "colours on a flat card": (
        set_field(BC, "flat-vp", "colours", ["blue"]),
        r"names 1 colour; a flat-vp card names 0",
    ),
    "colour on two cards": (
        set_field(BC, "roof-any-a", "colours", ["blue", "yellow"]),
        r"yellow is on 2 roof-any-cubes cards; the rulebook's types of one effect show each colour once",
    ),
    "wrong vp": (set_field(BC, "flat-vp", "vp", 8), r"'flat-vp': vp 8; a flat-vp card scores 9"),
    "fifteen cards": (drop_item(BC, "island-ties"), r"15 building cards, the rulebook has 16"),
    "wrong effect count": (
        lambda data: named(data, BC, "flat-vp").update(effect="card-count-vp", vp=0),
        r"2 card-count-vp cards, the rulebook has 1",
    ),
    "card twice": (set_field(BC, "flat-vp", "id", "lace-bump"), r"building card 'lace-bump': duplicate id"),
    "empty title": (set_field(BC, "lace-bump", "title", " "), r"'lace-bump': title is empty"),
    "no houses": (drop_field(RP, "A", "houses"), r"ring piece 'A': field 'houses' must be an array of 3 house tables"),
    "no roof tiles": (
        drop_field("roof_tiles", "islands", "tiles"),
        r"roof tiles 'islands': field 'tiles' must be an array of \[colour, colour\] pairs$",
    ),
    "no demand": (
        drop_field("ship", "tuna-squid", "demand"),
        r"ship 'tuna-squid': field 'demand' must be a table of fish kind = number of cards$",
    ),
    "integer provenance": (
        set_field(WS, "pink-4", "provenance", 3),
        r"workshop 'pink-4': field 'provenance' must be a string, not integer$",
    ),
}


test_loader_rejects_bad_file = bad_file_test(load_components, write_variant, BAD_FILES)

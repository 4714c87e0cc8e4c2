"""Schema tests of the Walking in Burano Roll & Write game sheets: the facts the rulebook states, the design
constraints of the reconstructed layouts, every rulebook example rebuilt on real symbol ids (the 107-point
SCORING EXAMPLE included), and the loader's rejection of bad files.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from laguna.core.errors import CardDataError
from laguna.games.burano_roll_and_write.sheets import (
    DEFAULT_SHEET_FILE,
    DieColour,
    Kind,
    SheetLayout,
    SheetSet,
    Symbol,
    load_sheets,
)
from tests.component_files import bad_file_test, load_error

EXAMPLE_FILE = Path(__file__).parent / "data" / "scoring_example.toml"
MARCELLO = "Viale Marcello"
STREETS = ("Via Baldassarre Galuppi", "Fondamenta Cao Moleca", "Fondamenta di Terranova")
ID_PATTERN = re.compile(r"([ROYGBP])([123])\.(plant|cat|red|blue|light|chimney)([2-9]?)")
CURTAINS = (Kind.RED_CURTAIN, Kind.BLUE_CURTAIN)


@pytest.fixture(scope="module")
def sheets() -> SheetSet:
    return load_sheets()


@pytest.fixture(scope="module")
def marcello(sheets: SheetSet) -> SheetLayout:
    return sheets.layout(MARCELLO)


def packaged_text() -> str:
    resource = resources.files("laguna.games.burano_roll_and_write") / "data" / "sheets.toml"
    return resource.read_text(encoding="utf-8")


def of_kind(symbols: Iterable[Symbol], *kinds: Kind) -> list[Symbol]:
    return [s for s in symbols if s.kind in kinds]


def on_floor(symbols: Iterable[Symbol], floor: int) -> list[Symbol]:
    return [s for s in symbols if s.floor == floor]


def streetlight(layout: SheetLayout, colour: DieColour) -> Symbol:
    (light,) = of_kind(layout.in_building(colour), Kind.STREETLIGHT)
    return light


# --------------------------------------------------------------------------- colours and kinds


def test_die_colours_letters_and_symbols() -> None:
    assert [c.value for c in DieColour] == ["red", "orange", "yellow", "green", "blue", "pink"]
    assert [c.name.lower() for c in DieColour] == [c.value for c in DieColour]
    assert [c.letter for c in DieColour] == ["R", "O", "Y", "G", "B", "P"]
    glyphs = [c.symbol for c in DieColour]
    assert len(set(glyphs)) == 6
    assert all(len(g) == 1 and g.isprintable() and not g.isspace() and not g.isalnum() for g in glyphs)


def test_kinds() -> None:
    assert {k.name: k.value for k in Kind} == {
        "PLANT": "plant",
        "CAT": "cat",
        "RED_CURTAIN": "red",
        "BLUE_CURTAIN": "blue",
        "STREETLIGHT": "light",
        "CHIMNEY": "chimney",
    }


# --------------------------------------------------------------------------- layouts (rulebook, COMPONENTS)


def test_four_named_layouts(sheets: SheetSet) -> None:
    names = [layout.name for layout in sheets.layouts]
    assert len(names) == 4
    assert sorted(names) == sorted([MARCELLO, *STREETS])
    for name in STREETS:
        layout = sheets.layout(name)
        assert layout.provenance == "reconstructed"
        assert "Burano" in layout.note
    assert "rulebook" in sheets.layout(MARCELLO).note


def test_each_layout_shows_every_colour_once(sheets: SheetSet) -> None:
    for layout in sheets.layouts:
        assert len(layout.buildings) == 6
        assert set(layout.buildings) == set(DieColour)
        assert [layout.position(c) for c in layout.buildings] == list(range(6))


def test_layouts_are_distinct(sheets: SheetSet) -> None:
    orders = {layout.buildings for layout in sheets.layouts}
    assert len(orders) == 4
    contents = {frozenset((s.id, s.kind, s.number, s.coin) for s in layout.symbols) for layout in sheets.layouts}
    assert len(contents) == 4
    assert len({layout.precircled for layout in sheets.layouts}) == 4


def test_viale_marcello_order(marcello: SheetLayout) -> None:
    assert [c.value for c in marcello.buildings] == ["red", "yellow", "orange", "green", "pink", "blue"]
    assert marcello.precircled == ("Y1.cat", "B2.blue")


def test_symbol_ids_match_their_fields(sheets: SheetSet) -> None:
    for layout in sheets.layouts:
        for s in layout.symbols:
            match = ID_PATTERN.fullmatch(s.id)
            assert match is not None, s.id
            letter, floor, kind, suffix = match.groups()
            assert letter == s.building.letter, s.id
            assert int(floor) == s.floor, s.id
            assert kind == s.kind.value, s.id
            if suffix:
                assert s.kind in (Kind.PLANT, *CURTAINS), s.id
                # running numbers have no gaps: R1.plant2 needs R1.plant
                for n in range(1, int(suffix)):
                    earlier = s.id[: -len(suffix)] + (str(n) if n > 1 else "")
                    assert layout.symbol(earlier).kind is s.kind


def test_symbols_sorted_left_to_right_bottom_to_top(sheets: SheetSet) -> None:
    order = list(Kind)
    for layout in sheets.layouts:
        keys = [(layout.position(s.building), s.floor, order.index(s.kind), s.id) for s in layout.symbols]
        assert keys == sorted(keys)
        assert len({s.id for s in layout.symbols}) == len(layout.symbols)


def test_lookups(sheets: SheetSet, marcello: SheetLayout) -> None:
    for layout in sheets.layouts:
        assert sheets.layout(layout.name) is layout
        for s in layout.symbols:
            assert layout.symbol(s.id) is s
        regrouped = [s for colour in layout.buildings for s in layout.in_building(colour)]
        assert regrouped == list(layout.symbols)
    assert marcello.position(DieColour.RED) == 0
    assert marcello.position(DieColour.BLUE) == 5
    with pytest.raises(CardDataError, match=r"'R4\.cat'"):
        marcello.symbol("R4.cat")
    with pytest.raises(CardDataError, match=r"no sheet named 'Rio Terà'"):
        sheets.layout("Rio Terà")


def test_model_is_immutable(marcello: SheetLayout) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        marcello.symbol("R1.cat").coin = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        marcello.name = "x"  # type: ignore[misc]


def test_loader_is_cached(sheets: SheetSet) -> None:
    assert load_sheets() is load_sheets(DEFAULT_SHEET_FILE)
    assert sheets.source == "reconstructed"
    assert sheets.name == "Reconstructed game sheets"


# --------------------------------------------------------------------------- buildings (rulebook, USING A DIE)


def test_every_building_follows_the_rules(sheets: SheetSet) -> None:
    for layout in sheets.layouts:
        for colour in DieColour:
            mine = layout.in_building(colour)
            where = f"{layout.name} {colour.value}"
            assert {s.floor for s in mine} == {1, 2, 3}, where
            cats = Counter(s.floor for s in of_kind(mine, Kind.CAT))
            assert all(n == 1 for n in cats.values()), where
            lights = of_kind(mine, Kind.STREETLIGHT)
            assert [s.floor for s in lights] == [2], where
            assert lights[0].number in range(1, 7), where
            chimneys = of_kind(mine, Kind.CHIMNEY)
            assert [s.floor for s in chimneys] == [3], where
            assert all(s.number is None for s in mine if s.kind is not Kind.STREETLIGHT), where
            assert 2 <= len(of_kind(mine, Kind.PLANT)) <= 4, where
            assert 1 <= len(of_kind(mine, *CURTAINS)) <= 4, where
            assert 1 <= len(cats) <= 3, where


def test_streetlight_numbers_are_varied(sheets: SheetSet) -> None:
    for layout in sheets.layouts:
        numbers = [streetlight(layout, colour).number for colour in layout.buildings]
        assert len(set(numbers)) > 1, layout.name
        assert sorted(n for n in numbers if n is not None) == [1, 2, 3, 4, 5, 6], layout.name


def test_viale_marcello_streetlights_from_the_rulebook(sheets: SheetSet, marcello: SheetLayout) -> None:
    red, pink = streetlight(marcello, DieColour.RED), streetlight(marcello, DieColour.PINK)
    assert (red.id, red.number, red.provenance) == ("R2.light", 1, "rulebook")
    assert (pink.id, pink.number, pink.provenance) == ("P2.light", 6, "rulebook")
    assert "labeled 1" in red.note
    assert "labeled 6" in pink.note
    from_rulebook = {
        (layout.name, s.id) for layout in sheets.layouts for s in layout.symbols if s.provenance == "rulebook"
    }
    assert from_rulebook == {(MARCELLO, "R2.light"), (MARCELLO, "P2.light")}


def test_precircled_symbols(sheets: SheetSet) -> None:
    for layout in sheets.layouts:
        assert len(layout.precircled) == 2
        assert len(set(layout.precircled)) == 2
        for symbol_id in layout.precircled:
            symbol = layout.symbol(symbol_id)
            assert symbol.kind in (Kind.CAT, *CURTAINS), symbol_id
            assert not symbol.coin, f"{symbol_id}: a precircled coin icon would never pay"


def test_coin_icons(sheets: SheetSet) -> None:
    for layout in sheets.layouts:
        coins = [s for s in layout.symbols if s.coin]
        assert 0.25 <= len(coins) / len(layout.symbols) <= 0.4, layout.name
        for colour in DieColour:
            assert any(s.coin for s in layout.in_building(colour)), (layout.name, colour)
        assert {s.kind for s in coins} >= {Kind.PLANT, Kind.CAT, *CURTAINS}, layout.name


def building_profile(layout: SheetLayout, colour: DieColour) -> tuple[int, ...]:
    """What a building offers: plants, cats, red curtains, blue curtains, coin icons."""
    mine = layout.in_building(colour)
    kinds = Counter(s.kind for s in mine)
    return (
        kinds[Kind.PLANT],
        kinds[Kind.CAT],
        kinds[Kind.RED_CURTAIN],
        kinds[Kind.BLUE_CURTAIN],
        sum(s.coin for s in mine),
    )


def test_no_building_is_strictly_better(sheets: SheetSet) -> None:
    for layout in sheets.layouts:
        for a, b in itertools.permutations(DieColour, 2):
            pa, pb = building_profile(layout, a), building_profile(layout, b)
            dominates = all(x >= y for x, y in zip(pa, pb, strict=True)) and pa != pb
            assert not dominates, f"{layout.name}: {a.value} {pa} beats {b.value} {pb}"
        sizes = [len(layout.in_building(colour)) for colour in DieColour]
        coins = [building_profile(layout, colour)[-1] for colour in DieColour]
        assert max(sizes) - min(sizes) <= 2, layout.name
        assert max(coins) - min(coins) <= 1, layout.name


def test_provenance_everywhere(sheets: SheetSet) -> None:
    data = tomllib.loads(packaged_text())
    assert data["meta"]["provenance"] == "reconstructed"
    for raw_sheet in data["sheet"]:
        assert raw_sheet["provenance"] in ("rulebook", "public", "reconstructed")
        assert raw_sheet["note"].strip()
        for raw_symbol in raw_sheet["symbol"]:
            assert raw_symbol["provenance"] in ("rulebook", "public", "reconstructed"), raw_symbol["id"]
    for layout in sheets.layouts:
        assert layout.provenance == "reconstructed"


def test_record_sheet(sheets: SheetSet) -> None:
    assert sheets.coin_track == 40
    assert "102" in sheets.coin_track_note
    assert "118" in sheets.coin_track_note
    assert tomllib.loads(packaged_text())["record_sheet"]["provenance"] == "reconstructed"


# --------------------------------------------------------------------------- the rulebook's examples


def test_plant_example_blue_building_with_four_plants(sheets: SheetSet) -> None:
    """Four blue plants, two of them written 6 and 4: the other two may take 1-4 only."""
    fits = [
        layout.name for layout in sheets.layouts if len(of_kind(layout.in_building(DieColour.BLUE), Kind.PLANT)) == 4
    ]
    assert MARCELLO in fits


def test_chimney_example_colours_have_chimneys(sheets: SheetSet) -> None:
    """Red 6, yellow 3, green 1 written: the blue chimney may take 2, 4 or 5."""
    for layout in sheets.layouts:
        for colour in (DieColour.RED, DieColour.YELLOW, DieColour.GREEN, DieColour.BLUE):
            assert len(of_kind(layout.in_building(colour), Kind.CHIMNEY)) == 1
    written = {6, 3, 1}
    assert [n for n in range(1, 7) if n not in written] == [2, 4, 5]


def non_adjacent(layout: SheetLayout, colours: Iterable[DieColour]) -> bool:
    positions = [layout.position(c) for c in colours]
    return all(abs(a - b) >= 2 for a, b in itertools.combinations(positions, 2))


def test_policeman_example_red_orange_pink_apart(sheets: SheetSet, marcello: SheetLayout) -> None:
    trio = (DieColour.RED, DieColour.ORANGE, DieColour.PINK)
    assert non_adjacent(marcello, trio)
    assert any(non_adjacent(layout, trio) for layout in sheets.layouts)


def test_male_tourist_example_on_viale_marcello(marcello: SheetLayout) -> None:
    """Red: plants written 1 and 4 match the streetlight 1 and the chimney 4; blue: a plant written 2."""
    red = marcello.in_building(DieColour.RED)
    assert streetlight(marcello, DieColour.RED).number == 1
    assert len(of_kind(red, Kind.PLANT)) >= 2
    assert len(of_kind(red, Kind.CHIMNEY)) == 1
    blue = marcello.in_building(DieColour.BLUE)
    assert len(of_kind(blue, Kind.PLANT)) >= 1
    assert len(of_kind(blue, Kind.CHIMNEY)) == 1


# --------------------------------------------------------------------------- the SCORING EXAMPLE (107 points)


@dataclasses.dataclass(frozen=True)
class Example:
    layout: SheetLayout
    circled: list[Symbol]
    values: dict[str, int]
    characters: dict[str, dict[str, Any]]
    expected: dict[str, int]


@pytest.fixture(scope="module")
def example(sheets: SheetSet) -> Example:
    data = tomllib.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    layout = sheets.layout(data["layout"])
    return Example(
        layout=layout,
        circled=[layout.symbol(symbol_id) for symbol_id in data["circled"]],
        values=dict(data["values"]),
        characters={c["letter"]: c for c in data["character"]},
        expected=dict(data["expected"]),
    )


def test_example_is_a_legal_sheet_state(example: Example) -> None:
    ids = [s.id for s in example.circled]
    assert len(ids) == len(set(ids))
    assert set(example.layout.precircled) <= set(ids)
    numbered = {s.id for s in of_kind(example.circled, Kind.PLANT, Kind.CHIMNEY)}
    assert set(example.values) == numbered
    assert all(value in range(1, 7) for value in example.values.values())
    chimney_values = [example.values[s.id] for s in of_kind(example.circled, Kind.CHIMNEY)]
    assert len(chimney_values) == len(set(chimney_values))
    # a circled cat is a printed cat of that floor and building (the fixture resolves ids on the layout);
    # plant values are reachable whenever each building's plants were written from the highest down
    for cat in of_kind(example.circled, Kind.CAT):
        assert example.layout.symbol(cat.id) is cat
        assert ID_PATTERN.fullmatch(cat.id) is not None
    buildings = [c["building"] for c in example.characters.values()]
    assert len(buildings) == len(set(buildings)), "one character space per building"
    assert all(DieColour(b) in example.layout.buildings for b in buildings)
    for letter, character in example.characters.items():
        assert ("floor" in character) == (letter in "FGH"), letter
    assert len(example.characters) == 6, "the fifth invitation ends the game after one more round"


def scores(example: Example) -> dict[str, int]:
    """Recompute each character of the example from the circled symbols and the layout."""
    circled = example.circled
    where = {letter: DieColour(c["building"]) for letter, c in example.characters.items()}

    def building(letter: str) -> list[Symbol]:
        return [s for s in circled if s.building is where[letter]]

    fisherman = len(of_kind(on_floor(circled, example.characters["G"]["floor"]), Kind.CAT))
    photographer = len(of_kind(building("B"), Kind.CAT))
    backpacker = len(of_kind(building("C"), *CURTAINS, Kind.STREETLIGHT, Kind.CHIMNEY))
    tailor = min(len(of_kind(circled, Kind.RED_CURTAIN)), len(of_kind(circled, Kind.BLUE_CURTAIN)))
    santa = len(of_kind(on_floor(circled, 3), Kind.CHIMNEY))
    lit = {example.layout.position(s.building) for s in of_kind(on_floor(circled, 2), Kind.STREETLIGHT)}
    isolated = [p for p in lit if p - 1 not in lit and p + 1 not in lit]
    result = {
        "G": 4 * fisherman,
        "B": 4 * photographer,
        "C": 4 * backpacker,
        "I": 6 * tailor,
        "E": 4 * santa,
        "D": 5 * len(isolated),
    }
    result["total"] = sum(result.values())
    return result


def test_example_lines_match_the_rulebook(example: Example) -> None:
    circled = example.circled
    assert example.characters["G"]["floor"] == 2
    assert len(of_kind(on_floor(circled, 2), Kind.CAT)) == 5
    backpacker = [s for s in circled if s.building is DieColour(example.characters["C"]["building"])]
    assert Counter(s.kind for s in backpacker if s.kind is not Kind.CAT and s.kind is not Kind.PLANT) == {
        Kind.RED_CURTAIN: 2,
        Kind.BLUE_CURTAIN: 2,
        Kind.STREETLIGHT: 1,
        Kind.CHIMNEY: 1,
    }
    assert len(of_kind(circled, Kind.RED_CURTAIN)) == 4
    assert len(of_kind(circled, Kind.BLUE_CURTAIN)) == 5
    lights = of_kind(circled, Kind.STREETLIGHT)
    assert len(lights) == 3
    assert non_adjacent(example.layout, (s.building for s in lights))


def test_example_scores_107(example: Example) -> None:
    assert scores(example) == example.expected
    assert example.expected["total"] == 107


def test_example_needs_are_met_by_the_layout(example: Example) -> None:
    """The layout itself offers what the example needs, not just this one state."""
    layout = example.layout
    assert len(of_kind(on_floor(layout.symbols, 2), Kind.CAT)) >= 5
    assert any(len(of_kind(layout.in_building(c), *CURTAINS)) >= 4 for c in DieColour)
    assert any(len(of_kind(layout.in_building(c), Kind.CAT)) == 3 for c in DieColour)
    assert len(of_kind(layout.symbols, Kind.RED_CURTAIN)) >= 4
    assert len(of_kind(layout.symbols, Kind.BLUE_CURTAIN)) >= 5


# --------------------------------------------------------------------------- the loader on other files

Data = dict[str, Any]


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return str(value)


def dump_toml(data: Data) -> str:
    """A minimal TOML writer for the sheet schema: flat tables, one nested array of tables."""
    lines: list[str] = []
    for key, value in data.items():
        if not isinstance(value, dict | list):
            lines.append(f"{key} = {toml_value(value)}")
    for key, value in data.items():
        if isinstance(value, dict):
            lines += ["", f"[{key}]", *(f"{k} = {toml_value(v)}" for k, v in value.items())]
    for sheet in data.get("sheet", []):
        lines += ["", "[[sheet]]", *(f"{k} = {toml_value(v)}" for k, v in sheet.items() if k != "symbol")]
        for symbol in sheet.get("symbol", []):
            lines += ["", "[[sheet.symbol]]", *(f"{k} = {toml_value(v)}" for k, v in symbol.items())]
    return "\n".join(lines) + "\n"


def packaged_data() -> Data:
    return copy.deepcopy(tomllib.loads(packaged_text()))


def sheet_named(data: Data, name: str) -> Data:
    sheet: Data = next(s for s in data["sheet"] if s["name"] == name)
    return sheet


def symbol_named(data: Data, sheet: str, symbol_id: str) -> Data:
    symbol: Data = next(s for s in sheet_named(data, sheet)["symbol"] if s["id"] == symbol_id)
    return symbol


def write_variant(tmp_path: Path, change: Callable[[Data], None]) -> str:
    data = packaged_data()
    change(data)
    path = tmp_path / "sheets.toml"
    path.write_text(dump_toml(data), encoding="utf-8")
    return str(path)


def test_round_trip_of_the_packaged_file(tmp_path: Path, sheets: SheetSet) -> None:
    source = write_variant(tmp_path, lambda data: None)
    copied = load_sheets(source)
    assert copied.source == source
    assert copied.layouts == sheets.layouts
    assert copied.coin_track == sheets.coin_track


def test_custom_file_loads(tmp_path: Path) -> None:
    def change(data: Data) -> None:
        data["meta"]["name"] = "My own sheets"
        data["record_sheet"]["coins"] = 45
        symbol = symbol_named(data, "Fondamenta Cao Moleca", "R1.cat")
        symbol["coin"] = True
        symbol["provenance"] = "public"
        sheet_named(data, "Fondamenta Cao Moleca")["name"] = "Rio Terà"

    source = write_variant(tmp_path, change)
    custom = load_sheets(source)
    assert custom.name == "My own sheets"
    assert custom.coin_track == 45
    cat = custom.layout("Rio Terà").symbol("R1.cat")
    assert cat.coin
    assert cat.provenance == "public"
    assert not load_sheets().layout("Fondamenta Cao Moleca").symbol("R1.cat").coin


def test_custom_file_minimal_schema(tmp_path: Path) -> None:
    """Provenance is inherited, notes and false coins may be left out, the name defaults to the file name."""
    data = packaged_data()
    del data["meta"]
    data["record_sheet"] = {"coins": 30}
    for sheet in data["sheet"]:
        del sheet["note"]
        for symbol in sheet["symbol"]:
            for key in ("provenance", "note"):
                symbol.pop(key, None)
            if not symbol["coin"]:
                del symbol["coin"]
    sheet_named(data, MARCELLO)["provenance"] = "public"
    for sheet in data["sheet"][1:]:
        del sheet["provenance"]
    path = tmp_path / "slim.toml"
    path.write_text('[meta]\nprovenance = "reconstructed"\n' + dump_toml(data), encoding="utf-8")
    custom = load_sheets(str(path))
    assert custom.name == "slim.toml"
    marcello = custom.layout(MARCELLO)
    assert {s.provenance for s in marcello.symbols} == {"public"}
    assert {s.provenance for s in custom.layout(STREETS[0]).symbols} == {"reconstructed"}
    assert marcello.symbol("R2.light").note == ""
    assert custom.coin_track_note == ""


def set_symbol(sheet: str, symbol_id: str, key: str, value: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        symbol_named(data, sheet, symbol_id)[key] = value

    return change


def drop_symbol_field(sheet: str, symbol_id: str, key: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        del symbol_named(data, sheet, symbol_id)[key]

    return change


def add_symbol(sheet: str, **fields: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        sheet_named(data, sheet)["symbol"].append(dict(fields))

    return change


def remove_symbol(sheet: str, symbol_id: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        symbols = sheet_named(data, sheet)["symbol"]
        symbols.remove(symbol_named(data, sheet, symbol_id))

    return change


def set_sheet(sheet: str, key: str, value: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        sheet_named(data, sheet)[key] = value

    return change


def set_table(table: str, key: str, value: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        data[table][key] = value

    return change


def drop_sheet(sheet: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        data["sheet"].remove(sheet_named(data, sheet))

    return change


M, T = MARCELLO, "Fondamenta di Terranova"
LIGHT = {"floor": 2, "kind": "light", "number": 3}
BAD_FILES: dict[str, tuple[Callable[[Data], None], str]] = {
    "unknown symbol key": (set_symbol(M, "R1.plant", "sparkles", 1), r"'R1\.plant'.*unknown key 'sparkles'"),
    "unknown sheet key": (set_sheet(M, "colour", "red"), r"sheet 'Viale Marcello'.*unknown key 'colour'"),
    "unknown meta key": (set_table("meta", "author", "x"), r"\[meta\].*unknown key 'author'"),
    "unknown record key": (set_table("record_sheet", "rows", 4), r"\[record_sheet\].*unknown key 'rows'"),
    "duplicate id": (add_symbol(M, id="G1.red", floor=1, kind="red"), r"'G1\.red'.*duplicate id"),
    "two streetlights": (add_symbol(M, id="G2.light2", **LIGHT), r"'G2\.light2'.*exactly one streetlight"),
    "streetlight on 1st floor": (
        add_symbol(T, id="P1.light", floor=1, kind="light", number=2),
        r"'P1\.light'.*streetlight on the 1st floor; streetlights are on the 2nd floor",
    ),
    "chimney on 2nd floor": (
        add_symbol(T, id="P2.chimney", floor=2, kind="chimney"),
        r"'P2\.chimney'.*chimney on the 2nd floor; chimneys are on the 3rd floor",
    ),
    "chimney missing": (remove_symbol(M, "B3.chimney"), r"'Viale Marcello'.*blue building has 0 chimneys"),
    "streetlight missing": (remove_symbol(T, "O2.light"), r"orange building has 0 streetlights"),
    "second cat on a floor": (add_symbol(M, id="R1.cat2", floor=1, kind="cat"), r"'R1\.cat2'.*one cat per floor"),
    "gap in running numbers": (add_symbol(M, id="R1.plant3", floor=1, kind="plant"), r"'R1\.plant3'.*has 2 plant"),
    "bad colour": (
        set_sheet(M, "buildings", ["red", "yellow", "orange", "purple", "pink", "blue"]),
        r"building colour 'purple' is not one of red, orange",
    ),
    "colour twice": (
        set_sheet(M, "buildings", ["red", "yellow", "orange", "red", "pink", "blue"]),
        r"'Viale Marcello'.*colour 'red' appears twice",
    ),
    "five buildings": (
        set_sheet(M, "buildings", ["red", "yellow", "orange", "green", "pink"]),
        r"'Viale Marcello'.*5 buildings, a sheet has 6",
    ),
    "precircled plant": (
        set_sheet(M, "precircled", ["Y1.cat", "R1.plant"]),
        r"precircled 'R1\.plant' is a plant; only cats and curtains",
    ),
    "precircled streetlight": (set_sheet(M, "precircled", ["Y1.cat", "R2.light"]), r"'R2\.light' is a streetlight"),
    "precircled unknown": (set_sheet(M, "precircled", ["Y1.cat", "Y9.cat"]), r"precircled 'Y9\.cat' is not a symbol"),
    "three precircled": (
        set_sheet(M, "precircled", ["Y1.cat", "B2.blue", "R1.cat"]),
        r"precircled names 3 symbols, a sheet starts with 2",
    ),
    "precircled twice": (set_sheet(M, "precircled", ["Y1.cat", "Y1.cat"]), r"precircled names 'Y1\.cat' twice"),
    "id floor mismatch": (set_symbol(M, "R1.cat", "floor", 3), r"'R1\.cat'.*id floor 1 does not match floor 3"),
    "id kind mismatch": (set_symbol(M, "R1.cat", "kind", "plant"), r"'R1\.cat'.*id kind 'cat' does not match"),
    "malformed id": (set_symbol(M, "R1.cat", "id", "red-1-cat"), r"'red-1-cat'.*id must be a building letter"),
    "unknown kind": (set_symbol(M, "R1.cat", "kind", "dog"), r"'R1\.cat'.*kind 'dog' is not one of"),
    "floor 4": (set_symbol(M, "R1.cat", "floor", 4), r"'R1\.cat'.*floor 4 is not 1, 2 or 3"),
    "floor missing": (drop_symbol_field(M, "R1.cat", "floor"), r"'R1\.cat'.*field 'floor' is missing"),
    "streetlight number 7": (set_symbol(M, "R2.light", "number", 7), r"'R2\.light'.*number 7 is not a die face"),
    "streetlight without number": (drop_symbol_field(M, "R2.light", "number"), r"'R2\.light'.*'number' is missing"),
    "number on a plant": (set_symbol(M, "R1.plant", "number", 3), r"'R1\.plant'.*only streetlights print a number"),
    "string coin": (set_symbol(M, "R1.plant", "coin", "yes"), r"'R1\.plant'.*'coin' must be a boolean, not string"),
    "boolean floor": (set_symbol(M, "R1.plant", "floor", True), r"'R1\.plant'.*'floor' must be an integer"),
    "bad provenance": (set_symbol(M, "R1.plant", "provenance", "guess"), r"'R1\.plant'.*provenance 'guess'"),
    "duplicate sheet name": (set_sheet(T, "name", M), r"sheet 'Viale Marcello'.*duplicate sheet name"),
    "three layouts": (drop_sheet(T), r"3 sheet layouts, the rulebook has 4"),
    "no coins": (set_table("record_sheet", "coins", 0), r"\[record_sheet\].*coins 0 must be positive"),
}


test_loader_rejects_bad_file = bad_file_test(load_sheets, write_variant, BAD_FILES)


def test_loader_rejects_missing_record_sheet(tmp_path: Path) -> None:
    def change(data: Data) -> None:
        del data["record_sheet"]

    load_error(load_sheets, write_variant(tmp_path, change), r"no \[record_sheet\] table")

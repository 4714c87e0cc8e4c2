"""Schema tests of the Walking in Burano floor cards: the rulebook's counts, the design constraints of the
reconstructed faces, the SCORING EXAMPLE rebuilt from real card ids, and the loader's rejection of bad files.
"""

from __future__ import annotations

import dataclasses
import itertools
import tomllib
from collections import Counter
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from laguna.core.errors import CardDataError
from laguna.games.walking_in_burano.cards import (
    DEFAULT_CARD_FILE,
    SHOP_TYPES,
    SYMBOLS,
    Colour,
    FloorCard,
    FloorCardSet,
    load_floor_cards,
)
from tests.component_files import bad_file_test, load_error

EXAMPLE_FILE = Path(__file__).parent / "data" / "scoring_example.toml"


@pytest.fixture(scope="module")
def deck() -> FloorCardSet:
    return load_floor_cards()


def packaged_text() -> str:
    resource = resources.files("laguna.games.walking_in_burano") / "data" / "floor_cards.toml"
    return resource.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- counts (rulebook, COMPONENTS)


def test_seventy_two_cards(deck: FloorCardSet) -> None:
    assert len(deck.cards) == 72
    assert len({card.id for card in deck.cards}) == 72


def test_twenty_four_cards_per_floor(deck: FloorCardSet) -> None:
    assert Counter(card.floor for card in deck.cards) == {1: 24, 2: 24, 3: 24}


def test_four_cards_per_colour_per_floor(deck: FloorCardSet) -> None:
    per_group = Counter((card.floor, card.colour) for card in deck.cards)
    assert len(per_group) == 18
    assert set(per_group.values()) == {4}


def test_six_colours_with_names_letters_and_symbols() -> None:
    assert [c.value for c in Colour] == ["pink", "yellow", "red", "blue", "orange", "green"]
    assert [c.letter for c in Colour] == ["P", "Y", "R", "B", "O", "G"]
    symbols = [c.symbol for c in Colour]
    assert len(set(symbols)) == 6
    assert all(len(s) == 1 and s.isprintable() and not s.isspace() for s in symbols)
    assert {card.colour for card in load_floor_cards().cards} == set(Colour)


def test_ids_follow_colour_floor_letter(deck: FloorCardSet) -> None:
    for card in deck.cards:
        assert card.id[0] == card.colour.letter
        assert card.id[1] == str(card.floor)
        assert card.id[2] in "abcd"


def test_cards_sorted_by_floor_colour_id(deck: FloorCardSet) -> None:
    order = list(Colour)
    keys = [(card.floor, order.index(card.colour), card.id) for card in deck.cards]
    assert keys == sorted(keys)
    assert deck.cards[0].id == "P1a"
    assert deck.cards[-1].id == "G3d"


def test_lookup_by_id_and_index(deck: FloorCardSet) -> None:
    for i, card in enumerate(deck.cards):
        assert deck.index_of(card.id) == i
        assert deck.by_id(card.id) is card
    with pytest.raises(CardDataError, match="X9z"):
        deck.by_id("X9z")
    with pytest.raises(CardDataError, match="R4a"):
        deck.index_of("R4a")


def test_cards_are_immutable(deck: FloorCardSet) -> None:
    card = deck.by_id("R1a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.cats = 5  # type: ignore[misc]


def test_loader_is_cached() -> None:
    assert load_floor_cards() is load_floor_cards(DEFAULT_CARD_FILE)
    assert load_floor_cards().source == "reconstructed"
    assert load_floor_cards().name == "Reconstructed floor cards"


# --------------------------------------------------------------------------- symbols and shops


def test_shop_types_present_and_each_used(deck: FloorCardSet) -> None:
    assert SHOP_TYPES == ("pizza", "clothes", "mask", "lace")
    used = Counter(card.shop for card in deck.cards if card.shop is not None)
    assert set(used) == set(SHOP_TYPES)
    for shop in SHOP_TYPES:
        colours = {card.colour for card in deck.cards if card.shop == shop}
        assert len(colours) >= 2, f"{shop} shops on only {colours}"


def test_shop_points_and_floors(deck: FloorCardSet) -> None:
    for card in deck.cards:
        if card.shop is None:
            assert card.shop_points == 0, card.id
        else:
            assert card.floor == 1, card.id
            assert card.shop_points in (2, 3), card.id
    shop_cards = [card for card in deck.cards if card.shop is not None]
    assert 8 <= len(shop_cards) <= 16  # about half of the 24 1st floors
    assert {card.shop_points for card in shop_cards} == {2, 3}


def test_floor_restricted_symbols(deck: FloorCardSet) -> None:
    for card in deck.cards:
        if card.floor != 1:
            assert card.pedestrians == 0, card.id
        if card.floor != 2:
            assert card.streetlights == 0, card.id
        if card.floor != 3:
            assert card.chimneys == 0, card.id
    closed: Counter[int] = Counter()
    for card in deck.cards:
        closed[card.floor] += card.closed_windows
    assert closed[1] <= 3
    assert closed[2] > closed[1] and closed[3] > closed[1]


def test_every_symbol_appears_on_every_colour(deck: FloorCardSet) -> None:
    for colour in Colour:
        mine = [card for card in deck.cards if card.colour is colour]
        for symbol in ("flowers", "plants", "cats", "red_curtains", "blue_curtains", "pedestrians"):
            assert sum(getattr(card, symbol) for card in mine) > 0, (colour, symbol)
        assert any(card.shop for card in mine), colour


def test_streetlight_and_chimney_cards_per_colour(deck: FloorCardSet) -> None:
    for colour in Colour:
        lights = [c for c in deck.cards if c.colour is colour and c.streetlights]
        chimneys = [c for c in deck.cards if c.colour is colour and c.chimneys]
        assert 1 <= len(lights) <= 2, colour
        assert 1 <= len(chimneys) <= 2, colour
        assert all(c.chimneys in (1, 2) for c in chimneys)


def test_cards_are_plausible(deck: FloorCardSet) -> None:
    for card in deck.cards:
        load = sum(getattr(card, symbol) for symbol in SYMBOLS) + (card.shop is not None)
        assert 1 <= load <= 5, card.id
    assert sum(card.flowers == 3 for card in deck.cards) >= 3
    assert all(card.curtains == card.red_curtains + card.blue_curtains for card in deck.cards)


def colour_totals(deck: FloorCardSet) -> dict[Colour, dict[str, int]]:
    totals: dict[Colour, dict[str, int]] = {}
    for card in deck.cards:
        row = totals.setdefault(card.colour, dict.fromkeys((*SYMBOLS, "shop_points"), 0))
        for symbol in SYMBOLS:
            row[symbol] += getattr(card, symbol)
        row["shop_points"] += card.shop_points
    return totals


def test_no_colour_is_strictly_best(deck: FloorCardSet) -> None:
    totals = colour_totals(deck)

    def good(row: dict[str, int]) -> dict[str, int]:
        return {k: (-v if k == "closed_windows" else v) for k, v in row.items()}

    for a, b in itertools.permutations(Colour, 2):
        ga, gb = good(totals[a]), good(totals[b])
        assert not all(ga[k] >= gb[k] for k in ga), f"{a.value} is at least as good as {b.value} everywhere"
    loads = [sum(v for k, v in row.items() if k not in ("closed_windows", "shop_points")) for row in totals.values()]
    assert max(loads) - min(loads) <= 3


def test_every_card_has_provenance_and_note(deck: FloorCardSet) -> None:
    for card in deck.cards:
        assert card.provenance in ("rulebook", "public", "reconstructed"), card.id
        assert card.note.strip(), card.id
    assert {card.provenance for card in deck.cards} == {"reconstructed"}
    meta = tomllib.loads(packaged_text())["meta"]
    assert meta["provenance"] == "reconstructed"
    assert "72" in meta["note"]


# --------------------------------------------------------------------------- the rulebook's SCORING EXAMPLE

Grid = list[list[FloorCard]]  # grid[floor - 1][column - 1]


def load_example(deck: FloorCardSet) -> tuple[list[dict[str, Any]], Grid, dict[str, int]]:
    data = tomllib.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    houses = sorted(data["house"], key=lambda h: h["column"])
    grid = [[deck.by_id(house["cards"][floor]) for house in houses] for floor in range(3)]
    return houses, grid, data["expected"]


def house_cards(grid: Grid, column: int) -> list[FloorCard]:
    return [grid[floor][column] for floor in range(3)]


def best_window(grid: Grid, symbol: str) -> int:
    """Florist/Gardener: the best run of 3 consecutive cards on one floor."""
    return max(
        sum(int(getattr(card, symbol)) for card in row[start : start + 3])
        for row in grid
        for start in range(len(row) - 2)
    )


def counted_streetlights(grid: Grid) -> int:
    """Policeman: streetlights of 2nd-floor cards with no streetlight on a left or right neighbour."""
    row = grid[1]
    counted = 0
    for i, card in enumerate(row):
        neighbours = [row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]
        if card.streetlights and not any(n.streetlights for n in neighbours):
            counted += card.streetlights
    return counted


POLICEMAN = {0: 0, 1: 5, 2: 9, 3: 15}


def test_example_is_a_legal_tableau(deck: FloorCardSet) -> None:
    houses, grid, _ = load_example(deck)
    assert [h["column"] for h in houses] == [1, 2, 3, 4, 5]
    assert sorted(h["character"] for h in houses) == ["boy", "florist", "policeman", "santa-claus", "woman"]
    colours = []
    for column, house in enumerate(houses):
        cards = house_cards(grid, column)
        assert [card.floor for card in cards] == [1, 2, 3]
        assert len({card.colour for card in cards}) == 1, house["cards"]
        colours.append(cards[0].colour)
    assert all(a is not b for a, b in itertools.pairwise(colours))
    ids = [card.id for row in grid for card in row]
    assert len(set(ids)) == 15


def test_example_scores_match_the_rulebook(deck: FloorCardSet) -> None:
    houses, grid, expected = load_example(deck)
    column_of = {h["character"]: i for i, h in enumerate(houses)}

    woman_flowers = sum(c.flowers for c in house_cards(grid, column_of["woman"]))
    assert woman_flowers == 9
    florist = best_window(grid, "flowers")
    assert florist == 9
    chimneys = sum(card.chimneys for card in grid[2])
    assert chimneys == 4
    lights = counted_streetlights(grid)
    assert lights == 2
    boy_house = house_cards(grid, column_of["boy"])
    boy = Counter({s: sum(getattr(c, s) for c in boy_house) for s in ("cats", "streetlights", "chimneys")})
    boy_curtains = sum(c.curtains for c in boy_house)
    assert (boy["cats"], boy["streetlights"], boy["chimneys"], boy_curtains) == (2, 1, 1, 0)
    shops = sorted((c.shop, c.shop_points) for c in grid[0] if c.shop is not None)
    assert [s for s, _ in shops] == ["clothes", "pizza"]
    closed = sum(card.closed_windows for row in grid for card in row)
    assert closed == 4

    scores = {
        "woman": woman_flowers + 2,
        "florist": florist,
        "santa-claus": 3 * chimneys,
        "policeman": POLICEMAN[min(lights, 3)],
        "boy": 2 * (boy["cats"] + boy_curtains + boy["streetlights"] + boy["chimneys"]) + 2,
        "shops": sum(points for _, points in shops),
        "tokens": 3 * 4,
        "closed_windows": -closed,
    }
    scores["total"] = sum(scores.values())
    assert scores == expected
    assert scores["total"] == 64


def test_example_cards_say_so_in_their_notes(deck: FloorCardSet) -> None:
    _, grid, _ = load_example(deck)
    in_example = {card.id for row in grid for card in row}
    noted = {card.id for card in deck.cards if "scoring example" in card.note}
    assert noted == in_example


# --------------------------------------------------------------------------- the loader on other files


def dump_toml(meta: dict[str, str], cards: Sequence[dict[str, Any]]) -> str:
    """A minimal TOML writer for the flat tables of the card schema."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return str(v)

    lines = ["[meta]", *(f"{k} = {value(v)}" for k, v in meta.items()), ""]
    for card in cards:
        lines += ["[[card]]", *(f"{k} = {value(v)}" for k, v in card.items()), ""]
    return "\n".join(lines)


def packaged_data() -> tuple[dict[str, str], list[dict[str, Any]]]:
    data = tomllib.loads(packaged_text())
    return dict(data["meta"]), [dict(card) for card in data["card"]]


def card_named(cards: list[dict[str, Any]], card_id: str) -> dict[str, Any]:
    return next(card for card in cards if card["id"] == card_id)


def write_variant(tmp_path: Path, change: Callable[[dict[str, str], list[dict[str, Any]]], None]) -> str:
    meta, cards = packaged_data()
    change(meta, cards)
    path = tmp_path / "cards.toml"
    path.write_text(dump_toml(meta, cards), encoding="utf-8")
    return str(path)


def test_custom_file_with_changed_face_loads(tmp_path: Path) -> None:
    def change(meta: dict[str, str], cards: list[dict[str, Any]]) -> None:
        meta["name"] = "My own faces"
        card = card_named(cards, "R1c")
        card["flowers"] = 4
        card["provenance"] = "public"

    source = write_variant(tmp_path, change)
    custom = load_floor_cards(source)
    assert custom.source == source
    assert custom.name == "My own faces"
    assert custom.by_id("R1c").flowers == 4
    assert custom.by_id("R1c").provenance == "public"
    assert load_floor_cards().by_id("R1c").flowers == 2
    assert [c.id for c in custom.cards] == [c.id for c in load_floor_cards().cards]


def test_custom_file_minimal_schema(tmp_path: Path) -> None:
    """Zero counts, notes and card provenance may be left out; the name defaults to the file name."""
    _, cards = packaged_data()
    slim = [{k: v for k, v in card.items() if k not in ("provenance", "note") and v != 0} for card in cards]
    path = tmp_path / "slim.toml"
    path.write_text(dump_toml({"provenance": "public"}, slim), encoding="utf-8")
    custom = load_floor_cards(str(path))
    assert custom.name == "slim.toml"
    assert {c.provenance for c in custom.cards} == {"public"}
    assert custom.by_id("G3a").chimneys == 2
    assert custom.by_id("G3a").note == ""


def set_field(card_id: str, key: str, value: Any) -> Callable[[dict[str, str], list[dict[str, Any]]], None]:
    def change(meta: dict[str, str], cards: list[dict[str, Any]]) -> None:
        card_named(cards, card_id)[key] = value

    return change


def drop_field(card_id: str, key: str) -> Callable[[dict[str, str], list[dict[str, Any]]], None]:
    def change(meta: dict[str, str], cards: list[dict[str, Any]]) -> None:
        del card_named(cards, card_id)[key]

    return change


def remove_card(card_id: str) -> Callable[[dict[str, str], list[dict[str, Any]]], None]:
    def change(meta: dict[str, str], cards: list[dict[str, Any]]) -> None:
        cards.remove(card_named(cards, card_id))

    return change


def duplicate_card(card_id: str) -> Callable[[dict[str, str], list[dict[str, Any]]], None]:
    def change(meta: dict[str, str], cards: list[dict[str, Any]]) -> None:
        cards.append(dict(card_named(cards, card_id)))

    return change


def set_meta(key: str, value: str) -> Callable[[dict[str, str], list[dict[str, Any]]], None]:
    def change(meta: dict[str, str], cards: list[dict[str, Any]]) -> None:
        meta[key] = value

    return change


BAD_FILES = {
    "unknown key": (set_field("R1a", "sparkles", 1), r"'R1a'.*unknown key 'sparkles'"),
    "duplicate id": (duplicate_card("B2c"), r"'B2c'.*duplicate id"),
    "wrong count": (remove_card("O2b"), r"71 floor cards.*72.*orange 2nd floor has 3"),
    "negative count": (set_field("B3b", "cats", -1), r"'B3b'.*'cats' is negative"),
    "float count": (set_field("B3b", "cats", 1.5), r"'B3b'.*'cats' must be an integer, not float"),
    "boolean count": (set_field("B3b", "cats", True), r"'B3b'.*'cats' must be an integer, not boolean"),
    "string floor": (set_field("R2a", "floor", "2"), r"'R2a'.*'floor' must be an integer"),
    "bad floor": (set_field("R2a", "floor", 4), r"'R2a'.*floor 4 is not 1, 2 or 3"),
    "missing floor": (drop_field("R2a", "floor"), r"'R2a'.*'floor' is missing"),
    "bad colour": (set_field("R2a", "colour", "purple"), r"'R2a'.*colour 'purple'"),
    "id colour mismatch": (set_field("R2a", "colour", "blue"), r"'R2a'.*does not match colour 'blue'"),
    "id suffix beyond d": (set_field("R3b", "id", "R3e"), r"'R3e'.*id must be"),
    "malformed id": (set_field("R2a", "id", "red-2"), r"'red-2'.*id must be a colour letter"),
    "shop on 2nd floor": (set_field("O2a", "shop", "mask"), r"'O2a'.*shop on a 2nd-floor card"),
    "shop points 4": (set_field("P1b", "shop_points", 4), r"'P1b'.*shop_points 4 must be 2 or 3"),
    "shop without points": (drop_field("P1b", "shop_points"), r"'P1b'.*shop_points missing for shop 'pizza'"),
    "points without shop": (set_field("P1a", "shop_points", 2), r"'P1a'.*shop_points given without a shop"),
    "bad provenance": (set_field("Y3c", "provenance", "guess"), r"'Y3c'.*provenance 'guess'"),
    "unknown meta key": (set_meta("author", "x"), r"\[meta\].*unknown key 'author'"),
}


test_loader_rejects_bad_file = bad_file_test(load_floor_cards, write_variant, BAD_FILES)


INFERRED_ONLY = {
    "chimney on 1st floor": (set_field("P1d", "chimneys", 1), "P1d", "chimneys", 1),
    "pedestrian on 2nd floor": (set_field("Y2b", "pedestrians", 2), "Y2b", "pedestrians", 2),
    "streetlight on 3rd floor": (set_field("G3d", "streetlights", 1), "G3d", "streetlights", 1),
    "another shop kind": (set_field("P1b", "shop", "gelato"), "P1b", "shop", "gelato"),
}


@pytest.mark.parametrize("case", sorted(INFERRED_ONLY))
def test_a_printed_card_file_may_differ_from_our_inferences(tmp_path: Path, case: str) -> None:
    """Symbol floors and shop kinds are inferences: a user's file of the printed cards may differ."""
    change, card_id, field_name, value = INFERRED_ONLY[case]
    deck = load_floor_cards(write_variant(tmp_path, change))
    assert getattr(deck.by_id(card_id), field_name) == value


def test_id_floor_mismatch_is_named(tmp_path: Path) -> None:
    source = write_variant(tmp_path, set_field("R3b", "id", "R2d"))
    load_error(load_floor_cards, source, r"'R2d'.*id floor 2 does not match floor 3")


def test_missing_card_provenance_without_meta_default(tmp_path: Path) -> None:
    def change(meta: dict[str, str], cards: list[dict[str, Any]]) -> None:
        del meta["provenance"]
        del card_named(cards, "G1c")["provenance"]

    source = write_variant(tmp_path, change)
    load_error(load_floor_cards, source, r"'G1c'.*provenance missing")

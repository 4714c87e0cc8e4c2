"""The lace workshop area (rulebook: 3. SETUP, step 3): the first-game layouts and the random layouts of
experienced players, which place every tile inside the grid at a quarter turn, without overlap, leaving
4 or 10 blanks, and turn each tile's coins with it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable

import pytest

from laguna.core.errors import OptionsError
from laguna.core.rng import Rng
from laguna.games.burano.components import COLOURS, Components, Square, Workshop, parse_square
from laguna.games.burano.loader import load_components
from laguna.games.burano.workshop_area import WorkshopArea, first_game_area, random_area, workshop_size

SEEDS = range(150)
BLANKS = {2: 10, 3: 10, 4: 4}


@pytest.fixture(scope="module")
def components() -> Components:
    return load_components()


def squares(*names: str) -> set[Square]:
    parsed = {parse_square(name) for name in names}
    assert None not in parsed
    return parsed  # type: ignore[return-value]


Shape = tuple[frozenset[Square], frozenset[Square]]


def normalised(cells: Iterable[Square], coins: Iterable[Square]) -> Shape:
    """A tile's squares and coins moved so that its top row and leftmost column are 0."""
    cells = list(cells)
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return (
        frozenset((r - top, c - left) for r, c in cells),
        frozenset((r - top, c - left) for r, c in coins),
    )


def turned(cells: list[Square], coins: list[Square]) -> list[Shape]:
    """The shape at 0°, 90°, 180° and 270°, coins turning with it."""
    turns = []
    for _ in range(4):
        turns.append(normalised(cells, coins))
        cells = [(c, -r) for r, c in cells]
        coins = [(c, -r) for r, c in coins]
    return turns


def quarter_turns(workshop: Workshop) -> list[Shape]:
    """The tile at every quarter turn."""
    return turned(list(workshop.squares), list(workshop.coins))


def mirrored(workshop: Workshop) -> list[Shape]:
    """The tile flipped over (not allowed: it is printed on one side) at every quarter turn."""
    return turned([(r, -c) for r, c in workshop.squares], [(r, -c) for r, c in workshop.coins])


def turn_of(area: WorkshopArea, index: int) -> int:
    """Which quarter turn of its tile workshop `index` lies at (the first that matches)."""
    placed = area.squares_of(index)
    shape = normalised(placed, [square for square in placed if square in area.coins])
    return quarter_turns(area.workshops[index]).index(shape)


def check_area(area: WorkshopArea, components: Components, players: int) -> None:
    """Every restriction of setup step 3 and the consistency of the area's mappings."""
    size = workshop_size(players)
    assert (area.rows, area.columns) == (4, 7)
    assert area.workshops == components.workshops_of_size(size)
    assert [w.colour for w in area.workshops] == list(COLOURS)
    grid = {(row, column) for row in range(4) for column in range(7)}
    assert set(area.squares) <= grid, "no tile outside the grid"
    assert len(grid - set(area.squares)) == BLANKS[players]
    assert Counter(area.squares.values()) == dict.fromkeys(range(6), size), "six tiles, no overlap"
    assert list(area.squares) == sorted(area.squares)
    assert set(area.colours) == set(area.squares)
    for index, workshop in enumerate(area.workshops):
        mine = area.squares_of(index)
        assert mine == tuple(sorted(mine))
        assert len(mine) == size
        assert {area.colours[square] for square in mine} == {workshop.colour}
        coins = [square for square in mine if square in area.coins]
        assert len(coins) == len(workshop.coins), "coins move with their tile"
        assert turn_of(area, index) in range(4)
    assert area.coins <= set(area.squares)
    assert len(area.coins) == sum(len(w.coins) for w in area.workshops)
    check_neighbours(area)


def check_neighbours(area: WorkshopArea) -> None:
    assert set(area.neighbours) == set(area.squares)
    for square, neighbours in area.neighbours.items():
        assert neighbours == tuple(sorted(neighbours))
        expected = {(square[0] + dr, square[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))} & set(
            area.squares
        )
        assert set(neighbours) == expected, square
        for other in neighbours:
            assert abs(other[0] - square[0]) + abs(other[1] - square[1]) == 1
            assert square in area.neighbours[other]


# --------------------------------------------------------------------------- sizes


def test_workshop_size() -> None:
    assert [workshop_size(players) for players in (2, 3, 4)] == [3, 3, 4]
    for players in (0, 1, 5):
        with pytest.raises(OptionsError, match=f"2 to 4 players, not {players}"):
            workshop_size(players)


# --------------------------------------------------------------------------- the first-game layouts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_game_area(components: Components, players: int) -> None:
    area = first_game_area(components, players)
    check_area(area, components, players)
    for index, workshop in enumerate(area.workshops):
        assert area.squares_of(index) == tuple(sorted(workshop.squares))
        assert turn_of(area, index) == 0
    assert area.coins == {coin for w in area.workshops for coin in w.coins}


def test_first_game_area_four_players(components: Components) -> None:
    area = first_game_area(components, 4)
    grid = {(row, column) for row in range(4) for column in range(7)}
    assert grid - set(area.squares) == squares("a3", "f3", "f4", "g4")
    assert area.coins == squares("a1", "e1", "c3", "e4", "g2", "b4")
    rows = [
        "".join(area.colours[(r, c)].value[0] if (r, c) in area.colours else "." for c in range(7)) for r in range(4)
    ]
    assert rows == ["pppbbbo", "pyygboo", ".yygg.o", "wwwwg.."]
    assert area.neighbours[(0, 0)] == ((0, 1), (1, 0))
    assert area.neighbours[(2, 1)] == ((1, 1), (2, 2), (3, 1)), "a3 is blank"
    assert area.neighbours[(3, 4)] == ((2, 4), (3, 3)), "across workshop borders: green e4 touches white d4"


def test_first_game_area_two_and_three_players(components: Components) -> None:
    area = first_game_area(components, 3)
    assert first_game_area(components, 2) == area
    rows = [
        "".join(area.colours[(r, c)].value[0] if (r, c) in area.colours else "." for c in range(7)) for r in range(4)
    ]
    assert rows == ["ppp.bb.", ".y.g.bo", "yy.gg.o", ".www..o"]
    assert area.coins == squares("b1", "f1", "a3", "e3", "g4", "c4")
    assert (0, 3) not in area.neighbours, "d1 is blank"
    assert area.neighbours[(1, 1)] == ((0, 1), (2, 1))


# --------------------------------------------------------------------------- the random layouts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_areas_obey_setup(components: Components, players: int) -> None:
    for seed in SEEDS:
        check_area(random_area(components, players, Rng(seed)), components, players)


@pytest.mark.parametrize("players", [3, 4])
def test_same_seed_same_area(components: Components, players: int) -> None:
    for seed in (0, 1, 99, 2**63 + 5):
        assert random_area(components, players, Rng(seed)) == random_area(components, players, Rng(seed))


@pytest.mark.parametrize("players", [3, 4])
def test_different_seeds_differ(components: Components, players: int) -> None:
    areas = [random_area(components, players, Rng(seed)) for seed in range(60)]
    layouts = {tuple(area.squares.items()) for area in areas}
    assert len(layouts) >= 55
    first = first_game_area(components, players)
    assert sum(area == first for area in areas) <= 1


@pytest.mark.parametrize("players", [3, 4])
def test_tiles_take_every_turn_and_place(components: Components, players: int) -> None:
    """Each tile shows up at all four quarter turns and over much of the grid, never mirrored."""
    turns: dict[int, set[int]] = {index: set() for index in range(6)}
    covered: dict[int, set[Square]] = {index: set() for index in range(6)}
    for seed in SEEDS:
        area = random_area(components, players, Rng(seed))
        for index in range(6):
            turns[index].add(turn_of(area, index))
            covered[index] |= set(area.squares_of(index))
    for index, workshop in enumerate(components.workshops_of_size(workshop_size(players))):
        assert len(turns[index]) == len(set(quarter_turns(workshop))), workshop.name
        assert len(covered[index]) >= 20, workshop.name


def test_tiles_are_never_mirrored(components: Components) -> None:
    """The pink L and the green S are not their own mirror images: a flipped one would not match a turn."""
    pink, green = components.workshops_of_size(4)[0], components.workshops_of_size(4)[3]
    for workshop in (pink, green):
        assert not set(mirrored(workshop)) & set(quarter_turns(workshop)), workshop.name
    for seed in SEEDS:
        area = random_area(components, 4, Rng(seed))
        for index in (0, 3):
            placed = area.squares_of(index)
            shape = normalised(placed, [square for square in placed if square in area.coins])
            assert shape not in mirrored(area.workshops[index])


def test_coins_turn_with_their_tile(components: Components) -> None:
    """The yellow square tile has its coin in one corner: every corner shows up as the tile turns."""
    corners: set[Square] = set()
    for seed in SEEDS:
        area = random_area(components, 4, Rng(seed))
        placed = area.squares_of(2)
        assert area.workshops[2].name == "yellow-4"
        (coin,) = [square for square in placed if square in area.coins]
        top, left = min(placed)
        corners.add((coin[0] - top, coin[1] - left))
    assert corners == {(0, 0), (0, 1), (1, 0), (1, 1)}


def test_random_area_is_fast(components: Components) -> None:
    """A generous bound that still catches a search gone astray (typical areas take well under 1 ms)."""
    start = time.perf_counter()
    for seed in range(200):
        random_area(components, 4, Rng(seed))
        random_area(components, 3, Rng(seed))
    assert time.perf_counter() - start < 4.0

"""Setting up a game of Burano (rulebook: 3. SETUP and Setup - Player).

The board setup is checked for every player count: dock houses, lace workshops, merchant ships, the
fountain cube, the action board, the roof, building and fish supplies. The player setup follows: the
schedule ring and its workers, the lettered worker and the boat, the privilege and moves tracks, coins,
the cube reserve and the roof tile choice in seat order from the start player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest

from laguna.core.errors import IllegalAction, NotationError
from laguna.games.burano import Phase
from laguna.games.burano.actions import ChooseRoofs
from laguna.games.burano.components import COLOURS, Colour, RoofKind, Square
from laguna.games.burano.workshop_area import WorkshopArea, first_game_area
from tests.games.burano.scenario import act, choose_roofs, legal, new

PLAYERS = (2, 3, 4)
SEEDS = (0, 1, 7)
LETTERS = "ABCD"


def letter_of(state_start: int, seat: int, players: int) -> str:
    """Setup - Player 4: the start player is first (A), then clockwise B, C, D."""
    return LETTERS[(seat - state_start) % players]


# --------------------------------------------------------------------------- the board


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_eighteen_dock_houses_three_per_colour_and_three_per_island(players: int, seed: int) -> None:
    """3. SETUP, step 2: "Randomly place the 18 dock houses face up to each square on the neighboring
    islands" (18 dock houses, 3 of each action colour; three squares on each of six islands)."""
    state = new(players, seed)
    assert sorted(state.docks) == ["A", "B", "C", "D", "E", "F"]
    assert all(len(houses) == 3 for houses in state.docks.values())
    total = Counter(colour for houses in state.docks.values() for colour in houses)
    assert total == Counter({colour: 3 for colour in COLOURS})


def test_dock_houses_are_placed_at_random() -> None:
    """3. SETUP, step 2: the dock houses are placed *randomly*, so seeds give different islands."""
    layouts = {tuple(tuple(houses) for houses in new(3, seed).docks.values()) for seed in range(6)}
    assert len(layouts) > 1


def _assert_valid_area(area: WorkshopArea, size: int, blanks: int) -> None:
    """The three assembly restrictions: inside the grid, no overlap, the stated number of blanks."""
    assert len(area.workshops) == 6
    assert {w.size for w in area.workshops} == {size}
    assert {w.colour for w in area.workshops} == set(COLOURS)
    for square in area.squares:
        assert 0 <= square[0] < area.rows and 0 <= square[1] < area.columns
    per_workshop = Counter(area.squares.values())
    assert per_workshop == Counter({index: size for index in range(6)})  # a dict: no square covered twice
    assert area.rows * area.columns - len(area.squares) == blanks
    for square, index in area.squares.items():
        assert area.colours[square] is area.workshops[index].colour


@pytest.mark.parametrize(("players", "size", "blanks"), [(2, 3, 10), (3, 3, 10), (4, 4, 4)])
def test_workshop_area_first_game_layout(players: int, size: int, blanks: int) -> None:
    """3. SETUP, step 3: "Pick 6 lace workshops with 4 squares and assemble them together into the
    workshop area" (3-square workshops in a 2- or 3-player game), laid out as the first-play layout,
    leaving 4 blanks (10 blanks in a 2- and 3-player game)."""
    state = new(players, 0)
    _assert_valid_area(state.area, size, blanks)
    for index, workshop in enumerate(state.area.workshops):
        assert state.area.squares_of(index) == tuple(sorted(workshop.squares))
        assert {s for s in state.area.coins if state.area.squares[s] == index} == set(workshop.coins)


def _shape(squares: Iterable[Square], coins: Iterable[Square]) -> tuple[frozenset[Square], frozenset[Square]]:
    cells = list(squares)
    anchor = (min(r for r, _ in cells), min(c for _, c in cells))
    return (
        frozenset((r - anchor[0], c - anchor[1]) for r, c in cells),
        frozenset((r - anchor[0], c - anchor[1]) for r, c in coins),
    )


def _quarter_turns(
    squares: Iterable[Square], coins: Iterable[Square]
) -> set[tuple[frozenset[Square], frozenset[Square]]]:
    cells, marks = list(squares), list(coins)
    turns = set()
    for _ in range(4):
        turns.add(_shape(cells, marks))
        cells = [(c, -r) for r, c in cells]
        marks = [(c, -r) for r, c in marks]
    return turns


@pytest.mark.parametrize(("players", "size", "blanks"), [(2, 3, 10), (3, 3, 10), (4, 4, 4)])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_workshops_give_a_valid_different_layout(players: int, size: int, blanks: int, seed: int) -> None:
    """3. SETUP, step 3, experienced players: the workshops "can't be placed outside the grid lines",
    "may not be overlapped", and 4 blanks remain (10 in a 2- and 3-player game). A tile keeps its
    shape and coins (turned, never mirrored); the layout differs from the first-play one."""
    state = new(players, seed, random_workshops=True)
    area = state.area
    _assert_valid_area(area, size, blanks)
    for index, workshop in enumerate(area.workshops):
        placed = _shape(area.squares_of(index), (s for s in area.coins if area.squares[s] == index))
        assert placed in _quarter_turns(workshop.squares, workshop.coins), workshop.name
    first = first_game_area(state.components, players)
    assert dict(area.squares) != dict(first.squares)
    # Same seed, same assembly.
    assert dict(new(players, seed, random_workshops=True).area.squares) == dict(area.squares)


@pytest.mark.parametrize("players", PLAYERS)
def test_two_merchant_ships_in_each_port(players: int) -> None:
    """3. SETUP, step 4: "Randomly place 2 merchant ships on both ports of the main island"."""
    state = new(players, 3)
    assert sorted(state.ports) == ["left", "right"]
    assert [len(ships) for ships in state.ports.values()] == [2, 2]
    placed = [ship for ships in state.ports.values() for ship in ships]
    assert sorted(placed) == sorted(ship.name for ship in state.components.ships)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_one_supply_cube_on_the_fountain_pit_and_the_supply_counts(players: int, seed: int) -> None:
    """3. SETUP, step 14 and Setup - Player 5: the 120 cubes (20 per colour) form the cube supply;
    one random cube goes into the vacancy below the fountain, and each player takes 3 cubes of each
    colour from the supply, so the supply holds 120 minus what is out."""
    state = new(players, seed)
    fountain = state.components.main_island.fountain
    assert list(state.stacks) == [fountain]
    stack = state.stacks[fountain]
    assert len(stack.cubes) == 1 and stack.roofs == ()
    (cube,) = stack.cubes
    out = Counter({colour: 3 * players for colour in COLOURS}) + Counter([cube])
    assert state.supply == Counter({colour: 20 for colour in COLOURS}) - out
    assert state.supply.total() == 120 - 1 - 18 * players
    view = state.view(None)
    assert view["main_island"]["houses"] == {"d1": {"cubes": [cube.value], "roofs": []}}


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_action_board_two_markers_per_action(players: int, seed: int) -> None:
    """3. SETUP, step 10: "Randomly place 2 action color markers face up in each of the 3 action
    spaces"; the six markers cover the six colours, and a cube's colour gives the action it lies in."""
    state = new(players, seed)
    board = state.view(None)["action_board"]
    assert list(board) == ["fishing", "lace making", "earning"]
    assert all(len(markers) == 2 for markers in board.values())
    assert sorted(c for markers in board.values() for c in markers) == sorted(c.value for c in COLOURS)
    for space, markers in board.items():
        for colour in markers:
            assert state.action_of(Colour(colour)).value == space


def test_action_markers_are_placed_at_random() -> None:
    """3. SETUP, step 10: the markers are placed randomly: different seeds give different boards."""
    boards = {tuple(new(2, seed).markers) for seed in range(8)}
    assert len(boards) > 1


@pytest.mark.parametrize("players", PLAYERS)
def test_roof_stacks_building_and_fish_supplies(players: int) -> None:
    """3. SETUP, steps 7, 11, 12: four roof stacks of 12 tiles sorted by kind; 16 building cards
    shuffled with the top 4 face up as the building supply; 48 fish cards shuffled with the top 3
    face up as the fish supply."""
    state = new(players, 5)
    assert {kind: len(stack) for kind, stack in state.roof_stacks.items()} == {kind: 12 for kind in RoofKind}
    for kind, stack in state.roof_stacks.items():
        assert all(tile.kind is kind for tile in stack)
    assert len(state.building_supply) == 4 and len(state.building_deck) == 12
    every_card = sorted(card.id for card in state.components.building_cards)
    assert sorted(state.building_supply + state.building_deck) == every_card
    assert len(state.fish_supply) == 3 and len(state.fish_deck) == 45
    fish = Counter(state.fish_supply + state.fish_deck)
    assert fish == Counter({kind: 6 for kind in state.components.fish_kinds})
    view = state.view(None)
    assert view["building_deck"] == 12 and view["fish_deck"] == 45
    assert view["roof_stacks"] == {kind.value: 12 for kind in RoofKind}


# --------------------------------------------------------------------------- each player


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_schedule_ring_of_the_four_pieces_with_nine_workers(players: int, seed: int) -> None:
    """Setup - Player 2–4: the four schedule ring pieces are patched together in a random order (12
    houses); workers go on every house symbol, then the 3 workers on the piece labelled with the
    player's letter (A for the start player, then clockwise) leave, and the time wheel's three arrows
    point at those empty houses: 9 workers stay on the ring."""
    state = new(players, seed)
    pieces = {piece.letter: piece.houses for piece in state.components.ring_pieces}
    for seat, player in enumerate(state.boards):
        ring = player.ring
        assert len(ring.houses) == 12
        triples = [ring.houses[3 * k : 3 * k + 3] for k in range(4)]
        assert sorted(triples, key=str) == sorted(pieces.values(), key=str)
        letter = letter_of(state.start_player, seat, players)
        assert ring.houses[ring.arrows : ring.arrows + 3] == pieces[letter]
        assert ring.arrow_colours() == tuple(house.colour for house in pieces[letter])
        assert ring.workers == 9
        covered = Counter(ring.covered())
        assert covered == Counter(ring.houses) - Counter(pieces[letter])


def test_ring_pieces_are_patched_in_random_order() -> None:
    """Setup - Player 2: the pieces are patched together "randomly ... in any order"."""
    orders = {new(4, seed).boards[seat].ring.houses for seed in range(4) for seat in range(4)}
    assert len(orders) > 1


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_lettered_worker_boat_privilege_moves_coins_and_cubes(players: int, seed: int) -> None:
    """Setup - Player 3–8: of the three lettered workers, one goes onto the neighbouring island of the
    player's letter, one onto space 1 of the privilege track, one onto space 1 of the moves track
    (no move made yet); each player takes 18 cubes (3 of each colour), 3 coins, and puts the fishing
    boat at the island where their worker is."""
    state = new(players, seed)
    assert state.phase is Phase.ROOFS
    for seat, player in enumerate(state.boards):
        letter = letter_of(state.start_player, seat, players)
        on_islands = {island: counts[seat] for island, counts in state.island_workers.items() if counts[seat]}
        assert on_islands == {letter: 1}
        assert player.boat == letter
        assert player.privilege == 1
        assert player.moves == 0
        assert player.coins == 3
        assert player.reserve == Counter({colour: 3 for colour in COLOURS})
        assert player.roofs == [] and player.preparation == [] and player.cards == []
        assert player.hand_size() == 0 and player.score() == 0
        seen = state.view(seat)["seats"][seat]
        assert seen["letter"] == letter and seen["privilege"] == 1 and seen["moves"] == 0


@pytest.mark.parametrize("players", PLAYERS)
def test_start_player_is_drawn_at_random(players: int) -> None:
    """Setup - Player 4: the start player is determined randomly (decision 22): over some seeds,
    every seat starts at least once."""
    assert {new(players, seed).start_player for seed in range(40)} == set(range(players))


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_roof_choice_in_seat_order_from_the_start_player(players: int, seed: int) -> None:
    """Setup - Player 6: "In clockwise order beginning with the starting player, all players select 3
    different types of roof tiles": each player has the 4 ways to pick three of the four kinds, and
    takes the top tile of each chosen stack."""
    state = new(players, seed)
    order = []
    taken: Counter[RoofKind] = Counter()
    while state.phase is Phase.ROOFS:
        (seat,) = state.to_act()
        order.append(seat)
        assert legal(state, seat) == [
            "roofs islands workshops fountains",
            "roofs islands workshops 4vp",
            "roofs islands fountains 4vp",
            "roofs workshops fountains 4vp",
        ]
        for other in range(players):
            if other != seat:
                assert state.legal_actions(other) == ()
        choice = state.legal_actions(seat)[len(order) % 4]
        assert isinstance(choice, ChooseRoofs)
        tops = [state.roof_stacks[kind][-1] for kind in choice.kinds]
        state.apply(seat, choice)
        assert state.boards[seat].roofs == tops
        assert len({tile.kind for tile in state.boards[seat].roofs}) == 3
        taken.update(choice.kinds)
    assert order == [(state.start_player + k) % players for k in range(players)]
    assert {kind: len(stack) for kind, stack in state.roof_stacks.items()} == {
        kind: 12 - taken[kind] for kind in RoofKind
    }
    assert state.phase is Phase.CONSTRUCTION


def test_roof_choice_refuses_a_repeated_kind_and_other_seats() -> None:
    """Setup - Player 6: the three tiles are of *different* types, and the players choose one after
    another: a seat whose turn it is not cannot choose yet."""
    state = new(3, 2)
    start = state.start_player
    with pytest.raises(NotationError, match="must be of different kinds"):
        act(state, start, "roofs islands islands workshops")
    act(state.copy(), start, "roofs fountains islands workshops")  # the order of the kinds does not matter
    with pytest.raises(IllegalAction, match=f"owes no decision now \\(waiting for seat {start}\\)"):
        act(state, (start + 1) % 3, "roofs islands workshops fountains")
    with pytest.raises(IllegalAction, match="now is choose roof tiles"):
        act(state, start, "stack b1 pink")
    assert all(player.roofs == [] for player in state.boards)


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_setup_and_different_seeds_differ(players: int) -> None:
    """3. SETUP: every random element (docks, ships, fountain cube, markers, decks, rings, start player)
    comes from the seed: one seed sets up one game, another seed another."""
    one, twin, other = new(players, 11), new(players, 11), new(players, 12)
    assert one == twin
    assert one.view(None) == twin.view(None)
    assert one != other
    choose_roofs(one)
    choose_roofs(twin)
    assert one == twin

"""The Build and Income actions of Murano (rules page: The Actions — Build a Street/Glass Factory/Shop/
Palace/Special Building, and Income, with their examples and Yucata's automatic income).

San Donato is used most (its map is in scenario.py).
"""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.murano import MuranoState, Phase
from tests.games.murano import scenario

BUILD = 13
INCOME = 9


def start(space: int, seat: int = 0, players: int = 2, **options: bool) -> MuranoState:
    state = scenario.new(players, seed=5, **options)
    scenario.ready(state, space, seat)
    return state


def vp(state: MuranoState, seat: int) -> int:
    return state.boards[seat].score()


def ready_to_build(*tiles: str) -> MuranoState:
    """Seat 0 about to take the Build action with the bought `tiles` in front of it and a street on
    donato.5 to build next to."""
    state = start(BUILD)
    for tile in tiles:
        give(state, 0, tile)
    scenario.street(state, "donato.5")
    return state


def give(state: MuranoState, seat: int, tile: str) -> None:
    """Put a bought building tile in front of `seat`: factory, special, shop-<colour>, palace-<crests>."""
    board = state.boards[seat]
    if tile == "factory":
        board.factories += 1
        state.factory_stack -= 1
    elif tile == "special":
        board.specials += 1
        state.special_stack -= 1
    elif tile.startswith("shop-"):
        scenario.give_shop(state, seat, tile.removeprefix("shop-"))
    else:
        scenario.give_palace(state, seat, int(tile.removeprefix("palace-")))
    scenario.changed(state)


# --------------------------------------------------------------------------- Build: streets


def test_build_street_draws_the_top_tile_and_places_it_on_a_paved_space() -> None:
    """Build a street: draw a street tile from the face-down stack and place it on an unoccupied street
    space of your choice; it costs no gold and gives no VP, but counts towards the 3 tiles."""
    state = start(BUILD)
    top = state.street_stack[-1]
    scenario.act(state, "act 13")
    assert scenario.phase_of(state) is Phase.BUILD
    assert "street" in scenario.legal(state)
    scenario.act(state, "street")
    assert scenario.phase_of(state) is Phase.PLACE_STREET
    assert state.street == top
    paved = {sp.id for island in state.side.islands for sp in island.spaces if sp.street}
    assert {a.removeprefix("place ") for a in scenario.legal(state)} == paved, "any paved space, all empty"
    scenario.act(state, "place donato.6")
    assert state.tiles["donato.6"] == ("street", top)
    assert state.boards[0].gold == 5 and vp(state, 0) == 5
    assert state.built == 1
    assert scenario.phase_of(state) is Phase.BUILD


def test_street_only_on_a_paved_space() -> None:
    """Build: a street tile can be placed only on a paved space, not on a brown one."""
    state = start(BUILD)
    scenario.act(state, "act 13")
    scenario.act(state, "street")
    scenario.refused(state, "place donato.1", r"donato\.1 is not an empty space")
    assert "donato.1" not in state.tiles


def test_street_not_on_an_occupied_space() -> None:
    """Build: tiles go on unoccupied spaces; once placed, a tile stays there for the rest of the game."""
    state = start(BUILD)
    scenario.street(state, "donato.6", "r")
    laid = state.tiles["donato.6"]
    scenario.act(state, "act 13")
    scenario.act(state, "street")
    scenario.refused(state, "place donato.6", r"donato\.6 is not an empty space")
    assert state.tiles["donato.6"] == laid


# --------------------------------------------------------------------------- Build: buildings


def test_building_only_next_to_a_street_tile() -> None:
    """Build: a building tile can be placed only on a brown space orthogonally adjacent to a street tile."""
    state = ready_to_build("shop-red")
    scenario.act(state, "act 13")
    spaces = {a.split()[2] for a in scenario.legal(state) if a.startswith("build shop-red")}
    assert spaces == {"donato.1", "donato.4"}
    with pytest.raises(IllegalAction, match="next to a street tile"):
        scenario.act(state, "build shop-red donato.2")
    assert "donato.2" not in state.tiles


def test_building_next_to_a_street_built_in_the_same_action() -> None:
    """Build: the street next to a building may have been placed earlier or in this very action."""
    state = start(BUILD)
    give(state, 0, "factory")
    scenario.act(state, "act 13")
    assert not any(a.startswith("build") for a in scenario.legal(state)), "no street yet: nowhere to build"
    scenario.act(state, "street")
    scenario.act(state, "place mattia.14")
    assert "build factory mattia.13" in scenario.legal(state)
    assert "build factory mattia.15" in scenario.legal(state)
    scenario.act(state, "build factory mattia.15")
    assert state.tiles["mattia.15"] == ("factory", 0)


def test_building_not_on_an_occupied_space() -> None:
    """Build: a building tile goes on an unoccupied building space."""
    state = ready_to_build("palace-1")
    scenario.building(state, "donato.1", "factory", owner=1)
    scenario.act(state, "act 13")
    with pytest.raises(IllegalAction, match="empty brown space"):
        scenario.act(state, "build palace-1 donato.1")
    assert state.tiles["donato.1"] == ("factory", 1)


def test_only_bought_tiles_can_be_built() -> None:
    """Build: unlike streets, only building tiles bought on previous turns and in front of you can be built."""
    state = ready_to_build("shop-blue")
    scenario.act(state, "act 13")
    tiles = {a.split()[1] for a in scenario.legal(state) if a.startswith("build")}
    assert tiles == {"shop-blue"}
    with pytest.raises(IllegalAction, match="you have no palace-2 tile"):
        scenario.act(state, "build palace-2 donato.1")
    with pytest.raises(IllegalAction, match="you have no shop-red tile"):
        scenario.act(state, "build shop-red donato.1")


@pytest.mark.parametrize(
    ("tile", "points", "stored"),
    [
        ("factory", 1, ("factory", 0)),
        ("shop-grey", 2, ("shop", 0, "grey")),
        ("special", 0, ("special",)),
    ],
)
def test_building_vp_and_markers(tile: str, points: int, stored: tuple[object, ...]) -> None:
    """Build: a glass factory gains 1 VP and a shop 2 VP, each with the owner's marker on it; a special
    building gains no VP and takes no marker."""
    state = ready_to_build(tile)
    scenario.act(state, "act 13")
    scenario.act(state, f"build {tile} donato.4")
    assert state.tiles["donato.4"] == stored
    assert vp(state, 0) == 5 + points
    assert state.boards[0].vp["buildings"] == points
    assert state.boards[0].markers == (1 if tile != "special" else 0)


def test_palace_gives_three_vp_and_no_marker() -> None:
    """Build: when building a palace, gain 3 VP; do not put markers on palaces."""
    state = ready_to_build("palace-2")
    palace = state.boards[0].palaces[0]
    scenario.act(state, "act 13")
    scenario.act(state, "build palace-2 donato.1")
    assert state.tiles["donato.1"] == ("palace", palace), "the tile records the palace, not an owner"
    assert vp(state, 0) == 8
    assert state.boards[0].markers == 0
    assert state.boards[0].palaces == []


def test_special_building_draws_three_cards_one_kept() -> None:
    """Build a special building: draw 3 special building cards, keep one face up, return the others to the
    bottom of the stack."""
    state = ready_to_build("special")
    before = list(state.special_deck)
    scenario.act(state, "act 13")
    scenario.act(state, "build special donato.1")
    assert scenario.phase_of(state) is Phase.SPECIAL_CARD
    assert sorted(state.drawn) == sorted(before[-3:])
    assert sorted(scenario.legal(state)) == sorted(f"card {c}" for c in before[-3:])
    kept = before[-2]
    scenario.act(state, f"card {kept}")
    assert state.boards[0].special_cards == [kept]
    others = [c for c in before[-3:] if c != kept]
    assert sorted(state.special_deck[:2]) == sorted(others), "the others go to the bottom"
    assert state.special_deck[2:] == before[:-3]
    assert state.boards[0].specials == 0
    assert scenario.phase_of(state) is Phase.BUILD, "the Build action goes on after the card is chosen"


def test_special_card_only_among_those_drawn() -> None:
    """Build a special building: the card kept is one of the 3 drawn."""
    state = ready_to_build("special")
    scenario.act(state, "act 13")
    scenario.act(state, "build special donato.1")
    elsewhere = state.special_deck[0]
    with pytest.raises(IllegalAction, match=r"(?i)not among|drawn"):
        scenario.act(state, f"card {elsewhere}")
    assert state.boards[0].special_cards == []


def test_build_example_street_shop_and_palace() -> None:
    """Build, the rules' example: draw a street and build it, then place the shop and the palace in front of
    you next to it, with a marker on the shop: 5 VP (2 + 3); then the turn is over."""
    state = start(BUILD)
    give(state, 0, "shop-red")
    give(state, 0, "palace-3")
    scenario.act(state, "act 13")
    scenario.act(state, "street")
    street = state.street
    scenario.act(state, "place donato.5")
    scenario.act(state, "build shop-red donato.1")
    events = scenario.act(state, "build palace-3 donato.4")
    assert state.tiles["donato.5"] == ("street", street)
    assert state.tiles["donato.1"] == ("shop", 0, "red")
    assert state.tiles["donato.4"][0] == "palace" and len(state.tiles["donato.4"]) == 2
    assert state.boards[0].vp["buildings"] == 5
    assert vp(state, 0) == 10
    assert state.boards[0].markers == 1
    assert state.boards[0].shops == [] and state.boards[0].palaces == []
    assert any(e.kind == "build" for e in events)
    assert state.actor == 1 and scenario.phase_of(state) is Phase.TURN, "three tiles end the action and the turn"


def test_build_at_most_three_tiles() -> None:
    """Build: you may place up to 3 tiles; the action ends after the third, tiles left in front of you."""
    state = start(BUILD)
    for _ in range(4):
        give(state, 0, "factory")
    scenario.street(state, "mattia.8")
    scenario.act(state, "act 13")
    scenario.act(state, "build factory mattia.2")
    scenario.act(state, "street")
    scenario.act(state, "place mattia.9")
    assert state.built == 2
    scenario.act(state, "build factory mattia.3")
    assert state.actor == 1 and scenario.phase_of(state) is Phase.TURN
    assert state.boards[0].factories == 2
    assert sum(1 for t in state.tiles.values() if t == ("factory", 0)) == 2


def test_build_done_ends_early() -> None:
    """Build: up to 3 tiles — fewer may be placed (``done`` ends the action)."""
    state = ready_to_build("factory", "factory")
    scenario.act(state, "act 13")
    scenario.act(state, "build factory donato.1")
    assert "done" in scenario.legal(state)
    scenario.act(state, "done")
    assert state.actor == 1
    assert state.boards[0].factories == 1


def test_build_needs_a_placeable_tile() -> None:
    """Build: with no street tile left to draw and no bought building, nothing can be built."""
    state = start(BUILD)
    state.street_stack = []
    scenario.changed(state)
    with pytest.raises(IllegalAction, match="cannot carry out build"):
        scenario.act(state, "act 13")


# --------------------------------------------------------------------------- Income


def income_example(players: int = 2, **options: bool) -> MuranoState:
    """The rules' Income example on San Pietro Martire: 4 red and 2 blue customers; the grey player
    (seat 1) has a red shop and two blue shops there, the orange player (seat 0) a red shop. On San
    Donato the grey player has a blue shop with 3 blue customers."""
    state = start(INCOME, seat=1, players=players, **options)
    # San Pietro Martire:  BBB.. / SSSSB / B.BSB / .BSSS
    scenario.streets(state, {"pietro.4": "rr", "pietro.5": "r", "pietro.6": "r", "pietro.11": "bb"})
    scenario.shops(
        state, {"pietro.1": (1, "red"), "pietro.10": (1, "blue"), "pietro.12": (1, "blue"), "pietro.2": (0, "red")}
    )
    # San Donato: a smaller income for the grey player, earlier in island order.
    scenario.streets(state, {"donato.5": "b", "donato.6": "b", "donato.7": "b"})
    scenario.building(state, "donato.2", "shop", owner=1, detail="blue")
    state.boards[0].gold = 0
    state.boards[1].gold = 0
    return state


def test_income_example() -> None:
    """Income, the rules' example: the grey player gets 6 gold — 4 for the red shop and 2 for one of the
    blue shops (only one shop of each colour counts); the orange player gets nothing: not his turn."""
    state = income_example(automatic_income=False)
    assert state.income_at(1, "pietro") == 6
    scenario.act(state, "act 9")
    assert scenario.phase_of(state) is Phase.INCOME
    scenario.act(state, "income pietro")
    assert state.boards[1].gold == 6
    assert state.boards[0].gold == 0
    assert state.actor == 0


def test_income_automatic_takes_the_best_island() -> None:
    """Income: on Yucata the island that awards the most gold is chosen automatically."""
    state = income_example()
    events = scenario.act(state, "act 9")
    assert any(e.kind == "income" and "pietro" in e.text for e in events)
    assert state.boards[1].gold == 6
    assert state.boards[0].gold == 0
    assert state.actor == 0 and scenario.phase_of(state) is Phase.TURN


def test_income_automatic_tie_takes_the_first_island() -> None:
    """Income (Yucata): on a tie the island first in island order is taken."""
    state = start(INCOME)
    scenario.street(state, "stefano.5", "g")
    scenario.building(state, "stefano.1", "shop", owner=0, detail="grey")
    scenario.street(state, "mattia.7", "g")
    scenario.building(state, "mattia.1", "shop", owner=0, detail="grey")
    events = scenario.act(state, "act 9")
    assert any(e.kind == "income" and "mattia" in e.text for e in events)
    assert state.boards[0].gold == 6


def test_income_chosen_island_without_automatic_income() -> None:
    """Income: the player chooses one island (``automatic_income`` off) — even one paying less."""
    state = income_example(automatic_income=False)
    scenario.act(state, "act 9")
    assert scenario.legal(state) == [f"income {i.id}" for i in state.side.islands]
    events = scenario.act(state, "income donato")
    assert state.boards[1].gold == 3
    assert state.boards[0].gold == 0
    assert any(e.kind == "income" and "donato" in e.text for e in events)
    assert state.actor == 0


def test_income_counts_only_the_acting_players_shops() -> None:
    """Income: only the player carrying out the action receives gold, for their own shops only."""
    state = income_example(automatic_income=False)
    scenario.ready(state, INCOME, seat=0)
    scenario.act(state, "act 9")
    scenario.act(state, "income pietro")
    assert state.boards[0].gold == 4, "orange's red shop sells to the 4 red customers"
    assert state.boards[1].gold == 0


def test_income_only_one_shop_per_colour() -> None:
    """Income: choose up to 3 shops on the island, but only one shop of each colour."""
    state = start(INCOME, automatic_income=False)
    scenario.street(state, "donato.5", "rr")
    scenario.building(state, "donato.1", "shop", owner=0, detail="red")
    scenario.building(state, "donato.4", "shop", owner=0, detail="red")
    state.boards[0].gold = 0
    scenario.act(state, "act 9")
    scenario.act(state, "income donato")
    assert state.boards[0].gold == 2

"""Using a die: the five decorations and their numbers, the rulebook's plant, streetlight and chimney
examples, coin icons and paying coins to change the number (rulebook: Using a Die; Gaining & Using Coins)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from laguna.games.burano_roll_and_write import Phase, RollAndWriteState
from laguna.games.burano_roll_and_write.sheets import DieColour, Kind, load_sheets
from tests.games.burano_roll_and_write.scenario import (
    BLUE,
    MARCELLO,
    PINK,
    RED,
    YELLOW,
    circle_on_sheet,
    circles,
    die,
    layout_named,
    legal,
    new,
    play,
    refused,
    set_coins,
    set_dice,
    symbols,
)


def at_die(
    colour: DieColour,
    value: int,
    coins: int = 0,
    layout: str = MARCELLO,
    circled: Mapping[str, int | None] | None = None,
) -> RollAndWriteState:
    """A solo player on `layout` has just placed a boat beside the `colour` die showing `value`."""
    state = new(1, layout=layout)
    set_dice(state, **{colour.value: value})
    set_coins(state, 0, coins)
    if circled:
        circle_on_sheet(state, 0, circled)
    play(state, f"boat {colour.value}")
    assert state.phase is Phase.USE
    return state


def circle_texts(state: RollAndWriteState) -> list[str]:
    return [t for t in legal(state) if t.startswith("circle")]


# --------------------------------------------------------------------------- which symbols


@pytest.mark.parametrize("colour", list(DieColour), ids=lambda c: c.value)
def test_a_die_circles_only_symbols_of_its_own_building(colour: DieColour) -> None:
    """Using a die: "A player must use a die of the corresponding color to circle a symbol on a building"."""
    state = at_die(colour, 3, coins=6)
    layout = state.layouts[0]
    offered = {t.split()[1] for t in circle_texts(state)}
    assert offered
    assert all(layout.symbol(symbol_id).building is colour for symbol_id in offered)
    assert offered == {s.id for s in layout.in_building(colour) if s.id not in state.circled[0]}


def test_a_symbol_of_another_building_is_refused() -> None:
    """The red die circles a red-building symbol only."""
    state = at_die(RED, 2)
    refused(state, "circle Y1.plant 2", "red building only")
    refused(state, "circle R1.plant9 2", "no symbol")
    assert state.phase is Phase.USE
    assert state.coins(0) == 0


# --------------------------------------------------------------------------- plants


def test_plant_takes_any_number_when_its_building_has_none_written() -> None:
    """Plant: "fill in the number in the space underneath it"; with no plant written yet any number is below all."""
    state = at_die(RED, 4, coins=6)
    assert circles(state, "R1.plant") == {1, 2, 3, 4, 5, 6}
    play(state, "circle R1.plant 4")
    assert state.circled[0]["R1.plant"] == 4


def test_plant_example_two_plants_written_six_and_four_leave_one_to_four() -> None:
    """Plant example: blue building of 4 plants, 6 and 4 written: the other two take 1, 2, 3 or 4, not 5 or 6."""
    sheets = load_sheets()
    layout = next(lay for lay in sheets.layouts if len(symbols(lay, BLUE, Kind.PLANT)) == 4)
    plants = [s.id for s in symbols(layout, BLUE, Kind.PLANT)]
    state = at_die(BLUE, 6, coins=6, layout=layout.name, circled={plants[0]: 6, plants[1]: 4})
    for other in plants[2:]:
        assert circles(state, other) == {1, 2, 3, 4}
    refused(state, f"circle {plants[2]} 5", "may not be bigger")
    refused(state, f"circle {plants[3]} 6", "may not be bigger")
    play(state, f"circle {plants[2]} 4")  # 6 → 4 costs 2 coins
    assert state.circled[0][plants[2]] == 4
    assert state.spent[0] == 2


def test_plant_numbers_only_fall_within_a_building() -> None:
    """A plant's number is compared with the plants of the same building only."""
    state = at_die(RED, 6, circled={"B1.plant": 1, "Y1.plant": 2})
    assert circles(state, "R1.plant") == {6}
    state = at_die(RED, 6, circled={"R2.plant": 1})
    assert circles(state, "R1.plant") == set()
    assert circles(state, "R3.plant") == set()


# --------------------------------------------------------------------------- cats


@pytest.mark.parametrize(
    ("symbol_id", "colour", "numbers"),
    [("R1.cat", RED, {1, 2}), ("R2.cat", RED, {3, 4}), ("Y3.cat", YELLOW, {5, 6})],
)
def test_cat_floor_decides_the_number(symbol_id: str, colour: DieColour, numbers: set[int]) -> None:
    """Cat: 1st floor by 1 or 2, 2nd floor by 3 or 4, 3rd floor by 5 or 6."""
    assert layout_named(MARCELLO).symbol(symbol_id).floor == {1: 1, 3: 2, 5: 3}[min(numbers)]
    state = at_die(colour, 1, coins=6)
    assert circles(state, symbol_id) == numbers


def test_cat_on_the_wrong_floor_is_refused_with_the_rule() -> None:
    """A die of 3 circles the 2nd-floor cat, not the 1st-floor one, without coins."""
    state = at_die(RED, 3)
    assert circles(state, "R2.cat") == {3}
    assert circles(state, "R1.cat") == set()
    refused(state, "circle R1.cat 3", "cat on floor 1 is circled with a 1 or a 2")
    play(state, "circle R2.cat 3")
    assert state.circled[0]["R2.cat"] == 3


# --------------------------------------------------------------------------- curtains


def test_red_curtain_takes_odd_and_blue_curtain_even_numbers() -> None:
    """Curtain: a red curtain by 1, 3 or 5 (odd); a blue curtain by 2, 4 or 6 (even)."""
    state = at_die(RED, 3, coins=6)
    assert circles(state, "R1.red") == {1, 3, 5}
    assert circles(state, "R3.red") == {1, 3, 5}
    assert circles(state, "R2.blue") == {2, 4, 6}
    refused(state, "circle R1.red 4", "odd")
    refused(state, "circle R2.blue 3", "even")


def test_curtain_without_coins_follows_the_die() -> None:
    """With no coin to change it, an odd die circles only red curtains, an even die only blue ones."""
    odd = at_die(RED, 5)
    assert circles(odd, "R1.red") == {5}
    assert circles(odd, "R2.blue") == set()
    even = at_die(RED, 2)
    assert circles(even, "R1.red") == set()
    assert circles(even, "R2.blue") == {2}


# --------------------------------------------------------------------------- streetlights


def test_streetlight_example_red_needs_a_red_one_pink_a_pink_six() -> None:
    """Streetlight example (Viale Marcello): red streetlight labeled 1 needs a red 1; pink labeled 6 a pink 6."""
    layout = layout_named(MARCELLO)
    assert layout.symbol("R2.light").number == 1
    assert layout.symbol("P2.light").number == 6
    assert circles(at_die(RED, 1), "R2.light") == {1}
    assert circles(at_die(PINK, 6), "P2.light") == {6}
    for value in (2, 3, 4, 5, 6):
        assert circles(at_die(RED, value), "R2.light") == set()
    for value in (1, 2, 3, 4, 5):
        assert circles(at_die(PINK, value), "P2.light") == set()
    state = at_die(RED, 2, coins=6)
    assert circles(state, "R2.light") == {1}
    refused(state, "circle R2.light 2", "labeled 1")


def test_streetlight_reached_by_paying_coins() -> None:
    """A red 3 becomes the streetlight's 1 for two coins."""
    state = at_die(RED, 3, coins=2)
    play(state, "circle R2.light 1")
    assert state.circled[0]["R2.light"] == 1
    assert state.coins(0) == 0
    assert die(state, RED) == 3


# --------------------------------------------------------------------------- chimneys


def test_chimney_example_leaves_two_four_or_five() -> None:
    """Chimney example: 6 red, 3 yellow, 1 green written: the blue chimney takes 2, 4 or 5, not 1, 3 or 6."""
    state = at_die(BLUE, 4, coins=6, circled={"R3.chimney": 6, "Y3.chimney": 3, "G3.chimney": 1})
    assert circles(state, "B3.chimney") == {2, 4, 5}
    for value in (1, 3, 6):
        refused(state, f"circle B3.chimney {value}", "chimney")
    play(state, "circle B3.chimney 5")
    assert state.circled[0]["B3.chimney"] == 5
    assert state.spent[0] == 1


def test_chimney_numbers_are_compared_across_the_whole_sheet() -> None:
    """Chimney: "different from all numbers underneath other chimneys", in any building."""
    state = at_die(PINK, 2, circled={"O3.chimney": 2})
    assert circles(state, "P3.chimney") == set()
    state = at_die(PINK, 2, circled={"O3.chimney": 3})
    assert circles(state, "P3.chimney") == {2}


# --------------------------------------------------------------------------- coins


def test_circling_a_symbol_with_a_coin_icon_gains_a_coin() -> None:
    """Gaining coins: "Circling a symbol with a coin icon adjacent to it: gain 1 coin"."""
    layout = layout_named(MARCELLO)
    icon = next(s for s in layout.in_building(RED) if s.coin and s.kind is Kind.RED_CURTAIN)
    state = at_die(RED, 3)
    texts = play(state, f"circle {icon.id} 3")
    assert state.coins(0) == 1
    assert state.gained[0] == 1
    assert any("gains 1 coin" in t for t in texts)


def test_circling_a_symbol_without_a_coin_icon_gains_nothing() -> None:
    """The coin-icon example: circling a crossed-out (no icon) symbol earns no coin."""
    layout = layout_named(MARCELLO)
    plain = layout.symbol("R1.cat")
    assert not plain.coin
    state = at_die(RED, 1)
    play(state, "circle R1.cat 1")
    assert state.coins(0) == 0
    assert state.gained[0] == 0


@pytest.mark.parametrize(
    ("rolled", "symbol", "value", "coins"),
    [
        # Note 2: "The 6 could be modified to 1, and vice versa", one step for one coin.
        pytest.param(6, "R1.plant", 1, 1, id="six-into-one-for-one"),
        # The wrap works both ways: a 1 becomes a 6 for one coin.
        pytest.param(1, "R3.chimney", 6, 1, id="one-into-six-for-one"),
        # Using coins: "Pay 1 coin: modify any die value ... by 1"; each coin a step, so 2 becomes 5 for 3 coins.
        pytest.param(2, "R3.plant", 5, 3, id="two-into-five-for-three"),
    ],
)
def test_changing_a_die_costs_a_coin_a_step(rolled: int, symbol: str, value: int, coins: int) -> None:
    """Using coins: the steps between the die and the number written, the 6 and the 1 one step apart, each
    cost a coin."""
    state = at_die(RED, rolled, coins=coins)
    assert value in circles(state, symbol)
    play(state, f"circle {symbol} {value}")
    assert state.circled[0][symbol] == value
    assert state.spent[0] == coins
    assert state.coins(0) == 0


def test_a_change_is_offered_only_when_affordable() -> None:
    """Paying coins needs the coins: with 2, a 2 reaches 6, 1, 3 and 4 but not 5."""
    state = at_die(RED, 2, coins=2)
    assert circles(state, "R3.plant") == {1, 2, 3, 4, 6}
    refused(state, "circle R3.plant 5", "costs 3 coins; you have 2")
    assert state.coins(0) == 2
    assert circles(at_die(RED, 2), "R3.plant") == {2}


def test_the_die_on_the_stand_keeps_its_value() -> None:
    """Note 1: "Only modify the number you are filling in, but not the die on the stand"."""
    state = new(2, turn_player=0)
    set_dice(state, red=2)
    set_coins(state, 0, 3)
    play(state, "boat red", "circle R3.plant 5")
    assert die(state, RED) == 2
    assert state.view(None)["dice"]["red"] == 2
    play(state, "boat red")
    assert circles(state, "R3.plant") == {2}  # the next player, without coins, still sees a 2


def test_a_circled_symbol_cannot_be_circled_again() -> None:
    """A symbol is circled once; the two circled at the start count as circled."""
    state = new(1)
    set_dice(state, red=4, yellow=1)
    play(state, "boat red", "circle R1.plant 4")
    play(state, "boat yellow")
    assert "Y1.cat" in state.circled[0]
    assert circles(state, "Y1.cat") == set()
    refused(state, "circle Y1.cat 1", r"Y1\.cat is circled already")
    play(state, legal(state)[0], "coin")
    assert state.round == 2
    set_dice(state, red=4)
    play(state, "boat red")
    assert circles(state, "R1.plant") == set()
    refused(state, "circle R1.plant 4", r"R1\.plant is circled already")
    assert state.circled[0]["R1.plant"] == 4


def before_boat(colour: DieColour, value: int, coins: int = 0, circled: Mapping[str, int | None] | None = None):
    state = new(1, layout=MARCELLO)
    set_dice(state, **{colour.value: value})
    set_coins(state, 0, coins)
    if circled:
        circle_on_sheet(state, 0, circled)
    return state


def test_a_die_that_circles_nothing_takes_no_boat() -> None:
    """A boat placed beside a die uses it; when no symbol of that building can be circled (even with
    the player's coins), the boat cannot go there, and flipping it stays possible."""
    layout = layout_named(MARCELLO)
    others = {s.id: 2 for s in layout.in_building(RED) if s.kind is not Kind.STREETLIGHT}
    state = before_boat(RED, 3, circled=others)  # only the streetlight (1) is left; a 3 needs 2 coins
    assert "boat red" not in legal(state) and "flip" in legal(state)
    refused(state, "boat red", "no symbol of the red building can be circled")
    state = before_boat(RED, 3, coins=2, circled=others)
    assert "boat red" in legal(state)
    every = {s.id: 1 for s in layout.in_building(RED)}
    state = before_boat(RED, 1, coins=6, circled=every)
    assert "boat red" not in legal(state)
    play(state, "flip")
    assert state.coins(0) == 8


def test_use_phase_accepts_only_a_circle() -> None:
    """After placing the boat the player uses that die: no second boat and no flip meanwhile."""
    state = at_die(RED, 3)
    refused(state, "boat orange", "circle a symbol")
    refused(state, "flip", "circle a symbol")
    assert all(t.startswith("circle") for t in legal(state))

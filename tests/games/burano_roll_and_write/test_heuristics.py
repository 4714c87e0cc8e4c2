"""The bots' heuristic: every seat's expected final score (laguna/games/burano_roll_and_write/heuristics.py)."""

from __future__ import annotations

import math

import pytest

from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write import Phase, RollAndWriteState
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.heuristics import plant_value
from laguna.games.burano_roll_and_write.position import DICE
from tests.games.burano_roll_and_write.scenario import (
    circle_on_sheet,
    new,
    play,
    set_coins,
    set_dice,
)
from tests.games.common import play_out

RED, ORANGE, YELLOW, GREEN, BLUE, PINK = DICE


def invite(state: RollAndWriteState, seat: int, character: Character, building, floor: int | None = None) -> None:
    """Put a character in a building's space, as if invited earlier."""
    state.characters[seat][building] = (character, floor)
    state._legal = {}


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (3, 5)])
def test_once_the_game_is_over_the_estimate_is_the_final_score(players: int, seed: int) -> None:
    state = new(players, layout=None, seed=seed)
    play_out(state, seed)
    assert state.phase is Phase.OVER
    assert state.estimate() == tuple(float(r.score) for r in state.outcome().results)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_expected_score_per_seat(players: int) -> None:
    state = new(players, layout=None, seed=11)
    values = state.estimate()
    assert len(values) == players
    assert all(math.isfinite(v) for v in values)


def test_the_estimate_reads_nothing_random() -> None:
    """The same position gives the same estimate, whatever the dice still to be rolled."""
    state = new(1)
    first = state.estimate()
    assert state.estimate() == first
    twin = state.copy()
    twin.rng = Rng(4242)
    assert twin.estimate() == first


def full_house(state: RollAndWriteState) -> None:
    """Six characters invited, one under each building: nothing left to plan."""
    for character, building, floor in (
        (Character.PHOTOGRAPHER, RED, None),
        (Character.BACKPACKER, BLUE, None),
        (Character.FISHERMAN, YELLOW, 1),
        (Character.PAINTER, GREEN, 1),
        (Character.FLORIST, ORANGE, 1),
        (Character.TAILOR, PINK, None),
    ):
        invite(state, 0, character, building, floor)


def test_circled_symbols_under_an_invited_character_count() -> None:
    """The Photographer under the red building scores 4 points a cat: two circled cats beat two cats
    that the dice may or may not offer later."""
    bare = new(1)
    full_house(bare)
    cats = bare.copy()
    circle_on_sheet(cats, 0, {"R1.cat": 2, "R2.cat": 3})
    assert cats.estimate()[0] - bare.estimate()[0] > 3


def test_solo_filled_coins_bring_the_end_nearer() -> None:
    """The game ends when the filled coins meet the circled ones: with 16 of the 40 spaces filled and
    10 circled, four more filled coins cost two of the last rounds and their circles."""
    state = new(1)
    full_house(state)
    state.gained[0], state.filled[0] = 10, 16
    later = state.copy()
    later.filled[0] += 4
    assert later.estimate()[0] < state.estimate()[0] - 8


def test_a_die_that_serves_an_invited_character_is_worth_more_than_one_that_does_not() -> None:
    """With a Backpacker under the red building, a boat beside the red die (a 1: red curtain or the
    streetlight labelled 1) promises more than one beside the pink die."""
    state = new(1, turn_player=0)
    invite(state, 0, Character.BACKPACKER, RED)
    set_coins(state, 0, 0)
    set_dice(state, red=1, pink=1)
    by_red, by_pink = state.copy(), state.copy()
    play(by_red, "boat red")
    play(by_pink, "boat pink")
    assert by_red.phase is Phase.USE and by_pink.phase is Phase.USE
    assert by_red.estimate()[0] > by_pink.estimate()[0] + 2


def test_the_seat_further_ahead_is_expected_to_score_more() -> None:
    state = new(2, turn_player=0)
    invite(state, 0, Character.PHOTOGRAPHER, RED)
    invite(state, 0, Character.BACKPACKER, BLUE)
    circle_on_sheet(state, 0, {"R1.cat": 2, "R2.cat": 3, "B1.red": 1, "B2.light": 2, "B3.chimney": 4})
    mine, theirs = state.estimate()
    assert mine > theirs + 10


def test_a_low_plant_number_also_lowers_what_the_building_s_other_plants_can_bring() -> None:
    """Female Tourist under the red building: a 1 instead of a 5 loses 4 points now, and caps the
    numbers of the other red plants (no plant may carry more than the lowest number of its building)."""
    assert plant_value(6) > plant_value(3) > plant_value(1) > 0
    high, low = new(1), new(1)
    for state, number in ((high, 5), (low, 1)):
        invite(state, 0, Character.FEMALE_TOURIST, RED)
        circle_on_sheet(state, 0, {"R1.plant": number})
    assert high.estimate()[0] > low.estimate()[0] + 5

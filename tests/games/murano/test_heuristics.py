"""The bots' heuristic: every seat's expected final score (laguna/games/murano/heuristics.py), and the
sampling of hidden information it is used on (determinize).

San Donato (its map is in scenario.py) is the island used most here.
"""

from __future__ import annotations

import math

import pytest

from laguna.core.rng import Rng
from laguna.games.murano import Phase
from tests.games.common import play_out
from tests.games.murano import scenario

BUILD = 13


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_once_the_game_is_over_the_estimate_is_the_final_score(players: int, seed: int) -> None:
    state = scenario.new(players, seed)
    play_out(state, seed)
    assert state.phase is Phase.OVER
    assert state.estimate() == tuple(float(r.score) for r in state.outcome().results)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_expected_score_per_seat(players: int) -> None:
    values = scenario.new(players, 11).estimate()
    assert len(values) == players
    assert all(math.isfinite(v) and 0 < v < 200 for v in values)


def test_the_estimate_reads_nothing_random() -> None:
    """The same position gives the same estimate, whatever the order of the stacks or the generator."""
    state = scenario.new(2, 2)
    first = state.estimate()
    assert state.estimate() == first
    twin = state.copy()
    rng = Rng(9)
    for stack in (twin.street_stack, twin.shop_stack, twin.palace_stack, twin.character_deck, twin.special_deck):
        rng.shuffle(stack)
    twin.rng = Rng(12345)
    assert twin.estimate() == first


def test_victory_points_count_in_full() -> None:
    state = scenario.new(2, 0)
    ahead = state.copy()
    ahead.boards[0].vp["buildings"] += 7
    assert ahead.estimate()[0] - state.estimate()[0] == pytest.approx(7)
    assert ahead.estimate()[1] == state.estimate()[1]


def test_a_character_card_scores_where_its_owner_has_a_gondolier() -> None:
    """Character cards: a card needs a gondolier on a gondola next to the island it is scored at."""
    state = scenario.new(2, 1)
    for space in ("donato.5", "donato.6"):
        scenario.street(state, space, "r")
    scenario.building(state, "donato.1", "shop", 1, "red")
    scenario.building(state, "donato.2", "shop", 1, "red")
    scenario.give_character(state, 0, "C01")  # 4 VP per red shop: 8 VP at San Donato
    with_gondola = state.copy()
    scenario.gondolier_at(with_gondola, 0, "donato", "orange")
    elsewhere = state.copy()
    scenario.gondolier_at(elsewhere, 0, "pietro", "orange")
    assert with_gondola.estimate()[0] > elsewhere.estimate()[0] + 1
    without = state.copy()
    without.boards[0].characters = []
    assert state.estimate()[0] > without.estimate()[0] + 2, "even without a gondola yet, the card is worth something"
    # At the end the card is worth exactly what it scores where a gondolier waits (and 1 VP less for
    # the gondolier that then scores no card).
    for twin in (with_gondola, elsewhere):
        twin.triggered_by = 0
    assert with_gondola.estimate()[0] - elsewhere.estimate()[0] == pytest.approx(8 - 1)


def test_a_bought_tile_is_worth_part_of_its_building_vp_and_building_banks_the_rest() -> None:
    state = scenario.new(2, 0)
    scenario.give_palace(state, 0, 2)
    without = state.copy()
    without.boards[0].palaces = []
    assert state.estimate()[0] > without.estimate()[0] + 1
    built = state.copy()
    scenario.street(built, "donato.5")
    scenario.street(state, "donato.5")
    *kept, palace = built.boards[0].palaces
    built.boards[0].palaces = kept
    built.tiles["donato.1"] = ("palace", palace)
    built.boards[0].vp["buildings"] += 3
    scenario.changed(built)
    assert built.estimate()[0] > state.estimate()[0]


def test_choosing_the_build_action_shows_the_building_to_come() -> None:
    """A turn is a chain of decisions: choosing Build is worth the tiles it is about to place, before any
    is placed."""
    state = scenario.new(2, 0)
    scenario.street(state, "donato.5")
    scenario.give_palace(state, 0, 2)
    scenario.give_palace(state, 0, 3)
    scenario.ready(state, BUILD)
    before = state.estimate()[0]
    scenario.act(state, f"act {BUILD}")
    assert state.phase is Phase.BUILD
    chosen = state.estimate()[0]
    assert chosen > before
    scenario.act(state, "build palace-2 donato.1")
    assert state.estimate()[0] >= chosen - 0.5


def test_gold_is_worth_less_as_the_game_runs_out() -> None:
    early = scenario.new(2, 0)
    richer = early.copy()
    richer.boards[0].gold += 6
    gain_early = richer.estimate()[0] - early.estimate()[0]
    late = early.copy()
    late.factory_stack = 0
    late.shop_stack = late.shop_stack[:1]
    late_richer = late.copy()
    late_richer.boards[0].gold += 6
    gain_late = late_richer.estimate()[0] - late.estimate()[0]
    assert gain_early > gain_late >= 0


def test_determinizing_reads_only_what_the_seat_sees() -> None:
    """The stacks' order and the others' face-down tiles and cards are drawn afresh from the unseen ones,
    whatever their true order."""
    state = scenario.new(2, 7)
    twin = state.copy()
    rng = Rng(3)
    for stack in (twin.street_stack, twin.shop_stack, twin.palace_stack, twin.character_deck, twin.special_deck):
        rng.shuffle(stack)
    assert twin.view(0) == state.view(0)
    for seed in range(5):
        assert state.determinize(0, Rng(seed)) == twin.determinize(0, Rng(seed))

"""The bots' heuristic: every seat's expected final score (laguna/games/walking_in_burano/heuristics.py),
and the sampling of hidden cards it is used on (determinize)."""

from __future__ import annotations

import math

import pytest

from laguna.core.rng import Rng
from laguna.games.walking_in_burano import Phase, WalkingInBuranoState
from laguna.games.walking_in_burano.characters import Character
from tests.games.common import play_out
from tests.games.walking_in_burano.scenario import build, clear_hand, give, new, play, set_turn, visitors


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (3, 5)])
def test_once_the_game_is_over_the_estimate_is_the_final_score(players: int, seed: int) -> None:
    state = new(players, seed=seed)
    play_out(state, seed)
    assert state.phase is Phase.OVER
    assert state.estimate() == tuple(float(r.score) for r in state.outcome().results)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_expected_score_per_seat(players: int) -> None:
    state = new(players, seed=11)
    values = state.estimate()
    assert len(values) == players
    assert all(math.isfinite(v) and 0 < v < 150 for v in values)


def test_the_estimate_reads_nothing_random() -> None:
    """The same position gives the same estimate, whatever the order of the decks or the generator."""
    state = new(2, seed=2)
    play(state, "take c1 f1-3")
    first = state.estimate()
    assert state.estimate() == first
    twin = state.copy()
    rng = Rng(9)
    for deck in twin.decks:
        rng.shuffle(deck)
    twin.rng = Rng(12345)
    assert twin.decks != state.decks
    assert twin.estimate() == first


def test_a_finished_house_with_its_character_beats_the_same_cards_half_placed() -> None:
    done = new(1, seed=1)
    build(done, 0, {1: ["R1a", "R2b", "R3a"]})
    visitors(done, 0, {1: Character.GIRL})
    half = new(1, seed=1)
    build(half, 0, {1: ["R1a", "R2b", None]})
    give(half, 0, "R3a")
    assert done.estimate()[0] > half.estimate()[0]


def test_each_regulatory_bonus_token_is_worth_about_three_points() -> None:
    state = new(1, seed=1)
    build(state, 0, {1: ["R1a", "R2b", None]})
    fewer = state.copy()
    fewer.tokens[0] -= 1
    assert 2.0 <= state.estimate()[0] - fewer.estimate()[0] <= 3.0


def test_closed_windows_cost_points_in_the_solo_game() -> None:
    houses = {1: ["G1d", "G2a", None]}  # three closed windows
    penalised = new(1, seed=1)
    build(penalised, 0, houses)
    free = new(1, seed=1, closed_window_penalty=False)
    build(free, 0, houses)
    assert free.estimate()[0] - penalised.estimate()[0] >= 3


def test_late_in_the_game_a_card_in_hand_for_a_house_is_worth_a_lot() -> None:
    """Five characters left: four turns to finish five houses, so every card that fits counts."""
    holding = new(1, seed=1)
    build(holding, 0, {1: ["P1a", "P2a", None], 2: ["Y1a", "Y2a", "Y3a"], 3: ["G1a", "G2a", "G3a"]})
    visitors(holding, 0, {2: Character.WOMAN, 3: Character.MAN})
    holding.piles = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    clear_hand(holding, 0)
    empty = holding.copy()
    give(holding, 0, "P3b")
    assert holding.estimate()[0] > empty.estimate()[0] + 1


def about_to_place(house: list[str | None], card: str) -> WalkingInBuranoState:
    """A solo game with `house` built as the first house, the player to place `card`, the only card in hand."""
    state = new(1, seed=1)
    build(state, 0, {1: house})
    clear_hand(state, 0)
    give(state, 0, card)
    set_turn(state, 0, Phase.PLACE)
    return state


def test_a_card_placed_against_a_breakable_rule_costs_about_a_token() -> None:
    """P3b fits the pink house 1; in house 2, next to it, it breaks rule B (adjacent houses of one colour)."""
    state = about_to_place(["P1a", "P2a", None], "P3b")
    fits, breaks = state.copy(), state.copy()
    play(fits, "place P3b c1")
    play(breaks, "place P3b c2")
    assert breaks.tokens[0] == fits.tokens[0] - 1
    assert breaks.estimate()[0] < fits.estimate()[0] - 2


def test_a_completed_house_prefers_the_character_that_scores_most_for_it() -> None:
    """Three cats in a red house: the Girl (2 + 9) is worth more there than the Man (2 + no plants)."""
    state = about_to_place(["R1a", "R2b", None], "R3d")
    play(state, "place R3d c1")
    assert state.phase is Phase.VISIT
    after = {}
    for who in ("girl", "man"):
        twin = state.copy()
        play(twin, f"visit c1 {who}")
        after[who] = twin.estimate()[0]
    assert after["girl"] > after["man"] + 5


def test_the_seat_further_ahead_is_expected_to_score_more() -> None:
    state = new(2, seed=3)
    build(state, 0, {1: ["R1a", "R2b", "R3a"], 2: ["B1b", "B2a", "B3b"]})
    visitors(state, 0, {1: Character.GIRL, 2: Character.WOMAN})
    mine, theirs = state.estimate()
    assert mine > theirs + 10


def test_determinizing_depends_on_what_the_seat_sees_only() -> None:
    """Two positions that differ only in the order of the decks and of another player's hand give the
    same sample, so a bot's view of the game cannot leak hidden information into its search."""
    state = new(2, seed=5)
    play(state, "take c1 f1-3")
    while state.turn == state.to_act()[0] and state.phase is Phase.PLACE:
        play(state, "done")
    other = state.copy()
    seat = state.to_act()[0]
    rival = 1 - seat
    other.hands[rival].reverse()
    for deck in other.decks:
        deck.reverse()
    other.rng = Rng(777)
    assert other.view(seat) == state.view(seat)
    assert state.determinize(seat, Rng(1)) == other.determinize(seat, Rng(1))
    assert state.determinize(seat, Rng(1)) != state.determinize(seat, Rng(2))

"""Visits from characters at the end of a turn, and the two visiting examples of the rulebook."""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.walking_in_burano import Phase
from laguna.games.walking_in_burano.actions import parse_action
from laguna.games.walking_in_burano.characters import CHARACTERS, Character
from tests.games.walking_in_burano.scenario import (
    build,
    clear_hand,
    give,
    new,
    play,
    set_turn,
    texts,
    visitors,
)


def placing(players: int = 2):
    state = new(players, seed=3)
    clear_hand(state, 0)
    state.start_player = 0
    set_turn(state, 0, Phase.PLACE)
    state.coins[0] = 6
    return state


def test_visiting_example_1_incomplete_houses_get_no_character() -> None:
    """Visiting example 1: a house with a 1st-floor scaffold, or without a 3rd floor, is not complete."""
    state = placing(players=3)
    build(state, 0, {2: ["Y1a", "Y2a", None]})
    give(state, 0, "P2a", "P3a", "O1a")
    play(state, "place P3a c3", "place P2a c3", "done")
    assert state.completed[0] == 0
    assert state.visitors[0] == [None] * 5
    assert state.turn == 1


def test_visiting_example_2_each_completed_house_receives_a_character() -> None:
    """Visiting example 2: Wei-Min completes a red house (Woman) and a blue-yellow-blue house (Policeman)."""
    state = placing(players=3)
    build(state, 0, {1: ["R1a", "R2a", None], 3: ["B1a", "Y2a", None]})
    give(state, 0, "R3a", "B3a")
    play(state, "place R3a c1", "place B3a c3")
    assert state.phase is Phase.VISIT
    assert state.pending == [1, 3]
    assert all(t.startswith("visit c1 ") for t in texts(state.legal_actions(0)))
    play(state, "visit c1 woman")
    assert all(t.startswith("visit c3 ") for t in texts(state.legal_actions(0)))
    play(state, "visit c3 policeman")
    assert state.visitors[0][0] is Character.WOMAN and state.visitors[0][2] is Character.POLICEMAN
    assert state.turn == 1


def test_the_houses_are_visited_in_column_order() -> None:
    """Note 1: two houses completed in one turn each receive a character; the engine asks left to right."""
    state = placing()
    build(state, 0, {4: ["R1a", "R2a", None], 2: ["B1a", "B2a", None]})
    give(state, 0, "R3a", "B3a")
    play(state, "place R3a c4", "place B3a c2")
    assert state.pending == [2, 4]
    with pytest.raises(IllegalAction, match="house 2"):
        state.apply(0, parse_action("visit c4 woman"))


def test_an_inhabitant_visits_a_player_only_once() -> None:
    """Note 2: you cannot receive the same inhabitant twice, but the same tourist many times."""
    state = placing(players=4)
    build(state, 0, {1: ["R1a", "R2a", "R3a"], 3: ["B1a", "B2a", None], 5: ["G1a", "G2a", "G3a"]})
    visitors(state, 0, {1: Character.MAYOR, 5: Character.WOMAN})
    give(state, 0, "B3a")
    play(state, "place B3a c3")
    offered = {a.character for a in state.legal_actions(0)}
    assert Character.MAYOR not in offered
    assert Character.WOMAN in offered
    with pytest.raises(IllegalAction, match="same inhabitant twice"):
        state.apply(0, parse_action("visit c3 mayor"))


def test_character_piles_are_limited() -> None:
    """A character whose pile is empty cannot visit; taking one shrinks its pile."""
    state = placing()
    build(state, 0, {3: ["B1a", "B2a", None]})
    give(state, 0, "B3a")
    state.piles[CHARACTERS.index(Character.GIRL)] = 0
    play(state, "place B3a c3")
    assert Character.GIRL not in {a.character for a in state.legal_actions(0)}
    before = state.piles[CHARACTERS.index(Character.BOY)]
    play(state, "visit c3 boy")
    assert state.piles[CHARACTERS.index(Character.BOY)] == before - 1


def test_a_house_gets_nothing_when_no_character_can_visit() -> None:
    """When every pile the player may draw from is empty, the completed house stays without a character."""
    state = placing()
    build(state, 0, {3: ["B1a", "B2a", None]})
    give(state, 0, "B3a")
    state.piles = [0] * len(CHARACTERS)
    log = play(state, "place B3a c3")
    assert any("No character is left" in line for line in log)
    assert state.visitors[0][2] is None and state.turn == 1


def test_visits_come_at_the_end_of_the_turn() -> None:
    """Visits happen at the very end of the turn: placing may go on after a house is completed."""
    state = placing()
    build(state, 0, {3: ["B1a", "B2a", None]})
    give(state, 0, "B3a", "G1a", "O1a")
    play(state, "place B3a c3")
    assert state.phase is Phase.PLACE
    assert "place G1a c4" in texts(state.legal_actions(0))
    play(state, "place G1a c4", "done")
    assert state.phase is Phase.VISIT

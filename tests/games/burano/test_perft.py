"""Perft: legal decision-sequence counts from fixed positions (the set-up and first turns of stacked
pyramids), and the first ones derived from the rules by hand. The golden playthroughs are in
tests/games/test_golden_files.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from laguna.core.perft import perft
from laguna.games.burano import GAME
from tests.games.burano.scenario import first_turn, legal
from tests.games.common import assert_perft, perft_vectors

DATA = Path(__file__).parent / "data"
VECTORS = perft_vectors(DATA)


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{v['players']}p-seed{v['seed']}-{v['position']}")
def test_perft_counts(vector: dict) -> None:
    if vector["position"] == "setup":
        state = GAME.new_game(vector["players"], seed=vector["seed"])
    else:
        state = first_turn(vector["players"], vector["seed"], layout=vector["position"])
    assert_perft(state, vector["nodes"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_decisions_follow_from_the_rules(players: int) -> None:
    """Each player takes three different kinds of the four (4 choices), then in spring everyone
    stacks the first base slot with any of the six colours of the 18-cube reserve."""
    state = GAME.new_game(players, seed=4)
    assert perft(state, players) == 4**players
    assert perft(state, players + 1) == 4**players * 6


def test_first_turn_counts_follow_from_the_rules() -> None:
    """A complete pyramid has one free cube (the top); the first move is picking it, or spending the
    privilege point for a coin, or ending. With the top cube prepared, the four cubes of the second
    level are free, the cube can be built in the five pits around the fountain pit d1 (c1, e1, c2, d2,
    e2), the privilege point can buy a cube of any colour for the emptied top, and nothing can be
    roofed yet (one house on the island)."""
    state = first_turn(2, seed=3, layout="PPPBBBYYYGGGOO")
    seat = state.actor
    assert legal(state) == ["pick t", "privilege coin", "end"]
    child = state.copy()
    child.apply(seat, GAME.parse_action("pick t"))
    assert sorted(legal(child)) == sorted(
        ["pick m1", "pick m2", "pick m3", "pick m4", "privilege coin", "end"]
        + [f"build orange {sq}" for sq in ("c1", "e1", "c2", "d2", "e2")]
        + [f"privilege cube {colour} t" for colour in ("pink", "blue", "yellow", "green", "orange", "white")]
    )
    assert perft(state, 2) == len(legal(child)) + 2 + 3

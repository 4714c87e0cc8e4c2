"""Perft: the first decision-sequence counts derived from the rules by hand. The stored counts and the
golden playthroughs are in tests/games/test_golden_files.py."""

from __future__ import annotations

import pytest

from laguna.core.perft import perft
from laguna.games.walking_in_burano import GAME
from laguna.games.walking_in_burano.position import supply_columns


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_first_two_decisions_follow_from_the_rules(players: int) -> None:
    """Each full column offers 5 runs (f3, f2-3, f1-3, f1, f1-2). Into an empty house area a card may go
    in any of the 5 houses (scaffolds hold it up and connect it) and breaks no rule, so after taking k
    cards there are 5k placements plus `done`: per column 6 + 11 + 16 + 6 + 11 = 50."""
    state = GAME.new_game(players, seed=9)
    columns = supply_columns(players)
    assert perft(state, 1) == 5 * columns
    assert perft(state, 2) == 50 * columns

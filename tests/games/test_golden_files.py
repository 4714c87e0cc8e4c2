"""Stored counts and games every game's rules must reproduce: perft counts from new games (a game's
`data/perft.toml`) and golden playthroughs (its `data/playthrough-*.txt`).

Regenerate the golden files after an intended rules change with ``LAGUNA_REGENERATE=1`` and read the
diff before keeping it. Burano's perft positions past the set-up are tested in its own test_perft.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from laguna.core import get_game
from tests.games.common import assert_golden_playthrough, assert_perft, perft_vectors

HERE = Path(__file__).parent
PACKAGES = {
    "burano": "burano",
    "murano": "murano",
    "walking-in-burano": "walking_in_burano",
    "walking-in-burano-roll-and-write": "burano_roll_and_write",
}
"""Each game's test folder, by game id."""

VECTORS = [
    (game, vector)
    for game in ("murano", "walking-in-burano", "walking-in-burano-roll-and-write")
    for vector in perft_vectors(HERE / PACKAGES[game] / "data")
]


@pytest.mark.parametrize(
    ("game", "vector"), VECTORS, ids=lambda v: f"{v['players']}p-seed{v['seed']}" if isinstance(v, dict) else v
)
def test_perft_counts(game: str, vector: dict[str, Any]) -> None:
    state = get_game(game).new_game(vector["players"], vector.get("options"), vector["seed"])
    assert_perft(state, vector["nodes"])


PLAYTHROUGHS = [
    ("burano", 2, 7, {}),
    ("burano", 3, 5, {"random_workshops": True}),
    ("burano", 4, 2, {}),
    ("murano", 2, 7, {}),
    ("murano", 3, 5, {"automatic_income": False, "red_ship_gold": True}),
    ("murano", 4, 2, {"preliminary_character": True}),
    ("walking-in-burano", 1, 3, {}),
    ("walking-in-burano", 2, 7, {}),
    ("walking-in-burano", 3, 5, {"beginner_characters": True}),
    ("walking-in-burano", 4, 2, {"closed_window_penalty": False}),
    ("walking-in-burano-roll-and-write", 1, 3, {}),
    ("walking-in-burano-roll-and-write", 2, 7, {}),
    ("walking-in-burano-roll-and-write", 3, 5, {"shared_layout": "Viale Marcello"}),
    ("walking-in-burano-roll-and-write", 4, 2, {}),
]


@pytest.mark.parametrize(("game", "players", "seed", "options"), PLAYTHROUGHS, ids=str)
def test_playthrough_matches_the_golden_file(game: str, players: int, seed: int, options: dict[str, Any]) -> None:
    assert_golden_playthrough(HERE / PACKAGES[game] / "data", game, players, seed, options)
